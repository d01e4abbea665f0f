internal import CPixelKernel

extension FastEngine {
  /// ``LuminanceIndex``'s slices: each luminance lowers its slice's least
  /// and raises its greatest when beyond them (`least` and `greatest` hold
  /// one value per slice, +inf and -inf when empty). False, the arrays then
  /// unusable, at a luminance that is not finite. Plain C, at every vector
  /// level.
  ///
  /// Reference: ``LuminanceIndex/slicesReference(_:least:greatest:)``
  /// (`ModelTwinTests`).
  static func luminanceSlices(
    _ luminances: UnsafeBufferPointer<Double>, least: UnsafeMutableBufferPointer<Double>,
    greatest: UnsafeMutableBufferPointer<Double>
  ) -> Bool {
    precondition(least.count == greatest.count, "a least and a greatest per slice")
    return cpk_luminance_slices(
      luminances.baseAddress, luminances.count, least.count, least.baseAddress,
      greatest.baseAddress) != 0
  }
}
