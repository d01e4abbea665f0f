import Benchmark
import BenchmarkFixtures
import ContrastCore

/// Decoding a phone-size wallpaper (1206 x 2622) from its file into linear-light-ready
/// floats: a photograph (much entropy) and a smooth gradient (compresses well), each
/// on both decode paths: libpng alone, and the default (the fast path: libdeflate and
/// glass-audit's unfiltering, which these files take when libdeflate is installed).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
    timeUnits: .milliseconds,
    maxDuration: .seconds(5),
    maxIterations: 50
  )

  if !PNGDecoder.fastPathIsAvailable {
    print("libdeflate not found: the 'fast path' benchmarks decode with libpng too")
  }
  for name in ["photo-fig", "gradient-dusk"] {
    let file = Fixtures.path("wallpapers/\(name).png")
    for (path, allowFastPath) in [("libpng", false), ("fast path", true)] {
      Benchmark("PNG decode \(name), \(path)") { benchmark in
        for _ in benchmark.scaledIterations {
          blackHole(try PNGDecoder.decode(contentsOf: file, allowFastPath: allowFastPath))
        }
      }
    }
  }
}
