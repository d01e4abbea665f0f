/// A fast WCAG relative luminance for colours of the RGB cube.
///
/// The sRGB linearisation is tabulated at 8192 + 1 evenly spaced points of
/// `[0, 1]` and interpolated linearly. The curve's second derivative is at
/// most about 3 on the segment above the 0.04045 threshold (and 0 below it),
/// so the interpolation error is at most `h^2/8 * 3 ≈ 5.6e-9` with
/// `h = 1/8192` (tested against `WCAG.linearize` on every 8-bit value and on
/// random floats). Inputs outside `[0, 1]` are clamped.
public enum FastLuminance {
  @usableFromInline static let steps = 8192
  @usableFromInline static let table: [Double] = (0...steps).map {
    WCAG.linearize(Double($0) / Double(steps))
  }

  /// Linearised value of one channel, within 5e-8 of `WCAG.linearize`.
  @inlinable
  public static func linearize(_ c: Double) -> Double {
    let x = min(max(c, 0), 1) * Double(steps)
    let i = min(Int(x), steps - 1)
    let f = x - Double(i)
    return table.withUnsafeBufferPointer { t in t[i] + (t[i + 1] - t[i]) * f }
  }

  /// Relative luminance of a colour of the cube.
  @inlinable
  public static func luminance(_ c: RGB) -> Double {
    0.2126 * linearize(c.r) + 0.7152 * linearize(c.g) + 0.0722 * linearize(c.b)
  }
}
