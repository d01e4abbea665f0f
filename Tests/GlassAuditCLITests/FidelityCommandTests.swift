import Foundation
import Testing

/// End-to-end: `glass-audit fidelity` on small measurement files.
@Suite(.serialized) struct FidelityCommandTests {
  static let header =
    "source,material,appearance,glassTint,shapeWidthPt,shapeHeightPt,backdropR,backdropG,"
    + "backdropB,observedR,observedG,observedB\n"

  /// Clear glass is one curve, Black 0.124707 and White 1.08061 (params.json),
  /// at any setting up to 0.5: over black 31.8, over grey 57 86.3 (D1: 32, 86).
  static let close =
    header + "D1,glass.clear,dark,0.5,48,48,0,0,0,32,32,32\n"
    + "D1,glass.clear,light,,48,48,57,57,57,86,86,86\n"

  @Test func printsTheGroupsAndExitsZero() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("m.csv", Self.close)
    let r = try h.run(["fidelity", "--measurements", "m.csv"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("profile ios27: 2 measurements from m.csv"))
    #expect(r.stdout.contains("glass.clear  dark        0.5"))
    #expect(r.stdout.contains("glass.clear  light       -"))
    #expect(r.stdout.contains("AA flips (black or white text, 4.5:1, predicted vs observed): none"))
    #expect(r.stdout.contains("largest error: 0.29 levels"))
  }

  @Test func jsonIsDeterministicAndToleranceDecidesTheExit() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    // 200 observed over black: 168 levels from the prediction, and a flip.
    try h.write("m.csv", Self.close + "D1,glass.clear,dark,0.5,48,48,0,0,0,200,200,200\n")
    let a = try h.run(["fidelity", "--measurements", "m.csv", "--format", "json"])
    let b = try h.run(["fidelity", "--measurements", "m.csv", "--format", "json"])
    #expect(a.status == 0)
    #expect(a.stdout == b.stdout)
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])
    #expect(json["profile"] as? String == "ios27")
    #expect(json["rows"] as? Int == 3)
    #expect((json["groups"] as? [Any])?.count == 2)
    let flips = try #require(json["flips"] as? [[String: Any]])
    #expect(flips.map { $0["line"] as? Int } == [4])
    #expect(json["withinTolerance"] is NSNull)
    let strict = try h.run(["fidelity", "--measurements", "m.csv", "--tolerance", "6"])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("above the tolerance of 6"))
    let loose = try h.run(["fidelity", "--measurements", "m.csv", "--tolerance", "200"])
    #expect(loose.status == 0)
  }

  @Test func badInputExitsTwoNamingFileAndLine() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("m.csv", Self.header + "D1,glass.clear,dusk,0.5,48,48,0,0,0,32,32,32\n")
    let r = try h.run(["fidelity", "--measurements", "m.csv"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("m.csv:2:1: appearance: expected light or dark, got 'dusk'"))
    let missing = try h.run(["fidelity", "--measurements", "nowhere.csv"])
    #expect(missing.status == 2)
  }

  @Test func theShippedProfilesAreNamed() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("m.csv", Self.close)
    let r = try h.run(["fidelity", "--measurements", "m.csv", "--profile", "ios26"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("profile ios26:"))
  }
}
