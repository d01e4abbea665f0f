import Foundation
import Testing

/// The settings a person has, end to end (SPEC §3.8): text sizes, Bold
/// Text, ios18 beside ios27, shards and merge, the JSON fields.
@Suite(.serialized) struct PersonSettingsCLITests {
  /// White body text on glass with an iOS 18 fallback on one element and
  /// none on the other, and a caption that outgrows its bar at AX sizes.
  static let layout = """
    version: 1
    layout: bars
    canvas: {width: 40, height: 80, scale: 2}
    targets: {caption: 3.5}
    elements:
      - id: top
        material: glass.regular
        fallback: thin
        frame: {x: 0, y: 0, width: 40, height: 30}
        content:
          - {id: title, role: headline, color: label, frame: {x: 4, y: 4, width: 30, height: 10}}
          - {id: note, role: caption, color: label, frame: {x: 4, y: 16, width: 30, height: 8}}
      - id: bottom
        material: glass.clear
        frame: {x: 0, y: 40, width: 40, height: 30}
        content:
          - {id: label, color: label, frame: {x: 4, y: 4, width: 30, height: 10}}
    """

  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    try h.write("layouts/bars.yml", Self.layout)
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.writeSolidPNG("wallpapers/blue.png", width: 30, height: 90, rgb: (10, 90, 200))
    return h
  }

  func json(_ h: CLIHarness, _ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(h.read(path).utf8)) as! [String: Any]
  }

  @Test func everySettingIsADimensionOfTheResults() throws {
    let h = try setUp()
    defer { h.remove() }
    let args = [
      "run", "--quiet", "--deterministic", "--text-sizes", "large,AX5", "--bold-text", "off,on",
      "--profile", "ios18,ios27", "--modes", "normal", "--liquid-glass", "default",
      "--json-checks", "all",
    ]
    // A shard does not verify fixes, so the run its merge equals does not either.
    let r = try h.run(args + ["--no-verify-fixes", "--out", "all"])
    #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
    let report = try json(h, "all/report.json")
    let settings = report["settings"] as! [String: Any]
    #expect(settings["textSizes"] as? [String] == ["large", "AX5"])
    #expect(settings["boldText"] as? [Bool] == [false, true])
    #expect(settings["withoutLiquidGlass"] as? Bool == true)
    let results = CLIHarness.checks(of: report)
    // ios27: 3 items x 2 sizes x 2 Bold Text; ios18: the 2 items of the
    // element with a fallback; both wallpapers, both appearances.
    let expectedCount = (3 + 2) * 16
    #expect(results.count == expectedCount)
    for r in results {
      let ios18 = r["profile"] as? String == "ios18"
      #expect(ios18 == (r["liquidGlass"] is NSNull))
      if ios18 { #expect(r["material"] as? String == "thin") }
    }
    #expect(Set(results.compactMap { $0["textSize"] as? String }) == ["large", "AX5"])
    // The caption's 3.5 target: below WCAG's 4.5 for 12 pt text at large
    // (WCAG decides), above its 3 for 43 pt large text at AX5 (it decides).
    for r in results where r["item"] as? String == "note" {
      let large = r["textSize"] as? String == "large"
      #expect(r["thresholdSource"] as? String == (large ? "wcag" : "target"))
      #expect(r["threshold"] as? Double == (large ? 4.5 : 3.5))
    }
    let rules = (report["findings"] as! [[String: Any]]).compactMap { $0["rule"] as? String }
    #expect(rules.contains("no-fallback"))
    #expect(rules.contains("clipped-text"))
    #expect(rules.contains("target-below-wcag"))
    // JUnit names the settings.
    #expect(try h.read("all/junit.xml").contains("text AX5, Bold Text"))
    // Shards merge to the single run, byte for byte.
    for k in 1...2 {
      _ = try h.run(args + ["--shard", "\(k)/2", "--out", "s\(k)"])
    }
    _ = try h.run([
      "merge", "s1", "s2", "--deterministic", "--json-checks", "all", "--out", "merged",
    ])
    for f in ["report.json", "report.md", "junit.xml", "report.sarif"] {
      #expect(try h.read("all/\(f)") == h.read("merged/\(f)"), "\(f) differs")
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: h.path("all/report.sqlite")))
        == Data(contentsOf: URL(fileURLWithPath: h.path("merged/report.sqlite"))),
      "report.sqlite differs")
  }

  @Test func unknownTextSizeIsAUsageError() throws {
    let h = try setUp()
    defer { h.remove() }
    let r = try h.run(["run", "--quiet", "--text-sizes", "huge"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("huge"))
  }
}
