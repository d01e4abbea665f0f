import Foundation
import Testing

@testable import ContrastCore

/// Known answers (issue 13, item 3): captures drawn by the tool's own
/// renderer from parameters the test chooses, rounded to 8 bits with one
/// level of noise, are calibrated back from ios27's values, and every
/// chosen number comes back within the stated tolerance:
///
/// - black, white, the plate stops: ± 0.005 (about 1.3 levels);
/// - saturation, lumaCap, the wide blur's share: ± 0.02;
/// - the narrow blur's sigma: ± 0.3 pt;
/// - Increase Contrast's fill channels and minimum alpha, minimum plate
///   share: ± 0.01.
///
/// Each is several times the standard deviation the fit reports for it on
/// these 120 x 80 px captures; the residual is the noise put in (one level
/// plus 8-bit rounding, about 1.04 levels rms).
@Suite struct CalibrationRecoveryTests {
  enum Backdrop: Sendable {
    /// One capture over a colourful photo with detail at every scale.
    case photo(seed: UInt64)
    /// One capture per flat colour: greys from black to white, a red and a blue.
    case flat
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var material: String
    var appearance: Appearance
    var backdrop: Backdrop
    var truth: MaterialParameters
    var mode: AccessibilityMode = .normal
    /// The chosen numbers the fit must give back, with their tolerance.
    var expected: [(CalibrationParameter, Double, Double)]
    var testDescription: String {
      let b =
        switch backdrop {
        case .photo: "photo"
        case .flat: "flat"
        }
      return "\(material) \(appearance) \(mode.rawValue) over \(b)"
    }
  }

  static let tone = 0.005
  static let gain = 0.02
  static let sigma = 0.3
  static let rule = 0.01

  static func glass(
    _ appearance: Appearance, _ backdrop: Backdrop, black: Double, white: Double,
    saturation: Double, lumaCap: Double, narrow: Double, wideShare: Double
  ) -> Case {
    let blur = MaterialBlur([
      BlurComponent(sigmaInPoints: .constant(narrow), share: nil),
      BlurComponent(sigmaInPoints: 14.8, share: .constant(wideShare)),
    ])
    var expected: [(CalibrationParameter, Double, Double)] = [
      (.black, black, tone), (.white, white, tone), (.saturation, saturation, gain),
      (.lumaCap, lumaCap, gain),
    ]
    if case .photo = backdrop {
      expected += [(.blurSigma(0), narrow, sigma), (.blurShare(1), wideShare, gain)]
    }
    return Case(
      material: "glass.regular", appearance: appearance, backdrop: backdrop,
      truth: MaterialParameters(
        kind: .glass, blur: blur, saturation: .constant(saturation), white: .constant(white),
        black: .constant(black), lumaCap: .constant(lumaCap)),
      expected: expected)
  }

  /// `thin` with the recipe's brightness and plate share (ios27's: the data
  /// cannot tell them from the stops, so they stay as they are).
  static func thin(
    _ appearance: Appearance, _ backdrop: Backdrop, saturation: Double, stops: [Double],
    radius: Double
  ) -> Case {
    var expected: [(CalibrationParameter, Double, Double)] = [(.saturation, saturation, gain)]
    expected += stops.enumerated().map { (.stop($0), $1, tone) }
    if case .photo = backdrop { expected.append((.blurSigma(1), radius, sigma)) }
    return Case(
      material: "thin", appearance: appearance, backdrop: backdrop,
      truth: MaterialParameters(
        kind: .standard, blurRadiusInPoints: radius, saturation: .constant(saturation),
        brightness: appearance == .light ? 0.12 : 0, plateShare: 0.6, plateStops: stops),
      expected: expected)
  }

  static let cases: [Case] = [
    glass(
      .light, .photo(seed: 7), black: 0.45, white: 1.06, saturation: 1.4, lumaCap: 0.85,
      narrow: 5, wideShare: 0.4),
    glass(
      .dark, .photo(seed: 8), black: 0.14, white: 0.95, saturation: 1.1, lumaCap: 0.6,
      narrow: 4.5, wideShare: 0.5),
    glass(
      .light, .flat, black: 0.42, white: 1.1, saturation: 1.3, lumaCap: 0.8, narrow: 5,
      wideShare: 0.4),
    glass(
      .dark, .flat, black: 0.14, white: 0.95, saturation: 1.1, lumaCap: 0.6, narrow: 5,
      wideShare: 0.4),
    thin(.light, .photo(seed: 9), saturation: 1.5, stops: [0.7, 0.8, 0.76, 0.72], radius: 6),
    thin(.dark, .photo(seed: 10), saturation: 1.6, stops: [0.22, 0.17, 0.12, 0.2], radius: 7),
    thin(.light, .flat, saturation: 1.25, stops: [0.74, 0.78, 0.8, 0.7], radius: 30),
    thin(.dark, .flat, saturation: 1.45, stops: [0.2, 0.2, 0.14, 0.16], radius: 30),
  ]

  static let flatColours = [
    RGB(gray: 0), RGB(gray: 0.25), RGB(gray: 0.5), RGB(gray: 0.75), RGB(gray: 1),
    RGB(r: 0.8, g: 0.2, b: 0.1), RGB(r: 0.1, g: 0.3, b: 0.9),
  ]

  /// The captures of `truth` over `backdrop`.
  static func captures(
    _ backdrop: Backdrop, truth: Profile, target: CalibrationTarget
  ) -> [CalibrationInput] {
    switch backdrop {
    case .photo(let seed):
      return [
        .capture(
          CaptureSynthesis.capture(
            name: "photo", wallpaper: CaptureSynthesis.photo(seed: seed), truth: truth,
            target: target, seed: seed &+ 100))
      ]
    case .flat:
      return flatColours.enumerated().map { i, c in
        .capture(
          CaptureSynthesis.capture(
            name: "flat-\(i)", wallpaper: CaptureSynthesis.flat(c), truth: truth, target: target,
            seed: UInt64(40 + i)))
      }
    }
  }

  @Test(arguments: cases)
  func chosenNumbersComeBack(_ c: Case) throws {
    let base = try ProfileLoader.loadDefault()
    let target = CalibrationTarget(material: c.material, appearance: c.appearance, mode: c.mode)
    let truth = CaptureSynthesis.profile(
      base, material: c.material, appearance: c.appearance, c.truth)
    let result = try Calibration.calibrate(
      Self.captures(c.backdrop, truth: truth, target: target), target: target, base: base)
    for (parameter, chosen, tolerance) in c.expected {
      let fitted = try #require(
        result.fitted.first { $0.parameter == parameter }, "\(parameter) was not fitted")
      #expect(
        abs(fitted.after - chosen) <= tolerance,
        "\(fitted.name): \(fitted.after), chosen \(chosen) ± \(tolerance)")
    }
    #expect(result.rmsLevels > 0.95 && result.rmsLevels < 1.15, "rms \(result.rmsLevels)")
    if case .flat = c.backdrop {
      #expect(!result.fitted.contains { $0.parameter.isBlurSigma })
      let kept = try #require(result.kept.first { $0.parameter?.isBlurSigma ?? false })
      #expect(kept.reason.contains("every backdrop is flat"))
    }
    if c.material == "thin" {
      for parameter in [CalibrationParameter.brightness, .plateShare] {
        let kept = try #require(result.kept.first { $0.parameter == parameter })
        #expect(kept.reason.contains("cannot tell it apart"))
      }
    }
  }

  /// Increase Contrast's rules (SPEC §3.3) from glass captured in that mode:
  /// the fill of the appearance and its minimum alpha, the material's own
  /// numbers held as ios27 gives them.
  @Test func increaseContrastRulesComeBack() throws {
    let base = try ProfileLoader.loadDefault()
    var truth = base
    truth.increaseContrast.glassFill.light = RGB(r: 0.9, g: 0.94, b: 1)
    truth.increaseContrast.minimumFillAlpha = 0.3
    let target = CalibrationTarget(
      material: "glass.regular", appearance: .light, mode: .increaseContrast)
    let result = try Calibration.calibrate(
      Self.captures(.photo(seed: 21), truth: truth, target: target), target: target, base: base)
    let expected: [(CalibrationParameter, Double)] = [
      (.glassFill(0), 0.9), (.glassFill(1), 0.94), (.glassFill(2), 1), (.minimumFillAlpha, 0.3),
    ]
    for (parameter, chosen) in expected {
      let fitted = try #require(result.fitted.first { $0.parameter == parameter })
      #expect(abs(fitted.after - chosen) <= Self.rule, "\(fitted.name): \(fitted.after)")
    }
    #expect(!result.fitted.contains { $0.parameter == .white || $0.parameter.isBlurSigma })
    #expect(result.kept.contains { $0.name == "the material's own numbers" })
  }

  /// The minimum plate share of standard materials under Increase Contrast.
  @Test func increaseContrastPlateShareComesBack() throws {
    let base = try ProfileLoader.loadDefault()
    var truth = base
    truth.increaseContrast.minimumPlateShare = 0.8
    let target = CalibrationTarget(material: "thin", appearance: .dark, mode: .increaseContrast)
    let result = try Calibration.calibrate(
      Self.captures(.photo(seed: 22), truth: truth, target: target), target: target, base: base)
    let fitted = try #require(result.fitted.first { $0.parameter == .minimumPlateShare })
    #expect(abs(fitted.after - 0.8) <= Self.rule, "\(fitted.after)")
    #expect(result.fitted.count == 1)
  }

  /// Under Reduce Transparency the backdrop is each shape's mean: the face
  /// numbers come back, and the blur is not a candidate.
  @Test func reduceTransparencyFitsTheFaceWithoutBlur() throws {
    let base = try ProfileLoader.loadDefault()
    let c = Self.glass(
      .light, .flat, black: 0.42, white: 1.1, saturation: 1.3, lumaCap: 0.8, narrow: 5,
      wideShare: 0.4)
    let truth = CaptureSynthesis.profile(base, material: c.material, appearance: .light, c.truth)
    let target = CalibrationTarget(
      material: "glass.regular", appearance: .light, mode: .reduceTransparency)
    let result = try Calibration.calibrate(
      Self.captures(.flat, truth: truth, target: target), target: target, base: base)
    for (parameter, chosen, tolerance) in c.expected {
      let fitted = try #require(result.fitted.first { $0.parameter == parameter })
      #expect(abs(fitted.after - chosen) <= tolerance, "\(fitted.name): \(fitted.after)")
    }
    let blur = try #require(result.kept.first { $0.name == "blur" })
    #expect(blur.reason.contains("Reduce Transparency"))
  }
}
