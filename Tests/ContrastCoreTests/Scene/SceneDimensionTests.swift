import Foundation
import Testing

@testable import ContrastCore

/// The matrix's dimensions as one list: every sink that lists a scene's
/// coordinate follows it, and a check's identity keeps the form baselines
/// written before a dimension existed still match.
@Suite struct SceneDimensionTests {
  typealias F = ReportFixtures

  /// A check away from the default in every dimension that has one.
  static func sweptCheck() -> CheckResult {
    var r = F.check(mode: .increaseContrast, liquidGlass: .clear, profile: "ios26")
    r.textSize = .ax5
    r.boldText = true
    return r
  }

  @Test func theListNamesEveryDimensionOnceInReportOrder() {
    #expect(
      SceneDimension.all.map(\.key) == [
        "layout", "wallpaper", "appearance", "mode", "liquidGlass", "profile", "textSize",
        "boldText",
      ])
    #expect(Set(SceneDimension.all.map(\.label)).count == SceneDimension.all.count)
  }

  /// The identity's form is the baselines' contract: the dimensions every
  /// identity always held, then the others only away from their default.
  @Test func anIdentityNamesOnlyWhatIsNotTheDefault() {
    #expect(F.check(liquidGlass: .default).fingerprint == "tabs/bar/label/dusk/light/normal")
    #expect(
      Self.sweptCheck().fingerprint
        == "tabs/bar/label/dusk/light/increaseContrast/liquidGlass=clear/profile=ios26"
        + "/textSize=AX5/boldText=on")
    #expect(
      F.check(mode: .reduceTransparency).fingerprint
        == "tabs/bar/label/dusk/light/reduceTransparency")
  }

  @Test func theSceneIsDescribedForPeopleByEachDimension() {
    var onGlass = F.check(liquidGlass: .default)
    onGlass.material = "glass.regular"
    #expect(onGlass.sceneDescription == "light, normal, default glass")
    var swept = Self.sweptCheck()
    swept.material = "glass.clear"
    #expect(
      swept.sceneDescription
        == "light, increaseContrast, clear glass, profile ios26, text AX5, Bold Text")
  }

  /// The Liquid Glass setting cannot change an item on a standard material
  /// or on none: its scene is not described by it (issue 29: the report
  /// agrees with itself); a drawn scene, whose elements may be glass, is.
  @Test func aCheckNotOnGlassIsNotDescribedByTheGlassSetting() {
    var thin = Self.sweptCheck()
    thin.material = "thin"
    #expect(thin.sceneDescription == "light, increaseContrast, profile ios26, text AX5, Bold Text")
    var bare = F.check(liquidGlass: .clear)
    bare.material = "none"
    #expect(bare.sceneDescription == "light, normal")
    #expect(bare.sceneWords(onGlass: true) == "light, normal, clear glass")
  }

  /// report.json's checks (the layout by their item) and SARIF's
  /// properties carry every dimension, in the list's order (SARIF left text
  /// size and Bold Text out before).
  @Test func reportJSONAndSARIFCarryEveryDimension() throws {
    let report = F.report([Self.sweptCheck()])
    let keys = SceneDimension.all.map(\.key)
    let json = JSONReport.render(report, checks: .all)
    // The check's line: its item's index, then the dimensions after the
    // layout, in order.
    let line = try #require(json.split(separator: "\n").first { $0.contains("\"itemIndex\"") })
    let order = keys.dropFirst().map { line.range(of: "\"\($0)\":")?.lowerBound }
    #expect(!order.contains(nil))
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    #expect(json.contains("\"layout\": \"\(report.outcome.results[0].layout)\""))
    let sarif = SARIFReport.render(report)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let runs = try #require(root["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let contrast = try #require(results.first { ($0["properties"] as? [String: Any]) != nil })
    let properties = try #require(contrast["properties"] as? [String: Any])
    for k in keys { #expect(properties[k] != nil, "SARIF properties lack \(k)") }
    #expect(properties["textSize"] as? String == "AX5")
    #expect(properties["boldText"] as? Bool == true)
    let scenes = try #require(properties["scenes"] as? [[String: Any]])
    for k in keys.dropFirst() { #expect(scenes.first?[k] != nil, "SARIF scene lacks \(k)") }
  }

  /// What report.json writes, its reader reads back, every dimension.
  @Test func theReaderReadsBackEveryDimension() throws {
    let r = Self.sweptCheck()
    let text = JSONValue.object(JSONReport.coordinate(r) + [("element", .string("bar"))])
      .rendered()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var back = F.check(liquidGlass: .default)
    let defaults = ReadingDefaults(profile: "ios27")
    for d in SceneDimension.all { #expect(d.read(object[d.key], &back, defaults), "\(d.key)") }
    for d in SceneDimension.all { #expect(d.word(of: back) == d.word(of: r), "\(d.key)") }
  }

  /// A baseline entry of a swept check is written with each dimension and
  /// read back to the same entry, which accepts the same check.
  @Test func aBaselineOfASweptCheckRoundTrips() throws {
    let b = Baseline.recording(F.report([Self.sweptCheck()]))
    let text = b.render()
    #expect(text.contains("\"textSize\": \"AX5\""))
    #expect(text.contains("\"boldText\": true"))
    let parsed = try Baseline.parse(text: text, file: "b.json")
    #expect(parsed == b)
    #expect(parsed.apply(to: [Self.sweptCheck()]).outcome.known == 1)
  }

  /// A default written out in a baseline entry means what its absence means.
  @Test func aDefaultWrittenOutInABaselineIsItsAbsence() throws {
    let text = """
      {"schemaVersion": 1, "tool": "glass-audit", "accepted": [
        {"fingerprint": "tabs/bar/label/dusk/light/normal", "layout": "tabs", "element": "bar",
         "item": "label", "wallpaper": "dusk", "appearance": "light", "mode": "normal",
         "liquidGlass": "default", "profile": "ios27", "textSize": "large", "boldText": false}]}
      """
    let b = try Baseline.parse(text: text, file: "b.json")
    #expect(b.entries.first?.coordinate["boldText"] == nil)
    #expect(b.apply(to: [F.check(liquidGlass: .default)]).outcome.known == 1)
  }
}
