import Benchmark
import BenchmarkFixtures
import ContrastCore
import Foundation

/// Writing report.json alone, on the report of the text-settings sweep
/// (`glass-audit run --text-sizes all --bold-text off,on` on the bundled
/// matrix: every layout in `layouts/` x every wallpaper of
/// `wallpapers/matrix.yml` x 8 mode-appearance combinations x 12 text sizes
/// x Bold Text off and on; 338,688 results, a 406 MB report.json). The
/// audit runs once, before timing (about a minute on two cores); each
/// iteration then writes the whole report.json on one thread, its pieces
/// counted and dropped (no file), by:
///
/// * the fast path the CLI writes with (`JSONReport.write(_:checks:chunkSize:bytes:)`, every check listed:
///   a result at a time as UTF-8 bytes into one reused buffer);
/// * its reference, the `JSONValue` tree (`JSONReport.stream`: a tree and a
///   `String` per result), which wrote report.json before.
///
/// Both give the same bytes (`JSONReportBytesTests`; checked here too, by
/// length). The malloc count shows the fast path allocates nothing per result.
let benchmarks: @Sendable () -> Void = {
  HeapSettings.keepLargeBlocks()
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResidentDelta, .mallocCountTotal],
    timeUnits: .milliseconds,
    maxDuration: .seconds(60),
    maxIterations: 5
  )

  let profile = Fixtures.profile()
  var request = AuditRequest(
    profile: profile,
    settings: AuditSettings(textSizes: TextSize.allCases, boldText: [false, true]),
    layouts: Fixtures.allLayouts(profile: profile), wallpapers: Fixtures.matrix())
  request.workers = ProcessInfo.processInfo.activeProcessorCount
  let report = AuditPipeline.run(request)
  precondition(report.outcome.errors.isEmpty, "matrix inputs failed: \(report.outcome.errors)")
  let results = report.outcome.results.count

  var fastLength = 0
  JSONReport.write(report, checks: .all) { fastLength += $0.count }
  var referenceLength = 0
  JSONReport.stream(report, checks: .all) { referenceLength += $0.utf8.count }
  precondition(fastLength == referenceLength, "the two writers differ in length")

  Benchmark("report.json, fast path (bytes), \(results) results, 1 thread") { benchmark in
    for _ in benchmark.scaledIterations {
      var length = 0
      JSONReport.write(report, checks: .all) { length += $0.count }
      blackHole(length)
    }
  }
  Benchmark("report.json, reference (JSONValue tree), \(results) results, 1 thread") {
    benchmark in
    for _ in benchmark.scaledIterations {
      var length = 0
      JSONReport.stream(report, checks: .all) { length += $0.utf8.count }
      blackHole(length)
    }
  }
}
