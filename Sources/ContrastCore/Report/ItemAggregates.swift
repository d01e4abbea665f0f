/// Every item (layout › element › item) of a report with its counts and its
/// worst check, as the reports by item choose it (``ItemFailures``: the
/// lowest judged ratio over threshold among the checks of its worst
/// verdict, then report order). report.json's `items` and report.sqlite's
/// `items` table are both made from it, so they agree.
struct ItemAggregates {
  struct Item {
    /// The index of its first check, in report order.
    var first = -1
    var scenes = 0
    var failing = 0
    var warnings = 0
    /// Its checks to review (``Verdict/review``).
    var reviews = 0
    /// Its checks that fail the run (``AuditReport/gates(_:)``).
    var gating = 0
    /// The index of its worst check, and that check's verdict.
    var worst = -1
    var verdict = Verdict.pass
    /// Its place among the failing items, worst first, from 1; nil when it
    /// does not fail.
    var rank: Int?
    /// A failing check of it cannot reach its threshold on any wallpaper
    /// (its greatest bound is below it): the `never-passes` finding's items.
    var neverPasses = false
  }

  /// The items, in the order of their first check.
  private(set) var items: [Item] = []
  /// The item of each check (an index into ``items``).
  let itemOf: [Int]

  init(_ report: AuditReport) {
    let results = report.outcome.results
    let index = ItemIndex(results)
    itemOf = index.of
    let n = index.keys.count
    items = [Item](repeating: Item(), count: n)
    // The worst check of each verdict (pass, warn, review, fail), by index.
    let verdicts = Verdict.allCases
    var worst = [[Int]](repeating: [Int](repeating: -1, count: verdicts.count), count: n)
    // (Each check made as a row once; the worst so far kept as rows.)
    var worstRow = [[CheckResult?]](
      repeating: Array(repeating: nil, count: verdicts.count), count: n)
    for i in results.indices {
      let k = itemOf[i]
      if items[k].first < 0 { items[k].first = i }
      items[k].scenes += 1
      let r = results[i]
      let verdict = r.verdict
      if verdict == .fail {
        items[k].failing += 1
        if r.bounds.max < r.threshold { items[k].neverPasses = true }
      }
      if verdict == .warn { items[k].warnings += 1 }
      if verdict == .review { items[k].reviews += 1 }
      if report.gates(r) { items[k].gating += 1 }
      let v = verdicts.firstIndex(of: verdict)!
      if let w = worstRow[k][v], !ItemFailures.worseFirst(r, w) { continue }
      worst[k][v] = i
      worstRow[k][v] = r
    }
    for k in 0..<n {
      items[k].worst = items[k].first
      for v in verdicts.indices.reversed() where worst[k][v] >= 0 {
        items[k].verdict = verdicts[v]
        items[k].worst = worst[k][v]
        break
      }
    }
    let failing = (0..<n).filter { items[$0].verdict == .fail }.sorted {
      ItemFailures.worseFirst(results[items[$0].worst], results[items[$1].worst])
    }
    for (place, k) in failing.enumerated() { items[k].rank = place + 1 }
  }
}
