import Foundation
import Testing

@Suite(.serialized) struct ShardMergeTests {
  func setUp() throws -> CLIHarness {
    let h = try CLIHarness()
    try h.write("layouts/plain.yml", Fixtures.passing)
    try h.write("layouts/glass.yml", Fixtures.failing)
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.writeSolidPNG("wallpapers/blue.png", width: 30, height: 90, rgb: (10, 90, 200))
    try h.writeSolidPNG("wallpapers/dark.png", width: 50, height: 50, rgb: (20, 20, 30))
    try h.write("wallpapers/broken.png", bytes: Array("not a png".utf8))
    return h
  }

  @Test func mergedShardsEqualASingleRunByteForByte() throws {
    let h = try setUp()
    defer { h.remove() }
    // A shard does not verify fixes (it holds a slice of the wallpapers): its
    // merge is the single run without verification.
    #expect(
      try h.run(["run", "--quiet", "--deterministic", "--no-verify-fixes", "--out", "single"])
        .status == 2)
    for k in 1...3 {
      _ = try h.run(["run", "--quiet", "--deterministic", "--shard", "\(k)/3", "--out", "s\(k)"])
    }
    let m = try h.run(["merge", "s1", "s2", "s3", "--deterministic", "--out", "merged"])
    #expect(m.status == 2, "the broken wallpaper is an input error in both")
    for f in ["report.json", "report.md", "junit.xml", "report.sarif"] {
      #expect(try h.read("single/\(f)") == h.read("merged/\(f)"), "\(f) differs")
    }
    let sqlite = try Data(contentsOf: URL(fileURLWithPath: h.path("single/report.sqlite")))
    #expect(sqlite.count > 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: h.path("merged/report.sqlite"))) == sqlite,
      "report.sqlite differs")
    // Each shard saw only its slice.
    #expect(try h.read("s1/report.json").contains("\"shard\""))
    #expect(try !h.read("single/report.json").contains("\"shard\""))
  }

  /// A vibrant item (issue 30) keeps its words through a merge: merge reads
  /// the shards' report.sqlite, whose `vibrant` column it restores, so the
  /// merged reports still say "(vibrant)" and are the single run's bytes.
  @Test func aVibrantItemMergesToTheSingleRun() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write(
      "layouts/tabs.yml",
      Fixtures.failing.replacingOccurrences(
        of: "color: white", with: "color: white\n        vibrant: true"))
    try h.writeSolidPNG("wallpapers/white.png", width: 40, height: 80, rgb: (255, 255, 255))
    try h.writeSolidPNG("wallpapers/dark.png", width: 50, height: 50, rgb: (20, 20, 30))
    _ = try h.run(["run", "--quiet", "--deterministic", "--no-verify-fixes", "--out", "single"])
    #expect(try h.read("single/report.md").contains("(vibrant)"))
    for k in 1...2 {
      _ = try h.run(["run", "--quiet", "--deterministic", "--shard", "\(k)/2", "--out", "s\(k)"])
    }
    _ = try h.run(["merge", "s1", "s2", "--deterministic", "--out", "merged"])
    for f in ["report.json", "report.md", "junit.xml", "report.sarif"] {
      #expect(try h.read("single/\(f)") == h.read("merged/\(f)"), "\(f) differs")
    }
    #expect(try h.read("merged/report.json").contains("\"vibrant\": true"))
  }

  @Test func mergeRefusesMissingDuplicateOrForeignShards() throws {
    let h = try setUp()
    defer { h.remove() }
    _ = try h.run(["run", "--quiet", "--deterministic", "--shard", "1/2", "--out", "s1"])
    _ = try h.run(["run", "--quiet", "--deterministic", "--shard", "2/2", "--out", "s2"])
    _ = try h.run([
      "run", "--quiet", "--deterministic", "--shard", "2/2", "--level", "AAA", "--out", "aaa",
    ])
    _ = try h.run(["run", "--quiet", "--deterministic", "--out", "whole"])
    let missing = try h.run(["merge", "s1", "--out", "m"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("missing shard 2/2"))
    let twice = try h.run(["merge", "s1", "s1", "s2", "--out", "m"])
    #expect(twice.stderr.contains("shard 1 appears twice"))
    let settings = try h.run(["merge", "s1", "aaa", "--out", "m"])
    #expect(settings.stderr.contains("other settings"))
    let unsharded = try h.run(["merge", "whole", "--out", "m"])
    #expect(unsharded.stderr.contains("not a shard report"))
    #expect(!h.exists("m/report.json"))
    // Other inputs: a layout changed between the shards.
    try h.write(
      "layouts/plain.yml", Fixtures.passing.replacingOccurrences(of: "y: 4", with: "y: 5"))
    _ = try h.run(["run", "--quiet", "--deterministic", "--shard", "2/2", "--out", "changed"])
    let foreign = try h.run(["merge", "s1", "changed", "--out", "m"])
    #expect(foreign.stderr.contains("other inputs"))
  }

  /// `merge --verify-fixes` re-audits the fixes over the inputs it reads,
  /// as a single run does by default: its reports are that run's bytes.
  /// Inputs that are not the shards' (another layouts folder, other targets
  /// in the settings file) are refused, and its input flags need it.
  @Test func mergeVerifyFixesEqualsTheDefaultSingleRun() throws {
    let h = try setUp()
    defer { h.remove() }
    let single = try h.run(["run", "--quiet", "--deterministic", "--out", "single"])
    #expect(single.status == 2, "the broken wallpaper is an input error")
    #expect(try h.read("single/report.md").contains("(verified: "))
    for k in 1...2 {
      _ = try h.run(["run", "--quiet", "--deterministic", "--shard", "\(k)/2", "--out", "s\(k)"])
    }
    let m = try h.run(["merge", "s1", "s2", "--deterministic", "--verify-fixes", "--out", "m"])
    #expect(m.status == 2, "\(m.stderr)")
    for f in ["report.json", "report.md", "junit.xml", "report.sarif"] {
      #expect(try h.read("single/\(f)") == h.read("m/\(f)"), "\(f) differs")
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: h.path("m/report.sqlite")))
        == Data(contentsOf: URL(fileURLWithPath: h.path("single/report.sqlite"))))
    // Other layouts than the shards audited.
    try h.write("other/glass.yml", Fixtures.failing)
    let other = try h.run([
      "merge", "s1", "s2", "--verify-fixes", "--layouts", "other", "--out", "o",
    ])
    #expect(other.status == 2)
    #expect(other.stderr.contains("are not those the shards audited"), "\(other.stderr)")
    #expect(!h.exists("o/report.json"))
    // Targets are inputs too: a settings file with targets the shards did not read.
    try h.write("glass-audit.yml", "targets: {body: 7}\n")
    let targets = try h.run(["merge", "s1", "s2", "--verify-fixes", "--out", "t"])
    #expect(targets.status == 2)
    #expect(targets.stderr.contains("are not those the shards audited"), "\(targets.stderr)")
    let flagAlone = try h.run(["merge", "s1", "s2", "--layouts", "other", "--out", "u"])
    #expect(flagAlone.status == 64)
    #expect(flagAlone.stderr.contains("give --verify-fixes too"))
  }

  @Test func aBadShardArgumentIsAUsageError() throws {
    let h = try setUp()
    defer { h.remove() }
    #expect(try h.run(["run", "--shard", "3/2"]).status == 64)
    #expect(try h.run(["run", "--shard", "0/2"]).status == 64)
    #expect(try h.run(["run", "--shard", "x"]).status == 64)
  }
}
