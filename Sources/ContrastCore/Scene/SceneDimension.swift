import Foundation

/// A dimension's value in one check, as report.json writes it.
public enum CoordinateValue: Sendable, Hashable {
  case text(String)
  case number(Double)
  case flag(Bool)
  /// No value: the Liquid Glass setting in the reduce-transparency modes.
  case none
}

/// One dimension of the audit matrix (a scene is one value of each): its
/// key in report.json and baselines, its label for people, what a file
/// written before it existed means, and how a check reads it.
///
/// Every place that lists a scene's coordinate (identities and
/// fingerprints, the JSON results, SARIF's properties, the words that name
/// a scene for people) iterates ``SceneDimension/all``: a new dimension is a
/// new row here, plus the code that gives it meaning (its parsing, the code
/// that applies it, the profile data it reads).
public struct SceneDimension: Sendable {
  /// The key in report.json, SARIF properties and baseline entries.
  public var key: String { staticKey.description }
  /// ``key``, for writers that take keys of their own as static text.
  let staticKey: StaticString
  /// The dimension's name for people (a matrix's header, a filter).
  public let label: String
  /// Whether a check's identity holds this dimension only where it is not
  /// its default (`liquidGlass=clear`), so that identities and baseline
  /// entries written before the dimension existed still name the same
  /// check: an absent key means the default. False for the dimensions every
  /// identity has always held (layout, wallpaper, appearance, mode).
  public let absentMeansDefault: Bool
  /// The check's value, as report.json writes it.
  let value: @Sendable (CheckResult) -> CoordinateValue
  /// The value as a word (`clear`, `xLarge`, `on`), nil where there is none.
  let word: @Sendable (CheckResult) -> String?
  /// Whether the check has the dimension's default value (or none).
  let isDefault: @Sendable (CheckResult) -> Bool
  /// Reads the dimension's member of a report.json result (nil when the
  /// result has none: written before the dimension existed) into `r`;
  /// false when the value is invalid or a required one is missing.
  let read: @Sendable (Any?, inout CheckResult, ReadingDefaults) -> Bool
  /// A word as a baseline entry may hold it, made canonical (`0.50` reads
  /// as `default`), or why it is not one (`'frosted' is not ...`).
  let parseWord: @Sendable (String) -> Result<String, WordError>
  /// How the scene names the value for people (`clear glass`, `text
  /// xLarge`), nil where it says nothing (the default, or a dimension named
  /// elsewhere: the layout, the wallpaper).
  let describe: @Sendable (CheckResult) -> String?
  /// The default value's word (`default`, `large`, `off`, the default
  /// profile's name); nil for a dimension without a default.
  var defaultWord: String? = nil
  /// Whether the value's word is `on` or `off`, which baseline files write
  /// as JSON `true` and `false` (Bold Text).
  var wordIsFlag = false
  /// Whether the value changes only what is drawn on glass (the Liquid
  /// Glass setting): a check on a standard material or on none is not
  /// described by it, since its scene is the same under every value.
  var changesGlassOnly = false
  /// How the reports show it (``Role``).
  var role = Role.row
  /// Its name in report.html's filters and attributes (`glass`: the filter
  /// `f-glass`, `data-glass`, `data-f-glass`).
  var filterName = ""
  /// Its name in running text (`text size`, `Liquid Glass setting`).
  var phrase = ""
  /// A value's word for people where the value stands alone (a filter's
  /// option, a matrix column's title): `Reduce Transparency`.
  var longWord: @Sendable (String) -> String = { $0 }
  /// A value's word in a matrix column's heading: `RT`.
  var shortWord: @Sendable (String) -> String = { $0 }
  /// Whether a column's title names the value after the dimension's label
  /// (`Liquid Glass clear`), not alone (`Reduce Transparency`).
  var labelsWords = false
  /// The run's values as words, in report order (a filter's options).
  var runWords: @Sendable (AuditSettings) -> [String] = { _ in [] }
  /// The filter's option for a matrix column without a value, when the
  /// run has one (`none (Reduce Transparency)`).
  var noneOption: String? = nil
  /// The run's values as report.json writes them, for a dimension the
  /// run's settings name (SARIF's run properties, the reports' settings
  /// line); nil for the others.
  var runValues: (@Sendable (AuditSettings) -> [CoordinateValue])? = nil
  /// A text setting's value as a word (the text setting dimensions).
  var settingWord: (@Sendable (TextSetting) -> String)? = nil
  /// A text setting's value's place in the dimension's order.
  var settingRank: (@Sendable (TextSetting) -> Int)? = nil
  /// Several values in running text: `3 text sizes`, `Bold Text off and on`.
  var severalWords: @Sendable ([String]) -> String = { $0.joined(separator: ", ") }
  /// The run's values of it (`--modes`, `--profile`), as the run's settings
  /// write and read them (``DimensionSweep``); nil for the inputs (layout,
  /// wallpaper), which a run lists as files.
  var sweep: DimensionSweep? = nil

  /// The check's value as a word (`clear`, `xLarge`, `on`), nil where it has
  /// none.
  public func word(of r: CheckResult) -> String? { word(r) }

  /// The check's value as report.json writes it.
  public func value(of r: CheckResult) -> CoordinateValue { value(r) }

  /// Whether `word` (canonical, as ``parseWord`` gives it) names the
  /// default value.
  func isDefaultWord(_ word: String) -> Bool {
    defaultWord == word
  }

  /// The part of a check's identity this dimension adds, nil where it adds
  /// none (a default value of a dimension whose absence means the default).
  func identityPart(of r: CheckResult) -> String? {
    guard absentMeansDefault else { return word(r) }
    guard !isDefault(r), let w = word(r) else { return nil }
    return "\(staticKey)=\(w)"
  }
}

/// Why a word is not a value of a dimension (`'frosted' is not clear,
/// default, tinted or a number in [0, 1]`).
struct WordError: Error {
  var message: String
}

/// What a report.json result without a dimension's member means, where
/// that depends on the report (its first profile).
struct ReadingDefaults {
  var profile: String

  init(profile: String) {
    self.profile = profile
  }

  /// The defaults of a report whose run's settings are read: its first
  /// profile.
  init(_ report: AuditReport) {
    profile = report.profileNames[0]
  }
}

extension SceneDimension {
  /// The matrix's dimensions, in the order report.json writes a result's
  /// coordinate and an identity lists them.
  public static let all: [SceneDimension] = [
    layout, wallpaper, appearance, mode, liquidGlass, profile, textSize, boldText,
  ]

  /// The dimensions of an identity after its layout, element and item.
  static let afterItem: [SceneDimension] = Array(all.dropFirst())

  static let layout = SceneDimension(
    staticKey: "layout", label: "Layout", absentMeansDefault: false,
    value: { .text($0.layout) }, word: { $0.layout }, isDefault: { _ in false },
    read: { v, r, _ in
      guard let s = v as? String else { return false }
      r.layout = s
      return true
    },
    parseWord: { .success($0) },
    describe: { _ in nil }, role: .section, filterName: "layout", phrase: "layout")

  static let wallpaper = SceneDimension(
    staticKey: "wallpaper", label: "Wallpaper", absentMeansDefault: false,
    value: { .text($0.wallpaper) }, word: { $0.wallpaper }, isDefault: { _ in false },
    read: { v, r, _ in
      guard let s = v as? String else { return false }
      r.wallpaper = s
      return true
    },
    parseWord: { .success($0) },
    describe: { _ in nil }, role: .row, filterName: "wallpaper", phrase: "wallpaper")

  static let appearance = SceneDimension(
    staticKey: "appearance", label: "Appearance", absentMeansDefault: false,
    value: { .text($0.appearance.rawValue) }, word: { $0.appearance.rawValue },
    isDefault: { _ in false },
    read: { v, r, _ in
      guard let a = (v as? String).flatMap(Appearance.init(rawValue:)) else { return false }
      r.appearance = a
      return true
    },
    parseWord: { .success($0) },
    describe: { $0.appearance.rawValue }, role: .column, filterName: "appearance",
    phrase: "appearance", runWords: { $0.appearances.map(\.rawValue) },
    sweep: DimensionSweep(
      jsonKey: "appearances", rowKey: "appearance", isDefault: { _ in false },
      values: { $0.settings.appearances.map { .text($0.rawValue) } },
      read: { list, report in
        DimensionSweep.read(list, into: &report, \.settings.appearances) {
          ($0 as? String).flatMap(Appearance.init(rawValue:))
        }
      }))

  static let mode = SceneDimension(
    staticKey: "mode", label: "Mode", absentMeansDefault: false,
    value: { .text($0.mode.rawValue) }, word: { $0.mode.rawValue },
    isDefault: { _ in false },
    read: { v, r, _ in
      guard let m = (v as? String).flatMap(AccessibilityMode.init(rawValue:)) else {
        return false
      }
      r.mode = m
      return true
    },
    parseWord: { .success($0) },
    describe: { $0.mode.rawValue }, role: .column, filterName: "mode", phrase: "mode",
    longWord: { AccessibilityMode(rawValue: $0)?.name ?? $0 },
    shortWord: { AccessibilityMode(rawValue: $0)?.shortName ?? $0 },
    runWords: { $0.modes.map(\.rawValue) },
    sweep: DimensionSweep(
      jsonKey: "modes", rowKey: "mode", isDefault: { _ in false },
      values: { $0.settings.modes.map { .text($0.rawValue) } },
      read: { list, report in
        DimensionSweep.read(list, into: &report, \.settings.modes) {
          ($0 as? String).flatMap(AccessibilityMode.init(rawValue:))
        }
      }))

  /// None in the reduce-transparency modes; `default` (0.5) when absent.
  static let liquidGlass = SceneDimension(
    staticKey: "liquidGlass", label: "Liquid Glass", absentMeansDefault: true,
    value: { r in
      guard let g = r.liquidGlass else { return .none }
      return g.isNamed ? .text(g.label) : .number(g.value)
    },
    word: { $0.liquidGlass?.label },
    isDefault: { ($0.liquidGlass ?? .default) == .default },
    // Read after the mode: absent means `default`, or none under Reduce
    // Transparency.
    read: { v, r, _ in
      switch v {
      case .none: r.liquidGlass = r.mode.reducesTransparency ? nil : .default
      case .some(let v) where v is NSNull: r.liquidGlass = nil
      case .some(let v):
        guard let g = LiquidGlassSetting(json: v) else { return false }
        r.liquidGlass = g
      }
      return true
    },
    parseWord: { w in
      guard let g = LiquidGlassSetting(parsing: w) else {
        return .failure(
          WordError(message: "'\(w)' is not clear, default, tinted or a number in [0, 1]"))
      }
      return .success(g.label)
    },
    describe: { $0.liquidGlass.map { "\($0.label) glass" } },
    defaultWord: LiquidGlassSetting.default.label, changesGlassOnly: true, role: .column,
    filterName: "glass", phrase: "Liquid Glass setting", labelsWords: true,
    runWords: { $0.liquidGlass.map(\.label) }, noneOption: "none (Reduce Transparency)",
    runValues: { $0.liquidGlass.map { $0.isNamed ? .text($0.label) : .number($0.value) } },
    sweep: DimensionSweep(
      jsonKey: "liquidGlass", rowKey: "liquid_glass", isDefault: { _ in false },
      values: { r in
        r.settings.liquidGlass.map { $0.isNamed ? .text($0.label) : .number($0.value) }
      },
      read: { list, report in
        DimensionSweep.read(list, into: &report, \.settings.liquidGlass, mayBeEmpty: true) {
          LiquidGlassSetting(json: $0)
        }
      }, required: false,
      flag: SweepFlag(
        jsonKey: "withoutLiquidGlass", rowKey: "without_liquid_glass",
        get: { $0.hasProfileWithoutLiquidGlass },
        set: { $0.hasProfileWithoutLiquidGlass = $1 })))

  /// The default profile when absent.
  static let profile = SceneDimension(
    staticKey: "profile", label: "Profile", absentMeansDefault: true,
    value: { .text($0.profile) }, word: { $0.profile },
    isDefault: { $0.profile == Profile.defaultName },
    // Absent: the report's first profile.
    read: { v, r, defaults in
      r.profile = v as? String ?? defaults.profile
      return true
    },
    parseWord: { .success($0) },
    describe: { $0.profile == Profile.defaultName ? nil : "profile \($0.profile)" },
    defaultWord: Profile.defaultName, role: .row, filterName: "profile", phrase: "profile",
    sweep: DimensionSweep(
      jsonKey: "profiles", rowKey: "profile", isDefault: { _ in false },
      values: { $0.profileNames.map { .text($0) } },
      read: { list, report in
        DimensionSweep.read(list, into: &report, \.profileNames) { $0 as? String }
      }))

  /// The person's text size (SPEC §3.8); `large` when absent.
  static let textSize = SceneDimension(
    staticKey: "textSize", label: "Text size", absentMeansDefault: true,
    value: { .text($0.textSize.rawValue) }, word: { $0.textSize.rawValue },
    isDefault: { $0.textSize == .default },
    read: { v, r, _ in
      guard let v else {
        r.textSize = .default
        return true
      }
      guard let s = (v as? String).flatMap(TextSize.init(rawValue:)) else { return false }
      r.textSize = s
      return true
    },
    parseWord: { w in
      TextSize(rawValue: w) != nil
        ? .success(w)
        : .failure(
          WordError(
            message: "'\(w)' is not a text size ("
              + TextSize.allCases.map(\.rawValue).joined(separator: ", ") + ")"))
    },
    describe: { $0.textSize == .default ? nil : "text \($0.textSize.rawValue)" },
    defaultWord: TextSize.default.rawValue, role: .textSetting, filterName: "textsize",
    phrase: "text size", runWords: { $0.textSizes.map(\.rawValue) },
    settingWord: { $0.textSize.rawValue },
    settingRank: { TextSize.allCases.firstIndex(of: $0.textSize)! },
    severalWords: { "\($0.count) text sizes" },
    sweep: DimensionSweep(
      jsonKey: "textSizes", rowKey: "text_size",
      isDefault: { $0.settings.textSizes == [.default] },
      values: { $0.settings.textSizes.map { .text($0.rawValue) } },
      read: { list, report in
        DimensionSweep.read(list, into: &report, \.settings.textSizes) {
          ($0 as? String).flatMap(TextSize.init(rawValue:))
        }
      }, alwaysWritten: false, required: false))

  /// Bold Text (SPEC §3.8); off when absent.
  static let boldText = SceneDimension(
    staticKey: "boldText", label: "Bold Text", absentMeansDefault: true,
    value: { .flag($0.boldText) }, word: { $0.boldText ? "on" : "off" },
    isDefault: { !$0.boldText },
    read: { v, r, _ in
      guard let v else {
        r.boldText = false
        return true
      }
      guard let b = v as? Bool else { return false }
      r.boldText = b
      return true
    },
    parseWord: { w in
      w == "on" || w == "off"
        ? .success(w) : .failure(WordError(message: "'\(w)' is not on or off"))
    },
    describe: { $0.boldText ? "Bold Text" : nil }, defaultWord: "off", wordIsFlag: true,
    role: .textSetting, filterName: "bold", phrase: "Bold Text",
    runWords: { $0.boldText.map { $0 ? "on" : "off" } },
    settingWord: { $0.boldText ? "on" : "off" },
    settingRank: { $0.boldText ? 1 : 0 },
    severalWords: { "Bold Text " + $0.joined(separator: " and ") },
    sweep: DimensionSweep(
      jsonKey: "boldText", rowKey: "bold_text",
      isDefault: { $0.settings.boldText == [false] },
      values: { $0.settings.boldText.map { .flag($0) } },
      read: { list, report in
        DimensionSweep.read(list, into: &report, \.settings.boldText) { $0 as? Bool }
      }, alwaysWritten: false, required: false))
}
