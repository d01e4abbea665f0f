/// The groupings every report makes of a run's checks, made cheap for runs
/// of hundreds of thousands of checks (a swept run's): by the objects the
/// checks share (``CheckResult/ItemPlace``, ``CheckResult/ScenePlace``), so
/// that a report hashes a few thousand places and scenes, not the strings
/// of every check. Equal places or scenes held as other objects (another
/// audit worker's) are told apart only by their values, so every grouping
/// is the one the values give.
extension Array where Element == CheckResult {
  /// The runs of consecutive checks that share one scene object and
  /// layout (the report order keeps them together): a tally per scene and
  /// layout reads each run's first check, and the verdicts of the rest.
  func sceneRuns() -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = 0
    for i in indices.dropFirst()
    where self[i].scene !== self[i - 1].scene || self[i].layout != self[i - 1].layout {
      runs.append(start..<i)
      start = i
    }
    if !isEmpty { runs.append(start..<count) }
    return runs
  }

  /// The first check of each of ``sceneRuns()``: every scene and layout
  /// of the checks, for what reads only those (their wallpapers, layouts,
  /// profiles, text settings).
  func sceneHeads() -> [CheckResult] {
    sceneRuns().map { self[$0.lowerBound] }
  }
}

/// Each check's item (layout, element, item) as a small integer, the items
/// numbered in the order of their first check; found once per place object.
struct ItemIndex {
  struct Key: Hashable {
    var layout: String
    var element: String
    var item: String
  }

  /// The items, in the order of their first check.
  private(set) var keys: [Key] = []
  /// The item of each check.
  private(set) var of: [Int] = []

  init(_ results: [CheckResult]) {
    var byPlace: [ObjectIdentifier: Int] = [:]
    var byKey: [Key: Int] = [:]
    of.reserveCapacity(results.count)
    // (By index: a check is not copied, only its place read.)
    for i in results.indices {
      let id = ObjectIdentifier(results[i].place)
      if let k = byPlace[id] {
        of.append(k)
        continue
      }
      let r = results[i]
      let key = Key(layout: r.layout, element: r.element, item: r.item)
      let k: Int
      if let known = byKey[key] {
        k = known
      } else {
        k = keys.count
        keys.append(key)
        byKey[key] = k
      }
      byPlace[id] = k
      of.append(k)
    }
  }
}
