import Benchmark
import BenchmarkFixtures
import ContrastCore

/// The Gaussian blur over a whole 1290 x 2796 canvas (photo-fig aspect-filled to it), at
/// the sigmas a glass material asks for:
///
/// * `GaussianBlur.blur(_:region:sigmaInPixels:)`, which allocates its result each call,
///   on all cores (`parallel: true`, its default);
/// * the blur field alone (`BlurField.compute`, reused: shrink and the exact blur of the
///   small grid, what the audit computes once per wallpaper and sigma), on one thread and
///   on all cores;
/// * the field plus the whole image materialised into an image reused between
///   iterations, on one thread.
///
/// The reused field and image live outside the measured closure, which runs once per
/// sample: the warm-up iteration allocates them, the measured ones reuse them.
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
    for parallel in [false, true] {
      let threads = parallel ? "all cores" : "1 thread"
      let reused = Reused()
      Benchmark("Blur field 1290x2796 sigma \(Int(sigma)), \(threads)") { benchmark in
        for _ in benchmark.scaledIterations {
          reused.field.compute(image, sigmaInPixels: sigma, parallel: parallel)
          blackHole(reused.field.blockSize)
        }
      }
    }
    let reused = Reused()
    Benchmark("Blur field + materialise 1290x2796 sigma \(Int(sigma)), 1 thread") { benchmark in
      for _ in benchmark.scaledIterations {
        reused.field.compute(image, sigmaInPixels: sigma, parallel: false)
        reused.field.materialize(region, into: &reused.output, parallel: false)
        blackHole(reused.output.width)
      }
    }
  }
}

/// A blur field and an output image kept from one benchmark sample to the next (each
/// benchmark's samples run one after another, never concurrently).
private final class Reused: @unchecked Sendable {
  var field = BlurField()
  var output = RGBImage(width: 0, height: 0, samples: [])
}
