/// The statistics of the frames one item takes at each text size, from one
/// collection of its pixels: the samples of the union of the frames and the
/// ratio of each of their entries (SPEC §3.8: the backdrop does not change
/// with the text size, so neither do the ratios of a pixel).
///
/// A frame is a contiguous range of the union's pixels (row-major; the
/// frames of one item span the same columns), given as an
/// ``ItemSamples/EntryRange``. The reference takes each frame on its own:
/// ``ContrastStatistics/init(ratios:counts:threshold:)`` over the frame's
/// entries. The fast path here gives the same bits in less work when the
/// frames nest, as frames growing with the text size do: every entry's
/// ``BucketSelect`` bucket is found once, the buckets' weights follow the
/// frame as it grows (only the entries it gains and its two edge entries
/// change), and a percentile is selected among the entries of one bucket
/// that lie in the frame. Min, max, mean and the failing share are summed
/// over the frame's entries in row-major order, as the reference sums them,
/// so the mean is the same double.
///
/// Frames given in ascending order of size cost about one pass over the
/// union in all; any other order is still exact, each frame that does not
/// contain the previous one costing a pass over both.
final class FrameStatistics {
  /// Below this many entries the reference is cheaper than the buckets.
  static let smallest = BucketSelect.smallest

  private let ratios: [Double]
  /// How many pixels each entry of the union stands for.
  private let counts: [Int]
  /// The fast path's state, nil where the reference runs (few entries, or a
  /// ratio outside the buckets' range).
  private var buckets: Buckets?

  /// Statistics of frames of the samples whose entries have `ratios`
  /// (one per entry) and stand for `counts` pixels each.
  init(ratios: [Double], counts: [Int]) {
    precondition(ratios.count == counts.count, "one ratio per entry")
    self.ratios = ratios
    self.counts = counts
    buckets = ratios.count < Self.smallest ? nil : Buckets(ratios: ratios)
  }

  /// The statistics of the pixels of `range` against `threshold`: bit for
  /// bit those of ``reference(of:threshold:)``.
  func statistics(of range: ItemSamples.EntryRange, threshold: Double) -> ContrastStatistics {
    guard let buckets else { return reference(of: range, threshold: threshold) }
    let n = range.pixelCount
    precondition(n > 0, "statistics of no pixel")
    var sum = 0.0
    var failing = 0
    var lo = Double.infinity
    var hi = -Double.infinity
    for (i, k) in range.entries.enumerated() {
      let r = ratios[k]
      let c = range.counts[i]
      sum += r * Double(c)
      if r < threshold { failing += c }
      lo = Swift.min(lo, r)
      hi = Swift.max(hi, r)
    }
    func rank(_ p: Int) -> Int { Swift.max((p * n + 99) / 100, 1) }
    buckets.move(to: range, counts: counts)
    let v = buckets.values(atRanks: [rank(5), rank(10), rank(50)], in: range, counts: counts)
    return ContrastStatistics(
      min: lo, p05: v[0], p10: v[1], median: v[2], mean: sum / Double(n), max: hi,
      failingFraction: Double(failing) / Double(n))
  }

  /// The reference: the frame's entries on their own.
  func reference(of range: ItemSamples.EntryRange, threshold: Double) -> ContrastStatistics {
    ContrastStatistics(ratios: range.ratios(of: ratios), counts: range.counts, threshold: threshold)
  }

  /// Every entry's bucket, the entries of each bucket (ascending), and the
  /// weight each bucket holds in the current frame.
  private final class Buckets {
    let ratios: [Double]
    /// The bucket of each entry.
    let bucketOf: [Int32]
    /// The entries of bucket b are `members[starts[b]..<starts[b + 1]]`, ascending.
    let starts: [Int]
    let members: [Int32]
    /// Pixels of the current frame in each bucket.
    var weights: [Int]
    /// The current frame (none at first).
    var current: ItemSamples.EntryRange?
    /// A large bucket's entries sorted by ratio (then entry), made when a
    /// rank first falls in it.
    var sorted: [Int: [Int32]] = [:]

    init?(ratios: [Double]) {
      let count = BucketSelect.bucketCount
      var bucketOf = [Int32](repeating: 0, count: ratios.count)
      var sizes = [Int](repeating: 0, count: count + 1)
      for (k, r) in ratios.enumerated() {
        guard r >= 1, r < 32 else { return nil }
        let b = Int((r.bitPattern >> BucketSelect.shift) - BucketSelect.base)
        bucketOf[k] = Int32(b)
        sizes[b + 1] += 1
      }
      for b in 0..<count { sizes[b + 1] += sizes[b] }
      var cursor = sizes
      var members = [Int32](repeating: 0, count: ratios.count)
      for k in 0..<ratios.count {
        let b = Int(bucketOf[k])
        members[cursor[b]] = Int32(k)
        cursor[b] += 1
      }
      self.ratios = ratios
      self.bucketOf = bucketOf
      self.starts = sizes
      self.members = members
      weights = [Int](repeating: 0, count: count)
    }

    /// The pixels entry `k` stands for inside `range` (`k` in it).
    func count(_ k: Int, in range: ItemSamples.EntryRange, counts: [Int]) -> Int {
      if k == range.entries.lowerBound { return range.counts[0] }
      if k == range.entries.upperBound - 1 { return range.counts[range.counts.count - 1] }
      return counts[k]
    }

    /// Makes `weights` those of `range`.
    func move(to range: ItemSamples.EntryRange, counts: [Int]) {
      func add(_ k: Int, _ c: Int) { weights[Int(bucketOf[k])] += c }
      func edges(_ r: ItemSamples.EntryRange) -> [Int] {
        r.entries.count == 1
          ? [r.entries.lowerBound] : [r.entries.lowerBound, r.entries.upperBound - 1]
      }
      if let old = current, range.entries.lowerBound <= old.entries.lowerBound,
        range.entries.upperBound >= old.entries.upperBound
      {
        // It contains the old frame: the old edges count whole, the new
        // entries are added whole, then the new edges are trimmed.
        for k in edges(old) { add(k, counts[k] - count(k, in: old, counts: counts)) }
        for k in range.entries.lowerBound..<old.entries.lowerBound { add(k, counts[k]) }
        for k in old.entries.upperBound..<range.entries.upperBound { add(k, counts[k]) }
        for k in edges(range) { add(k, count(k, in: range, counts: counts) - counts[k]) }
      } else {
        if let old = current {
          for k in old.entries { add(k, -count(k, in: old, counts: counts)) }
        }
        for k in range.entries { add(k, count(k, in: range, counts: counts)) }
      }
      current = range
    }

    /// The values at the 1-based ascending `ranks` of the pixels of the
    /// current frame, `range`.
    func values(atRanks ranks: [Int], in range: ItemSamples.EntryRange, counts: [Int]) -> [Double] {
      var out: [Double] = []
      var below = 0
      var b = 0
      for r in ranks {
        while below + weights[b] < r {
          below += weights[b]
          b += 1
        }
        out.append(value(atRank: r - below, inBucket: b, range: range, counts: counts))
      }
      return out
    }

    /// The value at 1-based `rank` among the pixels of bucket `b` inside `range`.
    func value(
      atRank rank: Int, inBucket b: Int, range: ItemSamples.EntryRange, counts: [Int]
    ) -> Double {
      let all = members[starts[b]..<starts[b + 1]]
      let inside = { (k: Int32) in range.entries.contains(Int(k)) }
      if all.count <= BucketSelect.largestCompared {
        var values: [Double] = []
        var weights: [Int] = []
        for k in all where inside(k) {
          values.append(ratios[Int(k)])
          weights.append(count(Int(k), in: range, counts: counts))
        }
        return values.withUnsafeMutableBufferPointer { v in
          weights.withUnsafeMutableBufferPointer { w in weightedSelect(v, w, rank: rank) }
        }
      }
      let order =
        sorted[b]
        ?? all.sorted { (ratios[Int($0)], $0) < (ratios[Int($1)], $1) }
      sorted[b] = order
      var seen = 0
      for k in order where inside(k) {
        seen += count(Int(k), in: range, counts: counts)
        if seen >= rank { return ratios[Int(k)] }
      }
      preconditionFailure("rank beyond the bucket's pixels")
    }
  }
}
