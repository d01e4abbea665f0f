import Foundation

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
}

extension AuditSettings {
  /// Settings of `level`, `statistic` and `largeText` whose swept lists are
  /// each its default (what a report without them means), for a reader to
  /// fill from the lists it finds.
  init(level: ConformanceLevel, statistic: VerdictStatistic, largeText: LargeTextRule) {
    self.init(
      level: level, statistic: statistic, largeText: largeText, modes: [], appearances: [],
      liquidGlass: [], textSizes: [], boldText: [])
  }
}

extension SceneDimension {
  /// The dimension's sweep; nil for the inputs (layout, wallpaper), which a
  /// run lists as files, not as settings.
  var sweep: DimensionSweep? { Self.sweeps[key] }

  /// Each sweep by its dimension's key.
  private static let sweeps: [String: DimensionSweep] = [
    appearance.key: DimensionSweep(
      jsonKey: "appearances", rowKey: "appearance", isDefault: { _ in false },
      values: { $0.settings.appearances.map { .text($0.rawValue) } },
      read: { list, report in
        let values = list.compactMap { ($0 as? String).flatMap(Appearance.init(rawValue:)) }
        guard values.count == list.count, !values.isEmpty else { return false }
        report.settings.appearances = values
        return true
      }),
    mode.key: DimensionSweep(
      jsonKey: "modes", rowKey: "mode", isDefault: { _ in false },
      values: { $0.settings.modes.map { .text($0.rawValue) } },
      read: { list, report in
        let values = list.compactMap { ($0 as? String).flatMap(AccessibilityMode.init(rawValue:)) }
        guard values.count == list.count, !values.isEmpty else { return false }
        report.settings.modes = values
        return true
      }),
    liquidGlass.key: DimensionSweep(
      jsonKey: "liquidGlass", rowKey: "liquid_glass", isDefault: { _ in false },
      values: { r in
        r.settings.liquidGlass.map { $0.isNamed ? .text($0.label) : .number($0.value) }
      },
      read: { list, report in
        let values = list.compactMap { LiquidGlassSetting(json: $0) }
        guard values.count == list.count else { return false }
        report.settings.liquidGlass = values
        return true
      }, required: false),
    profile.key: DimensionSweep(
      jsonKey: "profiles", rowKey: "profile", isDefault: { _ in false },
      values: { $0.profileNames.map { .text($0) } },
      read: { list, report in
        let values = list.compactMap { $0 as? String }
        guard values.count == list.count, !values.isEmpty else { return false }
        report.profileNames = values
        return true
      }),
    textSize.key: DimensionSweep(
      jsonKey: "textSizes", rowKey: "text_size",
      isDefault: { $0.settings.textSizes == [.default] },
      values: { $0.settings.textSizes.map { .text($0.rawValue) } },
      read: { list, report in
        let values = list.compactMap { ($0 as? String).flatMap(TextSize.init(rawValue:)) }
        guard values.count == list.count, !values.isEmpty else { return false }
        report.settings.textSizes = values
        return true
      }, alwaysWritten: false, required: false),
    boldText.key: DimensionSweep(
      jsonKey: "boldText", rowKey: "bold_text",
      isDefault: { $0.settings.boldText == [false] },
      values: { $0.settings.boldText.map { .flag($0) } },
      read: { list, report in
        let values = list.compactMap { $0 as? Bool }
        guard values.count == list.count, !values.isEmpty else { return false }
        report.settings.boldText = values
        return true
      }, alwaysWritten: false, required: false),
  ]

  /// The dimensions a run sweeps, in the order report.json's `settings`
  /// lists them (the profiles first, as every report has).
  static let swept: [SceneDimension] =
    [profile] + all.filter { $0.key != profile.key && Self.sweeps[$0.key] != nil }
}
