import Testing

@testable import ContrastCore

/// SPEC §3.5: the bounds are taken over every kind of pixel an item covers
/// (inside the shape, under the Increase Contrast border, outside the
/// shape on the bare wallpaper), so they contain the item's own ratios
/// (issue 29 part 5). Before, they were taken inside the shape only.
struct BoundsOverPixelKindsTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()

  /// White text on regular glass over a black wallpaper, its frame
  /// reaching 10 pt left of the element: those pixels see the bare black
  /// wallpaper, 21:1, above anything the glass can give white text.
  @Test func anItemReachingOutsideItsShapeIsBoundedByTheBareWallpaperToo() throws {
    let canvasSize = Canvas(widthInPoints: 60, heightInPoints: 60, scale: 1)
    let image = RGBImage(width: 60, height: 60, samples: [Float](repeating: 0, count: 60 * 60 * 3))
    let canvas = WallpaperCanvas(wallpaperID: "black", image: image, canvas: canvasSize)
    let item = ContentItem(
      id: "label", kind: .text, role: "body", color: .same("white"),
      frame: RectInPoints(x: -10, y: 10, width: 30, height: 12))
    let element = Element(
      id: "card", material: "glass.regular",
      frame: RectInPoints(x: 10, y: 10, width: 40, height: 40), content: [item])
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize, elements: [element], file: "t.yml")
    var m = try #require(
      SceneEvaluator.measure(
        layout: layout, canvas: canvas, appearance: .light, mode: .normal,
        profile: Self.profile, settings: AuditSettings()
      ).first)
    #expect(m.pixelKinds == 0b011)
    let cache = BoundsCache()
    let insideOnly = cache.bounds(rendering: m.rendering, color: m.color)
    // The bare wallpaper's pixels are beyond what the glass alone allows.
    #expect(m.result.contrast.max > insideOnly.max)
    var assembly = ResultAssembly(bounds: cache, places: ItemPlaces(), statistic: .min)
    var scene = ResultAssembly.Scene()
    assembly.share(&m, in: &scene)
    let r = assembly.complete(m.result)
    #expect(r.bounds.min <= r.contrast.min)
    #expect(r.bounds.max >= r.contrast.max)
    #expect(r.bounds.max == 21)
  }

  /// Under the border the background is the border over the glass: its
  /// extremes are joined with those inside.
  @Test func theBorderBandIsBoundedOverTheCubeToo() {
    let rendering = Self.profile.renderedElements(
      of: Layout(
        id: "t", title: "t", canvas: Canvas(widthInPoints: 60, heightInPoints: 60, scale: 1),
        elements: [
          Element(
            id: "card", material: "glass.regular",
            frame: RectInPoints(x: 0, y: 0, width: 60, height: 60), content: [])
        ], file: "t.yml"),
      appearance: .dark, mode: .increaseContrast
    ).first!.rendering
    let white = RGBA(.white)
    let cache = BoundsCache()
    let inside = cache.bounds(rendering: rendering, color: white, kinds: 0b010)
    let band = ContrastBounds.overCube(rendering: rendering, color: white, code: 2)
    let both = cache.bounds(rendering: rendering, color: white, kinds: 0b110)
    #expect(both.min == Swift.min(inside.min, band.min))
    #expect(both.max == Swift.max(inside.max, band.max))
    // A border that changes nothing would make this test say nothing.
    #expect(band != inside)
  }
}
