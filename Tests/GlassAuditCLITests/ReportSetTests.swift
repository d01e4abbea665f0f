import ContrastCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// End-to-end: the output folder always holds one whole report set, the
/// previous or the new one, whatever moment a run is killed at or a write
/// fails; the next run removes what a killed one left. (The long version:
/// scripts/hostile-inputs.py --only kills,disk.)
@Suite(.serialized) struct ReportSetTests {
  static let reports = ["report.json", "report.md", "report.html", "junit.xml", "report.sarif"]

  /// A folder with the golden fixture's inputs.
  func fixture() throws -> CLIHarness {
    let h = try CLIHarness()
    for folder in ["layouts", "wallpapers"] {
      try FileManager.default.copyItem(
        at: GoldenReportsTests.fixture.appendingPathComponent(folder),
        to: h.dir.appendingPathComponent(folder))
    }
    return h
  }

  /// A run over one layout and one wallpaper of the fixture (about half a
  /// second); the two levels write different bytes in every report.
  static func arguments(level: String) -> [String] {
    [
      "run", "--quiet", "--deterministic", "--layouts", "layouts/home.yml", "--wallpapers",
      "wallpapers/gradient-dusk.png", "--out", "out", "--level", level,
    ]
  }

  /// The report files in `out` and their bytes.
  func set(_ h: CLIHarness) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in Self.reports {
      if let data = FileManager.default.contents(atPath: h.path("out/\(name)")) {
        files[name] = data
      }
    }
    return files
  }

  /// Hidden files in `out` and hidden folders beside it.
  func leftovers(_ h: CLIHarness) -> [String] {
    let fm = FileManager.default
    let inside = ((try? fm.contentsOfDirectory(atPath: h.path("out"))) ?? []).filter {
      $0.hasPrefix(".")
    }
    let beside = ((try? fm.contentsOfDirectory(atPath: h.path("."))) ?? []).filter {
      $0.hasPrefix(".out")
    }
    return inside + beside
  }

  /// Starts a run and SIGKILLs it `delay` seconds after it starts writing:
  /// when a hidden file appears in `out` or a hidden folder beside it
  /// (whatever way the reports are written), or after 30 seconds.
  func killWhileWriting(_ h: CLIHarness, _ arguments: [String], delay: Double) throws {
    let process = Process()
    process.executableURL = CLIHarness.binary
    process.arguments = arguments
    process.currentDirectoryURL = h.dir
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let start = Date()
    while process.isRunning && Date().timeIntervalSince(start) < 30 {
      if !leftovers(h).isEmpty {
        if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
        break
      }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  // Seven runs of the debug binary, one core polling beside them: 6 s alone,
  // over 120 s when CI's release build shares the 2 cores. The limit is there
  // to stop a hang, not to time the runs.
  @Test(.timeLimit(.minutes(8)))
  func aRunKilledWhileWritingLeavesAWholeSetAndTheNextRunCleansUp() throws {
    let h = try fixture()
    defer { h.remove() }
    _ = try h.run(Self.arguments(level: "AAA"))
    let aaa = set(h)
    _ = try h.run(Self.arguments(level: "AA"))
    let aa = set(h)
    #expect(aa.count == 5 && aaa.count == 5 && aa != aaa)
    var random = SeededRandom(seed: 14)
    var leftBehind = 0
    for i in 0..<4 {
      let level = i % 2 == 0 ? "AAA" : "AA"
      try killWhileWriting(
        h, Self.arguments(level: level), delay: Double.random(in: 0..<0.0015, using: &random))
      let found = set(h)
      #expect(found == aa || found == aaa, "kill \(i): a mixed set")
      leftBehind += leftovers(h).isEmpty ? 0 : 1
    }
    print("report set: 4 kills while writing, \(leftBehind) left a hidden folder")
    let r = try h.run(Self.arguments(level: "AA"))
    #expect(r.status == 1, "\(r.stderr)")
    #expect(set(h) == aa)
    #expect(leftovers(h) == [])
  }

  @Test func aWriteThatFailsLeavesThePreviousSetWhole() throws {
    let h = try fixture()
    defer { h.remove() }
    _ = try h.run(Self.arguments(level: "AA"))
    let before = set(h)
    #expect(before.count == 5)
    // A file size limit (its signal ignored) stands in for a full disk: 100
    // blocks of 512 bytes hold report.json (36 KB) and report.md, not
    // report.html (60 KB), so the failure comes after two files are written.
    let command = "trap '' XFSZ; ulimit -f 100; exec \"$0\" \"$@\""
    let r = try h.run(
      ["-c", command, CLIHarness.binary.path] + Self.arguments(level: "AAA"),
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(r.status == 2)
    #expect(r.stderr.contains("the reports were not written, 'out' holds the previous ones"))
    #expect(r.stderr.contains("File too large"))
    #expect(set(h) == before)
    #expect(leftovers(h) == [])
  }

  /// report.sqlite, which SQLite fills in its file (in the staging
  /// folder, or in a temporary file where the files are replaced one by
  /// one): a write that fails names it and leaves the previous one.
  @Test func aReportSQLiteThatCannotBeWrittenLeavesThePreviousOne() throws {
    let h = try fixture()
    defer { h.remove() }
    _ = try h.run(Self.arguments(level: "AA"))
    let before = try Data(contentsOf: URL(fileURLWithPath: h.path("out/report.sqlite")))
    #expect(before.count > 8192)
    // 8 blocks of 512 bytes: the database's first page, not its second
    // (SQLite says `disk I/O error` of the write over the limit).
    let command = "trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\""
    let arguments = Self.arguments(level: "AAA") + ["--format", "sqlite"]
    let r = try h.run(
      ["-c", command, CLIHarness.binary.path] + arguments,
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(r.status == 2)
    #expect(r.stderr.contains("the reports were not written, 'out' holds the previous ones"))
    #expect(r.stderr.contains("report.sqlite"), "\(r.stderr)")
    #expect(r.stderr.contains("disk I/O error"), "\(r.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: h.path("out/report.sqlite"))) == before)
    #expect(leftovers(h) == [])
    // A subfolder in the output folder: the files are replaced one by one.
    try FileManager.default.createDirectory(
      atPath: h.path("out/keep"), withIntermediateDirectories: false)
    let one = try h.run(
      ["-c", command, CLIHarness.binary.path] + arguments,
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(one.status == 2)
    #expect(one.stderr.contains("cannot write 'out/report.sqlite'"), "\(one.stderr)")
    #expect(one.stderr.contains("disk I/O error"), "\(one.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: h.path("out/report.sqlite"))) == before)
    #expect(leftovers(h) == [])
    // Without the limit, the one-by-one write makes the same bytes as a set.
    let ok = try h.run(Self.arguments(level: "AA") + ["--format", "sqlite"])
    #expect(ok.status == 1, "\(ok.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: h.path("out/report.sqlite"))) == before)
    #expect(leftovers(h) == [])
  }

  @Test func otherFilesOfTheFolderStayAndOnlyTheNewSetIsThere() throws {
    let h = try fixture()
    defer { h.remove() }
    _ = try h.run(Self.arguments(level: "AA"))
    try h.write("out/README.md", "kept\n")
    try FileManager.default.createSymbolicLink(
      atPath: h.path("out/latest"), withDestinationPath: "report.json")
    let r = try h.run(Self.arguments(level: "AA") + ["--format", "json"])
    #expect(r.status == 1, "\(r.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: h.path("out")).sorted()
    #expect(names == ["README.md", "latest", "report.json"])
    #expect(try h.read("out/README.md") == "kept\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: h.path("out/latest"))
        == "report.json")
  }

  @Test func leftoversOfKilledRunsAreRemovedAndWhatTheyHeldIsKept() throws {
    let h = try fixture()
    defer { h.remove() }
    _ = try h.run(Self.arguments(level: "AA"))
    // A process id that is no longer running.
    let done = Process()
    done.executableURL = URL(fileURLWithPath: "/bin/true")
    try done.run()
    done.waitUntilExit()
    let dead = done.processIdentifier
    try h.write(".out.glass-audit-\(dead)/report.json", "{}")
    try h.write(".out.glass-audit-\(dead)/notes.txt", "mine\n")
    try h.write("out/.report.md.tmp-\(dead)", "half a report")
    let r = try h.run(Self.arguments(level: "AAA"))
    #expect(r.status == 1, "\(r.stderr)")
    #expect(leftovers(h) == [])
    #expect(try h.read("out/notes.txt") == "mine\n")
    #expect(set(h).count == 5)
  }

  @Test func aFolderWithSubfoldersIsWrittenFileByFile() throws {
    let h = try fixture()
    defer { h.remove() }
    try h.write("out/history/2025.json", "{}")
    let r = try h.run(Self.arguments(level: "AA"))
    #expect(r.status == 1, "\(r.stderr)")
    #expect(set(h).count == 5)
    #expect(h.exists("out/history/2025.json"))
    #expect(leftovers(h) == [])
  }
}

/// SplitMix64, for kill moments that are random but the same each run.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
