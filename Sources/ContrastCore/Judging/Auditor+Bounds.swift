extension Auditor {
  /// Findings from the bounds (SPEC §3.5), one per item and verdict kind:
  /// `never-passes` when, in some scene, even the best background any
  /// wallpaper could give is below the threshold (a design error, not a
  /// wallpaper problem), naming the appearances and modes where it is and
  /// the greatest such bound; `always-passes` when in every scene audited
  /// the worst background still passes. Every check is read (its profile,
  /// setting and text size may move its bounds and threshold), and a
  /// never-passing check is a failing one: the items are those the
  /// reports' "never passes" lists and marks name (`ItemFailure.neverPassing`).
  static func boundsFindings(_ results: CheckColumns) -> [Finding] {
    struct Key: Hashable {
      var layout: String
      var element: String
      var item: String
    }
    var never: [Key: Set<String>] = [:]
    // The greatest bound below its threshold, and that threshold.
    var best: [Key: (bound: Double, threshold: Double)] = [:]
    var always: [Key: Bool] = [:]
    var first: [Key: CheckResult] = [:]
    for r in results {
      let key = Key(layout: r.layout, element: r.element, item: r.item)
      if first[key] == nil { first[key] = r }
      if r.verdict == .fail, r.bounds.max < r.threshold {
        never[key, default: []].insert("\(r.appearance.rawValue) \(r.mode.rawValue)")
        if best[key].map({ r.bounds.max > $0.bound }) ?? true {
          best[key] = (r.bounds.max, r.threshold)
        }
      }
      always[key] = (always[key] ?? true) && r.bounds.min >= r.threshold
    }
    var out: [Finding] = []
    for (key, combos) in never {
      let r = first[key]!
      let b = best[key]!
      out.append(
        Finding(
          rule: .neverPasses, layout: key.layout, element: key.element, item: key.item,
          message:
            "'\(key.item)' on '\(key.element)' can never reach \(JSONValue.format(b.threshold)):1 "
            + "on any wallpaper in \(combos.sorted().joined(separator: ", ")) (best possible "
            + "\(WCAG.displayRatio(b.bound)):1): change its colour or the material",
          file: r.file, line: r.line))
    }
    for (key, ok) in always where ok {
      let r = first[key]!
      out.append(
        Finding(
          rule: .alwaysPasses, layout: key.layout, element: key.element, item: key.item,
          message:
            "'\(key.item)' on '\(key.element)' passes on every possible wallpaper in every "
            + "audited appearance and mode",
          file: r.file, line: r.line))
    }
    return out.sorted(by: Finding.reportOrder)
  }
}
