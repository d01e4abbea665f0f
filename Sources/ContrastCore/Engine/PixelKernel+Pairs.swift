/// Two entries at a time: the same operations as ``PixelKernel/ratio(_:_:)``
/// on `SIMD2<Double>` lanes. Each lane does exactly the scalar sequence
/// (IEEE addition and multiplication lane by lane, no fused multiply-add;
/// `min` and `max` written as Swift's `y < x ? y : x` and `y >= x ? y : x`),
/// so every ratio is bit for bit the scalar one (a test compares them).
extension PixelKernel {
  typealias V = SIMD2<Double>

  @inline(__always)
  static func smaller(_ x: V, _ y: V) -> V { x.replacing(with: y, where: y .< x) }

  @inline(__always)
  static func larger(_ x: V, _ y: V) -> V { x.replacing(with: y, where: y .>= x) }

  @inline(__always)
  func linearize(_ c: V) -> V {
    let steps = Double(FastLuminance.steps)
    let x = Self.smaller(Self.larger(c, V(repeating: 0)), V(repeating: 1)) * steps
    let i0 = Swift.min(Int(x[0]), FastLuminance.steps - 1)
    let i1 = Swift.min(Int(x[1]), FastLuminance.steps - 1)
    let f = x - V(Double(i0), Double(i1))
    let t = lum.table
    let lo = V(t[i0], t[i1])
    let hi = V(t[i0 + 1], t[i1 + 1])
    return lo + (hi - lo) * f
  }

  @inline(__always)
  func luminance(_ r: V, _ g: V, _ b: V) -> V {
    0.2126 * linearize(r) + 0.7152 * linearize(g) + 0.0722 * linearize(b)
  }

  @inline(__always)
  func inside(_ r0: V, _ g0: V, _ b0: V) -> (V, V, V) {
    var r = r0
    var g = g0
    var b = b0
    switch surface {
    case .wallpaper:
      return (r, g, b)
    case .glass:
      var y = 0.2126 * r + 0.7152 * g + 0.0722 * b
      let k = Self.smaller(
        Self.larger(1 - y * (1 - lumaCap), V(repeating: 0)), V(repeating: 1))
      let boost = 1 + 0.3 * (1 - k)
      r = k * (y + (r - y) * boost)
      g = k * (y + (g - y) * boost)
      b = k * (y + (b - y) * boost)
      y = 0.2126 * r + 0.7152 * g + 0.0722 * b
      let base = black + (white - black) * y
      r = base + saturation * (r - y)
      g = base + saturation * (g - y)
      b = base + saturation * (b - y)
    case .standard:
      let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
      r = y + saturation * (r - y) + brightness
      g = y + saturation * (g - y) + brightness
      b = y + saturation * (b - y) + brightness
    case .appFill:
      break
    }
    if let f = fill {
      let a = f.alpha
      r = a * f.rgb.r + (1 - a) * r
      g = a * f.rgb.g + (1 - a) * g
      b = a * f.rgb.b + (1 - a) * b
    }
    if let t = tint {
      let a = t.alpha
      r = a * t.rgb.r + (1 - a) * r
      g = a * t.rgb.g + (1 - a) * g
      b = a * t.rgb.b + (1 - a) * b
    }
    let zero = V(repeating: 0)
    let one = V(repeating: 1)
    return (
      Self.smaller(Self.larger(r, zero), one), Self.smaller(Self.larger(g, zero), one),
      Self.smaller(Self.larger(b, zero), one)
    )
  }

  /// The border composited over `(r, g, b)` in the lanes of `band`.
  @inline(__always)
  func overBorder(_ r: V, _ g: V, _ b: V, where band: SIMDMask<V.MaskStorage>) -> (V, V, V) {
    let a = border.alpha
    return (
      r.replacing(with: a * border.rgb.r + (1 - a) * r, where: band),
      g.replacing(with: a * border.rgb.g + (1 - a) * g, where: band),
      b.replacing(with: a * border.rgb.b + (1 - a) * b, where: band)
    )
  }

  /// The ratios of the colour over the backgrounds `(r, g, b)`.
  @inline(__always)
  func ratio(background r: V, _ g: V, _ b: V) -> V {
    let fgLuminance: V
    if let opaqueLuminance {
      fgLuminance = V(repeating: opaqueLuminance)
    } else {
      let a = color.alpha
      fgLuminance = luminance(
        a * color.rgb.r + (1 - a) * r, a * color.rgb.g + (1 - a) * g,
        a * color.rgb.b + (1 - a) * b)
    }
    let bgLuminance = luminance(r, g, b)
    let hi = Self.larger(fgLuminance, bgLuminance)
    let lo = Self.smaller(fgLuminance, bgLuminance)
    return (hi + 0.05) / (lo + 0.05)
  }

  /// The ratios of entries `k0` and `k1` of `s` (they may be equal).
  @inline(__always)
  func ratios(_ s: ItemSamples.Storage, _ k0: Int, _ k1: Int) -> V {
    let c0 = s.codes[k0]
    let c1 = s.codes[k1]
    if let constant = constantInside, c0 != 0 && c1 != 0 {
      return V(
        c0 == 1 ? constant.inside : constant.border, c1 == 1 ? constant.inside : constant.border)
    }
    let (r, g, b) = backgrounds(s, k0, k1)
    return ratio(background: r, g, b)
  }

  /// The backgrounds of entries `k0` and `k1` of `s` (they may be equal).
  @inline(__always)
  func backgrounds(_ s: ItemSamples.Storage, _ k0: Int, _ k1: Int) -> (V, V, V) {
    let c0 = s.codes[k0]
    let c1 = s.codes[k1]
    let r0 = V(s.r[k0], s.r[k1])
    let g0 = V(s.g[k0], s.g[k1])
    let b0 = V(s.b[k0], s.b[k1])
    if c0 == 0 && c1 == 0 { return (r0, g0, b0) }
    var (r, g, b) = inside(r0, g0, b0)
    let codes = SIMD2<Int64>(Int64(c0), Int64(c1))
    if c0 > 1 || c1 > 1 { (r, g, b) = overBorder(r, g, b, where: codes .> 1) }
    if c0 == 0 || c1 == 0 {
      let outside = codes .== 0
      r.replace(with: r0, where: outside)
      g.replace(with: g0, where: outside)
      b.replace(with: b0, where: outside)
    }
    return (r, g, b)
  }
}
