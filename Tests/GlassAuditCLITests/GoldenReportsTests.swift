import Foundation
import Testing

/// The reports of a deterministic run over the committed fixture
/// (Tests/Fixtures/golden) are byte for byte the committed expected files.
/// When a change is meant to change them: scripts/update-golden.sh.
@Suite struct GoldenReportsTests {
  static let fixture = CLIHarness.packageRoot.appendingPathComponent("Tests/Fixtures/golden")
  static let reports = ["report.json", "report.md", "report.html", "junit.xml", "report.sarif"]
  static let hint =
    "If the change is intended, run scripts/update-golden.sh, review the diff of"
    + " Tests/Fixtures/golden/expected/ and commit it with the change (CONTRIBUTING.md)."

  /// What a fresh run writes: each report's bytes and the annotations (stderr
  /// under GitHub Actions), by expected file name.
  static func freshRun() throws -> (status: Int32, files: [String: Data]) {
    let h = try CLIHarness()
    defer { h.remove() }
    for folder in ["layouts", "wallpapers"] {
      try FileManager.default.copyItem(
        at: fixture.appendingPathComponent(folder), to: h.dir.appendingPathComponent(folder))
    }
    let r = try h.run(
      [
        "run", "--deterministic", "--quiet", "--layouts", "layouts", "--wallpapers", "wallpapers",
        "--out", "out",
      ], environment: ["GITHUB_ACTIONS": "true"])
    var files: [String: Data] = ["annotations.txt": Data(r.stderr.utf8)]
    for name in reports {
      files[name] = FileManager.default.contents(atPath: h.path("out/\(name)"))
    }
    return (r.status, files)
  }

  @Test func aRunOverTheFixtureWritesEveryExpectedFileByteForByte() throws {
    let run = try Self.freshRun()
    // A layout of the fixture fails on purpose.
    #expect(run.status == 1, "\(String(decoding: run.files["annotations.txt"]!, as: UTF8.self))")
    for name in Self.reports + ["annotations.txt"] {
      let expectedPath = "Tests/Fixtures/golden/expected/\(name)"
      guard
        let expected = FileManager.default.contents(
          atPath: CLIHarness.packageRoot.appendingPathComponent(expectedPath).path)
      else {
        Issue.record("\(expectedPath) is missing: scripts/update-golden.sh writes it.")
        continue
      }
      guard let actual = run.files[name] else {
        Issue.record("the run wrote no \(name)")
        continue
      }
      if actual != expected {
        let diff = GoldenDiff.render(
          expected: String(decoding: expected, as: UTF8.self),
          actual: String(decoding: actual, as: UTF8.self))
        Issue.record(
          """
          \(name) differs from \(expectedPath) (expected \(expected.count) bytes, \
          the run wrote \(actual.count)):
          \(diff)\(Self.hint)
          """)
      }
    }
  }

  @Test func theDiffNamesTheChangedLineInBothFilesWithItsContext() {
    let diff = GoldenDiff.render(
      expected: "a\nb\nc\nd\ne\nf\n", actual: "a\nb\nc\nD\ne\nf\n", context: 1)
    #expect(
      diff == """
        @@ expected line 3, actual line 3 @@
              3 | c
        -     4 | d
        +     4 | D
              5 | e

        """)
  }

  @Test func theDiffNumbersLinesAfterAnInsertionInEachFile() {
    let diff = GoldenDiff.render(expected: "a\nb\nc", actual: "a\nnew\nb\nc", context: 0)
    #expect(diff == "@@ expected line 2, actual line 2 @@\n+     2 | new\n")
    let later = GoldenDiff.render(expected: "a\nb\nc", actual: "a\nnew\nb\nC", context: 0)
    #expect(
      later
        == "@@ expected line 2, actual line 2 @@\n+     2 | new\n"
        + "@@ expected line 3, actual line 4 @@\n-     3 | c\n+     4 | C\n")
  }

  @Test func theDiffShowsAtMostTheGivenNumberOfChangedLines() {
    let expected = (1...30).map { "line \($0)" }.joined(separator: "\n")
    let actual = (1...30).map { "LINE \($0)" }.joined(separator: "\n")
    let diff = GoldenDiff.render(expected: expected, actual: actual, maxChangedLines: 4)
    #expect(
      diff.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count == 4)
    #expect(diff.hasSuffix("… and 56 more differing lines not shown\n"))
  }
}
