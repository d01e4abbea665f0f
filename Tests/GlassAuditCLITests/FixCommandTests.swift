import Foundation
import Testing

/// `glass-audit fix` end to end (issue 29 part 1): the diff, the file
/// edited in place, `--dry-run` writing nothing, the exit status `run`
/// would give after the fix, and a second fix changing nothing.
@Suite(.serialized) struct FixCommandTests {
  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    // White body text on light regular glass fails (Fixtures.failing); a
    // comment the fix must keep.
    try h.write("layouts/glass-title.yml", "# The title bar.\n" + Fixtures.failing + "\n")
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.writeSolidPNG("wallpapers/grey.png", width: 40, height: 80, rgb: (128, 128, 128))
    return h
  }

  @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
    let h = try setUp()
    defer { h.remove() }
    let before = try h.read("layouts/glass-title.yml")
    let r = try h.run(["fix", "--quiet", "--dry-run", "--appearances", "light"])
    #expect(r.stdout.contains("--- a/layouts/glass-title.yml"), "\(r.stdout)\n\(r.stderr)")
    #expect(r.stdout.contains("+++ b/layouts/glass-title.yml"))
    #expect(r.stdout.contains("would fix 1 of 1 failing item"))
    #expect(try h.read("layouts/glass-title.yml") == before)
    // The status the fix would leave: every check passes.
    #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
  }

  @Test func fixEditsInPlaceAndASecondFixChangesNothing() throws {
    let h = try setUp()
    defer { h.remove() }
    let before = try h.read("layouts/glass-title.yml")
    let first = try h.run(["fix", "--quiet", "--appearances", "light"])
    #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
    let after = try h.read("layouts/glass-title.yml")
    #expect(after != before)
    #expect(after.hasPrefix("# The title bar.\n"))
    // Only the changed lines differ: the diff's - and + lines are the whole change.
    let removed = first.stdout.split(separator: "\n").filter {
      $0.hasPrefix("-") && !$0.hasPrefix("---")
    }
    let added = first.stdout.split(separator: "\n").filter {
      $0.hasPrefix("+") && !$0.hasPrefix("+++")
    }
    #expect(removed.count <= 1 && added.count >= 1 && added.count <= 2, "\(first.stdout)")
    // `run` agrees: every check passes now.
    let run = try h.run(["run", "--quiet", "--appearances", "light", "--format", "json"])
    #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
    let second = try h.run(["fix", "--quiet", "--appearances", "light"])
    #expect(second.status == 0)
    #expect(!second.stdout.contains("--- a/"))
    #expect(try h.read("layouts/glass-title.yml") == after)
  }
}

/// `run` verifies each fix by default (issue 29 part 2): stdout and every
/// report state the fix `fix` then makes; SARIF's fix object, applied to the
/// layout file, gives the file `fix` writes; a shard does not verify (and
/// refuses `--verify-fixes`), and says so; `verifyFixes` in glass-audit.yml
/// and `--no-verify-fixes` turn it off.
@Suite(.serialized) struct VerifyFixesCLITests {
  @Test func runStatesTheFixThatFixMakes() throws {
    let h = try FixCommandTests().setUp()
    defer { h.remove() }
    let before = try h.read("layouts/glass-title.yml")
    let run = try h.run(["run", "--quiet", "--appearances", "light"])
    #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
    // The same fix on stdout and in every report.
    let line = try #require(
      run.stdout.split(separator: "\n").first { $0.contains("fix: `") && $0.contains("verified") },
      "\(run.stdout)")
    let fix = String(line.drop { $0 != "`" })
    let sarifText = try h.read("reports/report.sarif")
    for file in ["report.md", "report.json", "junit.xml"] {
      let text = try h.read("reports/\(file)")
      #expect(text.contains("(verified: re-audited over the whole matrix"), "\(file)")
    }
    let written = String(fix.dropFirst().prefix { $0 != "`" })
    #expect(try h.read("reports/report.html").contains("<code>\(written)</code>"))
    // SARIF's fix object made on the file gives what `fix` writes.
    let sarif = try #require(
      JSONSerialization.jsonObject(with: Data(sarifText.utf8)) as? [String: Any])
    let results = try #require(
      (sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let fixes = try #require(results.first?["fixes"] as? [[String: Any]])
    let change = try #require((fixes.first?["artifactChanges"] as? [[String: Any]])?.first)
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    let region = try #require(replacement["deletedRegion"] as? [String: Int])
    let inserted = try #require(
      (replacement["insertedContent"] as? [String: Any])?["text"] as? String)
    var lines = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let (start, end) = (try #require(region["startLine"]), try #require(region["endLine"]))
    #expect(region["startColumn"] == 1 && region["endColumn"] == 1)
    lines.replaceSubrange((start - 1)..<(end - 1), with: [String(inserted.dropLast())])
    let applied = lines.joined(separator: "\n")
    let fixed = try h.run(["fix", "--quiet", "--appearances", "light"])
    #expect(fixed.status == 0, "\(fixed.stdout)\n\(fixed.stderr)")
    #expect(fixed.stdout.contains(written))
    #expect(try h.read("layouts/glass-title.yml") == applied)
  }

  @Test func aShardCannotVerify() throws {
    let h = try FixCommandTests().setUp()
    defer { h.remove() }
    let r = try h.run(["run", "--quiet", "--verify-fixes", "--shard", "1/2"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("--verify-fixes"), "\(r.stderr)")
    // Without the flag a shard runs, says it does not verify, and its reports
    // say their fix is the remedy search's.
    let shard = try h.run(["run", "--shard", "1/2", "--format", "md", "--out", "s1"])
    #expect(shard.status == 1, "\(shard.stderr)")
    #expect(shard.stderr.contains("a shard does not verify fixes"), "\(shard.stderr)")
    let md = try h.read("s1/report.md")
    #expect(!md.contains("(verified: "))
    #expect(md.contains("not re-audited where it passes, as in a shard"))
  }

  @Test func theSettingsFileOrTheFlagCanTurnItOff() throws {
    let h = try FixCommandTests().setUp()
    defer { h.remove() }
    try h.write("glass-audit.yml", "appearances: [light]\n")
    let r = try h.run(["run", "--quiet", "--format", "md"])
    #expect(try h.read("reports/report.md").contains("(verified: "), "\(r.stdout)\n\(r.stderr)")
    let off = try h.run(["run", "--quiet", "--format", "md", "--no-verify-fixes"])
    #expect(off.status == 1)
    let unverified = try h.read("reports/report.md")
    #expect(!unverified.contains("(verified: "))
    #expect(unverified.contains("`run --no-verify-fixes`"))
    try h.write("glass-audit.yml", "appearances: [light]\nverifyFixes: false\n")
    _ = try h.run(["run", "--quiet", "--format", "md"])
    #expect(try !h.read("reports/report.md").contains("(verified: "))
    _ = try h.run(["run", "--quiet", "--format", "md", "--verify-fixes"])
    #expect(try h.read("reports/report.md").contains("(verified: "))
    try h.write("glass-audit.yml", "verifyFixes: maybe\n")
    let bad = try h.run(["run", "--quiet", "--format", "md"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("verifyFixes: 'maybe' is not true or false"), "\(bad.stderr)")
  }
}
