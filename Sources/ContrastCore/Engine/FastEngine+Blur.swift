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

  /// Row pointers as C sees them (an optional pointer has the same layout).
  private static func rowPointers(
    _ lines: UnsafePointer<UnsafePointer<Float>>
  ) -> UnsafePointer<UnsafePointer<Float>?> {
    UnsafeRawPointer(lines).assumingMemoryBound(to: UnsafePointer<Float>?.self)
  }
}
