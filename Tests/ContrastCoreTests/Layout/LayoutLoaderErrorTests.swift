import Foundation
import Testing

@testable import ContrastCore

@Suite struct LayoutLoaderErrorTests {
  private func errors(_ text: String, file: String = "layouts/test.yml") -> [String] {
    LayoutLoader.load(text: text, file: file, profile: LayoutTestProfiles.small).errors.map(
      \.description)
  }

  @Test func newerVersionIsRefusedAlone() {
    #expect(
      errors("version: 2\nlayout: Not_Kebab\nbogus: 1\n") == [
        "layouts/test.yml:1:10: layout version 2 is newer than this glass-audit understands (1)"
      ])
  }

  @Test func anAbsurdCanvasIsRefusedBeforeAnythingIsAllocated() {
    let text =
      "version: 1\nlayout: a\ncanvas: {width: 100, height: 100, scale: 1000}\nelements: []\n"
    #expect(
      errors(text) == [
        "layouts/test.yml:3:9: canvas: 100 x 100 pt at scale 1000 is 100000 x 100000 px; a canvas "
          + "must be 1 to 16384 px a side and at most 100000000 pixels"
      ])
  }

  @Test func missingAndWrongVersion() {
    let base = "layout: a\ndevice: iphone-16-pro\nelements: []\n"
    #expect(
      errors(base) == [
        "layouts/test.yml:1:1: missing required key 'version' (this glass-audit reads version 1)"
      ])
    #expect(
      errors("version: 0\n" + base) == [
        "layouts/test.yml:1:10: version: unsupported version 0; expected 1"
      ])
  }

  @Test func yamlSyntaxErrorIsOneDiagnosticAtYamsPosition() {
    let result = errors("version: 1\nlayout: a\nelements:\n  - id: [unclosed\n")
    #expect(result.count == 1)
    #expect(result.first?.hasPrefix("layouts/test.yml:5:1: YAML syntax error: ") == true)
  }

  @Test func duplicateKeyIsASyntaxError() {
    #expect(
      errors("version: 1\nlayout: a\nlayout: b\n") == [
        "layouts/test.yml:2:1: YAML syntax error: duplicate key 'layout' in one mapping"
      ])
  }

  @Test func emptyFileAndNonMappingRoot() {
    #expect(
      errors("") == ["layouts/test.yml:1:1: the file is empty; a layout starts with 'version: 1'"])
    #expect(
      errors("- 1\n") == [
        "layouts/test.yml:1:1: expected a layout (version, layout, title, device, canvas, targets, elements), found a list"
      ])
  }

  @Test func unquotedHashColourGetsAHint() {
    let text = """
      version: 1
      layout: a
      device: iphone-16-pro
      elements:
        - id: e
          material: thin
          tint: #FF9500
          frame: {x: 0, y: 0, width: 10, height: 10}
      """
    #expect(
      errors(text) == [
        "layouts/test.yml:7:10: elements[0].tint: has no value (in YAML an unquoted '#' starts a comment: write hex colours in quotes, \"#RRGGBB\")"
      ])
  }

  @Test func badHexAndUnknownNameWithoutSuggestion() {
    let text = """
      version: 1
      layout: a
      device: iphone-16-pro
      elements:
        - id: e
          material: thin
          tint: "#GG0000"
          frame: {x: 0, y: 0, width: 10, height: 10}
          content:
            - {id: t, color: {light: chartreuse, dark: "#12345"}, frame: {x: 0, y: 0, width: 5, height: 5}}
      """
    #expect(
      errors(text) == [
        "layouts/test.yml:7:11: elements[0].tint: invalid colour '#GG0000': 'G' at position 2 is not a hex digit",
        "layouts/test.yml:10:32: elements[0].content[0].color.light: unknown colour 'chartreuse' (expected a semantic colour of the profile such as 'label', or '#RRGGBB[AA]')",
        "layouts/test.yml:10:50: elements[0].content[0].color.dark: invalid colour '#12345': has 5 hex digits; expected 3, 4, 6 or 8",
      ])
  }

  @Test func cornerRadiusRules() {
    func element(_ shape: String) -> String {
      """
      version: 1
      layout: a
      device: iphone-16-pro
      elements:
        - {id: e, material: thin, frame: {x: 0, y: 0, width: 50, height: 50}, \(shape)}
      """
    }
    #expect(errors(element("shape: rect, cornerRadius: 0")) == [])
    #expect(
      errors(element("shape: capsule, cornerRadius: 8")) == [
        "layouts/test.yml:5:103: elements[0].cornerRadius: cornerRadius does not apply to a capsule: its outline is fixed by the frame; remove it or use 'shape: roundedRect'"
      ])
    #expect(
      errors(element("cornerRadius: 8")) == [
        "layouts/test.yml:5:87: elements[0].cornerRadius: cornerRadius 8 needs 'shape: roundedRect' (the shape is rect)"
      ])
    #expect(
      errors(element("shape: roundedRect")) == [
        "layouts/test.yml:5:80: elements[0].shape: shape roundedRect needs a cornerRadius (pt)"
      ])
    #expect(
      errors(element("shape: roundedRect, cornerRadius: -1")) == [
        "layouts/test.yml:5:107: elements[0].cornerRadius: must be 0 or more, found -1"
      ])
  }

  @Test func deviceOrCanvasButNotBoth() {
    let tail = "elements: []\n"
    #expect(
      errors("version: 1\nlayout: a\n" + tail) == [
        "layouts/test.yml:1:1: missing 'device' (a preset such as iphone-16-pro) or 'canvas: {width, height, scale}'"
      ])
    #expect(
      errors(
        "version: 1\nlayout: a\ndevice: iphone-se-3\ncanvas: {width: 1, height: 1, scale: 1}\n"
          + tail)
        == ["layouts/test.yml:3:9: device: give either 'device' or 'canvas', not both"])
    #expect(
      errors("version: 1\nlayout: a\ncanvas: {width: 1, height: -1, sclae: 2}\n" + tail) == [
        "layouts/test.yml:3:9: canvas: missing required key 'scale'",
        "layouts/test.yml:3:28: canvas.height: must be greater than 0, found -1",
        "layouts/test.yml:3:32: canvas: unknown key 'sclae' (did you mean 'scale'?)",
      ])
  }

  @Test func valueRanges() {
    let text = """
      version: 1
      layout: a
      device: iphone-16-pro
      elements:
        - id: e
          material: thin
          frame: {x: 0, y: 0, width: 100, height: 100}
          modes:
            normal: {border: 1}
            increaseContrast: {border: -2, material: nope}
          content:
            - {id: t, size: 0, minimumRatio: 22, color: label, frame: {x: 0, y: 0, width: 5, height: 5}}
      """
    #expect(
      errors(text) == [
        "layouts/test.yml:9:7: elements[0].modes: unknown mode 'normal' (expected reduceTransparency, increaseContrast, reduceTransparency+increaseContrast)",
        "layouts/test.yml:10:34: elements[0].modes.increaseContrast.border: must be 0 or more, found -2",
        "layouts/test.yml:10:48: elements[0].modes.increaseContrast.material: unknown material 'nope' (did you mean 'none'?)",
        "layouts/test.yml:12:23: elements[0].content[0].size: must be greater than 0, found 0",
        "layouts/test.yml:12:40: elements[0].content[0].minimumRatio: must be a contrast ratio from 1 to 21, found 22",
      ])
  }

  @Test func missingFileIsOneDiagnosticAtLineOneColumnOneWithTheReason() {
    let result = LayoutLoader.load(
      contentsOf: "/nonexistent/x.yml", displayName: "layouts/x.yml",
      profile: LayoutTestProfiles.small)
    #expect(result.layout == nil)
    #expect(
      result.errors.map(\.description) == [
        "layouts/x.yml:1:1: cannot read the file: No such file or directory"
      ])
  }

  @Test func fileIsReadAndNamedByDisplayName() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layout-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try LayoutLoaderTests.specExampleJSON.write(to: url, atomically: true, encoding: .utf8)
    let result = LayoutLoader.load(
      contentsOf: url.path, displayName: "layouts/spec.json", profile: LayoutTestProfiles.small)
    #expect(result.errors == [])
    #expect(result.layout?.file == "layouts/spec.json")
  }
}
