import Testing

@testable import ContrastCore

/// A canvas that planned one blur field per sigma reads every rectangle out
/// of it: the same bits as blurring each rectangle on its own.
@Suite struct BlurPlanTests {
  @Test func plannedBlursEqualBlurringEachRectangle() {
    var rng = SeededGenerator(seed: 5)
    let size = Canvas(widthInPoints: 150, heightInPoints: 260, scale: 1)
    let image = RGBImage(
      width: 150, height: 260,
      samples: (0..<(3 * 150 * 260)).map { _ in Float(rng.next() % 256) / 255 })
    let rects = [
      PixelRect(x: 0, y: 0, width: 150, height: 30), PixelRect(x: 10, y: 40, width: 60, height: 20),
      PixelRect(x: 80, y: 40, width: 60, height: 20),
      PixelRect(x: 5, y: 200, width: 140, height: 60),
      PixelRect(x: 70, y: 120, width: 1, height: 1),
    ]
    // Block sizes 2 to 5 (sigma 12 to 24) and the exact path (sigma 6, not planned).
    for sigma in [6.0, 12.0, 17.5, 24.0] {
      let planned = WallpaperCanvas(wallpaperID: "w", image: image, canvas: size)
      planned.planBlurs(rects.map { (rect: $0, sigma: sigma) })
      #expect(planned.plannedSigmas == (sigma > 11.7 ? [sigma] : []))
      let alone = WallpaperCanvas(wallpaperID: "w", image: image, canvas: size)
      for rect in rects {
        let a = planned.blurred(rect, sigmaInPixels: sigma)
        let b = alone.blurred(rect, sigmaInPixels: sigma)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.samples.map(\.bitPattern) == b.samples.map(\.bitPattern), "\(sigma) \(rect)")
      }
    }
  }

  /// The plan takes one field only where it reads fewer pixels: two
  /// rectangles far apart with a small blur keep a field each.
  @Test func farApartRectanglesKeepAFieldEach() {
    let size = Canvas(widthInPoints: 100, heightInPoints: 400, scale: 1)
    let image = RGBImage(width: 100, height: 400, filledWith: (0.2, 0.4, 0.6))
    let canvas = WallpaperCanvas(wallpaperID: "w", image: image, canvas: size)
    let top = PixelRect(x: 0, y: 0, width: 100, height: 20)
    let bottom = PixelRect(x: 0, y: 380, width: 100, height: 20)
    #expect(canvas.plannedSigmas.isEmpty)
    canvas.planBlurs([(top, 12), (bottom, 12), (top, 90), (bottom, 90)])
    #expect(canvas.plannedSigmas == [90])
  }
}
