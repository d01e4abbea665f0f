import Testing

@testable import ContrastCore

/// Issue 29: the report agrees with itself. An item that can never pass in
/// light (its bound there, 3.41, is below 4.5) but whose worst scene is in
/// dark (where some wallpaper would let it pass) is named alike by the
/// `never-passes` finding, the "never passes" lists of report.md and
/// report.html, the ⛔ mark and JUnit: before, only the finding named it.
struct NeverPassesAgreementTests {
  typealias F = ReportFixtures

  /// `artist`: worst in dark (1.32, bounds up to 21), never passing in light
  /// (2.9, bounds up to 3.41); `song` fails in dark only and could pass.
  static var report: AuditReport {
    var dark = F.check(item: "artist", appearance: .dark, ratio: 1.32, line: 42)
    dark.bounds = ContrastBounds(min: 1, max: 21)
    var light = F.check(item: "artist", appearance: .light, ratio: 2.9, line: 42)
    light.bounds = ContrastBounds(min: 1.2, max: 3.41)
    let song = F.check(item: "song", appearance: .dark, ratio: 1.9, line: 36)
    let results = [dark, light, song]
    return F.report(results, findings: Auditor.boundsFindings(CheckColumns(results)))
  }

  @Test func theFindingAndTheItemNameTheSameItems() throws {
    let report = Self.report
    let findings = report.outcome.findings.filter { $0.rule == .neverPasses }
    #expect(findings.map(\.item) == ["artist"])
    #expect(findings.first?.message.contains("in light normal (best possible 3.41:1)") == true)
    let items = ItemFailures.items(report)
    #expect(items.filter(\.neverPasses).map(\.item) == ["artist"])
    let artist = try #require(items.first { $0.item == "artist" })
    // Its worst scene is the dark one; the never-passing one is light.
    #expect(artist.worst.appearance == .dark)
    #expect(artist.neverPassing?.appearance == .light)
    #expect(artist.neverPassing?.bounds.max == 3.41)
  }

  @Test func markdownListsAndMarksIt() {
    let md = MarkdownReport.render(Self.report)
    #expect(md.contains("## Never passes on any wallpaper"))
    #expect(md.contains("**artist**: at most 3.41:1, needs 4.5:1 (light, normal;"))
    #expect(!md.contains("**song**: at most"))
    // The ⛔ beside the item's row (its worst scene's bounds, 1.00–21.00).
    let row = md.split(separator: "\n").first { $0.hasPrefix("| bar › artist |") }
    #expect(row?.contains("⛔") == true, "\(row ?? "")")
  }

  @Test func htmlAndJUnitSayItToo() {
    let html = HTMLReport.render(Self.report)
    #expect(
      html.contains(
        "<b>tabs › bar › artist</b></a>: at most <b>3.41</b>, needs 4.5 (light, normal)"))
    let junit = JUnitReport.render(Self.report)
    #expect(
      junit.contains(
        "; never passes on any wallpaper in light, normal (at most 3.41:1, needs 4.5:1)"))
    #expect(junit.components(separatedBy: "never passes on any wallpaper").count == 2)
  }
}
