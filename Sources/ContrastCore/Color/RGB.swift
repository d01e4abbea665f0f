/// A colour in gamma-encoded sRGB, each channel a float nominally in `[0, 1]`.
///
/// This is the space the model works in (SPEC §3): compositing, blur and the
/// material pipeline act on encoded values. Channels are not clamped here; the
/// material pipeline clamps once, at its last step.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
  public var r: Double
  public var g: Double
  public var b: Double

  public init(r: Double, g: Double, b: Double) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// A grey with all three channels equal to `value`.
  public init(gray value: Double) {
    self.init(r: value, g: value, b: value)
  }

  /// A colour from 8-bit channel values (`0...255`), divided by 255.
  public init(r8: Int, g8: Int, b8: Int) {
    self.init(r: Double(r8) / 255, g: Double(g8) / 255, b: Double(b8) / 255)
  }

  public static let black = RGB(gray: 0)
  public static let white = RGB(gray: 1)

  /// Rec. 709 luma of the encoded values: `0.2126 R + 0.7152 G + 0.0722 B`.
  ///
  /// This is the `Y(c)` of SPEC §3.2, computed on gamma-encoded values (it is
  /// not the WCAG relative luminance, which linearises first).
  public var rec709Luma: Double { 0.2126 * r + 0.7152 * g + 0.0722 * b }

  /// The colour with each channel clamped to `[0, 1]`.
  public var clamped: RGB {
    RGB(r: min(max(r, 0), 1), g: min(max(g, 0), 1), b: min(max(b, 0), 1))
  }

  /// `#RRGGBB`, each channel clamped and rounded to the nearest 8-bit value.
  public var hex: String { hexString(clamped, alpha: nil) }

  public var description: String { hex }
}

/// A gamma-encoded sRGB colour with straight (not premultiplied) alpha.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
  public var rgb: RGB
  /// Coverage in `[0, 1]`; 1 is opaque.
  public var alpha: Double

  public init(_ rgb: RGB, alpha: Double = 1) {
    self.rgb = rgb
    self.alpha = alpha
  }

  public init(r: Double, g: Double, b: Double, alpha: Double = 1) {
    self.init(RGB(r: r, g: g, b: b), alpha: alpha)
  }

  /// Whether the colour is fully opaque.
  public var isOpaque: Bool { alpha >= 1 }

  /// The same colour with another alpha.
  public func withAlpha(_ alpha: Double) -> RGBA { RGBA(rgb, alpha: alpha) }

  /// Source-over compositing of this colour onto an opaque `background`, on
  /// the gamma-encoded values: `a * self + (1 - a) * background`.
  ///
  /// This is how SPEC §3 composites fills, tints, borders and text (as
  /// browsers and Core Animation do by default, in the encoded space).
  public func composited(over background: RGB) -> RGB {
    let a = alpha
    return RGB(
      r: a * rgb.r + (1 - a) * background.r,
      g: a * rgb.g + (1 - a) * background.g,
      b: a * rgb.b + (1 - a) * background.b)
  }

  /// `#RRGGBB` when opaque, else `#RRGGBBAA` (8-bit, rounded).
  public var hex: String {
    hexString(rgb.clamped, alpha: isOpaque ? nil : min(max(alpha, 0), 1))
  }

  public var description: String { hex }
}

/// `#RRGGBB` of `c` (each channel in `[0, 1]`), then `AA` of `alpha` when
/// given: each value times 255, rounded to the nearest byte, as two
/// upper-case hex digits. Written into the string's own storage (a check's
/// colour is spelt once per item and scene).
private func hexString(_ c: RGB, alpha: Double?) -> String {
  func byte(_ x: Double) -> Int { min(max(Int((x * 255).rounded()), 0), 255) }
  let (r, g, b, a) = (byte(c.r), byte(c.g), byte(c.b), alpha.map(byte))
  return String(unsafeUninitializedCapacity: a == nil ? 7 : 9) { out in
    let digits: StaticString = "0123456789ABCDEF"
    func put(_ v: Int, at i: Int) {
      out[i] = digits.utf8Start[v >> 4]
      out[i + 1] = digits.utf8Start[v & 15]
    }
    out[0] = UInt8(ascii: "#")
    put(r, at: 1)
    put(g, at: 3)
    put(b, at: 5)
    guard let a else { return 7 }
    put(a, at: 7)
    return 9
  }
}
