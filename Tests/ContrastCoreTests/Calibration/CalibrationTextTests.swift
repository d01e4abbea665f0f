import Testing

@testable import ContrastCore

/// Names from inputs, escaped for the terminal and quoted for YAML.
@Suite struct CalibrationTextTests {
  @Test func controlAndBidiCharactersAreEscapedForTheTerminal() {
    #expect(
      CalibrationText.escaped("a\u{1B}[2Jb\n\u{202E}c\\d é")
        == "a\\u{1b}[2Jb\\u{a}\\u{202e}c\\\\d é")
    #expect(CalibrationText.escaped("captures/home") == "captures/home")
  }

  @Test func yamlQuotingReadsBackAsTheSameText() throws {
    let names = ["plain", "a \"quoted\" \\ name", "line\nbreak\ttab\u{7F}\u{85}", "\u{202E}rtl 🙂"]
    for name in names {
      let quoted = CalibrationText.yamlQuoted(name)
      #expect(!quoted.unicodeScalars.contains { CalibrationText.needsEscape($0) })
      let node = try #require(try YAMLDocument.parse("key: \(quoted)\n", file: "t.yml"))
      #expect(node["key"]?.scalar?.text == name)
    }
  }
}
