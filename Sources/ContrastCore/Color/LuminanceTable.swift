/// A fast WCAG relative luminance for colours of the RGB cube.
///
/// The sRGB linearisation is tabulated at 8192 + 1 evenly spaced points of
/// `[0, 1]` and interpolated linearly. The curve's second derivative is at
/// most about 3 on the segment above the 0.04045 threshold (and 0 below it),
/// so the interpolation error is at most `h^2/8 * 3 ≈ 5.6e-9` with
/// `h = 1/8192` (tested against `WCAG.linearize` on every 8-bit value and on
/// random floats). Inputs outside `[0, 1]` are clamped.
public struct FastLuminance: @unchecked Sendable {
  @usableFromInline static let steps = 8192
  /// The table, allocated once and never freed (64 KiB).
  @usableFromInline let table: UnsafePointer<Double>

  /// The shared table. Hoist it out of hot loops: `let lum = FastLuminance.shared`.
  public static let shared = FastLuminance()

  private init() {
    let t = UnsafeMutablePointer<Double>.allocate(capacity: Self.steps + 1)
    for i in 0...Self.steps { t[i] = WCAG.linearize(Double(i) / Double(Self.steps)) }
    table = UnsafePointer(t)
  }

  /// Linearised value of one channel, within 5e-8 of `WCAG.linearize`.
  @inlinable
  public func linearize(_ c: Double) -> Double {
    let x = min(max(c, 0), 1) * Double(Self.steps)
    let i = min(Int(x), Self.steps - 1)
    let f = x - Double(i)
    return table[i] + (table[i + 1] - table[i]) * f
  }

  /// Relative luminance of a colour of the cube.
  @inlinable
  public func luminance(_ c: RGB) -> Double {
    0.2126 * linearize(c.r) + 0.7152 * linearize(c.g) + 0.0722 * linearize(c.b)
  }

  /// Linearised value of one channel (through the shared table).
  public static func linearize(_ c: Double) -> Double { shared.linearize(c) }
}
