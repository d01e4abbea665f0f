import Testing

@testable import ContrastCore

/// A vibrant item measured in a scene (issue 30): each pixel through the
/// ink over the glass as drawn behind it, against that same pixel; in a
/// mode that draws the tint, as a fixed colour; inside its bounds.
@Suite struct VibrantSceneTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()
  static let canvas = Canvas(widthInPoints: 40, heightInPoints: 20, scale: 1)
  /// A flat mid-grey wallpaper: every backdrop of the glass is that grey.
  static let wallpaper = RGBImage(width: 40, height: 20, filledWith: (0.5, 0.5, 0.5))

  static func scene(vibrant: Bool, color: String = "#FFFFFF") -> Layout {
    var item = ContentItem(
      id: "tab", kind: .icon, color: .same(color),
      frame: RectInPoints(x: 4, y: 4, width: 8, height: 6))
    item.vibrant = vibrant
    let bar = Element(
      id: "bar", material: "glass.regular",
      frame: RectInPoints(x: 0, y: 0, width: 40, height: 20), content: [item])
    return Layout(id: "t", title: "t", canvas: canvas, elements: [bar], file: "t.yml")
  }

  static func measure(_ layout: Layout, appearance: Appearance, mode: AccessibilityMode)
    -> ItemMeasurement
  {
    let c = WallpaperCanvas(wallpaperID: "w", image: wallpaper, canvas: layout.canvas)
    return SceneEvaluator.measure(
      layout: layout, canvas: c, appearance: appearance, mode: mode, profile: profile,
      settings: AuditSettings())[0]
  }

  @Test(arguments: Appearance.allCases)
  func eachPixelIsTheInkOverTheGlassBehindIt(_ appearance: Appearance) throws {
    let layout = Self.scene(vibrant: true, color: "#0A84FF")
    let m = Self.measure(layout, appearance: appearance, mode: .normal)
    let ink = try #require(m.ink)
    #expect(m.result.vibrant)
    #expect(
      ink.matrix
        == VibrancyForms().matrix(
          tint: RGB(r: 10.0 / 255, g: 132.0 / 255, b: 1), appearance: appearance))
    let rendering = try Self.profile.rendering(
      of: layout.elements[0], appearance: appearance, mode: .normal, scale: 1)
    let bg = rendering.background(backdrop: RGB(r: 0.5, g: 0.5, b: 0.5))
    let expected = WCAG.contrastRatio(ink.foreground(over: bg), bg)
    // A flat backdrop: every pixel alike, within the table luminance's 2.2e-5.
    #expect(abs(m.result.contrast.min - expected) < 3e-5)
    #expect(abs(m.result.contrast.max - expected) < 3e-5)
    // Not the fixed colour's ratio.
    #expect(abs(WCAG.contrastRatio(RGB(r: 10.0 / 255, g: 132.0 / 255, b: 1), bg) - expected) > 0.01)
    let bounds = BoundsCache().bounds(
      rendering: m.rendering, color: m.color, ink: m.ink, kinds: m.pixelKinds)
    #expect(bounds.min <= m.result.contrast.min && m.result.contrast.max <= bounds.max)
  }

  @Test func underReduceTransparencyTheTintIsAFixedColour() {
    let vibrant = Self.measure(
      Self.scene(vibrant: true), appearance: .dark, mode: .reduceTransparency)
    let fixed = Self.measure(
      Self.scene(vibrant: false), appearance: .dark, mode: .reduceTransparency)
    #expect(vibrant.ink == nil)
    #expect(vibrant.result.contrast == fixed.result.contrast)
    #expect(vibrant.result.vibrant && !fixed.result.vibrant)
  }
}
