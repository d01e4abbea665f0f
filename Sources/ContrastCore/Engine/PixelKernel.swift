import CPixelKernel

/// One (rendering, colour) pair unpacked for the per-pixel loops: every
/// branch that does not depend on the pixel is taken once, here, and the
/// loops read flat arrays (``ItemSamples``).
///
/// Each ratio is computed with exactly the floating-point operations, in the
/// same order, as ``ElementRendering``, ``MaterialPipeline``,
/// ``RGBA/composited(over:)``, ``FastLuminance`` and
/// ``WCAG/contrastRatio(luminance:_:)`` (see ``BackgroundEvaluator``, kept as
/// the readable reference; a test holds the two equal bit for bit), two
/// entries at a time (`PixelKernel+Pairs.swift`). An opaque colour composited
/// over anything is itself (`1 * c + 0 * bg` is exactly `c`), so its
/// luminance is taken once per kernel.
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
      let zero = V(repeating: 0)
      let (r, g, b) = inside(zero, zero, zero)
      let band = overBorder(r, g, b, where: SIMDMask(repeating: true))
      constantInside = (ratio(background: r, g, b)[0], ratio(background: band.0, band.1, band.2)[0])
    }
  }

  /// The contrast ratio at one entry of `s` (the pair path with both lanes
  /// on that entry).
  func ratio(_ s: ItemSamples.Storage, _ k: Int) -> Double { ratios(s, k, k)[0] }

  /// The background of one pixel, inside the shape (code 1) or in the
  /// border band (code 2), over the colour `c` the model starts from.
  func background(_ c: RGB, code: UInt8) -> RGB {
    var v = inside(V(repeating: c.r), V(repeating: c.g), V(repeating: c.b))
    if code != 1 { v = overBorder(v.0, v.1, v.2, where: SIMDMask(repeating: true)) }
    return RGB(r: v.0[0], g: v.1[0], b: v.2[0])
  }

  /// The backgrounds of two pixels, each inside the shape (code 1) or in the
  /// border band (code 2), over the colours `a` and `b` the model starts
  /// from: lane by lane ``background(_:code:)``.
  func backgrounds(_ a: RGB, _ b: RGB, codes: SIMD2<Int64>) -> (RGB, RGB) {
    var v = inside(V(a.r, b.r), V(a.g, b.g), V(a.b, b.b))
    if codes[0] > 1 || codes[1] > 1 { v = overBorder(v.0, v.1, v.2, where: codes .> 1) }
    return (RGB(r: v.0[0], g: v.1[0], b: v.2[0]), RGB(r: v.0[1], g: v.1[1], b: v.2[1]))
  }

  /// Whether ``ratios(_:)`` and ``backgroundLuminances(_:)`` run on the
  /// CPU's vector unit (CPixelKernel: x86-64 with AVX2, four entries at a
  /// time, the same operations lane by lane) rather than the Swift loops.
  static var vectorized: Bool { cpk_available() != 0 }

  /// This kernel's parameters for CPixelKernel.
  var vectorParameters: cpk_params {
    func rgba(_ c: RGBA?) -> (Double, Double, Double, Double) {
      guard let c else { return (0, 0, 0, 0) }
      return (c.rgb.r, c.rgb.g, c.rgb.b, c.alpha)
    }
    let kind: Int32 =
      switch surface {
      case .wallpaper: 0
      case .glass: 1
      case .standard: 2
      case .appFill: 3
      }
    return cpk_params(
      surface: kind, saturation: saturation, white: white, black: black, lumaCap: lumaCap,
      brightness: brightness, hasFill: fill == nil ? 0 : 1, fill: rgba(fill),
      hasTint: tint == nil ? 0 : 1, tint: rgba(tint), border: rgba(border), color: rgba(color),
      opaque: opaqueLuminance == nil ? 0 : 1, opaqueLuminance: opaqueLuminance ?? 0,
      hasConstant: constantInside == nil ? 0 : 1, constantInside: constantInside?.inside ?? 0,
      constantBorder: constantInside?.border ?? 0, table: lum.table,
      steps: Int32(FastLuminance.steps))
  }

  /// The ratio of every entry of `samples`, in order: on the vector unit
  /// when there is one, else ``portableRatios(_:)``.
  func ratios(_ samples: ItemSamples) -> [Double] {
    let n = samples.count
    let p = samples.storage
    var parameters = vectorParameters
    let vector = [Double](unsafeUninitializedCapacity: n) { out, initialized in
      guard n > 0, cpk_ratios(&parameters, p.r, p.g, p.b, p.codes, n, out.baseAddress) != 0
      else { return }
      initialized = n
    }
    return vector.count == n ? vector : portableRatios(samples)
  }

  /// The ratio of every entry of `samples` and their statistics against
  /// `threshold`, in one loop on the vector unit (the ratios, then in the
  /// same loop the mean's sum, the failing pixels, the extremes and the
  /// percentiles' buckets): exactly ``ratios(_:)`` and
  /// ``ContrastStatistics/init(ratios:counts:threshold:)``. Nil without a
  /// vector unit, for fewer than ``BucketSelect/smallest`` entries, or when a
  /// ratio has no bucket.
  func measure(_ samples: ItemSamples, threshold: Double) -> (
    ratios: [Double], statistics: ContrastStatistics, buckets: RatioBuckets
  )? {
    let n = samples.count
    guard Self.vectorized, n >= BucketSelect.smallest else { return nil }
    let p = samples.storage
    var parameters = vectorParameters
    let buckets = BucketSelect.bucketCount
    var histogram = [Int](repeating: 0, count: 2 * buckets)
    var summary = cpk_summary()
    let ratios = [Double](unsafeUninitializedCapacity: n) { out, initialized in
      let done = histogram.withUnsafeMutableBufferPointer { h in
        cpk_ratios_summary(
          &parameters, p.r, p.g, p.b, p.codes, p.counts, n, threshold,
          UInt32(BucketSelect.shift), BucketSelect.base, buckets, out.baseAddress, &summary,
          h.baseAddress, h.baseAddress! + buckets)
      }
      guard done != 0 else { return }
      initialized = n
    }
    guard ratios.count == n, summary.outside == 0 else { return nil }
    let pixels = samples.pixelCount
    func rank(_ q: Int) -> Int { Swift.max((q * pixels + 99) / 100, 1) }
    let percentiles = ratios.withUnsafeBufferPointer { values in
      histogram.withUnsafeBufferPointer { h in
        BucketSelect.select(
          atRanks: [rank(5), rank(10), rank(50)], of: values,
          weights: UnsafeBufferPointer(start: p.counts, count: n), bucketWeights: h.baseAddress!,
          bucketEntries: h.baseAddress! + buckets)
      }
    }
    let statistics = ContrastStatistics(
      min: summary.lowest, p05: percentiles[0], p10: percentiles[1], median: percentiles[2],
      mean: summary.sum / Double(pixels), max: summary.highest,
      failingFraction: Double(summary.failing) / Double(pixels))
    return (ratios, statistics, RatioBuckets(histogram: histogram))
  }

  /// The ratio of every entry of `samples`, in order (two at a time, in Swift).
  func portableRatios(_ samples: ItemSamples) -> [Double] {
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

  /// The relative luminance of every entry's background, in order (two at a
  /// time): with an opaque colour, whose luminance is fixed, each ratio is
  /// ``PixelKernel/ratio(foreground:background:)`` of it.
  func backgroundLuminances(_ samples: ItemSamples) -> [Double] {
    let n = samples.count
    let p = samples.storage
    var parameters = vectorParameters
    let vector = [Double](unsafeUninitializedCapacity: n) { out, initialized in
      guard n > 0,
        cpk_background_luminances(&parameters, p.r, p.g, p.b, p.codes, n, out.baseAddress) != 0
      else { return }
      initialized = n
    }
    return vector.count == n ? vector : portableBackgroundLuminances(samples)
  }

  /// ``backgroundLuminances(_:)`` in Swift, two entries at a time.
  func portableBackgroundLuminances(_ samples: ItemSamples) -> [Double] {
    let n = samples.count
    return [Double](unsafeUninitializedCapacity: n) { out, initialized in
      let p = samples.storage
      var k = 0
      while k < n {
        let k1 = Swift.min(k + 1, n - 1)
        let (r, g, b) = backgrounds(p, k, k1)
        let v = luminance(r, g, b)
        out[k] = v[0]
        out[k1] = v[1]
        k += 2
      }
      initialized = n
    }
  }

  /// The contrast ratio of luminances `fg` and `bg`, with the operations of
  /// ``ratio(background:_:_:)``.
  @inline(__always)
  static func ratio(foreground fg: Double, background bg: Double) -> Double {
    let hi = bg >= fg ? bg : fg
    let lo = bg < fg ? bg : fg
    return (hi + 0.05) / (lo + 0.05)
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
    ratios(samples).withUnsafeBufferPointer { r in
      Self.failing(count: r.count, threshold: threshold) { r[$0] }
    }
  }

  /// Of `count` entries whose ratios `ratio` gives, those below `threshold`
  /// (with their ratios), and the lowest ratio.
  @inline(__always)
  static func failing(
    count: Int, threshold: Double, ratio: (Int) -> Double
  ) -> (entries: [(index: Int, ratio: Double)], lowest: Double) {
    var lowest = Double.infinity
    var out: [(index: Int, ratio: Double)] = []
    for k in 0..<count {
      let r = ratio(k)
      lowest = Swift.min(lowest, r)
      if r < threshold { out.append((k, r)) }
    }
    return (out, lowest)
  }

}
