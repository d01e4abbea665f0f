import ContrastCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// End-to-end: the memory budget, files whose names are not UTF-8, and YAML
/// that would exhaust the reader.
@Suite(.serialized) struct InputLimitsCLITests {
  /// Writes `bytes` to a file whose name is `name`'s bytes inside `dir`.
  func write(_ bytes: [UInt8], name: [UInt8], in dir: String) throws {
    let path = InputPath(dir).appending(InputPath(bytes: name))
    let fd = path.withCString { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
    try #require(fd >= 0)
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    try handle.write(contentsOf: Data(bytes))
  }

  @Test func aWallpaperOverTheMemoryBudgetIsRefusedAndTheOthersAreAudited() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("layouts/plain.yml", Fixtures.passing)
    try h.writeSolidPNG("wallpapers/small.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.writeSolidPNG("wallpapers/large.png", width: 400, height: 800, rgb: (255, 255, 255))
    // The small one takes about 52 KB to decode, the large one about 5 MB.
    let r = try h.run(["run", "--quiet", "--memory-budget", "1M", "--jobs", "2"])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("error: wallpapers/large.png: cannot decode 'wallpapers/large.png':"))
    #expect(r.stderr.contains("above the memory budget of 1 MiB (raise it with --memory-budget)"))
    let json = try h.read("reports/report.json")
    #expect(json.contains("\"passed\": 16"))
    let ok = try h.run(["run", "--quiet", "--memory-budget", "64M"])
    #expect(ok.status == 0, "\(ok.stderr)")
  }

  @Test func aMemoryBudgetThatIsNotAByteCountIsAUsageError() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let r = try h.run(["run", "--memory-budget", "2X"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("--memory-budget"))
  }

  @Test func filesWhoseNamesAreNotUTF8AreAuditedAndShownEscaped() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try FileManager.default.createDirectory(
      atPath: h.path("wallpapers"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: h.path("layouts"), withIntermediateDirectories: true)
    let png = try PNGEncoder.encodeRGB8(
      width: 40, height: 80, pixels: [UInt8](repeating: 255, count: 40 * 80 * 3))
    try write(png, name: Array("caf".utf8) + [0xE9] + Array(".png".utf8), in: h.path("wallpapers"))
    try write(
      Array(Fixtures.passing.utf8), name: [0xFF] + Array("plain.yml".utf8), in: h.path("layouts"))
    let r = try h.run(["run", "--quiet"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!r.stderr.contains("No such file"))
    let json = try h.read("reports/report.json")
    #expect(json.contains(#""wallpaper": "caf\\x{E9}""#))
    #expect(json.contains(#""file": "layouts/\\x{FF}plain.yml""#))
    #expect(json.contains("\"passed\": 16"))
  }

  /// `fix` (and `run`, which verifies each fix) reads and rewrites a layout
  /// whose name is not UTF-8 by its bytes: the file itself is edited, no
  /// file is made under the escaped name, and the diff names it escaped.
  @Test func fixEditsALayoutWhoseNameIsNotUTF8InPlace() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try FileManager.default.createDirectory(
      atPath: h.path("layouts"), withIntermediateDirectories: true)
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    let name = [0xFF] + Array("glass.yml".utf8)
    try write(Array(Fixtures.failing.utf8), name: name, in: h.path("layouts"))
    let path = InputPath(h.path("layouts")).appending(InputPath(bytes: name))
    let run = try h.run(["run", "--quiet", "--appearances", "light", "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(!run.stderr.contains("cannot read"), "\(run.stderr)")
    #expect(try h.read("reports/report.json").contains("\"fixVerified\":"))
    let fix = try h.run(["fix", "--quiet", "--appearances", "light"])
    #expect(fix.status == 0, "\(fix.stdout)\n\(fix.stderr)")
    #expect(fix.stdout.contains("+++ b/layouts/\\x{FF}glass.yml"), "\(fix.stdout)")
    let after = String(decoding: try path.readAll(), as: UTF8.self)
    #expect(after != Fixtures.failing)
    #expect(try FileManager.default.contentsOfDirectory(atPath: h.path("layouts")).count == 1)
  }

  @Test func aLayoutIdUsedTwiceIsAnErrorAtTheSecondId() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("layouts/a.yml", Fixtures.passing)
    try h.write("layouts/b.yml", Fixtures.passing)
    let r = try h.run(["validate"])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "error: layouts/b.yml:2:9: layout id 'plain' is already used by 'layouts/a.yml'"))
  }

  /// Nine levels of ten aliases of the level before ("billion laughs"): the
  /// eighth '*e' on its sixth line takes it past the reader's node limit.
  static func aliasBomb() -> String {
    var text = #"a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#
    for (name, previous) in zip("bcdefghi", "abcdefgh") {
      let aliases: String = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
      text += "\n\(name): &\(name) [\(aliases)]"
    }
    return text + "\n"
  }

  @Test func anAliasBombIsRefusedWithItsFileAndPlace() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let layout = "version: 1\nlayout: bomb\ndevice: iphone-16-pro\n" + Self.aliasBomb()
    try h.write("layouts/bomb.yml", layout + "elements: []\n")
    try h.write("team.yml", "version: 1\n" + Self.aliasBomb())
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    let refused = "YAML refused: the alias '*e' takes the document past 1000000 nodes"
    // Refused with its place before it expands (expanded, it would take
    // minutes and gigabytes; the time is measured in release, not asserted).
    let validate = try h.run(["validate", "layouts/bomb.yml"])
    #expect(validate.status == 2, "\(validate.stderr)")
    #expect(
      validate.stderr.contains("error: layouts/bomb.yml:9:36: \(refused)"), "\(validate.stderr)")
    let run = try h.run(["run", "--quiet"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("layouts/bomb.yml:9:36: \(refused)"), "\(run.stderr)")
    let profile = try h.run(["validate", "--profile", "team.yml"])
    #expect(profile.status == 2, "\(profile.stderr)")
    #expect(profile.stderr.contains("team.yml:7:36: \(refused)"), "\(profile.stderr)")
  }
}
