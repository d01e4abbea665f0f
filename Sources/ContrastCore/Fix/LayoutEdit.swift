/// A value a fix writes into a layout file, as the layout would hold it: a
/// name (`thin`, `secondaryLabel`, `"#000000"`), a number, or a mapping
/// (`{color: "#000000", alpha: 0.42}`, `{light: label, dark: white}`).
public indirect enum LayoutValue: Sendable, Hashable {
  case text(String)
  case number(Double)
  case mapping([Field])

  public struct Field: Sendable, Hashable {
    public var key: String
    public var value: LayoutValue
  }

  /// A layout colour's text (a name, a hex colour, or `text@alpha` for a
  /// colour with an alpha of its own: ``ColorText``) as the layout writes it.
  public static func color(_ text: String) -> LayoutValue {
    let (c, alpha) = ColorText.split(text)
    guard let alpha else { return .text(c) }
    return .mapping([
      Field(key: "color", value: .text(c)), Field(key: "alpha", value: .number(alpha)),
    ])
  }

  /// A colour per appearance: one value when both are the same, else
  /// `{light: ..., dark: ...}` (an appearance without one is left out).
  public static func color(light: String?, dark: String?) -> LayoutValue? {
    if let light, light == dark { return color(light) }
    let fields = [("light", light), ("dark", dark)].compactMap { k, v in
      v.map { Field(key: k, value: color($0)) }
    }
    return fields.isEmpty ? nil : .mapping(fields)
  }

  /// A layout colour as the layout writes it: a text when it is one,
  /// `{light, dark}`, and `increaseContrast:` beside them for the app's own
  /// Increase Contrast variant; nil for a colour with no text at all.
  public static func color(_ spec: ColorSpec) -> LayoutValue? {
    switch spec {
    case .same(let s): return color(s)
    case .perAppearance(let light, let dark): return color(light: light, dark: dark)
    case .withIncreaseContrast(let normal, let ic):
      guard let icValue = color(ic) else { return color(normal) }
      let light = normal.text(for: .light)
      let dark = normal.text(for: .dark)
      let fields = [("light", light), ("dark", dark)].compactMap { k, v in
        v.map { Field(key: k, value: color($0)) }
      }
      return .mapping(fields + [Field(key: "increaseContrast", value: icValue)])
    }
  }

  /// The layout colour this value writes (the inverse of
  /// ``color(_:)-swift.type.method``); nil when it is not a colour.
  public var colorSpec: ColorSpec? {
    func text(_ v: LayoutValue) -> String? {
      switch v {
      case .text(let s): return s
      case .mapping(let f) where f.count == 2 && f[0].key == "color":
        if case .text(let c) = f[0].value, case .number(let a) = f[1].value {
          return ColorText.withAlpha(c, a)
        }
        return nil
      default: return nil
      }
    }
    if let t = text(self) { return .same(t) }
    guard case .mapping(let f) = self else { return nil }
    let light = f.first { $0.key == "light" }.flatMap { text($0.value) }
    let dark = f.first { $0.key == "dark" }.flatMap { text($0.value) }
    let normal = ColorSpec.perAppearance(light: light, dark: dark)
    if let ic = f.first(where: { $0.key == "increaseContrast" })?.value.colorSpec {
      return .withIncreaseContrast(normal: normal, increaseContrast: ic)
    }
    return normal
  }

  /// The value in YAML flow style, one line.
  public var yaml: String {
    switch self {
    case .text(let s): LayoutValue.yamlScalar(s)
    case .number(let d): JSONValue.format(d)
    case .mapping(let fields):
      "{" + fields.map { "\($0.key): \($0.value.yaml)" }.joined(separator: ", ") + "}"
    }
  }

  /// The value as JSON, one line (for a layout written in JSON).
  public var json: String {
    switch self {
    case .text(let s): LayoutValue.quoted(s)
    case .number(let d): JSONValue.format(d)
    case .mapping(let fields):
      "{" + fields.map { "\(LayoutValue.quoted($0.key)): \($0.value.json)" }.joined(separator: ", ")
        + "}"
    }
  }

  /// `s` in double quotes, escaped as JSON (which YAML reads alike).
  static func quoted(_ s: String) -> String {
    var out = ""
    Escaping.json(s, into: &out)
    return out
  }

  /// A name plain when YAML reads it back as the same string (letters,
  /// digits, `.`, `_`, `-`, starting with a letter, not a keyword), else
  /// double-quoted.
  static func yamlScalar(_ s: String) -> String {
    let keywords: Set<String> = [
      "true", "false", "yes", "no", "on", "off", "null", "y", "n", "nan", "inf",
    ]
    let plain =
      s.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } ?? false
      && s.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "." || $0 == "_" || $0 == "-"
      }
      && !keywords.contains(s.lowercased())
    return plain ? s : LayoutValue.quoted(s)
  }
}

/// One change to a layout file: `key: value` on an element, or on one of
/// its items.
public struct LayoutEdit: Sendable, Hashable {
  public var element: String
  /// The item's id; nil for a change to the element itself.
  public var item: String?
  /// `material`, `fallback`, `tint` (elements); `color`, `size`, `weight` (items).
  public var key: String
  public var value: LayoutValue

  public init(element: String, item: String? = nil, key: String, value: LayoutValue) {
    self.element = element
    self.item = item
    self.key = key
    self.value = value
  }

  /// The change as the layout holds it: `tint: {color: "#000000", alpha: 0.42}`.
  public var written: String { "\(key): \(value.yaml)" }
}
