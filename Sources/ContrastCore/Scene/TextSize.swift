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

extension AuditSettings {
  /// The (text size, Bold Text) pairs of the run, in report order: every
  /// size with Bold Text off, then on (SPEC §3.8). A report that shows
  /// these settings as columns or filters lists them from here.
  public var textSettingColumns: [(textSize: TextSize, boldText: Bool)] {
    textSizes.flatMap { size in boldText.map { (size, $0) } }
  }

  /// Whether the run sweeps text sizes or Bold Text beyond the defaults.
  public var sweepsTextSettings: Bool {
    textSizes != [TextSize.default] || boldText != [false]
  }
}
