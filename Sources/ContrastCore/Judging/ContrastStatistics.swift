/// The statistic a verdict is judged on (SPEC §3.4).
public enum VerdictStatistic: String, Sendable, CaseIterable, Codable {
  /// WCAG's "least contrasting area": every pixel must pass.
  case min
  case p05
  case p10
  case median
}

/// Contrast ratios of one item over its pixels (SPEC §3.4).
///
/// Percentile p is the value at nearest rank `ceil(p n / 100)` (1-based) of
/// the ascending values; the median is p50. `failingFraction` is the share of
/// pixels whose ratio is below the threshold.
public struct ContrastStatistics: Sendable, Hashable, Codable {
  public var min: Double
  public var p05: Double
  public var p10: Double
  public var median: Double
  public var mean: Double
  public var max: Double
  public var failingFraction: Double

  public init(
    min: Double, p05: Double, p10: Double, median: Double, mean: Double, max: Double,
    failingFraction: Double
  ) {
    self.min = min
    self.p05 = p05
    self.p10 = p10
    self.median = median
    self.mean = mean
    self.max = max
    self.failingFraction = failingFraction
  }

  /// Statistics of pixels given as distinct `ratios`, each standing for
  /// `counts[i]` pixels (at least one pixel in all).
  public init(ratios: [Double], counts: [Int], threshold: Double) {
    precondition(ratios.count == counts.count && !ratios.isEmpty, "statistics of no pixel")
    if counts.allSatisfy({ $0 == 1 }) {
      self.init(unweighted: ratios, threshold: threshold)
      return
    }
    let n = counts.reduce(0, +)
    var sum = RatioSum()
    var failing = 0
    var lo = Double.infinity
    var hi = -Double.infinity
    for (r, c) in zip(ratios, counts) {
      sum.add(r, count: c)
      if r < threshold { failing += c }
      lo = Swift.min(lo, r)
      hi = Swift.max(hi, r)
    }
    // The value at 1-based pixel rank r of the ascending pixel values, by
    // bucketing (two passes) or weighted selection (average O(n)) rather
    // than a sort.
    func rank(_ p: Int) -> Int { Swift.max((p * n + 99) / 100, 1) }
    let ranks = [rank(5), rank(10), rank(50)]
    let bucketed =
      ratios.count < BucketSelect.smallest
      ? nil
      : ratios.withUnsafeBufferPointer { v in
        counts.withUnsafeBufferPointer { w in
          BucketSelect.values(atRanks: ranks, of: v, weights: w)
        }
      }
    var values = ratios
    var weights = counts
    let (p05, p10, median) =
      bucketed.map { ($0[0], $0[1], $0[2]) }
      ?? values.withUnsafeMutableBufferPointer { v in
        weights.withUnsafeMutableBufferPointer { w in
          (
            weightedSelect(v, w, rank: ranks[0]), weightedSelect(v, w, rank: ranks[1]),
            weightedSelect(v, w, rank: ranks[2])
          )
        }
      }
    self.init(
      min: lo, p05: p05, p10: p10, median: median,
      mean: sum.mean(over: n), max: hi, failingFraction: Double(failing) / Double(n))
  }

  /// Statistics of one ratio per pixel, by selection (average O(n)) rather
  /// than a full sort: each percentile is the k-th smallest value.
  init(unweighted ratios: [Double], threshold: Double) {
    var values = ratios
    let n = values.count
    var sum = RatioSum()
    var failing = 0
    var lo = Double.infinity
    var hi = -Double.infinity
    for r in values {
      sum.add(r, count: 1)
      if r < threshold { failing += 1 }
      lo = Swift.min(lo, r)
      hi = Swift.max(hi, r)
    }
    // Descending ranks: each selection leaves the smaller values to its
    // left, so the next (lower) rank is searched only there: about 1.6 n
    // element visits in all instead of about 3 n for ascending ranks.
    func rank(_ p: Int) -> Int { Swift.max((p * n + 99) / 100, 1) - 1 }
    if n >= BucketSelect.smallest,
      let v = values.withUnsafeBufferPointer({
        BucketSelect.values(
          atRanks: [rank(5) + 1, rank(10) + 1, rank(50) + 1], of: $0, weights: nil)
      })
    {
      self.init(
        min: lo, p05: v[0], p10: v[1], median: v[2], mean: sum.mean(over: n), max: hi,
        failingFraction: Double(failing) / Double(n))
      return
    }
    let (median, p10, p05) = values.withUnsafeMutableBufferPointer { all in
      let k50 = rank(50)
      let k10 = rank(10)
      let k05 = rank(5)
      let median = quickselect(all, k50, from: 0)
      let left50 = UnsafeMutableBufferPointer(rebasing: all[0...k50])
      let p10 = quickselect(left50, k10, from: 0)
      let left10 = UnsafeMutableBufferPointer(rebasing: all[0...k10])
      return (median, p10, quickselect(left10, k05, from: 0))
    }
    self.init(
      min: lo, p05: p05, p10: p10, median: median, mean: sum.mean(over: n), max: hi,
      failingFraction: Double(failing) / Double(n))
  }

  /// Statistics of `ratios` (at least one value) against `threshold`.
  /// Sorts `ratios` in place.
  public init(sorting ratios: inout [Double], threshold: Double) {
    precondition(!ratios.isEmpty, "statistics of no pixel")
    ratios.sort()
    let n = ratios.count
    func percentile(_ p: Int) -> Double {
      let rank = (p * n + 99) / 100  // ceil(p n / 100), at least 1 for p >= 1
      return ratios[Swift.max(rank, 1) - 1]
    }
    var sum = RatioSum()
    var failing = 0
    for r in ratios {
      sum.add(r, count: 1)
      if r < threshold { failing += 1 }
    }
    self.init(
      min: ratios[0], p05: percentile(5), p10: percentile(10), median: percentile(50),
      mean: sum.mean(over: n), max: ratios[n - 1], failingFraction: Double(failing) / Double(n))
  }

  /// The value of one statistic.
  public func value(of statistic: VerdictStatistic) -> Double {
    switch statistic {
    case .min: min
    case .p05: p05
    case .p10: p10
    case .median: median
    }
  }
}

/// The k-th smallest value of `a[from...]` (0-based k, `from <= k`), moving
/// it to index k with smaller values before it and larger after (Hoare's
/// selection with median-of-three pivots; deterministic).
func quickselect(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int, from: Int) -> Double {
  var lo = from
  var hi = a.count - 1
  while lo < hi {
    let mid = lo + (hi - lo) / 2
    if a[mid] < a[lo] { a.swapAt(mid, lo) }
    if a[hi] < a[lo] { a.swapAt(hi, lo) }
    if a[hi] < a[mid] { a.swapAt(hi, mid) }
    let pivot = a[mid]
    var i = lo
    var j = hi
    while i <= j {
      while a[i] < pivot { i += 1 }
      while a[j] > pivot { j -= 1 }
      if i <= j {
        a.swapAt(i, j)
        i += 1
        j -= 1
      }
    }
    if k <= j {
      hi = j
    } else if k >= i {
      lo = i
    } else {
      return a[k]
    }
  }
  return a[k]
}

/// The value at 1-based `rank` of the ascending multiset where `values[i]`
/// occurs `weights[i]` times (`1 <= rank <=` the total weight): selection
/// with a three-way partition around median-of-three pivots, reordering both
/// buffers alike. Deterministic; equal values are one block, so the answer
/// does not depend on how ties are ordered.
func weightedSelect(
  _ values: UnsafeMutableBufferPointer<Double>, _ weights: UnsafeMutableBufferPointer<Int>,
  rank: Int
) -> Double {
  var lo = 0
  var hi = values.count - 1
  var need = rank
  func swap(_ i: Int, _ j: Int) {
    values.swapAt(i, j)
    weights.swapAt(i, j)
  }
  while lo < hi {
    let mid = lo + (hi - lo) / 2
    let a = values[lo]
    let b = values[mid]
    let c = values[hi]
    let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
    var lt = lo
    var i = lo
    var gt = hi
    var below = 0
    var equal = 0
    while i <= gt {
      let v = values[i]
      if v < pivot {
        below += weights[i]
        swap(lt, i)
        lt += 1
        i += 1
      } else if v > pivot {
        swap(i, gt)
        gt -= 1
      } else {
        equal += weights[i]
        i += 1
      }
    }
    if need <= below {
      hi = lt - 1
    } else if need <= below + equal {
      return pivot
    } else {
      need -= below + equal
      lo = gt + 1
    }
  }
  return values[lo]
}
