@testable import ContrastCore

/// Test wallpapers made from a seed, so no two rows are alike.
enum NoiseWallpaper {
  /// A `side` x `side` image: red seeded noise (a linear congruential
  /// generator from `seed`), green rising with x, blue with y.
  static func overGradient(side: Int = 120, seed: UInt64) -> RGBImage {
    var samples: [Float] = []
    samples.reserveCapacity(side * side * 3)
    var state = seed
    for y in 0..<side {
      for x in 0..<side {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        samples += [
          Float(state >> 40 & 0xFF) / 255, Float(x) / Float(side), Float(y) / Float(side),
        ]
      }
    }
    return RGBImage(width: side, height: side, samples: samples)
  }
}
