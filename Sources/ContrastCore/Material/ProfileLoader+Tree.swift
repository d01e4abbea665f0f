/// A profile file's tree after provenance resolution: the `source` and
/// `trust` keys of every mapping are removed, `{value: x, source: ...,
/// trust: ...}` becomes the scalar `x`, and the provenance in force at each
/// scalar is kept aside, by the scalar's mark.
///
/// Two such trees merge key by key (`merged(with:)`) without mixing the
/// provenance of one file into the other's values: marks name their file.
struct ProfileTree: Sendable {
  /// The `source` and `trust` in force at a point of the tree.
  struct Inherited: Sendable {
    var source: String?
    var trust: Trust?
  }

  var root: YAMLNode
  /// The provenance in force at each scalar value, by its mark.
  var inherited: [SourceMark: Inherited]

  /// `override` laid over this tree: mappings merge key by key (new keys are
  /// appended); anything else is replaced whole. A mapping whose `kind`
  /// differs between the two is replaced whole too, since the keys of one
  /// kind do not fit the other, and so is a curve (a mapping with `table`
  /// or `grid`). A blur is one value too: an override naming `blur` drops
  /// the base's shorthand `blurRadius` and `blurMix`, and one naming either
  /// of those drops the base's `blur` list.
  func merged(with override: ProfileTree) -> ProfileTree {
    ProfileTree(
      root: Self.merge(root, override.root),
      inherited: inherited.merging(override.inherited) { _, new in new })
  }

  private static func merge(_ base: YAMLNode, _ override: YAMLNode) -> YAMLNode {
    guard var entries = base.entries, let overrides = override.entries else { return override }
    // A curve (a table or a grid) is one value: it replaces the base whole.
    let curveKeys = ["table", "grid"]
    if curveKeys.contains(where: { base[$0] != nil || override[$0] != nil }) { return override }
    if let baseKind = base["kind"]?.scalar, let newKind = override["kind"]?.scalar,
      baseKind.text != newKind.text
    {
      return override
    }
    let names = Set(overrides.compactMap(\.name))
    for (given, replaced) in Self.exclusiveKeys where !names.isDisjoint(with: given) {
      entries.removeAll { $0.name.map(replaced.contains) ?? false }
    }
    for entry in overrides {
      if let i = entries.firstIndex(where: { $0.name == entry.name }) {
        entries[i] = YAMLEntry(key: entry.key, value: merge(entries[i].value, entry.value))
      } else {
        entries.append(entry)
      }
    }
    return YAMLNode(content: .mapping(entries), mark: base.mark)
  }

  /// Keys that write one value in two forms: an override that names any key
  /// of the first set removes the second set's keys from the base.
  private static let exclusiveKeys: [(Set<String>, Set<String>)] = [
    (["blur"], ["blurRadius", "blurMix"]), (["blurRadius", "blurMix"], ["blur"]),
  ]
}

/// Builds `ProfileTree`s from profile text, collecting every problem.
struct ProfileTreeBuilder {
  let file: String
  private(set) var reader: YAMLReader
  private var inherited: [SourceMark: ProfileTree.Inherited] = [:]

  init(file: String) {
    self.file = file
    self.reader = YAMLReader(file: file)
  }

  var diagnostics: [Diagnostic] { reader.diagnostics }

  /// The tree of `yaml`, or nil (with a diagnostic) when it is not YAML or empty.
  mutating func parse(_ yaml: String, inherited start: ProfileTree.Inherited = .init())
    -> ProfileTree?
  {
    let root: YAMLNode?
    do {
      root = try YAMLDocument.parse(yaml, file: file)
    } catch {
      let prefix =
        switch error.kind {
        case .syntax: "invalid YAML: "
        case .duplicateKeys: ""
        case .unreadable: "cannot read YAML: "
        case .limit: "YAML refused: "
        }
      reader.append(error.diagnostic(file: file, prefix: prefix))
      return nil
    }
    guard let root else {
      reader.append(Diagnostic(file: file, line: 1, column: 1, message: "the profile is empty"))
      return nil
    }
    guard root.entries != nil else {
      reader.report(root, path: "", "expected a mapping of profile keys at the top of the file")
      return nil
    }
    inherited = [:]
    let resolved = build(root, path: "", inherited: start)
    return ProfileTree(root: resolved, inherited: inherited)
  }

  private mutating func build(
    _ node: YAMLNode, path: String, inherited here: ProfileTree.Inherited
  ) -> YAMLNode {
    switch node.content {
    case .scalar:
      inherited[node.mark] = here
      return node
    case .sequence(let items):
      let built = items.enumerated().map { i, item in
        build(item, path: "\(path)[\(i)]", inherited: here)
      }
      return YAMLNode(content: .sequence(built), mark: node.mark)
    case .mapping(let entries):
      return buildMapping(node, entries, path: path, inherited: here)
    }
  }

  private mutating func buildMapping(
    _ node: YAMLNode, _ mapping: [YAMLEntry], path: String, inherited: ProfileTree.Inherited
  ) -> YAMLNode {
    var inherited = inherited
    var value: YAMLNode?
    var pairs: [(key: String, entry: YAMLEntry)] = []
    for entry in mapping {
      guard let key = entry.name else {
        reader.report(entry.key, path: path, "a key must be a plain name")
        continue
      }
      let keyPath = path.isEmpty ? key : "\(path).\(key)"
      switch key {
      case "source":
        if let s = entry.value.scalar, !s.text.trimmingWhitespace().isEmpty {
          inherited.source = s.text
        } else {
          reader.report(entry.value, path: keyPath, "expected the text of a source")
        }
      case "trust":
        let text = entry.value.scalar?.text ?? ""
        if let trust = Trust(rawValue: text) {
          inherited.trust = trust
        } else {
          let choices = Trust.allCases.map(\.rawValue)
          reader.report(
            entry.value, path: keyPath,
            "unknown trust '\(text)'\(DidYouMean.hint(for: text, among: choices)); expected "
              + choices.joined(separator: ", "))
          inherited.trust = .assumption  // reported; avoids a cascade of missing-trust errors
        }
      case "value":
        value = entry.value
      default:
        pairs.append((key, entry))
      }
    }
    if let value {
      for pair in pairs {
        reader.report(
          pair.entry.key, path: path,
          "unknown key '\(pair.key)' beside 'value' (a {value: ...} mapping holds only "
            + "value, source and trust)")
      }
      guard value.scalar != nil else {
        reader.report(value, path: path, "'value' must be a single number, colour or name")
        return YAMLNode(content: .mapping([]), mark: node.mark)
      }
      return build(value, path: path, inherited: inherited)
    }
    let entries = pairs.map { pair in
      YAMLEntry(
        key: pair.entry.key,
        value: build(
          pair.entry.value, path: path.isEmpty ? pair.key : "\(path).\(pair.key)",
          inherited: inherited))
    }
    return YAMLNode(content: .mapping(entries), mark: node.mark)
  }
}
