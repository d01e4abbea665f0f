/// A material's blur resolved for one element (SPEC §3.1): the blurred
/// backdrop B = sum_k w_k G_k(W), Gaussians of standard deviation sigma_k in
/// pixels, sigma 0 being the sharp wallpaper W.
///
/// The components are canonical, so two mixtures that blur alike compare
/// equal: ascending sigma, one component per sigma (equal sigmas' weights
/// added, smaller weight first), no component of weight 0 or less. The
/// weights are kept as given; a mixture read from a profile sums to 1.
public struct BlurMixture: Sendable, Hashable {
  /// One Gaussian of the mixture and its weight.
  public struct Component: Sendable, Hashable {
    /// The standard deviation, pixels; 0 is the sharp wallpaper.
    public var sigmaInPixels: Double
    /// The Gaussian's share w_k of the backdrop.
    public var weight: Double

    public init(sigmaInPixels: Double, weight: Double) {
      self.sigmaInPixels = sigmaInPixels
      self.weight = weight
    }
  }

  /// The components in canonical order (see the type).
  public let components: [Component]

  public init(_ components: [Component]) {
    let sorted = components.sorted {
      ($0.sigmaInPixels, $0.weight) < ($1.sigmaInPixels, $1.weight)
    }
    var merged: [Component] = []
    for c in sorted {
      if let last = merged.last, last.sigmaInPixels == c.sigmaInPixels {
        merged[merged.count - 1].weight += c.weight
      } else {
        merged.append(c)
      }
    }
    self.components = merged.filter { $0.weight > 0 }
  }

  /// The sharp wallpaper: B = W.
  public static let sharp = BlurMixture([Component(sigmaInPixels: 0, weight: 1)])

  /// The components that blur (sigma > 0), ascending.
  public var blurredComponents: [Component] { components.filter { $0.sigmaInPixels > 0 } }

  /// m, the share of the backdrop that is blurred: the sum of the weights
  /// of sigma > 0, added in ascending sigma. With M = sum_{sigma > 0}
  /// (w_k / m) G_k(W), B = (1 - m) W + m M.
  public var blurredShare: Double { blurredComponents.reduce(0) { $0 + $1.weight } }
}
