import ContrastCore
import Foundation
import Testing

/// The command line as ESLint and SwiftLint users expect it (issue 15,
/// part 7): positional paths, comma lists, --fail-on, --color, short flags,
/// --version and init.
@Suite(.serialized) struct HabitsCLITests {
  /// A passing and a failing layout over one white wallpaper.
  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    try h.write("screens/plain.yml", Fixtures.passing)
    try h.writeSolidPNG("walls/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.writeSolidPNG("walls/grey.png", width: 40, height: 80, rgb: (230, 230, 230))
    return h
  }

  /// Black text on the wallpaper in a 30 x 30 pt interactive element: every
  /// check passes on white, and the target-size lint warns.
  static let smallButton = Fixtures.passing
    .replacingOccurrences(of: "layout: plain", with: "layout: small-button")
    .replacingOccurrences(
      of: "frame: {x: 0, y: 0, width: 40, height: 80}",
      with: "frame: {x: 0, y: 0, width: 30, height: 30}\n    interactive: true"
    )
    .replacingOccurrences(of: "width: 30, height: 10}", with: "width: 20, height: 10}")

  @Test func aFolderOfLayoutsAndAPNGGivenAsPathsAreTheLayoutsAndTheWallpapers() throws {
    let h = try setUp()
    defer { h.remove() }
    let r = try h.run(["run", "-q", "screens/", "walls/white.png", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    let json = try h.read("reports/report.json")
    #expect(json.contains("\"wallpaper\": \"white\""))
    #expect(!json.contains("\"wallpaper\": \"grey\""))
    // The default subcommand takes them too, and a folder of PNGs is the wallpapers.
    let both = try h.run(["walls", "screens/plain.yml", "-q", "--format", "json"])
    #expect(both.status == 0, "\(both.stderr)")
    #expect(try h.read("reports/report.json").contains("\"wallpaper\": \"grey\""))
  }

  @Test func pathsOfNoKindBothKindsOrTwiceTheSameKindAreUsageErrorsNamingThem() throws {
    let h = try setUp()
    defer { h.remove() }
    let missing = try h.run(["run", "nowhere"])
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("no such file or folder: 'nowhere'"))
    try h.write("mixed/a.yml", Fixtures.passing)
    try h.writeSolidPNG("mixed/w.png", width: 4, height: 4, rgb: (0, 0, 0))
    let mixed = try h.run(["run", "mixed"])
    #expect(mixed.status == 64)
    #expect(mixed.stderr.contains("'mixed' holds both layout files and PNGs"))
    let twice = try h.run(["run", "walls", "walls/white.png"])
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("'walls' and 'walls/white.png' both name wallpapers"))
    let flagToo = try h.run(["run", "screens", "--layouts", "screens"])
    #expect(flagToo.status == 64)
    #expect(flagToo.stderr.contains("both name the layouts"))
    try h.write("notes.txt", "hello")
    let other = try h.run(["run", "notes.txt"])
    #expect(other.status == 64)
    #expect(other.stderr.contains("'notes.txt' is neither a layout file"))
  }

  @Test func validateTakesAFileAsItsPath() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write("screens/broken.yml", Fixtures.invalid)
    let one = try h.run(["validate", "screens/plain.yml"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdout.contains("1 layouts valid, 0 invalid"))
    let all = try h.run(["validate", "screens"])
    #expect(all.status == 2)
    #expect(all.stderr.contains("screens/broken.yml:"))
  }

  @Test func formatsTakeACommaListAndTheRepeatedForm() throws {
    let h = try setUp()
    defer { h.remove() }
    let list = try h.run(["run", "-q", "screens", "walls", "--format", "json,md", "-o", "a"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: h.path("a"))) == [
        "report.json", "report.md",
      ])
    let repeated = try h.run([
      "run", "-q", "screens", "walls", "--format", "junit", "--format", "sarif", "-o", "b",
    ])
    #expect(repeated.status == 0, "\(repeated.stderr)")
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: h.path("b"))) == [
        "junit.xml", "report.sarif",
      ])
    let bad = try h.run(["run", "screens", "walls", "--format", "json,pdf"])
    #expect(bad.status == 64)
  }

  @Test func failOnWarningLetsALintFailTheRunAndValidate() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write("screens/button.yml", Self.smallButton)
    let plain = try h.run(["run", "-q", "screens", "walls/white.png", "--format", "md"])
    #expect(plain.status == 0, "\(plain.stderr)")
    let strict = try h.run([
      "run", "-q", "screens", "walls/white.png", "--format", "md,junit", "--fail-on", "warning",
    ])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("Gate: 1 lint warning (--fail-on warning)"))
    #expect(
      try h.read("reports/report.md").hasPrefix(
        "# glass-audit report: ❌ failing: 1 lint warning (--fail-on warning)"))
    #expect(try h.read("reports/junit.xml").contains("<failure type=\"lint\""))
    #expect(try h.run(["validate", "screens"]).status == 0)
    let validate = try h.run(["validate", "screens", "--fail-on", "warning"])
    #expect(validate.status == 1)
    #expect(validate.stdout.contains("target-size (warning):"))
    // The settings file's failOn does the same.
    try h.write("glass-audit.yml", "failOn: warning\n")
    #expect(try h.run(["run", "-q", "screens", "walls/white.png", "--format", "md"]).status == 1)
  }

  @Test func failOnNeverExitsZeroWithFailuresButTwoOnAnInputError() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write("screens/glass.yml", Fixtures.failing)
    let r = try h.run(["run", "-q", "screens", "walls", "--fail-on", "never", "--format", "md"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("PASS "))
    #expect(r.stdout.contains("not gating (--fail-on never)"))
    try h.write("walls/broken.png", bytes: Array("not a png".utf8))
    let broken = try h.run([
      "run", "-q", "screens", "walls", "--fail-on", "never", "--format", "md",
    ])
    #expect(broken.status == 2)
  }

  @Test func colorAlwaysPaintsEvenWithoutATerminalAndAutoDoesNot() throws {
    let h = try setUp()
    defer { h.remove() }
    let auto = try h.run(["run", "-q", "screens", "walls", "--format", "md"])
    #expect(!auto.stdout.contains("\u{1B}["))
    let always = try h.run(["run", "-q", "screens", "walls", "--format", "md", "--color", "always"])
    #expect(always.stdout.hasPrefix("\u{1B}[32;1mPASS\u{1B}[0m"))
    let never = try h.run(
      ["run", "-q", "screens", "walls", "--format", "md", "--color", "never"],
      environment: ["NO_COLOR": ""])
    #expect(!never.stdout.contains("\u{1B}["))
    #expect(try h.run(["run", "--color", "sometimes"]).status == 64)
  }

  @Test func shortFlagsQuietAndOut() throws {
    let h = try setUp()
    defer { h.remove() }
    let r = try h.run(["run", "-q", "-o", "out", "screens", "walls", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(h.exists("out/report.json"))
    #expect(!r.stderr.contains("wallpapers audited"))
    let loud = try h.run(["run", "-o", "out", "screens", "walls", "--format", "json"])
    #expect(loud.stderr.contains("wallpapers audited"))
  }

  @Test func versionPrintsTheVersionTheReportsCarry() throws {
    let h = try setUp()
    defer { h.remove() }
    let r = try h.run(["--version"])
    #expect(r.status == 0)
    #expect(r.stdout == ContrastCore.toolVersion + "\n")
    _ = try h.run(["run", "-q", "screens", "walls", "--format", "json"])
    #expect(
      try h.read("reports/report.json").contains(
        "\"version\": \"\(ContrastCore.toolVersion)\""))
  }

  @Test func initWritesAStarterThatValidatesAndNeverOverwrites() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let r = try h.run(["init", "--device", "iphone-se-3"])
    #expect(r.status == 0, "\(r.stderr)")
    let layout = try h.read("layouts/example.yml")
    #expect(layout.contains("device: iphone-se-3"))
    #expect(layout.contains("frame: {x: 0, y: 0, width: 375, height: 108}"))
    #expect(try h.read("glass-audit.yml").contains("# failOn: error"))
    let validate = try h.run(["validate", "--fail-on", "warning"])
    #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    #expect(validate.stdout.contains("1 layouts valid, 0 invalid, 0 findings"))
    // The settings file it wrote is read by run.
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    let run = try h.run(["run", "-q", "--format", "json"])
    #expect(run.status != 2, "\(run.stderr)")
    #expect(h.exists("reports/report.json"))
    // Never overwrites: both files named, nothing written.
    try h.write("layouts/example.yml", "mine")
    let again = try h.run(["init"])
    #expect(again.status == 2)
    #expect(again.stderr.contains("'glass-audit.yml' and 'layouts/example.yml' exist"))
    #expect(try h.read("layouts/example.yml") == "mine")
    let unknown = try h.run(["init", "--device", "iphone16"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown device 'iphone16' (did you mean 'iphone-16'?)"))
  }
}
