import Testing

@testable import ContrastCore

@Suite struct SourceTextTests {
  @Test func utf8TextDecodesAsItIs() throws {
    #expect(try SourceText.decode(Array("a: é\nb: 😀\n".utf8), file: "f.yml") == "a: é\nb: 😀\n")
  }

  @Test func theFirstByteThatIsNotUTF8IsPlacedByLineColumnAndOffset() {
    let bytes = Array("version: 1\nid: b".utf8) + [0xFF, 0xFE] + Array("ar\n".utf8)
    #expect(
      throws: Diagnostic(
        file: "l.yml", line: 2, column: 6,
        message: "the file is not UTF-8 text: byte 0xFF at byte offset 16 is not UTF-8")
    ) {
      try SourceText.decode(bytes, file: "l.yml")
    }
    #expect(
      throws: Diagnostic(
        file: "l.yml", line: 1, column: 1,
        message: "the file is not UTF-8 text: byte 0xC0 at byte offset 0 is not UTF-8")
    ) {
      try SourceText.decode([0xC0, 0xAF], file: "l.yml")
    }
    // Columns count characters, not bytes: "é" is one.
    #expect(
      throws: Diagnostic(
        file: "l.yml", line: 1, column: 3,
        message: "the file is not UTF-8 text: byte 0xED at byte offset 3 is not UTF-8")
    ) {
      try SourceText.decode(Array("é:".utf8) + [0xED, 0xA0, 0x80], file: "l.yml")
    }
  }

  @Test func aCharacterOffsetIsPlacedByLineAndColumn() {
    let text = "ab\ncd\r\nef"
    #expect(SourceText.place(ofCharacterOffset: 0, in: text) == (1, 1))
    #expect(SourceText.place(ofCharacterOffset: 4, in: text) == (2, 2))
    #expect(SourceText.place(ofCharacterOffset: 6, in: text) == (3, 1))
    #expect(SourceText.place(ofCharacterOffset: 99, in: text) == (3, 3))
  }
}
