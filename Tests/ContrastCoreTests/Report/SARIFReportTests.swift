import Foundation
import Testing

@testable import ContrastCore

@Suite struct SARIFReportTests {
  func json(_ report: AuditReport) throws -> [String: Any] {
    let text = SARIFReport.render(report)
    return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func run(_ report: AuditReport) throws -> [String: Any] {
    let runs = try #require(try json(report)["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    return try #require(runs.first)
  }

  func results(_ report: AuditReport) throws -> [[String: Any]] {
    try #require(try run(report)["results"] as? [[String: Any]])
  }

  @Test func declaresVersionAndSchema() throws {
    let top = try json(ReportFixtures.mixed)
    #expect(top["version"] as? String == "2.1.0")
    #expect(top["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
  }

  @Test func driverNamesTheToolAndItsRules() throws {
    let tool = try #require(try run(ReportFixtures.mixed)["tool"] as? [String: Any])
    let driver = try #require(tool["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "glass-audit")
    #expect(driver["version"] as? String == toolVersion)
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    for id in [
      "contrast-text", "contrast-non-text", "contrast-decorative", "glass-on-glass",
      "target-size", "content-outside-element", "tint-on-none", "no-color", "no-pixels",
      "never-passes", "always-passes", "transparent-wallpaper",
    ] {
      #expect(ids.contains(id), "missing rule \(id)")
    }
    func help(_ id: String) -> String {
      let rule = rules.first { $0["id"] as? String == id }
      return (rule?["help"] as? [String: Any])?["text"] as? String ?? ""
    }
    #expect(help("contrast-text").contains("1.4.3"))
    #expect(help("contrast-text").contains("1.4.6"))
    #expect(help("contrast-non-text").contains("1.4.11"))
    #expect(help("target-size").contains("2.5.8"))
    #expect(help("target-size").contains("44"))
    #expect(help("target-size").contains("24"))
  }

  @Test func oneResultPerFailingOrWarningCheckAndPerFinding() throws {
    let rs = try results(ReportFixtures.mixed)
    let levels = rs.map { "\($0["ruleId"] ?? "")/\($0["level"] ?? "")" }
    #expect(
      levels == [
        "contrast-text/error", "contrast-text/error", "contrast-decorative/warning",
        "target-size/warning",
      ])
  }

  @Test func resultLocatesTheLayoutFileAndLine() throws {
    let first = try #require(try results(ReportFixtures.mixed).first)
    let locations = try #require(first["locations"] as? [[String: Any]])
    let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == "layouts/tabs.yml")
    #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 10)
  }

  @Test func messageCarriesRatioThresholdSceneAndRemedy() throws {
    let remedy = Remedy(
      alphaProperty: "fill", alphaColor: "#FFFFFF", currentAlpha: 0.3, alpha: 0.62)
    let report = ReportFixtures.report([ReportFixtures.check(ratio: 4.4999, remedy: remedy)])
    let message = try #require(try results(report).first?["message"] as? [String: Any])
    let text = try #require(message["text"] as? String)
    #expect(text.contains("4.49:1"))
    #expect(text.contains("4.5:1"))
    #expect(text.contains("(min)"))
    #expect(text.contains("dusk, light, normal"))
    #expect(text.contains("SC 1.4.3"))
    #expect(text.contains("alpha: 0.62}`"))
  }

  @Test func fingerprintsAreStableAcrossRunsAndDistinctPerCheck() throws {
    func prints(_ report: AuditReport) throws -> [String] {
      try results(report).compactMap {
        ($0["partialFingerprints"] as? [String: Any])?["glassAudit/v1"] as? String
      }
    }
    let a = try prints(ReportFixtures.mixed)
    #expect(a == (try prints(ReportFixtures.mixed)))
    #expect(a.count == 4)
    #expect(Set(a).count == a.count)
    for p in a { #expect(p.count == 16 && p.allSatisfy(\.isHexDigit)) }
    // The line and ratio may change; the identity does not.
    let moved = ReportFixtures.check(ratio: 1, line: 99)
    #expect(SARIFReport.fingerprint(moved) == SARIFReport.fingerprint(ReportFixtures.check()))
    #expect(
      SARIFReport.fingerprint(ReportFixtures.check(mode: .increaseContrast))
        != SARIFReport.fingerprint(ReportFixtures.check()))
  }

  /// Every scene of a matrix of `wallpapers` x appearances x modes for
  /// the items `items`, failing with a ratio that differs per scene.
  static func manyScenes(items: [String], wallpapers: Int) -> AuditReport {
    var checks: [CheckResult] = []
    for item in items {
      for w in 0..<wallpapers {
        for a in Appearance.allCases {
          for m in AccessibilityMode.allCases {
            let mode = Double(AccessibilityMode.allCases.firstIndex(of: m)!)
            let ratio = 1 + Double(w) / 100 + (a == .dark ? 0.5 : 0) + mode / 1000
            checks.append(
              ReportFixtures.check(
                item: item, wallpaper: "w\(w)", appearance: a, mode: m, ratio: ratio))
          }
        }
      }
    }
    return ReportFixtures.report(checks)
  }

  @Test func oneResultPerItemAndRuleHowEverManyScenesFail() throws {
    let small = try results(Self.manyScenes(items: ["a", "b"], wallpapers: 1))
    let large = try results(Self.manyScenes(items: ["a", "b"], wallpapers: 50))
    // 2 items x 50 wallpapers x 2 appearances x 4 modes = 800 failing checks.
    #expect(small.count == 2)
    #expect(large.count == 2)
    let properties = try #require(large.first?["properties"] as? [String: Any])
    #expect(properties["failingScenes"] as? Int == 400)
    #expect(properties["sceneCount"] as? Int == 400)
    // The worst 25 are listed (a result's size does not grow with the
    // matrix); report.json has the rest.
    let scenes = try #require(properties["scenes"] as? [[String: Any]])
    #expect(scenes.count == 25)
    let ratios = scenes.compactMap { $0["ratio"] as? Double }
    #expect(ratios.count == 25)
    #expect(ratios == ratios.sorted())
    #expect(properties["ratio"] as? Double == ratios.first)
    #expect(scenes.first?["wallpaper"] as? String == "w0")
    // The light scenes of w0 ... w12 are the worst (dark adds 0.5).
    #expect(scenes.allSatisfy { $0["appearance"] as? String == "light" })
    let text = try #require((large.first?["message"] as? [String: Any])?["text"] as? String)
    #expect(text.contains("Worst of 400 scenes that do not pass (the 25 worst are listed"))
    let few = try #require(small.first?["properties"] as? [String: Any])
    #expect((few["scenes"] as? [[String: Any]])?.count == 8)
  }

  @Test func anItemsFingerprintDoesNotDependOnWhichScenesFail() throws {
    func prints(_ report: AuditReport) throws -> [String] {
      try results(report).compactMap {
        ($0["partialFingerprints"] as? [String: Any])?["glassAudit/v1"] as? String
      }
    }
    let few = try prints(Self.manyScenes(items: ["a", "b"], wallpapers: 1))
    let many = try prints(Self.manyScenes(items: ["a", "b"], wallpapers: 50))
    #expect(few == many)
    #expect(Set(few).count == 2)
  }

  @Test func anItemWithANewFailingSceneIsNotSuppressed() throws {
    let a = ReportFixtures.check(wallpaper: "a")
    let b = ReportFixtures.check(wallpaper: "b")
    let partly = ReportFixtures.report([a, b], known: [a])
    let first = try #require(try results(partly).first)
    #expect(first["suppressions"] == nil)
    #expect((first["properties"] as? [String: Any])?["baseline"] as? String == "new")
    let all = ReportFixtures.report([a, b], known: [a, b])
    #expect(try results(all).first?["suppressions"] != nil)
  }

  @Test func fnv1a64MatchesPublishedVectors() {
    // Test vectors of the FNV reference (Landon Curt Noll's fnv test suite).
    #expect(StableDigest.fnv1a64("") == "cbf29ce484222325")
    #expect(StableDigest.fnv1a64("a") == "af63dc4c8601ec8c")
    #expect(StableDigest.fnv1a64("foobar") == "85944171f73967e8")
  }

  @Test func renderingIsDeterministic() {
    #expect(SARIFReport.render(ReportFixtures.mixed) == SARIFReport.render(ReportFixtures.mixed))
  }

  @Test func acceptedFailureIsSuppressedExternally() throws {
    let check = ReportFixtures.check()
    let report = ReportFixtures.report([check], known: [check])
    let first = try #require(try results(report).first)
    let suppressions = try #require(first["suppressions"] as? [[String: Any]])
    #expect(suppressions.first?["kind"] as? String == "external")
  }

  @Test func inputErrorsAreInvocationNotifications() throws {
    let report = ReportFixtures.report(
      [], errors: [InputError(input: "wallpapers/broken.png", message: "not a PNG")])
    let invocations = try #require(try run(report)["invocations"] as? [[String: Any]])
    #expect(invocations.first?["executionSuccessful"] as? Bool == false)
    let notes = try #require(invocations.first?["toolExecutionNotifications"] as? [[String: Any]])
    #expect((notes.first?["message"] as? [String: Any])?["text"] as? String == "not a PNG")
  }

  @Test func pathsArePercentEncoded() {
    #expect(SARIFReport.uriPath("layouts/my tabs.yml") == "layouts/my%20tabs.yml")
    #expect(SARIFReport.uriPath("layouts/é.yml") == "layouts/%C3%A9.yml")
  }
}
