import Testing

@testable import ContrastCore

/// The gate of SPEC §5: one truth for the exit status.
@Suite struct GateTests {
  @Test func aReportWithOnlyPassesPasses() {
    let report = ReportFixtures.report([ReportFixtures.check(verdict: .pass, ratio: 5)])
    #expect(report.gate == .pass)
  }

  @Test func aNewFailureFails() {
    #expect(ReportFixtures.mixed.gate == .fail)
  }

  @Test func anInputErrorOutweighsAFailure() {
    let report = ReportFixtures.report(
      [ReportFixtures.check()], errors: [InputError(input: "w.png", message: "bad CRC")])
    #expect(report.gate == .inputError)
  }

  @Test func aFailureTheBaselineAcceptsPasses() {
    var report = ReportFixtures.report([ReportFixtures.check()])
    let baseline = Baseline.recording(report)
    report.apply(baseline)
    #expect(report.baselineState(of: report.outcome.results[0]) == .known)
    #expect(report.gate == .pass)
  }

  @Test func aStaleBaselineEntryFailsUnlessItIsBeingPruned() {
    let failing = ReportFixtures.report([ReportFixtures.check()])
    let baseline = Baseline.recording(failing)
    var fixed = ReportFixtures.report([ReportFixtures.check(verdict: .pass, ratio: 5)])
    fixed.apply(baseline)
    #expect(fixed.baselineOutcome?.stale.count == 1)
    #expect(fixed.gate == .fail)
    fixed.pruningBaseline = true
    #expect(fixed.gate == .pass)
  }

  @Test func failOnWarningFailsOnALintWarningOrADecorativeWarning() {
    var lint = ReportFixtures.report(
      [ReportFixtures.check(verdict: .pass, ratio: 9)],
      findings: [Finding(rule: .targetSize, layout: "tabs", element: "bar", message: "30x30 pt")])
    #expect(lint.gate == .pass)
    lint.failOn = .warning
    #expect(lint.gate == .fail)
    #expect(lint.verdict.headline == "failing: 1 lint warning (--fail-on warning)")
    var decorative = ReportFixtures.report([
      ReportFixtures.check(kind: .decorative, verdict: .warn, ratio: 1.2, threshold: 3)
    ])
    #expect(decorative.gate == .pass)
    decorative.failOn = .warning
    #expect(decorative.gate == .fail)
  }

  @Test func failOnWarningIgnoresNotes() {
    var report = ReportFixtures.report(
      [ReportFixtures.check(verdict: .pass, ratio: 9)],
      findings: [Finding(rule: .alwaysPasses, layout: "tabs", message: "always passes")])
    report.failOn = .warning
    #expect(report.gate == .pass)
  }

  @Test func failOnNeverPassesFailuresAndStaleEntriesButNotInputErrors() {
    var report = ReportFixtures.mixed
    report.failOn = .never
    #expect(report.gate == .pass)
    #expect(report.verdict.headline == "passing: 2 checks fail, not gating (--fail-on never)")
    let failing = ReportFixtures.report([ReportFixtures.check()])
    var fixed = ReportFixtures.report([ReportFixtures.check(verdict: .pass, ratio: 5)])
    fixed.apply(Baseline.recording(failing))
    fixed.failOn = .never
    #expect(fixed.gate == .pass)
    #expect(fixed.failingStaleEntries.isEmpty)
    report.outcome.errors = [InputError(input: "w.png", message: "bad CRC")]
    #expect(report.gate == .inputError)
  }
}
