import Foundation

extension ContrastBounds {
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
    func ratio(_ c: RGB) -> Double {
      let bg = rendering.background(backdrop: c)
      let fg = color.composited(over: bg)
      return WCAG.contrastRatio(fg, bg)
    }
    let n = 33
    let step = 1.0 / Double(n - 1)
    var samples: [(Double, RGB)] = []
    samples.reserveCapacity(n * n * n)
    for i in 0..<n {
      for j in 0..<n {
        for k in 0..<n {
          let c = RGB(r: Double(i) * step, g: Double(j) * step, b: Double(k) * step)
          samples.append((ratio(c), c))
        }
      }
    }
    // Deterministic ordering of candidates: by ratio, ties by position.
    let byRatio = samples.sorted {
      $0.0 != $1.0 ? $0.0 < $1.0 : ($0.1.r, $0.1.g, $0.1.b) < ($1.1.r, $1.1.g, $1.1.b)
    }
    func refine(_ start: [RGB], better: (Double, Double) -> Bool) -> Double {
      var best = ratio(start[0])
      for seed in start {
        var centre = seed
        var value = ratio(seed)
        var h = step
        for _ in 0..<3 {
          h /= 4
          var localBest = (value, centre)
          for di in -4...4 {
            for dj in -4...4 {
              for dk in -4...4 {
                let c = RGB(
                  r: Swift.min(Swift.max(centre.r + Double(di) * h, 0), 1),
                  g: Swift.min(Swift.max(centre.g + Double(dj) * h, 0), 1),
                  b: Swift.min(Swift.max(centre.b + Double(dk) * h, 0), 1))
                let v = ratio(c)
                if better(v, localBest.0) { localBest = (v, c) }
              }
            }
          }
          value = localBest.0
          centre = localBest.1
        }
        if better(value, best) { best = value }
      }
      return best
    }
    let seeds = 4
    let lo = refine(byRatio.prefix(seeds).map(\.1), better: <)
    let hi = refine(byRatio.suffix(seeds).reversed().map(\.1), better: >)
    return ContrastBounds(min: lo, max: hi)
  }
}
