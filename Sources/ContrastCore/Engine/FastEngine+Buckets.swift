internal import CPixelKernel

extension FastEngine {
  /// Per bucket `(bits >> shift) - base` of the values' bit patterns (`buckets`
  /// zeroed counters in each of `weights` and `entries`), the weight of its
  /// values (1 each without `valueWeights`) and their number; false, the
  /// counters then unusable, when a value has no bucket.
  ///
  /// Reference: the definition (`ShapeMaskTests`' bucketed selections against
  /// the sorted ranks).
  static func bucketHistogram(
    _ values: UnsafeBufferPointer<Double>, weights valueWeights: UnsafePointer<Int>?,
    shift: UInt64, base: UInt64, buckets: Int, into weights: UnsafeMutablePointer<Int>,
    _ entries: UnsafeMutablePointer<Int>
  ) -> Bool {
    cpk_bucket_histogram(
      values.baseAddress, valueWeights, values.count, UInt32(shift), base, buckets, weights,
      entries) != 0
  }

  /// Copies the values (and their weights) whose bucket is `keys[j]` to
  /// `outValues[cursors[j]++]` (and `outWeights`), for `j < 3`, in order
  /// (AVX2 at ``VectorLevel/avx2`` and above).
  ///
  /// Reference: that loop (`ShapeMaskTests`, through ``BucketSelect``).
  static func gatherBuckets(
    _ values: UnsafeBufferPointer<Double>, weights: UnsafePointer<Int>?, shift: UInt64,
    base: UInt64, keys: [UInt64], into outValues: UnsafeMutablePointer<Double>,
    _ outWeights: UnsafeMutablePointer<Int>?, cursors: inout [Int]
  ) {
    cpk_gather_buckets(
      values.baseAddress, weights, values.count, UInt32(shift), base, keys, outValues,
      outWeights, &cursors)
  }

  /// The values at the 1-based `ranks` (ascending) of `values` (each counted
  /// `weights[i]` times, once without weights), which share the bits of
  /// their patterns above `shift + 10`: a radix selection ten bits at a
  /// time, its first level counted once for all the ranks. May reorder
  /// values and weights alike; nil for a rank where the values turn out not
  /// to share those bits.
  ///
  /// Reference: the sorted list's value at that rank (`ShapeMaskTests`).
  static func selectInBucket(
    _ values: UnsafeMutableBufferPointer<Double>, weights: UnsafeMutablePointer<Int>?,
    ranks: [Int], shift: UInt64
  ) -> [Double?] {
    var out = [Double](repeating: .nan, count: ranks.count)
    cpk_select_ranks_in_bucket(
      values.baseAddress, weights, values.count, ranks, Int32(ranks.count), UInt32(shift), &out)
    return out.map { $0.isNaN ? nil : $0 }
  }
}
