internal import CPixelKernel

extension FastEngine {
  /// The preview's modelled glass on the vector unit: for every pixel of
  /// `mask`'s rectangle whose code is not 0, the background of `kernel`'s
  /// rendering over its backdrop (`(1 - mix) W + mix G` with `blurred` G over
  /// the mask's rectangle, else the wallpaper W itself), written as floats
  /// into `out` (a copy of `wallpaper`). False, writing nothing, at
  /// ``VectorLevel/portable``.
  ///
  /// Reference: ``ElementBackdrop/backdrop(x:y:wallpaper:code:blurred:)``
  /// then ``BackgroundEvaluator/background(backdrop:wallpaper:code:)``,
  /// pixel by pixel (`ScenePreviewRenderer.compose(_:into:vectorUnit:)` with
  /// `vectorUnit: false`); `ScenePreviewComposeTests` holds them equal bit
  /// for bit at every level.
  static func compose(
    _ kernel: PixelKernel, wallpaper: RGBImage, mask: ShapeMask, blurred: RGBImage?,
    mix: Double, into out: inout RGBImage
  ) -> Bool {
    var parameters = kernel.parameters
    let r = mask.rect
    let done = wallpaper.samples.withUnsafeBufferPointer { w in
      (blurred?.samples ?? []).withUnsafeBufferPointer { g in
        mask.codes.withUnsafeBufferPointer { codes in
          out.samples.withUnsafeMutableBufferPointer { o in
            cpk_compose(
              &parameters, w.baseAddress, wallpaper.width, codes.baseAddress, r.x, r.y,
              r.width, r.height, blurred == nil ? nil : g.baseAddress, blurred?.width ?? 0, mix,
              o.baseAddress)
          }
        }
      }
    }
    return done != 0
  }
}
