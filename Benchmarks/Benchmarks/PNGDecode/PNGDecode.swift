import Benchmark
import BenchmarkFixtures
import ContrastCore

/// Decoding a phone-size wallpaper (1206 x 2622) from its file into linear-light-ready
/// floats: a photograph (much entropy) and a smooth gradient (compresses well).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
    timeUnits: .milliseconds,
    maxDuration: .seconds(5),
    maxIterations: 50
  )

  for name in ["photo-fig", "gradient-dusk"] {
    let file = Fixtures.path("wallpapers/\(name).png")
    Benchmark("PNG decode \(name)") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try PNGDecoder.decode(contentsOf: file))
      }
    }
  }
}
