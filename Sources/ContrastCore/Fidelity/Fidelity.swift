/// How well a profile predicts measured iOS renders (SPEC §3.7): every
/// measurement's colour predicted by the material model on its flat
/// backdrop, the errors in levels per group, and the rows where black or
/// white text would get the other WCAG AA verdict.
public struct FidelityResult: Sendable {
  /// One measurement and what the profile predicts for it.
  public struct Row: Sendable {
    public var measurement: FidelityMeasurement
    /// The predicted colour, levels 0-255 (not rounded).
    public var predicted: [Double]
    /// |predicted - observed| per channel, levels.
    public var errors: [Double]
    /// The texts (`black`, `white`) whose AA verdict (ratio >= 4.5) differs
    /// between the predicted and the observed colour.
    public var flips: [String]
  }

  /// The errors of one (material, appearance, setting) group, over every
  /// channel of its rows, levels.
  public struct Group: Sendable {
    public var material: String
    public var appearance: Appearance
    /// As the measurements give it (nil: not given; the prediction used 0.5).
    public var setting: Double?
    public var count: Int
    public var meanLevels: Double
    public var maxLevels: Double
  }

  public var profileName: String
  public var rows: [Row]
  /// The groups in the order their first row appears.
  public var groups: [Group]

  /// The rows with an AA flip, in file order.
  public var flips: [Row] { rows.filter { !$0.flips.isEmpty } }
  /// The largest error of any row, levels (0 without rows).
  public var maxLevels: Double { rows.flatMap(\.errors).max() ?? 0 }
}

public enum Fidelity {
  /// The AA threshold for normal text (SPEC §3.4).
  static let threshold = 4.5

  /// Predicts every measurement with `profile`: the material's pipeline
  /// (its curves read at the row's short side, full screen when none, and
  /// setting, 0.5 when none), without fill override or tint, applied to the
  /// flat backdrop (blur leaves a flat backdrop unchanged).
  ///
  /// - Throws: a row names a material the profile lacks (`file:line`).
  public static func evaluate(
    profile: Profile, measurements: [FidelityMeasurement], file: String
  ) throws(DiagnosticList) -> FidelityResult {
    var problems: [Diagnostic] = []
    var rows: [FidelityResult.Row] = []
    for m in measurements {
      guard let predicted = predict(m, profile: profile) else {
        problems.append(
          Diagnostic(
            file: file, line: m.line, column: 1,
            message: "unknown material '\(m.material)' for profile \(profile.name)"))
        continue
      }
      let errors = zip(predicted, m.observed).map { abs($0 - $1) }
      var flips: [String] = []
      let p = RGB(r: predicted[0] / 255, g: predicted[1] / 255, b: predicted[2] / 255)
      let o = RGB(r: m.observed[0] / 255, g: m.observed[1] / 255, b: m.observed[2] / 255)
      for (name, text) in [("black", RGB.black), ("white", RGB.white)] {
        let before = WCAG.contrastRatio(text, o) >= threshold
        let after = WCAG.contrastRatio(text, p) >= threshold
        if before != after { flips.append(name) }
      }
      rows.append(.init(measurement: m, predicted: predicted, errors: errors, flips: flips))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    return FidelityResult(profileName: profile.name, rows: rows, groups: groups(of: rows))
  }

  /// The colour `profile` predicts for `m`, levels 0-255; nil when the
  /// profile has no such material (`none` is the backdrop itself).
  public static func predict(_ m: FidelityMeasurement, profile: Profile) -> [Double]? {
    let backdrop = RGB(r: m.backdrop[0] / 255, g: m.backdrop[1] / 255, b: m.backdrop[2] / 255)
    let c: RGB
    if m.material == "none" {
      c = backdrop
    } else {
      guard let definition = profile.materials[m.material] else { return nil }
      let p = definition.parameters(for: m.appearance)
      c = MaterialPipeline(
        parameters: p, shortSideInPoints: m.shortSideInPoints, liquidGlass: m.setting ?? 0.5,
        fill: p.fill, tint: nil
      ).apply(backdrop)
    }
    return [c.r * 255, c.g * 255, c.b * 255]
  }

  static func groups(of rows: [FidelityResult.Row]) -> [FidelityResult.Group] {
    struct Key: Hashable {
      var material: String
      var appearance: Appearance
      var setting: Double?
    }
    var order: [Key] = []
    var errors: [Key: [Double]] = [:]
    var counts: [Key: Int] = [:]
    for row in rows {
      let m = row.measurement
      let key = Key(material: m.material, appearance: m.appearance, setting: m.setting)
      if errors[key] == nil { order.append(key) }
      errors[key, default: []] += row.errors
      counts[key, default: 0] += 1
    }
    return order.map { key in
      let e = errors[key] ?? []
      return FidelityResult.Group(
        material: key.material, appearance: key.appearance, setting: key.setting,
        count: counts[key] ?? 0, meanLevels: e.reduce(0, +) / Double(max(e.count, 1)),
        maxLevels: e.max() ?? 0)
    }
  }
}
