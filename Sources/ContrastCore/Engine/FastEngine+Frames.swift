internal import CPixelKernel

extension FastEngine {
  /// ``FrameStatistics``' first pass over an item's union of frames: each
  /// entry's ``BucketSelect`` bucket into `bucketOf`, each bucket's number
  /// of entries added to `sizes[b + 1]`, and the exact sum of ratio x count
  /// before every `stride`-th entry (and after the last when the count is
  /// a multiple of `stride`) into `checkpoints`; false, everything then
  /// unusable, when a ratio lies outside [1, 32). Plain C, at every level.
  ///
  /// Reference: each frame's statistics on its own
  /// (``FrameStatistics/reference(of:threshold:)``, `FrameStatisticsTests`).
  static func frameBuckets(
    ratios: UnsafeBufferPointer<Double>, counts: UnsafeBufferPointer<Int>, stride: Int,
    bucketOf: UnsafeMutableBufferPointer<Int32>, sizes: UnsafeMutableBufferPointer<Int>,
    checkpoints: UnsafeMutableBufferPointer<RatioSum.Wide>
  ) -> Bool {
    let n = ratios.count
    precondition(counts.count == n && bucketOf.count == n, "one count and bucket per ratio")
    precondition(sizes.count == BucketSelect.bucketCount + 1, "a size per bucket")
    precondition(checkpoints.count == n / stride + 1, "a checkpoint per stride")
    var halves = [UInt64](repeating: 0, count: 2 * checkpoints.count)
    let inside = cpk_frame_buckets(
      ratios.baseAddress, counts.baseAddress, n, UInt32(BucketSelect.shift), BucketSelect.base,
      BucketSelect.bucketCount, stride, bucketOf.baseAddress, sizes.baseAddress, &halves)
    guard inside != 0 else { return false }
    for j in checkpoints.indices {
      checkpoints[j] = RatioSum.Wide(high: halves[2 * j], low: halves[2 * j + 1])
    }
    return true
  }

  /// The entries of every bucket, ascending: entry `k` to
  /// `members[cursor[bucketOf[k]]]`, that cursor then advanced.
  static func frameMembers(
    bucketOf: UnsafeBufferPointer<Int32>, cursor: UnsafeMutableBufferPointer<Int>,
    into members: UnsafeMutableBufferPointer<Int32>
  ) {
    precondition(members.count == bucketOf.count, "a place per entry")
    cpk_frame_members(bucketOf.baseAddress, bucketOf.count, cursor.baseAddress, members.baseAddress)
  }

  /// Entries `range` added to a frame's bucket weights, each weighing `sign`
  /// x its count; where a bucket is split finer (`fineBase[b] >= 0`; an
  /// empty `fineBase`: none is), to its part's weight too.
  static func frameAdd(
    _ range: Range<Int>, sign: Int, bucketOf: UnsafeBufferPointer<Int32>,
    counts: UnsafeBufferPointer<Int>, ratios: UnsafeBufferPointer<Double>,
    weights: UnsafeMutableBufferPointer<Int>,
    fine: (
      base: UnsafeBufferPointer<Int>, shift: UnsafeBufferPointer<UInt64>,
      parts: UnsafeBufferPointer<Int>, weights: UnsafeMutableBufferPointer<Int>
    )
  ) {
    guard !range.isEmpty else { return }
    precondition(range.lowerBound >= 0 && range.upperBound <= bucketOf.count, "entries in range")
    cpk_frame_add(
      bucketOf.baseAddress, counts.baseAddress, ratios.baseAddress, range.lowerBound,
      range.upperBound, sign, weights.baseAddress, fine.base.isEmpty ? nil : fine.base.baseAddress,
      fine.shift.baseAddress, fine.parts.baseAddress, fine.weights.baseAddress)
  }
}
