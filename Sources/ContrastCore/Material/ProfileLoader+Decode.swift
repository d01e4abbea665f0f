/// The admissible values of a number of the profile.
enum NumberRange {
  case any
  case nonNegative
  case positive
  case unitInterval

  /// Why `value` is out of this range, or nil when it is inside.
  func problem(with value: Double) -> String? {
    switch self {
    case .any: nil
    case .nonNegative: value >= 0 ? nil : "expected a value >= 0"
    case .positive: value > 0 ? nil : "expected a value > 0"
    case .unitInterval: (0...1).contains(value) ? nil : "expected a value in [0, 1]"
    }
  }
}

/// Turns a provenance-resolved profile tree into a `Profile`, collecting
/// every problem and the provenance of every number and colour.
struct ProfileDecoder {
  static let topLevelKeys = [
    "version", "name", "materials", "increaseContrast", "border", "defaultTintAlpha", "colors",
    "devices", "textRoles", "defaultTextRole", "largeText", "minimumTarget", "fit",
    "liquidGlass", "boldText", "vibrancy", "uncertainty",
  ]
  /// Top-level keys a profile may leave out: `liquidGlass` (default true),
  /// `boldText` (default SPEC §3.8's mapping), `version`, `fit`,
  /// `vibrancy` (none: vibrant items are drawn in their tint) and
  /// `uncertainty` (``ProfileUncertainty/unstated``).
  static let optionalTopLevelKeys = [
    "version", "fit", "liquidGlass", "boldText", "vibrancy", "uncertainty",
  ]
  static let glassKeys = [
    "blur", "blurRadius", "blurMix", "white", "black", "saturation", "lumaCap", "fill",
  ]
  static let standardKeys = [
    "blur", "blurRadius", "blurMix", "saturation", "brightness", "plateShare", "stops",
  ]
  /// The blur's keys: `blur`, or its shorthand `blurRadius` and `blurMix`;
  /// one of the two forms is required.
  static let blurKeys = ["blur", "blurRadius", "blurMix"]

  /// The most plate stops a standard material may give (the C kernel's room).
  static let maximumStops = 8

  /// The provenance in force at each scalar, by its mark (`ProfileTree.inherited`).
  var inherited: [SourceMark: ProfileTree.Inherited]
  var reader: YAMLReader
  var provenance: [String: Provenance] = [:]

  init(file: String, inherited: [SourceMark: ProfileTree.Inherited], diagnostics: [Diagnostic]) {
    self.inherited = inherited
    reader = YAMLReader(file: file)
    for d in diagnostics { reader.append(d) }
  }

  var diagnostics: [Diagnostic] { reader.diagnostics }

  // MARK: Reporting

  mutating func report(_ at: SourceMark, _ path: String, _ message: String) {
    reader.report(at, path: path, message)
  }

  /// How a bad value reads in a message.
  func describe(_ node: YAMLNode) -> String {
    switch node.content {
    case .scalar(let s) where s.isNull: "nothing"
    case .scalar(let s): s.isPlain ? "'\(s.text)'" : "the quoted text \"\(s.text)\""
    case .mapping: "a mapping"
    case .sequence: "a list"
    }
  }

  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  // MARK: Structure

  /// The entries of a mapping by key. Keys outside `allowed` are reported
  /// with a "did you mean" hint (or the `explain` text for that key);
  /// missing `required` keys are reported at the mapping, followed by
  /// `missingHint`.
  mutating func fields(
    _ node: YAMLNode, path: String, allowed: [String], required: [String],
    explain: [String: String] = [:], missingHint: String = ""
  ) -> [String: YAMLNode]? {
    guard node.entries != nil else {
      report(node.mark, path, "expected a mapping, got \(describe(node))")
      return nil
    }
    guard
      let f = reader.fields(
        node, path: path, allowed: allowed, what: "a mapping", explain: explain,
        listChoices: false)
    else { return nil }
    for key in required where f[key] == nil {
      report(node.mark, path, "missing key '\(key)'\(missingHint)")
    }
    return f.values
  }

  /// The entries of a mapping of user-chosen names (materials, colours, ...),
  /// in file order.
  mutating func named(_ node: YAMLNode, path: String) -> [(
    key: String, keyMark: SourceMark, value: YAMLNode
  )] {
    guard let entries = node.entries else {
      report(node.mark, path, "expected a mapping of names, got \(describe(node))")
      return []
    }
    return entries.map { ($0.name ?? "", $0.key.mark, $0.value) }
  }

  /// " (did you mean 'x'?)" for a name that is new and close to another.
  func nameHint(_ name: String, among names: [String]) -> String {
    DidYouMean.hint(for: name, among: names.filter { $0 != name })
  }

  // MARK: Leaves

  mutating func recordProvenance(_ s: YAMLScalar, at: SourceMark, path: String) {
    let fix =
      "give it a source and a trust, on the value ({value: \(s.text), source: ..., trust: ...})"
      + " or on a mapping around it"
    let here = inherited[at]
    switch (here?.source, here?.trust) {
    case (let source?, let trust?): provenance[path] = Provenance(source: source, trust: trust)
    case (nil, nil): report(at, path, "\(s.text) has no provenance; \(fix)")
    case (nil, _): report(at, path, "\(s.text) has a trust but no source; \(fix)")
    case (_, nil): report(at, path, "\(s.text) has a source but no trust; \(fix)")
    }
  }

  mutating func number(_ node: YAMLNode?, path: String, range: NumberRange) -> Double? {
    guard let node else { return nil }
    guard case .scalar(let s) = node.content, s.isPlain, !s.isNull,
      let value = Double(s.text), value.isFinite
    else {
      var message = "expected a number, got \(describe(node))"
      if case .scalar(let s) = node.content, !s.isPlain, Double(s.text) != nil {
        message += "; write numbers without quotes"
      }
      report(node.mark, path, message)
      return nil
    }
    if let problem = range.problem(with: value) {
      report(node.mark, path, "\(s.text) is out of range: \(problem)")
    }
    recordProvenance(s, at: node.mark, path: path)
    return value
  }

  mutating func text(_ node: YAMLNode?, path: String) -> String? {
    guard let node else { return nil }
    guard case .scalar(let s) = node.content, !s.isNull, !s.text.isEmpty else {
      report(node.mark, path, "expected a name, got \(describe(node))")
      return nil
    }
    return s.text
  }

  mutating func choice<T: RawRepresentable & CaseIterable>(
    _ node: YAMLNode?, path: String, as: T.Type
  ) -> T? where T.RawValue == String {
    guard let text = text(node, path: path), let node else { return nil }
    if let value = T(rawValue: text) { return value }
    let choices = T.allCases.map(\.rawValue)
    report(
      node.mark, path,
      "unknown value '\(text)'\(DidYouMean.hint(for: text, among: choices)); expected "
        + choices.joined(separator: ", "))
    return nil
  }

  /// `"#RRGGBB"`, exactly six hex digits.
  mutating func hexRGB(_ node: YAMLNode?, path: String) -> RGB? {
    guard let node else { return nil }
    guard case .scalar(let s) = node.content, !s.isNull else {
      var message = "expected a colour \"#RRGGBB\", got \(describe(node))"
      if case .scalar = node.content {
        message += " (quote colours: an unquoted # starts a YAML comment)"
      }
      report(node.mark, path, message)
      return nil
    }
    let digits = s.text.hasPrefix("#") ? s.text.dropFirst() : ""
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let rgba = try? RGBA(hex: s.text)
    else {
      var message = "invalid colour '\(s.text)': expected \"#RRGGBB\" (6 hex digits)"
      if digits.count == 8, digits.allSatisfy(\.isHexDigit) {
        message += "; give the alpha apart: {color: \"#\(digits.prefix(6))\", alpha: ...}"
      }
      report(node.mark, path, message)
      return nil
    }
    recordProvenance(s, at: node.mark, path: path)
    return rgba.rgb
  }

  /// `"#RRGGBB"` or `{color: "#RRGGBB", alpha: A}` (alpha only when `allowAlpha`).
  mutating func color(_ node: YAMLNode?, path: String, allowAlpha: Bool = true) -> RGBA? {
    guard let node else { return nil }
    guard case .mapping = node.content else {
      return hexRGB(node, path: path).map { RGBA($0) }
    }
    let explain = allowAlpha ? [:] : ["alpha": "this colour is opaque and takes no alpha"]
    guard
      let f = fields(
        node, path: path, allowed: allowAlpha ? ["color", "alpha"] : ["color"],
        required: ["color"], explain: explain)
    else { return nil }
    let rgb = hexRGB(f["color"], path: Self.join(path, "color"))
    let alpha =
      f["alpha"] == nil
      ? 1 : number(f["alpha"], path: Self.join(path, "alpha"), range: .unitInterval)
    guard let rgb, let alpha else { return nil }
    return RGBA(rgb, alpha: alpha)
  }

  mutating func pair(
    _ node: YAMLNode?, path: String, allowAlpha: Bool = true
  ) -> AppearancePair<RGBA>? {
    guard let node,
      let f = fields(node, path: path, allowed: ["light", "dark"], required: ["light", "dark"])
    else { return nil }
    let light = color(f["light"], path: Self.join(path, "light"), allowAlpha: allowAlpha)
    let dark = color(f["dark"], path: Self.join(path, "dark"), allowAlpha: allowAlpha)
    guard let light, let dark else { return nil }
    return AppearancePair(light: light, dark: dark)
  }
}
