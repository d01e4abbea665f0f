import Testing

@testable import ContrastCore

/// The report order's keyed sort (`sortInReportOrder`) against its
/// reference, the stable sort by ``CheckResult/reportOrder(_:_:)``.
@Suite struct ReportOrderTests {
  /// Checks over every field the order reads, with few distinct values so
  /// that ties are common; places and scenes shared as the audit shares
  /// them, and some equal places and scenes as objects of their own.
  static func checks(seed: UInt64, count: Int) -> [CheckResult] {
    var g = SyntheticWallpapers.SplitMix64(seed: seed)
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &g)] }
    var made: [CheckResult] = []
    for i in 0..<count {
      var r: CheckResult
      if !made.isEmpty, Bool.random(using: &g) {
        // Another check of a place already made (its object), in a scene
        // of its own.
        r = pick(made)
        r.wallpaper = pick(["dusk", "aurora", "Zebra", "dusk-2"])
        r.textSize = pick(TextSize.allCases)
        r.boldText = Bool.random(using: &g)
      } else {
        r = ReportFixtures.check(
          layout: pick(["tabs", "chat", "Timer"]), element: pick(["bar", "card", "b"]),
          item: pick(["label", "title", "icon"]), wallpaper: pick(["dusk", "aurora", "Zebra"]),
          appearance: pick(Appearance.allCases), mode: pick(AccessibilityMode.allCases),
          line: pick([3, 12, 40]), liquidGlass: pick([nil, .default, .clear, .tinted]),
          profile: pick(["ios27", "ios18"]))
        r.textSize = pick([.large, .xSmall, .ax5])
      }
      // Equal checks tell apart by their place in the input: stability.
      r.pixelCount = i
      if Int.random(in: 0..<8, using: &g) == 0 {
        // The same fields as another check's scene, in another object.
        r.scene = CheckResult.ScenePlace(r.scene.fields)
      }
      made.append(r)
    }
    return made
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func keyedSortIsTheStableComparisonSort(seed: UInt64) {
    let checks = Self.checks(seed: seed, count: 600)
    let reference = checks.sorted(by: CheckResult.reportOrder)
    var keyed = CheckColumns(checks)
    keyed.sortInReportOrder()
    #expect(keyed.map(\.pixelCount) == reference.map(\.pixelCount))
    // Sorted input stays as it is.
    var again = keyed
    again.sortInReportOrder()
    #expect(again.map(\.pixelCount) == reference.map(\.pixelCount))
  }
}
