/// The pixels of one item in one scene, reduced to what the material pipeline
/// needs: per pixel its backdrop colour and where it lies (outside the shape,
/// inside, or in the border band). Re-running the model on these answers any
/// "what if" (a remedy) exactly for that scene.
///
/// Runs of consecutive pixels (row-major) with the same mask code and the
/// same colour the model starts from are stored once with a count: under
/// Reduce Transparency every pixel inside the shape has the same backdrop,
/// and flat or vertical-gradient wallpapers repeat along rows. The
/// statistics weigh each entry by its count, so they are those of the
/// pixels; the one difference is rounding in the mean, which adds `r * c`
/// once rather than `r` c times (a few units in the last place of a double,
/// far below the six decimals reports carry).
public struct ItemSamples: Sendable {
  /// The entries, one array per channel (the per-pixel loops read them in
  /// step), written once by ``init(capacity:_:)`` and never changed after.
  final class Storage: @unchecked Sendable {
    let capacity: Int
    var count = 0
    /// The pixels the entries stand for (the sum of `counts`).
    var pixels = 0
    /// Which mask codes the entries hold: bit `1 << code` (outside the
    /// shape, inside, in the border band), for the bounds (SPEC §3.5).
    var kinds: UInt8 = 0
    /// The colour the model starts from, per entry: the unblurred wallpaper
    /// outside the shape (code 0); inside it, the backdrop (B or the Reduce
    /// Transparency mean under a material, the unblurred wallpaper
    /// otherwise). Nothing else of a pixel is ever read.
    let r: UnsafeMutablePointer<Double>
    let g: UnsafeMutablePointer<Double>
    let b: UnsafeMutablePointer<Double>
    /// 0 outside the shape, 1 inside, 2 in the border band.
    let codes: UnsafeMutablePointer<UInt8>
    /// How many consecutive pixels (row-major) each entry stands for.
    let counts: UnsafeMutablePointer<Int>

    init(capacity: Int) {
      let c = Swift.max(capacity, 1)
      self.capacity = c
      let block = UnsafeMutablePointer<Double>.allocate(capacity: 3 * c)
      r = block
      g = block + c
      b = block + 2 * c
      codes = .allocate(capacity: c)
      counts = .allocate(capacity: c)
    }

    /// Three doubles, a code and a count.
    static let bytesPerEntry = 3 * 8 + 1 + 8

    /// The same entries in a store of their size.
    func copy() -> Storage {
      let c = Storage(capacity: count)
      c.r.update(from: r, count: count)
      c.g.update(from: g, count: count)
      c.b.update(from: b, count: count)
      c.codes.update(from: codes, count: count)
      c.counts.update(from: counts, count: count)
      c.count = count
      c.pixels = pixels
      c.kinds = kinds
      return c
    }

    deinit {
      r.deallocate()
      codes.deallocate()
      counts.deallocate()
    }
  }

  let storage: Storage

  /// Collects at most `capacity` pixels: `body` gets a builder to append them to.
  init(capacity: Int, _ body: (inout Builder) -> Void) {
    let full = Storage(capacity: capacity)
    var builder = Builder(full)
    body(&builder)
    (full.count, full.pixels) = builder.finish()
    full.kinds = Self.kinds(full.codes, count: full.count)
    // Runs that folded at least half the pixels: kept in a store of their
    // size, not the frame's (a sample cache holds many of them at once).
    storage = full.count * 2 <= full.capacity ? full.copy() : full
  }

  /// Bit `1 << code` for each mask code among `count` codes.
  static func kinds(_ codes: UnsafeMutablePointer<UInt8>, count: Int) -> UInt8 {
    var seen: UInt8 = 0
    for k in 0..<count { seen |= 1 << (codes[k] & 7) }
    return seen
  }

  /// Which mask codes the pixels hold, bit `1 << code`: 1 outside the
  /// element's shape, 2 inside, 4 in the border band.
  public var pixelKinds: UInt8 { storage.kinds }

  /// The bytes its store holds.
  var bytes: Int { storage.capacity * Storage.bytesPerEntry }

  /// Appends pixels to a new ``Storage`` as runs of equal code and colour.
  typealias Builder = FastEngine.RunWriter

  /// Number of entries (distinct runs).
  public var count: Int { storage.count }

  /// Number of pixels.
  public var pixelCount: Int { storage.pixels }

  /// The mask code (0 outside, 1 inside, 2 border band) of each entry, as a
  /// new array (in loops, read one entry at a time instead).
  public var codes: [UInt8] { Array(UnsafeBufferPointer(start: storage.codes, count: count)) }

  /// How many consecutive pixels (row-major) each entry stands for, as a new
  /// array (in loops, use ``count(at:)``).
  public var counts: [Int] { Array(UnsafeBufferPointer(start: storage.counts, count: count)) }

  /// How many pixels entry `k` stands for.
  public func count(at k: Int) -> Int {
    precondition(k >= 0 && k < count, "entry out of range")
    return storage.counts[k]
  }

  /// The colour of entry `k`: the wallpaper outside the shape, the
  /// backdrop inside it.
  public func color(at k: Int) -> RGB {
    precondition(k >= 0 && k < count, "entry out of range")
    return RGB(r: storage.r[k], g: storage.g[k], b: storage.b[k])
  }

  /// The ratio of each entry (``entryRatios(rendering:color:)``) and their
  /// statistics against `threshold`, weighed by the entries' pixels; and the
  /// ratios' bucket histogram when the vector loop built one.
  ///
  /// `luminances`: each entry's background luminance, when the vector loop
  /// made them in passing (``PixelKernel/measure(_:threshold:)``,
  /// ``PixelKernel/ratiosAndLuminances(_:)``: some pixel below the
  /// threshold); nil otherwise.
  public func measure(rendering: ElementRendering, color: RGBA, threshold: Double) -> (
    ratios: [Double], statistics: ContrastStatistics, buckets: RatioBuckets?,
    luminances: [Double]?
  ) {
    let kernel = PixelKernel(rendering: rendering, color: color)
    if let measured = kernel.measure(self, threshold: threshold) {
      return (measured.ratios, measured.statistics, measured.buckets, measured.luminances)
    }
    let (ratios, luminances) = kernel.ratiosAndLuminances(self)
    let statistics = ContrastStatistics(ratios: ratios, counts: counts, threshold: threshold)
    return (ratios, statistics, nil, statistics.failingFraction > 0 ? luminances : nil)
  }

  /// Contrast ratio of `color` over each entry's background under `rendering`.
  public func entryRatios(rendering: ElementRendering, color: RGBA) -> [Double] {
    PixelKernel(rendering: rendering, color: color).ratios(self)
  }

  /// ``measure(rendering:color:threshold:)`` of a vibrant item when `ink`
  /// is given (``vibrantEntryRatios(rendering:ink:)``, no histogram);
  /// exactly that function otherwise.
  public func measure(
    rendering: ElementRendering, color: RGBA, ink: VibrantInk?, threshold: Double
  ) -> (
    ratios: [Double], statistics: ContrastStatistics, buckets: RatioBuckets?,
    luminances: [Double]?
  ) {
    guard let ink else { return measure(rendering: rendering, color: color, threshold: threshold) }
    let ratios = vibrantEntryRatios(rendering: rendering, ink: ink)
    return (
      ratios, ContrastStatistics(ratios: ratios, counts: counts, threshold: threshold), nil, nil
    )
  }

  /// ``entryRatios(rendering:color:)``, or a vibrant item's when `ink` is given.
  public func entryRatios(rendering: ElementRendering, color: RGBA, ink: VibrantInk?) -> [Double] {
    guard let ink else { return entryRatios(rendering: rendering, color: color) }
    return vibrantEntryRatios(rendering: rendering, ink: ink)
  }

  /// The ratio of each entry of a vibrant item (issue 30): per entry its
  /// background under `rendering` (``BackgroundEvaluator``), the ink's
  /// colour over that background, and the ratio of the two, with the table
  /// luminance as the fast path takes it. Plain Swift.
  public func vibrantEntryRatios(rendering: ElementRendering, ink: VibrantInk) -> [Double] {
    let evaluator = BackgroundEvaluator(rendering)
    let lum = FastLuminance.shared
    let s = storage
    return (0..<count).map { k in
      let c = RGB(r: s.r[k], g: s.g[k], b: s.b[k])
      return evaluator.vibrantRatio(
        backdrop: c, wallpaper: c, code: s.codes[k], ink: ink, lum: lum)
    }
  }

  /// Contrast ratio per pixel, row-major over the item's pixel rectangle.
  public func ratios(rendering: ElementRendering, color: RGBA) -> [Double] {
    perPixel(entryRatios(rendering: rendering, color: color))
  }

  /// Per-entry values repeated for each pixel of their runs (row-major).
  public func perPixel(_ perEntry: [Double]) -> [Double] {
    precondition(perEntry.count == count, "one value per entry")
    var out: [Double] = []
    out.reserveCapacity(pixelCount)
    for (k, r) in perEntry.enumerated() {
      out.append(contentsOf: repeatElement(r, count: storage.counts[k]))
    }
    return out
  }

  /// The ratio of one entry, through the reference evaluator.
  public func ratio(
    at k: Int, rendering: ElementRendering, color: RGBA, lum: FastLuminance = .shared
  ) -> Double {
    BackgroundEvaluator(rendering).ratio(
      backdrop: self.color(at: k), wallpaper: self.color(at: k), code: storage.codes[k],
      color: color,
      lum: lum)
  }
}

extension ItemSamples {
  /// The entries standing for a contiguous range of pixels (row-major): the
  /// entries it touches, the first and last trimmed to the pixels inside.
  public struct EntryRange: Sendable {
    /// The entries touched.
    public var entries: Range<Int>
    /// How many pixels each of them stands for inside the range.
    public var counts: [Int]
    /// The pixels of the range.
    public var pixelCount: Int { counts.reduce(0, +) }

    /// The values of `perEntry` (one per entry of the samples) for these entries.
    public func values(of perEntry: [Double]) -> [Double] { Array(perEntry[entries]) }
  }

  /// The first pixel of each entry (row-major), and the pixel count last:
  /// `count + 1` offsets, for ``entries(ofPixels:offsets:)``.
  public func pixelOffsets() -> [Int] {
    [Int](unsafeUninitializedCapacity: count + 1) { out, initialized in
      let counts = storage.counts
      var sum = 0
      out[0] = 0
      for k in 0..<count {
        sum += counts[k]
        out[k + 1] = sum
      }
      initialized = count + 1
    }
  }

  /// The entries of pixels `pixels` (row-major, within `0..<pixelCount`):
  /// the pixels of the rows of a frame inside the samples' rectangle, when
  /// both span the same columns. `offsets` is ``pixelOffsets()``.
  public func entries(ofPixels pixels: Range<Int>, offsets: [Int]) -> EntryRange {
    precondition(pixels.lowerBound >= 0 && pixels.upperBound <= pixelCount, "pixels out of range")
    precondition(offsets.count == count + 1, "offsets of other samples")
    guard !pixels.isEmpty else { return EntryRange(entries: 0..<0, counts: []) }
    let span = FrameStatistics.span(ofPixels: pixels, offsets: offsets)
    var counts = Array(
      UnsafeBufferPointer(
        start: storage.counts + span.entries.lowerBound, count: span.entries.count))
    counts[0] = span.firstCount
    counts[counts.count - 1] = span.lastCount
    return EntryRange(entries: span.entries, counts: counts)
  }

  /// The samples of `range` alone: its entries, the first and last trimmed
  /// (a new copy; as if the range's pixels had been collected on their own).
  public func slice(_ range: EntryRange) -> ItemSamples {
    ItemSamples(sliceOf: self, range)
  }

  private init(sliceOf source: ItemSamples, _ range: EntryRange) {
    let n = range.counts.count
    storage = Storage(capacity: n)
    let s = source.storage
    for (i, k) in range.entries.enumerated() {
      storage.r[i] = s.r[k]
      storage.g[i] = s.g[k]
      storage.b[i] = s.b[k]
      storage.codes[i] = s.codes[k]
      storage.counts[i] = range.counts[i]
    }
    storage.count = n
    storage.pixels = range.pixelCount
    storage.kinds = Self.kinds(storage.codes, count: n)
  }
}
