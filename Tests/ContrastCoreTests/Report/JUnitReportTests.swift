import Testing

@testable import ContrastCore

/// junit.xml fails exactly where the gate does, whatever `--fail-on` says.
@Suite struct JUnitReportTests {
  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func failOnWarningMakesDecorativeWarningsAndWarningFindingsFailures() {
    var report = ReportFixtures.mixed
    report.failOn = .warning
    let junit = JUnitReport.render(report)
    #expect(Self.count("<failure type=\"contrast\"", in: junit) == 2)
    #expect(Self.count("<failure type=\"warning\"", in: junit) == 1)
    #expect(junit.contains(#"<testsuite name="findings" tests="1" failures="1""#))
    #expect(
      junit.contains(
        #"<testcase classname="findings" name="target-size: tabs › bar" file="layouts/tabs.yml" line="8">"#
      ))
    #expect(junit.contains(#"<testsuites name="glass-audit" tests="5" failures="4""#))
  }

  @Test func byDefaultWarningsAreOutputNotFailures() {
    let junit = JUnitReport.render(ReportFixtures.mixed)
    #expect(Self.count("<failure", in: junit) == 2)
    #expect(junit.contains("<system-out>warning: decorative item below 3:1 ("))
    #expect(!junit.contains("name=\"findings\""))
  }

  @Test func failOnNeverSkipsEveryFailureWithTheReason() {
    var report = ReportFixtures.mixed
    report.failOn = .never
    let junit = JUnitReport.render(report)
    #expect(!junit.contains("<failure"))
    #expect(
      Self.count("<skipped message=\"not gating (--fail-on never): contrast ", in: junit) == 2)
    #expect(junit.contains(#"failures="0" errors="0" skipped="2">"#))
  }
}
