/// What `glass-audit calibrate` fits (SPEC §3.7): one material in one
/// appearance, as drawn in one mode under one Liquid Glass setting.
public struct CalibrationTarget: Sendable, Hashable {
  /// The profile's material name (`glass.regular`, `thin`, ...).
  public var material: String
  public var appearance: Appearance
  public var mode: AccessibilityMode
  /// The Liquid Glass setting the data was taken at, in [0, 1] (0.5, the
  /// untouched setting, unless given). The reduce-transparency modes draw
  /// no glass; the model reads 0.5 there, as the audit does.
  public var liquidGlass: Double

  public init(
    material: String, appearance: Appearance, mode: AccessibilityMode = .normal,
    liquidGlass: Double = 0.5
  ) {
    self.material = material
    self.appearance = appearance
    self.mode = mode
    self.liquidGlass = mode.reducesTransparency ? 0.5 : liquidGlass
  }
}

/// How calibration reads captures and when it gives up.
public struct CalibrationOptions: Sendable, Hashable {
  /// How far inside an element's outline its face is read, pt. iOS draws a
  /// bright rim within 1.5 pt of the outline (fidelity/SOURCES.md, D1);
  /// 3 pt stays clear of it, and of the edge's antialiasing, at twice its
  /// width.
  public var faceMarginInPoints: Double = 3
  /// How far the face is read clear of the element's content items'
  /// frames, pt (glyph antialiasing and shadows spill past a frame).
  public var contentMarginInPoints: Double = 2
  /// Levenberg-Marquardt steps allowed before the fit counts as not
  /// converging.
  public var maximumIterations: Int = 200
  /// The largest rms error, levels 0-255, of a fit that is written: above
  /// it the model cannot reproduce the data (wrong material, appearance,
  /// mode or setting for these captures) and calibration fails.
  public var maximumRMSLevels: Double = 8
  /// The blur search fits a deterministic subsample of at most this many
  /// pixels per candidate sigma; the final fit uses every usable pixel.
  public var searchSampleLimit: Int = 3000

  public init() {}
}

/// One input of a calibration: a measurements table, or a capture.
public enum CalibrationInput: Sendable {
  case measurements(CalibrationMeasurements)
  case capture(Capture)

  /// The input's name as messages and sources give it.
  public var name: String {
    switch self {
    case .measurements(let m): m.file
    case .capture(let c): c.name
    }
  }
}

/// A number calibration can fit (SPEC §3.1-§3.3).
public enum CalibrationParameter: Sendable, Hashable, Comparable {
  /// Glass levels and luma cap (§3.2).
  case black, white, lumaCap
  /// Glass or standard saturation.
  case saturation
  /// A standard material's plate stop, its brightness and plate share.
  case stop(Int)
  case brightness, plateShare
  /// The sigma (pt) of the blur component at this index of the profile's
  /// `blur` list (§3.1).
  case blurSigma(Int)
  /// The share of the blur component at this index.
  case blurShare(Int)
  /// Increase Contrast's glass fill for the appearance, one channel
  /// (0 red, 1 green, 2 blue), and its minimum alpha (§3.3).
  case glassFill(Int)
  case minimumFillAlpha
  /// Increase Contrast's minimum plate share of standard materials.
  case minimumPlateShare

  /// The parameter as the profile names it, relative to the material's
  /// appearance (`white`, `stops[2]`, `blur[0].sigma`), or to the profile
  /// for the Increase Contrast rules (`increaseContrast.minimumFillAlpha`).
  public func name(appearance: Appearance) -> String {
    switch self {
    case .black: "black"
    case .white: "white"
    case .lumaCap: "lumaCap"
    case .saturation: "saturation"
    case .stop(let i): "stops[\(i)]"
    case .brightness: "brightness"
    case .plateShare: "plateShare"
    case .blurSigma(let k): "blur[\(k)].sigma"
    case .blurShare(let k): "blur[\(k)].share"
    case .glassFill(let c):
      "increaseContrast.glassFill.\(appearance.rawValue).\(["red", "green", "blue"][c])"
    case .minimumFillAlpha: "increaseContrast.minimumFillAlpha"
    case .minimumPlateShare: "increaseContrast.minimumPlateShare"
    }
  }

  /// The box the fit keeps the parameter in.
  var bounds: ClosedRange<Double> {
    switch self {
    case .black, .white: -1...2
    case .lumaCap, .plateShare, .blurShare, .glassFill, .minimumFillAlpha, .minimumPlateShare:
      0...1
    case .saturation: 0...4
    case .stop: -1...2
    case .brightness: -1...1
    case .blurSigma: 0.1...100
    }
  }

  /// The precision the data must give (one standard deviation, with one
  /// level of noise per channel) for the parameter to count as pinned:
  /// about five levels of output for the tone numbers, a twentieth for
  /// gains and shares, 1 pt for a sigma. The test is what separates a
  /// number the data determines from one it cannot tell from the others
  /// (whose deviation is orders of magnitude larger); the fitted numbers'
  /// own deviations are reported.
  var requiredPrecision: Double {
    switch self {
    case .black, .white, .stop, .brightness, .glassFill: 0.02
    case .saturation, .lumaCap, .blurShare, .plateShare, .minimumFillAlpha, .minimumPlateShare:
      0.05
    case .blurSigma: 1
    }
  }

  /// The finite-difference step of the Jacobian.
  var step: Double {
    switch self {
    case .blurSigma: 0.05
    default: 1e-6
    }
  }

  var isBlurSigma: Bool {
    if case .blurSigma = self { return true }
    return false
  }
}

/// Where a fitted number applies: at every short side, or at one (nil: full
/// screen).
public enum CalibrationScope: Sendable, Hashable, Comparable {
  case everySize
  case shortSide(Double?)

  public static func < (a: Self, b: Self) -> Bool {
    switch (a, b) {
    case (.everySize, .shortSide): true
    case (.shortSide(let x), .shortSide(let y)): (x ?? .infinity) < (y ?? .infinity)
    default: false
    }
  }

  /// Whether a set at `side` reads a number of this scope.
  func covers(_ side: Double?) -> Bool {
    switch self {
    case .everySize: true
    case .shortSide(let s): s == side
    }
  }
}

/// The entry point of `glass-audit calibrate` (SPEC §3.7).
public enum Calibration {
  /// Fits `target`'s numbers in `base` to `inputs`.
  ///
  /// Captures are placed as `run` places them and read on each element's
  /// face (``CalibrationOptions``); measurement rows of the target's
  /// material, appearance, mode and setting are read as they are (a row
  /// without a setting reads as 0.5; standard materials ignore the
  /// setting). In normal and reduce-transparency modes the material's own
  /// numbers are fitted (glass: black, white, lumaCap, saturation; standard:
  /// saturation, the stops, brightness, plateShare; in normal mode also the
  /// narrow blur's sigma and the wide blur's share); in the Increase
  /// Contrast modes the profile's Increase Contrast rules (glass: the fill
  /// of the appearance and its minimum alpha; standard: the minimum plate
  /// share), the material's numbers held. A number the data cannot pin is
  /// left as it was, with the reason, in ``CalibrationResult/kept``.
  ///
  /// - Throws: an input that does not fit the target (no row or element of
  ///   it, screenshot and layout of different screens or scales, a
  ///   wallpaper of another size, an element off-screen or without usable
  ///   pixel), a material the profile lacks, a fit that does not converge
  ///   or leaves more than ``CalibrationOptions/maximumRMSLevels``; each
  ///   message names the file and the reason.
  public static func calibrate(
    _ inputs: [CalibrationInput], target: CalibrationTarget, base: Profile,
    options: CalibrationOptions = CalibrationOptions()
  ) throws(DiagnosticList) -> CalibrationResult {
    guard let material = base.materials[target.material] else {
      let names = base.materials.keys.sorted()
      throw DiagnosticList([
        Diagnostic(
          file: base.name, line: 0, column: 0,
          message:
            "unknown material '\(target.material)'"
            + DidYouMean.hint(for: target.material, among: names) + "; the profile "
            + "\(base.name) has " + names.joined(separator: ", "))
      ])
    }
    var sets: [ObservationSet] = []
    var problems: [Diagnostic] = []
    for input in inputs {
      do {
        sets += try ObservationSet.sets(
          of: input, target: target, material: material, profile: base, options: options)
      } catch {
        problems += error.diagnostics
      }
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    guard !sets.isEmpty else {
      throw DiagnosticList([
        Diagnostic(
          file: base.name, line: 0, column: 0,
          message: "nothing to calibrate: give capture folders or measurement files")
      ])
    }
    var fitter = try Calibrator(
      sets: sets, target: target, material: material, profile: base, options: options,
      inputNames: inputs.map(\.name))
    return try fitter.run()
  }
}
