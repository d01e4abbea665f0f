import Testing

@testable import ContrastCore

/// The exit status's gate, the Markdown headline, the HTML banner, JUnit and
/// the annotations say the same thing in every baseline case (issue 15,
/// part 5).
@Suite struct GateAgreementTests {
  typealias F = ReportFixtures

  /// The report of `current` judged against a baseline recorded from
  /// `recorded` (nil: no baseline).
  static func report(
    _ current: [CheckResult], baselineFrom recorded: [CheckResult]?, pruning: Bool = false
  ) -> AuditReport {
    var report = F.report(current)
    report.layoutFiles = ["tabs": "layouts/tabs.yml"]
    if let recorded {
      let baseline = Baseline.recording(F.report(recorded))
      report.apply(baseline)
      report.pruningBaseline = pruning
    }
    return report
  }

  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  static func headline(_ report: AuditReport) -> String {
    String(MarkdownReport.render(report).split(separator: "\n")[0])
  }

  @Test func withoutABaselineEveryFailureFailsEverywhere() {
    let report = Self.report(
      [F.check(item: "a"), F.check(item: "b"), F.check(item: "c", verdict: .pass, ratio: 9)],
      baselineFrom: nil)
    #expect(report.gate == .fail)
    #expect(Self.headline(report) == "# glass-audit report: ❌ failing: 2 checks fail")
    let junit = JUnitReport.render(report)
    #expect(Self.count("<failure ", in: junit) == 2)
    #expect(Self.count("<skipped ", in: junit) == 0)
    #expect(junit.contains(#"tests="3" failures="2" errors="0" skipped="0">"#))
    #expect(HTMLReport.render(report).contains("<header class=\"banner fail\">"))
  }

  @Test func aBaselineAcceptingEveryFailurePassesAndJUnitSkipsThem() {
    let failing = [F.check(item: "a"), F.check(item: "b")]
    let report = Self.report(failing, baselineFrom: failing)
    #expect(report.gate == .pass)
    #expect(
      Self.headline(report)
        == "# glass-audit report: ✅ passing: 2 failures accepted by the baseline")
    let junit = JUnitReport.render(report)
    #expect(Self.count("<failure", in: junit) == 0)
    #expect(
      Self.count("<skipped message=\"accepted by the baseline: contrast 2.87:1", in: junit) == 2)
    #expect(junit.contains(#"failures="0" errors="0" skipped="2">"#))
    #expect(HTMLReport.render(report).contains("<header class=\"banner pass\">"))
    #expect(GitHubAnnotations.lines(report).isEmpty)
  }

  @Test func aStaleEntryAloneFailsAndIsNamedStaleEverywhere() {
    let report = Self.report(
      [F.check(item: "a", verdict: .pass, ratio: 9)], baselineFrom: [F.check(item: "a")])
    #expect(report.gate == .fail)
    #expect(
      Self.headline(report)
        == "# glass-audit report: ❌ failing: 1 stale baseline entry (its check passes now)")
    let markdown = MarkdownReport.render(report)
    #expect(markdown.contains("## Stale baseline entries\n"))
    #expect(markdown.contains("- `tabs/bar/a/dusk/light/normal`"))
    let junit = JUnitReport.render(report)
    #expect(junit.contains(#"<testsuite name="baseline" tests="1" failures="1""#))
    #expect(
      junit.contains(
        #"<testcase classname="baseline" name="stale entry tabs/bar/a/dusk/light/normal" file="layouts/tabs.yml">"#
      ))
    #expect(Self.count("<failure type=\"stale-baseline\"", in: junit) == 1)
    #expect(junit.contains(#"<testsuites name="glass-audit" tests="2" failures="1""#))
    let html = HTMLReport.render(report)
    #expect(html.contains("<header class=\"banner fail\">"))
    #expect(html.contains("1 stale baseline entry (its check passes now)."))
    let lines = GitHubAnnotations.lines(report)
    #expect(lines.count == 1)
    #expect(lines[0].hasPrefix("::error file=layouts/tabs.yml,title=stale baseline entry%3A "))
  }

  @Test func aStaleEntryBeingPrunedPassesAndSaysSo() {
    let report = Self.report(
      [F.check(item: "a", verdict: .pass, ratio: 9)], baselineFrom: [F.check(item: "a")],
      pruning: true)
    #expect(report.gate == .pass)
    #expect(
      Self.headline(report) == "# glass-audit report: ✅ passing: 1 stale baseline entry pruned")
    #expect(!JUnitReport.render(report).contains("<failure"))
  }

  @Test func newAndKnownFailuresFailOnTheNewOnesAlone() {
    let report = Self.report(
      [F.check(item: "known"), F.check(item: "new1"), F.check(item: "new2")],
      baselineFrom: [F.check(item: "known")])
    #expect(report.gate == .fail)
    #expect(
      Self.headline(report)
        == "# glass-audit report: ❌ failing: 2 new failures (not in the baseline); "
        + "1 failure accepted by the baseline")
    let junit = JUnitReport.render(report)
    #expect(Self.count("<failure ", in: junit) == 2)
    #expect(Self.count("<skipped ", in: junit) == 1)
    #expect(junit.contains(#"tests="3" failures="2" errors="0" skipped="1""#))
    #expect(GitHubAnnotations.lines(report).count == 2)
  }

  @Test func anInputErrorOutweighsEverythingAndIsCounted() {
    var report = Self.report([F.check(item: "a")], baselineFrom: nil)
    report.outcome.errors = [InputError(input: "w.png", message: "bad CRC")]
    #expect(report.gate == .inputError)
    #expect(
      Self.headline(report)
        == "# glass-audit report: ❗ input errors: 1 input could not be audited; 1 check fails")
  }
}
