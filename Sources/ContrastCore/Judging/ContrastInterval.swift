import Foundation

/// The interval of a judged ratio that the profile's uncertainty implies
/// (issue 29 part 4): the ratio with the backdrop moved `levels` darker and
/// lighter.
///
/// The judged ratio is one pixel's (a percentile's, or the least): the text
/// colour over a backdrop of one luminance, the lighter of the two or the
/// darker. That backdrop luminance is found again from the ratio and the
/// text's luminance, taken as the grey of the same luminance, moved `levels`
/// (of 255) each way in sRGB, and the ratio taken over every luminance
/// between: its least and greatest. Where the text's luminance leaves both
/// a lighter and a darker backdrop possible (a mid-grey text), the interval
/// covers both. Text that is translucent or vibrant is taken at its colour
/// as written: its ratio moves less with the backdrop than an opaque
/// colour's, so the interval is, if anything, too wide.
public enum ContrastInterval {
  /// The interval of `ratio` for text of colour `textColor` (hex) when the
  /// backdrop's colour may be `levels` off, each end rounded to six
  /// decimals; the ratio alone when `levels` is 0 or the colour unreadable.
  public static func of(ratio: Double, textColor: String, levels: Double) -> ContrastBounds {
    guard levels > 0, ratio.isFinite, ratio >= 1, let text = try? RGBA(hex: textColor) else {
      return ContrastBounds(min: ratio, max: ratio)
    }
    let i = of(ratio: ratio, textLuminance: WCAG.relativeLuminance(text.rgb), levels: levels)
    return ContrastBounds(min: quantize(i.min), max: quantize(i.max))
  }

  /// The interval of `ratio` for text of luminance `lt` (unrounded).
  public static func of(ratio: Double, textLuminance lt: Double, levels: Double) -> ContrastBounds {
    // The backdrop luminances that give `ratio`: lighter than the text, and
    // darker. (A little slack for the rounding of the ratio.)
    let lighter = ratio * (lt + 0.05) - 0.05
    let darker = (lt + 0.05) / ratio - 0.05
    var candidates: [Double] = []
    if lighter <= 1 + 1e-9 { candidates.append(Swift.min(1, lighter)) }
    if darker >= -1e-9 { candidates.append(Swift.max(0, darker)) }
    if candidates.isEmpty { candidates = [lighter > 1 ? 1 : 0] }
    var low = Double.infinity
    var high = -Double.infinity
    for backdrop in candidates {
      let level = encode(backdrop) * 255
      let a = WCAG.linearize(Swift.max(0, level - levels) / 255)
      let b = WCAG.linearize(Swift.min(255, level + levels) / 255)
      let ra = WCAG.contrastRatio(luminance: lt, a)
      let rb = WCAG.contrastRatio(luminance: lt, b)
      low = Swift.min(low, a <= lt && lt <= b ? 1 : Swift.min(ra, rb))
      high = Swift.max(high, Swift.max(ra, rb))
    }
    // The ratio itself is always inside (the candidates' rounding aside).
    return ContrastBounds(min: Swift.min(low, ratio), max: Swift.max(high, ratio))
  }

  /// The sRGB encoding of a linear value, the inverse of
  /// ``WCAG/linearize(_:)`` (IEC 61966-2-1).
  static func encode(_ y: Double) -> Double {
    y <= 0.0031308 ? y * 12.92 : 1.055 * pow(y, 1 / 2.4) - 0.055
  }
}

extension CheckResult {
  /// The verdict as the judged ratio stands against the threshold, before
  /// ``markReview()``: a check to review passes or fails as its numbers
  /// read; any other verdict is itself. What a preview paints its pixels by.
  public var verdictBeforeReview: Verdict {
    guard verdict == .review else { return verdict }
    return WCAG.passes(judgedRatio, threshold: threshold) ? .pass : .fail
  }

  /// Makes a passing or failing verdict `review` when its interval holds
  /// the threshold: the interval's least ratio fails it and its greatest
  /// passes. A decorative item only warns, whichever side it falls, so it
  /// is never to review; a verdict resting on no uncertain number
  /// (``uncertainty`` 0) stays as judged.
  mutating func markReview() {
    guard verdict == .pass || verdict == .fail, kind != .decorative, uncertainty > 0 else {
      return
    }
    let i = interval
    if !WCAG.passes(i.min, threshold: threshold) && WCAG.passes(i.max, threshold: threshold) {
      verdict = .review
    }
  }
}
