internal import CPixelKernel

extension FastEngine {
  /// Placement's row pass: `scratch[t] += weight * Double(source[t])` for
  /// `t < count`, in that order per `t` (AVX2 at ``VectorLevel/avx2`` and
  /// above, plain C otherwise, or with `portable`).
  ///
  /// Reference: that loop in Swift (`ResampleLoopsTests`, bit for bit).
  static func accumulateRow(
    _ scratch: UnsafeMutablePointer<Double>, _ source: UnsafePointer<Float>, count: Int,
    weight: Double, portable: Bool = false
  ) {
    if portable {
      cpk_accumulate_row_portable(scratch, source, count, weight)
    } else {
      cpk_accumulate_row(scratch, source, count, weight)
    }
  }

  /// Placement's column pass: for each of `width` output pixels `x`, per
  /// channel `c`, the sum from 0 in tap order of `weights[i] * scratch[p +
  /// c]` (`p = 3 (firsts[x] - lowest) + 3 (i - starts[x])`), divided by
  /// `divisor` and rounded to float into `target[3x + c]`. `scratch` must be
  /// readable one value past its last pixel's blue.
  ///
  /// Reference: that loop in Swift (`ResampleLoopsTests`, bit for bit).
  static func resampleColumns(
    _ scratch: UnsafePointer<Double>, firsts: UnsafePointer<Int>, starts: UnsafePointer<Int>,
    weights: UnsafePointer<Double>, lowest: Int, width: Int, divisor: Double,
    into target: UnsafeMutablePointer<Float>, portable: Bool = false
  ) {
    if portable {
      cpk_resample_columns_portable(
        scratch, firsts, starts, weights, lowest, width, divisor, target)
    } else {
      cpk_resample_columns(scratch, firsts, starts, weights, lowest, width, divisor, target)
    }
  }
}
