/// How an audit's layouts are shared among its lanes: bundles of layouts
/// that share their blurs, spread over the lanes by their cost.
extension Auditor {
  /// `layouts`' indices in bundles, in input order: layouts that draw the
  /// same elements' frames and shapes on one canvas (a fix round's trials
  /// of one element) share their blurs, so one lane takes them.
  static func bundles(of layouts: [Layout]) -> [[Int]] {
    var bundles: [[Int]] = []
    var bundleOf: [LaneFootprint: Int] = [:]
    for (i, l) in layouts.enumerated() {
      let f = LaneFootprint(
        canvas: l.canvas, frames: l.elements.map(\.frame), shapes: l.elements.map(\.shape))
      if let b = bundleOf[f] {
        bundles[b].append(i)
      } else {
        bundleOf[f] = bundles.count
        bundles.append([i])
      }
    }
    return bundles
  }

  /// The indices of `cost` in `count` lanes, longest first into the
  /// lightest lane (ties: the lower index first, the lower lane).
  static func balanced(_ cost: [Int], into count: Int) -> [[Int]] {
    var groups = Array(repeating: [Int](), count: count)
    var load = Array(repeating: 0, count: count)
    for i in cost.indices.sorted(by: { cost[$0] != cost[$1] ? cost[$0] > cost[$1] : $0 < $1 }) {
      let k = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
      groups[k].append(i)
      load[k] += cost[i]
    }
    return groups
  }
}

/// What one lane of an audit's layouts blurs: layouts of one footprint
/// (the same elements' frames and shapes on one canvas) share their blurs.
private struct LaneFootprint: Hashable {
  var canvas: Canvas
  var frames: [RectInPoints]
  var shapes: [ElementShape]
}
