import Foundation
import Testing

@Suite(.serialized) struct BaselineCLITests {
  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    try h.write("layouts/plain.yml", Fixtures.passing)
    try h.write("layouts/glass.yml", Fixtures.failing)
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    return h
  }

  @Test func aBaselineAcceptsKnownFailuresAndOnlyRatchetsDown() throws {
    let h = try setUp()
    defer { h.remove() }
    // Record the current failures.
    let first = try h.run(["run", "--quiet", "--write-baseline", "baseline.json"])
    #expect(first.status == 1)
    #expect(h.exists("baseline.json"))
    // With the baseline every failure is known: exit 0, results marked known.
    let accepted = try h.run(["run", "--quiet", "--baseline", "baseline.json"])
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let json = try h.read("reports/report.json")
    #expect(json.contains("\"baseline\":\"known\""))
    #expect(!json.contains("\"verdict\":\"fail\",\"baseline\":\"new\""))
    // Fix the design: black text straight on the (white) wallpaper. The
    // baselined checks now pass: the entries are stale, exit 1 until pruned.
    let fixed = Fixtures.failing
      .replacingOccurrences(of: "color: white", with: "color: black")
      .replacingOccurrences(of: "material: glass.regular", with: "material: none")
    try h.write("layouts/glass.yml", fixed)
    let stale = try h.run(["run", "--quiet", "--baseline", "baseline.json"])
    #expect(stale.status == 1)
    #expect(stale.stderr.contains("stale"))
    let pruned = try h.run(["run", "--quiet", "--baseline", "baseline.json", "--prune-baseline"])
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(try !h.read("baseline.json").contains("glass-title"))
    #expect(try h.run(["run", "--quiet", "--baseline", "baseline.json"]).status == 0)
  }

  /// A run's report.json (its failing checks) or report.sqlite is a
  /// baseline too: every failure it lists is accepted; a new failure still
  /// fails; `--prune-baseline` will not rewrite a report as a baseline.
  @Test func aRunsReportJSONOrSQLiteIsABaseline() throws {
    let h = try setUp()
    defer { h.remove() }
    #expect(try h.run(["run", "--quiet", "--out", "before"]).status == 1)
    for file in ["before/report.json", "before/report.sqlite"] {
      let accepted = try h.run(["run", "--quiet", "--baseline", file, "--out", "after"])
      #expect(accepted.status == 0, "\(file): \(accepted.stderr)")
      let json = try h.read("after/report.json")
      #expect(json.contains("\"baseline\":\"known\""), "\(file)")
      #expect(!json.contains("\"baseline\":\"new\""), "\(file)")
      let prune = try h.run(["run", "--quiet", "--baseline", file, "--prune-baseline"])
      #expect(prune.status == 2, "\(file)")
      #expect(prune.stderr.contains("\(file): --prune-baseline rewrites a baseline file"))
    }
    // A failure the report did not have is new: a second failing layout.
    try h.write(
      "layouts/glass2.yml",
      Fixtures.failing.replacingOccurrences(
        of: "glass-title", with: "glass-title-2"))
    let more = try h.run(["run", "--quiet", "--baseline", "before/report.sqlite"])
    #expect(more.status == 1, "\(more.stderr)")
  }

  @Test func aNewFailureStillFailsWithABaseline() throws {
    let h = try setUp()
    defer { h.remove() }
    _ = try h.run(["run", "--quiet", "--write-baseline", "baseline.json"])
    try h.writeSolidPNG("wallpapers/dark.png", width: 40, height: 80, rgb: (0, 0, 0))
    let r = try h.run(["run", "--quiet", "--baseline", "baseline.json"])
    #expect(r.status == 1)
    #expect(try h.read("reports/report.json").contains("\"baseline\":\"new\""))
  }

  /// stdout's first two lines, the Markdown headline and JUnit's counts.
  func verdicts(_ h: CLIHarness, _ r: CLIHarness.Result) throws -> (String, String, String) {
    let stdout = r.stdout.split(separator: "\n").prefix(2).joined(separator: "\n")
    let headline = String(try h.read("reports/report.md").split(separator: "\n")[0])
    let junit = try h.read("reports/junit.xml")
    let top = junit.split(separator: "\n").first { $0.hasPrefix("<testsuites ") }.map(String.init)
    return (stdout, headline, top ?? "")
  }

  @Test func theExitStatusStdoutMarkdownAndJUnitAgreeInEveryBaselineCase() throws {
    let h = try setUp()
    defer { h.remove() }
    // No baseline: the failures fail everywhere.
    let plain = try h.run(["run", "--quiet", "--write-baseline", "ci/baseline.json"])
    #expect(plain.status == 1)
    var (stdout, headline, junit) = try verdicts(h, plain)
    // Checks in stdout and report.md; items in JUnit (one testcase each).
    let failed = try #require(
      Int(
        try h.read("reports/report.json").components(separatedBy: "\"failed\": ")[1]
          .prefix { $0.isNumber }))
    // The baseline accepts the checks to review too (each its own entry).
    let reviews = try #require(
      Int(
        try h.read("reports/report.json").components(separatedBy: "\"reviews\": ")[1]
          .prefix { $0.isNumber }))
    let entries = failed + reviews
    let items = try #require(Int(junit.split(separator: "\"")[5]))
    #expect(failed > 0 && items > 0 && items <= failed)
    #expect(stdout.hasPrefix("FAIL "))
    #expect(stdout.hasSuffix("Gate: \(failed) checks fail"))
    #expect(headline == "# glass-audit report: ❌ failing: \(failed) checks fail")
    #expect(junit.contains("failures=\"\(items)\" errors=\"0\" skipped=\"0\""))

    // A baseline accepting every failure: exit 0, and JUnit skips them.
    let accepted = try h.run(["run", "--quiet", "--baseline", "ci/baseline.json"])
    #expect(accepted.status == 0, "\(accepted.stderr)")
    (stdout, headline, junit) = try verdicts(h, accepted)
    #expect(stdout.hasPrefix("PASS "))
    #expect(stdout.hasSuffix("Gate: \(failed) failures accepted by the baseline"))
    #expect(
      headline == "# glass-audit report: ✅ passing: \(failed) failures accepted by the baseline")
    #expect(junit.contains("failures=\"0\" errors=\"0\" skipped=\"\(items)\""))
    let junitText = try h.read("reports/junit.xml")
    #expect(!junitText.contains("<failure"))
    #expect(junitText.contains("<skipped message=\"accepted by the baseline: contrast "))

    // New and known: a dark wallpaper adds failures the baseline never saw.
    try h.writeSolidPNG("wallpapers/dark.png", width: 40, height: 80, rgb: (0, 0, 0))
    let mixed = try h.run(["run", "--quiet", "--baseline", "ci/baseline.json"])
    #expect(mixed.status == 1)
    (stdout, headline, junit) = try verdicts(h, mixed)
    #expect(stdout.hasPrefix("FAIL "))
    #expect(stdout.contains("new failures (not in the baseline); \(failed) failures accepted"))
    #expect(headline.hasPrefix("# glass-audit report: ❌ failing: "))
    #expect(
      headline.hasSuffix(
        "new failures (not in the baseline); \(failed) failures accepted by the baseline"))
    // An item failing on the new wallpaper fails, saying which failures are accepted.
    #expect(!junit.contains("failures=\"0\""))
    #expect(
      try h.read("reports/junit.xml").contains("of these failures are accepted by the baseline"))
    try FileManager.default.removeItem(atPath: h.path("wallpapers/dark.png"))

    // Fixed: only stale entries are left, and every output says so.
    let fixed = Fixtures.failing
      .replacingOccurrences(of: "color: white", with: "color: black")
      .replacingOccurrences(of: "material: glass.regular", with: "material: none")
    try h.write("layouts/glass.yml", fixed)
    let stale = try h.run(["run", "--quiet", "--baseline", "ci/baseline.json"])
    #expect(stale.status == 1)
    (stdout, headline, junit) = try verdicts(h, stale)
    #expect(stdout.hasPrefix("FAIL "))
    #expect(stdout.hasSuffix("Gate: \(entries) stale baseline entries (their checks pass now)"))
    #expect(stale.stdout.contains("Stale baseline entries (remove them with --prune-baseline):"))
    #expect(
      headline
        == "# glass-audit report: ❌ failing: \(entries) stale baseline entries (their checks pass now)"
    )
    #expect(junit.contains("failures=\"\(entries)\" errors=\"0\" skipped=\"0\""))
    #expect(try h.read("reports/junit.xml").contains("<failure type=\"stale-baseline\""))
  }

  @Test func writeBaselineCreatesItsFolderBeforeTheAudit() throws {
    let h = try setUp()
    defer { h.remove() }
    let r = try h.run(["run", "--quiet", "--write-baseline", "ci/deep/baseline.json"])
    #expect(r.status == 1)
    #expect(h.exists("ci/deep/baseline.json"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: h.path("ci/deep")) == ["baseline.json"])
  }

  @Test func aBaselineThatCannotBeWrittenStopsTheRunBeforeTheAudit() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write("ci", "a file where a folder should be")
    let r = try h.run(["run", "--quiet", "--write-baseline", "ci/baseline.json"])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "cannot write the baseline 'ci/baseline.json': cannot create its folder 'ci': "
          + "'ci' is a file, not a folder"))
    #expect(!r.stderr.contains(".tmp-"))
    #expect(r.stdout.isEmpty)
    #expect(!h.exists("reports/report.json"))
    let folder = try h.run(["run", "--quiet", "--write-baseline", "reports"])
    #expect(folder.status == 2)
    #expect(folder.stderr.contains("cannot write the baseline 'reports': it is a folder"))
  }

  @Test func badBaselineFilesAreClearErrors() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write("baseline.json", "{ not json")
    let r = try h.run(["run", "--quiet", "--baseline", "baseline.json"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("baseline.json"))
    #expect(try h.run(["run", "--quiet", "--prune-baseline"]).status == 64)
  }

  @Test func sarifAndAnnotationsUnderGitHubActions() throws {
    let h = try setUp()
    defer { h.remove() }
    let r = try h.run(["run", "--quiet"], environment: ["GITHUB_ACTIONS": "true"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("::error file=layouts/glass.yml,line="))
    let sarif = try h.read("reports/report.sarif")
    #expect(sarif.contains("\"version\": \"2.1.0\""))
    #expect(sarif.contains("\"uri\": \"layouts/glass.yml\""))
  }
}
