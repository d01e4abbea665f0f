import Testing

@testable import ContrastCore

/// The preview's modelled glass, composed eight pixels at a time (AVX-512),
/// four (AVX2), and once per mask code where the background is constant,
/// against the readable reference (`ElementBackdrop.backdrop` then
/// `BackgroundEvaluator`, what runs without the vector loops), pixel by pixel
/// and bit for bit.
@Suite struct ScenePreviewComposeTests {
  /// A clear or tinted scene's picture is drawn in that setting's glass, as
  /// it was measured, not the default's (before, every picture drew the
  /// default glass beside the scene's own heatmap).
  @Test func aSceneIsDrawnInItsOwnLiquidGlassSetting() throws {
    let profile = try ProfileLoader.loadDefault()
    let canvasSize = Canvas(widthInPoints: 40, heightInPoints: 30, scale: 1)
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize,
      elements: [
        Element(
          id: "glass", material: "glass.regular",
          frame: RectInPoints(x: 2, y: 2, width: 36, height: 26))
      ], file: "t.yml")
    // Grey squares of two pixels, 0.4 and 0.6: over one colour every blur
    // is that colour, and dark regular glass's clear and default settings
    // differ there only in their blur, which then draws nothing.
    let squares = RGBImage(
      width: 40, height: 30,
      samples: (0..<(3 * 40 * 30)).map { k in
        let (x, y) = ((k / 3) % 40, (k / 3) / 40)
        return (x / 2 + y / 2) % 2 == 0 ? 0.4 : 0.6
      })
    let canvas = WallpaperCanvas(wallpaperID: "w", image: squares, canvas: canvasSize)
    func drawn(_ setting: LiquidGlassSetting) -> [Float] {
      let snapshot = SceneSnapshot(
        key: SceneKey(
          layout: "t", wallpaper: "w", appearance: .dark, mode: .normal, liquidGlass: setting),
        layout: layout, profile: profile, canvas: canvas, measurements: [])
      return ScenePreviewRenderer.compose(snapshot, vectorUnit: false).samples
    }
    let middle = 3 * (15 * 40 + 20)
    // Dark regular glass: the tinted setting compresses the tone
    // (fidelity/SOURCES.md D1), and each setting mixes its own share of the
    // wide blur, so the middle pixel differs.
    #expect(drawn(.tinted)[middle] != drawn(.default)[middle])
    #expect(drawn(.clear)[middle] != drawn(.default)[middle])
  }

  @Test func composedPixelsEqualTheReference() {
    let profile = try! ProfileLoader.loadDefault()
    let canvasSize = Canvas(widthInPoints: 60, heightInPoints: 45, scale: 1)
    // Elements that do not overlap: glass with a tint, a standard material,
    // an opaque tint (constant inside), an odd width (a pixel left over per
    // row), a capsule, and no material with an Increase Contrast border.
    let elements = [
      Element(
        id: "glass", material: "glass.regular",
        frame: RectInPoints(x: 1, y: 1, width: 27, height: 13),
        shape: .roundedRect(cornerRadius: 4),
        tint: .same("#3478F6")),
      Element(
        id: "thin", material: "thin", frame: RectInPoints(x: 31, y: 1, width: 26, height: 13)),
      Element(
        id: "opaque", material: "glass.clear",
        frame: RectInPoints(x: 1, y: 16, width: 27, height: 12), tint: .same("#FF9500FF")),
      Element(
        id: "capsule", material: "ultraThin",
        frame: RectInPoints(x: 31, y: 16, width: 25, height: 11), shape: .capsule),
      Element(
        id: "plain", material: "none", frame: RectInPoints(x: 1, y: 30, width: 57, height: 13),
        overrides: [.increaseContrast: ModeOverride(borderInPoints: 2)]),
    ]
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize, elements: elements, file: "t.yml")
    var rng = SeededGenerator(seed: 9)
    let noise = RGBImage(
      width: 60, height: 45,
      samples: (0..<(3 * 60 * 45)).map { _ in Float(rng.next() % 256) / 255 })
    let canvas = WallpaperCanvas(wallpaperID: "w", image: noise, canvas: canvasSize)
    var checked = 0
    var codes = Set<UInt8>()
    for appearance in Appearance.allCases {
      for mode in AccessibilityMode.allCases {
        let snapshot = SceneSnapshot(
          key: SceneKey(layout: "t", wallpaper: "w", appearance: appearance, mode: mode),
          layout: layout, profile: profile, canvas: canvas, measurements: [])
        let portable = ScenePreviewRenderer.compose(snapshot, vectorUnit: false)
        VectorLevels.each { level in
          let composed = ScenePreviewRenderer.compose(snapshot)
          #expect(
            composed.samples.map(\.bitPattern) == portable.samples.map(\.bitPattern),
            "level \(level)")
        }
        for (element, rendering) in profile.renderedElements(
          of: layout, appearance: appearance, mode: mode)
        {
          let source = canvas.backdrop(of: element, rendering: rendering)
          let reference = BackgroundEvaluator(rendering)
          let m = source.mask.rect
          var drawn = rendering.borderWidthInPixels > 0
          if case .wallpaper = rendering.surface {} else { drawn = true }
          (source.blurred?.samples ?? []).withUnsafeBufferPointer { g in
            for y in m.y..<m.maxY {
              for x in m.x..<m.maxX {
                let code = source.mask.codes[(y - m.y) * m.width + (x - m.x)]
                let k = 3 * (y * noise.width + x)
                let wp = RGB(
                  r: Double(noise.samples[k]), g: Double(noise.samples[k + 1]),
                  b: Double(noise.samples[k + 2]))
                var expected = [noise.samples[k], noise.samples[k + 1], noise.samples[k + 2]]
                if code != 0 && drawn {
                  let b = source.backdrop(x: x, y: y, wallpaper: wp, code: code, blurred: g)
                  let bg = reference.background(backdrop: b, wallpaper: wp, code: code)
                  expected = [Float(bg.r), Float(bg.g), Float(bg.b)]
                }
                let got = Array(portable.samples[k..<(k + 3)])
                #expect(
                  got.map(\.bitPattern) == expected.map(\.bitPattern),
                  "\(element.id) (\(x), \(y)) \(appearance) \(mode)")
                codes.insert(code)
                checked += 1
              }
            }
          }
        }
      }
    }
    #expect(codes == [0, 1, 2])
    #expect(checked > 10_000)
  }

  /// The heatmap's bytes made in one pass (`heatmapBytes`, what `draw`
  /// writes) against its reference, the float heatmap then `PNGEncoder.rgb8`:
  /// seeded previews (with samples outside [0, 1] and NaN), failing and
  /// passing pixels, every passing share.
  @Test func heatmapBytesEqualTheReference() {
    var state: UInt64 = 29
    func next() -> Float {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(state >> 40) / Float(1 << 24)
    }
    for (width, height) in [(1, 1), (7, 3), (480, 20)] {
      let count = width * height
      var samples = (0..<(3 * count)).map { _ in next() * 1.2 - 0.1 }
      samples[0] = .nan
      let preview = RGBImage(width: width, height: height, samples: samples)
      let severity = (0..<count).map { _ in next() < 0.4 ? -1 : next() }
      let share = (0..<count).map { p in p % 5 == 0 ? 0 : (p % 5 == 1 ? 1 : next()) }
      let reference = PNGEncoder.rgb8(
        ScenePreviewRenderer.heatmap(preview, severity: severity, passShare: share))
      #expect(
        ScenePreviewRenderer.heatmapBytes(preview, severity: severity, passShare: share)
          == reference)
    }
  }
}
