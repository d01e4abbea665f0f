import Foundation

/// A sampled, truncated, normalised 1-D Gaussian kernel.
///
/// `w(i) = exp(-i² / (2σ²)) / Σ_j exp(-j² / (2σ²))` for `|i| <= radius`, with
/// `radius = max(ceil(4σ), 1)`. The weights beyond `4σ` hold about `6e-5` of the
/// mass of the continuous Gaussian, far below the `1/255` budget of SPEC §3.1.
/// The kernel is symmetric, so only `w(0) ... w(radius)` are stored.
struct GaussianKernel: Sendable {
  /// The standard deviation in samples.
  let sigma: Double
  /// The largest `|i|` with a weight.
  let radius: Int
  /// `w(0) ... w(radius)` in `Double`, summing (with each `i > 0` counted twice) to 1.
  let weights: [Double]

  /// The radius used for a standard deviation: `max(ceil(4σ), 1)`.
  static func radius(sigma: Double) -> Int {
    max(Int((4 * sigma).rounded(.up)), 1)
  }

  /// - Precondition: `sigma > 0` and finite.
  init(sigma: Double) {
    precondition(sigma > 0 && sigma.isFinite, "kernel sigma must be positive and finite")
    self.sigma = sigma
    let radius = Self.radius(sigma: sigma)
    self.radius = radius
    var raw = [Double](repeating: 0, count: radius + 1)
    let scale = -1 / (2 * sigma * sigma)
    for i in 0...radius {
      raw[i] = exp(scale * Double(i * i))
    }
    var sum = raw[0]
    for i in 1...radius {
      sum += 2 * raw[i]
    }
    self.weights = raw.map { $0 / sum }
  }

  /// The weights rounded to `Float`.
  var floatWeights: [Float] { weights.map { Float($0) } }
}
