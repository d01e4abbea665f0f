import Foundation
import Testing

@testable import ContrastCore

/// The shipped ios27 profile against the public iOS 27 measurements
/// (SPEC §3.7), and the fidelity command's library part.
@Suite struct FidelityTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let csv = "fidelity/ios27-measurements.csv"

  static func measurements() throws -> [FidelityMeasurement] {
    let text = try String(
      contentsOf: root.appendingPathComponent(csv), encoding: .utf8)
    return try FidelityMeasurements.parse(text, file: csv)
  }

  // MARK: Drift

  /// The acceptance bar of issue 12 (every group mean <= 2.5, max <= 6
  /// levels, no AA flip), and the residuals the profile states for its own
  /// fit: the test fails when the profile's numbers drift from them.
  @Test func theShippedProfileMeetsAndStatesItsFit() throws {
    let profile = try ProfileLoader.loadDefault()
    let rows = try Self.measurements()
    #expect(rows.count == 126)
    let result = try Fidelity.evaluate(profile: profile, measurements: rows, file: Self.csv)
    for g in result.groups {
      let what = "\(g.material) \(g.appearance) \(g.setting.map { "\($0)" } ?? "-")"
      #expect(g.meanLevels <= 2.5, "\(what)")
      #expect(g.maxLevels <= 6, "\(what)")
    }
    #expect(result.flips.isEmpty)
    #expect(profile.fitMeasurements == Self.csv)
    #expect(profile.fitResiduals.count == result.groups.count)
    for stated in profile.fitResiduals {
      let g = try #require(
        result.groups.first {
          $0.material == stated.material && $0.appearance == stated.appearance
            && $0.setting == stated.setting
        }, "\(stated.material) \(stated.appearance)")
      #expect(g.count == stated.count)
      #expect(abs(g.meanLevels - stated.meanLevels) <= 0.05, "\(stated)")
      #expect(abs(g.maxLevels - stated.maxLevels) <= 0.05, "\(stated)")
    }
  }

  // MARK: Known answers

  /// Predictions of fidelity/fit/model.py (the independent Python
  /// implementation of SPEC §3.2 the fit used, reading params.json), run
  /// once: `model.predict(material, appearance, setting, shortSide, rgb)`.
  static let python: [(String, Appearance, Double?, Double?, RGB, [Double])] = [
    (
      "glass.regular", .dark, 0.6, 99, RGB(r: 0.2, g: 0.5, b: 0.8),
      [0.18595116251269184, 0.47469336290994535, 0.7634355633071988]
    ),
    (
      "glass.regular", .dark, 0.6, 99, RGB(gray: 1),
      [0.5878801596235, 0.5878801596235, 0.5878801596235]
    ),
    (
      "glass.regular", .light, 0.3, 48, RGB(r: 0.9, g: 0.1, b: 0.3),
      [1, 0.41527289725954447, 0.6504159798335922]
    ),
    (
      "glass.regular", .light, nil, nil, RGB(gray: 0.4),
      [0.7156178425504001, 0.7156178425504001, 0.7156178425504001]
    ),
    (
      "glass.clear", .dark, 0.8, 30, RGB(r: 0.1, g: 0.7, b: 0.2),
      [0.21850961502000005, 0.79450961502, 0.3145096150200001]
    ),
    (
      "thick", .dark, nil, nil, RGB(r: 0.3, g: 0.6, b: 0.9),
      [0.12120923064959999, 0.1758471506496, 0.2304850706496]
    ),
    (
      "chrome", .light, nil, nil, RGB(r: 0.8, g: 0.2, b: 0.1),
      [0.9955858192400001, 0.8274223192400001, 0.79939506924]
    ),
    ("ultraThin", .light, nil, nil, RGB(gray: 0), [0.3470375, 0.3470375, 0.3470375]),
  ]

  @Test func predictionsAgreeWithTheIndependentPythonModel() throws {
    let profile = try ProfileLoader.loadDefault()
    for (material, appearance, setting, side, backdrop, expected) in Self.python {
      let p = try #require(profile.materials[material]).parameters(for: appearance)
      let c = MaterialPipeline(
        parameters: p, shortSideInPoints: side, liquidGlass: setting ?? 0.5, fill: p.fill,
        tint: nil
      ).apply(backdrop)
      for (got, want) in zip([c.r, c.g, c.b], expected) {
        #expect(abs(got - want) < 1e-9, "\(material) \(appearance) \(String(describing: setting))")
      }
    }
  }

  // MARK: The CSV

  @Test func badRowsAreReportedWithFileAndLine() {
    let text = """
      source,material,appearance,glassTint,shapeWidthPt,shapeHeightPt,backdropR,backdropG,backdropB,observedR,observedG,observedB
      D1,glass.regular,dark,0.5,48,48,0,0,0,32,32,32
      D1,glass.regular,dusk,0.5,48,48,0,0,0,32,32,32
      D1,glass.regular,dark,0.5,48,48,0,0,300,32,32,32
      D1,glass.regular,dark,0.5,48
      D1,glass.regular,dark,2,48,,0,0,0,32,32,32
      "D2,thin,light,,,,0,0,0,1,1,1

      """
    var messages: [String] = []
    do {
      _ = try FidelityMeasurements.parse(text, file: "m.csv")
    } catch {
      messages = error.diagnostics.map(\.description)
    }
    #expect(
      messages == [
        "m.csv:3:1: appearance: expected light or dark, got 'dusk'",
        "m.csv:4:1: backdropB: expected a number in [0, 255], got '300'",
        "m.csv:5:1: expected 12 fields as in the header, got 5",
        "m.csv:6:1: glassTint: expected a number in [0, 1], got '2'",
        "m.csv:7:1: a quoted field is not closed on its line",
      ])
  }

  @Test func aMissingColumnIsNamedAtTheHeader() {
    #expect(throws: DiagnosticList.self) {
      try FidelityMeasurements.parse("material,appearance\nthin,light\n", file: "m.csv")
    }
    do {
      _ = try FidelityMeasurements.parse("material,appearance\nthin,light\n", file: "m.csv")
    } catch {
      #expect(
        error.diagnostics.first?.description.hasPrefix("m.csv:1:1: missing column(s)") == true)
    }
  }

  @Test func quotedFieldsAndCRLFAreRead() throws {
    let text =
      "material,appearance,glassTint,shapeWidthPt,shapeHeightPt,backdropR,backdropG,backdropB,"
      + "observedR,observedG,observedB,note\r\n"
      + "glass.clear,light,,210,150,0,0,0,32,32,32,\"a, \"\"quoted\"\" note\"\r\n"
    let rows = try FidelityMeasurements.parse(text, file: "m.csv")
    #expect(rows.count == 1)
    #expect(rows.first?.shortSideInPoints == 150)
    #expect(rows.first?.setting == nil)
    #expect(rows.first?.line == 2)
  }

  @Test func anUnknownMaterialIsAnErrorAtItsLine() throws {
    let rows = try FidelityMeasurements.parse(
      "material,appearance,glassTint,shapeWidthPt,shapeHeightPt,backdropR,backdropG,backdropB,"
        + "observedR,observedG,observedB\nglass.frosted,light,,,,0,0,0,1,1,1\n", file: "m.csv")
    do {
      _ = try Fidelity.evaluate(
        profile: try ProfileLoader.loadDefault(), measurements: rows, file: "m.csv")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "m.csv:2:1: unknown material 'glass.frosted' for profile ios27"
        ])
    }
  }

  /// A row whose prediction crosses 4.5:1 for black text is a flip: black on
  /// white is 21:1, black on #595959 (L 0.0999) is 3.0:1.
  @Test func aVerdictChangeIsAFlip() throws {
    let rows = try FidelityMeasurements.parse(
      "material,appearance,glassTint,shapeWidthPt,shapeHeightPt,backdropR,backdropG,backdropB,"
        + "observedR,observedG,observedB\nnone,light,,,,89,89,89,255,255,255\n", file: "m.csv")
    let result = try Fidelity.evaluate(
      profile: try ProfileLoader.loadDefault(), measurements: rows, file: "m.csv")
    #expect(result.rows.first?.predicted == [89, 89, 89])
    #expect(result.flips.first?.flips == ["black", "white"])
    #expect(result.maxLevels == 166)
  }
}
