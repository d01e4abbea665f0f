import Testing

@testable import ContrastCore

/// Issue 29 part 4: every result carries the interval of its judged ratio
/// that the profile's uncertainty implies, and a result whose interval
/// holds its threshold is `review`. The known intervals are worked by hand
/// from WCAG 2.2's definitions of relative luminance and contrast ratio
/// (and IEC 61966-2-1's sRGB encoding, its inverse): for black text at
/// 4.5:1 the backdrop's luminance is 4.5 x 0.05 - 0.05 = 0.175, level
/// 116.11 of 255; 12 levels either way are 104.11 and 128.11, luminances
/// 0.13874 and 0.21626, ratios 3.7748 and 5.3252. For white text at 4.5:1
/// the backdrop is 1.05 / 4.5 - 0.05 = 0.18333, level 118.66; 12 levels
/// give 5.3564 and 3.8088.
@Suite struct ReviewVerdictTests {
  @Test func blackTextAtTheAAThresholdTwelveLevelsWide() {
    let i = ContrastInterval.of(ratio: 4.5, textLuminance: 0, levels: 12)
    #expect(abs(i.min - 3.7748) < 0.0005)
    #expect(abs(i.max - 5.3252) < 0.0005)
  }

  @Test func whiteTextAtTheAAThresholdTwelveLevelsWide() {
    let i = ContrastInterval.of(ratio: 4.5, textColor: "#FFFFFF", levels: 12)
    #expect(abs(i.min - 3.8088) < 0.0005)
    #expect(abs(i.max - 5.3564) < 0.0005)
  }

  @Test func noUncertaintyIsTheRatioItself() {
    let i = ContrastInterval.of(ratio: 4.53, textColor: "#000000", levels: 0)
    #expect(i.min == 4.53 && i.max == 4.53)
  }

  @Test func aMidGreyTextCloseToItsBackdropReachesOne() {
    // #777777 has luminance 0.18447; at 1.05:1 a backdrop 12 levels away
    // may have its very luminance, so the interval starts at 1.
    let i = ContrastInterval.of(ratio: 1.05, textColor: "#777777", levels: 12)
    #expect(i.min == 1)
    #expect(i.max > 1.05)
  }

  @Test func theIntervalAlwaysHoldsTheRatioAndGrowsWithTheWidth() {
    for ratio in stride(from: 1.0, through: 21.0, by: 0.37) {
      for hex in ["#000000", "#FFFFFF", "#3C3C43", "#007AFF", "#8E8E93"] {
        var last = ContrastInterval.of(ratio: ratio, textColor: hex, levels: 0)
        for levels in [0.6, 1.9, 2.5, 9.0, 12.0] {
          let i = ContrastInterval.of(ratio: ratio, textColor: hex, levels: levels)
          #expect(i.min <= ratio && ratio <= i.max, "\(hex) \(ratio) \(levels)")
          #expect(i.min <= last.min && last.max <= i.max, "\(hex) \(ratio) \(levels)")
          last = i
        }
      }
    }
  }

  static func check(
    ratio: Double, threshold: Double = 4.5, uncertainty: Double, kind: ContentKind = .text
  ) -> CheckResult {
    var r = CheckResult(
      layout: "l", wallpaper: "w", appearance: .light, mode: .normal, element: "e", item: "i",
      kind: kind, role: kind == .text ? "body" : nil, largeText: false, threshold: threshold,
      contrast: ContrastStatistics(
        min: ratio, p05: ratio, p10: ratio, median: ratio, mean: ratio, max: ratio,
        failingFraction: 0),
      bounds: ContrastBounds(min: 1, max: 21),
      verdict: WCAG.passes(ratio, threshold: threshold) ? .pass : .fail, judgedRatio: ratio,
      pixelCount: 1, color: "#000000", material: "glass.regular", file: "l.yml", line: 1)
    r.uncertainty = uncertainty
    r.markReview()
    return r
  }

  @Test func aVerdictInsideItsIntervalIsReviewAndOneOutsideKeepsItsVerdict() {
    // The held-out case: 4.53 judged where iOS draws 4.47. Two
    // levels off (glass.regular light holds 1.9) reach below 4.5.
    #expect(Self.check(ratio: 4.53, uncertainty: 1.9).verdict == .review)
    #expect(Self.check(ratio: 4.47, uncertainty: 1.9).verdict == .review)
    // Far from the threshold, the verdict stands.
    #expect(Self.check(ratio: 7, uncertainty: 12).verdict == .pass)
    #expect(Self.check(ratio: 2, uncertainty: 12).verdict == .fail)
    // A verdict that rests on no uncertain number is never a review.
    #expect(Self.check(ratio: 4.5, uncertainty: 0).verdict == .pass)
    #expect(Self.check(ratio: 4.49, uncertainty: 0).verdict == .fail)
    // A decorative item only warns; it is never to review.
    #expect(
      Self.check(ratio: 3.05, threshold: 3, uncertainty: 12, kind: .decorative).verdict == .pass)
  }

  @Test func aReviewIsDrawnOnTheSideItsJudgedRatioFalls() {
    // WCAG: a ratio passes when it is at least the threshold.
    #expect(Self.check(ratio: 4.53, uncertainty: 1.9).verdictBeforeReview == .pass)
    #expect(Self.check(ratio: 4.47, uncertainty: 1.9).verdictBeforeReview == .fail)
    #expect(Self.check(ratio: 4.5, uncertainty: 1.9).verdictBeforeReview == .pass)
    // A verdict that is not a review is itself.
    #expect(Self.check(ratio: 7, uncertainty: 12).verdictBeforeReview == .pass)
    #expect(Self.check(ratio: 2, uncertainty: 12).verdictBeforeReview == .fail)
    var warn = Self.check(ratio: 2, threshold: 3, uncertainty: 0, kind: .decorative)
    warn.verdict = .warn
    #expect(warn.verdictBeforeReview == .warn)
  }

  @Test func theProfileGivesEachTrustItsWidth() throws {
    let u = try ProfileLoader.load(named: "ios27").uncertainty
    #expect(u.levels(trust: .exact, material: "none", appearance: .light) == 0)
    #expect(u.levels(trust: .apple, material: "glass.regular", appearance: .light) == 0)
    #expect(
      u.levels(trust: .thirdPartyMeasurement, material: "glass.regular", appearance: .light)
        == 1.9)
    #expect(
      u.levels(trust: .thirdPartyMeasurement, material: "thick", appearance: .dark) == 8.8)
    // A measured number of a material no hold-out covers, and an assumption.
    #expect(
      u.levels(trust: .thirdPartyMeasurement, material: "glass.prominent", appearance: .dark)
        == u.otherMeasured)
    #expect(u.levels(trust: .assumption, material: "glass.regular", appearance: .dark) == 12)
    #expect(u.otherMeasured <= u.assumption)
  }

  @Test func aProfileThatStatesNoUncertaintyIsGivenTheWidest() throws {
    #expect(ProfileUncertainty.unstated.otherMeasured == 9)
    #expect(ProfileUncertainty.unstated.measured.isEmpty)
  }

  @Test func aMeasuredWidthWiderThanTheAssumptionIsRefused() {
    let override = """
      uncertainty:
        source: test
        trust: assumption
        measured: {}
        otherMeasured: 20
        assumption: 12
      """
    #expect(throws: DiagnosticList.self) {
      _ = try ProfileLoader.mergedOverDefault(override: override, overrideFile: "o.yml")
    }
  }
}
