/// One (rendering, colour) pair unpacked for the per-pixel loops: every
/// branch that does not depend on the pixel is taken once, here, and the
/// loops read flat arrays (``ItemSamples``).
///
/// Each ratio is computed with exactly the floating-point operations, in the
/// same order, as ``ElementRendering``, ``MaterialPipeline``,
/// ``RGBA/composited(over:)``, ``FastLuminance`` and
/// ``WCAG/contrastRatio(luminance:_:)`` (see ``ContrastEvaluator``, kept as the
/// readable reference; a test holds the two equal bit for bit).
@usableFromInline
struct PixelKernel {
  enum Surface {
    case wallpaper
    case glass
    case standard
    case appFill
  }

  let surface: Surface
  // Material parameters.
  let saturation: Double
  let white: Double
  let black: Double
  let lumaCap: Double
  let brightness: Double
  // Source-over layers: the material fill, or the app fill; then the tint.
  let fill: RGBA?
  let tint: RGBA?
  let border: RGBA
  let color: RGBA
  let opaqueLuminance: Double?
  let lum: FastLuminance
  /// The ratios inside the shape and in the border band when the background
  /// there does not depend on the backdrop: an opaque fill or tint hides it
  /// (`1 * c + 0 * x` is exactly `c` for any finite `x`).
  var constantInside: (inside: Double, border: Double)?

  init(rendering: ElementRendering, color: RGBA, lum: FastLuminance = .shared) {
    var saturation = 0.0
    var white = 0.0
    var black = 0.0
    var lumaCap = 0.0
    var brightness = 0.0
    switch rendering.surface {
    case .wallpaper:
      surface = .wallpaper
      fill = nil
      tint = nil
    case .material(let p, _, _):
      surface = p.kind == .glass ? .glass : .standard
      saturation = p.saturation
      white = p.white
      black = p.black
      lumaCap = p.lumaCap
      brightness = p.brightness
      fill = p.fill
      tint = p.tint
    case .appFill(let f, let t):
      surface = .appFill
      fill = f
      tint = t
    }
    self.saturation = saturation
    self.white = white
    self.black = black
    self.lumaCap = lumaCap
    self.brightness = brightness
    border = rendering.borderColor
    self.color = color
    self.lum = lum
    opaqueLuminance = color.alpha == 1 ? lum.luminance(color.rgb) : nil
    if surface != .wallpaper && (fill?.alpha == 1 || tint?.alpha == 1) {
      let (r, g, b) = inside(0, 0, 0)
      let (r2, g2, b2) = inBorder(r, g, b)
      constantInside = (ratio(background: r, g, b), ratio(background: r2, g2, b2))
    }
  }

  /// The background inside the shape over `backdrop` (code 1): the
  /// material, or the app fill, or the backdrop itself.
  @inline(__always)
  func inside(_ r0: Double, _ g0: Double, _ b0: Double) -> (Double, Double, Double) {
    var r = r0
    var g = g0
    var b = b0
    switch surface {
    case .wallpaper:
      return (r, g, b)
    case .glass:
      var y = 0.2126 * r + 0.7152 * g + 0.0722 * b
      let k = min(max(1 - y * (1 - lumaCap), 0), 1)
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
    return (min(max(r, 0), 1), min(max(g, 0), 1), min(max(b, 0), 1))
  }

  /// The background in the border band (code 2) over the inside background.
  @inline(__always)
  func inBorder(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let a = border.alpha
    return (
      a * border.rgb.r + (1 - a) * r, a * border.rgb.g + (1 - a) * g,
      a * border.rgb.b + (1 - a) * b
    )
  }

  /// The contrast ratio of the colour over the background `(r, g, b)`.
  @inline(__always)
  func ratio(background r: Double, _ g: Double, _ b: Double) -> Double {
    let fgLuminance: Double
    if let opaqueLuminance {
      fgLuminance = opaqueLuminance
    } else {
      let a = color.alpha
      fgLuminance =
        0.2126 * lum.linearize(a * color.rgb.r + (1 - a) * r) + 0.7152
        * lum.linearize(a * color.rgb.g + (1 - a) * g) + 0.0722
        * lum.linearize(a * color.rgb.b + (1 - a) * b)
    }
    let bgLuminance =
      0.2126 * lum.linearize(r) + 0.7152 * lum.linearize(g) + 0.0722 * lum.linearize(b)
    let hi = max(fgLuminance, bgLuminance)
    let lo = min(fgLuminance, bgLuminance)
    return (hi + 0.05) / (lo + 0.05)
  }

  /// The contrast ratio at one entry of `s`.
  @inline(__always)
  func ratio(_ s: ItemSamples.Storage, _ k: Int) -> Double {
    let code = s.codes[k]
    if code == 0 { return ratio(background: s.r[k], s.g[k], s.b[k]) }
    if let constant = constantInside { return code == 1 ? constant.inside : constant.border }
    let (r, g, b) = inside(s.r[k], s.g[k], s.b[k])
    if code == 1 { return ratio(background: r, g, b) }
    let (r2, g2, b2) = inBorder(r, g, b)
    return ratio(background: r2, g2, b2)
  }

  /// The ratio of every entry of `samples`, in order (two at a time).
  func ratios(_ samples: ItemSamples) -> [Double] {
    let n = samples.count
    return [Double](unsafeUninitializedCapacity: n) { out, initialized in
      let p = samples.storage
      var k = 0
      while k + 1 < n {
        let v = ratios(p, k, k + 1)
        out[k] = v[0]
        out[k + 1] = v[1]
        k += 2
      }
      if k < n { out[k] = ratios(p, k, k)[0] }
      initialized = n
    }
  }

  /// The entries of `indices` whose ratio is below `threshold` (with their
  /// ratios) and the pixels they cover; with `stopAtRank` the scan stops once
  /// they cover `rank` pixels. `lowest` is the lowest ratio visited.
  func failing(
    _ samples: ItemSamples, among indices: [Int], threshold: Double, rank: Int,
    stopAtRank: Bool
  ) -> (entries: [(index: Int, ratio: Double)], pixels: Int, lowest: Double) {
    var lowest = Double.infinity
    var out: [(index: Int, ratio: Double)] = []
    var pixels = 0
    let p = samples.storage
    var i = 0
    scan: while i < indices.count {
      let k0 = indices[i]
      let k1 = i + 1 < indices.count ? indices[i + 1] : k0
      precondition(
        k0 >= 0 && k0 < samples.count && k1 >= 0 && k1 < samples.count, "entry out of range")
      let v = ratios(p, k0, k1)
      for lane in 0..<(i + 1 < indices.count ? 2 : 1) {
        let k = lane == 0 ? k0 : k1
        let ratio = v[lane]
        lowest = Swift.min(lowest, ratio)
        guard ratio < threshold else { continue }
        out.append((k, ratio))
        pixels += p.counts[k]
        if stopAtRank && pixels >= rank { break scan }
      }
      i += 2
    }
    return (out, pixels, lowest)
  }

  /// Like ``failing(_:among:threshold:rank:stopAtRank:)`` over every entry in
  /// storage order, without stopping: the failing entries and the lowest ratio.
  func failingAll(_ samples: ItemSamples, threshold: Double) -> (
    entries: [(index: Int, ratio: Double)], lowest: Double
  ) {
    var lowest = V(repeating: .infinity)
    var out: [(index: Int, ratio: Double)] = []
    let p = samples.storage
    let n = samples.count
    var k = 0
    while k < n {
      let k1 = Swift.min(k + 1, n - 1)
      let v = ratios(p, k, k1)
      lowest = Self.smaller(lowest, v)
      if v[0] < threshold { out.append((k, v[0])) }
      if k1 > k && v[1] < threshold { out.append((k1, v[1])) }
      k += 2
    }
    return (out, Swift.min(lowest[0], lowest[1]))
  }
}
