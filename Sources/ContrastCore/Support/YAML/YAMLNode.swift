import Yams

/// A place in an input file: 1-based line and column (0 when unknown).
struct SourceMark: Sendable, Hashable {
  var file: String
  var line: Int
  var column: Int
}

/// A scalar as written: its text and whether it was written without quotes.
struct YAMLScalar: Sendable, Hashable {
  var text: String
  /// Written without quotes: may be a number, a keyword or null.
  var isPlain: Bool

  /// An empty value (`key:` with nothing after it, `~` or `null`).
  var isNull: Bool {
    isPlain && ["", "~", "null", "Null", "NULL"].contains(text)
  }
}

/// One `key: value` of a mapping, both with their marks.
struct YAMLEntry: Sendable {
  var key: YAMLNode
  var value: YAMLNode

  /// The key's text when it is a scalar (the usual case).
  var name: String? { key.scalar?.text }
}

/// A node of a YAML (or JSON) document with the place it starts at.
///
/// Mappings keep their entries in file order, keys included, so that every
/// key and every value can be pointed at.
struct YAMLNode: Sendable {
  enum Content: Sendable {
    case scalar(YAMLScalar)
    case mapping([YAMLEntry])
    case sequence([YAMLNode])
  }

  var content: Content
  var mark: SourceMark

  var scalar: YAMLScalar? {
    if case .scalar(let s) = content { return s }
    return nil
  }

  var entries: [YAMLEntry]? {
    if case .mapping(let e) = content { return e }
    return nil
  }

  var items: [YAMLNode]? {
    if case .sequence(let s) = content { return s }
    return nil
  }

  /// The first entry whose key is `key`, when this is a mapping.
  func entry(_ key: String) -> YAMLEntry? {
    entries?.first { $0.name == key }
  }

  /// The value of `key`, when this is a mapping that has it.
  subscript(key: String) -> YAMLNode? { entry(key)?.value }
}

/// A document that is not well-formed YAML (or JSON), located where the
/// parser stopped.
struct YAMLSyntaxError: Error, Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// The scanner, parser or composer refused the text.
    case syntax
    /// A mapping names the same key twice.
    case duplicateKeys
    /// The text could not be decoded at all.
    case unreadable
    /// The document crosses one of ``YAMLLimits`` (an alias bomb, a nesting
    /// thousands deep): refused before it is built.
    case limit
  }

  var kind: Kind
  /// Where the problem is; nil when the parser gave no place (the
  /// diagnostic then points at line 1, column 1).
  var mark: SourceMark?
  /// What is wrong, without a prefix (`mapping values are not allowed in this context`).
  var problem: String

  /// The house diagnostic: `YAML syntax error: <problem>` (`YAML refused:
  /// <problem>` for a limit, unless `prefix` is given) at the parser's place,
  /// or at line 1, column 1 when it gave none.
  func diagnostic(file: String, prefix: String? = nil) -> Diagnostic {
    let prefix = prefix ?? (kind == .limit ? "YAML refused: " : "YAML syntax error: ")
    return Diagnostic(
      file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: prefix + problem)
  }
}

/// Parses YAML, and JSON as YAML 1.2 flow syntax, into `YAMLNode` trees.
enum YAMLDocument {
  /// The root node of `text`, or nil when the document is empty. `file`
  /// names the marks; a name ending in `.json` has its tabs read as spaces,
  /// since JSON allows them as whitespace (and forbids them inside strings)
  /// where YAML does not.
  static func parse(_ text: String, file: String) throws(YAMLSyntaxError) -> YAMLNode? {
    let source = file.lowercased().hasSuffix(".json") ? text.replacingTabsWithSpaces() : text
    // Measured first, so that nothing is built of a document that would
    // exhaust the reader (Yams composes, and `tree` walks, recursively).
    try YAMLLimits.check(source, file: file)
    let root: Node?
    do {
      // No tag is resolved (`Resolver.basic`): the readers take every
      // scalar by its text and quoting, never by its tag, and the default
      // resolver runs a regular expression per rule on every key (to hash
      // it for the duplicate check), about half of a parse's time. Keys are
      // therefore duplicates when their texts are equal, as the readers
      // see them: `1:` beside `"1":` is reported, not read as two keys.
      root = try Yams.compose(yaml: source, .basic)
    } catch let error as YamlError {
      throw syntaxError(error, file: file)
    } catch {
      throw YAMLSyntaxError(kind: .unreadable, mark: nil, problem: "\(error)")
    }
    return root.map { tree($0, file: file) }
  }

  private static func tree(_ node: Node, file: String) -> YAMLNode {
    let mark = SourceMark(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
    switch node {
    case .scalar(let s):
      return YAMLNode(
        content: .scalar(YAMLScalar(text: s.string, isPlain: s.style == .plain || s.style == .any)),
        mark: mark)
    case .mapping(let m):
      let entries = m.map { key, value in
        YAMLEntry(key: tree(key, file: file), value: tree(value, file: file))
      }
      return YAMLNode(content: .mapping(entries), mark: mark)
    case .sequence(let s):
      return YAMLNode(content: .sequence(s.map { tree($0, file: file) }), mark: mark)
    case .alias(let a):
      // `compose` resolves aliases to their anchored node; this keeps the name if one slips through.
      return YAMLNode(
        content: .scalar(YAMLScalar(text: "*\(a.anchor.rawValue)", isPlain: false)), mark: mark)
    }
  }

  private static func syntaxError(_ error: YamlError, file: String) -> YAMLSyntaxError {
    func mark(_ m: Mark) -> SourceMark { SourceMark(file: file, line: m.line, column: m.column) }
    switch error {
    case .scanner(let context, let problem, let at, _),
      .parser(let context, let problem, let at, _),
      .composer(let context, let problem, let at, _):
      var message = problem
      if let context {
        message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
      }
      return YAMLSyntaxError(kind: .syntax, mark: mark(at), problem: message)
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
      return YAMLSyntaxError(
        kind: .duplicateKeys, mark: mark(context.mark),
        problem: "duplicate key \(keys) in one mapping")
    case .reader(let problem, let offset, let value, let yaml):
      // The reader (control characters, encodings) gives a character offset, not a mark.
      let place = offset.map { SourceText.place(ofCharacterOffset: $0, in: yaml) }
      let code = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
      let character =
        value >= 0 ? " (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code))" : ""
      return YAMLSyntaxError(
        kind: .unreadable,
        mark: place.map { SourceMark(file: file, line: $0.line, column: $0.column) },
        problem: problem + character)
    default:
      return YAMLSyntaxError(kind: .unreadable, mark: nil, problem: "\(error)")
    }
  }
}

extension String {
  fileprivate func replacingTabsWithSpaces() -> String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\t" ? " " : $0 }))
  }
}
