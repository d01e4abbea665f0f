import Foundation

extension ContrastBounds {
  /// Points per side of the grid over the cube, and their spacing.
  static let gridSide = 33
  static let gridStep = 1.0 / Double(gridSide - 1)

  /// How far a ratio taken with the table luminance (``FastLuminance``,
  /// within 5e-8 of the exact one per channel) can be from the exact one:
  /// 20 * 5e-8 + 21 * 20 * 5e-8 = 2.2e-5 (see the ranking below). Measured
  /// on the bundled run: 627 of 14,112 checks lay up to 5e-6 outside bounds
  /// taken without it.
  static let tableRatioError = 2.2e-5

  /// The 33^3 grid over the RGB cube (red slowest, blue fastest), as
  /// backdrop pixels inside a shape (code 1).
  static let grid = grid(code: 1)

  /// The same grid as pixels outside the shape (code 0: the bare
  /// wallpaper) and under the border (code 2).
  static let outsideGrid = grid(code: 0)
  static let borderGrid = grid(code: 2)

  static func grid(code: UInt8) -> ItemSamples {
    ItemSamples(capacity: gridSide * gridSide * gridSide) { builder in
      for i in 0..<gridSide {
        for j in 0..<gridSide {
          for k in 0..<gridSide {
            builder.append(
              Double(i) * gridStep, Double(j) * gridStep, Double(k) * gridStep, code: code)
          }
        }
      }
    }
  }

  /// `centre + d h` for `d` in -4...4, clamped to [0, 1], each value once
  /// (at its first offset; the clamped values ascend, so repeats are adjacent).
  /// With `repeating`, every offset's value (what the first occurrences must
  /// reproduce).
  static func offsets(_ centre: Double, _ h: Double, repeating: Bool = false) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(9)
    for d in -4...4 {
      let x = Swift.min(Swift.max(centre + Double(d) * h, 0), 1)
      if repeating || out.last != x { out.append(x) }
    }
    return out
  }

  /// The least and greatest contrast `color` can have over `rendering`'s
  /// background on any wallpaper (SPEC §3.5).
  ///
  /// After the blur every backdrop colour is a convex combination of
  /// wallpaper colours, so it lies in the RGB cube (the Reduce Transparency
  /// mean too). The pipeline maps one backdrop colour to one background, so
  /// the extremes over all wallpapers are the extremes of
  /// `ratio(color over P(c), P(c))` over the cube. Evaluated on a 33^3 grid,
  /// then refined: around the best grid points a grid of a quarter of the
  /// step, three times (a final spacing of 1/2048).
  public static func overCube(rendering: ElementRendering, color: RGBA) -> ContrastBounds {
    overCube(rendering: rendering, color: color, rankingExactly: false, refiningEveryPoint: false)
  }

  /// ``overCube(rendering:color:)`` for the pixels of one mask code: 1
  /// inside the shape (the background), 2 under the border (the border
  /// over the background), 0 outside the shape (the bare wallpaper, any
  /// colour of the cube).
  public static func overCube(rendering: ElementRendering, color: RGBA, code: UInt8)
    -> ContrastBounds
  {
    overCube(
      rendering: rendering, color: color, rankingExactly: false, refiningEveryPoint: false,
      code: code)
  }

  /// ``overCube(rendering:color:code:)`` of a vibrant item (issue 30) when
  /// `ink` is given: its colour at each point is the ink over that point's
  /// background, so the extremes are those of `ratio(V(P(c)), P(c))` over
  /// the cube, found the same way.
  public static func overCube(
    rendering: ElementRendering, color: RGBA, ink: VibrantInk?, code: UInt8
  ) -> ContrastBounds {
    overCube(
      rendering: rendering, color: color, rankingExactly: false, refiningEveryPoint: false,
      code: code, ink: ink)
  }

  /// ``overCube(rendering:color:)``; `rankingExactly` ranks every grid point
  /// with the exact luminance (what the table's shortcut must reproduce), and
  /// `refiningEveryPoint` evaluates every refinement point, repeats included
  /// (what evaluating first occurrences only must reproduce).
  static func overCube(
    rendering: ElementRendering, color: RGBA, rankingExactly: Bool, refiningEveryPoint: Bool,
    code: UInt8 = 1, ink: VibrantInk? = nil
  ) -> ContrastBounds {
    // An opaque colour composited over anything is itself (`1 * c + 0 * x`
    // is exactly `c`): its luminance is taken once. (Not a vibrant one:
    // its colour follows the background.)
    let opaqueLuminance =
      color.alpha == 1 && ink == nil ? WCAG.relativeLuminance(color.rgb) : nil
    let grid = code == 0 ? Self.outsideGrid : code == 2 ? Self.borderGrid : Self.grid
    // The last background's ratio: where the pipeline maps a region of the
    // cube to one background (an opaque fill or tint, channels clamped),
    // neighbouring points give the same background, whose exact ratio (the
    // luminance's `pow`s) is taken once. The ratio is a function of the
    // background alone, so the same bits. (Not when ranking every point
    // exactly: what the shortcuts, this one too, must reproduce.)
    var last: (background: RGB, ratio: Double)?
    func ratio(_ c: RGB) -> Double {
      let bg =
        code == 0
        ? c
        : code == 2 ? rendering.borderBackground(backdrop: c) : rendering.background(backdrop: c)
      if !rankingExactly, let last, last.background.r.bitPattern == bg.r.bitPattern,
        last.background.g.bitPattern == bg.g.bitPattern,
        last.background.b.bitPattern == bg.b.bitPattern
      {
        return last.ratio
      }
      let value = exactRatio(bg)
      last = (bg, value)
      return value
    }
    func exactRatio(_ bg: RGB) -> Double {
      if let opaqueLuminance {
        return WCAG.contrastRatio(luminance: opaqueLuminance, WCAG.relativeLuminance(bg))
      }
      let fg = ink?.foreground(over: bg) ?? color.composited(over: bg)
      return WCAG.contrastRatio(fg, bg)
    }
    let step = Self.gridStep
    // The grid is ranked first with the table luminance (``FastLuminance``,
    // within 5e-8 of the exact one per channel, so a luminance within 5e-8
    // and a ratio within 20 * 5e-8 + 21 * 20 * 5e-8 = 2.2e-5 of the exact
    // ones): with `slack` above twice that, every point that can be among
    // the exact extremes is within 2 * slack of the approximate ones, and
    // only those points are ranked again exactly. The seeds are therefore
    // those of ranking every point exactly.
    let slack = 1e-4
    // The table-luminance ratios of the whole grid in one pass of the
    // per-pixel model (CPixelKernel's vector loop where the CPU has one):
    // every grid colour is a backdrop inside the shape.
    let ratios =
      ink.map { grid.vibrantEntryRatios(rendering: rendering, ink: $0) }
      ?? PixelKernel(rendering: rendering, color: color).ratios(grid)
    // Deterministic ordering of candidates: by ratio, ties by position. Only
    // the first and last few of that order are needed, so they are kept
    // while scanning instead of sorting every sample.
    func precedes(_ a: (Double, RGB), _ b: (Double, RGB)) -> Bool {
      a.0 != b.0 ? a.0 < b.0 : (a.1.r, a.1.g, a.1.b) < (b.1.r, b.1.g, b.1.b)
    }
    let seeds = 4
    func extremes<T>(_ samples: some Sequence<T>, by precedes: (T, T) -> Bool) -> (
      lowest: [T], highest: [T]
    ) {
      var lowest: [T] = []
      var highest: [T] = []
      for sample in samples {
        if lowest.count < seeds || precedes(sample, lowest[seeds - 1]) {
          let at = lowest.firstIndex { precedes(sample, $0) } ?? lowest.count
          lowest.insert(sample, at: at)
          if lowest.count > seeds { lowest.removeLast() }
        }
        if highest.count < seeds || precedes(highest[seeds - 1], sample) {
          let at = highest.firstIndex { precedes($0, sample) } ?? highest.count
          highest.insert(sample, at: at)
          if highest.count > seeds { highest.removeLast() }
        }
      }
      return (lowest, highest)
    }
    // Only the fourth least and greatest table ratios are needed to cut
    // the candidates: read off the ratios alone, no point's colour.
    let rough = extremes(ratios, by: <)
    let lowCut = rough.lowest[seeds - 1] + 2 * slack
    let highCut = rough.highest[seeds - 1] - 2 * slack
    let candidates = ratios.indices.filter {
      rankingExactly || ratios[$0] <= lowCut || ratios[$0] >= highCut
    }.map { k in
      let c = grid.color(at: k)
      return (ratio(c), c)
    }
    let exact = extremes(candidates, by: precedes)
    // The table ratios of `points` (backdrops of this code), or nil when
    // the samples merged two of them (equal neighbours: not met here, as
    // each clamped point is taken once).
    func approximateRatios(_ points: [RGB]) -> [Double]? {
      let samples = ItemSamples(capacity: points.count) { builder in
        for p in points { builder.append(p.r, p.g, p.b, code: code) }
      }
      guard samples.count == points.count else { return nil }
      return ink.map { samples.vibrantEntryRatios(rendering: rendering, ink: $0) }
        ?? PixelKernel(rendering: rendering, color: color).ratios(samples)
    }
    func refine(_ start: [RGB], lowest: Bool) -> Double {
      func better(_ a: Double, _ b: Double) -> Bool { lowest ? a < b : a > b }
      var best = ratio(start[0])
      for seed in start {
        var centre = seed
        var value = ratio(seed)
        var h = step
        for _ in 0..<3 {
          h /= 4
          var localBest = (value, centre)
          // The 9^3 points around the centre, clamped to the cube. Near a
          // face several offsets clamp to one coordinate; a point met again
          // cannot be strictly better than itself, so only each point's first
          // occurrence is evaluated (the same points in the same order).
          let all = refiningEveryPoint
          var points: [RGB] = []
          points.reserveCapacity(729)
          for r in Self.offsets(centre.r, h, repeating: all) {
            for g in Self.offsets(centre.g, h, repeating: all) {
              for b in Self.offsets(centre.b, h, repeating: all) {
                points.append(RGB(r: r, g: g, b: b))
              }
            }
          }
          // Ranked with the table luminance first, as the grid is: a point
          // whose table ratio is more than 2 * slack from the best table
          // ratio is more than the table's error (``tableRatioError``, under
          // slack) from the best exact ratio, so it cannot be strictly better
          // than the point that has it; only the others are evaluated
          // exactly, in the same order, which picks the same point.
          let approximate = all ? nil : approximateRatios(points)
          let cut: Double? = approximate.map { a in
            lowest ? a.min()! + 2 * slack : a.max()! - 2 * slack
          }
          for (i, c) in points.enumerated() {
            if let approximate, let cut, lowest ? approximate[i] > cut : approximate[i] < cut {
              continue
            }
            let v = ratio(c)
            if better(v, localBest.0) { localBest = (v, c) }
          }
          value = localBest.0
          centre = localBest.1
        }
        if better(value, best) { best = value }
      }
      return best
    }
    let lo = refine(exact.lowest.map(\.1), lowest: true)
    let hi = refine(exact.highest.map(\.1), lowest: false)
    // The extremes are exact ratios; an item's own ratios are taken with
    // the table luminance, up to `tableRatioError` away. Widened by it, the
    // bounds contain them (SPEC §3.5), within WCAG's 1 to 21.
    return ContrastBounds(
      min: Swift.max(1, lo - Self.tableRatioError), max: Swift.min(21, hi + Self.tableRatioError))
  }
}
