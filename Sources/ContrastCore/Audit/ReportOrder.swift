extension CheckColumns {
  /// Sorts the checks in report order (``CheckResult/reportOrder(_:_:)``),
  /// stably: the same order as `sort(by: CheckResult.reportOrder)`, which is
  /// the readable reference (`ReportOrderTests`).
  ///
  /// A run sweeping text settings holds hundreds of thousands of checks but
  /// a few thousand item places and scenes: those are ranked once (checks
  /// share their objects), and the checks sorted by one integer made of
  /// the ranks, then moved once, instead of compared field by field (strings
  /// among them) and moved at every step of the sort.
  mutating func sortInReportOrder() {
    guard count > 1 else { return }
    // The columns' own codes: each check's index among the distinct item
    // places and scenes (a check is not made, only its codes read).
    let (items, itemOf) = placeCodes
    let (scenes, sceneOf) = sceneCodes
    // Ranks: equal for objects the report order does not tell apart.
    func ranks<T>(_ values: [T], _ precedes: (T, T) -> Bool) -> [Int] {
      let order = values.indices.sorted { precedes(values[$0], values[$1]) }
      var rank = [Int](repeating: 0, count: values.count)
      for (j, k) in order.enumerated() where j > 0 {
        let before = order[j - 1]
        rank[k] = rank[before] + (precedes(values[before], values[k]) ? 1 : 0)
      }
      return rank
    }
    let layoutRank = ranks(items) { $0.layout < $1.layout }
    let itemRank = ranks(items) { a, b in
      if a.layout != b.layout { return a.layout < b.layout }
      if a.line != b.line { return a.line < b.line }
      return (a.element, a.item) < (b.element, b.item)
    }
    let sceneRank = ranks(scenes) { CheckResult.SceneFields.order($0.fields, $1.fields) ?? false }
    // Layout, scene, then item: 21 bits each (over two million distinct
    // places or scenes cannot be held in memory anyway; the comparison
    // sort takes them if they ever are).
    let bits = 21
    guard items.count < 1 << bits, scenes.count < 1 << bits else {
      // (Stable: checks the order does not tell apart keep theirs.)
      let rows = Array(self)
      permute(
        indices.sorted { a, b in
          if CheckResult.reportOrder(rows[a], rows[b]) { return true }
          return !CheckResult.reportOrder(rows[b], rows[a]) && a < b
        })
      return
    }
    let keys = indices.map { i -> UInt64 in
      let item = Int(itemOf[i])
      return UInt64(layoutRank[item]) << (2 * bits)
        | UInt64(sceneRank[Int(sceneOf[i])]) << bits | UInt64(itemRank[item])
    }
    // Stable: equal keys keep their order.
    if zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) { return }
    let order = indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    permute(order)
  }
}
