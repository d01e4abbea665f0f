/// A person's text size (Settings > Accessibility > Display & Text Size >
/// Larger Text; SPEC §3.8): iOS's twelve content size categories, smallest
/// first. `large` is the iOS default.
public enum TextSize: String, Sendable, CaseIterable, Codable, Comparable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case ax1 = "AX1"
  case ax2 = "AX2"
  case ax3 = "AX3"
  case ax4 = "AX4"
  case ax5 = "AX5"

  /// The iOS default, `large`: a check's identity leaves it out.
  public static let `default` = TextSize.large

  /// Whether this is one of the five accessibility sizes (AX1 to AX5).
  public var isAccessibilitySize: Bool { self >= .ax1 }

  public static func < (a: TextSize, b: TextSize) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// Reads a size by its name, case-insensitively (`xlarge`, `ax3`); nil
  /// for anything else.
  public init?(parsing text: String) {
    guard let s = TextSize.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
    else { return nil }
    self = s
  }
}

extension TextSize {
  /// One name of a list: a size (case-insensitive) or `all`, the twelve.
  public static func parseList(_ text: String) -> [TextSize]? {
    if text.lowercased() == "all" { return allCases }
    return TextSize(parsing: text).map { [$0] }
  }
}

/// A person's text setting (SPEC §3.8): a text size with Bold Text off or
/// on. It does not change the backdrop, so one scene is judged at every
/// text setting of the run; reports show the settings by iterating
/// ``SceneDimension/textSettings`` (``words``), not by name.
public struct TextSetting: Sendable, Hashable, Comparable {
  public var textSize: TextSize
  public var boldText: Bool

  public init(textSize: TextSize = .default, boldText: Bool = false) {
    self.textSize = textSize
    self.boldText = boldText
  }

  /// The iOS default: `large`, Bold Text off.
  public static let `default` = TextSetting()

  /// Report order: smaller sizes first, Bold Text off before on.
  public static func < (a: TextSetting, b: TextSetting) -> Bool {
    a.textSize != b.textSize ? a.textSize < b.textSize : !a.boldText && b.boldText
  }

  /// The setting in a finding's words: `AX3`, `AX3 bold`.
  var findingLabel: String { textSize.rawValue + (boldText ? " bold" : "") }

  /// The setting's value of each dimension of
  /// ``SceneDimension/textSettings`` as a word (`xLarge`, `on`), in the
  /// list's order.
  public var words: [String] { SceneDimension.textSettings.map { $0.settingWord!(self) } }
}

extension CheckResult {
  /// The check's text setting (SPEC §3.8).
  public var textSetting: TextSetting {
    get { scene.textSetting }
    set { scene = scene.with { $0.textSetting = newValue } }
  }
  /// The person's text size (SPEC §3.8); `large` by default.
  public var textSize: TextSize {
    get { scene.textSetting.textSize }
    set { scene = scene.with { $0.textSetting.textSize = newValue } }
  }
  /// Whether Bold Text is on (SPEC §3.8).
  public var boldText: Bool {
    get { scene.textSetting.boldText }
    set { scene = scene.with { $0.textSetting.boldText = newValue } }
  }
}

extension AuditSettings {
  /// The text settings of the run, in report order: every size with Bold
  /// Text off, then on (SPEC §3.8). A report that shows these settings as
  /// columns or filters lists them from here.
  public var textSettingColumns: [TextSetting] {
    textSizes.flatMap { size in boldText.map { TextSetting(textSize: size, boldText: $0) } }
  }

  /// These settings at the text setting `s` alone.
  public func alone(at s: TextSetting) -> AuditSettings {
    var one = self
    one.textSizes = [s.textSize]
    one.boldText = [s.boldText]
    return one
  }

  /// Whether the run sweeps text sizes or Bold Text beyond the defaults.
  public var sweepsTextSettings: Bool {
    textSizes != [TextSize.default] || boldText != [false]
  }
}
