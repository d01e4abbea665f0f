/// What a profile states about its own fit (SPEC §3.7): per measured group,
/// the errors its numbers give on the measurements they were fitted to, so
/// that `glass-audit fidelity` and the tests can hold the profile to them.
public struct FitResidual: Sendable, Hashable {
  /// The material, appearance and Liquid Glass setting of the group (nil
  /// where the setting does not apply).
  public var material: String
  public var appearance: Appearance
  public var setting: Double?
  /// The measurements (rows) in the group.
  public var count: Int
  /// Mean and largest absolute error over every channel of the group's
  /// rows, in levels 0-255.
  public var meanLevels: Double
  public var maxLevels: Double

  public init(
    material: String, appearance: Appearance, setting: Double?, count: Int, meanLevels: Double,
    maxLevels: Double
  ) {
    self.material = material
    self.appearance = appearance
    self.setting = setting
    self.count = count
    self.meanLevels = meanLevels
    self.maxLevels = maxLevels
  }
}

extension ProfileDecoder {
  /// The optional `fit` section: `measurements` (the file the numbers were
  /// fitted to) and `residuals`, a list of {material, appearance, setting
  /// (optional), count, mean, max}.
  mutating func fit(_ node: YAMLNode) -> (measurements: String, residuals: [FitResidual])? {
    let path = "fit"
    let keys = ["measurements", "residuals"]
    guard let f = fields(node, path: path, allowed: keys, required: keys) else { return nil }
    let file = text(f["measurements"], path: "\(path).measurements")
    guard let list = f["residuals"] else { return nil }
    guard case .sequence(let items) = list.content else {
      report(list.mark, "\(path).residuals", "expected a list of groups, got \(describe(list))")
      return nil
    }
    var residuals: [FitResidual] = []
    for (i, item) in items.enumerated() {
      let at = "\(path).residuals[\(i)]"
      guard
        let g = fields(
          item, path: at, allowed: ["material", "appearance", "setting", "count", "mean", "max"],
          required: ["material", "appearance", "count", "mean", "max"])
      else { continue }
      let material = text(g["material"], path: "\(at).material")
      let appearance = choice(g["appearance"], path: "\(at).appearance", as: Appearance.self)
      let setting = g["setting"].map { number($0, path: "\(at).setting", range: .unitInterval) }
      let count = number(g["count"], path: "\(at).count", range: .positive)
      let mean = number(g["mean"], path: "\(at).mean", range: .nonNegative)
      let max = number(g["max"], path: "\(at).max", range: .nonNegative)
      guard let material, let appearance, let count, let mean, let max, setting != .some(nil)
      else { continue }
      residuals.append(
        FitResidual(
          material: material, appearance: appearance, setting: setting ?? nil, count: Int(count),
          meanLevels: mean, maxLevels: max))
    }
    guard let file, residuals.count == items.count else { return nil }
    return (file, residuals)
  }
}
