internal import CPixelKernel

extension FastEngine {
  /// Appends pixels to an ``ItemSamples/Storage`` as runs (C's
  /// `cpk_builder`, which ``collect(rect:image:mask:blurred:mean:mix:into:)``
  /// fills directly). A pixel extends the last run when its code and colour
  /// equal the run's: the model gives it the same ratio in every rendering,
  /// so the run's count weighs that ratio once. The run being extended is
  /// written when the next starts, the last by ``finish()``.
  struct RunWriter {
    fileprivate var raw: cpk_builder

    init(_ storage: ItemSamples.Storage) {
      raw = cpk_builder(
        r: storage.r, g: storage.g, b: storage.b, codes: storage.codes, counts: storage.counts,
        capacity: storage.capacity, count: 0, pixels: 0, lastR: .nan, lastG: .nan,
        lastB: .nan, lastCode: 0, run: 0)
    }

    /// Appends one pixel: its colour and mask code.
    mutating func append(_ r: Double, _ g: Double, _ b: Double, code: UInt8) {
      cpk_append(&raw, r, g, b, code)
    }

    /// Writes the last run's count; the entries and the pixels they stand for.
    mutating func finish() -> (entries: Int, pixels: Int) {
      cpk_builder_finish(&raw)
      return (raw.count, raw.pixels)
    }
  }

  /// Appends the pixels of `rect` of `image`, row-major, to `writer`: per
  /// pixel its mask code (0 outside `mask`'s rectangle) and the colour the
  /// model starts from (outside the shape the image's; inside `mean` when
  /// given, else `(1 - mix) W + mix G` with `blurred` G over `blurredRect`
  /// (the mask's rectangle when nil; it holds every pixel of `rect` inside
  /// the mask) when given, else the image's).
  ///
  /// Reference: that loop written in Swift over ``RunWriter/append(_:_:_:code:)``
  /// (`CollectTests.reference`, which holds the two equal bit for bit).
  static func collect(
    rect: PixelRect, image: RGBImage, mask: ShapeMask, blurred: RGBImage?,
    blurredRect: PixelRect? = nil, mean: RGB?, mix: Double, into writer: inout RunWriter
  ) {
    let m = mask.rect
    let b = blurredRect ?? m
    let meanValues = [mean?.r ?? 0, mean?.g ?? 0, mean?.b ?? 0]
    image.samples.withUnsafeBufferPointer { w in
      (blurred?.samples ?? []).withUnsafeBufferPointer { g in
        mask.codes.withUnsafeBufferPointer { codes in
          cpk_collect(
            &writer.raw, w.baseAddress, image.width, codes.baseAddress, m.x, m.y, m.width,
            m.height, blurred == nil ? nil : g.baseAddress, blurred?.width ?? 0, b.x, b.y,
            mean == nil ? 0 : 1, meanValues, mix, rect.x, rect.y, rect.width, rect.height)
        }
      }
    }
  }

  /// The sums of the floats of `image` over the pixels inside `mask` (code
  /// not 0), row-major, each channel added in that order in double, and
  /// their number.
  ///
  /// Reference: that loop in Swift (`CollectTests`, which holds the mean it
  /// gives ``WallpaperCanvas/meanInside(_:)`` equal bit for bit).
  static func sumInside(_ image: RGBImage, mask: ShapeMask) -> (sums: [Double], count: Int) {
    var sums = [0.0, 0.0, 0.0]
    guard !mask.rect.isEmpty else { return (sums, 0) }
    let r = mask.rect
    let n = image.samples.withUnsafeBufferPointer { s in
      mask.codes.withUnsafeBufferPointer { codes in
        cpk_sum_inside(
          s.baseAddress, image.width, codes.baseAddress, r.x, r.y, r.width, r.height, &sums)
      }
    }
    return (sums, n)
  }
}
