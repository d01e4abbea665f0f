import Testing

@testable import ContrastCore

/// The checks held as columns (``CheckColumns``) against the rows they were
/// given: the same checks, field for field and object for object, whatever
/// was appended, joined, written over or reordered.
@Suite struct CheckColumnsTests {
  /// ``ReportOrderTests/checks(seed:count:)`` with remedies: some boxed
  /// alone, some sharing one box as a failing group does, most none; and
  /// every third check in the scene object of the one before it, whatever
  /// its layout (as the audit shares a scene among a wallpaper's layouts).
  static func checks(seed: UInt64, count: Int) -> [CheckResult] {
    let shared = CheckResult.RemedyBox(Remedy(alpha: 0.8, alphaRatio: 4.6))
    var before: CheckResult.ScenePlace?
    return ReportOrderTests.checks(seed: seed, count: count).enumerated().map { i, r in
      var r = r
      if i % 3 == 2, let before { r.scene = before }
      before = r.scene
      r.contrast.mean = Double(i) / 7
      r.judgedRatio = 1 + Double(i % 13) / 3
      r.verdict = Verdict.allCases[i % Verdict.allCases.count]
      if i % 5 == 1 { r.remedyBox = shared }
      if i % 7 == 2 { r.remedy = Remedy(color: "#12345\(i % 10)", colorRatio: 4.5) }
      return r
    }
  }

  /// Equal fields and the very objects the row shares.
  static func same(_ a: CheckResult, _ b: CheckResult) -> Bool {
    a == b && a.place === b.place && a.scene === b.scene && a.look === b.look
      && a.remedyBox === b.remedyBox && a.contrast.mean.bitPattern == b.contrast.mean.bitPattern
  }

  static func same(_ a: some Collection<CheckResult>, _ b: [CheckResult]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func rowsComeBackAsTheyWentIn(seed: UInt64) {
    let rows = Self.checks(seed: seed, count: 500)
    let columns = CheckColumns(rows)
    let right = Self.same(columns, rows)
    #expect(right)
    #expect(columns.verdicts == rows.map(\.verdict))
    #expect(columns.judgedRatio == rows.map(\.judgedRatio))
    #expect(columns.pixelCount == rows.map(\.pixelCount))
    // One entry per distinct object, however many checks share it.
    let places = Set(rows.map { ObjectIdentifier($0.place) })
    let scenes = Set(rows.map { ObjectIdentifier($0.scene) })
    #expect(columns.placeCodes.objects.count == places.count)
    #expect(columns.sceneCodes.objects.count == scenes.count)
    #expect(places.count < rows.count && scenes.count < rows.count)
  }

  @Test func joinedTablesAreTheRowsOneAfterTheOther() {
    let rows = Self.checks(seed: 9, count: 400)
    let a = Array(rows[..<150])
    let b = Array(rows[150...])
    var joined = CheckColumns(a)
    joined += CheckColumns(b)
    let joinedRight = Self.same(joined, rows)
    #expect(joinedRight)
    // Objects both halves share are held once.
    #expect(
      joined.placeCodes.objects.count == Set(rows.map { ObjectIdentifier($0.place) }).count)
    var empty = CheckColumns()
    empty += CheckColumns(b)
    let emptyRight = Self.same(empty, b)
    #expect(emptyRight)
  }

  @Test func aRowWrittenOverChangesThatRowAlone() {
    let rows = Self.checks(seed: 4, count: 200)
    var columns = CheckColumns(rows)
    var expected = rows
    var r = rows[17]
    r.wallpaper = "a wallpaper of its own"
    r.threshold = 7
    r.contrast.min = 0.5
    r.remedy = nil
    columns[40] = r
    expected[40] = r
    let written = Self.same(columns, expected)
    #expect(written)
    columns.setRemedy(rows[1].remedyBox, at: 3)
    expected[3].remedyBox = rows[1].remedyBox
    let remedyWritten = Self.same(columns, expected)
    #expect(remedyWritten)
    #expect(expected[3].remedyBox != nil)
  }

  @Test func aPermutationMovesWholeRows() {
    let rows = Self.checks(seed: 5, count: 300)
    var columns = CheckColumns(rows)
    var g = SyntheticWallpapers.SplitMix64(seed: 5)
    let order = Array(rows.indices).shuffled(using: &g)
    columns.permute(order)
    let moved = Self.same(columns, order.map { rows[$0] })
    #expect(moved)
  }

  /// The runs of one scene object and layout, read off the rows.
  static func sceneRuns(_ rows: [CheckResult]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = 0
    for i in rows.indices.dropFirst()
    where rows[i].scene !== rows[i - 1].scene || rows[i].layout != rows[i - 1].layout {
      runs.append(start..<i)
      start = i
    }
    runs.append(start..<rows.count)
    return runs
  }

  /// The groupings the reports make, from the columns' codes, against the
  /// same groupings read off the rows, in the order given and in report
  /// order.
  @Test(arguments: [6, 7] as [UInt64])
  func groupingsAreTheRowsOwn(seed: UInt64) {
    let given = Self.checks(seed: seed, count: 500)
    let givenRuns = Self.sceneRuns(given)
    #expect(CheckColumns(given).sceneRuns() == givenRuns)
    // (Some runs end at a layout within one scene object.)
    #expect(
      givenRuns.dropFirst().contains {
        given[$0.lowerBound].scene === given[$0.lowerBound - 1].scene
      })
    var columns = CheckColumns(given)
    columns.sortInReportOrder()
    let rows = Array(columns)
    let runs = Self.sceneRuns(rows)
    #expect(columns.sceneRuns() == runs)
    #expect(runs.count > 10 && runs.count < rows.count)

    let index = ItemIndex(columns)
    var firstSeen: [[String]] = []
    for r in rows where !firstSeen.contains([r.layout, r.element, r.item]) {
      firstSeen.append([r.layout, r.element, r.item])
    }
    #expect(index.keys.map { [$0.section, $0.element, $0.item] } == firstSeen)
    #expect(
      index.of.map { firstSeen[$0] } == rows.map { [$0.layout, $0.element, $0.item] })
  }
}
