import Foundation
import Testing

@testable import ContrastCore

/// Scenes with answers derived by hand from SPEC §3.
@Suite struct SceneEvaluatorTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()
  static let small = Canvas(widthInPoints: 40, heightInPoints: 20, scale: 1)

  static func layout(_ elements: [Element], canvas: Canvas = small) -> Layout {
    Layout(id: "t", title: "t", canvas: canvas, elements: elements, file: "t.yml")
  }

  static func measure(
    _ layout: Layout, wallpaper: RGBImage, appearance: Appearance = .light,
    mode: AccessibilityMode = .normal, settings: AuditSettings = AuditSettings()
  ) -> [ItemMeasurement] {
    let canvas = WallpaperCanvas(wallpaperID: "w", image: wallpaper, canvas: layout.canvas)
    return SceneEvaluator.measure(
      layout: layout, canvas: canvas, appearance: appearance, mode: mode, profile: profile,
      settings: settings)
  }

  static func item(_ id: String, color: String, frame: RectInPoints, kind: ContentKind = .text)
    -> ContentItem
  {
    ContentItem(id: id, kind: kind, color: .same(color), frame: frame)
  }

  @Test func blackTextOnAWhiteWallpaperWithoutMaterialIsExactly21() {
    let e = Element(
      id: "e", material: "none", frame: RectInPoints(x: 0, y: 0, width: 40, height: 20),
      content: [
        Self.item("t", color: "#000000", frame: RectInPoints(x: 2, y: 2, width: 10, height: 5))
      ])
    let m = Self.measure(
      Self.layout([e]), wallpaper: RGBImage(width: 40, height: 20, filledWith: (1, 1, 1)))
    #expect(m.count == 1)
    #expect(m[0].result.contrast.min == 21)
    #expect(m[0].result.contrast.max == 21)
    #expect(m[0].result.verdict == .pass)
    #expect(m[0].result.pixelCount == 50)
  }

  @Test func secondaryLabelAlphaIsComposited() {
    // secondaryLabel light = #3C3C43 at alpha 0.60, over white:
    // 0.6 * (60, 60, 67) / 255 + 0.4 = (0.54118, 0.54118, 0.55765).
    let e = Element(
      id: "e", material: "none", frame: RectInPoints(x: 0, y: 0, width: 40, height: 20),
      content: [
        Self.item(
          "t", color: "secondaryLabel", frame: RectInPoints(x: 0, y: 0, width: 4, height: 4))
      ])
    let m = Self.measure(
      Self.layout([e]), wallpaper: RGBImage(width: 40, height: 20, filledWith: (1, 1, 1)))
    let composited = RGB(r: 0.6 * 60 / 255 + 0.4, g: 0.6 * 60 / 255 + 0.4, b: 0.6 * 67 / 255 + 0.4)
    let expected = WCAG.contrastRatio(composited, .white)
    #expect(abs(m[0].result.contrast.min - expected) < 1e-6)
    // Opaque #3C3C43 would give about 11:1; the translucent colour gives about 3.5:1.
    #expect(m[0].result.contrast.min < 5)
  }

  @Test func reduceTransparencyUsesTheMeanOfTheWallpaperInsideTheShape() {
    // Left half black, right half white; an element centred on the edge.
    var w = RGBImage(width: 40, height: 20, filledWith: (0, 0, 0))
    for y in 0..<20 {
      for x in 20..<40 {
        let k = 3 * (y * 40 + x)
        w.samples[k] = 1
        w.samples[k + 1] = 1
        w.samples[k + 2] = 1
      }
    }
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 10, y: 5, width: 20, height: 10),
      content: [
        Self.item("t", color: "#000000", frame: RectInPoints(x: 0, y: 0, width: 20, height: 10))
      ])
    let canvas = WallpaperCanvas(wallpaperID: "w", image: w, canvas: Self.small)
    #expect(canvas.meanInside(e) == RGB(gray: 0.5))
    let m = Self.measure(Self.layout([e]), wallpaper: w, mode: .reduceTransparency)
    // Every pixel sees the same background, the pipeline over grey 0.5.
    let r = try! Self.profile.rendering(
      of: e, appearance: .light, mode: .reduceTransparency, scale: 1)
    let expected = WCAG.contrastRatio(.black, r.background(backdrop: RGB(gray: 0.5)))
    #expect(abs(m[0].result.contrast.min - expected) < 1e-6)
    #expect(abs(m[0].result.contrast.max - expected) < 1e-6)
  }

  /// Regular glass at the default setting on a 40 pt element (held at the
  /// 48 pt column): SOURCES.md D1's 45 % narrow Gaussian (sigma 3.9 pt) and
  /// 55 % wide one (14.8 pt, fidelity/fit/edge.py). Across a sharp step the
  /// backdrop is 0.45 Phi(x / 3.9) + 0.55 Phi(x / 14.8), x the distance of
  /// the pixel centre from the step, within SPEC §3.1's 1/255.
  @Test func regularGlassSeesAStepThroughTheMeasuredTwoScales() throws {
    let width = 600
    var w = RGBImage(width: width, height: 40, filledWith: (0, 0, 0))
    for y in 0..<40 {
      for x in 300..<width {
        let k = 3 * (y * width + x)
        w.samples[k] = 1
        w.samples[k + 1] = 1
        w.samples[k + 2] = 1
      }
    }
    let size = Canvas(widthInPoints: Double(width), heightInPoints: 40, scale: 1)
    let e = Element(
      id: "e", material: "glass.regular",
      frame: RectInPoints(x: 0, y: 0, width: Double(width), height: 40))
    let rendering = try Self.profile.rendering(
      of: e, appearance: .light, mode: .normal, scale: 1)
    let canvas = WallpaperCanvas(wallpaperID: "w", image: w, canvas: size)
    let source = canvas.backdrop(of: e, rendering: rendering)
    let g = try #require(source.blurred)
    func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }
    var largest = 0.0
    g.samples.withUnsafeBufferPointer { samples in
      for x in 200..<400 {
        let b = source.backdrop(
          x: x, y: 20, wallpaper: RGB(gray: x < 300 ? 0 : 1), code: 1, blurred: samples)
        let d = Double(x) + 0.5 - 300
        largest = max(largest, abs(b.r - (0.45 * phi(d / 3.9) + 0.55 * phi(d / 14.8))))
      }
    }
    #expect(largest <= 1.0 / 255, "largest error \(largest * 255) / 255")
  }

  @Test func everyRoleHasTheLargeTextClassOfEachRule() {
    // WCAG: >= 24 pt, or >= 18.67 pt bold. HIG: >= 18 pt, or bold at any size.
    let expectations: [(String, Bool, Bool)] = [
      ("largeTitle", true, true), ("title", true, true), ("title2", false, true),
      ("title3", false, true), ("headline", false, false), ("body", false, false),
      ("callout", false, false), ("subheadline", false, false), ("footnote", false, false),
      ("caption", false, false), ("caption2", false, false),
    ]
    for (role, wcag, hig) in expectations {
      let item = ContentItem(
        id: role, kind: .text, role: role, color: .same("label"),
        frame: RectInPoints(x: 0, y: 0, width: 1, height: 1))
      #expect(
        Self.profile.requirement(of: item, settings: AuditSettings(largeText: .wcag)).largeText
          == wcag, "\(role) wcag")
      #expect(
        Self.profile.requirement(of: item, settings: AuditSettings(largeText: .hig)).largeText
          == hig, "\(role) hig")
    }
    // Bold at 19 pt is large under WCAG (>= 18.67); semibold is not bold.
    let bold = ContentItem(
      id: "b", kind: .text, role: "body", weight: .bold, sizeInPoints: 19, color: .same("label"),
      frame: RectInPoints(x: 0, y: 0, width: 1, height: 1))
    #expect(Self.profile.requirement(of: bold, settings: AuditSettings()).largeText)
    var semibold = bold
    semibold.weight = .semibold
    #expect(!Self.profile.requirement(of: semibold, settings: AuditSettings()).largeText)
    // HIG: bold at any size; 56 pt bold day counts are large either way.
    var tiny = bold
    tiny.sizeInPoints = 11
    #expect(Self.profile.requirement(of: tiny, settings: AuditSettings(largeText: .hig)).largeText)
    #expect(!Self.profile.requirement(of: tiny, settings: AuditSettings()).largeText)
  }

  @Test func thresholdsFollowKindLevelAndMinimumRatio() {
    let frame = RectInPoints(x: 0, y: 0, width: 1, height: 1)
    let p = Self.profile
    let body = ContentItem(id: "a", kind: .text, color: .same("label"), frame: frame)
    #expect(p.requirement(of: body, settings: AuditSettings()).threshold == 4.5)
    #expect(p.requirement(of: body, settings: AuditSettings(level: .aaa)).threshold == 7)
    #expect(p.requirement(of: body, settings: AuditSettings()).role == "body")
    let icon = ContentItem(id: "i", kind: .icon, color: .same("label"), frame: frame)
    #expect(p.requirement(of: icon, settings: AuditSettings(level: .aaa)).threshold == 3)
    #expect(p.requirement(of: icon, settings: AuditSettings()).role == nil)
    let deco = ContentItem(id: "d", kind: .decorative, color: .same("label"), frame: frame)
    #expect(p.requirement(of: deco, settings: AuditSettings()).warnsOnly)
    var strict = body
    strict.minimumRatio = 7
    #expect(p.requirement(of: strict, settings: AuditSettings()).threshold == 7)
  }

  @Test func combinedModeAppliesOverridesInOrder() throws {
    // reduceTransparency sets fill and tint, increaseContrast sets tint and
    // border (its keys win), the combined override sets the border again.
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 0, y: 0, width: 20, height: 10),
      overrides: [
        .reduceTransparency: ModeOverride(tint: .same("#FF0000"), fill: .same("#00FF00")),
        .increaseContrast: ModeOverride(tint: .same("#0000FF"), borderInPoints: 1),
        .reduceTransparencyIncreaseContrast: ModeOverride(borderInPoints: 3),
      ])
    let p = Self.profile
    let o = try #require(p.effectiveOverride(of: e, mode: .reduceTransparencyIncreaseContrast))
    #expect(o.fill == .same("#00FF00"))
    #expect(o.tint == .same("#0000FF"))
    #expect(o.borderInPoints == 3)
    let r = try p.rendering(
      of: e, appearance: .light, mode: .reduceTransparencyIncreaseContrast, scale: 2)
    // The app fill replaces the material; the tint has no alpha, so 0.6.
    #expect(
      r.surface
        == .appFill(RGBA(r: 0, g: 1, b: 0), tint: RGBA(r: 0, g: 0, b: 1, alpha: p.defaultTintAlpha))
    )
    #expect(r.borderWidthInPixels == 6)
    // In reduceTransparency alone: the RT override only, no border.
    let rt = try p.rendering(of: e, appearance: .light, mode: .reduceTransparency, scale: 2)
    #expect(
      rt.surface
        == .appFill(RGBA(r: 0, g: 1, b: 0), tint: RGBA(r: 1, g: 0, b: 0, alpha: p.defaultTintAlpha))
    )
    #expect(rt.borderWidthInPixels == 0)
  }

  @Test func increaseContrastMakesGlassFillOpaqueEnoughAndAddsABorder() throws {
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 0, y: 0, width: 20, height: 10))
    let p = Self.profile
    let light = try p.rendering(of: e, appearance: .light, mode: .increaseContrast, scale: 3)
    guard case .material(let pipeline, _) = light.surface else {
      Issue.record("expected a material")
      return
    }
    // Regular light fill is white a0.18; IC: white with max(0.18, 0.5) = 0.5.
    #expect(pipeline.fill == RGBA(.white, alpha: 0.5))
    #expect(light.borderWidthInPixels == 6)
    let dark = try p.rendering(of: e, appearance: .dark, mode: .increaseContrast, scale: 3)
    guard case .material(let darkPipeline, _) = dark.surface else {
      Issue.record("expected a material")
      return
    }
    // Regular dark has no fill: black with max(0, 0.5) = 0.5.
    #expect(darkPipeline.fill == RGBA(.black, alpha: 0.5))
  }

  @Test func increaseContrastSwitchesSystemColours() {
    let p = Self.profile
    #expect(
      p.resolveColor("systemBlue", appearance: .light, increaseContrast: true)
        == (try? RGBA(hex: "#0040DD")))
    #expect(
      p.resolveColor("secondaryLabel", appearance: .dark, increaseContrast: true)?.alpha == 0.80)
    #expect(
      p.resolveColor("#FF9500", appearance: .light, increaseContrast: false, isTint: true)?.alpha
        == 0.6)
  }

  @Test func pixelsOutsideTheShapeSeeTheWallpaper() {
    // A circle element of diameter 10 pt at scale 1; an item covering its
    // whole frame: the corner pixels lie outside the circle, so they see the
    // raw (white) wallpaper: black text there has exactly 21:1. Inside, dark
    // regular glass of a 10 pt shape (read as 48 pt) at the default setting
    // over white: the cap gives k = L = 0.601964, then the levels Black +
    // (White - Black) k = 0.125655 + 0.996105 x 0.601964 = 0.72527 grey
    // (L 0.48483): 0.53483 / 0.05 = 10.70.
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 0, y: 0, width: 10, height: 10),
      shape: .circle,
      content: [
        Self.item("t", color: "#000000", frame: RectInPoints(x: 0, y: 0, width: 10, height: 10))
      ])
    let m = Self.measure(
      Self.layout([e]), wallpaper: RGBImage(width: 40, height: 20, filledWith: (1, 1, 1)),
      appearance: .dark)
    #expect(m[0].result.contrast.max == 21)
    #expect(abs(m[0].result.contrast.min - 10.70) < 0.01)
  }
}
