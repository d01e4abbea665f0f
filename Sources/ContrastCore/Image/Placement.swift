/// Placing a wallpaper on a canvas (SPEC §2.1, "Placement").
///
/// The wallpaper is scaled uniformly to cover the canvas (aspect-fill),
/// centred, and cropped to it. All sizes are in pixels.
public enum Placement {
  /// Scales `wallpaper` to cover a `canvasWidth` x `canvasHeight` pixel
  /// canvas, centred and cropped (aspect-fill).
  ///
  /// With `Ww x Hh` the wallpaper size and `Wc x Hc` the canvas size, the
  /// scale is `s = max(Wc / Ww, Hc / Hh)` and the crop offset, in wallpaper
  /// pixels, is `ox = (Ww - Wc / s) / 2`, `oy = (Hh - Hc / s) / 2` (both
  /// `>= 0`). Canvas pixel `i` covers the wallpaper interval
  /// `[ox + i / s, ox + (i + 1) / s)`, and likewise in y.
  ///
  /// - When `s <= 1` (downscale or identity) each canvas pixel is the exact
  ///   area average of the wallpaper area it covers: a box filter whose
  ///   weights are the overlaps of that area with each wallpaper pixel, so
  ///   pixels cut by the area's edges count with their fractional coverage.
  ///   At `s == 1` with integral offsets the wallpaper pixels are copied
  ///   exactly; with a half-pixel offset each canvas pixel is the mean of
  ///   two neighbours.
  /// - When `s > 1` (upscale) each canvas pixel is a bilinear sample at its
  ///   centre, `u = (i + 0.5) / s - 0.5 + ox` (and `v` likewise), where
  ///   wallpaper pixel centres sit at integer coordinates and indices are
  ///   clamped to the edge.
  ///
  /// Properties that hold: the filter is separable and acts on each channel
  /// independently; every weight is non-negative and the weights of a
  /// canvas pixel sum to one, so a constant wallpaper places as exactly the
  /// same constant (while the governing side is at most 11 585 pixels, so
  /// that `(2N)^2` or `(2D)^2` times a 24-bit `Float` significand stays
  /// within the 53 bits of a `Double` and every sum is exact). Nothing is
  /// clamped or rounded beyond storing `Float`s; values outside `[0, 1]`
  /// pass through. The result does not depend on how the work is split
  /// across threads.
  ///
  /// Implementation: the scale is kept as the exact ratio `N / D` of the
  /// governing canvas and wallpaper sides, and every interval endpoint is an
  /// integer multiple of `1 / (2N)` wallpaper pixels, so coverage weights
  /// are exact integers (`Double`) with one division per output sample.
  /// Sums are accumulated in `Double` and stored as `Float`.
  ///
  /// Degenerate sizes never trap: a canvas with zero width or height gives
  /// an empty image of that size (no samples), and an empty wallpaper (zero
  /// width or height) gives a black canvas of the requested size.
  ///
  /// - Precondition: `canvasWidth >= 0` and `canvasHeight >= 0`.
  /// - Returns: an image of exactly `canvasWidth` x `canvasHeight` pixels.
  public static func aspectFill(
    _ wallpaper: RGBImage, canvasWidth: Int, canvasHeight: Int
  ) -> RGBImage {
    aspectFill(wallpaper, canvasWidth: canvasWidth, canvasHeight: canvasHeight, update: nil)
  }

  /// ``aspectFill(_:canvasWidth:canvasHeight:)`` of an image that differs
  /// from one already placed (`base`, placed on the same canvas) only in
  /// the rows `changedRows`: canvas rows that read none of those rows are
  /// taken from `base` (they would be computed with the same operations on
  /// the same values), the others computed. Same result, bit for bit.
  public static func aspectFill(
    _ wallpaper: RGBImage, canvasWidth: Int, canvasHeight: Int, reusing base: RGBImage,
    changedRows: [Range<Int>]
  ) -> RGBImage {
    precondition(
      base.width == canvasWidth && base.height == canvasHeight, "base is not of the canvas size")
    return aspectFill(
      wallpaper, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
      update: (base, changedRows))
  }

  static func aspectFill(
    _ wallpaper: RGBImage, canvasWidth: Int, canvasHeight: Int,
    update: (base: RGBImage, changedRows: [Range<Int>])?
  ) -> RGBImage {
    precondition(canvasWidth >= 0 && canvasHeight >= 0, "negative canvas size")
    if canvasWidth == 0 || canvasHeight == 0 {
      return RGBImage(width: canvasWidth, height: canvasHeight, samples: [])
    }
    if wallpaper.width == 0 || wallpaper.height == 0 {
      return RGBImage(width: canvasWidth, height: canvasHeight, filledWith: (0, 0, 0))
    }
    if update == nil, wallpaper.width == canvasWidth, wallpaper.height == canvasHeight {
      return sameSize(wallpaper)
    }

    // s = N / D: the larger of Wc / Ww and Hc / Hh, compared exactly.
    let widthGoverns = canvasWidth * wallpaper.height >= canvasHeight * wallpaper.width
    let scale = ScaleRatio(
      canvasSide: widthGoverns ? canvasWidth : canvasHeight,
      wallpaperSide: widthGoverns ? wallpaper.width : wallpaper.height
    )

    let columns: AxisFilter
    let rows: AxisFilter
    if scale.isAtMostOne {
      columns = .areaAverage(
        wallpaperCount: wallpaper.width, canvasCount: canvasWidth, scale: scale)
      rows = .areaAverage(wallpaperCount: wallpaper.height, canvasCount: canvasHeight, scale: scale)
    } else {
      columns = .bilinear(wallpaperCount: wallpaper.width, canvasCount: canvasWidth, scale: scale)
      rows = .bilinear(wallpaperCount: wallpaper.height, canvasCount: canvasHeight, scale: scale)
    }
    return resample(wallpaper, rows: rows, columns: columns, update: update)
  }
}

extension Placement {
  /// A wallpaper placed on a canvas of its own size (the bundled
  /// wallpapers on a portrait iPhone): what ``resample(_:rows:columns:update:)``
  /// gives, without its passes. At scale 1 each axis has one tap of weight
  /// `2N` and divisor `2N` per pixel, so a sample `x` becomes `((0 + 2N x) *
  /// 2N) / 4N²` in `Double`, every step exact (`x` has 24 bits, `4N²` under
  /// 2^25): `x` itself, but for `-0`, which the sum from `+0` makes `+0`, as
  /// `x + 0` does (NaN and infinities pass both ways alike).
  /// `PlacementTests` holds the two equal bit for bit.
  ///
  /// Without a `-0`, an infinity or a NaN among the samples (a decoded
  /// PNG has none), `x + 0` is `x` for every sample: the image's samples
  /// are then taken as they are, shared (copy on write), not copied into
  /// fresh memory. The check is one read of the samples' bits, not made
  /// for an image as the PNG decoders made it (``RGBImage/samplesAreDecoded``)
  /// (`PlacementSharingTests`).
  static func sameSize(_ wallpaper: RGBImage) -> RGBImage {
    if wallpaper.samplesAreDecoded || !hasSpecialSamples(wallpaper.samples) {
      return RGBImage(width: wallpaper.width, height: wallpaper.height, samples: wallpaper.samples)
    }
    let count = wallpaper.samples.count
    let samples = wallpaper.samples.withUnsafeBufferPointer { source in
      [Float](unsafeUninitializedCapacity: count) { out, initialized in
        for i in 0..<count { out[i] = source[i] + 0 }
        initialized = count
      }
    }
    return RGBImage(width: wallpaper.width, height: wallpaper.height, samples: samples)
  }

  /// Whether some sample is `-0`, an infinity or a NaN (exponent bits all
  /// set): the samples `x + 0` does not give back bit for bit, or might not.
  static func hasSpecialSamples(_ samples: [Float]) -> Bool {
    samples.withUnsafeBufferPointer { s in
      s.withMemoryRebound(to: UInt32.self) { bits in
        // (No early exit: the loop runs on the vector unit.)
        var special: UInt32 = 0
        for b in bits {
          special |= (b == 0x8000_0000 ? 1 : 0) | (b & 0x7F80_0000 == 0x7F80_0000 ? 1 : 0)
        }
        return special != 0
      }
    }
  }
}

extension Placement {
  /// The placement scale `s = canvasSide / wallpaperSide` as an exact ratio
  /// of the sides of the axis that governs it (both positive).
  struct ScaleRatio {
    /// `N`: the governing canvas side, in pixels.
    var canvasSide: Int
    /// `D`: the governing wallpaper side, in pixels.
    var wallpaperSide: Int

    var isAtMostOne: Bool { canvasSide <= wallpaperSide }
  }
}
