/// The per-pixel contrast model (SPEC §3.2-§3.4), written once as readable
/// Swift: THE reference. The fast engine's vector loops (``PixelKernel``)
/// are its twin and `ModelTwinTests` holds them to its bits; where they do
/// not run, this runs.
///
/// Per pixel, from the colour `c` the model starts from (the backdrop B or
/// the Reduce Transparency mean inside the shape, the wallpaper W outside):
/// 1. background (§3.2, §3.3): W outside the shape (code 0); inside,
///    ``ElementRendering/background(backdrop:)`` of `c`: the material
///    (``MaterialPipeline/apply(_:)``: glass luma cap, levels, fill, tint,
///    clamp; standard saturation, brightness, fill, tint, clamp), an app
///    fill (`fill` then `tint` source-over, clamp), or `c` itself without a
///    material; in the border band (code 2) the border source-over that:
///    `a B + (1 - a) bg`;
/// 2. foreground (§3.4): the colour source-over the background,
///    `fg = a C + (1 - a) bg`;
/// 3. ratio (§3.4): `(Lmax + 0.05) / (Lmin + 0.05)` of the WCAG relative
///    luminances `L = 0.2126 R + 0.7152 G + 0.0722 B` of the linearised
///    channels (``FastLuminance``, within 6e-9 of the exact curve).
///
/// The surface is examined once, not at every pixel.
public struct BackgroundEvaluator: Sendable {
  @usableFromInline let rendering: ElementRendering
  @usableFromInline let pipeline: MaterialPipeline?

  public init(_ rendering: ElementRendering) {
    self.rendering = rendering
    if case .material(let p, _) = rendering.surface {
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

  /// The contrast ratio of a vibrant item's pixel (issue 30): its colour
  /// is the ink's matrix applied to that same background (clipped to
  /// [0, 1], composited with the tint's alpha), taken against it. Plain
  /// Swift, the only path of vibrant items (they are few: no vector loop).
  @inlinable
  public func vibrantRatio(
    backdrop: RGB, wallpaper: RGB, code: UInt8, ink: VibrantInk, lum: FastLuminance
  ) -> Double {
    let bg = background(backdrop: backdrop, wallpaper: wallpaper, code: code)
    let fg = ink.foreground(over: bg)
    return WCAG.contrastRatio(luminance: lum.luminance(fg), lum.luminance(bg))
  }
}
