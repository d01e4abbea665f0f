import Yams

/// A place in a profile file: 1-based line and column.
struct ProfileLocation: Sendable, Hashable {
  var file: String
  var line: Int
  var column: Int
}

/// A scalar of a profile file with the provenance that applies to it.
struct ProfileScalar: Sendable {
  var text: String
  /// Written without quotes: may be a number, a keyword or null.
  var isPlain: Bool
  /// The `source` in force here (its own or inherited), if any.
  var source: String?
  /// The `trust` in force here (its own or inherited), if any.
  var trust: Trust?

  /// An empty value (`key:` with nothing after it, `~` or `null`).
  var isNull: Bool {
    isPlain && ["", "~", "null", "Null", "NULL"].contains(text)
  }
}

/// One `key: value` of a mapping.
struct ProfileEntry: Sendable {
  var key: String
  var keyLocation: ProfileLocation
  var value: ProfileNode
}

/// A profile YAML node after provenance resolution: the `source` and `trust`
/// keys of every mapping are removed and folded into the scalars they apply
/// to, and `{value: x, source: ..., trust: ...}` becomes the scalar `x`.
///
/// Two such trees merge key by key (`merged(over:)`) without mixing the
/// provenance of one file into the other's values.
struct ProfileNode: Sendable {
  enum Content: Sendable {
    case scalar(ProfileScalar)
    case mapping([ProfileEntry])
    case sequence([ProfileNode])
  }

  var content: Content
  var location: ProfileLocation

  /// The entry for `key` when this is a mapping.
  subscript(key: String) -> ProfileEntry? {
    guard case .mapping(let entries) = content else { return nil }
    return entries.first { $0.key == key }
  }

  /// `override` laid over this node: mappings merge key by key (new keys are
  /// appended); anything else is replaced whole. A mapping whose `kind`
  /// differs between the two is replaced whole too, since the keys of one
  /// kind do not fit the other.
  func merged(with override: ProfileNode) -> ProfileNode {
    guard case .mapping(var entries) = content, case .mapping(let overrides) = override.content
    else { return override }
    if case .scalar(let baseKind)? = self["kind"]?.value.content,
      case .scalar(let newKind)? = override["kind"]?.value.content, baseKind.text != newKind.text
    {
      return override
    }
    for entry in overrides {
      if let i = entries.firstIndex(where: { $0.key == entry.key }) {
        entries[i] = ProfileEntry(
          key: entry.key, keyLocation: entry.keyLocation,
          value: entries[i].value.merged(with: entry.value))
      } else {
        entries.append(entry)
      }
    }
    return ProfileNode(content: .mapping(entries), location: location)
  }
}

/// Builds `ProfileNode` trees from Yams nodes, collecting every problem.
struct ProfileTreeBuilder {
  /// The `source` and `trust` in force at a point of the tree.
  struct Inherited {
    var source: String?
    var trust: Trust?
  }

  let file: String
  var diagnostics: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  /// The tree of `yaml`, or nil (with a diagnostic) when it is not YAML or empty.
  mutating func parse(_ yaml: String, inherited: Inherited = Inherited()) -> ProfileNode? {
    let root: Node?
    do {
      root = try Yams.compose(yaml: yaml)
    } catch let error as YamlError {
      diagnostics.append(diagnostic(for: error))
      return nil
    } catch {
      diagnostics.append(Diagnostic(file: file, line: 0, column: 0, message: "\(error)"))
      return nil
    }
    guard let root else {
      diagnostics.append(
        Diagnostic(file: file, line: 0, column: 0, message: "the profile is empty"))
      return nil
    }
    guard case .mapping = root else {
      report(root, "", "expected a mapping of profile keys at the top of the file")
      return nil
    }
    return build(root, path: "", inherited: inherited)
  }

  func location(_ node: Node) -> ProfileLocation {
    ProfileLocation(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
  }

  mutating func report(_ node: Node, _ path: String, _ message: String) {
    let at = location(node)
    diagnostics.append(
      Diagnostic(
        file: file, line: at.line, column: at.column,
        message: path.isEmpty ? message : "\(path): \(message)"))
  }

  mutating func build(_ node: Node, path: String, inherited: Inherited) -> ProfileNode {
    switch node {
    case .scalar(let scalar):
      return ProfileNode(
        content: .scalar(
          ProfileScalar(
            text: scalar.string, isPlain: scalar.style == .plain || scalar.style == .any,
            source: inherited.source, trust: inherited.trust)),
        location: location(node))
    case .sequence(let sequence):
      let items = sequence.enumerated().map { i, item in
        build(item, path: "\(path)[\(i)]", inherited: inherited)
      }
      return ProfileNode(content: .sequence(items), location: location(node))
    case .alias(let alias):
      report(node, path, "unsupported alias '*\(alias.anchor.rawValue)'")
      return ProfileNode(content: .mapping([]), location: location(node))
    case .mapping(let mapping):
      return buildMapping(node, mapping, path: path, inherited: inherited)
    }
  }

  private mutating func buildMapping(
    _ node: Node, _ mapping: Node.Mapping, path: String, inherited: Inherited
  ) -> ProfileNode {
    var inherited = inherited
    var value: Node?
    var pairs: [(key: String, keyNode: Node, value: Node)] = []
    for (keyNode, valueNode) in mapping {
      guard case .scalar(let keyScalar) = keyNode else {
        report(keyNode, path, "a key must be a plain name")
        continue
      }
      let key = keyScalar.string
      let keyPath = path.isEmpty ? key : "\(path).\(key)"
      switch key {
      case "source":
        if case .scalar(let s) = valueNode, !s.string.trimmingWhitespace().isEmpty {
          inherited.source = s.string
        } else {
          report(valueNode, keyPath, "expected the text of a source")
        }
      case "trust":
        let text = valueNode.scalar?.string ?? ""
        if let trust = Trust(rawValue: text) {
          inherited.trust = trust
        } else {
          let choices = Trust.allCases.map(\.rawValue)
          report(
            valueNode, keyPath,
            "unknown trust '\(text)'\(DidYouMean.hint(for: text, among: choices)); expected "
              + choices.joined(separator: ", "))
          inherited.trust = .assumption  // reported; avoids a cascade of missing-trust errors
        }
      case "value":
        value = valueNode
      default:
        pairs.append((key, keyNode, valueNode))
      }
    }
    if let value {
      for pair in pairs {
        report(
          pair.keyNode, path,
          "unknown key '\(pair.key)' beside 'value' (a {value: ...} mapping holds only "
            + "value, source and trust)")
      }
      guard case .scalar = value else {
        report(value, path, "'value' must be a single number, colour or name")
        return ProfileNode(content: .mapping([]), location: location(node))
      }
      return build(value, path: path, inherited: inherited)
    }
    let entries = pairs.map { pair in
      ProfileEntry(
        key: pair.key, keyLocation: location(pair.keyNode),
        value: build(
          pair.value, path: path.isEmpty ? pair.key : "\(path).\(pair.key)",
          inherited: inherited))
    }
    return ProfileNode(content: .mapping(entries), location: location(node))
  }

  /// A YAML syntax error as a diagnostic at its place.
  private func diagnostic(for error: YamlError) -> Diagnostic {
    func at(_ mark: Mark, _ message: String) -> Diagnostic {
      Diagnostic(file: file, line: mark.line, column: mark.column, message: message)
    }
    func withContext(_ context: YamlError.Context?, _ problem: String) -> String {
      guard let context else { return "invalid YAML: \(problem)" }
      return "invalid YAML: \(problem) (\(context.text) at line \(context.mark.line))"
    }
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      return at(mark, withContext(context, problem))
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
      return at(context.mark, "duplicate key \(keys) in one mapping")
    case .reader(let problem, _, _, _):
      return Diagnostic(file: file, line: 0, column: 0, message: "cannot read YAML: \(problem)")
    default:
      return Diagnostic(file: file, line: 0, column: 0, message: "invalid YAML: \(error)")
    }
  }
}
