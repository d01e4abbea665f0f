/// Reads values out of a `YAMLNode` tree, collecting every problem of a file
/// instead of stopping at the first (SPEC §2.2).
///
/// Each problem is a `Diagnostic` at the node it is about, printed
/// `file:line:column: path: message` (`layouts/tabs.yml:14:9:
/// elements[0]: unknown key 'cornerRadus' (did you mean 'cornerRadius'?)`).
/// The typed accessors return nil after reporting; callers carry on so that
/// the next problem is found too.
struct YAMLReader {
  let file: String
  private(set) var diagnostics: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  /// A mapping's values by key, after unknown keys have been reported.
  struct Fields {
    var node: YAMLNode
    var path: String
    var values: [String: YAMLNode]

    subscript(key: String) -> YAMLNode? { values[key] }
  }

  // MARK: - Reporting

  mutating func report(_ node: YAMLNode, path: String, _ message: String) {
    report(node.mark, path: path, message)
  }

  mutating func report(_ mark: SourceMark, path: String, _ message: String) {
    diagnostics.append(
      Diagnostic(
        file: mark.file, line: mark.line, column: mark.column,
        message: path.isEmpty ? message : "\(path): \(message)"))
  }

  mutating func append(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// The diagnostics in file order: by file (in order of first appearance),
  /// then line, then column, then discovery order.
  func sortedDiagnostics() -> [Diagnostic] {
    Self.sorted(diagnostics)
  }

  static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var fileOrder: [String: Int] = [:]
    for d in diagnostics where fileOrder[d.file] == nil { fileOrder[d.file] = fileOrder.count }
    return diagnostics.enumerated().sorted { a, b in
      let ka = (fileOrder[a.element.file] ?? 0, a.element.line, a.element.column, a.offset)
      let kb = (fileOrder[b.element.file] ?? 0, b.element.line, b.element.column, b.offset)
      return ka < kb
    }.map(\.element)
  }

  // MARK: - Structure

  /// The values of a mapping by key. A key outside `allowed` is reported at
  /// the key, with `explain[key]` when given, else "did you mean" for a
  /// close name, else (when `listChoices`) the list of allowed keys.
  /// A node that is not a mapping is reported as "expected `what` (keys)".
  mutating func fields(
    _ node: YAMLNode, path: String, allowed: [String], what: String, noun: String = "key",
    explain: [String: String] = [:], listChoices: Bool = true
  ) -> Fields? {
    guard let entries = node.entries else {
      report(
        node, path: path,
        "expected \(what) (\(allowed.joined(separator: ", "))), found \(Self.describe(node))")
      return nil
    }
    var values: [String: YAMLNode] = [:]
    for entry in entries {
      guard let name = entry.name else {
        report(entry.key, path: path, "a \(noun) must be a name, found \(Self.describe(entry.key))")
        continue
      }
      guard allowed.contains(name) else {
        if let why = explain[name] {
          report(entry.key, path: path, "unknown \(noun) \(Self.quoted(name)): \(why)")
          continue
        }
        let hint = DidYouMean.hint(for: name, among: allowed)
        let list = listChoices ? " (expected \(allowed.joined(separator: ", ")))" : ""
        report(
          entry.key, path: path,
          "unknown \(noun) \(Self.quoted(name))" + (hint.isEmpty ? list : hint))
        continue
      }
      values[name] = entry.value
    }
    return Fields(node: node, path: path, values: values)
  }

  /// The value of `key`, or a report at the mapping that it is missing.
  mutating func require(_ f: Fields, _ key: String, hint: String = "") -> YAMLNode? {
    if let n = f[key] { return n }
    report(f.node, path: f.path, "missing required key '\(key)'\(hint)")
    return nil
  }

  mutating func sequence(_ node: YAMLNode, path: String) -> [YAMLNode]? {
    guard let items = node.items else {
      report(node, path: path, "expected a list, found \(Self.describe(node))")
      return nil
    }
    return items
  }

  // MARK: - Typed scalars

  /// The names of a list of texts, each with its node: a sequence (`[light,
  /// dark]`), or one text that is a single name or, when `commaSeparated`,
  /// names separated by commas (`light, dark`; empty parts are skipped).
  mutating func names(_ node: YAMLNode, path: String, commaSeparated: Bool = false)
    -> [(name: String, node: YAMLNode)]
  {
    switch node.content {
    case .sequence(let items):
      return items.compactMap { item in
        string(item, path: path).map { ($0, item) }
      }
    case .scalar(let s):
      guard commaSeparated else { return [(s.text, node)] }
      return s.text.split(separator: ",").map { (String($0).trimmingWhitespace(), node) }
    case .mapping:
      report(node, path: path, "expected a list, found a mapping")
      return []
    }
  }

  /// A text; an empty value is reported as having no value.
  mutating func string(_ node: YAMLNode, path: String, what: String = "a text") -> String? {
    guard let s = node.scalar, !s.isNull else {
      if let s = node.scalar, s.isNull {
        report(node, path: path, "has no value")
      } else {
        report(node, path: path, "expected \(what), found \(Self.describe(node))")
      }
      return nil
    }
    return s.text
  }

  /// A finite number written without quotes.
  mutating func number(_ node: YAMLNode, path: String) -> Double? {
    if let s = node.scalar, s.isPlain, !s.isNull, let v = Double(s.text.trimmingWhitespace()),
      v.isFinite
    {
      return v
    }
    var message = "expected a number, found \(Self.describe(node))"
    if let s = node.scalar, !s.isPlain, Double(s.text) != nil {
      message += " (write numbers without quotes)"
    }
    report(node, path: path, message)
    return nil
  }

  mutating func positive(_ node: YAMLNode, path: String) -> Double? {
    guard let v = number(node, path: path) else { return nil }
    guard v > 0 else {
      report(node, path: path, "must be greater than 0, found \(Self.format(v))")
      return nil
    }
    return v
  }

  mutating func nonNegative(_ node: YAMLNode, path: String) -> Double? {
    guard let v = number(node, path: path) else { return nil }
    guard v >= 0 else {
      report(node, path: path, "must be 0 or more, found \(Self.format(v))")
      return nil
    }
    return v
  }

  mutating func bool(_ node: YAMLNode, path: String) -> Bool? {
    if let s = node.scalar, s.isPlain {
      switch s.text.lowercased() {
      case "true": return true
      case "false": return false
      default: break
      }
    }
    report(node, path: path, "expected true or false, found \(Self.describe(node))")
    return nil
  }

  /// A case of `T` by its raw name; an unknown name is reported with "did
  /// you mean" or the list of names.
  mutating func choice<T: RawRepresentable & CaseIterable>(
    _ node: YAMLNode, path: String, noun: String, as type: T.Type
  ) -> T? where T.RawValue == String {
    guard let name = string(node, path: path) else { return nil }
    if let value = T(rawValue: name) { return value }
    report(
      node, path: path,
      "unknown \(noun) \(Self.quoted(name))"
        + Self.choiceHint(for: name, among: T.allCases.map(\.rawValue)))
    return nil
  }

  // MARK: - Wording

  /// " (did you mean 'x'?)" when a name is close, else the list of choices.
  static func choiceHint(for name: String, among names: some Sequence<String>) -> String {
    let sorted = names.sorted()
    let hint = DidYouMean.hint(for: name, among: sorted)
    return hint.isEmpty ? " (expected one of \(sorted.joined(separator: ", ")))" : hint
  }

  /// How a value appears in a message: numbers and booleans as written, text
  /// in quotes, or what kind of node it is.
  static func describe(_ node: YAMLNode) -> String {
    switch node.content {
    case .scalar(let s):
      if s.isNull { return "nothing" }
      if s.isPlain, Double(s.text) != nil { return quoted(s.text, quote: "") }
      if s.isPlain, ["true", "false"].contains(s.text.lowercased()) { return s.text }
      return quoted(s.text)
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    }
  }

  /// A text as a message quotes it: in single quotes (or `quote`), hidden
  /// characters shown escaped (``Escaping/visible(_:)``), and beyond 60
  /// characters cut, with its length, so that a message stays one short
  /// line whatever the file holds.
  static func quoted(_ s: String, quote: String = "'") -> String {
    let limit = 60
    let count = s.unicodeScalars.count
    guard count > limit else { return quote + Escaping.visible(s) + quote }
    let head = String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit)))
    return quote + Escaping.visible(head) + "…" + quote + " (\(count) characters)"
  }

  /// A number as a message shows it: integers without a decimal point, others
  /// with at most 2 decimals.
  static func format(_ value: Double) -> String {
    let r = (value * 100).rounded() / 100
    if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
  }
}
