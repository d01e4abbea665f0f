import Foundation
import Testing

@testable import ContrastCore

@Suite struct RuleTests {
  @Test func everyRuleHasAUniqueIdAndName() {
    #expect(Set(Rule.all.map(\.id)).count == Rule.all.count)
    #expect(Set(Rule.all.map(\.name)).count == Rule.all.count)
  }

  @Test func everyRuleHasASummaryAndHelp() {
    for rule in Rule.all {
      #expect(!rule.summary.isEmpty, "\(rule.id) has no summary")
      #expect(!rule.help.isEmpty, "\(rule.id) has no help")
      #expect(!rule.tags.isEmpty, "\(rule.id) has no tags")
    }
  }

  @Test func idsAreKebabCaseAndNamesPascalCase() {
    for rule in Rule.all {
      #expect(rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id)")
      #expect(rule.name.first?.isUppercase == true, "\(rule.name)")
      #expect(rule.name.allSatisfy { $0.isLetter || $0.isNumber }, "\(rule.name)")
    }
  }

  @Test func contrastRulesFollowTheItemKind() {
    #expect(Rule.contrast(for: .text).id == "contrast-text")
    #expect(Rule.contrast(for: .icon).id == "contrast-non-text")
    #expect(Rule.contrast(for: .decorative).id == "contrast-decorative")
    #expect(Rule.all.filter { $0.category == .contrast }.count == ContentKind.allCases.count)
  }

  @Test func contrastRulesCiteTheWCAGCriterionOfEachLevel() {
    // WCAG 2.2: SC 1.4.3 (AA) and 1.4.6 (AAA) for text, SC 1.4.11 (AA, no
    // AAA counterpart) for non-text; decoration is exempt from 1.4.11.
    #expect(Rule.contrastText.criterion(at: .aa)?.citation == "SC 1.4.3 Contrast (Minimum)")
    #expect(Rule.contrastText.criterion(at: .aaa)?.citation == "SC 1.4.6 Contrast (Enhanced)")
    #expect(Rule.contrastNonText.criterion(at: .aa)?.citation == "SC 1.4.11 Non-text Contrast")
    #expect(Rule.contrastNonText.criterion(at: .aaa)?.citation == "SC 1.4.11 Non-text Contrast")
    #expect(Rule.contrastDecorative.criterion(at: .aa) == nil)
  }

  @Test func everyCriterionIsNamedInTheRulesHelp() {
    for rule in Rule.all {
      for c in rule.criteria {
        #expect(rule.help.contains("SC \(c.number) \(c.title)"), "\(rule.id): \(c.number)")
      }
    }
  }

  @Test func contrastFailuresAreErrorsAndInputErrorsAreErrors() {
    #expect(Rule.contrastText.severity == .error)
    #expect(Rule.contrastNonText.severity == .error)
    #expect(Rule.contrastDecorative.severity == .warning)
    for rule in Rule.all where rule.category == .input {
      #expect(rule.severity == .error, "\(rule.id)")
    }
  }

  @Test func boundsRulesAreNeverAndAlwaysPasses() {
    #expect(Set(Rule.boundsRules.map(\.id)) == ["never-passes", "always-passes"])
  }

  @Test func ruleIsLookedUpByIdAndWrittenAsIt() throws {
    for rule in Rule.all {
      #expect(Rule(id: rule.id) == rule)
      #expect("\(rule)" == rule.id)
      let data = try JSONEncoder().encode([rule])
      #expect(String(decoding: data, as: UTF8.self) == "[\"\(rule.id)\"]")
      #expect(try JSONDecoder().decode([Rule].self, from: data) == [rule])
    }
    #expect(Rule(id: "brand-new") == nil)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Rule].self, from: Data(#"["brand-new"]"#.utf8))
    }
  }

  @Test func inputErrorKeepsItsClass() {
    let e = InputError(.inputPNG, input: "wallpapers/bad.png", message: "not a PNG")
    #expect(e.rule?.id == "input-png")
    #expect(e.input == "wallpapers/bad.png")
    #expect(e.message == "not a PNG")
  }
}

@Suite struct RuleReportTests {
  /// The SARIF driver's rule descriptors.
  func sarifRules(_ report: AuditReport) throws -> [[String: Any]] {
    let text = SARIFReport.render(report)
    let top = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try #require((top["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    return try #require(driver["rules"] as? [[String: Any]])
  }

  @Test func everyRuleSARIFDeclaresComesFromTheTable() throws {
    let declared = try sarifRules(ReportFixtures.mixed)
    for d in declared {
      let id = try #require(d["id"] as? String)
      let rule = try #require(Rule(id: id), "SARIF declares \(id), which the table lacks")
      #expect(d["name"] as? String == rule.name)
      #expect((d["shortDescription"] as? [String: Any])?["text"] as? String == rule.summary)
      #expect((d["help"] as? [String: Any])?["text"] as? String == rule.help)
      let level = (d["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(level == rule.severity.rawValue)
    }
    // Every contrast rule and lint, and no input error (those are notifications).
    let ids = declared.compactMap { $0["id"] as? String }
    #expect(ids == Rule.all.filter { $0.category != .input }.map(\.id))
  }

  @Test func everyFindingResultPointsAtItsOwnDescriptor() throws {
    let lints = Rule.all.filter { $0.category == .lint }
    let report = ReportFixtures.report(
      [], findings: lints.map { Finding(rule: $0, layout: "tabs", message: "m") })
    let declared = try sarifRules(report)
    let top = try #require(
      try JSONSerialization.jsonObject(with: Data(SARIFReport.render(report).utf8))
        as? [String: Any])
    let run = try #require((top["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == lints.count)
    for (r, rule) in zip(results, lints) {
      #expect(r["ruleId"] as? String == rule.id)
      let index = try #require(r["ruleIndex"] as? Int)
      #expect(declared[index]["id"] as? String == rule.id)
      #expect(r["level"] as? String == rule.severity.rawValue)
    }
  }

  @Test func readerRoundTripsEveryFindingRule() throws {
    let lints = Rule.all.filter { $0.category == .lint }
    let findings = lints.map { Finding(rule: $0, layout: "tabs", message: "about \($0.id)") }
    let text = JSONReport.render(ReportFixtures.report([], findings: findings))
    let loaded = try ReportReader.parse(text, file: "shard/report.json")
    #expect(loaded.report.outcome.findings.map(\.rule) == lints)
    #expect(loaded.report.outcome.findings == findings)
  }

  @Test func readerRefusesAnUnknownRuleNamingTheFileAndTheId() throws {
    let text = JSONReport.render(
      ReportFixtures.report(
        [], findings: [Finding(rule: .targetSize, layout: "tabs", message: "m")]))
    let edited = text.replacingOccurrences(of: "\"target-size\"", with: "\"brand-new\"")
    #expect(edited != text)
    do {
      _ = try ReportReader.parse(edited, file: "shard/report.json")
      Issue.record("an unknown rule was accepted")
    } catch {
      #expect(error.file == "shard/report.json")
      #expect(error.description.contains("shard/report.json"))
      #expect(error.message.contains("'brand-new'"))
    }
  }
}
