/// The pixels of one item in one scene, reduced to what the material pipeline
/// needs: per pixel its backdrop colour and where it lies (outside the shape,
/// inside, or in the border band). Re-running the model on these answers any
/// "what if" (a remedy) exactly for that scene.
///
/// Runs of identical consecutive pixels (row-major) are stored once with a
/// count: under Reduce Transparency every pixel inside the shape has the same
/// backdrop, and flat or vertical-gradient wallpapers repeat along rows. The
/// statistics weigh each entry by its count, so they are those of the pixels.
public struct ItemSamples: Sendable {
  /// Backdrop per entry: B (or the Reduce Transparency mean) inside a
  /// material; the unblurred wallpaper elsewhere.
  public var backdrops: [RGB] = []
  /// The unblurred wallpaper per entry (what pixels outside the shape show).
  public var wallpaper: [RGB] = []
  /// 0 outside the shape, 1 inside, 2 in the border band.
  public var codes: [UInt8] = []
  /// How many consecutive pixels (row-major) each entry stands for.
  public var counts: [Int] = []

  public init() {}

  /// Number of entries (distinct runs).
  public var count: Int { codes.count }

  /// Number of pixels.
  public var pixelCount: Int { counts.reduce(0, +) }

  /// Reserves room for `n` entries.
  public mutating func reserveCapacity(_ n: Int) {
    backdrops.reserveCapacity(n)
    wallpaper.reserveCapacity(n)
    codes.reserveCapacity(n)
    counts.reserveCapacity(n)
  }

  /// Appends one pixel, extending the last run when it is identical.
  @inlinable
  public mutating func append(backdrop: RGB, wallpaper w: RGB, code: UInt8) {
    if let last = codes.last, last == code, backdrops[backdrops.count - 1] == backdrop,
      wallpaper[wallpaper.count - 1] == w
    {
      counts[counts.count - 1] += 1
      return
    }
    backdrops.append(backdrop)
    wallpaper.append(w)
    codes.append(code)
    counts.append(1)
  }

  /// Contrast ratio of `color` over each entry's background under `rendering`.
  public func entryRatios(rendering: ElementRendering, color: RGBA) -> [Double] {
    let lum = FastLuminance.shared
    var out = [Double](repeating: 0, count: count)
    let evaluator = ContrastEvaluator(rendering, color: color, lum: lum)
    backdrops.withUnsafeBufferPointer { b in
      wallpaper.withUnsafeBufferPointer { w in
        codes.withUnsafeBufferPointer { c in
          for k in 0..<c.count {
            out[k] = evaluator.ratio(backdrop: b[k], wallpaper: w[k], code: c[k])
          }
        }
      }
    }
    return out
  }

  /// Contrast ratio per pixel, row-major over the item's pixel rectangle.
  public func ratios(rendering: ElementRendering, color: RGBA) -> [Double] {
    let perEntry = entryRatios(rendering: rendering, color: color)
    var out: [Double] = []
    out.reserveCapacity(pixelCount)
    for (k, r) in perEntry.enumerated() {
      out.append(contentsOf: repeatElement(r, count: counts[k]))
    }
    return out
  }

  /// The ratio of one entry.
  @inlinable
  public func ratio(
    at k: Int, rendering: ElementRendering, color: RGBA, lum: FastLuminance = .shared
  ) -> Double {
    BackgroundEvaluator(rendering).ratio(
      backdrop: backdrops[k], wallpaper: wallpaper[k], code: codes[k], color: color, lum: lum)
  }
}

/// An `ElementRendering` unpacked for the per-pixel loop: the surface is
/// examined once, not at every pixel.
public struct BackgroundEvaluator: Sendable {
  @usableFromInline let rendering: ElementRendering
  @usableFromInline let pipeline: MaterialPipeline?

  public init(_ rendering: ElementRendering) {
    self.rendering = rendering
    if case .material(let p, _, _) = rendering.surface {
      pipeline = p
    } else {
      pipeline = nil
    }
  }

  /// The background of one pixel: the wallpaper outside the shape (code 0),
  /// the rendering inside (1), with the border over it in the band (2).
  @inlinable
  public func background(backdrop: RGB, wallpaper: RGB, code: UInt8) -> RGB {
    if code == 0 { return wallpaper }
    let bg = pipeline?.apply(backdrop) ?? rendering.background(backdrop: backdrop)
    return code == 1 ? bg : rendering.borderColor.composited(over: bg)
  }

  /// The contrast ratio of `color` composited over that background.
  @inlinable
  public func ratio(
    backdrop: RGB, wallpaper: RGB, code: UInt8, color: RGBA, lum: FastLuminance
  ) -> Double {
    let bg = background(backdrop: backdrop, wallpaper: wallpaper, code: code)
    let fg = color.composited(over: bg)
    return WCAG.contrastRatio(luminance: lum.luminance(fg), lum.luminance(bg))
  }
}

/// The contrast of one colour over a rendering's backgrounds. An opaque
/// colour composited over anything is itself (`1 * c + 0 * bg` is exactly
/// `c`), so its luminance is taken once instead of at every pixel; the
/// ratios are bit for bit those of `BackgroundEvaluator.ratio`.
public struct ContrastEvaluator: Sendable {
  @usableFromInline let background: BackgroundEvaluator
  @usableFromInline let color: RGBA
  @usableFromInline let lum: FastLuminance
  @usableFromInline let opaqueLuminance: Double?

  public init(_ rendering: ElementRendering, color: RGBA, lum: FastLuminance = .shared) {
    background = BackgroundEvaluator(rendering)
    self.color = color
    self.lum = lum
    opaqueLuminance = color.alpha == 1 ? lum.luminance(color.rgb) : nil
  }

  /// The ratio at one pixel.
  @inlinable
  public func ratio(backdrop: RGB, wallpaper: RGB, code: UInt8) -> Double {
    let bg = background.background(backdrop: backdrop, wallpaper: wallpaper, code: code)
    let fgLuminance = opaqueLuminance ?? lum.luminance(color.composited(over: bg))
    return WCAG.contrastRatio(luminance: fgLuminance, lum.luminance(bg))
  }
}
