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
    report.baselineOutcome = baseline.apply(to: &report.outcome.results)
    #expect(report.outcome.results[0].baseline == "known")
    #expect(report.gate == .pass)
  }

  @Test func aStaleBaselineEntryFailsUnlessItIsBeingPruned() {
    let failing = ReportFixtures.report([ReportFixtures.check()])
    let baseline = Baseline.recording(failing)
    var fixed = ReportFixtures.report([ReportFixtures.check(verdict: .pass, ratio: 5)])
    fixed.baselineOutcome = baseline.apply(to: &fixed.outcome.results)
    #expect(fixed.baselineOutcome?.stale.count == 1)
    #expect(fixed.gate == .fail)
    fixed.pruningBaseline = true
    #expect(fixed.gate == .pass)
  }
}
