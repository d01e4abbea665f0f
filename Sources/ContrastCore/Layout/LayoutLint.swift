/// The lint checks of a valid layout (SPEC §2.2): things a designer should
/// fix that are not errors, each a `Finding` with the layout's file and the
/// line of the element or item concerned. The rules are in `Rule`'s table.
public enum LayoutLint {
  /// All findings of `layout`, in file order (by line; at one line in the
  /// order the checks run).
  ///
  /// - `content-outside-element`: an item's frame, moved by its element's
  ///   origin, is not inside the element's closed shape. The shapes are
  ///   convex, so the frame is inside exactly when its four corners are; the
  ///   corner arcs are checked (radius clamped to half the short side).
  /// - `glass-on-glass`: two elements whose materials start with `glass.` have
  ///   frames that overlap with positive area.
  /// - `target-size`: an interactive element or item (a control inside an
  ///   element) narrower or shorter than `profile.minimumTargetInPoints`.
  /// - `tint-on-none`: a tint on `material: none`, on the element or in a mode
  ///   override whose material is `none` and that gives no `fill` (a fill is
  ///   drawn with the override's tint over it, SPEC §3.3).
  /// - `no-color`: an item without a colour in light or dark appearance.
  /// - `no-pixels`: an item whose frame holds no pixel centre
  ///   (`LayoutGeometry.pixelRange`), or whose pixels all lie off the canvas.
  public static func findings(for layout: Layout, profile: Profile) -> [Finding] {
    var out: [Finding] = []
    func add(_ rule: Rule, _ element: Element, _ item: ContentItem?, line: Int, _ message: String) {
      out.append(
        Finding(
          rule: rule, layout: layout.id, element: element.id, item: item?.id, message: message,
          file: layout.file, line: line))
    }

    for element in layout.elements {
      let name = "Element '\(element.id)'"
      let minimum = profile.minimumTargetInPoints
      if element.interactive, element.frame.width < minimum || element.frame.height < minimum {
        add(
          .targetSize, element, nil, line: element.line,
          "\(name) is interactive but only \(size(element.frame)) pt; a touch target should be"
            + " at least \(f(minimum)) x \(f(minimum)) pt.")
      }
      if element.material == LayoutReader.noMaterial, element.tint != nil {
        add(
          .tintOnNone, element, nil, line: element.line,
          "\(name) has a tint but material none: there is no material to tint, so the tint is"
            + " ignored.")
      }
      for mode in AccessibilityMode.allCases {
        // With a fill the app draws the fill and the tint over it (SPEC §3.3): not ignored.
        guard let o = element.overrides[mode], o.tint != nil, o.fill == nil else { continue }
        if (o.material ?? element.material) == LayoutReader.noMaterial {
          add(
            .tintOnNone, element, nil, line: o.line ?? element.line,
            "\(name) sets a tint for \(mode.rawValue) on material none: there is no material to"
              + " tint, so the tint is ignored.")
        }
      }
      for item in element.content {
        out += itemFindings(item, in: element, layout: layout, minimumTarget: minimum)
      }
    }
    out += glassOnGlass(layout)
    return out.enumerated().sorted { a, b in
      (a.element.line ?? 0, a.offset) < (b.element.line ?? 0, b.offset)
    }.map(\.element)
  }

  private static func itemFindings(
    _ item: ContentItem, in element: Element, layout: Layout, minimumTarget minimum: Double
  ) -> [Finding] {
    var out: [Finding] = []
    func add(_ rule: Rule, _ message: String) {
      out.append(
        Finding(
          rule: rule, layout: layout.id, element: element.id, item: item.id, message: message,
          file: layout.file, line: item.line))
    }
    let name = "Item '\(item.id)' of element '\(element.id)'"
    let absolute = item.frame.offsetBy(dx: element.frame.x, dy: element.frame.y)

    if let message = outsideMessage(item: item.frame, element: element) {
      add(.contentOutsideElement, "\(name) \(message)")
    }
    if item.interactive, item.frame.width < minimum || item.frame.height < minimum {
      add(
        .targetSize,
        "\(name) is interactive but only \(size(item.frame)) pt; a touch target should be"
          + " at least \(f(minimum)) x \(f(minimum)) pt.")
    }

    let missing = Appearance.allCases.filter { item.color?.text(for: $0) == nil }
    // (An Increase Contrast variant alone draws it in those modes only.)
    let onlyWhere = Appearance.allCases.contains {
      item.color?.text(for: $0, increaseContrast: true) != nil
    }
    let except = onlyWhere ? " outside the Increase Contrast modes" : ""
    if missing.count == Appearance.allCases.count {
      add(
        .noColor,
        "\(name) has no colour\(except), so it gets no contrast result"
          + "\(except.isEmpty ? "" : " there") in light or dark appearance.")
    } else if let appearance = missing.first {
      let except =
        item.color?.text(for: appearance, increaseContrast: true) != nil
        ? " outside the Increase Contrast modes" : ""
      add(
        .noColor,
        "\(name) has no \(appearance.rawValue) colour\(except), so it gets no contrast result"
          + "\(except.isEmpty ? "" : " there") in \(appearance.rawValue) appearance.")
    }

    let scale = layout.canvas.scale
    let pixels = LayoutGeometry.pixelRange(of: absolute, scale: scale)
    if pixels.x.isEmpty || pixels.y.isEmpty {
      add(
        .noPixels,
        "\(name) is too small to cover a pixel: its frame of \(size(item.frame)) pt at"
          + " \(f(absolute.x)), \(f(absolute.y)) holds no pixel centre at scale \(f(scale)), so it"
          + " gets no contrast result.")
    } else if !pixels.x.overlaps(0..<layout.canvas.widthInPixels)
      || !pixels.y.overlaps(0..<layout.canvas.heightInPixels)
    {
      add(
        .noPixels,
        "\(name) lies entirely off the \(size(layout.canvas)) pt canvas (at \(f(absolute.x)),"
          + " \(f(absolute.y))), so it gets no contrast result.")
    }
    return out
  }

  /// Why the item's frame (relative to the element) is not inside the
  /// element's shape, or nil when it is.
  static func outsideMessage(item: RectInPoints, element: Element) -> String? {
    let local = RectInPoints(
      x: 0, y: 0, width: element.frame.width, height: element.frame.height)
    let tolerance = 1e-9
    var sides: [String] = []
    if item.x < -tolerance { sides.append("\(f(-item.x)) pt past the left edge") }
    if item.maxX > local.maxX + tolerance {
      sides.append("\(f(item.maxX - local.maxX)) pt past the right edge")
    }
    if item.y < -tolerance { sides.append("\(f(-item.y)) pt past the top edge") }
    if item.maxY > local.maxY + tolerance {
      sides.append("\(f(item.maxY - local.maxY)) pt past the bottom edge")
    }
    let consequence =
      " Its pixels outside the element see the bare wallpaper, and pixels off the canvas are"
      + " dropped."
    if !sides.isEmpty {
      return "reaches outside its element's \(size(element.frame)) pt frame: it runs "
        + list(sides) + "." + consequence
    }
    let corners = [
      ("top-left", item.x, item.y), ("top-right", item.maxX, item.y),
      ("bottom-left", item.x, item.maxY), ("bottom-right", item.maxX, item.maxY),
    ]
    let outside = corners.filter {
      !element.shape.containsClosed(pointInPoints: $0.1, y: $0.2, frame: local)
    }
    guard !outside.isEmpty else { return nil }
    let radius = element.shape.cornerRadius(in: local)
    let outline: String
    switch element.shape {
    case .circle: outline = "circle (diameter \(f(2 * radius)) pt)"
    case .capsule: outline = "capsule (corner radius \(f(radius)) pt)"
    default: outline = "rounded corners (radius \(f(radius)) pt)"
    }
    let names = list(outside.map(\.0))
    return "reaches outside its element's \(outline): the \(names) corner"
      + (outside.count > 1 ? "s" : "") + " of its frame lie" + (outside.count > 1 ? "" : "s")
      + " outside the outline." + consequence
  }

  private static func glassOnGlass(_ layout: Layout) -> [Finding] {
    let glass = layout.elements.filter { $0.material.hasPrefix("glass.") }
    var out: [Finding] = []
    for (i, a) in glass.enumerated() {
      for b in glass[(i + 1)...] {
        let x0 = max(a.frame.x, b.frame.x)
        let x1 = min(a.frame.maxX, b.frame.maxX)
        let y0 = max(a.frame.y, b.frame.y)
        let y1 = min(a.frame.maxY, b.frame.maxY)
        guard x1 > x0, y1 > y0 else { continue }
        let overlap = RectInPoints(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        out.append(
          Finding(
            rule: .glassOnGlass, layout: layout.id, element: b.id,
            message:
              "Glass elements '\(a.id)' (line \(a.line)) and '\(b.id)' (line \(b.line)) overlap"
              + " by \(size(overlap)) pt at \(f(x0)), \(f(y0)). Glass must not be stacked on"
              + " glass: the audit models each element over the wallpaper only. Move them apart"
              + " or merge them into one element.",
            file: layout.file, line: b.line))
      }
    }
    return out
  }

  /// "a", "a and b", "a, b and c".
  private static func list(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
  }

  private static func f(_ value: Double) -> String { LayoutReader.format(value) }

  private static func size(_ r: RectInPoints) -> String { "\(f(r.width)) x \(f(r.height))" }

  private static func size(_ c: Canvas) -> String {
    "\(f(c.widthInPoints)) x \(f(c.heightInPoints))"
  }
}
