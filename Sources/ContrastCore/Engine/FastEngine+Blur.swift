internal import CPixelKernel

extension FastEngine {
  /// The blur's column sums: `sums[n] = (((sums[n] if continuing, else
  /// nothing) + lines[0][n]) + lines[1][n]) + ...` for `n < length`, each
  /// float widened to double, rows in order (AVX2 at ``VectorLevel/avx2``
  /// and above, plain C otherwise).
  ///
  /// Reference: that definition in Swift (`ColumnSumsTests`, bit for bit at
  /// every level).
  static func columnSums(
    _ lines: UnsafePointer<UnsafePointer<Float>>, count: Int, length: Int, continuing: Bool,
    into sums: UnsafeMutablePointer<Double>
  ) {
    cpk_column_sums(rowPointers(lines), count, length, continuing ? 1 : 0, sums)
  }

  /// ``columnSums(_:count:length:continuing:into:)`` of two sets of rows at
  /// once (not continuing); the same bits (`ColumnSumsTests`).
  static func columnSums(
    _ lines: UnsafePointer<UnsafePointer<Float>>, _ lines2: UnsafePointer<UnsafePointer<Float>>,
    count: Int, length: Int, into sums: UnsafeMutablePointer<Double>,
    _ sums2: UnsafeMutablePointer<Double>
  ) {
    cpk_column_sums_pair(rowPointers(lines), rowPointers(lines2), count, length, sums, sums2)
  }

  /// The Gaussian's column pass for two neighbouring output rows on the
  /// vector unit (AVX2 and above): what
  /// ``RowKernels/symmetricSumPair(rows:weights:radius:count:into:_:)``
  /// writes, the same operations in the same order per element. False,
  /// writing nothing, at ``VectorLevel/portable``.
  ///
  /// Reference: `RowKernels.symmetricSumPair` (`SymmetricSumsTests`, and
  /// `GaussianBlurTests`' blurs at every level, bit for bit).
  static func symmetricSumPair(
    rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, radius: Int,
    count: Int, into dst0: UnsafeMutablePointer<Float>, _ dst1: UnsafeMutablePointer<Float>
  ) -> Bool {
    cpk_symmetric_pair(rowPointers(rows), weights, radius, count, dst0, dst1) != 0
  }

  /// The column pass for one output row on the vector unit: what
  /// ``RowKernels/symmetricSum(rows:weights:radius:count:into:)`` writes;
  /// false, writing nothing, at ``VectorLevel/portable``. Reference: that
  /// function (`SymmetricSumsTests`).
  static func symmetricSum(
    rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, radius: Int,
    count: Int, into dst: UnsafeMutablePointer<Float>
  ) -> Bool {
    cpk_symmetric_rows(rowPointers(rows), weights, radius, count, dst) != 0
  }

  /// The row pass on the vector unit: what
  /// ``RowKernels/symmetricSum(center:stride:weights:radius:count:into:)``
  /// writes; false, writing nothing, at ``VectorLevel/portable``.
  /// Reference: that function (`SymmetricSumsTests`).
  static func symmetricSum(
    center: UnsafePointer<Float>, stride: Int, weights: UnsafePointer<Float>, radius: Int,
    count: Int, into dst: UnsafeMutablePointer<Float>
  ) -> Bool {
    cpk_symmetric_stride(center, stride, weights, radius, count, dst) != 0
  }

  /// The two-scale mixture of blurs on the vector unit: `out[n] =
  /// Float((0 + w0 * Double(a[n])) + w1 * Double(b[n]))`; false, writing
  /// nothing, at ``VectorLevel/portable``.
  ///
  /// Reference: the loop of ``WallpaperCanvas/blurred(_:mixture:)`` that
  /// runs at that level (`SymmetricSumsTests`, bit for bit).
  static func mix(
    _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, weights w0: Double, _ w1: Double,
    count: Int, into out: UnsafeMutablePointer<Float>
  ) -> Bool {
    cpk_mix2(a, b, w0, w1, count, out) != 0
  }

  /// Row pointers as C sees them (an optional pointer has the same layout).
  private static func rowPointers(
    _ lines: UnsafePointer<UnsafePointer<Float>>
  ) -> UnsafePointer<UnsafePointer<Float>?> {
    UnsafeRawPointer(lines).assumingMemoryBound(to: UnsafePointer<Float>?.self)
  }
}
