import Testing

@testable import ContrastCore

/// The sample cache holds at most its budget (past it, it empties), and
/// what it drops is computed again bit for bit: a scene measured through a
/// cache too small to keep anything equals one measured through a cache
/// that keeps everything.
struct SampleCacheBudgetTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()

  /// A layout with a glass card of two text items growing with the text
  /// size, and a 120 x 120 px wallpaper of seeded noise over a gradient.
  static func scene() -> (Layout, WallpaperCanvas) {
    let canvasSize = Canvas(widthInPoints: 60, heightInPoints: 60, scale: 2)
    var items: [ContentItem] = []
    for (k, role) in ["body", "footnote"].enumerated() {
      var item = ContentItem(
        id: role, kind: .text, role: role, color: .same("label"),
        frame: RectInPoints(x: 3, y: 4 + 20 * Double(k), width: 30, height: 12))
      item.grow = .both
      items.append(item)
    }
    let element = Element(
      id: "card", material: "glass.regular",
      frame: RectInPoints(x: 2, y: 2, width: 50, height: 50), content: items)
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize, elements: [element], file: "t.yml")
    let image = NoiseWallpaper.overGradient(seed: 0x2545_F491_4F6C_DD1D)
    return (layout, WallpaperCanvas(wallpaperID: "w", image: image, canvas: canvasSize))
  }

  /// Both appearances and every text setting, through `cache`.
  static func measureAll(_ cache: SampleCache) -> [CheckResult] {
    let (layout, canvas) = scene()
    let all = AuditSettings(textSizes: TextSize.allCases, boldText: [false, true])
    return [Appearance.light, .dark].flatMap { appearance in
      SceneEvaluator.measure(
        layout: layout, canvas: canvas, appearance: appearance, mode: .normal,
        profile: profile, settings: all, cache: cache
      ).map(\.result)
    }
  }

  @Test func aCacheTooSmallToKeepAnythingMeasuresTheSame() {
    let roomy = SampleCache(places: ItemPlaces(), budget: 1 << 40)
    let tiny = SampleCache(places: ItemPlaces(), budget: 1)
    let kept = Self.measureAll(roomy)
    let dropped = Self.measureAll(tiny)
    #expect(kept.count == 2 * 2 * 24)
    #expect(kept.count == dropped.count)
    for (a, b) in zip(kept, dropped) {
      #expect(a.contrast == b.contrast && a.pixelCount == b.pixelCount && a.verdict == b.verdict)
    }
    // The roomy cache kept every frame's samples; the tiny one at most the
    // last thing it was given.
    #expect(roomy.samples.count >= 2)
    #expect(tiny.samples.count + tiny.measured.count + tiny.ratios.count <= 1)
  }

  @Test func theCacheStaysWithinItsBudget() {
    let roomy = SampleCache(places: ItemPlaces(), budget: 1 << 40)
    _ = Self.measureAll(roomy)
    // Half of what the scenes would keep: it must empty at least once.
    let budget = roomy.bytes / 2
    let cache = SampleCache(places: ItemPlaces(), budget: budget)
    _ = Self.measureAll(cache)
    #expect(cache.bytes > 0)
    #expect(cache.bytes <= budget)
    #expect(cache.samples.count < roomy.samples.count)
  }

  /// Runs that fold at least half the frame's pixels are kept in a store of
  /// their size: a flat wallpaper's item holds one entry per row run, not
  /// one per pixel.
  @Test func foldedSamplesAreStoredAtTheirSize() {
    let canvasSize = Canvas(widthInPoints: 40, heightInPoints: 40, scale: 1)
    let image = RGBImage(
      width: 40, height: 40, samples: [Float](repeating: 0.5, count: 40 * 40 * 3))
    let canvas = WallpaperCanvas(wallpaperID: "flat", image: image, canvas: canvasSize)
    let element = Element(
      id: "card", material: "none", frame: RectInPoints(x: 0, y: 0, width: 40, height: 40),
      content: [])
    let source = canvas.backdrop(
      of: element,
      rendering: Self.profile.renderedElements(
        of: Layout(
          id: "t", title: "t", canvas: canvasSize, elements: [element], file: "t.yml"),
        appearance: .light, mode: .normal
      ).first!.1)
    let rect = PixelRect(x: 0, y: 0, width: 40, height: 40)
    let samples = SceneEvaluator.collect(
      rect: rect, image: canvas.image, mask: source.mask, source: source)
    #expect(samples.pixelCount == 1600)
    #expect(samples.count < 1600 / 2)
    #expect(samples.bytes == samples.count * ItemSamples.Storage.bytesPerEntry)
  }
}
