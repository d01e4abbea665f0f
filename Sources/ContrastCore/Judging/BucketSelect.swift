/// The values at given ranks of a multiset of contrast ratios, in two linear
/// passes instead of a selection per rank.
///
/// A finite double's bit pattern orders like its value among non-negative
/// numbers, so the top bits of the pattern name a bucket, and buckets order
/// like the values they hold. The first pass weighs every bucket; the
/// cumulative weights then name the bucket that holds each rank; the second
/// pass gathers only those buckets, and an exact selection inside each gives
/// the value. The answer is one of the input values, the same one any other
/// exact selection returns.
///
/// Buckets cover [1, 32) (contrast ratios lie in [1, 21]) with 1,024 buckets
/// per power of two; a value outside that range makes ``values(atRanks:of:weights:)``
/// return nil, and the caller selects the usual way.
enum BucketSelect {
  /// Bits of the pattern dropped: 52 - 42 = 10 mantissa bits kept.
  static let shift: UInt64 = 42
  static let base: UInt64 = (1.0).bitPattern >> shift
  static let bucketCount = Int(((32.0).bitPattern >> shift) - base)

  /// Below this many values, plain selection is cheaper than clearing the buckets.
  static let smallest = 4096
  /// Up to this many values in a bucket, selection by comparisons (cheaper
  /// than clearing the radix selection's counters).
  static let largestCompared = 256

  /// The values at the 1-based `ranks` (ascending, each at most the total
  /// weight) of the multiset where `values[i]` occurs `weights[i]` times (once
  /// each without weights); nil when a value lies outside [1, 32).
  static func values(
    atRanks ranks: [Int], of values: UnsafeBufferPointer<Double>,
    weights: UnsafeBufferPointer<Int>?
  ) -> [Double]? {
    let n = values.count
    guard n > 0 else { return nil }
    // Per bucket: the weight it holds and how many values.
    let hist = UnsafeMutablePointer<Int>.allocate(capacity: 2 * bucketCount)
    hist.initialize(repeating: 0, count: 2 * bucketCount)
    defer { hist.deallocate() }
    let entries = hist + bucketCount
    // (The C loop the model's statistics loop shares: runs of values in one
    // bucket are counted once.)
    guard
      FastEngine.bucketHistogram(
        values, weights: weights?.baseAddress, shift: shift, base: base, buckets: bucketCount,
        into: hist, entries)
    else { return nil }
    return select(
      atRanks: ranks, of: values, weights: weights, bucketWeights: hist, bucketEntries: entries)
  }

  /// ``values(atRanks:of:weights:)`` once the weight and the number of
  /// values of every bucket are known (`bucketWeights` and `bucketEntries`,
  /// ``bucketCount`` each; every value has a bucket).
  static func select(
    atRanks ranks: [Int], of values: UnsafeBufferPointer<Double>,
    weights: UnsafeBufferPointer<Int>?, bucketWeights hist: UnsafePointer<Int>,
    bucketEntries entries: UnsafePointer<Int>
  ) -> [Double] {
    let limit = UInt64(bucketCount)
    // The bucket holding each rank, and the rank inside it.
    var targets: [(bucket: Int, rank: Int)] = []
    var below = 0
    var b = 0
    var previous = 1
    for r in ranks {
      precondition(r >= previous, "ranks ascend from 1")
      previous = r
      while b < bucketCount && below + hist[b] < r {
        below += hist[b]
        b += 1
      }
      precondition(b < bucketCount, "rank beyond the total weight")
      targets.append((b, r - below))
    }

    // Gather the distinct target buckets (at most three).
    var buckets: [Int] = []
    for t in targets where buckets.last != t.bucket { buckets.append(t.bucket) }
    precondition(buckets.count <= 3, "at most three ranks")
    let sizes = buckets.map { entries[$0] }
    let total = sizes.reduce(0, +)
    let gathered = UnsafeMutablePointer<Double>.allocate(capacity: total)
    let gatheredWeights = UnsafeMutablePointer<Int>.allocate(capacity: weights == nil ? 0 : total)
    defer {
      gathered.deallocate()
      gatheredWeights.deallocate()
    }
    // Cursors, and the keys (a key no value has where there is no bucket).
    var starts = [0, 0, 0]
    for j in 1..<buckets.count { starts[j] = starts[j - 1] + sizes[j - 1] }
    // The copying pass (AVX2 where the level allows it).
    let keys: [UInt64] = [
      UInt64(buckets[0]), buckets.count > 1 ? UInt64(buckets[1]) : limit,
      buckets.count > 2 ? UInt64(buckets[2]) : limit,
    ]
    var cursors = starts
    FastEngine.gatherBuckets(
      values, weights: weights?.baseAddress, shift: shift, base: base, keys: keys,
      into: gathered, weights == nil ? nil : gatheredWeights, cursors: &cursors)

    // In a bucket of more than `largestCompared` values, a radix selection
    // on the next bits, with no data-dependent branch (ties end it at
    // once), for all of the bucket's ranks together: their first level's
    // bins counted once.
    var answers = [Double?](repeating: nil, count: targets.count)
    for (j, bucket) in buckets.enumerated() where sizes[j] > largestCompared {
      let these = targets.indices.filter { targets[$0].bucket == bucket }
      let v = UnsafeMutableBufferPointer(start: gathered + starts[j], count: sizes[j])
      let selected = FastEngine.selectInBucket(
        v, weights: weights == nil ? nil : gatheredWeights + starts[j],
        ranks: these.map { targets[$0].rank }, shift: shift - 10)
      for (k, r) in zip(these, selected) { answers[k] = r }
    }
    return targets.indices.map { k in
      if let r = answers[k] { return r }
      let t = targets[k]
      let j = buckets.firstIndex(of: t.bucket)!
      let v = UnsafeMutableBufferPointer(start: gathered + starts[j], count: sizes[j])
      guard weights != nil else { return quickselect(v, t.rank - 1, from: 0) }
      let w = gatheredWeights + starts[j]
      return weightedSelect(v, UnsafeMutableBufferPointer(start: w, count: sizes[j]), rank: t.rank)
    }
  }
}

/// The bucket histogram of an item's ratios as the kernel's statistics loop
/// built it (``BucketSelect``'s buckets: per bucket the pixels, then per
/// bucket the entries), kept so that a later selection among the same ratios
/// need not count them again.
public struct RatioBuckets: Sendable {
  /// `bucketCount` weights, then `bucketCount` entry counts.
  let histogram: [Int]

  /// The value at 1-based entry `rank` of `ratios`, the ratios the histogram
  /// was built from (each entry once, whatever its pixels): what
  /// ``BucketSelect/values(atRanks:of:weights:)`` gives without weights.
  func value(atRank rank: Int, of ratios: [Double]) -> Double {
    histogram.withUnsafeBufferPointer { h in
      let entries = h.baseAddress! + BucketSelect.bucketCount
      return ratios.withUnsafeBufferPointer { values in
        BucketSelect.select(
          atRanks: [rank], of: values, weights: nil, bucketWeights: entries,
          bucketEntries: entries)[0]
      }
    }
  }
}
