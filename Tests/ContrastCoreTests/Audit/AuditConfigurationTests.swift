import Testing

@testable import ContrastCore

@Suite struct AuditConfigurationTests {
  private let formats = ["json", "md", "html", "junit", "sarif"]

  private func problems(_ text: String) -> [String] {
    do {
      _ = try AuditConfiguration.parse(text, file: "glass-audit.yml", formatNames: formats)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test func everySettingIsRead() throws {
    let config = try AuditConfiguration.parse(
      """
      layouts: ui
      wallpapers: walls
      out: build/reports
      level: AAA
      statistic: p05
      largeText: hig
      modes: [increaseContrast, normal]
      appearances: dark, light
      profile: profiles/cal.yml
      formats: [md, json]
      jobs: 3
      pixelLimit: 1000
      failOn: warning
      """, file: "glass-audit.yml", formatNames: formats)
    var expected = AuditConfiguration()
    expected.layouts = "ui"
    expected.wallpapers = "walls"
    expected.out = "build/reports"
    expected.level = .aaa
    expected.statistic = .p05
    expected.largeText = .hig
    expected.modes = [.normal, .increaseContrast]
    expected.appearances = [.light, .dark]
    expected.profiles = ["profiles/cal.yml"]
    expected.formats = ["md", "json"]
    expected.jobs = 3
    expected.pixelLimit = 1000
    expected.failOn = .warning
    #expect(config == expected)
  }

  @Test func anEmptyFileSetsNothing() throws {
    #expect(
      try AuditConfiguration.parse("# no settings\n", file: "g.yml", formatNames: formats)
        == AuditConfiguration())
  }

  @Test func everyBadValueIsReportedAtItsLineAndColumn() {
    let text = """
      levl: AA
      statistic: mean
      modes: [normal, reduceTransparancy]
      formats: json, pdf
      jobs: 0
      failOn: warnings
      """
    #expect(
      problems(text) == [
        "glass-audit.yml:1:1: unknown key 'levl' (did you mean 'level'?)",
        "glass-audit.yml:2:12: statistic: 'mean' is not one of min, p05, p10, median",
        "glass-audit.yml:3:17: modes: unknown mode 'reduceTransparancy' (did you mean 'reduceTransparency'?)",
        "glass-audit.yml:4:10: formats: unknown format 'pdf' (json, md, html, junit, sarif)",
        "glass-audit.yml:5:7: jobs: '0' is not a count >= 1",
        "glass-audit.yml:6:9: failOn: 'warnings' is not one of error, review, warning, never",
      ])
  }

  @Test func aNonMappingFileAndBadSyntaxAreOneProblem() {
    #expect(problems("- level\n") == ["glass-audit.yml:1:1: expected a mapping of settings"])
    let syntax = problems("level: AA\nmodes: [normal\n")
    #expect(syntax.count == 1)
    #expect(syntax.first?.hasPrefix("glass-audit.yml:3:1: YAML syntax error: ") == true)
  }
}
