import Testing

@testable import ContrastCore

@Suite struct ShapeMaskTests {
  @Test func rectBorderIsABandOfTheGivenWidth() {
    // 10 x 6 pt rect at scale 1 with a 2 pt border: the inner 6 x 2 pixels are
    // inside, the other 60 - 12 = 48 are in the band.
    let m = ShapeMask(
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 6), shape: .rect, borderInPixels: 2,
      scale: 1, canvasWidth: 20, canvasHeight: 20)
    #expect(m.codes.filter { $0 == 2 }.count == 48)
    #expect(m.codes.filter { $0 == 1 }.count == 12)
    #expect(m.code(x: 2, y: 2) == 1)
    #expect(m.code(x: 1, y: 2) == 2)
    #expect(m.code(x: 10, y: 2) == 0)
  }

  @Test func maskIsClippedToTheCanvas() {
    let m = ShapeMask(
      frame: RectInPoints(x: -5, y: -5, width: 10, height: 10), shape: .rect, borderInPixels: 0,
      scale: 1, canvasWidth: 20, canvasHeight: 20)
    #expect(m.rect == PixelRect(x: 0, y: 0, width: 5, height: 5))
  }

  @Test func circleCornersAreOutside() {
    // Circle of diameter 10 pt at scale 1: 80 pixel centres inside (counted
    // by hand: per row 4, 8, 8, 10, 10, 10, 10, 8, 8, 4), corners outside.
    let m = ShapeMask(
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 10), shape: .circle,
      borderInPixels: 0, scale: 1, canvasWidth: 10, canvasHeight: 10)
    #expect(m.codes.filter { $0 != 0 }.count == 80)
    #expect(m.code(x: 0, y: 0) == 0)
    #expect(m.code(x: 5, y: 5) == 1)
  }
}
