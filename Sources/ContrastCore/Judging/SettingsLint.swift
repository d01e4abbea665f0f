/// Findings that depend on the run's profiles and settings rather than on a
/// wallpaper (SPEC §3.8): glass elements without a fallback under a release
/// before Liquid Glass, text that outgrows its element at a larger text
/// size, and targets below WCAG's threshold. Computed once per run (every
/// shard computes the same, and a merge keeps one of each).
public enum SettingsLint {
  public static func findings(
    layouts: [Layout], profiles: [Profile], settings: AuditSettings,
    targets: ContrastTargets = ContrastTargets()
  ) -> [Finding] {
    var out: [Finding] = []
    for layout in layouts {
      out += noFallback(layout, profiles: profiles)
      guard let profile = profiles.first else { continue }
      let layoutTargets = targets.overlaid(with: layout.targets)
      for element in layout.elements {
        for item in element.content {
          if let f = clipped(
            item, in: element, layout: layout, profile: profile, settings: settings)
          {
            out.append(f)
          }
          if let f = belowWCAG(
            item, in: element, layout: layout, profile: profile, settings: settings,
            targets: layoutTargets)
          {
            out.append(f)
          }
        }
      }
    }
    return out
  }

  /// One finding per element and profile whose material the profile lacks
  /// (in any mode) while the element declares no fallback.
  static func noFallback(_ layout: Layout, profiles: [Profile]) -> [Finding] {
    var out: [Finding] = []
    for profile in profiles {
      for element in layout.elements where element.fallback == nil {
        let names = [element.material] + element.overrides.values.compactMap(\.material)
        guard
          let missing = names.first(where: { $0 != "none" && profile.materials[$0] == nil })
        else { continue }
        out.append(
          Finding(
            rule: .noFallback, layout: layout.id, element: element.id,
            message:
              "Element '\(element.id)' is \(missing), which profile '\(profile.name)' does not "
              + "have (a release before Liquid Glass), and it declares no fallback: its items get "
              + "no result under '\(profile.name)' (except in modes where the app draws a fill of "
              + "its own). Add `fallback:` (a standard material such as "
              + "ultraThin, none, or {fill: COLOUR}).",
            file: layout.file, line: element.line))
      }
    }
    return out
  }

  /// The first text size of the run at which `item` leaves its element's
  /// shape or the canvas, when it fits at `large`.
  static func clipped(
    _ item: ContentItem, in element: Element, layout: Layout, profile: Profile,
    settings: AuditSettings
  ) -> Finding? {
    guard item.kind == .text, fits(item.frame, in: element, layout: layout) else { return nil }
    for size in settings.textSizes {
      let scale = profile.textScale(of: item, at: size)
      let grown = item.frame(scaledBy: scale)
      guard !fits(grown, in: element, layout: layout) else { continue }
      let whereItGoes =
        LayoutLint.outsideMessage(item: grown, element: element) == nil
        ? "runs off the canvas" : "reaches outside its element"
      return Finding(
        rule: .clippedText, layout: layout.id, element: element.id, item: item.id,
        message:
          "Item '\(item.id)' of element '\(element.id)' \(whereItGoes) from text size "
          + "\(size.rawValue): its frame grows \(item.grow.rawValue) from "
          + "\(f(item.frame.height)) to \(f(grown.height)) pt there "
          + "(x\(f(scale)) the size at large). It is judged on the pixels it covers.",
        file: layout.file, line: item.line)
    }
    return nil
  }

  /// Whether `frame` (relative to `element`) lies inside the element's
  /// shape and on the canvas.
  static func fits(_ frame: RectInPoints, in element: Element, layout: Layout) -> Bool {
    let absolute = frame.offsetBy(dx: element.frame.x, dy: element.frame.y)
    let tolerance = 1e-9
    return LayoutLint.outsideMessage(item: frame, element: element) == nil
      && absolute.x >= -tolerance && absolute.y >= -tolerance
      && absolute.maxX <= layout.canvas.widthInPoints + tolerance
      && absolute.maxY <= layout.canvas.heightInPoints + tolerance
  }

  /// A warning when the item's target (its own `minimumRatio`, else the
  /// targets') is below WCAG's threshold at any text setting of the run;
  /// WCAG's threshold stands there. Decorative items have no WCAG floor:
  /// their target is their warning line.
  static func belowWCAG(
    _ item: ContentItem, in element: Element, layout: Layout, profile: Profile,
    settings: AuditSettings, targets: ContrastTargets
  ) -> Finding? {
    guard item.kind != .decorative else { return nil }
    var worst: (wcag: Double, target: ContrastTargets.Target, at: [String], large: Bool)?
    for setting in settings.textSettingColumns {
      let r = profile.requirement(of: item, settings: settings, at: setting, targets: targets)
      guard let t = r.target, t.ratio < r.wcagThreshold else { continue }
      let label = setting.findingLabel
      if let w = worst, w.wcag >= r.wcagThreshold {
        if w.wcag == r.wcagThreshold { worst?.at.append(label) }
        continue
      }
      worst = (r.wcagThreshold, t, [label], r.largeText)
    }
    guard let worst else { return nil }
    let file = worst.target.file.isEmpty ? layout.file : worst.target.file
    let what = item.kind == .icon ? "an icon" : (worst.large ? "large text" : "text")
    let at =
      settings.sweepsTextSettings ? " (at \(worst.at.joined(separator: ", ")))" : ""
    return Finding(
      rule: .targetBelowWCAG, layout: layout.id, element: element.id, item: item.id,
      message:
        "\(file):\(worst.target.line):\(worst.target.column): the target \(f(worst.target.ratio)):1 "
        + "of item '\(item.id)' of element '\(element.id)' is below WCAG \(settings.level.rawValue)'s "
        + "\(f(worst.wcag)):1 for \(what)\(at); WCAG's \(f(worst.wcag)):1 stands.",
      file: file, line: worst.target.line)
  }

  private static func f(_ value: Double) -> String { LayoutReader.format(value) }
}
