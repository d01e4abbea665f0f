internal import CPixelKernel

extension FastEngine {
  /// ``FrameStatistics``' pass over one ring of a chain of nested frames
  /// (the entries `range`, which a frame gains over the one inside it),
  /// each entry added whole to the chain's running state `ring`: its
  /// ``BucketSelect`` bucket's weight (and its block's, 64 buckets a
  /// block) and number of entries, the exact sum of ratio x count, and the
  /// least and greatest ratio. False,
  /// the state then unusable, when a ratio lies outside [1, 32). Plain C,
  /// at every vector level.
  ///
  /// Reference: each frame's statistics on its own
  /// (``FrameStatistics/reference(of:threshold:)``, `FrameStatisticsTests`).
  static func ringAdd(
    _ range: Range<Int>, ratios: UnsafeBufferPointer<Double>, counts: UnsafeBufferPointer<Int>,
    into ring: inout FrameStatistics.RingState
  ) -> Bool {
    guard !range.isEmpty else { return true }
    precondition(range.lowerBound >= 0 && range.upperBound <= ratios.count, "entries in range")
    precondition(counts.count == ratios.count, "one count per ratio")
    var halves = [ring.sum.high, ring.sum.low]
    let inside = cpk_ring_add(
      ratios.baseAddress, counts.baseAddress, range.lowerBound, range.upperBound,
      UInt32(BucketSelect.shift), BucketSelect.base, BucketSelect.bucketCount,
      &ring.weights, &ring.blocks, &ring.sizes, &halves, &ring.lowest, &ring.highest)
    ring.sum = RatioSum.Wide(high: halves[0], low: halves[1])
    return inside != 0
  }

  /// The entries `range` (ascending) of the buckets asked about: entry `k`,
  /// when `slot[b] >= 0` for its bucket `b` (every ratio in the range has
  /// one), to `members[cursor[slot[b]]]`, that cursor then advanced.
  static func ringGather(
    _ range: Range<Int>, ratios: UnsafeBufferPointer<Double>, slot: UnsafeBufferPointer<Int32>,
    cursor: UnsafeMutableBufferPointer<Int>, into members: UnsafeMutableBufferPointer<Int32>
  ) {
    guard !range.isEmpty else { return }
    precondition(range.lowerBound >= 0 && range.upperBound <= ratios.count, "entries in range")
    precondition(slot.count == BucketSelect.bucketCount, "a slot per bucket")
    cpk_ring_gather(
      ratios.baseAddress, range.lowerBound, range.upperBound, UInt32(BucketSelect.shift),
      BucketSelect.base, slot.baseAddress, cursor.baseAddress, members.baseAddress)
  }
}
