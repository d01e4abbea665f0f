extension Array where Element == CheckResult {
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
    // Distinct objects, each check's index among them.
    var itemIndex: [ObjectIdentifier: Int32] = [:]
    var sceneIndex: [ObjectIdentifier: Int32] = [:]
    var items: [CheckResult.ItemPlace] = []
    var scenes: [CheckResult.ScenePlace] = []
    var itemOf = [Int32](repeating: 0, count: count)
    var sceneOf = [Int32](repeating: 0, count: count)
    // (By index: a check is not copied, only its place and scene read.)
    for i in indices {
      let p = ObjectIdentifier(self[i].place)
      if let k = itemIndex[p] {
        itemOf[i] = k
      } else {
        itemOf[i] = Int32(items.count)
        itemIndex[p] = itemOf[i]
        items.append(self[i].place)
      }
      let s = ObjectIdentifier(self[i].scene)
      if let k = sceneIndex[s] {
        sceneOf[i] = k
      } else {
        sceneOf[i] = Int32(scenes.count)
        sceneIndex[s] = sceneOf[i]
        scenes.append(self[i].scene)
      }
    }
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
      sort(by: CheckResult.reportOrder)
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
    self = order.map { self[$0] }
  }
}
