import Testing

@testable import ContrastCore

/// The bounds over the cube rank the 33^3 grid with the table luminance and
/// re-rank exactly only the points near the extremes; the seeds, and so the
/// bounds, must be those of ranking every grid point exactly (the reference
/// below), bit for bit.
@Suite struct CubeBoundsTests {
  static func reference(rendering: ElementRendering, color: RGBA) -> ContrastBounds {
    func ratio(_ c: RGB) -> Double {
      let bg = rendering.background(backdrop: c)
      return WCAG.contrastRatio(color.composited(over: bg), bg)
    }
    let n = 33
    let step = 1.0 / Double(n - 1)
    var samples: [(Double, RGB)] = []
    for i in 0..<n {
      for j in 0..<n {
        for k in 0..<n {
          let c = RGB(r: Double(i) * step, g: Double(j) * step, b: Double(k) * step)
          samples.append((ratio(c), c))
        }
      }
    }
    let sorted = samples.sorted {
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
                  r: min(max(centre.r + Double(di) * h, 0), 1),
                  g: min(max(centre.g + Double(dj) * h, 0), 1),
                  b: min(max(centre.b + Double(dk) * h, 0), 1))
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
    return ContrastBounds(
      min: refine(sorted.prefix(4).map(\.1), better: <),
      max: refine(sorted.suffix(4).reversed().map(\.1), better: >))
  }

  @Test func boundsEqualRankingEveryPointExactly() {
    let renderings = [0, 2, 3, 6, 9, 14].map { PixelKernelTests.renderings[$0] }
    for rendering in renderings {
      for color in [RGBA(.white), RGBA(r: 0.23, g: 0.23, b: 0.26, alpha: 0.6), RGBA(.black)] {
        let fast = ContrastBounds.overCube(rendering: rendering, color: color)
        let exact = Self.reference(rendering: rendering, color: color)
        #expect(fast.min.bitPattern == exact.min.bitPattern, "\(rendering) \(color)")
        #expect(fast.max.bitPattern == exact.max.bitPattern, "\(rendering) \(color)")
      }
    }
  }
}
