/// The settings of an audit (SPEC §3.4, §5).
public struct AuditSettings: Sendable, Hashable {
  public var level: ConformanceLevel
  public var statistic: VerdictStatistic
  public var largeText: LargeTextRule
  public var modes: [AccessibilityMode]
  public var appearances: [Appearance]
  /// The Liquid Glass settings the glass is audited under (SPEC §3.3), in
  /// ascending order; default the three named ones.
  public var liquidGlass: [LiquidGlassSetting]

  public init(
    level: ConformanceLevel = .aa, statistic: VerdictStatistic = .min,
    largeText: LargeTextRule = .wcag, modes: [AccessibilityMode] = AccessibilityMode.allCases,
    appearances: [Appearance] = Appearance.allCases,
    liquidGlass: [LiquidGlassSetting] = LiquidGlassSetting.named
  ) {
    self.level = level
    self.statistic = statistic
    self.largeText = largeText
    self.modes = modes
    self.appearances = appearances
    self.liquidGlass = liquidGlass.isEmpty ? [.default] : Array(Set(liquidGlass)).sorted()
  }
}

/// How an item is judged: its role, size class and threshold.
public struct ItemRequirement: Sendable, Hashable {
  /// Text role; nil for icons and decorations.
  public var role: String?
  public var largeText: Bool
  public var threshold: Double
  /// Decorative items warn instead of failing.
  public var warnsOnly: Bool
}

extension Profile {
  /// The requirement of `item` under `settings` (SPEC §3.4).
  ///
  /// Text: 4.5 / 7 (AA / AAA), large text 3 / 4.5; large per the selected
  /// rule from the role's size and weight (or the item's overrides). Icons:
  /// 3. Decorative: 3, warn only. `minimumRatio` raises the threshold.
  public func requirement(of item: ContentItem, settings: AuditSettings) -> ItemRequirement {
    var threshold: Double
    var role: String?
    var large = false
    switch item.kind {
    case .text:
      let roleName = item.role ?? defaultTextRole
      role = roleName
      // The layout validator only accepts roles of the profile; the default
      // role stands in should a layout built in code name another.
      let r = textRoles[roleName] ?? textRoles[defaultTextRole]
      if let size = item.sizeInPoints ?? r?.sizeInPoints,
        let weight = item.weight ?? r?.weight
      {
        large = largeText[settings.largeText]?.isLarge(sizeInPoints: size, weight: weight) ?? false
      }
      threshold = settings.level.minimumRatio(for: large ? .largeText : .normalText)
    case .icon, .decorative:
      threshold = settings.level.minimumRatio(for: .nonText)
    }
    if let m = item.minimumRatio { threshold = Swift.max(threshold, m) }
    return ItemRequirement(
      role: role, largeText: large, threshold: threshold, warnsOnly: item.kind == .decorative)
  }
}
