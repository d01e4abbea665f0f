import Dispatch
import Foundation

/// The Gaussian blur `G` of SPEC §3.1: standard deviation `sigmaInPixels`,
/// clamp-to-edge at the image border.
///
/// ``blur(_:region:sigmaInPixels:workers:)`` is the fast approximation used by the
/// audit; ``directConvolution(_:region:sigmaInPixels:)`` is the reference it is
/// measured against (its doc gives the exact definition). The largest difference
/// between the two is below `1/255` per channel on random-noise and hard-edge
/// images for `σ` from 0.5 to 100 px (see the tests, which print it per case).
///
/// ## Method
///
/// With `k` = ``blockSize(sigma:)`` (`min(floor(σ/4), floor(σ^1.5/20))`):
///
/// * `k < 2` (`σ` below about 11.7): the exact separable convolution of the
///   reference, in `Float`: at most 95 taps per pass.
/// * `k >= 2`: shrink, blur, enlarge.
///   1. Average `k x k` blocks on a grid aligned to the image origin (block `(j, l)`
///      covers pixels `[jk, jk + k) x [lk, lk + k)`), so a pixel's value does not
///      depend on the region. Pixels outside the image are the clamp-to-edge replicas
///      of the edge pixels, and the grid runs one block past each image edge. That
///      outer ring of blocks lies wholly outside the image, so every block further out
///      equals its nearest ring block, and clamp-to-edge on the small grid is exactly
///      clamp-to-edge on the full image: the border needs no special case.
///   2. Blur the small grid with the exact separable Gaussian of standard deviation
///      `σ_low = sqrt(σ² - v) / k`, where `v` is the variance that steps 1 and 3 add:
///      the box adds `(k² - 1)/12`, bilinear interpolation adds `t(1 - t)k²` at
///      fraction `t`, which averages `k²/6 + 1/12` over the pixel phases for even `k`
///      and `(k² - 1)/6` for odd `k`; so `v = k²/4` (even `k`) or `(k² - 1)/4` (odd).
///      `σ/k` is at least 4, so `σ_low` is at least about 3.97 small-grid pixels.
///   3. Interpolate bilinearly back at the region's pixel centres: small-grid sample
///      `j` is centred at full-resolution coordinate `(j + 0.5)k - 0.5`.
///
/// The cost per pixel is bounded independently of `σ`: at most 95 taps per pass in the
/// exact path; otherwise one add per sample to shrink, `2(R_low + 1)/k²` taps per sample
/// on the small grid (`R_low <= 31`), and two interpolations per sample to enlarge.
/// Every value is computed by the same operations however the work is split across
/// threads or SIMD lanes, so `workers` never changes a bit of the result.
///
/// ``BlurField`` is steps 1 and 2 (or the whole exact-path result) kept for later:
/// step 3 then materialises any rectangle, into storage the caller reuses, with the bits
/// ``blur(_:region:sigmaInPixels:workers:)`` returns (which is built on it).
///
/// ## Error
///
/// Two effects remain in the shrink path. The variance the bilinear weights add varies
/// with the pixel's phase by up to about `k²/6` around its mean, a relative change in `σ`
/// of at most `1/192`, which moves a hard edge's profile by at most about `0.0013`.
/// And the block average weights all pixels of a block alike, so the effective kernel
/// is piecewise constant; this matters for random noise, most at the image border,
/// where the clamp-to-edge replicas give the edge row or column a large weight, and it
/// is what ``blockSize(sigma:)`` bounds. Measured largest errors are about `0.65/255`
/// for noise and `0.45/255` for hard edges.
public enum GaussianBlur {
  /// Sigmas above this are treated as this (about a billion pixels: any image is then
  /// blurred to its edge-weighted average).
  static let largestSigma = 1e9

  /// Blurs the whole image.
  ///
  /// Same as ``blur(_:region:sigmaInPixels:workers:)`` with the image's bounds as the region.
  public static func blur(
    _ image: RGBImage, sigmaInPixels: Double, workers: Int = 1
  ) -> RGBImage {
    blur(
      image, region: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
      sigmaInPixels: sigmaInPixels, workers: workers)
  }

  /// The Gaussian blur of `image`, evaluated on the pixels of `region`.
  ///
  /// `G(x, y) = Σ_i Σ_j g(i) g(j) I(clamp(x + i), clamp(y + j))` with `g` a Gaussian of
  /// standard deviation `sigmaInPixels` and clamp-to-edge at the *image* border (not the
  /// region's): pixels around the region are read from the image, within a margin of
  /// about `4σ + 2k` pixels, so a small region never costs a whole-image blur.
  ///
  /// Accuracy: within `1/255` per channel of ``directConvolution(_:region:sigmaInPixels:)``
  /// (see ``GaussianBlur`` for the method and the error analysis).
  ///
  /// - Parameters:
  ///   - image: the image to blur (gamma-encoded floats; nothing is clamped).
  ///   - region: the pixels to compute. It is clipped to the image first; the result has
  ///     the clipped size, so it is 0 x 0 when the region misses the image.
  ///   - sigmaInPixels: standard deviation in pixels. `<= 0` (or NaN) returns the region
  ///     copied; values above `1e9` are treated as `1e9`.
  ///   - workers: the threads to split large regions' work over, in row bands
  ///     (1: this thread only).
  ///     The result is bit-for-bit the same either way.
  /// - Returns: an image of the clipped region's size.
  public static func blur(
    _ image: RGBImage, region: PixelRect, sigmaInPixels: Double, workers: Int = 1
  ) -> RGBImage {
    let rect = clip(region, to: image)
    if rect.isEmpty { return RGBImage(width: 0, height: 0, samples: []) }
    let field = BlurField(
      image, covering: rect, sigmaInPixels: sigmaInPixels, workers: workers)
    return field.materialized(rect, workers: workers)
  }

  /// The block size `k` of the shrink path: `min(floor(σ/4), floor(σ^1.5 / 20))`;
  /// below 2 the exact path is used (`σ` below about 11.7).
  ///
  /// `σ/k >= 4` keeps `σ_low` at 4 small-grid pixels or more (less would let the
  /// bilinear phase error grow past the budget on hard edges). Random noise is the harder case: the block average weights every pixel
  /// of a block alike, so the effective kernel is piecewise constant, and along the
  /// image border the clamp-to-edge replicas give the edge row or column a large weight.
  /// Measured on seeded noise, the largest error there is about `13 k / σ^1.5` units of
  /// `1/255`, which the second bound keeps near `0.65/255` (it binds for `σ < 25`).
  static func blockSize(sigma: Double) -> Int {
    let byRatio = (sigma / 4).rounded(.down)
    let byNoise = (sigma * sigma.squareRoot() / 20).rounded(.down)
    return Int(min(byRatio, byNoise))
  }

  /// How far from a pixel, in pixels, the wallpaper pixels its blur reads
  /// can lie, on either path: the kernel's `ceil(4σ)`, and on the shrink
  /// path the blocks and the interpolation, `3k` more (one pixel spare).
  static func reach(sigmaInPixels: Double) -> Int {
    let s = min(max(sigmaInPixels, 0), largestSigma)
    return Int((4 * s).rounded(.up)) + 3 * max(blockSize(sigma: s), 1) + 1
  }

  /// `region` clipped to the bounds of `image`.
  static func clip(_ region: PixelRect, to image: RGBImage) -> PixelRect {
    region.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
  }

  /// Writes the pixels of `rect`, which lies inside `image`, to `dst`, row by row.
  static func copy(_ image: RGBImage, rect: PixelRect, into dst: UnsafeMutablePointer<Float>) {
    let rowCount = 3 * rect.width
    image.samples.withUnsafeBufferPointer { source in
      for oy in 0..<rect.height {
        let start = 3 * ((rect.y + oy) * image.width + rect.x)
        (dst + rowCount * oy).update(from: source.baseAddress! + start, count: rowCount)
      }
    }
  }

  /// The pixels of `rect`, which lies inside `image` and is not empty, as a new image.
  static func copy(_ image: RGBImage, rect: PixelRect) -> RGBImage {
    let count = 3 * rect.width * rect.height
    let samples = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
      copy(image, rect: rect, into: buffer.baseAddress!)
      initialized = count
    }
    return RGBImage(width: rect.width, height: rect.height, samples: samples)
  }

  /// Runs `body` over `0..<count` in contiguous bands, on up to `workers` threads when
  /// the work (`count * costPerItem`) is large enough to pay for the threads.
  static func forEachBand(
    count: Int, costPerItem: Int, workers: Int, _ body: (Range<Int>) -> Void
  ) {
    guard count > 0 else { return }
    guard workers > 1, count > 1, count * costPerItem >= 1 << 16 else {
      body(0..<count)
      return
    }
    let bands = min(count, 4 * workers)
    // The bands only read shared inputs and write disjoint parts of the outputs, and
    // concurrentPerform returns after the last one, so handing `body` to it is safe.
    withoutActuallyEscaping(body) { escapable in
      let shared = UncheckedSendable(escapable)
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let lo = count * band / bands
        let hi = count * (band + 1) / bands
        if lo < hi { shared.value(lo..<hi) }
      }
    }
  }

  /// Floor division for a positive divisor.
  @inline(__always)
  static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && a < 0) ? q - 1 : q
  }
}

/// A value handed to other threads on the caller's word that doing so is safe.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
