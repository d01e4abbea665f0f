extension Auditor {
  /// Findings from the bounds (SPEC §3.5), one per item and verdict kind:
  /// `never-passes` when, in some appearance and mode, even the best
  /// background any wallpaper could give is below the threshold (a design
  /// error, not a wallpaper problem); `always-passes` when in every
  /// appearance and mode audited the worst background still passes.
  static func boundsFindings(_ results: [CheckResult]) -> [Finding] {
    struct Key: Hashable {
      var layout: String
      var element: String
      var item: String
    }
    var never: [Key: [String]] = [:]
    var best: [Key: Double] = [:]
    var always: [Key: Bool] = [:]
    var first: [Key: CheckResult] = [:]
    struct Seen: Hashable {
      var key: Key
      var appearance: Appearance
      var mode: AccessibilityMode
    }
    var seen = Set<Seen>()
    // The same check place in the same appearance and mode (its other
    // wallpapers, settings and text sizes) is skipped at once, by identity.
    struct SeenPlace: Hashable {
      var place: ObjectIdentifier
      var appearance: Appearance
      var mode: AccessibilityMode
    }
    var seenPlaces = Set<SeenPlace>()
    for r in results {
      guard
        seenPlaces.insert(
          SeenPlace(place: ObjectIdentifier(r.place), appearance: r.appearance, mode: r.mode)
        ).inserted
      else { continue }
      let key = Key(layout: r.layout, element: r.element, item: r.item)
      if first[key] == nil { first[key] = r }
      guard seen.insert(Seen(key: key, appearance: r.appearance, mode: r.mode)).inserted else {
        continue
      }
      let combo = "\(r.appearance.rawValue) \(r.mode.rawValue)"
      if r.bounds.max < r.threshold {
        never[key, default: []].append(combo)
        best[key] = Swift.max(best[key] ?? 0, r.bounds.max)
      }
      always[key] = (always[key] ?? true) && r.bounds.min >= r.threshold
    }
    var out: [Finding] = []
    for (key, combos) in never {
      let r = first[key]!
      out.append(
        Finding(
          rule: .neverPasses, layout: key.layout, element: key.element, item: key.item,
          message:
            "'\(key.item)' on '\(key.element)' can never reach \(JSONValue.format(r.threshold)):1 "
            + "on any wallpaper in \(combos.sorted().joined(separator: ", ")) (best possible "
            + "\(WCAG.displayRatio(best[key] ?? 0)):1): change its colour or the material",
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
