import Foundation
import Testing

@testable import ContrastCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The sink escapers, each with the payloads of issue 14: a newline and a
/// workflow command, `::add-mask::`, an escape sequence that clears the
/// screen and sets the window title, NUL, DEL, C1 controls, the line
/// separator and bidirectional overrides.
@Suite struct EscapingTests {
  static let payloads = [
    "a\n::stop-commands::x",
    "b\n::add-mask::secret",
    "c\r::error::forged",
    "d\u{1B}[2J\u{1B}]0;title\u{07}",
    "e\u{0}f",
    "g\u{7F}h",
    "i\u{9B}31mj",
    "k\u{85}l",
    "m\u{2028}n\u{2029}o",
    "p\u{202E}txt.exe\u{202C}",
    "q\u{2066}r\u{2069}\u{200F}",
  ]

  /// A hidden character anywhere in `s`.
  static func hasHidden(_ s: String) -> Bool { s.unicodeScalars.contains(where: Escaping.isHidden) }

  @Test func everyC0C1AndDELCharacterIsHiddenAndPrintableTextIsNot() {
    for v in UInt32(0)...0x9F {
      let u = Unicode.Scalar(v)!
      #expect(Escaping.isHidden(u) == (v < 0x20 || v >= 0x7F), "U+\(String(v, radix: 16))")
    }
    for u in ["é", "›", "–", "日", "😀", " "] as [Unicode.Scalar] { #expect(!Escaping.isHidden(u)) }
  }

  @Test func visibleShowsEachHiddenCharacterAsAnEscape() {
    #expect(Escaping.visible("a\nb\rc\td") == #"a\nb\rc\td"#)
    #expect(Escaping.visible("d\u{1B}[2J\u{1B}]0;title\u{07}") == #"d\u{1B}[2J\u{1B}]0;title\u{7}"#)
    #expect(Escaping.visible("e\u{0}f\u{7F}g\u{9B}h") == #"e\u{0}f\u{7F}g\u{9B}h"#)
    #expect(Escaping.visible("m\u{2028}n\u{202E}o") == #"m\u{2028}n\u{202E}o"#)
  }

  @Test func visibleLeavesOrdinaryTextAndItsOwnOutputAlone() {
    let plain = "nav-bar › title on gradient-dusk (light, normal) 50% \\ é"
    #expect(Escaping.visible(plain) == plain)
    for p in Self.payloads {
      let once = Escaping.visible(p)
      #expect(!Self.hasHidden(once))
      #expect(Escaping.visible(once) == once)
    }
  }

  @Test func aTerminalLineCarriesNoHiddenCharacterAndNoWorkflowCommand() {
    for p in Self.payloads + Self.payloads.map({ "  " + $0 }) {
      let line = Escaping.terminalLine(p)
      #expect(!Self.hasHidden(line), "\(line)")
      #expect(!line.contains("\n") && !line.contains("\r"))
      #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(line)")
    }
    #expect(Escaping.terminalLine("::add-mask::x") == #"\u{3A}:add-mask::x"#)
    #expect(
      Escaping.terminalLine("\u{3000}::stop-commands::x") == "\u{3000}\\u{3A}:stop-commands::x")
    #expect(Escaping.terminalLine("id ##[add-mask]secret") == #"id ##\u{5B}add-mask]secret"#)
    #expect(Escaping.terminalLine("error: a::b ## [x]") == "error: a::b ## [x]")
  }

  @Test func workflowDataKeepsTheRunnersEscapesAndShowsOtherHiddenCharacters() {
    #expect(Escaping.workflowData("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d")
    #expect(Escaping.workflowProperty("50% a\r\nb: c, d") == "50%25 a%0D%0Ab%3A c%2C d")
    for p in Self.payloads {
      for escaped in [Escaping.workflowData(p), Escaping.workflowProperty(p)] {
        #expect(!Self.hasHidden(escaped), "\(escaped)")
      }
      #expect(!Escaping.workflowProperty(p).contains("::"))
    }
    #expect(Escaping.workflowData("d\u{1B}[2J") == #"d\u{1B}[2J"#)
    #expect(Escaping.workflowData("e ##[add-mask]x") == #"e ##\u{5B}add-mask]x"#)
  }

  @Test func aMarkdownCellIsOneCellOnOneLine() {
    for p in Self.payloads + ["a | b", "a \\| b", "`code` | [link](x) <b>"] {
      let cell = Escaping.markdownCell(p)
      #expect(!Self.hasHidden(cell))
      // Every pipe is escaped by an odd number of backslashes.
      let scalars = Array(cell.unicodeScalars)
      for (i, u) in scalars.enumerated() where u == "|" {
        let backslashes = scalars[..<i].reversed().prefix { $0 == "\\" }.count
        #expect(backslashes % 2 == 1, "\(cell)")
      }
    }
    #expect(Escaping.markdownCell("a | b\nc") == #"a \| b c"#)
    #expect(Escaping.markdownCell("x\u{1B}[2J") == #"x\\u{1B}\[2J"#)
    #expect(Escaping.markdownCell(#"a\|b"#) == #"a\\\|b"#)
    #expect(Escaping.markdownCell("<img src=x>") == "&lt;img src=x&gt;")
    #expect(Escaping.markdownCode("a`b\nc") == #"a'b\nc"#)
  }

  @Test func xmlAndHTMLCarryNoHiddenCharacterAndStayWellFormed() throws {
    for p in Self.payloads + ["\u{FFFE}\u{FFFF}"] {
      let text = Escaping.xml(p)
      #expect(!Self.hasHidden(text) && !text.contains("\u{FFFE}"))
      let document = "<r a=\"\(text)\">\(text)</r>"
      #expect(throws: Never.self) { try XMLDocument(xmlString: document) }
      #expect(!Self.hasHidden(Escaping.html(p)))
    }
    #expect(Escaping.xml("a\nb\tc") == "a&#10;b\tc")
    #expect(
      Escaping.html(#"<a href="x">'&'</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
  }

  @Test func jsonEscapesHiddenCharactersAndReadsBackUnchanged() throws {
    for p in Self.payloads {
      var literal = ""
      Escaping.json(p, into: &literal)
      #expect(!Self.hasHidden(literal), "\(literal)")
      let back =
        try JSONSerialization.jsonObject(
          with: Data("[\(literal)]".utf8)) as? [String]
      #expect(back == [p])
    }
    var literal = ""
    Escaping.json("a\u{1B}b\u{2028}", into: &literal)
    #expect(literal == #""a\u001bb\u2028""#)
  }

  @Test func aFileNameThatIsNotUTF8ShowsItsBytes() {
    #expect(Escaping.fileName(bytes: Array("café.png".utf8)) == "café.png")
    #expect(Escaping.fileName(bytes: [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x70]) == #"caf\x{E9}.p"#)
    #expect(
      Escaping.fileName(bytes: [0xC0, 0xAF, 0xED, 0xA0, 0x80]) == #"\x{C0}\x{AF}\x{ED}\x{A0}\x{80}"#
    )
    #expect(Escaping.fileName(bytes: [0x61, 0x0A, 0x1B]) == #"a\n\u{1B}"#)
    #expect(Escaping.fileName(bytes: [0xF0, 0x9F, 0x98, 0x80]) == "😀")
  }
}
