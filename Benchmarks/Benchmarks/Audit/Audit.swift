import Benchmark
import BenchmarkFixtures
import ContrastCore
import Foundation

/// The audit end to end, without writing reports.
///
/// * One scene set: one layout (coaching-chat) on one wallpaper (photo-fig, decoded
///   beforehand), all eight mode x appearance combinations, one worker: placement,
///   the blurs the materials ask for, sampling, verdicts, bounds and remedies.
/// * Model against decode (issue 6: "per wallpaper, all the model work for four
///   layouts in eight scenes costs less than the PNG decode of that wallpaper"):
///   every wallpaper of the matrix decoded once, before timing; then the whole
///   audit of those decoded images (4 layouts x 8 scenes each, one worker: every
///   cost but decoding, the bounds included), and separately the decode of the
///   same 21 files (one thread). Divide each by 21 for a per-wallpaper figure.
/// * The whole bundled matrix: every layout in `layouts/` x every wallpaper of
///   `wallpapers/matrix.yml` x eight combinations, wallpapers decoded on demand
///   as `glass-audit run` does, with one worker per core.
///
/// The process's heap is set up as `glass-audit run` sets it up
/// (``HeapSettings/keepLargeBlocks()``: large images reuse freed memory instead
/// of being mapped and page-faulted afresh), so that these are the tool's times.
let benchmarks: @Sendable () -> Void = {
  HeapSettings.keepLargeBlocks()
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
    timeUnits: .milliseconds
  )

  let profile = Fixtures.profile()
  let settings = AuditSettings()

  let layout = Fixtures.layout("coaching-chat", profile: profile)
  let photo = Fixtures.wallpaper("photo-fig")
  let scene = WallpaperInput(id: "photo-fig", file: "wallpapers/photo-fig.png") {
    (photo, false)
  }
  Benchmark(
    "Scene coaching-chat x photo-fig (8 mode x appearance)",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 20)
  ) { benchmark in
    let request = AuditRequest(
      profile: profile, settings: settings, layouts: [layout], wallpapers: [scene])
    for _ in benchmark.scaledIterations {
      blackHole(AuditPipeline.run(request))
    }
  }

  // The same scene set under every text size and Bold Text off and on
  // (SPEC §3.8: 24 settings on one backdrop; compare with the benchmark
  // above, the default run's one setting).
  let everyTextSetting = AuditSettings(textSizes: TextSize.allCases, boldText: [false, true])
  Benchmark(
    "Scene coaching-chat x photo-fig (8 mode x appearance), 12 text sizes x Bold Text off/on",
    configuration: .init(maxDuration: .seconds(20), maxIterations: 10)
  ) { benchmark in
    let request = AuditRequest(
      profile: profile, settings: everyTextSetting, layouts: [layout], wallpapers: [scene])
    for _ in benchmark.scaledIterations {
      blackHole(AuditPipeline.run(request))
    }
  }

  let layouts = Fixtures.allLayouts(profile: profile)
  let matrix = Fixtures.matrix()

  let decoded: [WallpaperInput] = matrix.map { input in
    guard let image = try? input.load() else { fatalError("cannot decode \(input.file)") }
    var copy = input
    copy.load = { image }
    return copy
  }
  Benchmark(
    "Model only: \(layouts.count) layouts x \(matrix.count) decoded wallpapers x 8, 1 worker",
    configuration: .init(maxDuration: .seconds(60), maxIterations: 5)
  ) { benchmark in
    let request = AuditRequest(
      profile: profile, settings: settings, layouts: layouts, wallpapers: decoded)
    for _ in benchmark.scaledIterations {
      blackHole(AuditPipeline.run(request))
    }
  }
  Benchmark(
    "Decode only: the \(matrix.count) wallpapers of the matrix, 1 thread",
    configuration: .init(maxDuration: .seconds(60), maxIterations: 10)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      for input in matrix { blackHole(try? input.load()) }
    }
  }
  Benchmark(
    "Matrix \(layouts.count) layouts x \(matrix.count) wallpapers x 8",
    configuration: .init(maxDuration: .seconds(60), maxIterations: 9)
  ) { benchmark in
    var request = AuditRequest(
      profile: profile, settings: settings, layouts: layouts, wallpapers: matrix)
    request.workers = ProcessInfo.processInfo.activeProcessorCount
    for _ in benchmark.scaledIterations {
      let report = AuditPipeline.run(request)
      precondition(report.outcome.errors.isEmpty, "matrix inputs failed: \(report.outcome.errors)")
      blackHole(report)
    }
  }
}
