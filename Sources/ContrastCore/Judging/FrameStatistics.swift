/// The statistics of the frames one item takes at each text size, from one
/// collection of its pixels: the samples of the union of the frames and the
/// ratio of each of their entries (SPEC §3.8: the backdrop does not change
/// with the text size, so neither do the ratios of a pixel).
///
/// A frame is a contiguous range of the union's pixels (row-major; the
/// frames of one item span the same columns), given as a ``Span`` of the
/// union's entries. The reference takes each frame on its own:
/// ``ContrastStatistics/init(ratios:counts:threshold:)`` over the frame's
/// entries. The fast path here gives the same bits with about two passes over
/// the union for all of an item's frames. The frames are taken as chains of
/// nested frames (an item's frames at growing text sizes are one chain),
/// smallest first; each frame adds the ring of entries it gains over the
/// one inside it, in C (`cpk_ring_add`), to running
/// - weights of the ``BucketSelect`` buckets (and of blocks of 64 of them),
/// - the least and greatest ratio (a frame's are those of its entries, its
///   edge entries holding at least one of its pixels),
/// - the pixels below each threshold, and the exact sum of ratio x pixels
///   (``RatioSum``: exact sums do not depend on the order of their terms),
///
/// each entry counted whole; a frame's two edge entries, which may hold
/// pixels outside it, are then taken off by what they hold outside. The
/// weights name the bucket that holds each percentile's rank; after the
/// chain, one more pass (`cpk_ring_gather`) lists the entries of only those
/// buckets, and each percentile is selected among the entries of its bucket
/// inside its frame (a bucket's entries are kept in order, so those in a
/// frame are one run of them). A bucket crowded with many entries (the
/// ratios of an item over smooth glass) is split by the next bits of the
/// ratios (``Split``), its parts' weights following the frames as they
/// grow; a bucket whose entries all hold one ratio (a flat backdrop)
/// answers at once.
final class FrameStatistics {
  /// Below this many entries the reference is cheaper than the buckets.
  static let smallest = BucketSelect.smallest

  /// A frame: the union's entries it touches, the first and last trimmed to
  /// the pixels inside (``ItemSamples/EntryRange`` without the counts
  /// between, which are the entries' own).
  struct Span: Hashable {
    var entries: Range<Int>
    var firstCount: Int
    var lastCount: Int
    var pixelCount: Int
  }

  private let ratios: [Double]
  /// How many pixels each entry of the union stands for.
  private let counts: [Int]

  /// Statistics of frames of the samples whose entries have `ratios`
  /// (one per entry) and stand for `counts` pixels each.
  init(ratios: [Double], counts: [Int]) {
    precondition(ratios.count == counts.count, "one ratio per entry")
    self.ratios = ratios
    self.counts = counts
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
    statistics(of: [span], thresholds: [[threshold]])[0][0]
  }

  /// The statistics of each frame of `frames` against each of its
  /// `thresholds` (`result[i][j]`: frame `i`, its `j`-th threshold), bit for
  /// bit those of ``reference(of:threshold:)``. Frames in any order, alike
  /// or not; the frames of each chain of nested ones cost about two passes
  /// over the largest of them.
  func statistics(of frames: [Span], thresholds: [[Double]]) -> [[ContrastStatistics]] {
    precondition(frames.count == thresholds.count, "thresholds for each frame")
    // The distinct frames, each with the distinct thresholds asked of it.
    var distinct: [Span] = []
    var asked: [[Double]] = []
    var index: [Span: Int] = [:]
    for (f, ts) in zip(frames, thresholds) {
      let i = index[f] ?? distinct.count
      if i == distinct.count {
        index[f] = i
        distinct.append(f)
        asked.append([])
      }
      for t in ts where !asked[i].contains(t) { asked[i].append(t) }
    }
    var found = asked.map { [ContrastStatistics?](repeating: nil, count: $0.count) }
    if ratios.count >= Self.smallest {
      for chain in Self.chains(distinct) {
        guard
          let stats = chainStatistics(
            chain.map { distinct[$0] }, thresholds: chain.map { asked[$0] })
        else { continue }
        for (c, i) in chain.enumerated() { found[i] = stats[c] }
      }
    }
    return zip(frames, thresholds).map { f, ts in
      let i = index[f]!
      return ts.map { t in
        // (Few entries, or a ratio outside the buckets: the frame on its own.)
        found[i][asked[i].firstIndex(of: t)!] ?? reference(of: f, threshold: t)
      }
    }
  }

  /// The reference: the frame's entries on their own.
  func reference(of span: Span, threshold: Double) -> ContrastStatistics {
    let range = entryRange(span)
    return ContrastStatistics(
      ratios: range.values(of: ratios), counts: range.counts, threshold: threshold)
  }

  /// `spans` as chains of nested frames (by their entries), each smallest
  /// first: largest first, each frame joins the first chain whose smallest
  /// frame holds it.
  static func chains(_ spans: [Span]) -> [[Int]] {
    let order = spans.indices.sorted { a, b in
      let (x, y) = (spans[a], spans[b])
      if x.entries.count != y.entries.count { return x.entries.count > y.entries.count }
      return a < b
    }
    var chains: [[Int]] = []
    for i in order {
      let s = spans[i].entries
      if let c = chains.firstIndex(where: {
        let inner = spans[$0.last!].entries
        return inner.lowerBound <= s.lowerBound && s.upperBound <= inner.upperBound
      }) {
        chains[c].append(i)
      } else {
        chains.append([i])
      }
    }
    return chains.map { Array($0.reversed()) }
  }

  /// What the rings of a chain have added so far (``FastEngine/ringAdd(_:ratios:counts:into:)``),
  /// every entry counted whole.
  struct RingState {
    /// Pixels in each ``BucketSelect`` bucket, and in each block of 64 buckets.
    var weights = [Int](repeating: 0, count: BucketSelect.bucketCount)
    var blocks = [Int](repeating: 0, count: (BucketSelect.bucketCount + 63) / 64)
    /// Entries in each bucket.
    var sizes = [Int](repeating: 0, count: BucketSelect.bucketCount)
    var sum = RatioSum.Wide()
    var lowest = Double.infinity
    var highest = -Double.infinity

    /// Takes `pixels` off the bucket of `ratio` (negative: puts them back).
    mutating func remove(_ pixels: Int, ofRatio ratio: Double) {
      let b = FrameStatistics.bucket(of: ratio)
      weights[b] -= pixels
      blocks[b >> 6] -= pixels
    }

    /// The bucket holding each 1-based rank of `ranks` (ascending) and the
    /// rank inside it.
    func locate(_ ranks: [Int]) -> [(bucket: Int, rank: Int)] {
      var out: [(bucket: Int, rank: Int)] = []
      var block = 0
      var before = 0
      for r in ranks {
        while before + blocks[block] < r {
          before += blocks[block]
          block += 1
        }
        var b = block * 64
        var inside = before
        while inside + weights[b] < r {
          inside += weights[b]
          b += 1
        }
        out.append((b, r - inside))
      }
      return out
    }

    /// The pixels in the buckets below bucket `b`.
    func pixels(belowBucket b: Int) -> Int {
      var total = 0
      for i in 0..<(b >> 6) { total += blocks[i] }
      for i in ((b >> 6) * 64)..<b { total += weights[i] }
      return total
    }
  }

  /// The bucket of a ratio in [1, 32).
  @inline(__always)
  static func bucket(of ratio: Double) -> Int {
    Int((ratio.bitPattern >> BucketSelect.shift) - BucketSelect.base)
  }

  /// The frame's edge entries and the pixels each holds outside it.
  static func edges(_ s: Span, counts: UnsafeBufferPointer<Int>) -> [(entry: Int, outside: Int)] {
    let first = s.entries.lowerBound
    let last = s.entries.upperBound - 1
    if first == last { return [(first, counts[first] - s.lastCount)] }
    return [(first, counts[first] - s.firstCount), (last, counts[last] - s.lastCount)]
  }

  /// The pixels entry `k` (in `span`) stands for inside it.
  @inline(__always)
  static func count(_ k: Int, in span: Span, counts: [Int]) -> Int {
    if k == span.entries.lowerBound { return span.firstCount }
    if k == span.entries.upperBound - 1 { return span.lastCount }
    return counts[k]
  }

  /// What one frame of a chain asks of the buckets: the bucket of each of
  /// its three percentiles and the rank inside it; per threshold, the
  /// pixels in the buckets below the threshold's and, when its bucket holds
  /// pixels of the frame, that bucket and how many (its entries below the
  /// threshold are counted among them).
  struct FrameTargets {
    var ranks: [(bucket: Int, rank: Int)]
    var thresholds: [(threshold: Double, below: Int, bucket: (index: Int, pixels: Int)?)]
  }

  /// The statistics of a chain of nested frames (smallest first), each
  /// against its thresholds; nil when a ratio lies outside the buckets.
  private func chainStatistics(_ spans: [Span], thresholds asked: [[Double]])
    -> [[ContrastStatistics]]?
  {
    var ring = RingState()
    var stats: [[ContrastStatistics]] = []
    var targets: [FrameTargets] = []
    let complete = ratios.withUnsafeBufferPointer { r in
      counts.withUnsafeBufferPointer { c -> Bool in
        var previous: Span?
        for (j, s) in spans.enumerated() {
          let gained = previous.map {
            [
              s.entries.lowerBound..<$0.entries.lowerBound,
              $0.entries.upperBound..<s.entries.upperBound,
            ]
          }
          for piece in gained ?? [s.entries] {
            guard FastEngine.ringAdd(piece, ratios: r, counts: c, into: &ring) else { return false }
          }
          previous = s
          // The edge entries' pixels outside the frame, taken off while
          // the frame's buckets are read.
          let edges = Self.edges(s, counts: c)
          var sum = ring.sum
          for (k, outside) in edges where outside > 0 {
            sum = sum - RatioSum.Wide.product(UInt64(r[k] * 0x1p52), UInt64(outside))
            ring.remove(outside, ofRatio: r[k])
          }
          let n = s.pixelCount
          func rank(_ p: Int) -> Int { Swift.max((p * n + 99) / 100, 1) }
          targets.append(
            FrameTargets(
              ranks: ring.locate([rank(5), rank(10), rank(50)]),
              thresholds: asked[j].map { t in
                // (Every ratio lies in [1, 32).)
                guard t >= 1 else { return (t, 0, nil) }
                guard t < 32 else { return (t, n, nil) }
                let b = Self.bucket(of: t)
                let inside = ring.weights[b]
                return (t, ring.pixels(belowBucket: b), inside > 0 ? (b, inside) : nil)
              }))
          for (k, outside) in edges where outside > 0 { ring.remove(-outside, ofRatio: r[k]) }
          let mean = sum.mean(over: n)
          stats.append(
            asked[j].map { _ in
              ContrastStatistics(
                min: ring.lowest, p05: 0, p10: 0, median: 0, mean: mean, max: ring.highest,
                failingFraction: 0)
            })
        }
        return true
      }
    }
    guard complete else { return nil }

    // The entries of the buckets asked about, in the largest frame.
    var slot = [Int32](repeating: -1, count: BucketSelect.bucketCount)
    var buckets: [Int] = []
    for frame in targets {
      for b in frame.ranks.map(\.bucket) + frame.thresholds.compactMap(\.bucket?.index)
      where slot[b] < 0 {
        slot[b] = Int32(buckets.count)
        buckets.append(b)
      }
    }
    var starts = [0]
    for b in buckets { starts.append(starts.last! + ring.sizes[b]) }
    var members = [Int32](repeating: 0, count: starts.last!)
    var cursor = Array(starts.dropLast())
    ratios.withUnsafeBufferPointer { r in
      slot.withUnsafeBufferPointer { s in
        cursor.withUnsafeMutableBufferPointer { at in
          members.withUnsafeMutableBufferPointer { m in
            FastEngine.ringGather(spans.last!.entries, ratios: r, slot: s, cursor: at, into: m)
          }
        }
      }
    }
    var lists = buckets.indices.map { q in
      BucketList(entries: members[starts[q]..<starts[q + 1]])
    }
    // Frames in ascending order: a crowded bucket's split follows them.
    for (j, s) in spans.enumerated() {
      let values = targets[j].ranks.map { t in
        lists[Int(slot[t.bucket])].value(atRank: t.rank, in: s, ratios: ratios, counts: counts)
      }
      for (i, t) in targets[j].thresholds.enumerated() {
        var below = t.below
        if let b = t.bucket {
          below += lists[Int(slot[b.index])].pixels(
            below: t.threshold, in: s, bucketPixels: b.pixels, ratios: ratios, counts: counts)
        }
        stats[j][i].failingFraction = Double(below) / Double(s.pixelCount)
        (stats[j][i].p05, stats[j][i].p10, stats[j][i].median) = (values[0], values[1], values[2])
      }
    }
    return stats
  }

  /// The entries of one bucket in a chain's largest frame (ascending),
  /// asked about inside frames that grow.
  struct BucketList {
    let entries: ArraySlice<Int32>
    /// The one ratio all of them hold, when they do (NaN: they do not);
    /// nil until asked.
    var uniform: Double?
    /// Their split by the next bits of the ratios, once a frame holds many.
    var split: Split?

    init(entries: ArraySlice<Int32>) { self.entries = entries }

    /// A frame holds many of them, not all of one ratio: their split,
    /// following the frame; nil when few (or when all hold `uniform`).
    private mutating func crowded(_ run: Range<Int>, ratios: [Double]) -> Bool {
      guard run.count > BucketSelect.largestCompared else { return false }
      if uniform == nil { uniform = FrameStatistics.oneRatio(of: entries, ratios: ratios) }
      if uniform!.isNaN, split == nil { split = Split(entries: entries, ratios: ratios) }
      return true
    }

    /// The value at 1-based `rank` among the pixels of these entries inside
    /// `span` (a frame of the chain, asked in ascending order of frames).
    mutating func value(atRank rank: Int, in span: Span, ratios: [Double], counts: [Int])
      -> Double
    {
      let run = FrameStatistics.run(of: entries, inside: span)
      guard crowded(run, ratios: ratios) else {
        return FrameStatistics.select(
          rank: rank, of: entries[run], in: span, ratios: ratios, counts: counts)
      }
      if let u = uniform, !u.isNaN { return u }
      return split!.value(atRank: rank, run: run, in: span, ratios: ratios, counts: counts)
    }

    /// The pixels of these entries inside `span` whose ratio is below
    /// `threshold` (a frame of the chain, asked in ascending order), of
    /// `bucketPixels` pixels in all.
    mutating func pixels(
      below threshold: Double, in span: Span, bucketPixels: Int, ratios: [Double], counts: [Int]
    ) -> Int {
      let run = FrameStatistics.run(of: entries, inside: span)
      guard crowded(run, ratios: ratios) else {
        return FrameStatistics.pixels(
          below: threshold, of: entries[run], in: span, ratios: ratios, counts: counts)
      }
      if let u = uniform, !u.isNaN { return u < threshold ? bucketPixels : 0 }
      return split!.pixels(below: threshold, run: run, in: span, ratios: ratios, counts: counts)
    }
  }

  /// The one ratio every entry of `entries` (not empty) holds, or NaN when
  /// they hold more than one.
  static func oneRatio(of entries: ArraySlice<Int32>, ratios: [Double]) -> Double {
    let first = ratios[Int(entries[entries.startIndex])]
    return entries.allSatisfy { ratios[Int($0)] == first } ? first : .nan
  }

  /// The positions of `list` (entries in ascending order) whose entries lie
  /// in `span`: one run of them, found by binary search.
  static func run(of list: ArraySlice<Int32>, inside span: Span) -> Range<Int> {
    func firstAtLeast(_ entry: Int) -> Int {
      var lo = list.startIndex
      var hi = list.endIndex
      while lo < hi {
        let mid = (lo + hi) / 2
        if Int(list[mid]) < entry { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
    return firstAtLeast(span.entries.lowerBound)..<firstAtLeast(span.entries.upperBound)
  }

  /// The value at 1-based `rank` among the pixels of `entries` (all in
  /// `span`) inside `span`, by selection.
  static func select(
    rank: Int, of entries: ArraySlice<Int32>, in span: Span, ratios: [Double], counts: [Int]
  ) -> Double {
    // (In scratch space of its own: no array is made per selection.)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: entries.count) { v in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: entries.count) { w in
        ratios.withUnsafeBufferPointer { r in
          counts.withUnsafeBufferPointer { c in
            for (j, k32) in entries.enumerated() {
              let k = Int(k32)
              v.initializeElement(at: j, to: r[k])
              w.initializeElement(at: j, to: c[k])
            }
          }
        }
        // The frame's edge entries count only their pixels inside it
        // (entries ascend, so an edge entry here is the first or last).
        let m = entries.count
        w[0] = count(Int(entries[entries.startIndex]), in: span, counts: counts)
        w[m - 1] = count(Int(entries[entries.endIndex - 1]), in: span, counts: counts)
        return weightedSelect(v, w, rank: rank)
      }
    }
  }

  /// The pixels of `entries` (all in `span`) inside `span` whose ratio is
  /// below `threshold`.
  static func pixels(
    below threshold: Double, of entries: ArraySlice<Int32>, in span: Span, ratios: [Double],
    counts: [Int]
  ) -> Int {
    var below = 0
    for k32 in entries where ratios[Int(k32)] < threshold {
      below += count(Int(k32), in: span, counts: counts)
    }
    return below
  }

  /// A crowded bucket's entries split by the next bits of their ratios'
  /// patterns (enough for a few entries a part, 12 at most): the entries
  /// of each part, ascending, and the weight of each part over the
  /// bucket's entries in the last frame asked about, counted whole.
  struct Split {
    static let mostBits: UInt64 = 12
    /// The bucket's entries (ascending).
    let entries: ArraySlice<Int32>
    let shift: UInt64
    let parts: Int
    let starts: [Int]
    let members: [Int32]
    var weights: [Int]
    /// The positions (in `entries`) counted in `weights`.
    var counted: Range<Int>
    /// The one ratio every entry of a crowded part holds, or NaN.
    var uniform: [Int: Double] = [:]

    init(entries: ArraySlice<Int32>, ratios: [Double]) {
      var b: UInt64 = 4
      while b < Self.mostBits, (entries.count >> Int(b)) > 8 { b += 1 }
      let shift = BucketSelect.shift - b
      let parts = 1 << Int(b)
      var starts = [Int](repeating: 0, count: parts + 1)
      var members = [Int32](repeating: 0, count: entries.count)
      // (Through pointers: the arrays' checks cost more than the work.)
      ratios.withUnsafeBufferPointer { r in
        entries.withUnsafeBufferPointer { e in
          starts.withUnsafeMutableBufferPointer { st in
            for k in e { st[Self.part(r[Int(k)], shift: shift, parts: parts) + 1] += 1 }
            for p in 0..<parts { st[p + 1] += st[p] }
          }
          var at = starts
          at.withUnsafeMutableBufferPointer { at in
            members.withUnsafeMutableBufferPointer { m in
              for k in e {
                let p = Self.part(r[Int(k)], shift: shift, parts: parts)
                m[at[p]] = k
                at[p] += 1
              }
            }
          }
        }
      }
      self.entries = entries
      self.shift = shift
      self.parts = parts
      self.starts = starts
      self.members = members
      weights = [Int](repeating: 0, count: parts)
      counted = entries.startIndex..<entries.startIndex
    }

    @inline(__always)
    static func part(_ ratio: Double, shift: UInt64, parts: Int) -> Int {
      Int((ratio.bitPattern >> shift) & UInt64(parts - 1))
    }

    func part(_ ratio: Double) -> Int { Self.part(ratio, shift: shift, parts: parts) }

    /// Makes `weights` those of the entries at positions `run` (those in
    /// the next frame asked about, which holds the last), counted whole.
    mutating func advance(to run: Range<Int>, ratios: [Double], counts: [Int]) {
      precondition(
        counted.isEmpty
          || run.lowerBound <= counted.lowerBound
            && counted.upperBound <= run.upperBound,
        "frames asked in ascending order")
      let gained =
        counted.isEmpty
        ? [run] : [run.lowerBound..<counted.lowerBound, counted.upperBound..<run.upperBound]
      let (shift, parts, base) = (self.shift, self.parts, entries.startIndex)
      ratios.withUnsafeBufferPointer { r in
        counts.withUnsafeBufferPointer { c in
          entries.withUnsafeBufferPointer { e in
            weights.withUnsafeMutableBufferPointer { w in
              for piece in gained {
                for i in piece {
                  let k = Int(e[i - base])
                  w[Self.part(r[k], shift: shift, parts: parts)] += c[k]
                }
              }
            }
          }
        }
      }
      counted = run
    }

    /// The parts of the frame's edge entries among `run` and the pixels
    /// each holds outside `span`.
    func edges(_ run: Range<Int>, in span: Span, ratios: [Double], counts: [Int]) -> [(
      part: Int, pixels: Int
    )] {
      var out: [(part: Int, pixels: Int)] = []
      for i in run.count == 1 ? [run.lowerBound] : [run.lowerBound, run.upperBound - 1] {
        let k = Int(entries[i])
        let outside = counts[k] - FrameStatistics.count(k, in: span, counts: counts)
        if outside > 0 { out.append((part(ratios[k]), outside)) }
      }
      return out
    }

    /// The entries of part `p` inside `span` (positions in `members`).
    func inFrame(part p: Int, span: Span) -> ArraySlice<Int32> {
      let list = members[starts[p]..<starts[p + 1]]
      return list[FrameStatistics.run(of: list, inside: span)]
    }

    /// The one ratio of every entry of part `p`, when they are many and
    /// all hold one.
    mutating func uniformRatio(part p: Int, ratios: [Double]) -> Double? {
      guard starts[p + 1] - starts[p] > BucketSelect.largestCompared else { return nil }
      if uniform[p] == nil {
        uniform[p] = FrameStatistics.oneRatio(
          of: members[starts[p]..<starts[p + 1]], ratios: ratios)
      }
      return uniform[p]!.isNaN ? nil : uniform[p]
    }

    /// Makes `weights` those of the pixels of the entries at positions
    /// `run` (those inside `span`, which holds the last frame asked about)
    /// inside `span`: the frame's edge entries trimmed to their pixels
    /// inside; returns what was taken off them, for ``restore(_:)``.
    mutating func weigh(_ run: Range<Int>, in span: Span, ratios: [Double], counts: [Int])
      -> [(part: Int, pixels: Int)]
    {
      advance(to: run, ratios: ratios, counts: counts)
      let taken = edges(run, in: span, ratios: ratios, counts: counts)
      for t in taken { weights[t.part] -= t.pixels }
      return taken
    }

    /// Puts back what ``weigh(_:in:ratios:counts:)`` took off.
    mutating func restore(_ taken: [(part: Int, pixels: Int)]) {
      for t in taken { weights[t.part] += t.pixels }
    }

    /// The value at 1-based `rank` among the pixels of the entries at
    /// positions `run` (those inside `span`) inside `span`.
    mutating func value(
      atRank rank: Int, run: Range<Int>, in span: Span, ratios: [Double], counts: [Int]
    ) -> Double {
      let taken = weigh(run, in: span, ratios: ratios, counts: counts)
      defer { restore(taken) }
      var p = 0
      var before = 0
      while before + weights[p] < rank {
        before += weights[p]
        p += 1
      }
      if let u = uniformRatio(part: p, ratios: ratios) { return u }
      return FrameStatistics.select(
        rank: rank - before, of: inFrame(part: p, span: span), in: span, ratios: ratios,
        counts: counts)
    }

    /// The pixels of the entries at positions `run` (those inside `span`)
    /// inside `span` whose ratio is below `threshold` (in this bucket).
    mutating func pixels(
      below threshold: Double, run: Range<Int>, in span: Span, ratios: [Double], counts: [Int]
    ) -> Int {
      let taken = weigh(run, in: span, ratios: ratios, counts: counts)
      defer { restore(taken) }
      let p = part(threshold)
      var below = 0
      for q in 0..<p { below += weights[q] }
      if let u = uniformRatio(part: p, ratios: ratios) {
        return below + (u < threshold ? weights[p] : 0)
      }
      return below
        + FrameStatistics.pixels(
          below: threshold, of: inFrame(part: p, span: span), in: span, ratios: ratios,
          counts: counts)
    }
  }
}
