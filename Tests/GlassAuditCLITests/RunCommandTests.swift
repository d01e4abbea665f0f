import Foundation
import Testing

@testable import ContrastCore

/// End-to-end: the built binary over small matrices in a temporary folder.
@Suite(.serialized) struct RunCommandTests {
  func setUp(layouts: [String: String]) throws -> CLIHarness {
    let h = try CLIHarness()
    for (name, text) in layouts { try h.write("layouts/\(name)", text) }
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    return h
  }

  @Test func allPassingExitsZeroAndWritesTheThreeReports() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    let r = try h.run(["run", "--quiet"])
    #expect(r.status == 0, "\(r.stderr)")
    for f in ["report.json", "report.md", "junit.xml", "report.sarif", "report.html"] {
      #expect(h.exists("reports/\(f)"))
    }
    let json = try h.read("reports/report.json")
    // 1 item x 1 wallpaper x 2 appearances x (normal and increaseContrast
    // under 3 Liquid Glass settings + the 2 reduce-transparency modes once).
    #expect(json.contains("\"checks\": 16"))
    #expect(json.contains("\"passed\": 16"))
    #expect(r.stdout.contains("PASS"))
    #expect(r.stdout.contains("reports/report.json"))
  }

  @Test func aFailingCheckExitsOne() throws {
    let h = try setUp(layouts: ["glass.yml": Fixtures.failing])
    defer { h.remove() }
    let r = try h.run(["run", "--quiet"])
    #expect(r.status == 1, "\(r.stderr)")
    let json = try h.read("reports/report.json")
    #expect(json.contains("\"verdict\":\"fail\""))
    #expect(json.contains("\"remedyIndex\":0"))
    let junit = try h.read("reports/junit.xml")
    #expect(junit.contains("<failure type=\"contrast\""))
    #expect(junit.contains("classname=\"glass-title.bar\""))
    #expect(junit.contains("file=\"layouts/glass.yml\""))
    let md = try h.read("reports/report.md")
    #expect(md.contains("## Failing items by layout"))
    #expect(r.stdout.contains("Items to fix: "))
  }

  @Test func badInputsAreReportedAndEverythingElseIsStillAudited() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing, "broken.yml": Fixtures.invalid])
    defer { h.remove() }
    try h.write("wallpapers/broken.png", bytes: Array("not a png at all".utf8))
    let r = try h.run(["run", "--quiet"])
    #expect(r.status == 2)
    let json = try h.read("reports/report.json")
    // The good layout over the good wallpaper was audited.
    #expect(json.contains("\"passed\": 16"))
    // Both bad inputs are in errors[], named with file and reason.
    #expect(json.contains("\"input\": \"wallpapers/broken.png\""))
    #expect(json.contains("cannot decode 'wallpapers/broken.png'"))
    #expect(json.contains("\"input\": \"layouts/broken.yml\""))
    #expect(json.contains("layouts/broken.yml:7:5"))
    #expect(json.contains("did you mean 'cornerRadius'"))
    #expect(json.contains("did you mean 'glass.clear'"))
    #expect(r.stderr.contains("layouts/broken.yml:7:5"))
    let junit = try h.read("reports/junit.xml")
    #expect(junit.contains("<error type=\"input\""))
  }

  @Test func usageErrorsExit64() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    #expect(try h.run(["run", "--level", "AAAA"]).status == 64)
    #expect(try h.run(["run", "--statistic", "p99"]).status == 64)
    #expect(try h.run(["run", "--jobs", "0"]).status == 64)
    #expect(try h.run(["contrast", "#GGG", "#FFF"]).status == 64)
  }

  @Test func deterministicReportsAreByteIdenticalAcrossRunsAndJobs() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing, "glass.yml": Fixtures.failing])
    defer { h.remove() }
    try h.writeSolidPNG("wallpapers/blue.png", width: 30, height: 90, rgb: (10, 90, 200))
    _ = try h.run(["run", "--quiet", "--deterministic", "--jobs", "1", "--out", "a"])
    _ = try h.run(["run", "--quiet", "--deterministic", "--jobs", "2", "--out", "b"])
    _ = try h.run(["run", "--quiet", "--deterministic", "--jobs", "2", "--out", "c"])
    let a = try h.read("a/report.json")
    #expect(a == (try h.read("b/report.json")))
    #expect(a == (try h.read("c/report.json")))
    #expect(!a.contains("timestamp"))
    // Without --deterministic the timestamp is there.
    _ = try h.run(["run", "--quiet", "--out", "d"])
    #expect(try h.read("d/report.json").contains("\"timestamp\""))
  }

  @Test func runWritesReportSQLiteByDefaultWithEveryCheck() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing, "glass.yml": Fixtures.failing])
    defer { h.remove() }
    let r = try h.run(["run", "--quiet", "--deterministic"])
    #expect(r.status == 1, "\(r.stderr)")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: h.path("reports/report.sqlite"))))
    #expect(bytes.starts(with: Array("SQLite format 3\u{0}".utf8)))
    #expect(r.stdout.contains("reports/report.sqlite"))
    let db = try SQLiteDatabase(bytes: bytes)
    let json =
      try JSONSerialization.jsonObject(with: Data(h.read("reports/report.json").utf8))
      as! [String: Any]
    let summary = json["summary"] as! [String: Any]
    #expect(
      try db.rows("SELECT count(*) AS n FROM checks")
        == [["n": .int((summary["checks"] as! NSNumber).intValue)]])
    #expect(
      try db.rows("SELECT count(*) AS n FROM checks WHERE verdict = 'fail'")
        == [["n": .int((summary["failed"] as! NSNumber).intValue)]])
    // The same run again: the same bytes; only asked-for formats are written.
    _ = try h.run(["run", "--quiet", "--deterministic", "--out", "again"])
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: h.path("again/report.sqlite"))) == Data(bytes))
    _ = try h.run(["run", "--quiet", "--format", "json", "--out", "json-only"])
    #expect(!h.exists("json-only/report.sqlite"))
  }

  @Test func aFailedRunKeepsTheLastGoodReportAndLeavesNoTemporaryFiles() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    #expect(try h.run(["run", "--quiet", "--deterministic"]).status == 0)
    let before = try h.read("reports/report.json")
    // An invalid profile stops the run before anything is written.
    try h.write(
      "bad-profile.yml", "version: 1\nmaterials: {glass.regular: {light: {white: oops}}}\n")
    let r = try h.run(["run", "--quiet", "--deterministic", "--profile", "bad-profile.yml"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("bad-profile.yml"))
    #expect(try h.read("reports/report.json") == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: h.path("reports"))
    #expect(
      names.sorted() == [
        "junit.xml", "report.html", "report.json", "report.md", "report.sarif", "report.sqlite",
      ])
  }

  @Test func anOutputPathThatIsAFileIsAClearError() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    try h.write("taken", "a file, not a folder")
    let r = try h.run(["run", "--quiet", "--out", "taken"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("taken"))
  }

  @Test func settingsFileIsReadAndFlagsOverrideIt() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    try h.write(
      "glass-audit.yml",
      "level: AAA\nmodes: [normal]\nappearances: [light]\nliquidGlass: default\nout: out\n")
    #expect(try h.run(["run", "--quiet", "--deterministic"]).status == 0)
    let json = try h.read("out/report.json")
    #expect(json.contains("\"level\": \"AAA\""))
    #expect(json.contains("\"checks\": 1"))
    #expect(json.contains("\"liquidGlass\": \"default\""))
    #expect(try h.run(["run", "--quiet", "--appearances", "light,dark"]).status == 0)
    #expect(try h.read("out/report.json").contains("\"checks\": 2"))
    #expect(try h.run(["run", "--quiet", "--liquid-glass", "tinted,0.25"]).status == 0)
    let two = try h.read("out/report.json")
    #expect(two.contains("\"checks\": 2"))
    #expect(two.contains("\"liquidGlass\": [\n      0.25,\n      \"tinted\"\n    ]"))
    try h.write("glass-audit.yml", "levl: AAA\n")
    let bad = try h.run(["run", "--quiet"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("did you mean 'level'"))
  }

  @Test func severalProfilesAndSettingsAreOneRun() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    let r = try h.run([
      "run", "--quiet", "--deterministic", "--profile", "ios26,ios27", "--liquid-glass",
      "clear", "--modes", "normal,reduceTransparency", "--appearances", "light", "--json-checks",
      "all",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let json = try h.read("reports/report.json")
    #expect(json.contains("\"profiles\": [\n      \"ios26\",\n      \"ios27\"\n    ]"))
    // 2 profiles x (normal under clear + reduceTransparency once).
    #expect(json.contains("\"checks\": 4"))
    #expect(json.contains("\"profile\": \"ios26\""))
    #expect(json.contains("\"liquidGlass\":null"))
    // JUnit: one testcase per item, whatever the profiles and settings.
    let junit = try h.read("reports/junit.xml")
    #expect(junit.components(separatedBy: "<testcase ").count - 1 == 1)
  }

  @Test func aBadSettingOrProfileListIsAUsageOrInputError() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    let setting = try h.run(["run", "--quiet", "--liquid-glass", "clear,frosted"])
    #expect(setting.status == 64)
    #expect(setting.stderr.contains("--liquid-glass"))
    let profile = try h.run(["run", "--quiet", "--profile", "ios27,missing.yml"])
    #expect(profile.status == 2)
    #expect(profile.stderr.contains("missing.yml"))
    // A file laid over the default keeps its name unless it gives one.
    try h.write("same.yml", "version: 1\ndefaultTintAlpha: 0.5\n")
    let twice = try h.run(["run", "--quiet", "--profile", "ios27,same.yml"])
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("both named 'ios27'"), "\(twice.stderr)")
  }

  @Test func theStepSummaryGetsTheMarkdown() throws {
    let h = try setUp(layouts: ["glass.yml": Fixtures.failing])
    defer { h.remove() }
    try h.write("summary.md", "")
    _ = try h.run(["run", "--quiet"], environment: ["GITHUB_STEP_SUMMARY": h.path("summary.md")])
    #expect(try h.read("summary.md").contains("# glass-audit report"))
  }

  @Test func progressIsPlainLinesWhenNotATerminal() throws {
    let h = try setUp(layouts: ["plain.yml": Fixtures.passing])
    defer { h.remove() }
    let r = try h.run(["run"])
    #expect(r.stderr.contains("1/1 wallpapers audited"))
    #expect(!r.stderr.contains("\u{1B}["))
    let q = try h.run(["run", "--quiet"])
    #expect(q.stderr.isEmpty)
  }
}

@Suite struct ContrastCommandTests {
  @Test func exitStatusFollowsAANormalText() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let fail = try h.run(["contrast", "#777777", "#FFFFFF"])
    #expect(fail.status == 1)
    #expect(fail.stdout.contains("4.47:1"))
    let pass = try h.run(["contrast", "#767676", "#FFFFFF"])
    #expect(pass.status == 0)
    #expect(pass.stdout.contains("4.54:1"))
    let alpha = try h.run(["contrast", "#00000066", "#FFFFFF"])
    #expect(alpha.stdout.contains("2.84:1"))
  }
}
