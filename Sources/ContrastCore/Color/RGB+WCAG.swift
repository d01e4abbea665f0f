import Foundation

/// WCAG 2.x relative luminance and contrast ratio.
///
/// Source: WCAG 2.2, definitions of "relative luminance" and "contrast ratio"
/// (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). The linearisation
/// uses the 0.04045 threshold of IEC 61966-2-1 (the WCAG 2.x text says
/// 0.03928, a historical typo that changes no 8-bit result).
public enum WCAG {
  /// Linearises one gamma-encoded sRGB channel:
  /// `c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4`.
  ///
  /// Defined for any real `c`; meaningful on `[0, 1]`, where it is increasing
  /// and maps 0 to 0 and 1 to 1.
  @inlinable
  public static func linearize(_ c: Double) -> Double {
    c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// Relative luminance `L = 0.2126 R + 0.7152 G + 0.0722 B` of the
  /// linearised channels; in `[0, 1]` for colours of the RGB cube.
  @inlinable
  public static func relativeLuminance(_ c: RGB) -> Double {
    0.2126 * linearize(c.r) + 0.7152 * linearize(c.g) + 0.0722 * linearize(c.b)
  }

  /// Contrast ratio `(Lmax + 0.05) / (Lmin + 0.05)` of two luminances, in
  /// `[1, 21]`; symmetric in its arguments. Never rounded.
  @inlinable
  public static func contrastRatio(luminance l1: Double, _ l2: Double) -> Double {
    let hi = max(l1, l2)
    let lo = min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)
  }

  /// Contrast ratio of two opaque colours.
  @inlinable
  public static func contrastRatio(_ a: RGB, _ b: RGB) -> Double {
    contrastRatio(luminance: relativeLuminance(a), relativeLuminance(b))
  }

  /// Contrast ratio of a possibly translucent foreground, composited
  /// source-over `background` first, against that background.
  public static func contrastRatio(_ foreground: RGBA, over background: RGB) -> Double {
    contrastRatio(foreground.composited(over: background), background)
  }

  /// Whether `ratio` meets `threshold`. Pass means `ratio >= threshold`,
  /// compared unrounded: 4.4999 fails 4.5, and exactly 4.5 passes.
  @inlinable
  public static func passes(_ ratio: Double, threshold: Double) -> Bool {
    ratio >= threshold
  }

  /// A ratio as shown to people: floored (never rounded up) to two decimals,
  /// so 4.4999 shows as "4.49" and cannot be mistaken for a pass.
  public static func displayRatio(_ ratio: Double) -> String {
    guard ratio.isFinite else { return "\(ratio)" }
    // A tiny epsilon keeps exact decimals such as 4.5 (stored as 4.4999...9)
    // from flooring one step down; it is far below any displayed digit.
    let hundredths = (ratio * 100 + 1e-9).rounded(.down)
    let whole = Int(hundredths) / 100
    let frac = Int(hundredths) % 100
    return "\(whole)." + (frac < 10 ? "0\(frac)" : "\(frac)")
  }
}
