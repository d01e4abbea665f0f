/// A dimension's values in one run (its sweep: `--modes`, `--profile`, ...),
/// as report.json's `settings` and report.sqlite's `run` table write them
/// and their readers read them back. The writers and readers iterate
/// ``SceneDimension/all`` and ask each dimension's sweep, so they name no
/// dimension: a new one adds its sweep here.
struct DimensionSweep: Sendable {
  /// Its key in report.json's `settings` (`modes`, `textSizes`).
  let jsonKey: String
  /// Its key in report.sqlite's `run` table, a row per value (`mode`).
  let rowKey: String
  /// Whether the run's list is the dimension's default (`large` alone, Bold
  /// Text off alone), which report.json leaves out (a default run's
  /// settings hold only what every run had).
  let isDefault: @Sendable (AuditReport) -> Bool
  /// The run's values, as report.json writes them.
  let values: @Sendable (AuditReport) -> [CoordinateValue]
  /// Reads the run's values (as report.json wrote them) into `report`;
  /// false when one is not a value of the dimension, or the list is empty
  /// where it must not be.
  let read: @Sendable ([Any], inout AuditReport) -> Bool
  /// Whether report.json always writes the list (the dimensions every run
  /// has reported); those that came later are written only when they are
  /// not at their default, so a default run's report kept its bytes.
  var alwaysWritten = true
  /// Whether a report.json without the list is refused (every report has
  /// written it); else its absence means the settings' default.
  var required = true
  /// A flag of the run's settings that goes with the dimension (``SweepFlag``).
  var flag: SweepFlag? = nil

  /// Reads a run's `list` into `report` at `path`, each value by `parse`
  /// (nil: not a value of the dimension): false when one is not, or when
  /// the list is empty and must not be.
  static func read<T>(
    _ list: [Any], into report: inout AuditReport, _ path: WritableKeyPath<AuditReport, [T]>,
    mayBeEmpty: Bool = false, _ parse: (Any) -> T?
  ) -> Bool {
    let values = list.compactMap(parse)
    guard values.count == list.count, mayBeEmpty || !values.isEmpty else { return false }
    report[keyPath: path] = values
    return true
  }
}

/// A flag of a run's settings that goes with a dimension's sweep: whether a
/// profile of the run has no Liquid Glass, which gives the matrix a column
/// without a setting in every mode (``AuditSettings/modeColumns``).
/// report.json writes it after the sweeps, only when true; report.sqlite's
/// `run` table always, as 0 or 1.
struct SweepFlag: Sendable {
  /// Its key in report.json's `settings` (`withoutLiquidGlass`).
  let jsonKey: String
  /// Its key in report.sqlite's `run` table (`without_liquid_glass`).
  let rowKey: String
  let get: @Sendable (AuditSettings) -> Bool
  let set: @Sendable (inout AuditSettings, Bool) -> Void
}

extension SceneDimension {
  /// The flags of the run's settings that go with the swept dimensions,
  /// in their order.
  static let sweepFlags: [SweepFlag] = swept.compactMap { $0.sweep?.flag }

  /// The dimensions a run sweeps, in the order report.json's `settings`
  /// lists them (the profiles first, as every report has).
  static let swept: [SceneDimension] =
    [profile] + all.filter { $0.key != profile.key && $0.sweep != nil }

  /// The swept dimension every report names in its header, whatever the
  /// run's values (the profiles: SARIF's run properties).
  static let headline: SceneDimension = swept[0]
}
