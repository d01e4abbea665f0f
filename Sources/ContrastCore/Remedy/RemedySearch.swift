import Foundation

/// Remedies for one failing scene (SPEC §3.6), found by re-running the model
/// on the scene's own pixels.
///
/// Pass is judged as the audit judges it: the value at nearest rank
/// `r = ceil(p n / 100)` is at least the threshold exactly when fewer than
/// `r` pixels are below it (r = 1 for `min`). Pixels are visited worst first,
/// so a failing candidate stops early.
public struct RemedySearch: Sendable {
  public var samples: ItemSamples
  public var rendering: ElementRendering
  public var color: RGBA
  public var threshold: Double
  /// The judged statistic is the pixel value at this 1-based rank.
  public var rank: Int
  /// Entry indices to scan, worst first, for percentile statistics (a
  /// failing candidate stops early); empty for `min`, which scans in storage order.
  private var order: [Int]
  private let memo: Memo

  /// `ratios`, when given, are the entries' ratios under `rendering` and
  /// `color` as already measured (they are computed otherwise), and
  /// `buckets` their bucket histogram from that measurement, if it built one.
  public init(
    samples: ItemSamples, rendering: ElementRendering, color: RGBA, threshold: Double,
    statistic: VerdictStatistic, ratios known: [Double]? = nil, buckets: RatioBuckets? = nil
  ) {
    self.samples = samples
    self.rendering = rendering
    self.color = color
    self.threshold = threshold
    let n = samples.pixelCount
    let p: Int
    switch statistic {
    case .min: p = 0
    case .p05: p = 5
    case .p10: p = 10
    case .median: p = 50
    }
    rank = Swift.max(1, (p * n + 99) / 100)
    guard rank > 1 else {
      // Under `min` the starting set is found when a search first needs
      // it: one judged by the luminance index, or none at all once every
      // kind of fix has failed, never does.
      order = []
      memo = Memo(start: (samples, rendering, color, known, buckets))
      return
    }
    memo = Memo(start: nil)
    let ratios = known ?? samples.entryRatios(rendering: rendering, color: color)
    order = ratios.indices.sorted {
      ratios[$0] != ratios[$1] ? ratios[$0] < ratios[$1] : $0 < $1
    }
  }

  /// For `min`: the entries with the lowest current ratios, where a search
  /// starts (found on the first call).
  private func worst() -> [Int] {
    memo.lock.lock()
    defer { memo.lock.unlock() }
    if let known = memo.worst { return known }
    guard let (samples, rendering, color, known, buckets) = memo.start else { return [] }
    let ratios = known ?? samples.entryRatios(rendering: rendering, color: color)
    let k = Swift.min(256, ratios.count)
    let worst: [Int]
    if ratios.count >= BucketSelect.smallest, known != nil, let buckets {
      // The measurement's histogram of these very ratios.
      let cut = buckets.value(atRank: k, of: ratios)
      worst = PixelKernel.entries(ratios, atMost: cut, limit: 512)
    } else {
      worst =
        PixelKernel.leastEntries(ratios, k: k, limit: 512)
        ?? Self.leastEntriesReference(ratios, k: k, limit: 512)
    }
    memo.worst = worst
    return worst
  }

  /// The indices of the entries whose ratio is at most the `k`-th least
  /// of `ratios` (1-based, duplicates counted), in index order, the first
  /// `limit` of them: where the search under `min` starts. The reference
  /// of ``PixelKernel/leastEntries(_:k:limit:)``.
  static func leastEntriesReference(_ ratios: [Double], k: Int, limit: Int) -> [Int] {
    guard k >= 1, k <= ratios.count else { return [] }
    var copy = ratios
    let cut = copy.withUnsafeMutableBufferPointer { quickselect($0, k - 1, from: 0) }
    return entriesReference(ratios, atMost: cut, limit: limit)
  }

  /// The indices of the entries of `ratios` at most `cut`, in index
  /// order, the first `limit`: the reference of
  /// ``PixelKernel/entries(_:atMost:limit:)``.
  static func entriesReference(_ ratios: [Double], atMost cut: Double, limit: Int) -> [Int] {
    Array(ratios.indices.lazy.filter { ratios[$0] <= cut }.prefix(limit))
  }

  /// Entries of `among` whose ratio is below the threshold (with their
  /// ratios), and the pixels they cover. With `stopAtRank` the scan stops as
  /// soon as they cover `rank` pixels (the candidate fails); otherwise it
  /// visits every entry, and `lowest` is the lowest ratio of all.
  func failing(
    rendering r: ElementRendering, color c: RGBA, among indices: [Int], stopAtRank: Bool
  ) -> (entries: [(index: Int, ratio: Double)], pixels: Int, lowest: Double) {
    PixelKernel(rendering: r, color: c).failing(
      samples, among: indices, threshold: threshold, rank: rank, stopAtRank: stopAtRank)
  }

  /// The smallest `v` in `lo...hi` whose variant passes, assuming that once a
  /// value passes every larger one does, with the judged statistic there:
  /// `lo` when it passes; else nil when `hi` fails.
  ///
  /// For `min` (rank 1) the search runs on a working set of the worst pixels
  /// and each answer is then checked on every pixel; pixels that fail the
  /// check join the working set and the search runs again. The answer is
  /// therefore always verified on the full scene. Other statistics search on
  /// every pixel.
  ///
  /// `backgrounds`, when given, are the entries' background luminances
  /// (``backgroundLuminances()``): every variant keeps the rendering and has
  /// an opaque colour, so a ratio needs only the colour's luminance. Under
  /// `min` each variant is then judged on every pixel at once by their
  /// ``LuminanceIndex`` (a scan of them only where it cannot tell).
  func smallestPassing(
    from lo: Int, to hi: Int, backgrounds: [Double]? = nil,
    variant: (Int) -> (ElementRendering, RGBA)
  ) -> (value: Int, judged: Double)? {
    let lum = FastLuminance.shared
    func search(_ ok: (Int) -> Bool) -> Int? {
      if ok(lo) { return lo }
      guard ok(hi) else { return nil }
      var a = lo
      var b = hi
      while b - a > 1 {
        let mid = (a + b) / 2
        if ok(mid) { b = mid } else { a = mid }
      }
      return b
    }
    if let backgrounds {
      if rank == 1 {
        let index = luminanceIndex(backgrounds)
        func judge(_ fg: Double) -> (passes: Bool, lowest: Double) {
          if let known = index.judge(foreground: fg, threshold: threshold) { return known }
          // (The index cannot tell: a scan of every luminance.)
          let scan = Self.worstFailing(
            foreground: fg, backgrounds: backgrounds, threshold: threshold, limit: 1)
          return (!scan.fails, scan.lowest)
        }
        // The judged `min` of each value found passing: the answer is one.
        var lowest: [Int: Double] = [:]
        let found = search { v in
          let (_, c) = variant(v)
          precondition(c.alpha == 1, "background luminances need an opaque colour")
          let judged = judge(lum.luminance(c.rgb))
          if judged.passes { lowest[v] = judged.lowest }
          return judged.passes
        }
        return found.map { ($0, lowest[$0]!) }
      }
      let found = search { v in
        let (_, c) = variant(v)
        precondition(c.alpha == 1, "background luminances need an opaque colour")
        return Self.failingPixels(
          foreground: lum.luminance(c.rgb), backgrounds: backgrounds, counts: samples,
          among: order, threshold: threshold, rank: rank) < rank
      }
      return found.map { v in
        let (r, c) = variant(v)
        return (v, judged(rendering: r, color: c))
      }
    }
    func ok(_ v: Int, _ set: [Int]) -> Bool {
      let (r, c) = variant(v)
      return failing(rendering: r, color: c, among: set, stopAtRank: true).pixels < rank
    }
    guard rank == 1 else {
      guard let v = search({ ok($0, order) }) else { return nil }
      let (r, c) = variant(v)
      return (v, judged(rendering: r, color: c))
    }
    var working = worst()
    // (Made when a check first fails: most searches end before.)
    var inWorking: Set<Int>?
    while true {
      guard let v = search({ ok($0, working) }) else { return nil }
      let (r, c) = variant(v)
      // A full scan: it passes only when no pixel fails, and then its lowest
      // ratio is the judged `min`; otherwise its 512 worst misses
      // (`lowest(512, of:)` of every miss, without listing them all).
      let check = PixelKernel(rendering: r, color: c).worstFailing(
        samples, threshold: threshold, limit: 512)
      if !check.fails { return (v, check.lowest) }
      // The worst misses at this candidate join the working set.
      var seen = inWorking ?? Set(working)
      for m in check.worst where seen.insert(m.index).inserted {
        working.append(m.index)
      }
      inWorking = seen
    }
  }

  /// The ``LuminanceIndex`` of `backgrounds`: the same for every search of
  /// this colour over them (its lightness steps and named colours), so made
  /// once.
  private func luminanceIndex(_ backgrounds: [Double]) -> LuminanceIndex {
    memo.lock.lock()
    defer { memo.lock.unlock() }
    if let known = memo.backgrounds, let index = memo.index, known.count == backgrounds.count,
      known.withUnsafeBufferPointer({ a in
        backgrounds.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
      })
    {
      return index
    }
    let index = LuminanceIndex(backgrounds)
    memo.backgrounds = backgrounds
    memo.index = index
    return index
  }

  /// What searches of one ``RemedySearch`` share: the index of the one
  /// array of backgrounds they were given (held, so that no other array can
  /// take its place in memory); under `min`, what the starting set is
  /// found from (the samples, rendering and colour at the search's making,
  /// the measured ratios and their histogram when known), and the set.
  final class Memo: @unchecked Sendable {
    let lock = NSLock()
    var backgrounds: [Double]?
    var index: LuminanceIndex?
    typealias Start = (
      samples: ItemSamples, rendering: ElementRendering, color: RGBA, ratios: [Double]?,
      buckets: RatioBuckets?
    )
    let start: Start?
    var worst: [Int]?

    init(start: Start?) { self.start = start }
  }

  /// The pixels of the entries of `indices` whose ratio (foreground
  /// luminance `fg` over `backgrounds`) is below `threshold`, counted until
  /// they reach `rank`.
  static func failingPixels(
    foreground fg: Double, backgrounds: [Double], counts samples: ItemSamples, among indices: [Int],
    threshold: Double, rank: Int
  ) -> Int {
    var pixels = 0
    for k in indices where PixelKernel.ratio(foreground: fg, background: backgrounds[k]) < threshold
    {
      pixels += samples.count(at: k)
      if pixels >= rank { break }
    }
    return pixels
  }

  /// Of the entries whose ratio (foreground luminance `fg` over
  /// `backgrounds`) is below `threshold`, the `limit` worst, ascending;
  /// whether any is; and the lowest ratio of all
  /// (``PixelKernel/worstFailing(count:threshold:limit:ratio:)``).
  static func worstFailing(
    foreground fg: Double, backgrounds: [Double], threshold: Double, limit: Int
  ) -> (worst: [(index: Int, ratio: Double)], fails: Bool, lowest: Double) {
    // The vector loops where they run (the same bits), else the reference.
    if let fast = PixelKernel.worstFailing(
      foreground: fg, backgrounds: backgrounds, threshold: threshold, limit: limit)
    {
      return fast
    }
    return reference(foreground: fg, backgrounds: backgrounds, threshold: threshold, limit: limit)
  }

  /// ``worstFailing(foreground:backgrounds:threshold:limit:)`` in plain
  /// Swift: the reference of the vector loops.
  static func reference(
    foreground fg: Double, backgrounds: [Double], threshold: Double, limit: Int
  ) -> (worst: [(index: Int, ratio: Double)], fails: Bool, lowest: Double) {
    backgrounds.withUnsafeBufferPointer { bg in
      PixelKernel.worstFailing(count: bg.count, threshold: threshold, limit: limit) {
        PixelKernel.ratio(foreground: fg, background: bg[$0])
      }
    }
  }

  /// The luminance of every entry's background, when the colour is opaque
  /// (its lightness variants then share them); nil otherwise.
  public func backgroundLuminances() -> [Double]? {
    guard color.alpha == 1 else { return nil }
    return PixelKernel(rendering: rendering, color: color).backgroundLuminances(samples)
  }

  /// The `count` entries of lowest ratio (ties by index), ascending: the
  /// sorted list's first `count`, without sorting all of `entries` (which
  /// are in index order). The reference of the remedy search's scan, which
  /// keeps only these as it goes (``PixelKernel/worstFailing(_:threshold:limit:)``).
  static func lowest(_ count: Int, of entries: [(index: Int, ratio: Double)]) -> [(
    index: Int, ratio: Double
  )] {
    var chosen = entries
    if entries.count > count {
      var ratios = entries.map(\.ratio)
      let cut = ratios.withUnsafeMutableBufferPointer { quickselect($0, count - 1, from: 0) }
      let below = entries.filter { $0.ratio < cut }
      chosen = below + entries.lazy.filter { $0.ratio == cut }.prefix(count - below.count)
    }
    return chosen.sorted { $0.ratio != $1.ratio ? $0.ratio < $1.ratio : $0.index < $1.index }
  }

  /// The judged statistic (the pixel value at `rank`) with this rendering and colour.
  public func judged(rendering r: ElementRendering, color c: RGBA) -> Double {
    let ratios = samples.entryRatios(rendering: r, color: c)
    if rank == 1 { return ratios.min() ?? .infinity }
    var seen = 0
    for i in ratios.indices.sorted(by: { ratios[$0] < ratios[$1] }) {
      seen += samples.count(at: i)
      if seen >= rank { return ratios[i] }
    }
    return ratios.max() ?? .infinity
  }

  /// Which colour's alpha an app can set on this surface, if any: the
  /// element's tint when it has one; on glass without a tint a new
  /// `.tint()` in `glassTint` (an app cannot set glass's own fill); the
  /// app's own fill. A standard material without a tint has none: an app
  /// cannot set its fill (its fix is a thicker material); nor has content
  /// with no material.
  public func alphaTarget(glassFill glassTint: RGB) -> (
    property: String, color: RGB, alpha: Double
  )? {
    Self.alphaTarget(of: rendering, glassFill: glassTint)
  }

  /// ``alphaTarget(glassFill:)`` of a search with `rendering`.
  public static func alphaTarget(of rendering: ElementRendering, glassFill glassTint: RGB) -> (
    property: String, color: RGB, alpha: Double
  )? {
    switch rendering.surface {
    case .wallpaper:
      return nil
    case .material(let pipeline, _):
      if let t = pipeline.tint { return ("tint", t.rgb, t.alpha) }
      return pipeline.kind == .glass ? ("tint", glassTint, 0) : nil
    case .appFill(let fill, let tint):
      if let t = tint { return ("tint", t.rgb, t.alpha) }
      return ("fill", fill.rgb, fill.alpha)
    }
  }

  /// The tint an app would add to glass for text of `color`: black or white,
  /// whichever contrasts more with the text (white on a tie).
  public static func glassTint(for color: RGBA) -> RGB {
    let c = color.rgb
    return WCAG.contrastRatio(c, .black) > WCAG.contrastRatio(c, .white) ? .black : .white
  }

  /// The judged ratio with `rendering` and `color` when it passes, with the
  /// audit's statistic; nil when it fails. Verified on every pixel.
  /// `backgrounds` (``backgroundLuminances()``) serve only this search's
  /// own rendering with an opaque colour.
  public func passing(rendering r: ElementRendering, color c: RGBA, backgrounds: [Double]? = nil)
    -> Double?
  {
    smallestPassing(from: 0, to: 0, backgrounds: c.alpha == 1 && r == rendering ? backgrounds : nil)
    { _ in (r, c) }?
    .judged
  }

  /// The rendering with the alpha target's alpha set to `alpha`.
  public func rendering(withAlpha alpha: Double, glassFill: RGB) -> ElementRendering {
    var r = rendering
    guard let target = alphaTarget(glassFill: glassFill) else { return r }
    switch r.surface {
    case .wallpaper:
      break
    case .material(var pipeline, let blur):
      if target.property == "tint" {
        pipeline.tint = RGBA(target.color, alpha: alpha)
      } else {
        pipeline.fill = RGBA(target.color, alpha: alpha)
      }
      r.surface = .material(pipeline, blur: blur)
    case .appFill(let fill, let tint):
      if target.property == "tint" {
        r.surface = .appFill(fill, tint: RGBA(target.color, alpha: alpha))
      } else {
        r.surface = .appFill(RGBA(fill.rgb, alpha: alpha), tint: tint)
      }
    }
    return r
  }

  /// The smallest alpha in hundredths (0...100) that passes, searching upward
  /// from the current alpha, and the judged ratio there; nil when even 1 fails.
  public func minimalAlpha(glassFill: RGB) -> (value: Int, judged: Double)? {
    guard let target = alphaTarget(glassFill: glassFill) else { return nil }
    let from = Swift.min(100, Swift.max(0, Int((target.alpha * 100).rounded(.down))))
    return smallestPassing(from: from, to: 100) { h in
      (rendering(withAlpha: Double(h) / 100, glassFill: glassFill), color)
    }
  }

  /// The text colour moved a fraction `t` of the way to black (`toward` 0)
  /// or white (`toward` 1) in HSL lightness, keeping hue, saturation and alpha.
  public static func color(_ c: RGBA, lightnessToward target: Double, by t: Double) -> RGBA {
    var hsl = HSL(c.rgb)
    hsl.lightness += (target - hsl.lightness) * t
    return RGBA(hsl.rgb, alpha: c.alpha)
  }

  /// The smallest step (in thousandths, 0...1000) toward black or white in
  /// lightness that passes, and the judged ratio there; nil when the end of
  /// that direction fails.
  ///
  /// `backgrounds` are ``backgroundLuminances()`` when known (both
  /// directions share them).
  public func minimalLightnessStep(toward target: Double, backgrounds: [Double]? = nil) -> (
    value: Int, judged: Double
  )? {
    smallestPassing(from: 0, to: 1000, backgrounds: backgrounds) { k in
      (rendering, RemedySearch.color(color, lightnessToward: target, by: Double(k) / 1000))
    }
  }
}

/// Hue, saturation and lightness of an encoded sRGB colour (the usual HSL
/// of CSS Color 4 on the encoded values).
public struct HSL: Sendable, Hashable {
  /// Hue in degrees, [0, 360).
  public var hue: Double
  public var saturation: Double
  public var lightness: Double

  public init(_ c: RGB) {
    let mx = Swift.max(c.r, c.g, c.b)
    let mn = Swift.min(c.r, c.g, c.b)
    lightness = (mx + mn) / 2
    let d = mx - mn
    if d == 0 {
      hue = 0
      saturation = 0
      return
    }
    saturation = d / (1 - abs(2 * lightness - 1))
    var h: Double
    if mx == c.r {
      h = (c.g - c.b) / d
    } else if mx == c.g {
      h = (c.b - c.r) / d + 2
    } else {
      h = (c.r - c.g) / d + 4
    }
    h *= 60
    if h < 0 { h += 360 }
    hue = h
  }

  /// Back to RGB.
  public var rgb: RGB {
    let l = Swift.min(Swift.max(lightness, 0), 1)
    let s = Swift.min(Swift.max(saturation, 0), 1)
    let a = s * Swift.min(l, 1 - l)
    func f(_ n: Double) -> Double {
      let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
      return l - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
    }
    return RGB(r: f(0), g: f(8), b: f(4))
  }
}
