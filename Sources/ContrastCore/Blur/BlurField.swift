/// The Gaussian blur `G` of an image (SPEC §3.1) as ``GaussianBlur`` computes it, before
/// it is read out at full resolution: a grid from which any pixel of ``coverage`` can be
/// materialised, bit for bit equal to what ``GaussianBlur/blur(_:region:sigmaInPixels:workers:)``
/// returns for it.
///
/// * Shrink path (block size `k >= 2`, see ``GaussianBlur``): the exact Gaussian of the
///   `k x k` block averages, on the small grid. Grid sample `(j, l)` sits at full-resolution
///   coordinates `((j + 0.5)k - 0.5, (l + 0.5)k - 0.5)`; ``gridColumns`` and ``gridRows``
///   are the small-grid indices held (they can be `-1`, the ring of blocks just outside the
///   image). Materialising interpolates it bilinearly: the costly part, the blur itself, is
///   done once per image and `σ`, and the full-resolution output only where it is needed.
/// * Exact path (`k < 2`) and `σ <= 0`: the full-resolution result over ``coverage``
///   (``blockSize`` 1, grid sample `(x, y)` is pixel `(x, y)`).
///
/// The storage is reused: ``compute(_:covering:sigmaInPixels:workers:)`` on an existing
/// field and ``materialize(_:into:workers:)`` into an existing image or buffer allocate
/// nothing once they have reached their largest size, so a caller that keeps them pays no
/// first-touch page faults in the steady state. For that a field also keeps the block
/// averages of its last computation (as many samples as its grid, or fewer).
public struct BlurField: Sendable {
  /// The standard deviation in pixels that the field blurs with (`sigmaInPixels` capped at
  /// `1e9`); 0 when the field is the unblurred image.
  public private(set) var sigma: Double = 0
  /// The side `k` of the averaged blocks; 1 when the field holds full-resolution pixels.
  public private(set) var blockSize = 1
  /// The image pixels the field can materialise (the region it was computed for, clipped
  /// to the image).
  public private(set) var coverage = PixelRect(x: 0, y: 0, width: 0, height: 0)
  /// The grid columns held: small-grid indices when ``blockSize`` is 2 or more, image
  /// columns when it is 1.
  public private(set) var gridColumns: Range<Int> = 0..<0
  /// The grid rows held, indexed like ``gridColumns``.
  public private(set) var gridRows: Range<Int> = 0..<0
  /// The grid, interleaved RGB, row-major, in its first `3 * width * height` elements (it
  /// can be longer: the storage only grows).
  private var storage: [Float] = []
  /// The block averages of the last computation, kept so that the next one reuses them.
  private var scratch: [Float] = []

  /// An empty field (covering nothing); ``compute(_:covering:sigmaInPixels:workers:)`` fills it.
  public init() {}

  /// The blur of `image` at standard deviation `sigmaInPixels`, ready to be materialised
  /// anywhere in `region` (clipped to the image; the whole image when nil).
  ///
  /// Reads the image within about `4σ + 2k` pixels of the region (clamp-to-edge at the
  /// image border). `workers` threads share the work (1: none); it never changes a bit.
  public init(
    _ image: RGBImage, covering region: PixelRect? = nil, sigmaInPixels: Double,
    workers: Int = 1
  ) {
    compute(image, covering: region, sigmaInPixels: sigmaInPixels, workers: workers)
  }

  /// Recomputes the field for `image`, `region` and `sigmaInPixels` in place, reusing
  /// its storage (see ``init(_:covering:sigmaInPixels:workers:)``).
  public mutating func compute(
    _ image: RGBImage, covering region: PixelRect? = nil, sigmaInPixels: Double,
    workers: Int = 1
  ) {
    let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    let rect = GaussianBlur.clip(region ?? whole, to: image)
    coverage = rect
    sigma = 0
    blockSize = 1
    gridColumns = rect.x..<rect.maxX
    gridRows = rect.y..<rect.maxY
    if rect.isEmpty {
      gridColumns = 0..<0
      gridRows = 0..<0
      return
    }
    let count = 3 * rect.width * rect.height
    if !(sigmaInPixels > 0) {
      Self.reserve(&storage, count)
      storage.withUnsafeMutableBufferPointer {
        GaussianBlur.copy(image, rect: rect, into: $0.baseAddress!)
      }
      return
    }
    sigma = min(sigmaInPixels, GaussianBlur.largestSigma)
    let k = GaussianBlur.blockSize(sigma: sigma)
    if k < 2 {
      Self.reserve(&storage, count)
      storage.withUnsafeMutableBufferPointer {
        GaussianBlur.exactBlur(
          image, rect: rect, sigma: sigma, into: $0.baseAddress!, workers: workers)
      }
      return
    }
    blockSize = k
    let plan = GaussianBlur.ShrinkPlan(
      imageWidth: image.width, imageHeight: image.height, rect: rect, sigma: sigma,
      blockSize: k)
    gridColumns = plan.blurredColumns.lowerBound..<(plan.blurredColumns.upperBound + 1)
    gridRows = plan.blurredRows.lowerBound..<(plan.blurredRows.upperBound + 1)
    Self.reserve(&scratch, plan.averagedCount)
    Self.reserve(&storage, plan.blurredCount)
    scratch.withUnsafeMutableBufferPointer { averaged in
      storage.withUnsafeMutableBufferPointer { blurred in
        GaussianBlur.shrinkBlur(
          image, plan: plan, averaged: averaged.baseAddress!, into: blurred.baseAddress!,
          workers: workers)
      }
    }
  }

  /// The grid samples, interleaved RGB, row-major: `3 * gridColumns.count * gridRows.count`
  /// of them.
  public var grid: ArraySlice<Float> {
    storage[0..<(3 * gridColumns.count * gridRows.count)]
  }

  /// Writes the blur over `rect` into `buffer`: `3 * rect.width * rect.height` samples,
  /// interleaved RGB, row by row, the same bits as
  /// ``GaussianBlur/blur(_:region:sigmaInPixels:workers:)`` returns for `rect`.
  ///
  /// - Precondition: `rect` lies inside ``coverage`` and `buffer` holds at least
  ///   `3 * rect.width * rect.height` elements.
  public func materialize(
    _ rect: PixelRect, into buffer: UnsafeMutableBufferPointer<Float>, workers: Int = 1
  ) {
    if rect.isEmpty { return }
    precondition(
      rect.intersection(coverage) == rect, "materialised region \(rect) is outside \(coverage)")
    precondition(buffer.count >= 3 * rect.width * rect.height, "buffer too small for \(rect)")
    let dst = buffer.baseAddress!
    storage.withUnsafeBufferPointer { stored in
      let grid = stored.baseAddress!
      if blockSize == 1 {
        let gridWidth = gridColumns.count
        let rowCount = 3 * rect.width
        for oy in 0..<rect.height {
          let start =
            3
            * ((rect.y + oy - gridRows.lowerBound) * gridWidth + rect.x
              - gridColumns.lowerBound)
          (dst + rowCount * oy).update(from: grid + start, count: rowCount)
        }
      } else {
        GaussianBlur.enlarge(
          grid, columns: gridColumns, rows: gridRows, blockSize: blockSize, rect: rect,
          into: dst, workers: workers)
      }
    }
  }

  /// Writes the blur over `rect` into `image`, which becomes `rect`'s size; its storage is
  /// reused when it is large enough (see the buffer variant).
  public func materialize(_ rect: PixelRect, into image: inout RGBImage, workers: Int = 1) {
    var samples: [Float] = []
    swap(&samples, &image.samples)
    let count = 3 * max(rect.width, 0) * max(rect.height, 0)
    if samples.count > count {
      samples.removeLast(samples.count - count)
    } else if samples.count < count {
      if samples.capacity >= count {
        samples.append(contentsOf: repeatElement(0, count: count - samples.count))
      } else {
        samples = [Float](unsafeUninitializedCapacity: count) { _, initialized in
          initialized = count
        }
      }
    }
    samples.withUnsafeMutableBufferPointer {
      materialize(rect, into: $0, workers: workers)
    }
    image = RGBImage(width: max(rect.width, 0), height: max(rect.height, 0), samples: samples)
  }

  /// The blur over `rect` as a new image (see the buffer variant of `materialize`).
  public func materialized(_ rect: PixelRect, workers: Int = 1) -> RGBImage {
    if rect.isEmpty { return RGBImage(width: 0, height: 0, samples: []) }
    let count = 3 * rect.width * rect.height
    if blockSize == 1 && rect == coverage && storage.count == count {
      // The stored grid is exactly the result: share it (copy-on-write).
      return RGBImage(width: rect.width, height: rect.height, samples: storage)
    }
    let samples = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
      materialize(rect, into: buffer, workers: workers)
      initialized = count
    }
    return RGBImage(width: rect.width, height: rect.height, samples: samples)
  }

  /// Makes `array` at least `count` long, replacing it (uninitialised: every element is
  /// written before it is read) only when it is shorter.
  private static func reserve(_ array: inout [Float], _ count: Int) {
    if array.count >= count { return }
    array = []
    array = [Float](unsafeUninitializedCapacity: count) { _, initialized in
      initialized = count
    }
  }
}
