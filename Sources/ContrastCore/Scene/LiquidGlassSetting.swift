import Foundation

/// The Liquid Glass setting (Settings > Display & Brightness > Liquid Glass,
/// iOS 26.1 and later; SPEC §3.3): a position s in [0, 1] of the slider,
/// `clear` = 0, `default` = 0.5 (the untouched setting), `tinted` = 1. It
/// changes the glass materials only; the reduce-transparency modes draw no
/// glass and are audited once, with no setting.
public struct LiquidGlassSetting: Sendable, Hashable, Comparable {
  /// The slider position, in [0, 1].
  public let value: Double

  /// The setting at slider position `value`; nil outside [0, 1] or not finite.
  public init?(value: Double) {
    guard value.isFinite, value >= 0, value <= 1 else { return nil }
    self.value = value == 0 ? 0 : value  // -0 reads as 0
  }

  public static let clear = LiquidGlassSetting(value: 0)!
  public static let `default` = LiquidGlassSetting(value: 0.5)!
  public static let tinted = LiquidGlassSetting(value: 1)!
  /// The three positions Settings offers, the run's default.
  public static let named: [LiquidGlassSetting] = [.clear, .default, .tinted]

  /// `clear`, `default` or `tinted` for the named positions, else the number
  /// as report.json writes it (`0.25`).
  public var label: String {
    switch value {
    case 0: "clear"
    case 0.5: "default"
    case 1: "tinted"
    default: JSONValue.format(value)
    }
  }

  /// Whether the setting has a name (`clear`, `default`, `tinted`).
  public var isNamed: Bool { Self.named.contains(self) }

  /// Reads `clear`, `default`, `tinted` or a number in [0, 1]; nil otherwise.
  public init?(parsing text: String) {
    switch text {
    case "clear": self = .clear
    case "default": self = .default
    case "tinted": self = .tinted
    default:
      guard let v = Double(text), let s = LiquidGlassSetting(value: v) else { return nil }
      self = s
    }
  }

  /// Reads a setting as report.json writes it: its name or its number; nil
  /// for anything else.
  init?(json v: Any) {
    if let text = v as? String {
      self.init(parsing: text)
      return
    }
    if v is Bool { return nil }
    if let d = v as? Double {
      self.init(value: d)
    } else if let n = v as? NSNumber {
      self.init(value: n.doubleValue)
    } else {
      return nil
    }
  }

  public static func < (a: LiquidGlassSetting, b: LiquidGlassSetting) -> Bool {
    a.value < b.value
  }

  /// Report order of optional settings: none first, then by slider position.
  public static func precedes(_ a: LiquidGlassSetting?, _ b: LiquidGlassSetting?) -> Bool {
    switch (a, b) {
    case (nil, .some): true
    case (.some(let x), .some(let y)): x < y
    default: false
    }
  }
}

extension Optional where Wrapped == LiquidGlassSetting {
  /// The slider position the model reads: the setting's, or the default
  /// (0.5) where there is none (the reduce-transparency modes).
  public var modelValue: Double { self?.value ?? LiquidGlassSetting.default.value }

  /// The label reports print: the setting's, or `–` for none.
  public var displayLabel: String { self?.label ?? "–" }
}

extension AuditSettings {
  /// The Liquid Glass settings a scene in `mode` is audited under: every
  /// setting of the run, or only nil in the reduce-transparency modes
  /// (they draw no glass; SPEC §3.3) and under a profile of a release
  /// without Liquid Glass (`hasLiquidGlass` false, SPEC §3.8).
  public func liquidGlassSettings(
    for mode: AccessibilityMode, hasLiquidGlass: Bool = true
  ) -> [LiquidGlassSetting?] {
    mode.reducesTransparency || !hasLiquidGlass ? [nil] : liquidGlass.map { $0 }
  }

  /// Every (mode, setting) column of the matrix, in report order: a mode's
  /// column without a setting comes first (the reduce-transparency modes
  /// have only that one; the others have it when a profile of the run has
  /// no Liquid Glass).
  public var modeColumns: [(mode: AccessibilityMode, liquidGlass: LiquidGlassSetting?)] {
    modes.flatMap { m in
      let settings =
        m.reducesTransparency
        ? [nil] : (hasProfileWithoutLiquidGlass ? [nil] : []) + liquidGlass.map { $0 }
      return settings.map { (m, $0) }
    }
  }
}
