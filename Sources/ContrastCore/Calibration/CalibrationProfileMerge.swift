/// Lays a new calibration over an earlier profile override (calibrate's
/// `--profile FILE`), so that one file holds a team's every calibration.
public enum CalibrationProfileMerge {
  /// `calibrated` (a ``CalibrationResult/profileText(name:)``) laid over
  /// `prior` (an override of the default profile, `priorFile` naming it),
  /// key by key as ``ProfileLoader`` lays overrides (a curve, a list and a
  /// single value are replaced whole; `blur` replaces `blurRadius` and
  /// `blurMix`, and the other way round), except that a mapping's own
  /// `source` and `trust` stay the prior's where it gives them (every value
  /// calibrate writes carries its own). Comments of `prior` are not kept;
  /// the new header says which file the rest came from. Deterministic.
  ///
  /// - Throws: `prior` is not a YAML mapping.
  public static func combined(
    prior: String, priorFile: String, calibrated: String
  ) throws(DiagnosticList) -> String {
    let priorRoot: YAMLNode?
    let newRoot: YAMLNode?
    do {
      priorRoot = try YAMLDocument.parse(prior, file: priorFile)
      newRoot = try YAMLDocument.parse(calibrated, file: "calibrated")
    } catch {
      throw DiagnosticList([error.diagnostic(file: priorFile)])
    }
    guard let priorRoot, priorRoot.entries != nil, let newRoot else {
      throw DiagnosticList([
        Diagnostic(
          file: priorFile, line: 0, column: 0,
          message: "expected a profile override (a mapping of profile keys)")
      ])
    }
    let merged = mergeFit(merge(priorRoot, newRoot), prior: priorRoot, new: newRoot)
    let header = calibrated.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { $0.hasPrefix("#") || $0.isEmpty }
      .map(String.init)
    var out = header.filter { !$0.isEmpty }
    out.append("# Laid over the overrides of \(CalibrationText.escaped(priorFile)) (kept where")
    out.append("# this calibration does not replace them).")
    out.append("")
    out += block(merged, indent: 0)
    return out.joined(separator: "\n") + "\n"
  }

  /// The `fit` sections: of the same measurements, the residual groups of
  /// both (the new one's where both state a group); else the new one whole.
  static func mergeFit(_ merged: YAMLNode, prior: YAMLNode, new: YAMLNode) -> YAMLNode {
    guard let newFit = new["fit"], var entries = merged.entries,
      let i = entries.firstIndex(where: { $0.name == "fit" })
    else { return merged }
    guard let priorFit = prior["fit"],
      priorFit["measurements"]?.scalar?.text == newFit["measurements"]?.scalar?.text,
      let old = priorFit["residuals"]?.items, let added = newFit["residuals"]?.items,
      let fitEntries = newFit.entries
    else {
      entries[i] = YAMLEntry(key: entries[i].key, value: newFit)
      return YAMLNode(content: .mapping(entries), mark: merged.mark)
    }
    func group(_ n: YAMLNode) -> [String?] {
      ["material", "appearance", "setting"].map { n[$0]?.scalar?.text }
    }
    let kept = old.filter { o in !added.contains { group($0) == group(o) } }
    let fit = fitEntries.map { e in
      e.name == "residuals"
        ? YAMLEntry(
          key: e.key, value: YAMLNode(content: .sequence(kept + added), mark: e.value.mark))
        : e
    }
    entries[i] = YAMLEntry(
      key: entries[i].key, value: YAMLNode(content: .mapping(fit), mark: newFit.mark))
    return YAMLNode(content: .mapping(entries), mark: merged.mark)
  }

  static func isCurve(_ node: YAMLNode) -> Bool {
    node["table"] != nil || node["grid"] != nil || node["value"] != nil
  }

  static func merge(_ base: YAMLNode, _ override: YAMLNode) -> YAMLNode {
    guard var entries = base.entries, let overrides = override.entries, !isCurve(base),
      !isCurve(override)
    else { return override }
    let names = Set(overrides.compactMap(\.name))
    for (given, replaced) in [
      (["blur"], ["blurRadius", "blurMix"]), (["blurRadius", "blurMix"], ["blur"]),
    ] where given.contains(where: names.contains) {
      entries.removeAll { $0.name.map(replaced.contains) ?? false }
    }
    for entry in overrides {
      if let i = entries.firstIndex(where: { $0.name == entry.name }) {
        if entry.name == "source" || entry.name == "trust" { continue }
        entries[i] = YAMLEntry(key: entry.key, value: merge(entries[i].value, entry.value))
      } else {
        entries.append(entry)
      }
    }
    return YAMLNode(content: .mapping(entries), mark: base.mark)
  }

  // MARK: Writing a tree back

  static func scalar(_ s: YAMLScalar) -> String {
    s.isPlain ? s.text : CalibrationText.yamlQuoted(s.text)
  }

  static func key(_ entry: YAMLEntry) -> String {
    guard let s = entry.key.scalar else { return "\"\"" }
    let plain =
      !s.text.isEmpty
      && s.text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "." || $0 == "-" || $0 == "_" || $0 == "+"
      }
    return plain ? s.text : CalibrationText.yamlQuoted(s.text)
  }

  /// Whether a node is written on one line: a scalar, a list of such, or
  /// a mapping of scalars.
  static func isFlow(_ node: YAMLNode) -> Bool {
    switch node.content {
    case .scalar: true
    case .sequence(let items): items.allSatisfy(isFlow)
    case .mapping(let entries): entries.allSatisfy { $0.value.scalar != nil }
    }
  }

  static func flow(_ node: YAMLNode) -> String {
    switch node.content {
    case .scalar(let s): scalar(s)
    case .sequence(let items): "[" + items.map(flow).joined(separator: ", ") + "]"
    case .mapping(let entries):
      "{" + entries.map { "\(key($0)): \(flow($0.value))" }.joined(separator: ", ") + "}"
    }
  }

  static func block(_ node: YAMLNode, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    switch node.content {
    case .scalar, .sequence:
      guard case .sequence(let items) = node.content, !isFlow(node) else {
        return [pad + flow(node)]
      }
      return items.flatMap { item -> [String] in
        var lines = block(item, indent: indent + 2)
        lines[0] = pad + "- " + lines[0].dropFirst(indent + 2)
        return lines
      }
    case .mapping(let entries):
      return entries.flatMap { entry -> [String] in
        if isFlow(entry.value) { return ["\(pad)\(key(entry)): \(flow(entry.value))"] }
        return ["\(pad)\(key(entry)):"] + block(entry.value, indent: indent + 2)
      }
    }
  }
}
