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
}
