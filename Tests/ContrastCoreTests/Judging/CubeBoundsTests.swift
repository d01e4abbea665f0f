import Testing

@testable import ContrastCore

/// The bounds over the cube rank the 33^3 grid with the table luminance and
/// re-rank exactly only the points near the extremes, and refine around the
/// seeds ranking each level's points with the table luminance too and
/// evaluating exactly, once, only the clamped points near the best, and
/// takes a point's exact ratio from the point before it when their
/// backgrounds are the same (an opaque fill, clamped channels); the bounds
/// must be those of ranking every grid point exactly and evaluating every
/// refinement offset exactly, bit for bit.
@Suite struct CubeBoundsTests {
  @Test func boundsEqualRankingEveryPointExactly() {
    let renderings = [0, 2, 3, 6, 9, 14].map { ModelTwinTests.renderings[$0] }
    for rendering in renderings {
      for color in [RGBA(.white), RGBA(r: 0.23, g: 0.23, b: 0.26, alpha: 0.6), RGBA(.black)] {
        let fast = ContrastBounds.overCube(rendering: rendering, color: color)
        let exact = ContrastBounds.overCube(
          rendering: rendering, color: color, rankingExactly: true, refiningEveryPoint: true)
        #expect(fast.min.bitPattern == exact.min.bitPattern, "\(rendering) \(color)")
        #expect(fast.max.bitPattern == exact.max.bitPattern, "\(rendering) \(color)")
      }
    }
  }

  /// The same outside the shape (code 0) and under the border (code 2),
  /// and for a vibrant item's ink.
  @Test func boundsEqualRankingExactlyForEveryCodeAndInk() {
    let renderings = [2, 9, 14].map { ModelTwinTests.renderings[$0] }
    let ink = VibrantInk(
      matrix: VibrancyForms().matrix(
        tint: RGB(r: 10.0 / 255, g: 132.0 / 255, b: 1), appearance: .dark),
      alpha: 1)
    for rendering in renderings {
      for code: UInt8 in [0, 1, 2] {
        for vibrant in [nil, ink] {
          let color = RGBA(r: 0.23, g: 0.23, b: 0.26, alpha: 0.6)
          let fast = ContrastBounds.overCube(
            rendering: rendering, color: color, ink: vibrant, code: code)
          let exact = ContrastBounds.overCube(
            rendering: rendering, color: color, rankingExactly: true, refiningEveryPoint: true,
            code: code, ink: vibrant)
          let what = "\(rendering) code \(code) vibrant \(vibrant != nil)"
          #expect(fast.min.bitPattern == exact.min.bitPattern, "\(what)")
          #expect(fast.max.bitPattern == exact.max.bitPattern, "\(what)")
        }
      }
    }
  }
}
