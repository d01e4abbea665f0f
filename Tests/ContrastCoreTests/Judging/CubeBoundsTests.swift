import Testing

@testable import ContrastCore

/// The bounds over the cube rank the 33^3 grid with the table luminance and
/// re-rank exactly only the points near the extremes, and refine around the
/// seeds evaluating each clamped point once; the bounds must be those of
/// ranking every grid point exactly and evaluating every refinement offset,
/// bit for bit.
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
}
