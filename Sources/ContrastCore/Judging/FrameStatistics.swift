/// The statistics of the frames one item takes at each text size, from one
/// collection of its pixels: the samples of the union of the frames and the
/// ratio of each of their entries (SPEC §3.8: the backdrop does not change
/// with the text size, so neither do the ratios of a pixel).
///
/// A frame is a contiguous range of the union's pixels (row-major; the
/// frames of one item span the same columns), given as a ``Span`` of the
/// union's entries. The reference takes each frame on its own:
/// ``ContrastStatistics/init(ratios:counts:threshold:)`` over the frame's
/// entries. The fast path here gives the same bits without a pass over each
/// frame: every entry's ``BucketSelect`` bucket is found once, the buckets'
/// weights follow the frame as it grows (only the entries it gains and its
/// edge entries change), and then
/// - a percentile, the least and the greatest ratio are found among the
///   entries of one bucket that lie in the frame (a bucket's entries are
///   kept in order, so those in the frame are one run of them);
/// - the failing pixels are the weights of the buckets below the
///   threshold's, and those below it in its bucket;
/// - the mean is of an exact sum (``RatioSum``): the difference of two
///   sums from the start, each from a checkpoint every 64 entries (exact
///   sums do not depend on the order of their terms).
///
/// Frames given in ascending order of size cost about one pass over the
/// union in all; any other order is still exact, each frame that does not
/// contain the previous one costing a pass over both.
final class FrameStatistics {
  /// Below this many entries the reference is cheaper than the buckets.
  static let smallest = BucketSelect.smallest

  /// A frame: the union's entries it touches, the first and last trimmed to
  /// the pixels inside (``ItemSamples/EntryRange`` without the counts
  /// between, which are the entries' own).
  struct Span: Equatable {
    var entries: Range<Int>
    var firstCount: Int
    var lastCount: Int
    var pixelCount: Int
  }

  private let ratios: [Double]
  /// How many pixels each entry of the union stands for.
  private let counts: [Int]
  /// The fast path's state, nil where the reference runs (few entries, or a
  /// ratio outside the buckets' range).
  private let buckets: Buckets?

  /// Statistics of frames of the samples whose entries have `ratios`
  /// (one per entry) and stand for `counts` pixels each.
  init(ratios: [Double], counts: [Int]) {
    precondition(ratios.count == counts.count, "one ratio per entry")
    self.ratios = ratios
    self.counts = counts
    buckets = ratios.count < Self.smallest ? nil : Buckets(ratios: ratios, counts: counts)
  }

  /// The span of pixels `pixels` (within the union's, row-major) given the
  /// first pixel of each entry (``ItemSamples/pixelOffsets()``).
  static func span(ofPixels pixels: Range<Int>, offsets: [Int]) -> Span {
    precondition(!pixels.isEmpty && pixels.upperBound <= offsets.last!, "pixels out of range")
    // The last entry starting at or before a pixel (binary search).
    func entry(containing pixel: Int) -> Int {
      var lo = 0
      var hi = offsets.count - 2
      while lo < hi {
        let mid = (lo + hi + 1) / 2
        if offsets[mid] <= pixel { lo = mid } else { hi = mid - 1 }
      }
      return lo
    }
    let first = entry(containing: pixels.lowerBound)
    let last = entry(containing: pixels.upperBound - 1)
    let firstCount = Swift.min(offsets[first + 1], pixels.upperBound) - pixels.lowerBound
    let lastCount = pixels.upperBound - Swift.max(offsets[last], pixels.lowerBound)
    return Span(
      entries: first..<(last + 1), firstCount: first == last ? lastCount : firstCount,
      lastCount: lastCount, pixelCount: pixels.count)
  }

  /// The positions of `list[within]` (entries in ascending order) whose
  /// entries lie in `span`: one run of them, found by binary search.
  static func run(of list: [Int32], in within: Range<Int>, inside span: Span) -> Range<Int> {
    func firstAtLeast(_ entry: Int) -> Int {
      var lo = within.lowerBound
      var hi = within.upperBound
      while lo < hi {
        let mid = (lo + hi) / 2
        if Int(list[mid]) < entry { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
    return firstAtLeast(span.entries.lowerBound)..<firstAtLeast(span.entries.upperBound)
  }

  /// The entry range of `span`, its counts written out.
  func entryRange(_ span: Span) -> ItemSamples.EntryRange {
    Self.entryRange(span, counts: counts)
  }

  /// The entry range of `span` of entries standing for `counts` pixels each.
  static func entryRange(_ span: Span, counts: [Int]) -> ItemSamples.EntryRange {
    var c = Array(counts[span.entries])
    c[0] = span.firstCount
    c[c.count - 1] = span.lastCount
    return ItemSamples.EntryRange(entries: span.entries, counts: c)
  }

  /// The statistics of the pixels of `span` against `threshold`: bit for
  /// bit those of ``reference(of:threshold:)``.
  func statistics(of span: Span, threshold: Double) -> ContrastStatistics {
    guard let buckets else { return reference(of: span, threshold: threshold) }
    let n = span.pixelCount
    buckets.move(to: span)
    // The same frame against another threshold (Bold Text making text
    // large at one size): only its failing pixels are counted again.
    var stats: ContrastStatistics
    if let last = lastFrame, last.span == span {
      stats = last.statistics
    } else {
      func rank(_ p: Int) -> Int { Swift.max((p * n + 99) / 100, 1) }
      let v = buckets.values(atRanks: [rank(5), rank(10), rank(50)], in: span)
      stats = ContrastStatistics(
        min: buckets.lowest(in: span), p05: v[0], p10: v[1], median: v[2],
        mean: buckets.sum(of: span).mean(over: n), max: buckets.highest(in: span),
        failingFraction: 0)
      lastFrame = (span, stats)
    }
    stats.failingFraction = Double(buckets.pixels(below: threshold, in: span)) / Double(n)
    return stats
  }

  /// The last frame asked about and its statistics but the failing share.
  private var lastFrame: (span: Span, statistics: ContrastStatistics)?

  /// The reference: the frame's entries on their own.
  func reference(of span: Span, threshold: Double) -> ContrastStatistics {
    let range = entryRange(span)
    return ContrastStatistics(
      ratios: range.ratios(of: ratios), counts: range.counts, threshold: threshold)
  }

  /// Every entry's bucket, the entries of each bucket (ascending), the
  /// weight each bucket holds in the current frame, and exact sums from the
  /// start.
  private final class Buckets {
    let ratios: [Double]
    let counts: [Int]
    /// The bucket of each entry.
    let bucketOf: [Int32]
    /// The entries of bucket b are `members[starts[b]..<starts[b + 1]]`, ascending.
    let starts: [Int]
    let members: [Int32]
    /// `checkpoints[j]`: the exact sum of ratio x pixels over entries
    /// `0..<(j * stride)`, whole (a frame's sum is a difference of two, with
    /// fewer than `stride` entries added at each end: exact sums do not
    /// depend on the order of their terms).
    let checkpoints: [RatioSum.Wide]
    static let stride = 64
    /// Pixels of the current frame in each bucket.
    var weights: [Int]
    /// The current frame (none at first).
    var current: Span?
    /// Room to gather one bucket's entries in a frame.
    var scratchValues: [Double] = []
    var scratchWeights: [Int] = []
    /// The finer split of each bucket that has been asked about with many
    /// entries in the frame (the ratios of an item over smooth glass crowd
    /// into a few buckets), its weights following the frame from then on.
    /// (Empty until a bucket is first split: most frames never need it.)
    var fine: [Fine?] = []
    /// Where each split bucket's part weights start in `fineWeights` (-1:
    /// not split), and its parts' shift and count: kept apart from `fine`
    /// so that following the frame touches plain numbers only.
    var fineBase: [Int] = []
    var fineShift: [UInt64] = []
    var fineParts: [Int] = []
    /// The pixels of the current frame in each part of each split bucket.
    var fineWeights: [Int] = []
    /// The ratio every entry of a crowded bucket holds, when they all hold
    /// one (NaN: they do not), found the first time the bucket is asked
    /// about. Most crowded buckets are such: a flat backdrop gives many
    /// entries one ratio, and a query there needs no selection at all.
    var uniform: [Int: Double] = [:]

    /// One bucket split by the next ``bits`` bits of the ratios' patterns
    /// (enough for a few entries a part, 12 at most): its entries by part,
    /// ascending in each part.
    final class Fine {
      static let mostBits: UInt64 = 12
      let shift: UInt64
      let parts: Int
      let starts: [Int]
      let members: [Int32]
      /// Where its parts' weights start in the buckets' `fineWeights`.
      let base: Int
      /// The ratio every entry of a crowded part holds, when they all hold
      /// one (NaN: they do not), found the first time the part is asked about.
      var uniform: [Int: Double] = [:]

      /// The one ratio of every entry of part `p`, if they all hold one
      /// (nil also when the part is small: its entries are cheap to scan).
      func uniformRatio(part p: Int, ratios: [Double]) -> Double? {
        Buckets.uniformRatio(
          of: members[starts[p]..<starts[p + 1]], ratios: ratios, cache: &uniform, key: p)
      }

      @inline(__always)
      static func part(_ ratio: Double, shift: UInt64, parts: Int) -> Int {
        Int((ratio.bitPattern >> shift) & UInt64(parts - 1))
      }

      func part(_ ratio: Double) -> Int { Self.part(ratio, shift: shift, parts: parts) }

      /// The split of `entries` (one bucket's, ascending), each weighing
      /// its pixels inside `span`, the current frame (`counts`, trimmed at
      /// the frame's edges; none outside it), its weights appended to
      /// `weights`.
      init(
        entries: ArraySlice<Int32>, ratios: [Double], counts: [Int], span: Span,
        weights: inout [Int]
      ) {
        // About eight entries a part: the parts' tables stay small for a
        // bucket of a few hundred entries.
        var b: UInt64 = 4
        while b < Self.mostBits, (entries.count >> Int(b)) > 8 { b += 1 }
        shift = BucketSelect.shift - b
        parts = 1 << Int(b)
        base = weights.count
        weights += repeatElement(0, count: parts)
        var starts = [Int](repeating: 0, count: parts + 1)
        var members = [Int32](repeating: 0, count: entries.count)
        let (shift, parts, base) = (self.shift, self.parts, self.base)
        let (lo, hi) = (span.entries.lowerBound, span.entries.upperBound)
        ratios.withUnsafeBufferPointer { r in
          counts.withUnsafeBufferPointer { c in
            weights.withUnsafeMutableBufferPointer { w in
              starts.withUnsafeMutableBufferPointer { st in
                for k32 in entries {
                  let k = Int(k32)
                  let p = Self.part(r[k], shift: shift, parts: parts)
                  st[p + 1] += 1
                  guard k >= lo, k < hi else { continue }
                  w[base + p] +=
                    k == lo ? span.firstCount : k == hi - 1 ? span.lastCount : c[k]
                }
                for p in 0..<parts { st[p + 1] += st[p] }
              }
            }
            var cursor = starts
            cursor.withUnsafeMutableBufferPointer { at in
              members.withUnsafeMutableBufferPointer { m in
                for k in entries {
                  let p = Self.part(r[Int(k)], shift: shift, parts: parts)
                  m[at[p]] = k
                  at[p] += 1
                }
              }
            }
          }
        }
        self.starts = starts
        self.members = members
      }

      /// The entries of part `p` inside `span`: one run of its members.
      func inFrame(part p: Int, span: Span) -> Range<Int> {
        FrameStatistics.run(of: members, in: starts[p]..<starts[p + 1], inside: span)
      }
    }

    /// The one ratio of every entry of `entries` (cached under `key`), if
    /// they are many and all hold one: then every pixel of them in any
    /// frame has that ratio, exactly as the reference would find it.
    static func uniformRatio(
      of entries: ArraySlice<Int32>, ratios: [Double], cache: inout [Int: Double], key: Int
    ) -> Double? {
      guard entries.count > BucketSelect.largestCompared else { return nil }
      if let u = cache[key] { return u.isNaN ? nil : u }
      let u = ratios.withUnsafeBufferPointer { r -> Double in
        let first = r[Int(entries.first!)]
        for k in entries where r[Int(k)] != first { return .nan }
        return first
      }
      cache[key] = u
      return u.isNaN ? nil : u
    }

    /// The one ratio of every entry of bucket `b`, if they are many and
    /// all hold one.
    func uniformRatio(bucket b: Int) -> Double? {
      Self.uniformRatio(
        of: members[starts[b]..<starts[b + 1]], ratios: ratios, cache: &uniform, key: b)
    }

    /// Bucket `b` split finer when it holds many entries of the frame
    /// `span` (the current one), else nil.
    func split(_ b: Int, span: Span) -> Fine? {
      if !fine.isEmpty, let f = fine[b] { return f }
      let inside = inFrame(bucket: b, span: span)
      guard inside.count > BucketSelect.largestCompared else { return nil }
      if fine.isEmpty {
        fine = Array(repeating: nil, count: BucketSelect.bucketCount)
        fineBase = Array(repeating: -1, count: BucketSelect.bucketCount)
        fineShift = Array(repeating: 0, count: BucketSelect.bucketCount)
        fineParts = Array(repeating: 1, count: BucketSelect.bucketCount)
      }
      let f = Fine(
        entries: members[starts[b]..<starts[b + 1]], ratios: ratios, counts: counts, span: span,
        weights: &fineWeights)
      fine[b] = f
      fineBase[b] = f.base
      fineShift[b] = f.shift
      fineParts[b] = f.parts
      return f
    }

    init?(ratios: [Double], counts: [Int]) {
      let count = BucketSelect.bucketCount
      let n = ratios.count
      // (Every entry's bucket is written by the pass: no zeros first.)
      var bucketOf = [Int32](unsafeUninitializedCapacity: n) { _, initialized in initialized = n }
      var sizes = [Int](repeating: 0, count: count + 1)
      var checkpoints = [RatioSum.Wide](repeating: RatioSum.Wide(), count: n / Self.stride + 1)
      // (In C: a run of entries in one bucket is counted in a register.)
      let inRange = ratios.withUnsafeBufferPointer { r in
        counts.withUnsafeBufferPointer { c in
          bucketOf.withUnsafeMutableBufferPointer { of in
            sizes.withUnsafeMutableBufferPointer { sz in
              checkpoints.withUnsafeMutableBufferPointer { cp in
                FastEngine.frameBuckets(
                  ratios: r, counts: c, stride: Self.stride, bucketOf: of, sizes: sz,
                  checkpoints: cp)
              }
            }
          }
        }
      }
      guard inRange else { return nil }
      for b in 0..<count { sizes[b + 1] += sizes[b] }
      var cursor = sizes
      let members = [Int32](unsafeUninitializedCapacity: n) { out, initialized in
        bucketOf.withUnsafeBufferPointer { of in
          cursor.withUnsafeMutableBufferPointer { at in
            FastEngine.frameMembers(bucketOf: of, cursor: at, into: out)
          }
        }
        initialized = n
      }
      self.ratios = ratios
      self.counts = counts
      self.bucketOf = bucketOf
      self.starts = sizes
      self.members = members
      self.checkpoints = checkpoints
      weights = [Int](repeating: 0, count: count)
    }

    /// The pixels entry `k` stands for inside `span` (`k` in it).
    @inline(__always)
    func count(_ k: Int, in span: Span) -> Int {
      if k == span.entries.lowerBound { return span.firstCount }
      if k == span.entries.upperBound - 1 { return span.lastCount }
      return counts[k]
    }

    /// The exact sum of ratio x pixels over entries `0..<end`, whole.
    func sum(upTo end: Int) -> RatioSum.Wide {
      let j = end / Self.stride
      var s = checkpoints[j]
      for k in (j * Self.stride)..<end {
        s = s + RatioSum.Wide.product(UInt64(ratios[k] * 0x1p52), UInt64(counts[k]))
      }
      return s
    }

    /// The exact sum of ratio x pixels over `span`.
    func sum(of span: Span) -> RatioSum.Wide {
      let first = span.entries.lowerBound
      let last = span.entries.upperBound - 1
      func scaled(_ k: Int) -> UInt64 { UInt64(ratios[k] * 0x1p52) }
      var s = sum(upTo: last + 1) - sum(upTo: first)
      s = s - RatioSum.Wide.product(scaled(first), UInt64(counts[first] - span.firstCount))
      if last != first {
        s = s - RatioSum.Wide.product(scaled(last), UInt64(counts[last] - span.lastCount))
      }
      return s
    }

    /// Makes `weights` those of `span`.
    func move(to span: Span) {
      // (Through pointers taken once: a class's arrays are otherwise
      // checked for exclusive access at every entry. Runs of whole
      // entries are added in C.)
      let old = current
      current = span
      weights.withUnsafeMutableBufferPointer { w in
        fineWeights.withUnsafeMutableBufferPointer { fw in
          fineBase.withUnsafeBufferPointer { fb in
            fineShift.withUnsafeBufferPointer { fs in
              fineParts.withUnsafeBufferPointer { fp in
                ratios.withUnsafeBufferPointer { r in
                  counts.withUnsafeBufferPointer { c in
                    bucketOf.withUnsafeBufferPointer { of in
                      func add(_ range: Range<Int>, sign: Int) {
                        FastEngine.frameAdd(
                          range, sign: sign, bucketOf: of, counts: c, ratios: r, weights: w,
                          fine: (fb, fs, fp, fw))
                      }
                      func add(_ k: Int, _ n: Int) {
                        let b = Int(of[k])
                        w[b] += n
                        if !fb.isEmpty, fb[b] >= 0 {
                          fw[fb[b] + Fine.part(r[k], shift: fs[b], parts: fp[b])] += n
                        }
                      }
                      func edges(_ s: Span) -> [Int] {
                        s.entries.count == 1
                          ? [s.entries.lowerBound]
                          : [s.entries.lowerBound, s.entries.upperBound - 1]
                      }
                      if let old, span.entries.lowerBound <= old.entries.lowerBound,
                        span.entries.upperBound >= old.entries.upperBound
                      {
                        // It contains the old frame: the old edges count
                        // whole, the new entries are added whole, then the
                        // new edges are trimmed.
                        for k in edges(old) { add(k, c[k] - count(k, in: old)) }
                        add(span.entries.lowerBound..<old.entries.lowerBound, sign: 1)
                        add(old.entries.upperBound..<span.entries.upperBound, sign: 1)
                        for k in edges(span) { add(k, count(k, in: span) - c[k]) }
                      } else {
                        if let old {
                          add(old.entries, sign: -1)
                          for k in edges(old) { add(k, c[k] - count(k, in: old)) }
                        }
                        add(span.entries, sign: 1)
                        for k in edges(span) { add(k, count(k, in: span) - c[k]) }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }

    /// The entries of bucket `b` inside `span`: one run of its members.
    func inFrame(bucket b: Int, span: Span) -> Range<Int> {
      FrameStatistics.run(of: members, in: starts[b]..<starts[b + 1], inside: span)
    }

    /// The least ratio of the current frame, `span`.
    func lowest(in span: Span) -> Double {
      let b = firstNonEmpty(weights, from: 0, step: 1)
      if let u = uniformRatio(bucket: b) { return u }
      var (list, run) = (members, inFrame(bucket: b, span: span))
      if let f = split(b, span: span) {
        let p = firstNonEmpty(fineWeights, from: f.base, step: 1) - f.base
        if let u = f.uniformRatio(part: p, ratios: ratios) { return u }
        (list, run) = (f.members, f.inFrame(part: p, span: span))
      }
      var v = Double.infinity
      for i in run { v = Swift.min(v, ratios[Int(list[i])]) }
      return v
    }

    /// The greatest ratio of the current frame, `span`.
    func highest(in span: Span) -> Double {
      let b = firstNonEmpty(weights, from: weights.count - 1, step: -1)
      if let u = uniformRatio(bucket: b) { return u }
      var (list, run) = (members, inFrame(bucket: b, span: span))
      if let f = split(b, span: span) {
        let p = firstNonEmpty(fineWeights, from: f.base + f.parts - 1, step: -1) - f.base
        if let u = f.uniformRatio(part: p, ratios: ratios) { return u }
        (list, run) = (f.members, f.inFrame(part: p, span: span))
      }
      var v = -Double.infinity
      for i in run { v = Swift.max(v, ratios[Int(list[i])]) }
      return v
    }

    /// The pixels of the current frame, `span`, whose ratio is below `threshold`.
    func pixels(below threshold: Double, in span: Span) -> Int {
      guard threshold > 1 else { return 0 }
      guard threshold < 32 else { return span.pixelCount }
      let t = Int((threshold.bitPattern >> BucketSelect.shift) - BucketSelect.base)
      var below = total(weights, 0..<t)
      // A bucket (or part) whose entries hold one ratio: all of its pixels
      // in the frame are below, or none.
      if let u = uniformRatio(bucket: t) { return below + (u < threshold ? weights[t] : 0) }
      var (list, run) = (members, inFrame(bucket: t, span: span))
      if let f = split(t, span: span) {
        let p = f.part(threshold)
        below += total(fineWeights, f.base..<(f.base + p))
        if let u = f.uniformRatio(part: p, ratios: ratios) {
          return below + (u < threshold ? fineWeights[f.base + p] : 0)
        }
        (list, run) = (f.members, f.inFrame(part: p, span: span))
      }
      for i in run {
        let k = Int(list[i])
        if ratios[k] < threshold { below += count(k, in: span) }
      }
      return below
    }

    /// The first index from `start` on (in steps of `step`) whose weight
    /// is not zero (one exists).
    func firstNonEmpty(_ weights: [Int], from start: Int, step: Int) -> Int {
      weights.withUnsafeBufferPointer { w in
        var i = start
        while w[i] == 0 { i += step }
        return i
      }
    }

    /// The sum of `weights[range]`.
    func total(_ weights: [Int], _ range: Range<Int>) -> Int {
      weights.withUnsafeBufferPointer { w in
        var sum = 0
        for i in range { sum += w[i] }
        return sum
      }
    }

    /// The index from `start` on where the cumulative weight, counting
    /// `below` before `start`, first reaches `rank`; and the weight before it.
    func locate(rank: Int, in weights: [Int], from start: Int, below: Int) -> (Int, Int) {
      weights.withUnsafeBufferPointer { w in
        var i = start
        var before = below
        while before + w[i] < rank {
          before += w[i]
          i += 1
        }
        return (i, before)
      }
    }

    /// The values at the 1-based ascending `ranks` of the pixels of the
    /// current frame, `span`.
    func values(atRanks ranks: [Int], in span: Span) -> [Double] {
      var out: [Double] = []
      var below = 0
      var b = 0
      for r in ranks {
        let (at, before) = locate(rank: r, in: weights, from: b, below: below)
        (b, below) = (at, before)
        out.append(value(atRank: r - below, inBucket: b, span: span))
      }
      return out
    }

    /// The value at 1-based `rank` among the pixels of bucket `b` inside
    /// `span`: in the part of its finer split that holds the rank when it
    /// has many, then selected as ``BucketSelect`` selects inside a bucket.
    func value(atRank rank: Int, inBucket b: Int, span: Span) -> Double {
      if let u = uniformRatio(bucket: b) { return u }
      guard let f = split(b, span: span) else {
        return value(
          atRank: rank, of: members, inside: inFrame(bucket: b, span: span), span: span,
          radix: true)
      }
      let (at, below) = locate(rank: rank, in: fineWeights, from: f.base, below: 0)
      let p = at - f.base
      if let u = f.uniformRatio(part: p, ratios: ratios) { return u }
      return value(
        atRank: rank - below, of: f.members, inside: f.inFrame(part: p, span: span), span: span,
        radix: false)
    }

    /// The value at 1-based `rank` among the pixels of entries
    /// `list[inside]` (ascending entries, all in `span`), with the radix
    /// selection on the bits below a bucket's when they are one bucket's.
    func value(
      atRank rank: Int, of list: [Int32], inside: Range<Int>, span: Span, radix: Bool
    ) -> Double {
      let m = inside.count
      if scratchValues.count < m {
        scratchValues = [Double](repeating: 0, count: m)
        scratchWeights = [Int](repeating: 0, count: m)
      }
      return scratchValues.withUnsafeMutableBufferPointer { allValues in
        scratchWeights.withUnsafeMutableBufferPointer { allWeights in
          ratios.withUnsafeBufferPointer { r in
            counts.withUnsafeBufferPointer { c in
              for (j, i) in inside.enumerated() {
                let k = Int(list[i])
                allValues[j] = r[k]
                allWeights[j] = c[k]
              }
            }
          }
          // The frame's edge entries count only their pixels inside it
          // (members ascend, so an edge entry here is the first or last).
          for j in [0, m - 1] {
            allWeights[j] = count(Int(list[inside.lowerBound + j]), in: span)
          }
          let v = UnsafeMutableBufferPointer(rebasing: allValues[0..<m])
          let w = UnsafeMutableBufferPointer(rebasing: allWeights[0..<m])
          if radix, v.count > BucketSelect.largestCompared,
            let r = FastEngine.selectInBucket(
              v, weights: w.baseAddress, rank: rank, shift: BucketSelect.shift - 10)
          {
            return r
          }
          return weightedSelect(v, w, rank: rank)
        }
      }
    }
  }
}
