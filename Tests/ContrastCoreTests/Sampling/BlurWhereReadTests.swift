import Testing

@testable import ContrastCore

/// The audit blurs an element's backdrop only where its items read it
/// (`SceneEvaluator.itemsRect`, `WallpaperCanvas.backdrop(of:rendering:within:)`):
/// a blurred pixel does not depend on the rectangle it is computed over, so
/// every check is the same, bit for bit, as with the whole element blurred
/// (what a preview draws), on both blur paths (narrow sigmas exact, wide
/// ones shrunk) and with the blurs planned as the audit plans them.
struct BlurWhereReadTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()

  /// A glass card with items in its top half only (one partly off the
  /// card and the canvas), text sizes that grow them, over the 120 x 120 px
  /// seeded noise of `NoiseWallpaper`.
  static func scene() -> (Layout, Canvas, RGBImage) {
    let canvasSize = Canvas(widthInPoints: 60, heightInPoints: 60, scale: 2)
    var items: [ContentItem] = []
    for (k, role) in ["body", "footnote"].enumerated() {
      var item = ContentItem(
        id: role, kind: .text, role: role, color: .same("label"),
        frame: RectInPoints(x: 3 + 18 * Double(k), y: 3 + 9 * Double(k), width: 36, height: 7))
      item.grow = .both
      items.append(item)
    }
    let element = Element(
      id: "card", material: "glass.regular",
      frame: RectInPoints(x: 2, y: 2, width: 54, height: 56), content: items)
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize, elements: [element], file: "t.yml")
    return (layout, canvasSize, NoiseWallpaper.overGradient(seed: 0x9E37_79B9_7F4A_7C15))
  }

  @Test(arguments: [false, true])
  func checksAreTheSameAsWithTheWholeElementBlurred(planned: Bool) {
    let (layout, canvasSize, image) = Self.scene()
    let settings = AuditSettings(textSizes: [.large, .ax3])
    func measureAll(whereRead: Bool) -> [ItemMeasurement] {
      let canvas = WallpaperCanvas(wallpaperID: "w", image: image, canvas: canvasSize)
      if planned {
        let auditor = Auditor(profiles: [Self.profile], settings: settings, layouts: [layout])
        canvas.planBlurs(
          auditor.blurRequests(
            of: layout, on: canvas, appearances: [Appearance.light, .dark],
            profiles: [Self.profile],
            bounds: BoundsCache()))
      }
      return LiquidGlassSetting.named.flatMap { setting in
        [Appearance.light, .dark].flatMap { appearance in
          SceneEvaluator.measure(
            layout: layout, canvas: canvas, appearance: appearance, mode: .normal,
            liquidGlass: setting, profile: Self.profile, settings: settings,
            blurWhereRead: whereRead)
        }
      }
    }
    let narrowed = measureAll(whereRead: true)
    let whole = measureAll(whereRead: false)
    #expect(narrowed.count == whole.count && !whole.isEmpty)
    for (a, b) in zip(narrowed, whole) {
      #expect(a.result.contrast == b.result.contrast)
      #expect(a.result.verdict == b.result.verdict && a.result.pixelCount == b.result.pixelCount)
      #expect(a.entryRatios?.map(\.bitPattern) == b.entryRatios?.map(\.bitPattern))
    }
  }

  @Test func theItemsRectHoldsEveryFrameAndIsInsideTheCanvas() {
    let (layout, canvasSize, _) = Self.scene()
    let settings = AuditSettings(textSizes: [.large, .ax3])
    let whole = PixelRect(
      x: 0, y: 0, width: canvasSize.widthInPixels, height: canvasSize.heightInPixels)
    let element = layout.elements[0]
    let rect = SceneEvaluator.itemsRect(
      of: element, profile: Self.profile, settings: settings, scale: canvasSize.scale, on: whole)
    #expect(rect != nil)
    #expect(rect.map { $0.intersection(whole) == $0 } ?? false)
    let maskRect = ShapeMask.pixelRect(of: element.frame, scale: canvasSize.scale)
    // Narrower than the card: the items fill its top only.
    #expect(rect.map { $0.height < maskRect.height } ?? false)
  }
}
