import Benchmark
import BenchmarkFixtures
import ContrastCore

/// `GaussianBlur.blur(_:region:sigmaInPixels:)` over a whole 1290 x 2796 canvas
/// (photo-fig aspect-filled to it), at the sigmas a glass material asks for.
/// The blur splits rows over all cores (`parallel: true`, its default).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
    timeUnits: .milliseconds,
    maxDuration: .seconds(5),
    maxIterations: 50
  )

  let image = Placement.aspectFill(
    Fixtures.wallpaper("photo-fig"), canvasWidth: Fixtures.canvasWidth,
    canvasHeight: Fixtures.canvasHeight)
  let region = PixelRect(x: 0, y: 0, width: image.width, height: image.height)

  for sigma in [15.0, 30, 60, 120] {
    Benchmark("Gaussian blur 1290x2796 sigma \(Int(sigma))") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(GaussianBlur.blur(image, region: region, sigmaInPixels: sigma))
      }
    }
  }
}
