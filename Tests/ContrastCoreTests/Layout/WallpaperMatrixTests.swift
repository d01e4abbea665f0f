import Testing

@testable import ContrastCore

@Suite struct WallpaperMatrixTests {
  private func problems(_ text: String) -> [String] {
    do {
      _ = try WallpaperMatrix.parse(text, file: "wallpapers/matrix.yml")
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test func entriesAreReadWithTheirDefaults() throws {
    let matrix = try WallpaperMatrix.parse(
      """
      wallpapers:
        - file: photo-dunes.png
          category: photo
          appearances: [light]
        - file: solid.png
          id: plain
      """, file: "m.yml")
    #expect(
      matrix.entries == [
        .init(file: "photo-dunes.png", id: "photo-dunes", category: "photo", appearances: [.light]),
        .init(file: "solid.png", id: "plain", category: nil, appearances: nil),
      ])
  }

  @Test func everyBadValueIsReportedAtItsLineAndColumn() {
    let text = """
      wallpapers:
        - file: a.png
          categry: photo
        - file: b.png
          category: phot
          appearances: [light, dusk]
        - id: c
        - file: d.png
          id: b
      """
    #expect(
      problems(text) == [
        "wallpapers/matrix.yml:3:5: wallpapers[0]: unknown key 'categry' (did you mean 'category'?)",
        "wallpapers/matrix.yml:5:15: wallpapers[1].category: unknown category 'phot' (did you mean 'photo'?)",
        "wallpapers/matrix.yml:6:26: wallpapers[1].appearances: 'dusk' is not light or dark",
        "wallpapers/matrix.yml:7:5: wallpapers[2]: 'file' is required",
        "wallpapers/matrix.yml:9:9: wallpapers[3]: duplicate id 'b'",
      ])
  }

  @Test func aMissingListIsOneProblem() {
    #expect(
      problems("walpapers: []\n") == [
        "wallpapers/matrix.yml:1:1: expected 'wallpapers:' with a list"
      ])
    #expect(
      problems("# comments only\nwallpapers: many\n") == [
        "wallpapers/matrix.yml:2:13: expected 'wallpapers:' with a list"
      ])
    #expect(
      problems("wallpapers:\n  - 3\n") == [
        "wallpapers/matrix.yml:2:5: wallpapers[0]: expected a mapping with 'file'"
      ])
  }

  @Test func aSyntaxErrorIsLocated() {
    let found = problems("wallpapers:\n  - file: [a.png\n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("wallpapers/matrix.yml:3:1: YAML syntax error: ") == true)
  }
}
