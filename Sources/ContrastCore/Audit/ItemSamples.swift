/// The pixels of one item in one scene, reduced to what the material pipeline
/// needs: per pixel its backdrop colour and where it lies (outside the shape,
/// inside, or in the border band). Re-running the model on these answers any
/// "what if" (a remedy) exactly for that scene.
public struct ItemSamples: Sendable {
  /// Backdrop per pixel: B (or the Reduce Transparency mean) inside a
  /// material; the unblurred wallpaper elsewhere.
  public var backdrops: [RGB]
  /// The unblurred wallpaper per pixel (what pixels outside the shape show).
  public var wallpaper: [RGB]
  /// 0 outside the shape, 1 inside, 2 in the border band.
  public var codes: [UInt8]

  public var count: Int { codes.count }

  /// Contrast ratio of `color` over each pixel's background under `rendering`.
  public func ratios(rendering: ElementRendering, color: RGBA) -> [Double] {
    let lum = FastLuminance.shared
    var out = [Double](repeating: 0, count: count)
    for k in 0..<count {
      out[k] = ratio(at: k, rendering: rendering, color: color, lum: lum)
    }
    return out
  }

  /// The ratio at one pixel.
  @inlinable
  public func ratio(
    at k: Int, rendering: ElementRendering, color: RGBA, lum: FastLuminance = .shared
  ) -> Double {
    let bg: RGB
    switch codes[k] {
    case 0: bg = wallpaper[k]
    case 1: bg = rendering.background(backdrop: backdrops[k])
    default: bg = rendering.borderBackground(backdrop: backdrops[k])
    }
    let fg = color.composited(over: bg)
    return WCAG.contrastRatio(
      luminance: lum.luminance(fg), lum.luminance(bg))
  }
}
