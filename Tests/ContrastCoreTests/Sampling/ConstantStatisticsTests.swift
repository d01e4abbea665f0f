import Testing

@testable import ContrastCore

/// Behind an opaque fill or tint an item's pixels have one ratio inside the
/// shape and one under the border, whatever the wallpaper: where all of them
/// lie inside and pass, `SceneEvaluator.constantStatistics` gives their
/// statistics from the two ratios and their pixel counts, without
/// collecting them. They must be, bit for bit, the statistics of the
/// collected pixels (`ItemSamples.measure`, the vector loops), with the same
/// pixel count and kinds; and it must decline wherever a pixel lies outside
/// the shape, fails, or sees the backdrop.
@Suite struct ConstantStatisticsTests {
  static let text = """
    version: 1
    layout: c
    title: C
    canvas: {width: 60, height: 64, scale: 1}
    elements:
      - id: bar
        material: glass.regular
        frame: {x: 2, y: 2, width: 44, height: 18}
        shape: capsule
        modes:
          reduceTransparency: {fill: {light: "#FAF9F7", dark: "#1A1814"}}
          increaseContrast: {border: 2}
        content:
          - {id: title, role: headline, color: label, frame: {x: 6, y: 3, width: 30, height: 11}}
          - {id: edge, role: body, color: label, frame: {x: 0, y: 0, width: 9, height: 9}}
          - {id: grey, role: body, color: "#8E8E93", frame: {x: 10, y: 12, width: 24, height: 5}}
      - id: card
        material: thin
        tint: {light: {color: "#203040", alpha: 1}, dark: {color: "#E0E4EA", alpha: 1}}
        frame: {x: 4, y: 22, width: 52, height: 20}
        modes:
          increaseContrast: {border: 3}
        content:
          - {id: white, role: body, color: white, frame: {x: 2, y: 2, width: 40, height: 9}}
          - {id: black, role: caption, color: black, frame: {x: 2, y: 11, width: 30, height: 7}}
          - {id: blue, kind: icon, color: systemBlue, frame: {x: 44, y: 3, width: 6, height: 14}}
      - id: sheet
        material: thin
        tint: {light: {color: "#FFFFFF", alpha: 1}, dark: {color: "#000000", alpha: 1}}
        frame: {x: 2, y: 44, width: 56, height: 18}
        modes:
          increaseContrast: {border: 3}
        content:
          - {id: grey, role: body, color: "#767676", frame: {x: 0, y: 2, width: 30, height: 9}}
          - {id: inner, role: body, color: "#767676", frame: {x: 6, y: 5, width: 30, height: 8}}
      - id: plain
        material: glass.regular
        frame: {x: 48, y: 2, width: 10, height: 18}
        content:
          - {id: dot, kind: icon, color: white, frame: {x: 2, y: 2, width: 6, height: 6}}
    """

  @Test func constantStatisticsAreThoseOfTheCollectedPixels() throws {
    let profile = RemedyFixesTests.ios27
    let layout = try #require(
      LayoutLoader.load(text: Self.text, file: "c.yml", profile: profile).layout)
    let settings = AuditSettings(
      modes: AccessibilityMode.allCases, appearances: Appearance.allCases,
      liquidGlass: [.clear, .default], textSizes: [.large, .xxxLarge], boldText: [false, true])
    let canvasRect = PixelRect(x: 0, y: 0, width: 60, height: 64)
    var taken = 0
    var declined = 0
    var declinedInside = 0
    for seed: UInt64 in [1, 2, 3] {
      var rng = SeededGenerator(seed: seed)
      let samples = (0..<(60 * 64 * 3)).map { _ in Float(rng.next() % 256) / 255 }
      let canvas = WallpaperCanvas(
        wallpaperID: "w\(seed)", image: RGBImage(width: 60, height: 64, samples: samples),
        canvas: layout.canvas)
      for appearance in Appearance.allCases {
        for mode in AccessibilityMode.allCases {
          for (element, rendering) in profile.renderedElements(
            of: layout, appearance: appearance, mode: mode)
          {
            let source = canvas.backdrop(of: element, rendering: rendering)
            for item in element.content {
              let color = try #require(
                profile.color(of: item, appearance: appearance, mode: mode))
              let ink = profile.vibrantInk(
                of: item, color: color, rendering: rendering, appearance: appearance, mode: mode)
              let variants = SceneEvaluator.variants(
                of: item, in: element, profile: profile, settings: settings,
                targets: ContrastTargets(), scale: 1, on: canvasRect)
              let constant = SceneEvaluator.constantStatistics(
                of: variants, element: element, rendering: rendering, color: color, ink: ink,
                canvas: canvas)
              let opaque = PixelKernel(rendering: rendering, color: color).constantInside
              var allInsideAndPassing = opaque != nil
              for (k, v) in variants.enumerated() {
                let pixels = SceneEvaluator.collect(
                  rect: v.rect, image: canvas.image, mask: source.mask, source: source)
                let measured = pixels.measure(
                  rendering: rendering, color: color, ink: ink,
                  threshold: v.requirement.threshold)
                let inside = pixels.pixelKinds & 1 == 0
                let passing = measured.statistics.failingFraction == 0
                allInsideAndPassing = allInsideAndPassing && inside && passing
                guard let constant else { continue }
                // Taken: the measured statistics, bit for bit.
                let c = constant[k]
                #expect(c.statistics == measured.statistics, "\(element.id)/\(item.id) \(mode)")
                #expect(c.pixels == pixels.pixelCount)
                #expect(c.kinds == pixels.pixelKinds)
                #expect(inside && passing)
              }
              if constant != nil {
                taken += 1
              } else {
                declined += 1
                // Declined only where it must be.
                #expect(!allInsideAndPassing, "\(element.id)/\(item.id) \(appearance) \(mode)")
                if opaque != nil { declinedInside += 1 }
              }
            }
          }
        }
      }
    }
    // (The fixture takes some, and declines some behind an opaque tint:
    // a pixel outside the shape, or one that fails.)
    #expect(taken > 20)
    #expect(declined > 20)
    #expect(declinedInside > 0)
  }
}
