import Testing

@testable import ContrastCore

/// Issue 29 part 3: a verdict's trust is the weakest of the numbers its
/// pixels read: of a curve or grid, the cells it interpolates between (a
/// reading beyond them is an assumption), and no blur number when the
/// wallpaper the blur reads is one colour. Known answers from the shipped
/// ios27 profile's marks (fidelity/fit/REPORT.md).
@Suite struct TrustPerNumberReadTests {
  static let profile = try! ProfileLoader.load(named: "ios27")
  static let index = TrustIndex(profile)

  /// A flat grey wallpaper, and one with a vertical stripe every 8 px.
  static func wallpaper(textured: Bool, size: Int = 300) -> RGBImage {
    var samples = [Float](repeating: 0.5, count: size * size * 3)
    if textured {
      for y in 0..<size {
        for x in stride(from: 0, to: size, by: 8) {
          for c in 0..<3 { samples[3 * (y * size + x) + c] = 0.9 }
        }
      }
    }
    return RGBImage(width: size, height: size, samples: samples)
  }

  /// The trust of white text in the middle of a `material` element of
  /// short side `side` pt (a circle when square), measured over a `size`
  /// pt square canvas at scale 1.
  static func trust(
    material: String = "glass.regular", side: Double, width: Double? = nil,
    appearance: Appearance, setting: LiquidGlassSetting?, textured: Bool = false,
    mode: AccessibilityMode = .normal
  ) throws -> (trust: VerdictTrust, basis: String) {
    let size = 300
    let canvasSize = Canvas(
      widthInPoints: Double(size), heightInPoints: Double(size), scale: 1)
    let canvas = WallpaperCanvas(
      wallpaperID: "w", image: wallpaper(textured: textured, size: size), canvas: canvasSize)
    let w = width ?? side
    let item = ContentItem(
      id: "label", kind: .text, role: "body", color: .same("white"),
      frame: RectInPoints(x: w / 2 - 8, y: side / 2 - 6, width: 16, height: 12))
    let element = Element(
      id: "e", material: material,
      frame: RectInPoints(x: 150 - w / 2, y: 150 - side / 2, width: w, height: side),
      shape: width == nil ? .circle : .capsule, content: [item])
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize, elements: [element], file: "t.yml")
    let m = try #require(
      SceneEvaluator.measure(
        layout: layout, canvas: canvas, appearance: appearance, mode: mode,
        liquidGlass: setting, profile: profile, settings: AuditSettings(), trust: index
      ).first)
    return (m.result.trust, m.result.trustBasis)
  }

  @Test func theMeasured48PointCircleOverFlatGreyIsAMeasurement() throws {
    // Exactly D1's probe: every number it reads is measured, and the blur
    // (whose grid holds assumed cells) cannot change a flat backdrop.
    let t = try Self.trust(side: 48, appearance: .dark, setting: .default)
    #expect(t.trust == .thirdPartyMeasurement)
    #expect(t.basis.hasPrefix("materials.glass.regular.dark."))
  }

  @Test func betweenTwoMeasuredCellsIsMeasured() throws {
    // Dark 48 pt at s = 0.6: white between values[0][2] and [0][3], black
    // and saturation between measured points, all measured.
    let dark = try Self.trust(
      side: 48, appearance: .dark, setting: LiquidGlassSetting(value: 0.6))
    #expect(dark.trust == .thirdPartyMeasurement)
    // Light at s = 0.25: the luma cap between its two measured cells.
    let light = try Self.trust(
      side: 48, appearance: .light, setting: LiquidGlassSetting(value: 0.25))
    #expect(light.trust == .thirdPartyMeasurement)
  }

  @Test func beyondTheLastMeasuredCellIsAnAssumption() throws {
    // Light's luma cap is measured at s = 0 and 0.5 and held above.
    let t = try Self.trust(side: 48, appearance: .light, setting: .tinted)
    #expect(t.trust == .assumption)
    #expect(t.basis == "materials.glass.regular.light.lumaCap.beyondEnds")
    // Below the smallest measured size, dark's curves are held too.
    let small = try Self.trust(side: 40, appearance: .dark, setting: .default)
    #expect(small.trust == .assumption)
    #expect(small.basis == "materials.glass.regular.dark.lumaCap.beyondEnds")
  }

  @Test func readingAnAssumedCellIsAnAssumption() throws {
    // Dark at 150 pt above s = 0: no measurement (REPORT.md assumption 1).
    let t = try Self.trust(side: 150, width: 210, appearance: .dark, setting: .default)
    #expect(t.trust == .assumption)
    #expect(t.basis == "materials.glass.regular.dark.white.grid.values[1][2]")
    // At s = 0 the 150 pt cell is F's measurement.
    let f = try Self.trust(side: 150, width: 210, appearance: .dark, setting: .clear)
    #expect(f.trust == .thirdPartyMeasurement)
  }

  @Test func aTexturedBackdropMakesTheBlurNumbersCount() throws {
    // 72 pt at s = 0 reads the narrow sigma between 1.8 (48 pt, measured)
    // and 2.12308 (96 pt, assumed).
    let flat = try Self.trust(side: 72, appearance: .light, setting: .clear)
    #expect(flat.trust == .thirdPartyMeasurement)
    let textured = try Self.trust(side: 72, appearance: .light, setting: .clear, textured: true)
    #expect(textured.trust == .assumption)
    #expect(textured.basis == "materials.glass.regular.light.blur[0].sigma.grid.values[1][0]")
    // Clear glass's wide sigma is assumed for it: only a texture reads it.
    let clearFlat = try Self.trust(
      material: "glass.clear", side: 48, appearance: .dark, setting: .default)
    #expect(clearFlat.trust == .thirdPartyMeasurement)
    let clearTextured = try Self.trust(
      material: "glass.clear", side: 48, appearance: .dark, setting: .default, textured: true)
    #expect(clearTextured.trust == .assumption)
    #expect(clearTextured.basis == "materials.glass.clear.dark.blur[1].sigma")
  }

  @Test func aStatedHoldTakesItsOwnTrust() throws {
    let profile = try ProfileLoader.mergedOverDefault(
      override: """
        version: 1
        materials:
          glass.regular:
            light:
              lumaCap:
                source: a test's capture at s = 1
                trust: third-party-measurement
                by: setting
                table: [[0, 0.812], [0.5, 0.932892]]
                beyondEnds: {value: held, source: a test's capture at s = 1, trust: apple}
        """, overrideFile: "hold.yml")
    let index = TrustIndex(profile)
    let item = ContentItem(
      id: "t", kind: .text, color: .same("#FFFFFF"),
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 10))
    let element = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 0, y: 0, width: 48, height: 48),
      content: [item])
    let rendering = try profile.rendering(
      of: element, appearance: .light, mode: .normal, scale: 1, liquidGlass: 1)
    let t = index.verdictTrust(
      item: item, element: element, rendering: rendering, profile: profile, appearance: .light,
      mode: .normal, liquidGlass: 1, blurCanChangePixels: { false })
    #expect(t.trust == .thirdPartyMeasurement)
    #expect(profile.provenance["materials.glass.regular.light.lumaCap.beyondEnds"]?.trust == .apple)
  }

  @Test func aReadingNamesTheCellsItInterpolatesBetween() {
    let xs: [Double] = [48, 96, 180]
    #expect(ProfileCurve.nodesRead(xs: xs, at: 48) == ([0], false))
    #expect(ProfileCurve.nodesRead(xs: xs, at: 60) == ([0, 1], false))
    #expect(ProfileCurve.nodesRead(xs: xs, at: 96) == ([1], false))
    #expect(ProfileCurve.nodesRead(xs: xs, at: 180) == ([2], false))
    #expect(ProfileCurve.nodesRead(xs: xs, at: 200) == ([2], true))
    #expect(ProfileCurve.nodesRead(xs: xs, at: 20) == ([0], true))
    #expect(ProfileCurve.nodesRead(xs: xs, at: nil) == ([2], true))
    let grid = ProfileCurve.grid(
      shortSides: [48, 150], settings: [0, 0.5, 1], values: [[1, 2, 3], [4, 5, 6]])
    #expect(
      grid.reading(shortSideInPoints: 100, liquidGlass: 0.25)
        == CurveReading(cells: [0, 1, 3, 4], beyondEnds: false))
    #expect(
      grid.reading(shortSideInPoints: nil, liquidGlass: 1)
        == CurveReading(cells: [5], beyondEnds: true))
  }

  @Test func aFlatRegionIsFoundAndATextureIsNot() {
    let flat = Self.wallpaper(textured: false, size: 40)
    let striped = Self.wallpaper(textured: true, size: 40)
    let all = PixelRect(x: 0, y: 0, width: 40, height: 40)
    #expect(WallpaperCanvas.isOneColour(flat, all))
    #expect(!WallpaperCanvas.isOneColour(striped, all))
    // Between two stripes (columns 1 ... 7) the striped wallpaper is flat.
    #expect(WallpaperCanvas.isOneColour(striped, PixelRect(x: 1, y: 0, width: 7, height: 40)))
  }

  /// One colour is samples equal as `==` has them, whatever the bits: a
  /// `-0` among `+0`s is the same colour; a NaN is never equal; one sample
  /// off in the last row (the rows before it equal byte for byte) is found.
  @Test func oneColourIsSamplesEqualNotBitsEqual() {
    let all = PixelRect(x: 0, y: 0, width: 5, height: 4)
    func image(_ change: (inout [Float]) -> Void) -> RGBImage {
      var samples = [Float](repeating: 0, count: 3 * 5 * 4)
      change(&samples)
      return RGBImage(width: 5, height: 4, samples: samples)
    }
    #expect(WallpaperCanvas.isOneColour(image { _ in }, all))
    #expect(WallpaperCanvas.isOneColour(image { $0[3 * 7 + 1] = -0.0 }, all))
    #expect(WallpaperCanvas.isOneColour(image { $0[0] = -0.0 }, all))
    #expect(!WallpaperCanvas.isOneColour(image { $0[3 * 19 + 2] = 0x1p-149 }, all))
    #expect(!WallpaperCanvas.isOneColour(image { $0[3 * 12] = .nan }, all))
    #expect(!WallpaperCanvas.isOneColour(image { $0[1] = .nan }, all))
    // (The last row alone, which differs, and the rows above it, which do not.)
    let off = image { $0[3 * 19 + 2] = 0x1p-149 }
    #expect(WallpaperCanvas.isOneColour(off, PixelRect(x: 0, y: 0, width: 5, height: 3)))
    #expect(WallpaperCanvas.isOneColour(off, PixelRect(x: 4, y: 3, width: 1, height: 1)))
    #expect(!WallpaperCanvas.isOneColour(off, PixelRect(x: 3, y: 2, width: 2, height: 2)))
  }
}
