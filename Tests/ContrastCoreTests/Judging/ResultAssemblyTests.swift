import Testing

@testable import ContrastCore

/// A result is made complete once, in Judging/: rounded as report.json
/// carries it, its judged ratio the run's statistic of the rounded values,
/// one rounded look for every check that shares one.
@Suite struct ResultAssemblyTests {
  typealias F = ReportFixtures

  static func assembly(_ statistic: VerdictStatistic) -> ResultAssembly {
    ResultAssembly(bounds: BoundsCache(), places: ItemPlaces(), statistic: statistic)
  }

  static func unrounded() -> CheckResult {
    var r = F.check()
    r.contrast = ContrastStatistics(
      min: 2.000_000_4, p05: 2.123_456_789, p10: 2.5, median: 3.333_333_333, mean: 3.1,
      max: 4.000_000_6, failingFraction: 0.123_456_7)
    r.bounds = ContrastBounds(min: 1.000_000_49, max: 9.876_543_21)
    r.threshold = 4.5
    r.judgedRatio = 0
    return r
  }

  @Test func aCompletedResultIsRoundedToSixDecimals() {
    var a = Self.assembly(.min)
    let r = a.complete(Self.unrounded())
    #expect(r.contrast.min == 2.0)
    #expect(r.contrast.p05 == 2.123457)
    #expect(r.contrast.median == 3.333333)
    #expect(r.contrast.max == 4.000001)
    #expect(r.contrast.failingFraction == 0.123457)
    #expect(r.bounds == ContrastBounds(min: 1.0, max: 9.876543))
    #expect(r.judgedRatio == 2.0)
  }

  /// The judged ratio is the run's statistic, not always the least ratio.
  @Test func theJudgedRatioIsTheRunsStatisticRounded() {
    var a = Self.assembly(.p05)
    #expect(a.complete(Self.unrounded()).judgedRatio == 2.123457)
  }

  /// Checks that share a look share its one rounded copy.
  @Test func checksSharingALookShareItsRoundedCopy() {
    var a = Self.assembly(.min)
    let first = Self.unrounded()
    var second = Self.unrounded()
    second.look = first.look
    let r1 = a.complete(first)
    let r2 = a.complete(second)
    #expect(r1.look === r2.look)
    #expect(r1.look !== first.look)
  }
}
