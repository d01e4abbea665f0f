import Testing

@testable import ContrastCore

/// Known answers derived by hand from SPEC §3.2's forms, with the
/// parameters typed in (not read from the profile).
@Suite struct MaterialPipelineTests {
  static let clearLight = MaterialParameters(
    kind: .glass, blurRadiusInPoints: 10, blurMix: 1, saturation: 1.0, white: 0.95,
    black: 0.20, lumaCap: 1, fill: RGBA(.white, alpha: 0.10))
  static let regularDark = MaterialParameters(
    kind: .glass, blurRadiusInPoints: 8, blurMix: 0.5, saturation: 1.284, white: 1.097,
    black: 0.120, lumaCap: 0.466, fill: nil)
  static let regularLight = MaterialParameters(
    kind: .glass, blurRadiusInPoints: 8, blurMix: 0.5, saturation: 1.25, white: 1.112,
    black: 0.403, lumaCap: 0.851, fill: RGBA(.white, alpha: 0.18))

  @Test func clearLightOverTheCheckPixelGivesTheMeasuredColour() {
    // Measured check pixel: backdrop rgb(104,161,198) -> glass face rgb(131,182,216).
    let out = MaterialPipeline(parameters: Self.clearLight, fill: Self.clearLight.fill, tint: nil)
      .apply(RGB(r8: 104, g8: 161, b8: 198))
    #expect(abs(out.r * 255 - 131) <= 1)
    #expect(abs(out.g * 255 - 182) <= 1)
    #expect(abs(out.b * 255 - 216) <= 1)
  }

  @Test func regularDarkOverWhiteIsGrey146() {
    // By hand: k = 1 - 1 * (1 - 0.466) = 0.466; c = 0.466;
    // levels: 0.120 + (1.097 - 0.120) * 0.466 = 0.575282 -> 146.7 / 255.
    let out = MaterialPipeline(parameters: Self.regularDark, fill: nil, tint: nil).apply(.white)
    #expect(abs(out.r * 255 - 146.7) < 0.05)
    #expect(out.r == out.g && out.g == out.b)
    // White text on it: 3.08 (L = 0.2905; 1.05 / 0.3405).
    #expect(WCAG.displayRatio(WCAG.contrastRatio(.white, out)) == "3.08")
  }

  @Test func regularLightOverBlackIsTheDefaultTintAnchor130() {
    // Apple's anchor: a black backdrop gives 130. Levels: 0.403 -> fill white
    // a0.18: 0.18 + 0.82 * 0.403 = 0.51046 -> 130.2.
    let out = MaterialPipeline(
      parameters: Self.regularLight, fill: Self.regularLight.fill, tint: nil
    ).apply(.black)
    #expect(abs(out.r * 255 - 130) < 0.5)
  }

  @Test func whiteTextOnRegularLightGlassNeverExceeds383() {
    let pipeline = MaterialPipeline(
      parameters: Self.regularLight, fill: Self.regularLight.fill, tint: nil)
    let rendering = ElementRendering(
      surface: .material(
        pipeline,
        blur: BlurMixture([
          .init(sigmaInPixels: 0, weight: 0.5), .init(sigmaInPixels: 24, weight: 0.5),
        ])),
      reducesTransparency: false, borderWidthInPixels: 0, borderColor: RGBA(.black),
      materialName: "glass.regular")
    let b = ContrastBounds.overCube(rendering: rendering, color: RGBA(.white))
    #expect(WCAG.displayRatio(b.max) == "3.83")
    #expect(b.min >= 1)
  }

  @Test func theLumaCapPeaksWhereTheSpecSays() {
    // Capped luma Y - (1 - L) Y^2 peaks at Y = 1 / (2 (1 - L)) when below 1.
    // With L = 0.2 the peak is at Y = 0.625, value 0.625 - 0.8 * 0.390625 = 0.3125.
    let p = MaterialParameters(
      kind: .glass, blurRadiusInPoints: 0, saturation: 1, white: 1, black: 0, lumaCap: 0.2)
    let pipeline = MaterialPipeline(parameters: p, fill: nil, tint: nil)
    #expect(abs(pipeline.apply(RGB(gray: 0.625)).r - 0.3125) < 1e-12)
    #expect(pipeline.apply(RGB(gray: 0.9)).r < 0.3125)
    #expect(pipeline.apply(RGB(gray: 0.5)).r < 0.3125)
  }

  @Test func standardMaterialMixesTheSaturatedBackdropWithThePlate() {
    // Stops 0.2, 0.6, 0.4 at luma 0, 0.5, 1; share 0.5; saturation 2;
    // brightness 0.1. Backdrop (0.5, 0.25, 0): Y = 0.1063 + 0.1788 = 0.2851;
    // s = Y + 2 (c - Y) = (0.7149, 0.2149, -0.2851); P(Y) = 0.2 + 0.4 x
    // 0.5702 = 0.42808; c = 0.5 s + 0.5 x 0.42808 + 0.1 = 0.5 s + 0.31404.
    let p = MaterialParameters(
      kind: .standard, blurRadiusInPoints: 30, saturation: 2, brightness: 0.1, plateShare: 0.5,
      plateStops: [0.2, 0.6, 0.4])
    let pipeline = MaterialPipeline(parameters: p, fill: nil, tint: nil)
    let out = pipeline.apply(RGB(r: 0.5, g: 0.25, b: 0))
    #expect(abs(out.r - 0.67149) < 1e-12)
    #expect(abs(out.g - 0.42149) < 1e-12)
    #expect(abs(out.b - 0.17149) < 1e-12)
    // The plate's ends and a stop: P(0) = 0.2, P(0.5) = 0.6, P(1) = 0.4.
    #expect(pipeline.plate(0) == 0.2 && pipeline.plate(0.5) == 0.6 && pipeline.plate(1) == 0.4)
    // Grey 0.25: s = 0.25, P = 0.4: 0.125 + 0.2 + 0.1 = 0.425.
    #expect(abs(pipeline.apply(RGB(gray: 0.25)).r - 0.425) < 1e-12)
  }

  @Test func curvesAreReadAtTheElementsShortSideAndSetting() {
    // White 1.0 at 48 pt and 0.5 at 148 pt; a 98 pt element reads 0.75.
    let p = MaterialParameters(
      kind: .glass, blurRadiusInPoints: 0,
      white: .table(.shortSide, [.init(48, 1), .init(148, 0.5)]),
      black: .table(.setting, [.init(0, 0), .init(1, 0.2)]))
    let pipeline = MaterialPipeline(
      parameters: p, shortSideInPoints: 98, liquidGlass: 0.25, fill: nil, tint: nil)
    #expect(pipeline.white == 0.75)
    #expect(pipeline.black == 0.05)
  }

  @Test func increaseContrastRaisesThePlateShareAndFillsGlass() throws {
    let profile = try ProfileLoader.loadDefault()
    func pipeline(_ material: String, _ mode: AccessibilityMode) throws -> MaterialPipeline? {
      let e = Element(
        id: "e", material: material, frame: RectInPoints(x: 0, y: 0, width: 60, height: 40),
        shape: .rect)
      let r = try profile.rendering(of: e, appearance: .dark, mode: mode, scale: 1)
      if case .material(let p, _) = r.surface { return p }
      return nil
    }
    // SPEC §3.3: a = max(a, 0.9); thin's recipe share is 0.6, thick's 0.88.
    #expect(try pipeline("thin", .normal)?.plateShare == 0.6)
    #expect(try pipeline("thin", .increaseContrast)?.plateShare == 0.9)
    #expect(try pipeline("thick", .increaseContrast)?.plateShare == 0.9)
    // Glass: black (dark) at alpha max(0, 0.5).
    #expect(try pipeline("glass.regular", .increaseContrast)?.fill == RGBA(.black, alpha: 0.5))
  }

  @Test func resultIsClampedIntoTheCube() {
    let p = MaterialParameters(
      kind: .standard, blurRadiusInPoints: 0, saturation: 2, brightness: 0.5)
    // Y = 0.2126; r = Y + 2 (1 - Y) + 0.5 = 2.2874 -> 1; g = b = Y - 2 Y + 0.5 = 0.2874.
    let out = MaterialPipeline(parameters: p, fill: nil, tint: nil).apply(RGB(r: 1, g: 0, b: 0))
    #expect(out.r == 1)
    #expect(abs(out.g - 0.2874) < 1e-12 && out.g == out.b)
  }
}
