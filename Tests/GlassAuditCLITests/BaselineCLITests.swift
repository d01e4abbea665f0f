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
    #expect(json.contains("\"baseline\": \"known\""))
    #expect(!json.contains("\"verdict\": \"fail\",\n      \"baseline\": \"new\""))
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

  @Test func aNewFailureStillFailsWithABaseline() throws {
    let h = try setUp()
    defer { h.remove() }
    _ = try h.run(["run", "--quiet", "--write-baseline", "baseline.json"])
    try h.writeSolidPNG("wallpapers/dark.png", width: 40, height: 80, rgb: (0, 0, 0))
    let r = try h.run(["run", "--quiet", "--baseline", "baseline.json"])
    #expect(r.status == 1)
    #expect(try h.read("reports/report.json").contains("\"baseline\": \"new\""))
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
