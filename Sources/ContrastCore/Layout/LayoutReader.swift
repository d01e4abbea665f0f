import Yams

/// Walks a composed YAML tree into a `Layout`, collecting every problem on the
/// way instead of stopping at the first (SPEC §2.2: every error of a file is
/// reported at once). Each diagnostic names the field path
/// (`elements[2].content[0].role`), the bad value and, for names, the closest
/// valid one.
struct LayoutReader {
  let file: String
  let profile: Profile
  private var diagnostics: [Diagnostic] = []

  static let rootKeys = ["version", "layout", "title", "device", "canvas", "elements"]
  static let elementKeys = [
    "id", "material", "frame", "shape", "cornerRadius", "tint", "interactive", "modes", "content",
  ]
  static let itemKeys = [
    "id", "kind", "role", "weight", "size", "color", "frame", "minimumRatio", "text",
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
  }

  /// The diagnostics in file order (line, then column, then discovery order).
  func sortedDiagnostics() -> [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
    }.map(\.element)
  }

  // MARK: - Layout

  mutating func readLayout(_ root: Node) -> Layout? {
    // A newer version is refused before anything else: its keys are not ours to judge.
    if let node = root.mapping?["version"], isNewerVersion(node) { return nil }
    guard let fields = fields(root, path: "", allowed: Self.rootKeys, what: "a layout") else {
      return nil
    }
    readVersion(fields)

    var id: String?
    if let node = require(fields, "layout") { id = readLayoutID(node) }
    var title: String?
    if let node = fields["title"] { title = string(node, path: "title") }
    let canvas = readCanvas(fields)

    var elements: [Element] = []
    if let node = require(fields, "elements"), let list = sequence(node, path: "elements") {
      var seen: [String: Int] = [:]
      for (index, elementNode) in list.enumerated() {
        let path = "elements[\(index)]"
        checkUnique(elementNode, path: path, seen: &seen, what: "element id")
        if let element = readElement(elementNode, path: path) { elements.append(element) }
      }
    }

    guard diagnostics.isEmpty, let id, let canvas else { return nil }
    return Layout(
      id: id, title: title ?? id, device: canvas.device, canvas: canvas.canvas,
      elements: elements, file: file)
  }

  /// Whether `version` names a format newer than this build reads; if so,
  /// reports it.
  private mutating func isNewerVersion(_ node: Node) -> Bool {
    guard let s = node.scalar, Self.isPlain(s), let value = Double(s.string), value.isFinite,
      value == value.rounded(), value > Double(LayoutLoader.currentVersion)
    else { return false }
    report(
      node, path: "",
      "layout version \(Self.format(value)) is newer than this glass-audit understands"
        + " (\(LayoutLoader.currentVersion))")
    return true
  }

  /// Checks that `version` is present and is the current version.
  private mutating func readVersion(_ fields: Fields) {
    let current = LayoutLoader.currentVersion
    guard
      let node = require(fields, "version", hint: " (this glass-audit reads version \(current))"),
      let value = number(node, path: "version")
    else { return }
    if value != Double(current) {
      report(
        node, path: "version", "unsupported version \(Self.format(value)); expected \(current)")
    }
  }

  private mutating func readLayoutID(_ node: Node) -> String? {
    guard let id = string(node, path: "layout") else { return nil }
    guard Self.isKebabCase(id) else {
      let suggestion = Self.kebabCase(id)
      let hint = suggestion.isEmpty || suggestion == id ? "" : " (did you mean '\(suggestion)'?)"
      report(
        node, path: "layout",
        "'\(id)' is not a kebab-case id: use lowercase letters, digits and single hyphens\(hint)"
      )
      return nil
    }
    return id
  }

  private mutating func readCanvas(_ fields: Fields) -> (canvas: Canvas, device: String?)? {
    switch (fields["device"], fields["canvas"]) {
    case (let device?, _?):
      report(
        device, path: "device",
        "give either 'device' or 'canvas', not both")
      return nil
    case (nil, nil):
      report(
        fields.node, path: "",
        "missing 'device' (a preset such as iphone-16-pro) or 'canvas: {width, height, scale}'")
      return nil
    case (let device?, nil):
      guard let name = string(device, path: "device") else { return nil }
      guard let canvas = profile.devices[name] else {
        report(
          device, path: "device",
          "unknown device '\(name)'" + Self.choiceHint(for: name, among: profile.devices.keys))
        return nil
      }
      return (canvas, name)
    case (nil, let node?):
      guard let f = self.fields(node, path: "canvas", allowed: Self.canvasKeys, what: "a canvas")
      else { return nil }
      var values: [String: Double] = [:]
      for key in Self.canvasKeys {
        guard let v = require(f, key), let value = positive(v, path: "canvas.\(key)") else {
          continue
        }
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
        report(
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

  private mutating func readElement(_ node: Node, path: String) -> Element? {
    guard let f = fields(node, path: path, allowed: Self.elementKeys, what: "an element") else {
      return nil
    }
    let start = diagnostics.count
    var id: String?
    if let n = require(f, "id") { id = string(n, path: "\(path).id") }
    var material: String?
    if let n = require(f, "material") { material = readMaterial(n, path: "\(path).material") }
    var frame: RectInPoints?
    if let n = require(f, "frame") { frame = readFrame(n, path: "\(path).frame") }
    let shape = readShape(f, path: path)
    var tint: ColorSpec?
    if let n = f["tint"] { tint = readColor(n, path: "\(path).tint") }
    var interactive = false
    if let n = f["interactive"] { interactive = bool(n, path: "\(path).interactive") ?? false }

    var overrides: [AccessibilityMode: ModeOverride] = [:]
    if let n = f["modes"] { overrides = readModes(n, path: "\(path).modes") }

    var content: [ContentItem] = []
    if let n = f["content"], let list = sequence(n, path: "\(path).content") {
      var seen: [String: Int] = [:]
      for (index, itemNode) in list.enumerated() {
        let itemPath = "\(path).content[\(index)]"
        checkUnique(
          itemNode, path: itemPath, seen: &seen, what: "item id", scope: " in this element")
        if let item = readItem(itemNode, path: itemPath) { content.append(item) }
      }
    }

    guard diagnostics.count == start, let id, let material, let frame, let shape else {
      return nil
    }
    return Element(
      id: id, material: material, frame: frame, shape: shape, tint: tint,
      interactive: interactive, overrides: overrides, content: content, line: Self.line(of: node))
  }

  /// Reports an `id` already used by an earlier sibling (whether or not
  /// either sibling is otherwise valid).
  private mutating func checkUnique(
    _ node: Node, path: String, seen: inout [String: Int], what: String, scope: String = ""
  ) {
    guard let idNode = node.mapping?["id"], let s = idNode.scalar, !Self.isNull(s) else { return }
    if let first = seen[s.string] {
      report(
        idNode, path: "\(path).id",
        "duplicate \(what) '\(s.string)'\(scope) (already used at line \(first))")
    } else {
      seen[s.string] = Self.line(of: node)
    }
  }

  private mutating func readMaterial(_ node: Node, path: String) -> String? {
    guard let name = string(node, path: path) else { return nil }
    guard name == Self.noMaterial || profile.materials[name] != nil else {
      let names = Array(profile.materials.keys) + [Self.noMaterial]
      report(
        node, path: path, "unknown material '\(name)'" + Self.choiceHint(for: name, among: names))
      return nil
    }
    return name
  }

  private mutating func readShape(_ f: Fields, path: String) -> ElementShape? {
    var name = ShapeName.rect
    var valid = true
    if let n = f["shape"] {
      if let parsed = choice(n, path: "\(path).shape", noun: "shape", as: ShapeName.self) {
        name = parsed
      } else {
        valid = false
      }
    }
    var radius: Double?
    if let n = f["cornerRadius"] {
      let radiusPath = "\(path).cornerRadius"
      if let r = number(n, path: radiusPath) {
        if r < 0 {
          report(n, path: radiusPath, "must be 0 or more, found \(Self.format(r))")
          valid = false
        } else if valid {
          switch name {
          case .roundedRect:
            radius = r
          case .rect where r == 0:
            break
          case .rect:
            report(
              n, path: radiusPath,
              "cornerRadius \(Self.format(r)) needs 'shape: roundedRect' (the shape is rect)")
            valid = false
          case .capsule, .circle:
            report(
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
      report(
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

  private mutating func readModes(_ node: Node, path: String) -> [AccessibilityMode: ModeOverride] {
    let names = Self.overrideModes.map(\.rawValue)
    guard let f = fields(node, path: path, allowed: names, what: "a mapping of modes", noun: "mode")
    else { return [:] }
    var result: [AccessibilityMode: ModeOverride] = [:]
    for mode in Self.overrideModes {
      guard let n = f[mode.rawValue] else { continue }
      if let o = readOverride(n, path: "\(path).\(mode.rawValue)") { result[mode] = o }
    }
    return result
  }

  private mutating func readOverride(_ node: Node, path: String) -> ModeOverride? {
    guard let f = fields(node, path: path, allowed: Self.overrideKeys, what: "a mode override")
    else { return nil }
    var o = ModeOverride(line: Self.line(of: node))
    if let n = f["material"] { o.material = readMaterial(n, path: "\(path).material") }
    if let n = f["tint"] { o.tint = readColor(n, path: "\(path).tint") }
    if let n = f["border"] { o.borderInPoints = nonNegative(n, path: "\(path).border") }
    if let n = f["fill"] { o.fill = readColor(n, path: "\(path).fill") }
    return o
  }

  // MARK: - Content items

  private mutating func readItem(_ node: Node, path: String) -> ContentItem? {
    guard let f = fields(node, path: path, allowed: Self.itemKeys, what: "a content item") else {
      return nil
    }
    let start = diagnostics.count
    var id: String?
    if let n = require(f, "id") { id = string(n, path: "\(path).id") }
    var kind: ContentKind? = .text
    if let n = f["kind"] {
      kind = choice(n, path: "\(path).kind", noun: "kind", as: ContentKind.self)
    }
    func textOnly(_ key: String) -> Node? {
      guard let n = f[key] else { return nil }
      if let kind, kind != .text {
        report(
          n, path: "\(path).\(key)",
          "'\(key)' applies to text only; this item is \(kind == .icon ? "an icon" : "decorative")"
            + " (judged at 3:1 whatever its size)")
        return nil
      }
      return n
    }
    var role: String?
    if let n = textOnly("role"), let name = string(n, path: "\(path).role") {
      if profile.textRoles[name] != nil {
        role = name
      } else {
        report(
          n, path: "\(path).role",
          "unknown text role '\(name)'" + Self.choiceHint(for: name, among: profile.textRoles.keys))
      }
    } else if kind == .text {
      role = profile.defaultTextRole
    }
    var weight: FontWeight?
    if let n = textOnly("weight") {
      weight = choice(n, path: "\(path).weight", noun: "weight", as: FontWeight.self)
    }
    var size: Double?
    if let n = textOnly("size") { size = positive(n, path: "\(path).size") }
    var color: ColorSpec?
    if let n = f["color"] { color = readColor(n, path: "\(path).color") }
    var frame: RectInPoints?
    if let n = require(f, "frame") { frame = readFrame(n, path: "\(path).frame") }
    var minimumRatio: Double?
    if let n = f["minimumRatio"], let r = number(n, path: "\(path).minimumRatio") {
      if r >= 1, r <= 21 {
        minimumRatio = r
      } else {
        report(
          n, path: "\(path).minimumRatio",
          "must be a contrast ratio from 1 to 21, found \(Self.format(r))")
      }
    }
    var text: String?
    if let n = f["text"] { text = string(n, path: "\(path).text") }

    guard diagnostics.count == start, let id, let kind, let frame else { return nil }
    return ContentItem(
      id: id, kind: kind, role: role, weight: weight, sizeInPoints: size, color: color,
      frame: frame, minimumRatio: minimumRatio, text: text, line: Self.line(of: node))
  }

  // MARK: - Values

  private mutating func readFrame(_ node: Node, path: String) -> RectInPoints? {
    guard let f = fields(node, path: path, allowed: Self.frameKeys, what: "a frame") else {
      return nil
    }
    var values: [String: Double] = [:]
    for key in Self.frameKeys {
      guard let n = require(f, key) else { continue }
      let value =
        key == "width" || key == "height"
        ? positive(n, path: "\(path).\(key)") : number(n, path: "\(path).\(key)")
      values[key] = value
    }
    guard let x = values["x"], let y = values["y"], let w = values["width"],
      let h = values["height"]
    else { return nil }
    return RectInPoints(x: x, y: y, width: w, height: h)
  }

  /// A colour: a semantic name of the profile, a hex colour, or
  /// `{light: C, dark: C}` with either optional.
  private mutating func readColor(_ node: Node, path: String) -> ColorSpec? {
    if case .mapping = node {
      guard
        let f = fields(
          node, path: path, allowed: Self.appearanceKeys, what: "a colour per appearance")
      else { return nil }
      var light: String?
      var dark: String?
      var valid = true
      if let n = f["light"] {
        light = readColorText(n, path: "\(path).light")
        valid = valid && light != nil
      }
      if let n = f["dark"] {
        dark = readColorText(n, path: "\(path).dark")
        valid = valid && dark != nil
      }
      return valid ? .perAppearance(light: light, dark: dark) : nil
    }
    return readColorText(node, path: path).map(ColorSpec.same)
  }

  private mutating func readColorText(_ node: Node, path: String) -> String? {
    if let s = node.scalar, Self.isNull(s) {
      report(
        node, path: path,
        "has no value (in YAML an unquoted '#' starts a comment: write hex colours in quotes,"
          + " \"#RRGGBB\")")
      return nil
    }
    guard let text = string(node, path: path, what: "a colour") else { return nil }
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasPrefix("#") {
      do {
        _ = try RGBA(hex: trimmed)
      } catch {
        report(node, path: path, error.description)
        return nil
      }
      return trimmed
    }
    guard profile.colors[trimmed] != nil else {
      let hint = DidYouMean.hint(for: trimmed, among: profile.colors.keys)
      report(
        node, path: path,
        "unknown colour '\(text)'"
          + (hint.isEmpty
            ? " (expected a semantic colour of the profile such as 'label', or '#RRGGBB[AA]')"
            : hint))
      return nil
    }
    return trimmed
  }

  // MARK: - Typed scalars

  /// A mapping's values by key, after unknown keys have been reported.
  struct Fields {
    var node: Node
    var path: String
    var values: [String: Node]

    subscript(key: String) -> Node? { values[key] }
  }

  private mutating func fields(
    _ node: Node, path: String, allowed: [String], what: String, noun: String = "key"
  ) -> Fields? {
    guard case .mapping(let mapping) = node else {
      report(
        node, path: path,
        "expected \(what) (\(allowed.joined(separator: ", "))), found \(Self.describe(node))")
      return nil
    }
    var values: [String: Node] = [:]
    for (key, value) in mapping {
      guard case .scalar(let scalar) = key else {
        report(key, path: path, "a \(noun) must be a name, found \(Self.describe(key))")
        continue
      }
      let name = scalar.string
      guard allowed.contains(name) else {
        let hint = DidYouMean.hint(for: name, among: allowed)
        let list = " (expected \(allowed.joined(separator: ", ")))"
        report(key, path: path, "unknown \(noun) '\(name)'" + (hint.isEmpty ? list : hint))
        continue
      }
      values[name] = value
    }
    return Fields(node: node, path: path, values: values)
  }

  private mutating func require(_ f: Fields, _ key: String, hint: String = "") -> Node? {
    if let n = f[key] { return n }
    report(f.node, path: f.path, "missing required key '\(key)'\(hint)")
    return nil
  }

  private mutating func sequence(_ node: Node, path: String) -> [Node]? {
    guard case .sequence(let s) = node else {
      report(node, path: path, "expected a list, found \(Self.describe(node))")
      return nil
    }
    return Array(s)
  }

  private mutating func string(_ node: Node, path: String, what: String = "a text") -> String? {
    guard case .scalar(let s) = node, !Self.isNull(s) else {
      if let s = node.scalar, Self.isNull(s) {
        report(node, path: path, "has no value")
      } else {
        report(node, path: path, "expected \(what), found \(Self.describe(node))")
      }
      return nil
    }
    return s.string
  }

  private mutating func number(_ node: Node, path: String) -> Double? {
    if case .scalar(let s) = node, Self.isPlain(s), !Self.isNull(s),
      let v = Double(s.string.trimmingWhitespace()), v.isFinite
    {
      return v
    }
    var message = "expected a number, found \(Self.describe(node))"
    if case .scalar(let s) = node, !Self.isPlain(s), Double(s.string) != nil {
      message += " (write numbers without quotes)"
    }
    report(node, path: path, message)
    return nil
  }

  private mutating func positive(_ node: Node, path: String) -> Double? {
    guard let v = number(node, path: path) else { return nil }
    guard v > 0 else {
      report(node, path: path, "must be greater than 0, found \(Self.format(v))")
      return nil
    }
    return v
  }

  private mutating func nonNegative(_ node: Node, path: String) -> Double? {
    guard let v = number(node, path: path) else { return nil }
    guard v >= 0 else {
      report(node, path: path, "must be 0 or more, found \(Self.format(v))")
      return nil
    }
    return v
  }

  private mutating func bool(_ node: Node, path: String) -> Bool? {
    if case .scalar(let s) = node, Self.isPlain(s) {
      switch s.string.lowercased() {
      case "true": return true
      case "false": return false
      default: break
      }
    }
    report(node, path: path, "expected true or false, found \(Self.describe(node))")
    return nil
  }

  private mutating func choice<T: RawRepresentable & CaseIterable>(
    _ node: Node, path: String, noun: String, as type: T.Type
  ) -> T? where T.RawValue == String {
    guard let name = string(node, path: path) else { return nil }
    if let value = T(rawValue: name) { return value }
    report(
      node, path: path,
      "unknown \(noun) '\(name)'" + Self.choiceHint(for: name, among: T.allCases.map(\.rawValue)))
    return nil
  }

  // MARK: - Reporting

  private mutating func report(_ node: Node, path: String, _ message: String) {
    let mark = node.mark
    diagnostics.append(
      Diagnostic(
        file: file, line: mark?.line ?? 0, column: mark?.column ?? 0,
        message: path.isEmpty ? message : "\(path): \(message)"))
  }

  /// " (did you mean 'x'?)" when a name is close, else the list of choices.
  static func choiceHint(for name: String, among names: some Sequence<String>) -> String {
    let sorted = names.sorted()
    let hint = DidYouMean.hint(for: name, among: sorted)
    return hint.isEmpty ? " (expected one of \(sorted.joined(separator: ", ")))" : hint
  }

  static func line(of node: Node) -> Int { node.mark?.line ?? 0 }

  static func isPlain(_ s: Node.Scalar) -> Bool { s.style == .plain || s.style == .any }

  static func isNull(_ s: Node.Scalar) -> Bool {
    isPlain(s) && ["", "~", "null", "Null", "NULL"].contains(s.string)
  }

  /// How a value appears in a message: numbers and booleans as written, text
  /// in quotes, or what kind of node it is.
  static func describe(_ node: Node) -> String {
    switch node {
    case .scalar(let s):
      if isNull(s) { return "nothing" }
      if isPlain(s), Double(s.string) != nil { return s.string }
      if isPlain(s), ["true", "false"].contains(s.string.lowercased()) { return s.string }
      return "'\(s.string)'"
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    }
  }

  /// A number as a message shows it: integers without a decimal point, others
  /// with at most 2 decimals.
  static func format(_ value: Double) -> String {
    let r = (value * 100).rounded() / 100
    if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
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
