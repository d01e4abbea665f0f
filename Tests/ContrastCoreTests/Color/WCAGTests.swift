import Foundation
import Testing

@testable import ContrastCore

/// Known answers from published sources: WCAG 2.2's definitions and the
/// worked values quoted by WebAIM's contrast checker.
@Suite struct WCAGTests {
  private func ratio(_ fg: String, _ bg: String) throws -> Double {
    let f = try RGBA(hex: fg)
    let b = try RGBA(hex: bg)
    return WCAG.contrastRatio(f, over: b.rgb)
  }

  @Test func blackOnWhiteIs21() throws {
    #expect(try ratio("#000000", "#FFFFFF") == 21)
    #expect(try ratio("#FFFFFF", "#000000") == 21)
  }

  @Test func sameColourIs1() throws {
    #expect(try ratio("#808080", "#808080") == 1)
  }

  @Test(arguments: [
    ("#777777", "#FFFFFF", "4.478"),
    ("#767676", "#FFFFFF", "4.542"),
    ("#595959", "#FFFFFF", "7.005"),
    ("#0F833E", "#FFFFFF", "4.84"),
    ("#FFFFFF", "#007AFF", "4.017"),
    ("#00000066", "#FFFFFF", "2.849"),
  ])
  func publishedRatios(fg: String, bg: String, published: String) throws {
    // The published value is rounded to its last digit: agree within half of it.
    let decimals = published.split(separator: ".")[1].count
    let halfStep = 0.5 * pow(10, -Double(decimals))
    let r = try ratio(fg, bg)
    #expect(abs(r - Double(published)!) <= halfStep, "\(fg) on \(bg): \(r)")
  }

  @Test func grey777FailsAAAndGrey767676Passes() throws {
    #expect(!WCAG.passes(try ratio("#777777", "#FFFFFF"), threshold: 4.5))
    #expect(WCAG.passes(try ratio("#767676", "#FFFFFF"), threshold: 4.5))
  }

  @Test func exactlyTheThresholdPassesAndJustBelowFails() {
    #expect(WCAG.passes(4.5, threshold: 4.5))
    #expect(!WCAG.passes(4.4999, threshold: 4.5))
    #expect(!WCAG.passes(4.499_999_999, threshold: 4.5))
  }

  @Test func displayIsFlooredNeverRoundedUp() {
    #expect(WCAG.displayRatio(4.4999) == "4.49")
    #expect(WCAG.displayRatio(4.5) == "4.50")
    #expect(WCAG.displayRatio(4.478) == "4.47")
    #expect(WCAG.displayRatio(21) == "21.00")
    #expect(WCAG.displayRatio(1) == "1.00")
    #expect(WCAG.displayRatio(7.005) == "7.00")
  }

  @Test func linearizationUsesThe004045Threshold() {
    // Below the threshold the curve is linear: c / 12.92.
    #expect(WCAG.linearize(0.04) == 0.04 / 12.92)
    // Above it: ((c + 0.055) / 1.055)^2.4; 0.5 gives 0.21404 (IEC 61966-2-1).
    #expect(abs(WCAG.linearize(0.5) - 0.214_041) < 1e-6)
    #expect(WCAG.linearize(0) == 0)
    #expect(abs(WCAG.linearize(1) - 1) < 1e-15)
  }

  /// Over all 256 8-bit greys the luminance is increasing, and the ratio
  /// against white and black moves the opposite ways.
  @Test func luminanceIsMonotonicOverAll8BitGreys() {
    var previous = -1.0
    for v in 0...255 {
      let l = WCAG.relativeLuminance(RGB(gray: Double(v) / 255))
      #expect(l > previous)
      previous = l
    }
  }

  @Test func ratioIsSymmetricAndWithinRange() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    for _ in 0..<1000 {
      let a = RGB(r: next(), g: next(), b: next())
      let b = RGB(r: next(), g: next(), b: next())
      let r1 = WCAG.contrastRatio(a, b)
      #expect(r1 == WCAG.contrastRatio(b, a))
      #expect(r1 >= 1 && r1 <= 21)
    }
  }

  @Test func thresholdsFollowWCAG22() {
    #expect(ConformanceLevel.aa.minimumRatio(for: .normalText) == 4.5)
    #expect(ConformanceLevel.aa.minimumRatio(for: .largeText) == 3)
    #expect(ConformanceLevel.aaa.minimumRatio(for: .normalText) == 7)
    #expect(ConformanceLevel.aaa.minimumRatio(for: .largeText) == 4.5)
    #expect(ConformanceLevel.aa.minimumRatio(for: .nonText) == 3)
    #expect(ConformanceLevel.aaa.minimumRatio(for: .nonText) == 3)
  }
}
