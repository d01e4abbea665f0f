import Testing

@testable import ContrastCore

/// Every layout error has a line and a column, whatever the file holds
/// (control characters, bytes that are not UTF-8); ids, titles and texts
/// have length limits; frames and sizes are bounded to what a screen can be.
@Suite struct LayoutLimitsTests {
  static let base = """
    version: 1
    layout: probe
    title: Probe
    canvas: {width: 40, height: 80, scale: 1}
    elements:
      - id: bar
        material: none
        frame: {x: 0, y: 0, width: 40, height: 80}
        content:
          - id: label
            color: white
            text: Hello
            frame: {x: 2, y: 2, width: 30, height: 10}
    """

  func errors(_ text: String) -> [Diagnostic] {
    LayoutLoader.load(text: text, file: "l.yml", profile: LayoutTestProfiles.small).errors
  }

  func errors(bytes: [UInt8]) -> [Diagnostic] {
    LayoutLoader.load(bytes: bytes, file: "l.yml", profile: LayoutTestProfiles.small).errors
  }

  @Test func theBaseIsValid() {
    #expect(errors(Self.base).isEmpty)
  }

  @Test func everyControlCharacterAnywhereIsAnErrorWithLineAndColumn() {
    for code in Array(0x00...0x08) + Array(0x0B...0x1F) + [0x7F, 0x85, 0x9B] {
      let c = String(Unicode.Scalar(UInt8(code)))
      let c1 = String(Unicode.Scalar(UInt32(code))!)
      let variants = [
        Self.base.replacingAll("id: bar", with: "id: b\(c)ar"),
        Self.base.replacingAll("material:", with: "mate\(c)rial:"),
        Self.base.replacingAll("version: 1", with: "version: 1 # \(c1)"),
        Self.base.replacingAll("title: Probe", with: "title: \"P\(c1)\""),
      ]
      for text in variants where text != Self.base {
        let found = errors(text)
        // A control character inside a double-quoted scalar may be valid YAML; the others are not.
        for d in found {
          #expect(d.line >= 1 && d.column >= 1, "U+\(String(code, radix: 16)): \(d)")
        }
      }
    }
    let nul = errors(Self.base.replacingAll("id: bar", with: "id: b\u{0}ar"))
    #expect(nul.map(\.description).first?.hasPrefix("l.yml:6:10: YAML syntax error:") == true)
    #expect(nul.first?.message.contains("U+0000") == true)
  }

  @Test func bytesThatAreNotUTF8AreAnErrorAtTheirPlace() {
    let bytes = Array(Self.base.utf8)
    // The "b" of "bar": line 6, column 9.
    let at = bytes.indices.first { bytes[$0...].starts(with: Array("id: bar".utf8)) }! + 4
    var broken = bytes
    broken.insert(0xFF, at: at + 1)
    #expect(
      errors(bytes: broken).map(\.description) == [
        "l.yml:6:10: the file is not UTF-8 text: byte 0xFF at byte offset \(at + 1) is not UTF-8"
      ])
  }

  @Test func idsTitlesAndTextsLongerThanTheirLimitsAreErrorsAtTheirPlace() {
    let id = String(repeating: "x", count: LayoutLimits.maximumIDLength + 1)
    #expect(
      errors(Self.base.replacingAll("id: label", with: "id: \(id)")).map(\.description) == [
        "l.yml:10:13: elements[0].content[0].id: is 101 characters long; an id is at most 100 "
          + "characters"
      ])
    #expect(errors(Self.base.replacingAll("id: bar", with: "id: \(id)")).count == 1)
    #expect(errors(Self.base.replacingAll("layout: probe", with: "layout: \(id)")).count == 1)
    let okID = String(repeating: "x", count: LayoutLimits.maximumIDLength)
    #expect(errors(Self.base.replacingAll("id: label", with: "id: \(okID)")).isEmpty)
    let title = String(repeating: "t", count: LayoutLimits.maximumTitleLength + 1)
    #expect(
      errors(Self.base.replacingAll("title: Probe", with: "title: \(title)")).map(\.description)
        == ["l.yml:3:8: title: is 201 characters long; a title is at most 200 characters"])
    let text = String(repeating: "t", count: 2_000_000)
    #expect(
      errors(Self.base.replacingAll("text: Hello", with: "text: \(text)")).map(\.description)
        == [
          "l.yml:12:15: elements[0].content[0].text: is 2000000 characters long; a text is at most "
            + "1000 characters"
        ])
  }

  @Test func framesAndSizesBeyondAScreenAreErrors() {
    let cases = [
      (
        "width: 30", "width: 1e308",
        "l.yml:13:36: elements[0].content[0].frame.width: must be from -16384 to 16384 pt, found 1e308"
      ),
      (
        "x: 2,", "x: 18446744073709551616,",
        "l.yml:13:20: elements[0].content[0].frame.x: must be from -16384 to 16384 pt, found 18446744073709551616"
      ),
      (
        "x: 0,", "x: -1e308,",
        "l.yml:8:16: elements[0].frame.x: must be from -16384 to 16384 pt, found -1e308"
      ),
      (
        "text: Hello", "size: 1e308",
        "l.yml:12:15: elements[0].content[0].size: must be at most 1000 pt, found 1e308"
      ),
      (
        "width: 40, height: 80, scale", "width: 1e308, height: 80, scale",
        "l.yml:4:17: canvas.width: must be from -16384 to 16384 pt, found 1e308"
      ),
    ]
    for (from, to, expected) in cases {
      let text = Self.base.replacingAll(from, with: to)
      #expect(text != Self.base)
      #expect(errors(text).map(\.description).first == expected, "\(to)")
    }
    #expect(errors(Self.base.replacingAll("width: 30", with: "width: 16384")).isEmpty)
  }

  @Test func aQuotedValueShowsHiddenCharactersEscapedAndIsCutWhenLong() {
    let long = String(repeating: "m", count: 500)
    let found = errors(Self.base.replacingAll("material: none", with: "material: \(long)"))
    #expect(found.count == 1)
    #expect(
      found.first?.message.hasPrefix(
        "elements[0].material: unknown material '\(String(repeating: "m", count: 60))…' (500 characters)"
      ) == true)
    let hidden = errors(Self.base.replacingAll("material: none", with: "material: \"a\\nb\\e[2J\""))
    #expect(
      hidden.first?.message.hasPrefix(#"elements[0].material: unknown material 'a\nb\u{1B}[2J'"#)
        == true)
  }
}
