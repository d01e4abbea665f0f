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
