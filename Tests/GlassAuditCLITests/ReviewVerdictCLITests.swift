import Foundation
import Testing

/// Issue 29 part 4 end to end: checks whose interval holds their threshold
/// are `review`, neither pass nor fail. They do not fail the run unless
/// `--fail-on review`, and every report names them as such: the console,
/// report.md and report.html (a section of their own, with the interval),
/// report.json and report.sqlite, SARIF (`kind: "review"`), JUnit
/// (`<skipped>`: not a failure) and the baseline.
@Suite(.serialized) struct ReviewVerdictCLITests {
  /// White text on light regular glass over a mid grey (Fixtures.failing
  /// fails there by far), with a profile whose every measured or assumed
  /// number may be 250 levels off: every interval then spans 1 to 21.
  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    try h.write("layouts/glass-title.yml", Fixtures.failing + "\n")
    try h.writeSolidPNG("wallpapers/grey.png", width: 40, height: 80, rgb: (128, 128, 128))
    try h.write(
      "wide.yml",
      """
      uncertainty:
        source: a test's profile, every number 250 levels off
        trust: assumption
        measured: {glass.regular: {light: 250, dark: 250}}
        otherMeasured: 250
        assumption: 250
      """)
    return h
  }

  @Test func reviewsDoNotGateUnlessAskedAndEveryReportNamesThem() throws {
    let h = try setUp()
    defer { h.remove() }
    let args = ["run", "--appearances", "light", "--modes", "normal", "--profile", "wide.yml"]
    let r = try h.run(args)
    #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
    #expect(r.stdout.contains("0 failed, 3 to review"), "\(r.stdout)")
    #expect(r.stdout.contains("To review: 1 item"))
    let md = try h.read("reports/report.md")
    #expect(md.contains("## To review"))
    #expect(md.contains("| **glass-title** › **bar** › **title** |"))
    let html = try h.read("reports/report.html")
    #expect(html.contains("<h2 id=\"reviews-h\">To review</h2>"))
    let json = try h.read("reports/report.json")
    #expect(json.contains("\"reviews\": 3"))
    #expect(json.contains("\"verdict\":\"review\""))
    #expect(json.contains("\"interval\":{\"min\":1,\"max\":"))
    let sarif = try h.read("reports/report.sarif")
    #expect(sarif.contains("\"kind\": \"review\""))
    #expect(sarif.contains("\"level\": \"none\""))
    let junit = try h.read("reports/junit.xml")
    #expect(junit.contains("<skipped message=\"review: contrast "))
    #expect(junit.contains("failures=\"0\""))
    let sqlite = try h.run(
      [
        "sh", "-c",
        "command -v sqlite3 >/dev/null || exit 3; "
          + "sqlite3 reports/report.sqlite \"SELECT verdict, count(*), min(interval_min) FROM "
          + "checks GROUP BY verdict; SELECT review_scenes FROM items;\"",
      ], executable: URL(fileURLWithPath: "/usr/bin/env"))
    if sqlite.status != 3 {
      #expect(sqlite.stdout == "review|3|1.0\n3\n", "\(sqlite.stdout)\(sqlite.stderr)")
    }

    let gated = try h.run(args + ["--fail-on", "review", "--format", "json,junit"])
    #expect(gated.status == 1, "\(gated.stdout)\n\(gated.stderr)")
    #expect(gated.stdout.contains("3 checks to review (--fail-on review)"), "\(gated.stdout)")
    #expect(try h.read("reports/junit.xml").contains("<failure type=\"review\""))
  }

  @Test func aBaselineAcceptsReviewsAsReviews() throws {
    let h = try setUp()
    defer { h.remove() }
    let args = [
      "run", "--appearances", "light", "--modes", "normal", "--profile", "wide.yml",
      "--format", "json", "--fail-on", "review",
    ]
    let write = try h.run(args + ["--write-baseline", "baseline.json"])
    #expect(write.status == 1, "\(write.stdout)\n\(write.stderr)")
    let baseline = try h.read("baseline.json")
    #expect(baseline.contains("\"verdict\": \"review\""), "\(baseline)")
    let again = try h.run(args + ["--baseline", "baseline.json"])
    #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
    #expect(again.stdout.contains("3 reviews accepted by the baseline"), "\(again.stdout)")
  }
}
