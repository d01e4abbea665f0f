/// What a calibration fitted, what it left and why, and how well the fit
/// reproduces the data (SPEC §3.7).
public struct CalibrationResult: Sendable {
  /// A number the data pinned.
  public struct Fitted: Sendable, Hashable {
    public var parameter: CalibrationParameter
    /// The profile's name of it (`white`, `blur[0].sigma`, ...).
    public var name: String
    public var scope: CalibrationScope
    /// The base profile's value there, and the fitted one.
    public var before: Double
    public var after: Double
    /// One standard deviation of the fitted value (from the residuals).
    public var standardDeviation: Double
    /// Whether the fit stopped at the edge of the number's valid range.
    public var atBound: Bool
    /// The samples (pixels or rows) behind it, and their rms error, levels.
    public var samples: Int
    public var rmsLevels: Double
  }

  /// A number left as the base profile gives it, and why.
  public struct Kept: Sendable, Hashable {
    /// nil for a group of numbers (`blur`, `the material's own numbers`).
    public var parameter: CalibrationParameter?
    public var name: String
    public var scope: CalibrationScope
    public var reason: String

    init(
      parameter: CalibrationParameter? = nil, name: String, scope: CalibrationScope,
      reason: String
    ) {
      self.parameter = parameter
      self.name = name
      self.scope = scope
      self.reason = reason
    }
  }

  /// The errors of one element of a capture, or of one file's rows at one
  /// size, over every channel of its samples, levels 0-255.
  public struct Residual: Sendable, Hashable {
    public var input: String
    /// The element's id, or `rows at 48 pt`.
    public var label: String
    /// The element's line in its layout (0 for rows).
    public var line: Int
    public var shortSide: Double?
    public var samples: Int
    public var meanLevels: Double
    public var maxLevels: Double
    public var rmsLevels: Double
    /// Whether the samples are pixels of a capture (else measurement rows).
    public var isCapture: Bool
  }

  public var target: CalibrationTarget
  /// The base profile's name.
  public var baseName: String
  /// The inputs as given (capture folders and measurement files).
  public var inputs: [String]
  public var fitted: [Fitted]
  public var kept: [Kept]
  public var residuals: [Residual]
  /// Every sample, and the errors over all of them, levels 0-255.
  public var samples: Int
  public var rmsLevels: Double
  public var maxLevels: Double
  /// How the faces of captures were read, pt.
  public var faceMarginInPoints: Double
  public var contentMarginInPoints: Double
  /// The base profile, for writing the override.
  var base: Profile

  /// Levels with two decimals.
  static func levels(_ v: Double) -> String { FidelityResult.levels(v) }
}

extension Calibrator {
  func result(
    values: [Slot: Double], pinned: [Slot], kept: [CalibrationResult.Kept],
    deviation: [Slot: Double], final: LeastSquares.Solution, rms: Double
  ) -> CalibrationResult {
    var residualsBySet: [CalibrationResult.Residual] = []
    var offset = 0
    for set in sets {
      let e = final.residuals[offset..<(offset + 3 * set.count)].map(abs)
      offset += 3 * set.count
      let sumSquares = e.reduce(0) { $0 + $1 * $1 }
      residualsBySet.append(
        .init(
          input: set.input, label: set.label, line: set.line, shortSide: set.shortSide,
          samples: set.count, meanLevels: e.reduce(0, +) / Double(max(e.count, 1)),
          maxLevels: e.max() ?? 0, rmsLevels: (sumSquares / Double(max(e.count, 1))).squareRoot(),
          isCapture: set.rowLines.isEmpty))
    }
    let fitted = pinned.map { slot -> CalibrationResult.Fitted in
      let covered = sets.indices.filter { slot.scope.covers(sets[$0].shortSide) }
      let n = covered.reduce(0) { $0 + sets[$1].count }
      let ss = covered.reduce(0.0) {
        $0 + residualsBySet[$1].rmsLevels * residualsBySet[$1].rmsLevels
          * Double(3 * sets[$1].count)
      }
      let v = values[slot]!
      let bounds = slot.parameter.bounds
      return .init(
        parameter: slot.parameter, name: name(of: slot.parameter),
        scope: slot.scope, before: baseValue(slot), after: v,
        standardDeviation: deviation[slot] ?? .infinity,
        atBound: v <= bounds.lowerBound + 1e-9 || v >= bounds.upperBound - 1e-9, samples: n,
        rmsLevels: (ss / Double(max(3 * n, 1))).squareRoot())
    }
    return CalibrationResult(
      target: target, baseName: profile.name, inputs: inputNames, fitted: fitted, kept: kept,
      residuals: residualsBySet, samples: sets.reduce(0) { $0 + $1.count }, rmsLevels: rms,
      maxLevels: final.residuals.map(abs).max() ?? 0,
      faceMarginInPoints: options.faceMarginInPoints,
      contentMarginInPoints: options.contentMarginInPoints, base: profile)
  }
}
