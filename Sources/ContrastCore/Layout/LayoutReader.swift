/// Walks a composed YAML tree into a `Layout`, collecting every problem on the
/// way instead of stopping at the first (SPEC §2.2: every error of a file is
/// reported at once). Each diagnostic names the field path
/// (`elements[2].content[0].role`), the bad value and, for names, the closest
/// valid one.
struct LayoutReader {
  let file: String
  let profile: Profile
  private var yaml: YAMLReader
  /// Where the layout's id is, once read.
  private(set) var idPlace = (line: 0, column: 0)

  static let rootKeys = ["version", "layout", "title", "device", "canvas", "targets", "elements"]
  static let elementKeys = [
    "id", "material", "frame", "shape", "cornerRadius", "tint", "fallback", "interactive", "modes",
    "content",
  ]
  static let itemKeys = [
    "id", "kind", "role", "weight", "size", "color", "frame", "minimumRatio", "grow", "fixedSize",
    "interactive", "text", "vibrant",
  ]
  static let overrideKeys = ["material", "tint", "border", "fill"]
  static let frameKeys = ["x", "y", "width", "height"]
  static let canvasKeys = ["width", "height", "scale"]

  /// A number as a person writes it: no trailing ".0".
  static func number(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
  }
  static let appearanceKeys = ["light", "dark"]
  static let overrideModes = AccessibilityMode.allCases.filter { $0 != .normal }

  /// The material name that means "no material".
  static let noMaterial = "none"

  private enum ShapeName: String, CaseIterable {
    case rect, roundedRect, capsule, circle
  }

  init(file: String, profile: Profile) {
    self.file = file
    self.profile = profile
    self.yaml = YAMLReader(file: file)
  }

  /// The diagnostics in file order (line, then column, then discovery order).
  func sortedDiagnostics() -> [Diagnostic] { yaml.sortedDiagnostics() }

  /// A number as a message shows it (see `YAMLReader.format`).
  static func format(_ value: Double) -> String { YAMLReader.format(value) }

  // MARK: - Layout

  mutating func readLayout(_ root: YAMLNode) -> Layout? {
    // A newer version is refused before anything else: its keys are not ours to judge.
    if let node = root["version"], isNewerVersion(node) { return nil }
    guard let fields = yaml.fields(root, path: "", allowed: Self.rootKeys, what: "a layout") else {
      return nil
    }
    readVersion(fields)

    var id: String?
    var idMark = fields.node.mark
    if let node = yaml.require(fields, "layout") {
      id = readLayoutID(node)
      idMark = node.mark
    }
    var title: String?
    if let node = fields["title"] {
      title = limited(node, path: "title", what: "a title", limit: LayoutLimits.maximumTitleLength)
    }
    let canvas = readCanvas(fields)
    var targets = ContrastTargets()
    if let node = fields["targets"] {
      targets = Self.readTargets(node, path: "targets", profile: profile, yaml: &yaml)
    }

    var elements: [Element] = []
    if let node = yaml.require(fields, "elements"), let list = yaml.sequence(node, path: "elements")
    {
      var seen: [String: Int] = [:]
      for (index, elementNode) in list.enumerated() {
        let path = "elements[\(index)]"
        checkUnique(elementNode, path: path, seen: &seen, what: "element id")
        if let element = readElement(elementNode, path: path) { elements.append(element) }
      }
    }

    guard yaml.diagnostics.isEmpty, let id, let canvas else { return nil }
    idPlace = (idMark.line, idMark.column)
    var layout = Layout(
      id: id, title: title ?? id, device: canvas.device, canvas: canvas.canvas,
      elements: elements, file: file)
    layout.targets = targets
    return layout
  }

  /// A design system's targets (SPEC §2.2): `{headline: 7, body: 4.5, icon:
  /// 3, decorative: 2.5}`, keys text roles of `profile`, `text`, `icon`,
  /// `decorative`; each a contrast ratio from 1 to 21. Shared with
  /// `glass-audit.yml`'s reader.
  static func readTargets(
    _ node: YAMLNode, path: String, profile: Profile, yaml: inout YAMLReader
  ) -> ContrastTargets {
    let allowed = profile.textRoles.keys.sorted() + ContrastTargets.kindKeys
    guard
      let f = yaml.fields(
        node, path: path, allowed: allowed, what: "a mapping of targets", listChoices: false)
    else { return ContrastTargets() }
    var result: [String: ContrastTargets.Target] = [:]
    for (key, n) in f.values {
      guard let r = yaml.number(n, path: "\(path).\(key)") else { continue }
      guard r >= 1, r <= 21 else {
        yaml.report(
          n, path: "\(path).\(key)",
          "must be a contrast ratio from 1 to 21, found \(YAMLReader.format(r))")
        continue
      }
      result[key] = ContrastTargets.Target(
        ratio: r, file: n.mark.file, line: n.mark.line, column: n.mark.column)
    }
    return ContrastTargets(result)
  }

  /// Whether `version` names a format newer than this build reads; if so,
  /// reports it.
  private mutating func isNewerVersion(_ node: YAMLNode) -> Bool {
    guard let s = node.scalar, s.isPlain, let value = Double(s.text), value.isFinite,
      value == value.rounded(), value > Double(LayoutLoader.currentVersion)
    else { return false }
    yaml.report(
      node, path: "",
      "layout version \(YAMLReader.format(value)) is newer than this glass-audit understands"
        + " (\(LayoutLoader.currentVersion))")
    return true
  }

  /// Checks that `version` is present and is the current version.
  private mutating func readVersion(_ fields: YAMLReader.Fields) {
    let current = LayoutLoader.currentVersion
    guard
      let node = yaml.require(
        fields, "version", hint: " (this glass-audit reads version \(current))"),
      let value = yaml.number(node, path: "version")
    else { return }
    if value != Double(current) {
      yaml.report(
        node, path: "version",
        "unsupported version \(YAMLReader.format(value)); expected \(current)")
    }
  }

  private mutating func readLayoutID(_ node: YAMLNode) -> String? {
    guard let id = limited(node, path: "layout", what: "an id", limit: LayoutLimits.maximumIDLength)
    else { return nil }
    guard Self.isKebabCase(id) else {
      let suggestion = Self.kebabCase(id)
      let hint =
        suggestion.isEmpty || suggestion == id
        ? "" : " (did you mean \(YAMLReader.quoted(suggestion))?)"
      yaml.report(
        node, path: "layout",
        "\(YAMLReader.quoted(id)) is not a kebab-case id: use lowercase letters, digits and single "
          + "hyphens\(hint)"
      )
      return nil
    }
    return id
  }

  private mutating func readCanvas(_ fields: YAMLReader.Fields) -> (
    canvas: Canvas, device: String?
  )? {
    switch (fields["device"], fields["canvas"]) {
    case (let device?, _?):
      yaml.report(
        device, path: "device",
        "give either 'device' or 'canvas', not both")
      return nil
    case (nil, nil):
      yaml.report(
        fields.node, path: "",
        "missing 'device' (a preset such as iphone-16-pro) or 'canvas: {width, height, scale}'")
      return nil
    case (let device?, nil):
      guard let name = yaml.string(device, path: "device") else { return nil }
      guard let canvas = profile.devices[name] else {
        yaml.report(
          device, path: "device",
          "unknown device \(YAMLReader.quoted(name))"
            + YAMLReader.choiceHint(for: name, among: profile.devices.keys)
        )
        return nil
      }
      return (canvas, name)
    case (nil, let node?):
      guard let f = yaml.fields(node, path: "canvas", allowed: Self.canvasKeys, what: "a canvas")
      else { return nil }
      var values: [String: Double] = [:]
      for key in Self.canvasKeys {
        guard let v = yaml.require(f, key), let value = yaml.positive(v, path: "canvas.\(key)")
        else {
          continue
        }
        if key != "scale", points(value, v, path: "canvas.\(key)") == nil { continue }
        values[key] = value
      }
      guard let w = values["width"], let h = values["height"], let s = values["scale"] else {
        return nil
      }
      let canvas = Canvas(widthInPoints: w, heightInPoints: h, scale: s)
      let (pw, ph) = (w * s, h * s)
      guard pw <= Double(Canvas.maximumSideInPixels), ph <= Double(Canvas.maximumSideInPixels),
        pw * ph <= Double(Canvas.maximumPixels), canvas.widthInPixels >= 1,
        canvas.heightInPixels >= 1
      else {
        yaml.report(
          node, path: "canvas",
          "\(Self.number(w)) x \(Self.number(h)) pt at scale \(Self.number(s)) is "
            + "\(Self.number(pw.rounded())) x \(Self.number(ph.rounded())) px; a canvas must be "
            + "1 to \(Canvas.maximumSideInPixels) px a side and at most "
            + "\(Canvas.maximumPixels) pixels")
        return nil
      }
      return (canvas, nil)
    }
  }

  // MARK: - Elements

  private mutating func readElement(_ node: YAMLNode, path: String) -> Element? {
    guard let f = yaml.fields(node, path: path, allowed: Self.elementKeys, what: "an element")
    else {
      return nil
    }
    let start = yaml.diagnostics.count
    var id: String?
    if let n = yaml.require(f, "id") {
      id = limited(n, path: "\(path).id", what: "an id", limit: LayoutLimits.maximumIDLength)
    }
    var material: String?
    if let n = yaml.require(f, "material") { material = readMaterial(n, path: "\(path).material") }
    var frame: RectInPoints?
    if let n = yaml.require(f, "frame") { frame = readFrame(n, path: "\(path).frame") }
    let shape = readShape(f, path: path)
    var tint: ColorSpec?
    if let n = f["tint"] { tint = readColor(n, path: "\(path).tint") }
    var fallback: ElementFallback?
    if let n = f["fallback"] { fallback = readFallback(n, path: "\(path).fallback") }
    var interactive = false
    if let n = f["interactive"] { interactive = yaml.bool(n, path: "\(path).interactive") ?? false }

    var overrides: [AccessibilityMode: ModeOverride] = [:]
    if let n = f["modes"] { overrides = readModes(n, path: "\(path).modes") }

    var content: [ContentItem] = []
    if let n = f["content"], let list = yaml.sequence(n, path: "\(path).content") {
      var seen: [String: Int] = [:]
      for (index, itemNode) in list.enumerated() {
        let itemPath = "\(path).content[\(index)]"
        checkUnique(
          itemNode, path: itemPath, seen: &seen, what: "item id", scope: " in this element")
        if let item = readItem(itemNode, path: itemPath, material: material) {
          content.append(item)
        }
      }
    }

    guard yaml.diagnostics.count == start, let id, let material, let frame, let shape else {
      return nil
    }
    var element = Element(
      id: id, material: material, frame: frame, shape: shape, tint: tint,
      interactive: interactive, overrides: overrides, content: content, line: node.mark.line)
    element.fallback = fallback
    return element
  }

  /// What the app draws where Liquid Glass does not exist (SPEC §3.8): a
  /// standard material of the profile, `none`, or `{fill: COLOUR}`.
  private mutating func readFallback(_ node: YAMLNode, path: String) -> ElementFallback? {
    if node.entries != nil {
      guard
        let f = yaml.fields(node, path: path, allowed: ["fill"], what: "a fallback fill"),
        let n = yaml.require(f, "fill")
      else { return nil }
      return readColor(n, path: "\(path).fill").map(ElementFallback.fill)
    }
    guard let name = yaml.string(node, path: path) else { return nil }
    if name == Self.noMaterial { return ElementFallback.none }
    let standard = profile.materials.filter { $0.value.light.kind == .standard }.keys
    guard standard.contains(name) else {
      let why =
        profile.materials[name] != nil
        ? "\(YAMLReader.quoted(name)) is Liquid Glass, which a release before it does not have"
        : "unknown material \(YAMLReader.quoted(name))"
      yaml.report(
        node, path: path,
        why + "; a fallback is a standard material, 'none' or {fill: COLOUR}"
          + YAMLReader.choiceHint(for: name, among: Array(standard) + [Self.noMaterial]))
      return nil
    }
    return .material(name)
  }

  /// Reports an `id` already used by an earlier sibling (whether or not
  /// either sibling is otherwise valid).
  private mutating func checkUnique(
    _ node: YAMLNode, path: String, seen: inout [String: Int], what: String, scope: String = ""
  ) {
    guard let idNode = node["id"], let s = idNode.scalar, !s.isNull else { return }
    if let first = seen[s.text] {
      yaml.report(
        idNode, path: "\(path).id",
        "duplicate \(what) \(YAMLReader.quoted(s.text))\(scope) (already used at line \(first))")
    } else {
      seen[s.text] = node.mark.line
    }
  }

  private mutating func readMaterial(_ node: YAMLNode, path: String) -> String? {
    guard let name = yaml.string(node, path: path) else { return nil }
    guard name == Self.noMaterial || profile.materials[name] != nil else {
      let names = Array(profile.materials.keys) + [Self.noMaterial]
      yaml.report(
        node, path: path,
        "unknown material \(YAMLReader.quoted(name))"
          + YAMLReader.choiceHint(for: name, among: names))
      return nil
    }
    return name
  }

  private mutating func readShape(_ f: YAMLReader.Fields, path: String) -> ElementShape? {
    var name = ShapeName.rect
    var valid = true
    if let n = f["shape"] {
      if let parsed = yaml.choice(n, path: "\(path).shape", noun: "shape", as: ShapeName.self) {
        name = parsed
      } else {
        valid = false
      }
    }
    var radius: Double?
    if let n = f["cornerRadius"] {
      let radiusPath = "\(path).cornerRadius"
      if let r = yaml.number(n, path: radiusPath).flatMap({ points($0, n, path: radiusPath) }) {
        if r < 0 {
          yaml.report(n, path: radiusPath, "must be 0 or more, found \(YAMLReader.format(r))")
          valid = false
        } else if valid {
          switch name {
          case .roundedRect:
            radius = r
          case .rect where r == 0:
            break
          case .rect:
            yaml.report(
              n, path: radiusPath,
              "cornerRadius \(YAMLReader.format(r)) needs 'shape: roundedRect' (the shape is rect)")
            valid = false
          case .capsule, .circle:
            yaml.report(
              n, path: radiusPath,
              "cornerRadius does not apply to a \(name.rawValue): its outline is fixed by the"
                + " frame; remove it or use 'shape: roundedRect'")
            valid = false
          }
        }
      } else {
        valid = false
      }
    } else if valid, name == .roundedRect {
      yaml.report(
        f["shape"] ?? f.node, path: "\(path).shape", "shape roundedRect needs a cornerRadius (pt)")
      valid = false
    }
    guard valid else { return nil }
    switch name {
    case .rect: return .rect
    case .roundedRect: return .roundedRect(cornerRadius: radius ?? 0)
    case .capsule: return .capsule
    case .circle: return .circle
    }
  }

  private mutating func readModes(_ node: YAMLNode, path: String) -> [AccessibilityMode:
    ModeOverride]
  {
    let names = Self.overrideModes.map(\.rawValue)
    guard
      let f = yaml.fields(
        node, path: path, allowed: names, what: "a mapping of modes", noun: "mode")
    else { return [:] }
    var result: [AccessibilityMode: ModeOverride] = [:]
    for mode in Self.overrideModes {
      guard let n = f[mode.rawValue] else { continue }
      if let o = readOverride(n, path: "\(path).\(mode.rawValue)") { result[mode] = o }
    }
    return result
  }

  private mutating func readOverride(_ node: YAMLNode, path: String) -> ModeOverride? {
    guard let f = yaml.fields(node, path: path, allowed: Self.overrideKeys, what: "a mode override")
    else { return nil }
    var o = ModeOverride(line: node.mark.line)
    if let n = f["material"] { o.material = readMaterial(n, path: "\(path).material") }
    if let n = f["tint"] { o.tint = readColor(n, path: "\(path).tint") }
    if let n = f["border"] {
      o.borderInPoints = yaml.nonNegative(n, path: "\(path).border").flatMap {
        points($0, n, path: "\(path).border")
      }
    }
    if let n = f["fill"] { o.fill = readColor(n, path: "\(path).fill") }
    return o
  }

  // MARK: - Content items

  /// One content item of an element of `material` (nil when the
  /// element's material is invalid: `vibrant` is then not judged).
  private mutating func readItem(_ node: YAMLNode, path: String, material: String?)
    -> ContentItem?
  {
    guard let f = yaml.fields(node, path: path, allowed: Self.itemKeys, what: "a content item")
    else {
      return nil
    }
    let start = yaml.diagnostics.count
    var id: String?
    if let n = yaml.require(f, "id") {
      id = limited(n, path: "\(path).id", what: "an id", limit: LayoutLimits.maximumIDLength)
    }
    var kind: ContentKind? = .text
    if let n = f["kind"] {
      kind = yaml.choice(n, path: "\(path).kind", noun: "kind", as: ContentKind.self)
    }
    func textOnly(_ key: String) -> YAMLNode? {
      guard let n = f[key] else { return nil }
      if let kind, kind != .text {
        yaml.report(
          n, path: "\(path).\(key)",
          "'\(key)' applies to text only; this item is \(kind == .icon ? "an icon" : "decorative")"
            + " (judged at 3:1 whatever its size)")
        return nil
      }
      return n
    }
    var role: String?
    if let n = textOnly("role"), let name = yaml.string(n, path: "\(path).role") {
      if profile.textRoles[name] != nil {
        role = name
      } else {
        yaml.report(
          n, path: "\(path).role",
          "unknown text role \(YAMLReader.quoted(name))"
            + YAMLReader.choiceHint(for: name, among: profile.textRoles.keys))
      }
    } else if kind == .text {
      role = profile.defaultTextRole
    }
    var weight: FontWeight?
    if let n = textOnly("weight") {
      weight = yaml.choice(n, path: "\(path).weight", noun: "weight", as: FontWeight.self)
    }
    var size: Double?
    if let n = textOnly("size"), let s = yaml.positive(n, path: "\(path).size") {
      if s <= LayoutLimits.maximumTextSizeInPoints {
        size = s
      } else {
        yaml.report(
          n, path: "\(path).size",
          "must be at most \(Self.number(LayoutLimits.maximumTextSizeInPoints)) pt, found "
            + YAMLReader.describe(n))
      }
    }
    var color: ColorSpec?
    if let n = f["color"] { color = readColor(n, path: "\(path).color") }
    var frame: RectInPoints?
    if let n = yaml.require(f, "frame") { frame = readFrame(n, path: "\(path).frame") }
    var minimumRatio: Double?
    var ratioPlace = (line: 0, column: 0)
    if let n = f["minimumRatio"], let r = yaml.number(n, path: "\(path).minimumRatio") {
      if r >= 1, r <= 21 {
        minimumRatio = r
        ratioPlace = (n.mark.line, n.mark.column)
      } else {
        yaml.report(
          n, path: "\(path).minimumRatio",
          "must be a contrast ratio from 1 to 21, found \(YAMLReader.format(r))")
      }
    }
    var grow = GrowDirection.down
    if let n = textOnly("grow"),
      let g = yaml.choice(n, path: "\(path).grow", noun: "direction", as: GrowDirection.self)
    {
      grow = g
    }
    var fixedSize = false
    if let n = textOnly("fixedSize") {
      fixedSize = yaml.bool(n, path: "\(path).fixedSize") ?? false
    }
    // A control inside the element (a play button in a player): its frame
    // is a touch target, checked like an interactive element's.
    var interactive = false
    if let n = f["interactive"] {
      interactive = yaml.bool(n, path: "\(path).interactive") ?? false
    }
    let vibrant =
      f["vibrant"].map { readVibrant($0, path: "\(path).vibrant", kind: kind, material: material) }
      ?? false
    var text: String?
    if let n = f["text"] {
      text = limited(n, path: "\(path).text", what: "a text", limit: LayoutLimits.maximumTextLength)
    }

    guard yaml.diagnostics.count == start, let id, let kind, let frame else { return nil }
    var item = ContentItem(
      id: id, kind: kind, role: role, weight: weight, sizeInPoints: size, color: color,
      frame: frame, minimumRatio: minimumRatio, text: text, line: node.mark.line)
    item.minimumRatioPlace = SourcePlace(line: ratioPlace.line, column: ratioPlace.column)
    item.grow = grow
    item.fixedSize = fixedSize
    item.interactive = interactive
    item.vibrant = vibrant
    return item
  }

  /// `vibrant: true|false` (issue 30): only a text or icon item of a glass
  /// element may be vibrant; the public measurement is of content on glass
  /// (a tab bar's items), and nothing is public of vibrancy over a standard
  /// material or the bare wallpaper.
  private mutating func readVibrant(
    _ n: YAMLNode, path: String, kind: ContentKind?, material: String?
  ) -> Bool {
    guard let vibrant = yaml.bool(n, path: path), vibrant else { return false }
    if let kind, kind == .decorative {
      yaml.report(
        n, path: path, "only a text or icon item can be vibrant; this item is decorative")
      return false
    }
    guard let material else { return false }
    guard profile.materials[material]?.light.kind == .glass else {
      let what =
        material == Self.noMaterial
        ? "no material (material: none)" : "the standard material \(YAMLReader.quoted(material))"
      yaml.report(
        n, path: path,
        "vibrant content is measured only on Liquid Glass (a tab bar's items, iOS 27); this "
          + "element has \(what), where no public data says how iOS draws it; remove 'vibrant' "
          + "or put the item on a glass material")
      return false
    }
    return true
  }

  // MARK: - Values

  /// A text of at most `limit` characters (Unicode scalars); a longer one
  /// is reported with its length, and nil returned.
  private mutating func limited(_ node: YAMLNode, path: String, what: String, limit: Int)
    -> String?
  {
    guard let s = yaml.string(node, path: path) else { return nil }
    let length = s.unicodeScalars.count
    guard length <= limit else {
      yaml.report(
        node, path: path,
        "is \(length) characters long; \(what) is at most \(limit) characters")
      return nil
    }
    return s
  }

  /// `value` when it is within `LayoutLimits.maximumPoints` of zero; else
  /// reported (as written) and nil.
  private mutating func points(_ value: Double, _ node: YAMLNode, path: String) -> Double? {
    let limit = LayoutLimits.maximumPoints
    guard abs(value) <= limit else {
      yaml.report(
        node, path: path,
        "must be from -\(Self.number(limit)) to \(Self.number(limit)) pt, found "
          + YAMLReader.describe(node))
      return nil
    }
    return value
  }

  private mutating func readFrame(_ node: YAMLNode, path: String) -> RectInPoints? {
    guard let f = yaml.fields(node, path: path, allowed: Self.frameKeys, what: "a frame") else {
      return nil
    }
    var values: [String: Double] = [:]
    for key in Self.frameKeys {
      guard let n = yaml.require(f, key) else { continue }
      let value =
        key == "width" || key == "height"
        ? yaml.positive(n, path: "\(path).\(key)") : yaml.number(n, path: "\(path).\(key)")
      values[key] = value.flatMap { points($0, n, path: "\(path).\(key)") }
    }
    guard let x = values["x"], let y = values["y"], let w = values["width"],
      let h = values["height"]
    else { return nil }
    return RectInPoints(x: x, y: y, width: w, height: h)
  }

  /// A colour: its text (a semantic name or `"#hex"`), `{color, alpha}`
  /// (the colour drawn at that alpha, exactly: a tint or fill as a fix
  /// writes it), or `{light, dark}` of either, with either optional; and
  /// optionally `increaseContrast:`, the app's own variant for the modes
  /// that increase contrast (any of those forms but this one).
  private mutating func readColor(
    _ node: YAMLNode, path: String, variants: Bool = true
  ) -> ColorSpec? {
    if let entries = node.entries {
      if entries.contains(where: { ["color", "alpha"].contains($0.name ?? "") }) {
        return readColorWithAlpha(node, path: path).map(ColorSpec.same)
      }
      let keys = Self.appearanceKeys + (variants ? ["increaseContrast"] : [])
      guard
        let f = yaml.fields(
          node, path: path, allowed: keys + ["color", "alpha"],
          what: variants
            ? "a colour per appearance (and its Increase Contrast variant) or {color, alpha}"
            : "a colour per appearance or {color, alpha}")
      else { return nil }
      var light: String?
      var dark: String?
      var valid = true
      if let n = f["light"] {
        light = readColorOrAlpha(n, path: "\(path).light")
        valid = valid && light != nil
      }
      if let n = f["dark"] {
        dark = readColorOrAlpha(n, path: "\(path).dark")
        valid = valid && dark != nil
      }
      let normal = ColorSpec.perAppearance(light: light, dark: dark)
      if let n = f["increaseContrast"] {
        guard let ic = readColor(n, path: "\(path).increaseContrast", variants: false) else {
          return nil
        }
        return valid ? .withIncreaseContrast(normal: normal, increaseContrast: ic) : nil
      }
      return valid ? normal : nil
    }
    return readColorText(node, path: path).map(ColorSpec.same)
  }

  /// One appearance's colour: its text or `{color, alpha}`.
  private mutating func readColorOrAlpha(_ node: YAMLNode, path: String) -> String? {
    node.entries != nil
      ? readColorWithAlpha(node, path: path) : readColorText(node, path: path)
  }

  /// `{color: COLOUR, alpha: A}`, A in [0, 1], as the colour's text with
  /// its alpha (``ColorText``).
  private mutating func readColorWithAlpha(_ node: YAMLNode, path: String) -> String? {
    guard
      let f = yaml.fields(
        node, path: path, allowed: ["color", "alpha"], what: "a colour with its alpha"),
      let c = yaml.require(f, "color"), let a = yaml.require(f, "alpha")
    else { return nil }
    let color = readColorText(c, path: "\(path).color")
    guard let alpha = yaml.number(a, path: "\(path).alpha") else { return nil }
    guard (0...1).contains(alpha) else {
      yaml.report(a, path: "\(path).alpha", "must be in [0, 1] (got \(JSONValue.format(alpha)))")
      return nil
    }
    return color.map { ColorText.withAlpha($0, alpha) }
  }

  private mutating func readColorText(_ node: YAMLNode, path: String) -> String? {
    if let s = node.scalar, s.isNull {
      yaml.report(
        node, path: path,
        "has no value (in YAML an unquoted '#' starts a comment: write hex colours in quotes,"
          + " \"#RRGGBB\")")
      return nil
    }
    guard let text = yaml.string(node, path: path, what: "a colour") else { return nil }
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasPrefix("#") {
      do {
        _ = try RGBA(hex: trimmed)
      } catch {
        yaml.report(node, path: path, error.description)
        return nil
      }
      return trimmed
    }
    guard profile.colors[trimmed] != nil else {
      let hint = DidYouMean.hint(for: trimmed, among: profile.colors.keys)
      yaml.report(
        node, path: path,
        "unknown colour \(YAMLReader.quoted(text))"
          + (hint.isEmpty
            ? " (expected a semantic colour of the profile such as 'label', or '#RRGGBB[AA]')"
            : hint))
      return nil
    }
    return trimmed
  }

  static func isKebabCase(_ s: String) -> Bool {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    return !s.isEmpty
      && parts.allSatisfy { part in
        !part.isEmpty
          && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      }
  }

  /// The kebab-case form of a name (`CountdownList`, `countdown_list` ->
  /// `countdown-list`), for a suggestion.
  static func kebabCase(_ s: String) -> String {
    var out = ""
    var previousWasLower = false
    for scalar in s.unicodeScalars {
      let isUpper = ("A"..."Z").contains(scalar)
      let isLowerOrDigit = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
      if isUpper {
        if previousWasLower { out += "-" }
        out += String(scalar).lowercased()
        previousWasLower = false
      } else if isLowerOrDigit {
        out.unicodeScalars.append(scalar)
        previousWasLower = true
      } else {
        if !out.isEmpty, !out.hasSuffix("-") { out += "-" }
        previousWasLower = false
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out
  }
}
