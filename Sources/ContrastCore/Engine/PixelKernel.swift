internal import CPixelKernel

/// The per-pixel contrast model's fast twin: one (rendering, colour) pair
/// unpacked once for the C vector loops (`Sources/CPixelKernel`, eight
/// entries at a time with AVX-512, four with AVX2).
///
/// What it computes is the readable reference,
/// ``BackgroundEvaluator/ratio(backdrop:wallpaper:code:color:lum:)`` (SPEC
/// §3.2-§3.4: ``MaterialPipeline/apply(_:)``, ``ElementRendering``'s border,
/// ``RGBA/composited(over:)``, ``FastLuminance`` and
/// ``WCAG/contrastRatio(luminance:_:)``), entry by entry: the vector loops
/// perform its IEEE operations in the same order, lane by lane, and
/// `ModelTwinTests` holds every ratio, background luminance and statistic
/// equal to it bit for bit at every ``FastEngine/VectorLevel`` the CPU has.
/// At ``FastEngine/VectorLevel/portable`` the reference itself runs.
struct PixelKernel {
  let reference: BackgroundEvaluator
  let color: RGBA
  let lum: FastLuminance
  /// The ratios inside the shape and in the border band when the background
  /// there does not depend on the backdrop: an opaque fill or tint hides it
  /// (`1 * c + 0 * x` is exactly `c` for any finite `x`).
  let constantInside: (inside: Double, border: Double)?
  /// The pair flattened for the C loops.
  let parameters: cpk_params

  /// Whether an opaque fill or tint hides the backdrop inside the shape
  /// (then ``constantInside`` is set, whatever the colour).
  static func hidesBackdrop(_ rendering: ElementRendering) -> Bool {
    switch rendering.surface {
    case .wallpaper: return false
    case .material(let p, _): return p.fill?.alpha == 1 || p.tint?.alpha == 1
    case .appFill(let f, let t): return f.alpha == 1 || t?.alpha == 1
    }
  }

  init(rendering: ElementRendering, color: RGBA, lum: FastLuminance = .shared) {
    let reference = BackgroundEvaluator(rendering)
    self.reference = reference
    self.color = color
    self.lum = lum
    func rgba(_ c: RGBA?) -> (Double, Double, Double, Double) {
      guard let c else { return (0, 0, 0, 0) }
      return (c.rgb.r, c.rgb.g, c.rgb.b, c.alpha)
    }
    var kind: Int32 = 0
    var p: MaterialPipeline?
    var fill: RGBA?
    var tint: RGBA?
    switch rendering.surface {
    case .wallpaper:
      break
    case .material(let pipeline, _):
      kind = pipeline.kind == .glass ? 1 : 2
      p = pipeline
      fill = pipeline.fill
      tint = pipeline.tint
    case .appFill(let f, let t):
      kind = 3
      fill = f
      tint = t
    }
    if Self.hidesBackdrop(rendering) {
      func ratio(_ code: UInt8) -> Double {
        reference.ratio(backdrop: .black, wallpaper: .black, code: code, color: color, lum: lum)
      }
      constantInside = (ratio(1), ratio(2))
    } else {
      constantInside = nil
    }
    // Their backgrounds' luminances (what a remedy search reads).
    func constantLuminance(_ code: UInt8) -> Double {
      lum.luminance(reference.background(backdrop: .black, wallpaper: .black, code: code))
    }
    // An opaque colour composited over anything is itself (`1 * c + 0 * bg`
    // is exactly `c`), so its luminance is taken once.
    let opaqueLuminance = color.alpha == 1 ? lum.luminance(color.rgb) : nil
    var flat = cpk_params()
    flat.surface = kind
    flat.saturation = p?.saturation ?? 0
    flat.white = p?.white ?? 0
    flat.black = p?.black ?? 0
    flat.lumaCap = p?.lumaCap ?? 0
    flat.brightness = p?.brightness ?? 0
    flat.plateShare = p?.plateShare ?? 0
    let stops = p?.plateStops ?? [0, 1]
    withUnsafeMutableBytes(of: &flat.stops) { raw in
      let room = raw.bindMemory(to: Double.self)
      precondition(stops.count >= 2 && stops.count <= room.count, "2 to 8 plate stops")
      for (i, v) in stops.enumerated() { room[i] = v }
    }
    flat.stopCount = Int32(stops.count)
    flat.hasFill = fill == nil ? 0 : 1
    flat.fill = rgba(fill)
    flat.hasTint = tint == nil ? 0 : 1
    flat.tint = rgba(tint)
    flat.border = rgba(rendering.borderColor)
    flat.color = rgba(color)
    flat.opaque = opaqueLuminance == nil ? 0 : 1
    flat.opaqueLuminance = opaqueLuminance ?? 0
    flat.hasConstant = constantInside == nil ? 0 : 1
    flat.constantInside = constantInside?.inside ?? 0
    flat.constantBorder = constantInside?.border ?? 0
    flat.constantInsideLuminance = constantInside == nil ? 0 : constantLuminance(1)
    flat.constantBorderLuminance = constantInside == nil ? 0 : constantLuminance(2)
    flat.table = lum.table
    flat.steps = Int32(FastLuminance.steps)
    parameters = flat
  }

  /// The reference's ratio at entry `k` of `s` (its colour is the backdrop
  /// inside the shape and the wallpaper outside).
  @inline(__always)
  func referenceRatio(_ s: ItemSamples.Storage, _ k: Int) -> Double {
    let c = RGB(r: s.r[k], g: s.g[k], b: s.b[k])
    return reference.ratio(backdrop: c, wallpaper: c, code: s.codes[k], color: color, lum: lum)
  }

  /// The ratio of every entry of `samples`, in order: the vector loops, or
  /// at ``FastEngine/VectorLevel/portable`` ``referenceRatio(_:_:)``.
  func ratios(_ samples: ItemSamples) -> [Double] {
    ratios(samples.storage, count: samples.count).ratios
  }

  /// ``ratios(_:)``, and on the vector loops each entry's background
  /// luminance from the same loop (exactly ``backgroundLuminances(_:)``,
  /// whatever the colour); nil luminances otherwise.
  func ratiosAndLuminances(_ samples: ItemSamples) -> (ratios: [Double], luminances: [Double]?) {
    ratios(samples.storage, count: samples.count, withLuminances: true)
  }

  /// The ratios of the first `n` entries of `s`, and (`withLuminances`,
  /// when the vector loops ran) their backgrounds' luminances, written by
  /// the loop into storage it alone initialises.
  private func ratios(_ s: ItemSamples.Storage, count n: Int, withLuminances: Bool = false) -> (
    ratios: [Double], luminances: [Double]?
  ) {
    var ratios: [Double] = []
    var vectorized = false
    let luminances = [Double](unsafeUninitializedCapacity: withLuminances ? n : 0) { l, made in
      ratios = [Double](unsafeUninitializedCapacity: n) { out, initialized in
        var parameters = parameters
        vectorized =
          n > 0
          && cpk_ratios(
            &parameters, s.r, s.g, s.b, s.codes, n, out.baseAddress,
            withLuminances ? l.baseAddress : nil) != 0
        if !vectorized {
          for k in 0..<n { out[k] = referenceRatio(s, k) }
        }
        initialized = n
      }
      made = withLuminances && vectorized ? n : 0
    }
    return (ratios, withLuminances && vectorized ? luminances : nil)
  }

  /// The ratio of every entry of `samples` and their statistics against
  /// `threshold`, in one vector loop (the ratios, then in the same loop the
  /// mean's sum, the failing pixels, the extremes and the percentiles'
  /// buckets): exactly ``ratios(_:)`` and
  /// ``ContrastStatistics/init(ratios:counts:threshold:)`` (`ModelTwinTests`).
  /// Nil without the vector loops, for fewer than ``BucketSelect/smallest``
  /// entries, or when a ratio has no bucket.
  ///
  /// The same loop writes each entry's background luminance, kept (exactly
  /// ``backgroundLuminances(_:)``) when some pixel is below the threshold:
  /// what the remedy search of a failing check reads, so that it need not
  /// take the model over the pixels again.
  func measure(_ samples: ItemSamples, threshold: Double) -> (
    ratios: [Double], statistics: ContrastStatistics, buckets: RatioBuckets,
    luminances: [Double]?
  )? {
    let n = samples.count
    guard FastEngine.vectorized, n >= BucketSelect.smallest else { return nil }
    let p = samples.storage
    var parameters = parameters
    let buckets = BucketSelect.bucketCount
    var histogram = [Int](repeating: 0, count: 2 * buckets)
    var summary = cpk_summary()
    var ratios: [Double] = []
    let luminances = [Double](unsafeUninitializedCapacity: n) { l, made in
      ratios = [Double](unsafeUninitializedCapacity: n) { out, initialized in
        let done = histogram.withUnsafeMutableBufferPointer { h in
          cpk_ratios_summary(
            &parameters, p.r, p.g, p.b, p.codes, p.counts, n, threshold,
            UInt32(BucketSelect.shift), BucketSelect.base, buckets, out.baseAddress, &summary,
            h.baseAddress, h.baseAddress! + buckets, l.baseAddress)
        }
        guard done != 0 else { return }
        initialized = n
      }
      made = ratios.count
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
      mean: RatioSum.Wide(high: summary.sum_high, low: summary.sum_low).mean(over: pixels),
      max: summary.highest,
      failingFraction: Double(summary.failing) / Double(pixels))
    return (
      ratios, statistics, RatioBuckets(histogram: histogram),
      summary.failing > 0 ? luminances : nil
    )
  }

  /// The relative luminance of every entry's background, in order: the
  /// vector loops, or at ``FastEngine/VectorLevel/portable`` the reference's
  /// ``BackgroundEvaluator/background(backdrop:wallpaper:code:)`` through
  /// ``FastLuminance/luminance(_:)``. With an opaque colour, whose luminance
  /// is fixed, each ratio is ``ratio(foreground:background:)`` of it.
  func backgroundLuminances(_ samples: ItemSamples) -> [Double] {
    let n = samples.count
    let s = samples.storage
    return [Double](unsafeUninitializedCapacity: n) { out, initialized in
      var parameters = parameters
      if n == 0
        || cpk_background_luminances(&parameters, s.r, s.g, s.b, s.codes, n, out.baseAddress)
          == 0
      {
        for k in 0..<n {
          let c = RGB(r: s.r[k], g: s.g[k], b: s.b[k])
          out[k] = lum.luminance(
            reference.background(backdrop: c, wallpaper: c, code: s.codes[k]))
        }
      }
      initialized = n
    }
  }

  /// The contrast ratio of luminances `fg` and `bg`
  /// (``WCAG/contrastRatio(luminance:_:)``).
  @inline(__always)
  static func ratio(foreground fg: Double, background bg: Double) -> Double {
    WCAG.contrastRatio(luminance: fg, bg)
  }

  /// The entries of `indices` whose ratio is below `threshold` (with their
  /// ratios) and the pixels they cover; with `stopAtRank` the scan stops once
  /// they cover `rank` pixels. `lowest` is the lowest ratio visited. The
  /// entries are gathered a block at a time for the vector loops.
  func failing(
    _ samples: ItemSamples, among indices: [Int], threshold: Double, rank: Int,
    stopAtRank: Bool
  ) -> (entries: [(index: Int, ratio: Double)], pixels: Int, lowest: Double) {
    var lowest = Double.infinity
    var out: [(index: Int, ratio: Double)] = []
    var pixels = 0
    let p = samples.storage
    let block = Swift.min(indices.count, 128)
    let gathered = ItemSamples.Storage(capacity: block)
    var start = 0
    scan: while start < indices.count {
      let end = Swift.min(start + block, indices.count)
      for (j, k) in indices[start..<end].enumerated() {
        precondition(k >= 0 && k < samples.count, "entry out of range")
        gathered.r[j] = p.r[k]
        gathered.g[j] = p.g[k]
        gathered.b[j] = p.b[k]
        gathered.codes[j] = p.codes[k]
      }
      let ratios = ratios(gathered, count: end - start).ratios
      for (j, k) in indices[start..<end].enumerated() {
        let ratio = ratios[j]
        lowest = Swift.min(lowest, ratio)
        guard ratio < threshold else { continue }
        out.append((k, ratio))
        pixels += p.counts[k]
        if stopAtRank && pixels >= rank { break scan }
      }
      start = end
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

  /// ``failingAll(_:threshold:)`` keeping only the `limit` failing entries
  /// of lowest ratio (ties by index), ascending, as
  /// `RemedySearch.lowest(limit, of: failingAll(...).entries)` gives them,
  /// and whether any entry fails: no list of every failing entry is made.
  /// When none fails (most scans at a candidate the search found), the
  /// least ratio alone, in plain C (`cpk_lowest_none_below`), without the
  /// heap's pass.
  func worstFailing(_ samples: ItemSamples, threshold: Double, limit: Int) -> (
    worst: [(index: Int, ratio: Double)], fails: Bool, lowest: Double
  ) {
    ratios(samples).withUnsafeBufferPointer { r in
      var lowest = Double.infinity
      if cpk_lowest_none_below(r.baseAddress, r.count, threshold, &lowest) != 0 {
        return ([], false, lowest)
      }
      return Self.worstFailing(count: r.count, threshold: threshold, limit: limit) { r[$0] }
    }
  }

  /// The remedy search's starting set under `min`: the indices of the
  /// entries whose ratio is at most the `k`-th least of `ratios` (1-based,
  /// duplicates counted), in index order, the first `limit` of them. In
  /// plain C: the entries at or below a pivot taken from a sample gathered
  /// in one pass, the `k`-th least selected among them
  /// (``RemedySearch/leastEntriesReference(_:k:limit:)``
  /// is the reference, `ModelTwinTests`); nil when `k` is out of range or
  /// memory for the selection could not be had.
  static func leastEntries(_ ratios: [Double], k: Int, limit: Int) -> [Int]? {
    guard k >= 1, k <= ratios.count, limit >= 0 else { return nil }
    var cut = 0.0
    var failed = false
    let out = [Int](unsafeUninitializedCapacity: limit) { buffer, initialized in
      let m = ratios.withUnsafeBufferPointer {
        cpk_least_entries($0.baseAddress, $0.count, k, limit, buffer.baseAddress, &cut)
      }
      failed = m < 0
      initialized = Swift.max(m, 0)
    }
    return failed ? nil : out
  }

  /// The indices of the entries of `ratios` at most `cut`, in index
  /// order, the first `limit` of them, in plain C (a block of entries all
  /// above the cut passed over in one test);
  /// ``RemedySearch/entriesReference(_:atMost:limit:)`` is the reference
  /// (`ModelTwinTests`).
  static func entries(_ ratios: [Double], atMost cut: Double, limit: Int) -> [Int] {
    let room = Swift.max(limit, 0)
    return [Int](unsafeUninitializedCapacity: room) { buffer, initialized in
      initialized = ratios.withUnsafeBufferPointer {
        cpk_entries_at_most($0.baseAddress, $0.count, cut, room, buffer.baseAddress)
      }
    }
  }

  /// The remedy search's scan of an opaque colour over the entries'
  /// background luminances: ``worstFailing(count:threshold:limit:ratio:)``
  /// of ``ratio(foreground:background:)`` of foreground luminance `fg` over
  /// each of `backgrounds`, in the vector loops (the same bits; that scan
  /// is the reference, `ModelTwinTests`); nil without them.
  static func worstFailing(
    foreground fg: Double, backgrounds: [Double], threshold: Double, limit: Int
  ) -> (worst: [(index: Int, ratio: Double)], fails: Bool, lowest: Double)? {
    let room = Swift.max(limit, 0)
    var index = [Int](repeating: 0, count: room)
    var ratio = [Double](repeating: 0, count: room)
    var lowest = 0.0
    let count = backgrounds.withUnsafeBufferPointer { bg in
      cpk_luminance_scan(fg, bg.baseAddress, bg.count, threshold, room, &index, &ratio, &lowest)
    }
    guard count >= 0 else { return nil }
    var worst: [(index: Int, ratio: Double)] = []
    worst.reserveCapacity(count)
    for j in 0..<count { worst.append((index[j], ratio[j])) }
    worst.sort { $0.ratio != $1.ratio ? $0.ratio < $1.ratio : $0.index < $1.index }
    return (worst, count > 0, lowest)
  }

  /// Of `count` entries whose ratios `ratio` gives, the `limit` below
  /// `threshold` of lowest ratio (ties by index), ascending; whether any
  /// is below; and the lowest ratio of all. A bounded max-heap holds the
  /// `limit` lowest seen so far (entries come in index order, so an entry
  /// tying the heap's greatest ratio comes after it and is left out).
  @inline(__always)
  static func worstFailing(
    count: Int, threshold: Double, limit: Int, ratio: (Int) -> Double
  ) -> (worst: [(index: Int, ratio: Double)], fails: Bool, lowest: Double) {
    var lowest = Double.infinity
    var heap: [(index: Int, ratio: Double)] = []
    heap.reserveCapacity(Swift.min(limit, 1024))
    func above(_ a: (index: Int, ratio: Double), _ b: (index: Int, ratio: Double)) -> Bool {
      a.ratio != b.ratio ? a.ratio > b.ratio : a.index > b.index
    }
    for k in 0..<count {
      let r = ratio(k)
      lowest = Swift.min(lowest, r)
      guard r < threshold else { continue }
      let e = (index: k, ratio: r)
      if heap.count < limit {
        // Sift up.
        heap.append(e)
        var i = heap.count - 1
        while i > 0 {
          let parent = (i - 1) / 2
          guard above(heap[i], heap[parent]) else { break }
          heap.swapAt(i, parent)
          i = parent
        }
      } else if limit > 0, above(heap[0], e) {
        // Replace the greatest, sift down.
        heap[0] = e
        var i = 0
        while true {
          let l = 2 * i + 1
          guard l < heap.count else { break }
          var m = l
          if l + 1 < heap.count, above(heap[l + 1], heap[l]) { m = l + 1 }
          guard above(heap[m], heap[i]) else { break }
          heap.swapAt(i, m)
          i = m
        }
      }
    }
    let worst = heap.sorted { $0.ratio != $1.ratio ? $0.ratio < $1.ratio : $0.index < $1.index }
    return (worst, !heap.isEmpty, lowest)
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
