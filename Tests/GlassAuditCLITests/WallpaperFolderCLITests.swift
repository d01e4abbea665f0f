import Foundation
import Testing

/// Nothing in the wallpapers folder is passed over in silence (issue 15,
/// part 6): a PNG that matrix.yml does not list is audited with a warning,
/// an image of another format is named as skipped.
@Suite(.serialized) struct WallpaperFolderCLITests {
  static let matrix = """
    wallpapers:
      - file: white.png
        id: white
        category: solid-light
    """

  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    try h.write("layouts/plain.yml", Fixtures.passing)
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.write("wallpapers/matrix.yml", Self.matrix)
    return h
  }

  func findings(_ h: CLIHarness) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: h.path("reports/report.json")))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(root["findings"] as? [[String: Any]])
  }

  @Test func aPNGTheMatrixDoesNotListIsAuditedWithAWarning() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.writeSolidPNG("wallpapers/extra.png", width: 40, height: 80, rgb: (250, 250, 250))
    let r = try h.run(["run", "--quiet", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try h.read("reports/report.json").contains("\"wallpaper\": \"extra\""))
    let unlisted = try findings(h).filter { $0["rule"] as? String == "unlisted-wallpaper" }
    #expect(unlisted.count == 1)
    #expect(unlisted.first?["wallpaper"] as? String == "extra")
    #expect(unlisted.first?["file"] as? String == "wallpapers/matrix.yml")
    #expect(
      r.stderr.contains(
        "warning: wallpapers/matrix.yml: 'extra.png' is in the wallpapers folder but not listed"))
    // With --fail-on warning the unlisted file fails the run.
    let strict = try h.run(["run", "--quiet", "--format", "json", "--fail-on", "warning"])
    #expect(strict.status == 1)
  }

  @Test func everyListedPNGMeansNoFinding() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write("wallpapers/LICENSES.md", "notes are not wallpapers")
    let r = try h.run(["run", "--quiet", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try findings(h).isEmpty)
    #expect(!r.stderr.contains("warning:"))
  }

  @Test func anUnlistedPNGWhoseIdIsTakenIsAnErrorNamingBoth() throws {
    let h = try setUp()
    defer { h.remove() }
    try h.write(
      "wallpapers/matrix.yml",
      Self.matrix.replacingOccurrences(of: "id: white", with: "id: snow"))
    try h.writeSolidPNG("wallpapers/snow.png", width: 40, height: 80, rgb: (250, 250, 250))
    let r = try h.run(["run", "--quiet", "--format", "json"])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "error: wallpapers/snow.png: not listed in wallpapers/matrix.yml, and its file name's id "
          + "'snow' is already the id of 'white.png'"))
    #expect(try h.read("reports/report.json").contains("\"wallpaper\": \"snow\""))
  }

  @Test(arguments: [true, false])
  func imagesThatAreNotPNGsAreNamedAsSkipped(withMatrix: Bool) throws {
    let h = try setUp()
    defer { h.remove() }
    if !withMatrix { try FileManager.default.removeItem(atPath: h.path("wallpapers/matrix.yml")) }
    try h.write("wallpapers/photo.JPG", "not decoded")
    try h.write("wallpapers/live.heic", "not decoded")
    let r = try h.run(["run", "--quiet", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    let skipped = try findings(h).filter { $0["rule"] as? String == "unsupported-wallpaper" }
    #expect(
      skipped.compactMap { $0["file"] as? String }.sorted()
        == ["wallpapers/live.heic", "wallpapers/photo.JPG"])
    #expect(r.stderr.contains("warning: wallpapers/photo.JPG: 'photo.JPG' was skipped"))
  }

  @Test func aFolderOfOnlyJPEGsIsAnInputErrorAndNamesThem() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("layouts/plain.yml", Fixtures.passing)
    try h.write("wallpapers/a.jpg", "not decoded")
    let r = try h.run(["run", "--quiet", "--format", "json"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("no PNG wallpapers in the folder"))
    #expect(r.stderr.contains("'a.jpg' was skipped"))
  }
}
