import Foundation
import Testing

@testable import ContrastCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every report writer given ids, file names and messages that carry the
/// payloads of issue 14: no hidden character comes out raw, the Markdown
/// tables keep their cells, the annotations stay one command each, and the
/// XML and JSON still parse and give the text back.
@Suite struct HostileTextTests {
  static let report: AuditReport = {
    let p = EscapingTests.payloads
    let results = p.indices.map { i in
      ReportFixtures.check(
        layout: "tabs", element: "bar" + p[i], item: p[(i + 1) % p.count],
        wallpaper: p[(i + 2) % p.count] + " | `w` |", ratio: 1 + Double(i) / 10,
        file: "layouts/" + p[(i + 3) % p.count] + ".yml", line: i + 1)
    }
    return ReportFixtures.report(
      results,
      findings: [
        Finding(
          rule: .targetSize, layout: "tabs", element: p[0], message: "small " + p[1],
          file: "layouts/" + p[2], line: 3)
      ],
      errors: [InputError(input: "wallpapers/" + p[3] + ".png", message: p[4] + "\n" + p[5])])
  }()

  static func hasHidden(_ s: String, allowingLineBreaks: Bool) -> Bool {
    s.unicodeScalars.contains { u in
      Escaping.isHidden(u) && !(allowingLineBreaks && u == "\n")
    }
  }

  @Test func theMarkdownReportKeepsEveryTableRowWholeAndOnOneLine() {
    let md = MarkdownReport.render(Self.report)
    #expect(!Self.hasHidden(md, allowingLineBreaks: true))
    var columns: Int?
    var rows = 0
    for line in md.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        columns = nil
        continue
      }
      // Cell separators: pipes not escaped by an odd run of backslashes.
      let scalars = Array(line.unicodeScalars)
      let separators = scalars.indices.filter { i in
        scalars[i] == "|" && scalars[..<i].reversed().prefix { $0 == "\\" }.count % 2 == 0
      }.count
      if let columns {
        #expect(separators == columns, "\(line)")
      } else {
        columns = separators
      }
      rows += 1
    }
    #expect(rows >= EscapingTests.payloads.count + 2)
  }

  @Test func annotationsAreOneCommandALineWithNothingHidden() {
    let lines = GitHubAnnotations.lines(Self.report, limit: 50)
    #expect(lines.count == EscapingTests.payloads.count + 1)
    for line in lines {
      #expect(!Self.hasHidden(line, allowingLineBreaks: false), "\(line)")
      #expect(line.hasPrefix("::error file="))
      // The properties end at the first "::"; nothing in them can close it early.
      let properties = line.dropFirst(2).prefix { $0 != ":" }
      #expect(line.dropFirst(2 + properties.count).hasPrefix("::"))
    }
  }

  @Test func junitAndHTMLShowHiddenCharactersEscapedAndJUnitParses() throws {
    let junit = JUnitReport.render(Self.report)
    #expect(!Self.hasHidden(junit, allowingLineBreaks: true))
    #expect(throws: Never.self) { try XMLDocument(xmlString: junit) }
    #expect(junit.contains(#"d\u{1B}[2J\u{1B}]0;title\u{7}"#))
    let html = HTMLReport.render(Self.report)
    #expect(!Self.hasHidden(html, allowingLineBreaks: true))
  }

  @Test func jsonAndSARIFEscapeHiddenCharactersAndGiveTheTextBack() throws {
    for text in [JSONReport.render(Self.report), SARIFReport.render(Self.report)] {
      #expect(!Self.hasHidden(text, allowingLineBreaks: true))
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(JSONReport.render(Self.report).utf8))
        as? [String: Any])
    let elements = (json["items"] as? [[String: Any]] ?? []).compactMap {
      $0["element"] as? String
    }
    #expect(Set(elements) == Set(EscapingTests.payloads.map { "bar" + $0 }))
  }
}
