import Testing

@testable import ContrastCore

/// AuditPipeline.merge: the library joins shard reports or says why not.
@Suite struct AuditPipelineTests {
  func shard(_ index: Int, of count: Int, digest: String = "d1") -> AuditReport {
    var r = ReportFixtures.report([ReportFixtures.check(wallpaper: "w\(index)")])
    r.shard = ShardSpec(parsing: "\(index)/\(count)")
    r.inputsDigest = digest
    return r
  }

  @Test func mergingEveryShardJoinsTheirResultsInReportOrder() throws {
    let merged = try AuditPipeline.merge(
      [(shard(2, of: 2), "b/report.json"), (shard(1, of: 2), "a/report.json")], timestamp: nil,
      failOn: .error)
    #expect(merged.outcome.results.map(\.wallpaper) == ["w1", "w2"])
    #expect(merged.outcome.scenes == 2)
    #expect(merged.shard == nil)
  }

  /// `run` and `merge` finish through one call: what fails the run is the
  /// caller's `failOn` in both (the CLI patched it after `merge` before).
  @Test func mergingTakesWhatFailsTheRun() throws {
    let shards = [(shard(1, of: 2), "a/report.json"), (shard(2, of: 2), "b/report.json")]
    for failOn in [FailOn.error, .warning, .never] {
      let merged = try AuditPipeline.merge(shards, timestamp: nil, failOn: failOn)
      #expect(merged.failOn == failOn)
    }
  }

  @Test func aMissingShardIsRefusedByName() {
    #expect(throws: AuditPipeline.MergeRefusal(problems: ["missing shards 2/3, 3/3"])) {
      try AuditPipeline.merge([(shard(1, of: 3), "a/report.json")], timestamp: nil, failOn: .error)
    }
  }

  @Test func shardsOfOtherInputsAreRefused() {
    do {
      _ = try AuditPipeline.merge(
        [(shard(1, of: 2), "a"), (shard(2, of: 2, digest: "d2"), "b")], timestamp: nil,
        failOn: .error)
      Issue.record("merge of other inputs was accepted")
    } catch {
      #expect(error.problems.count == 1)
      #expect(error.problems[0].contains("'b' audited other inputs than 'a'"))
    }
  }

  @Test func aReportRunWithoutShardIsRefused() {
    var plain = shard(1, of: 1)
    plain.shard = nil
    do {
      _ = try AuditPipeline.merge([(plain, "x/report.json")], timestamp: nil, failOn: .error)
      Issue.record("a report without --shard was merged")
    } catch {
      #expect(
        error.problems == ["'x/report.json' is not a shard report (it was run without --shard)"])
    }
  }

  /// A wallpaper's checks: a failure a baseline accepts, a new one, a pass.
  static func checks(wallpaper: String) -> [CheckResult] {
    [
      ReportFixtures.check(item: "label", wallpaper: wallpaper),
      ReportFixtures.check(item: "title", wallpaper: wallpaper, ratio: 3.2, line: 10),
      ReportFixtures.check(item: "badge", wallpaper: wallpaper, verdict: .pass, ratio: 5),
    ]
  }

  static let baseline = Baseline(
    entries: ["w1", "w2"].map {
      Baseline.Entry(ReportFixtures.check(item: "label", wallpaper: $0))
    })

  /// The finished report of `results`, as `run` finishes it.
  static func finished(
    _ results: [CheckResult], shard: ShardSpec? = nil, baseline: Baseline? = Self.baseline
  ) -> AuditReport {
    AuditPipeline.finish(
      AuditOutcome(
        results: results, findings: [], errors: [],
        scenes: Set(results.map(\.wallpaper)).count),
      AuditPipeline.Finishing(
        settings: AuditSettings(), profileNames: [Profile.defaultName], timestamp: nil,
        failOn: .error, inputsDigest: "d1", shard: shard, baseline: baseline))
  }

  /// A result is built once and never changed: the baseline's state is a
  /// column beside the results (issue 28), which every report reads.
  @Test func aBaselineMarksItsColumnAndLeavesTheResultsAsTheyAre() throws {
    let results = Self.checks(wallpaper: "w1")
    let plain = Self.finished(results, baseline: nil)
    let report = Self.finished(results)
    #expect(report.outcome.results == plain.outcome.results)
    let states = Dictionary(
      uniqueKeysWithValues: report.outcome.results.map { ($0.item, report.baselineState(of: $0)) })
    #expect(states == ["label": .known, "title": .new, "badge": .new])
    #expect(plain.outcome.results.allSatisfy { plain.baselineState(of: $0) == .new })
    #expect(report.summary.failed == 2 && report.summary.newFailures == 1)
    // report.json, SARIF and report.sqlite write the column.
    let json = JSONReport.render(report)
    #expect(json.contains(#""verdict":"fail","baseline":"known""#))
    #expect(json.contains(#""verdict":"fail","baseline":"new""#))
    let sarif = SARIFReport.render(report)
    #expect(sarif.contains(#""baseline": "known""#) && sarif.contains(#""baseline": "new""#))
    let db = try SQLiteDatabase(bytes: SQLiteReport.bytes(report))
    let rows = try db.rows("SELECT item, baseline FROM checks ORDER BY item")
    #expect(
      rows == [
        ["item": .text("badge"), "baseline": .text("new")],
        ["item": .text("label"), "baseline": .text("known")],
        ["item": .text("title"), "baseline": .text("new")],
      ])
  }

  /// Shards run with a baseline carry their states in report.sqlite; their
  /// merge writes them as a single run with the baseline does.
  @Test func aMergeOfShardsRunWithABaselineWritesTheirStates() throws {
    let single = Self.finished(Self.checks(wallpaper: "w1") + Self.checks(wallpaper: "w2"))
    var shards: [(report: AuditReport, file: String)] = []
    for k in 1...2 {
      let shard = Self.finished(
        Self.checks(wallpaper: "w\(k)"), shard: ShardSpec(index: k, count: 2))
      let file = "s\(k)/report.sqlite"
      shards.append((try SQLiteReport.read(try SQLiteReport.bytes(shard), file: file), file))
    }
    let merged = try AuditPipeline.merge(shards, timestamp: nil, failOn: .error)
    #expect(merged.baselineColumn == single.baselineColumn)
    #expect(merged.baselineColumn.known.count == 2)
    #expect(JSONReport.render(merged) == JSONReport.render(single))
    #expect(SARIFReport.render(merged) == SARIFReport.render(single))
    #expect(try SQLiteReport.bytes(merged) == SQLiteReport.bytes(single))
  }
}
