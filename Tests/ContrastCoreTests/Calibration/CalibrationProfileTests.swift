import Foundation
import Testing

@testable import ContrastCore

/// The profile `calibrate` writes (issue 13, item 2): laid over ios27 as
/// `--profile FILE` lays it, it gives the fitted numbers where they were
/// measured and ios27's everywhere else, each with its source and trust.
@Suite struct CalibrationProfileTests {
  static let target = CalibrationTarget(material: "glass.regular", appearance: .light)
  static let chosen = MaterialParameters(
    kind: .glass,
    blur: MaterialBlur([
      BlurComponent(sigmaInPoints: 5, share: nil),
      BlurComponent(sigmaInPoints: 14.8, share: 0.4),
    ]), saturation: 1.4, white: 1.06, black: 0.45, lumaCap: 0.85)

  /// Glass light over a photo; the capture's name holds a quote, a newline,
  /// an escape and a bidi override, as a hostile folder name could.
  static let calibrated: Result<CalibrationResult, DiagnosticList> = {
    do throws(DiagnosticList) {
      let base = try ProfileLoader.loadDefault()
      let truth = CaptureSynthesis.profile(
        base, material: "glass.regular", appearance: .light, chosen)
      let capture = CaptureSynthesis.capture(
        name: hostile, wallpaper: CaptureSynthesis.photo(seed: 7), truth: truth,
        target: target, seed: 107)
      return .success(try Calibration.calibrate([.capture(capture)], target: target, base: base))
    } catch {
      return .failure(error)
    }
  }()

  static let hostile = "cap \"a\"\n\u{1B}[31m\u{202E}x"

  static func merged(_ result: CalibrationResult) throws -> Profile {
    try ProfileLoader.mergedOverDefault(
      override: result.profileText(name: "team"), overrideFile: "team.yml")
  }

  @Test func theFittedNumbersAreWhereTheyWereMeasuredAndIos27sElsewhere() throws {
    let result = try Self.calibrated.get()
    let base = try ProfileLoader.loadDefault()
    let profile = try Self.merged(result)
    #expect(profile.name == "team")
    let p = profile.materials["glass.regular"]!.light
    let b = base.materials["glass.regular"]!.light
    for f in result.fitted {
      let curve: ProfileCurve? =
        switch f.parameter {
        case .black: p.black
        case .white: p.white
        case .lumaCap: p.lumaCap
        case .saturation: p.saturation
        case .blurSigma(let k): p.blur.components[k].sigmaInPoints
        case .blurShare(let k): p.blur.components[k].share
        default: nil
        }
      let read = try #require(curve).value(shortSideInPoints: 30, liquidGlass: 0.5)
      #expect(abs(read - f.after) < 1e-6, "\(f.name)")
    }
    // Away from the measured setting (and, for the sigma, the measured size)
    // the curves are ios27's.
    for s in [0.0, 0.25, 1] {
      for (mine, theirs) in [(p.white, b.white), (p.black, b.black), (p.saturation, b.saturation)] {
        #expect(
          mine.value(shortSideInPoints: 30, liquidGlass: s)
            == theirs.value(shortSideInPoints: 30, liquidGlass: s))
      }
    }
    for (side, s) in [(48.0, 0.0), (96, 0.5), (180, 1)] {
      #expect(
        p.blur.components[0].sigmaInPoints.value(shortSideInPoints: side, liquidGlass: s)
          == b.blur.components[0].sigmaInPoints.value(shortSideInPoints: side, liquidGlass: s))
    }
    // The dark appearance and other materials are untouched.
    #expect(profile.materials["glass.regular"]!.dark == base.materials["glass.regular"]!.dark)
    #expect(profile.materials["thin"] == base.materials["thin"])
  }

  @Test func everyFittedNumberCarriesItsSourceAndIos27sKeepTheirs() throws {
    let result = try Self.calibrated.get()
    let base = try ProfileLoader.loadDefault()
    let profile = try Self.merged(result)
    let path = "materials.glass.regular.light"
    let white = try #require(profile.provenance["\(path).white.table[2][1]"])
    #expect(white.trust == .thirdPartyMeasurement)
    #expect(white.source.hasPrefix("calibrated from \(Self.hostile): "))
    #expect(white.source.contains(" pixels, rms 1."))
    #expect(white.source.contains("measured by this team"))
    #expect(
      profile.provenance["\(path).white.table[0][1]"]
        == base.provenance["\(path).white.table[0][1]"])
    // A grid cell ios27 marks as an assumption stays one.
    let assumed = "\(path).blur[0].sigma.grid.values[1][0]"
    #expect(base.provenance[assumed]?.trust == .assumption)
    let cells = profile.provenance.filter { $0.key.hasPrefix("\(path).blur[0].sigma.grid.values") }
    #expect(cells.values.contains { $0.trust == .assumption })
    #expect(cells.values.contains { $0.source.hasPrefix("calibrated from") })
  }

  @Test func theFileSaysWhatWasLeftAndIsTheSameBytesEachTime() throws {
    let result = try Self.calibrated.get()
    let text = result.profileText(name: "team")
    #expect(text == result.profileText(name: "team"))
    #expect(text.contains("#   fill: a fill source-over the levels is another set of levels"))
    #expect(text.contains("trust: third-party-measurement"))
    // The hostile name is escaped in comments and quoted in values: no raw
    // control character reaches the file.
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(text.contains("# From: cap \"a\"\\u{a}\\u{1b}[31m\\u{202e}x."))
    let printed = result.text()
    #expect(!printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(printed.contains("cap \"a\"\\u{a}\\u{1b}[31m\\u{202e}x  bar"))
  }

  /// A standard material's blur written as its shorthand keeps the base's
  /// blurMix; the stops it could not pin keep ios27's value and source.
  @Test func aStandardMaterialsRadiusAndStopsAreWrittenInPlace() throws {
    let base = try ProfileLoader.loadDefault()
    let target = CalibrationTarget(material: "thin", appearance: .dark)
    let truth = CaptureSynthesis.profile(
      base, material: "thin", appearance: .dark,
      MaterialParameters(
        kind: .standard, blurRadiusInPoints: 7, saturation: 1.6, brightness: 0, plateShare: 0.6,
        plateStops: [0.22, 0.17, 0.12, 0.2]))
    // The left half of the photo: lumas below about 0.6 only.
    var layout = CaptureSynthesis.layout(material: "thin")
    layout.elements = [layout.elements[1]]
    let capture = CaptureSynthesis.capture(
      name: "cap", wallpaper: CaptureSynthesis.photo(seed: 10), truth: truth, target: target,
      seed: 3, layout: layout)
    let result = try Calibration.calibrate([.capture(capture)], target: target, base: base)
    let text = result.profileText(name: "t")
    #expect(text.contains("      blurRadius: {value: "))
    let profile = try ProfileLoader.mergedOverDefault(override: text, overrideFile: "t.yml")
    let dark = profile.materials["thin"]!.dark
    let radius = try #require(result.fitted.first { $0.name == "blurRadius" })
    #expect(abs(radius.after - 7) <= 0.3)
    #expect(
      dark.blur
        == .shorthand(
          radiusInPoints: dark.blur.components[1].sigmaInPoints.value(
            shortSideInPoints: nil, liquidGlass: 0.5), mix: 1))
    let kept = result.kept.compactMap { k -> Int? in
      if case .stop(let i)? = k.parameter { return i }
      return nil
    }
    #expect(kept.contains(3))
    for i in kept {
      #expect(dark.plateStops[i] == base.materials["thin"]!.dark.plateStops[i])
      #expect(
        profile.provenance["materials.thin.dark.stops[\(i)]"]
          == base.provenance["materials.thin.dark.stops[\(i)]"])
    }
  }
}
