import Foundation
import Testing

@testable import ContrastCore

/// `glass-audit fix` writes its changes into the layout file touching only
/// the lines it must (issue 29 part 1): a value where it stands, a missing
/// key on a line of its own, comments, order and formatting kept; and the
/// file reads back with the new value.
@Suite struct LayoutTextEditorTests {
  static let profile = try! ProfileLoader.load(named: "ios27")

  static let layout = """
    # A comment the fix keeps.
    version: 1
    layout: bar
    title: "A bar"
    canvas: {width: 100, height: 100, scale: 1}
    elements:
      - id: bar
        material: glass.regular   # the app's bar
        frame: {x: 0, y: 0, width: 100, height: 40}
        content:
          - id: title
            role: body
            color:
              light: secondaryLabel   # muted
              dark: white
            frame: {x: 4, y: 4, width: 80, height: 20}
          - {id: badge, role: caption, color: systemBlue, frame: {x: 80, y: 4, width: 10, height: 10}}

    """

  func edit(_ edits: [LayoutEdit], _ text: String = layout, file: String = "bar.yml") throws
    -> String
  {
    try LayoutTextEditor.apply(edits, to: text, file: file)
  }

  /// The lines of `b` that are not lines of `a`, and the reverse.
  func changed(_ a: String, _ b: String) -> (removed: [String], added: [String]) {
    let x = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let y = b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return (x.filter { !y.contains($0) }, y.filter { !x.contains($0) })
  }

  @Test func aValueIsReplacedWhereItStandsWithItsComment() throws {
    let out = try edit([LayoutEdit(element: "bar", key: "material", value: .text("glass.clear"))])
    let d = changed(Self.layout, out)
    #expect(d.removed == ["    material: glass.regular   # the app's bar"])
    #expect(d.added == ["    material: glass.clear   # the app's bar"])
    let read = try #require(
      LayoutLoader.load(text: out, file: "bar.yml", profile: Self.profile).layout)
    #expect(read.elements[0].material == "glass.clear")
  }

  @Test func aMissingKeyGoesOnALineOfItsOwnAfterItsNeighbour() throws {
    let tint = LayoutValue.color(ColorText.withAlpha("#000000", 0.42))
    let out = try edit([LayoutEdit(element: "bar", key: "tint", value: tint)])
    let d = changed(Self.layout, out)
    #expect(d.removed.isEmpty)
    #expect(d.added == ["    tint: {color: \"#000000\", alpha: 0.42}"])
    let lines = out.split(separator: "\n").map(String.init)
    let m = try #require(lines.firstIndex { $0.contains("material:") })
    #expect(lines[m + 1] == "    tint: {color: \"#000000\", alpha: 0.42}")
    let read = try #require(
      LayoutLoader.load(text: out, file: "bar.yml", profile: Self.profile).layout)
    #expect(read.elements[0].tint == .same("#000000@0.42"))
  }

  @Test func aBlockValueBecomesOneLineAndItsLinesGo() throws {
    let value = try #require(LayoutValue.color(light: "label", dark: "white"))
    let out = try edit([LayoutEdit(element: "bar", item: "title", key: "color", value: value)])
    let d = changed(Self.layout, out)
    #expect(
      d.removed == [
        "        color:", "          light: secondaryLabel   # muted", "          dark: white",
      ])
    #expect(d.added == ["        color: {light: label, dark: white}"])
    let read = try #require(
      LayoutLoader.load(text: out, file: "bar.yml", profile: Self.profile).layout)
    #expect(read.elements[0].content[0].color == .perAppearance(light: "label", dark: "white"))
  }

  @Test func aFlowMappingTakesItsNewKeyBeforeItsBrace() throws {
    let out = try edit([
      LayoutEdit(element: "bar", item: "badge", key: "color", value: .text("label")),
      LayoutEdit(element: "bar", item: "badge", key: "size", value: .number(20)),
    ])
    let d = changed(Self.layout, out)
    #expect(
      d.added == [
        "      - {id: badge, role: caption, color: label, frame: {x: 80, y: 4, width: 10, height: 10},"
          + " size: 20}"
      ])
    let read = try #require(
      LayoutLoader.load(text: out, file: "bar.yml", profile: Self.profile).layout)
    #expect(read.elements[0].content[1].color == .same("label"))
    #expect(read.elements[0].content[1].sizeInPoints == 20)
  }

  @Test func aJSONLayoutStaysJSON() throws {
    let json = """
      {"version": 1, "layout": "j", "title": "J", "canvas": {"width": 50, "height": 50, "scale": 1},
       "elements": [{"id": "e", "material": "thin",
         "frame": {"x": 0, "y": 0, "width": 50, "height": 50},
         "content": [{"id": "t", "color": "#777777", "frame": {"x": 1, "y": 1, "width": 20, "height": 10}}]}]}
      """
    let out = try edit(
      [
        LayoutEdit(element: "e", key: "material", value: .text("thick")),
        LayoutEdit(element: "e", item: "t", key: "weight", value: .text("bold")),
      ], json, file: "j.json")
    #expect(out.contains("\"material\": \"thick\","))
    #expect(out.contains("\"height\": 10}, \"weight\": \"bold\"}]}]}"))
    #expect(try JSONSerialization.jsonObject(with: Data(out.utf8)) is [String: Any])
    let read = try #require(
      LayoutLoader.load(text: out, file: "j.json", profile: Self.profile).layout)
    #expect(read.elements[0].material == "thick")
    #expect(read.elements[0].content[0].weight == .bold)
  }

  @Test func namesThatYAMLWouldReadOtherwiseAreQuoted() {
    #expect(LayoutValue.text("#000000").yaml == "\"#000000\"")
    #expect(LayoutValue.text("on").yaml == "\"on\"")
    #expect(LayoutValue.text("secondaryLabel").yaml == "secondaryLabel")
    #expect(LayoutValue.text("a: b").yaml == "\"a: b\"")
  }

  @Test func aMissingElementIsAnErrorNamingIt() {
    #expect(throws: LayoutEditError.self) {
      try edit([LayoutEdit(element: "nope", key: "material", value: .text("thin"))])
    }
  }

  @Test func theDiffIsTheOneDiffPrints() {
    // `diff -u` (GNU diffutils 3.8) of these two texts, headers aside.
    let a = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\n"
    let b = "one\ntwo\nthree\nFOUR\nfive\nsix\nseven\neight\nnine\nten\n"
    let expected = """
      --- a/f.yml
      +++ b/f.yml
      @@ -1,9 +1,10 @@
       one
       two
       three
      -four
      +FOUR
       five
       six
       seven
       eight
       nine
      +ten

      """
    #expect(UnifiedDiff.diff(a, b, file: "f.yml") == expected)
    let noEnd = """
      --- a/f.yml
      +++ b/f.yml
      @@ -1,2 +1,2 @@
       a
      -b
      \\ No newline at end of file
      +B
      \\ No newline at end of file

      """
    #expect(UnifiedDiff.diff("a\nb", "a\nB", file: "f.yml") == noEnd)
  }
}
