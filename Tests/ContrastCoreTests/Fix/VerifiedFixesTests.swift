import Foundation
import Testing

@testable import ContrastCore

/// `run --verify-fixes` (issue 29 part 2): one fix per item, the one
/// `glass-audit fix` keeps, the same in every report; SARIF carries it as a
/// fix object whose replacement, made on the layout file, is the fix's own
/// edit. `LineReplacement` known answers and round trips.
@Suite struct VerifiedFixesTests {
  /// `LayoutFixerTests.theOnlySafeFixIsANamedColour`'s layout: systemBlue
  /// on white is 4.02:1 against 4.5; of the colours the profile holds, only
  /// `label` passes, so the one safe fix is that colour in light.
  static let text = LayoutFixerTests.brandColourLayout

  static func verifiedReport() throws -> (AuditReport, FixOutcome) {
    var profile = RemedyFixesTests.plain
    profile.colors = profile.colors.filter {
      ["systemBlue", "systemRed", "white", "label"].contains($0.key)
    }
    let layout = try #require(LayoutLoader.load(text: text, file: "l.yml", profile: profile).layout)
    let request = AuditRequest(
      profiles: [profile], settings: LayoutFixerTests.lightNormal, layouts: [layout],
      wallpapers: [LayoutFixerTests.wallpaper("white", grey: 1)])
    var report = AuditPipeline.run(request)
    let outcome = LayoutFixer.fix(request, texts: ["l.yml": text]) { t, f in
      LayoutLoader.load(text: t, file: f, profile: profile).layout
    }
    report.fixes = VerifiedFixes(outcome, texts: ["l.yml": text])
    return (report, outcome)
  }

  @Test func everyReportStatesTheFixThatFixKeeps() throws {
    let (report, outcome) = try Self.verifiedReport()
    let written = "color: {light: label, dark: systemBlue}"
    #expect(outcome.items.map(\.applied?.written) == [written])
    let failing = try #require(report.outcome.results.first { $0.verdict == .fail })
    let fix = report.fixText(for: failing)
    #expect(fix.hasPrefix("`\(written)` (verified: "))
    // A check that passes has no verified fix.
    let passing = try #require(report.outcome.results.first { $0.verdict == .pass })
    #expect(report.fixes?.entry(for: passing) == nil)
    // Each report states it (each escapes it for its own sink).
    #expect(MarkdownReport.render(report).contains("| \(MarkdownReport.cell(fix)) |"))
    #expect(
      HTMLReport.render(report).contains("<code>color: {light: label, dark: systemBlue}</code>"))
    #expect(JUnitReport.render(report).contains("fix: `\(written)` (verified: "))
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(JSONReport.render(report).utf8)) as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    let t = try #require(items.first { $0["item"] as? String == "t" })
    #expect(t["fix"] as? String == fix)
    #expect(t["fixVerified"] as? Bool == true)
    let ok = try #require(items.first { $0["item"] as? String == "ok" })
    #expect(ok["fixVerified"] as? Bool == false)
    let db = try SQLiteDatabase(bytes: SQLiteReport.bytes(report))
    #expect(try db.rows("SELECT fix FROM items WHERE item = 't'").first?["fix"] == .text(fix))
    #expect(
      try db.rows("SELECT DISTINCT fix FROM checks WHERE item = 't' AND verdict = 'fail'")
        .map { $0["fix"] } == [.text(fix)])
    let sarif = try #require(
      JSONSerialization.jsonObject(with: Data(SARIFReport.render(report).utf8)) as? [String: Any])
    let runs = try #require(sarif["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let result = try #require(results.first)
    let message = try #require((result["message"] as? [String: Any])?["text"] as? String)
    #expect(message.contains("Fix: \(fix)."))
    // Its fix object: the replacement, made on the file, is the edit `fix`
    // writes.
    let fixes = try #require(result["fixes"] as? [[String: Any]])
    #expect(fixes.count == 1)
    let change = try #require((fixes[0]["artifactChanges"] as? [[String: Any]])?.first)
    #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "l.yml")
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    let region = try #require(replacement["deletedRegion"] as? [String: Int])
    let inserted = try #require(
      (replacement["insertedContent"] as? [String: Any])?["text"] as? String)
    let edit = LineReplacement(
      startLine: try #require(region["startLine"]), endLine: try #require(region["endLine"]),
      endColumn: try #require(region["endColumn"]), inserted: inserted)
    #expect(region["startColumn"] == 1)
    #expect(edit.apply(to: Self.text) == outcome.texts["l.yml"])
    #expect(edit.startLine == 12 && edit.endLine == 13)
  }

  @Test func withoutVerificationTheReportsAreAsBefore() throws {
    let (verified, _) = try Self.verifiedReport()
    var plain = verified
    plain.fixes = nil
    let failing = try #require(plain.outcome.results.first { $0.verdict == .fail })
    #expect(plain.fixText(for: failing) == Remedy.text(for: failing))
    #expect(!SARIFReport.render(plain).contains("\"fixes\""))
    #expect(!JSONReport.render(plain).contains("fixVerified"))
  }

  @Test func anItemWithNoSafeFixSaysWhatWasTried() throws {
    let outcome = FixOutcome(
      before: try Self.verifiedReport().0,
      items: [
        ItemFix(
          layout: "l", element: "e", item: "t", file: "l.yml", line: 12, failingBefore: 3,
          tried: [("tint: {color: \"#000000\", alpha: 0.5}", "makes 2 passing checks fail")])
      ], texts: [:], failingAfter: 3, checksAfter: 6, rounds: 1, errors: [])
    let fixes = VerifiedFixes(outcome, texts: ["l.yml": Self.text])
    let entry = try #require(fixes.entries["l/e/t"])
    #expect(
      entry.text
        == "no safe fix (re-audited over the whole matrix): tried"
        + " `tint: {color: \"#000000\", alpha: 0.5}`: makes 2 passing checks fail")
    #expect(entry.replacement == nil && entry.written == nil)
  }

  // MARK: LineReplacement

  @Test func aReplacementOfOneLine() throws {
    let r = try #require(LineReplacement(from: "a\nb\nc\n", to: "a\nB\nc\n"))
    #expect(r == LineReplacement(startLine: 2, endLine: 3, endColumn: 1, inserted: "B\n"))
    #expect(r.apply(to: "a\nb\nc\n") == "a\nB\nc\n")
  }

  @Test func anInsertedLineIsAnEmptyRegion() throws {
    let r = try #require(LineReplacement(from: "a\nc\n", to: "a\nb\nc\n"))
    #expect(r == LineReplacement(startLine: 2, endLine: 2, endColumn: 1, inserted: "b\n"))
  }

  @Test func aDeletedLineInsertsNothing() throws {
    let r = try #require(LineReplacement(from: "a\nb\nc\n", to: "a\nc\n"))
    #expect(r == LineReplacement(startLine: 2, endLine: 3, endColumn: 1, inserted: ""))
  }

  @Test func aChangeAtTheEndOfATextWithoutALineEnd() throws {
    let r = try #require(LineReplacement(from: "a\nb", to: "a\nb\nc"))
    // From the last shared line to the end: its line end is replaced too.
    #expect(r == LineReplacement(startLine: 2, endLine: 2, endColumn: 2, inserted: "b\nc"))
    #expect(r.apply(to: "a\nb") == "a\nb\nc")
    let s = try #require(LineReplacement(from: "x\ny", to: "x"))
    #expect(s.apply(to: "x\ny") == "x")
    #expect(LineReplacement(from: "same\n", to: "same\n") == nil)
  }

  @Test func columnsCountUTF16CodeUnits() throws {
    let r = try #require(LineReplacement(from: "🧪 a", to: "🧪 b"))
    #expect(r.endColumn == 5)
    #expect(r.apply(to: "🧪 a") == "🧪 b")
  }

  @Test func anyChangeOfLinesRoundTrips() {
    var g = SystemRandomNumberGenerator()
    let words = ["", "a", "b", "  tint: x", "é", "🧪", "c\r"]
    for _ in 0..<500 {
      func text() -> String {
        (0..<Int.random(in: 0...6, using: &g)).map { _ in words.randomElement(using: &g)! }
          .joined(separator: "\n") + (Bool.random(using: &g) ? "\n" : "")
      }
      let (a, b) = (text(), text())
      guard let r = LineReplacement(from: a, to: b) else {
        #expect(a == b)
        continue
      }
      #expect(r.apply(to: a) == b, "\(a.debugDescription) -> \(b.debugDescription)")
    }
  }
}
