/// The groupings every report makes of a run's checks, made cheap for runs
/// of hundreds of thousands of checks (a swept run's): by the objects the
/// checks share (``CheckResult/ItemPlace``, ``CheckResult/ScenePlace``), so
/// that a report hashes a few thousand places and scenes, not the strings
/// of every check. Equal places or scenes held as other objects (another
/// audit worker's) are told apart only by their values, so every grouping
/// is the one the values give.
extension CheckColumns {
  /// The runs of consecutive checks that share one scene object and
  /// layout (the report order keeps them together): a tally per scene and
  /// layout reads each run's first check, and the verdicts of the rest.
  func sceneRuns() -> [Range<Int>] {
    // (The columns' codes: no check is made.)
    let (places, placeOf) = placeCodes
    let sceneOf = sceneCodes.of
    var runs: [Range<Int>] = []
    var start = 0
    for i in indices.dropFirst()
    where sceneOf[i] != sceneOf[i - 1]
      || (placeOf[i] != placeOf[i - 1]
        && places[Int(placeOf[i])].section != places[Int(placeOf[i - 1])].section)
    {
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
    var section: String
    var element: String
    var item: String
  }

  /// The items, in the order of their first check.
  private(set) var keys: [Key] = []
  /// The item of each check.
  private(set) var of: [Int] = []

  init(_ results: CheckColumns) {
    // Per distinct place of the columns its item, numbered at its first
    // check (a check is not made, only its place code read).
    let (places, placeOf) = results.placeCodes
    var itemOfPlace = [Int](repeating: -1, count: places.count)
    var byKey: [Key: Int] = [:]
    of.reserveCapacity(results.count)
    for code in placeOf {
      let p = Int(code)
      if itemOfPlace[p] < 0 {
        let place = places[p]
        let key = Key(section: place.section, element: place.element, item: place.item)
        if let known = byKey[key] {
          itemOfPlace[p] = known
        } else {
          itemOfPlace[p] = keys.count
          keys.append(key)
          byKey[key] = keys.count - 1
        }
      }
      of.append(itemOfPlace[p])
    }
  }
}
