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
  /// The text sizes every text item is audited at (SPEC §3.8), ascending;
  /// default `large`.
  public var textSizes: [TextSize]
  /// Bold Text off (false) and/or on (true), off first; default off.
  public var boldText: [Bool]
  /// Whether a profile of the run has no Liquid Glass (a release before it,
  /// SPEC §3.8): its normal and Increase Contrast scenes have no setting,
  /// so the matrix has a column without one in those modes too.
  public var hasProfileWithoutLiquidGlass = false

  public init(
    level: ConformanceLevel = .aa, statistic: VerdictStatistic = .min,
    largeText: LargeTextRule = .wcag, modes: [AccessibilityMode] = AccessibilityMode.allCases,
    appearances: [Appearance] = Appearance.allCases,
    liquidGlass: [LiquidGlassSetting] = LiquidGlassSetting.named,
    textSizes: [TextSize] = [.default], boldText: [Bool] = [false]
  ) {
    self.level = level
    self.statistic = statistic
    self.largeText = largeText
    self.modes = modes
    self.appearances = appearances
    self.liquidGlass = liquidGlass.isEmpty ? [.default] : Array(Set(liquidGlass)).sorted()
    self.textSizes = textSizes.isEmpty ? [.default] : Array(Set(textSizes)).sorted()
    self.boldText = boldText.isEmpty ? [false] : Array(Set(boldText)).sorted { !$0 && $1 }
  }
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

/// What decided a check's threshold (SPEC §3.8): WCAG's level, or a
/// target of the layout, of `glass-audit.yml` or of the item itself.
public enum ThresholdSource: String, Sendable, CaseIterable, Codable {
  case wcag
  case target
}

/// How an item is judged: its role, size class and threshold.
public struct ItemRequirement: Sendable, Hashable {
  /// Text role; nil for icons and decorations.
  public var role: String?
  public var largeText: Bool
  public var threshold: Double
  /// Decorative items warn instead of failing.
  public var warnsOnly: Bool
  /// Whether WCAG or a target decided `threshold`.
  public var thresholdSource: ThresholdSource = .wcag
  /// WCAG's threshold for the item (3 for decorations).
  public var wcagThreshold: Double = 0
  /// The target in force (the item's `minimumRatio`, else the targets'),
  /// with where it was written; nil for none.
  public var target: ContrastTargets.Target?
  /// The text's size and weight as drawn (text only).
  public var sizeInPoints: Double?
  public var weight: FontWeight?
}

extension Profile {
  /// The size of `role` at `textSize`, pt: Apple's Dynamic Type table (the
  /// profile's `sizes`); a role without one scales as the default role does.
  /// A role whose `size` differs from its table's `large` entry (an
  /// override that changed the size only) scales its table by the ratio.
  public func size(of role: TextRole, at textSize: TextSize) -> Double {
    if textSize == .default { return role.sizeInPoints }
    if let s = role.sizesInPoints[textSize], let large = role.sizesInPoints[.default], large > 0 {
      return s * role.sizeInPoints / large
    }
    guard let base = textRoles[defaultTextRole], let s = base.sizesInPoints[textSize],
      base.sizeInPoints > 0
    else { return role.sizeInPoints }
    return role.sizeInPoints * s / base.sizeInPoints
  }

  /// How much a text item's size (and frame height) changes from `large` to
  /// `textSize` (SPEC §3.8): its role's size there over its size at
  /// `large`, as `UIFontMetrics` scales a custom size; 1 for icons,
  /// decorations and `fixedSize` text.
  public func textScale(of item: ContentItem, at textSize: TextSize) -> Double {
    guard item.kind == .text, !item.fixedSize, textSize != .default,
      let r = textRoles[item.role ?? defaultTextRole] ?? textRoles[defaultTextRole],
      r.sizeInPoints > 0
    else { return 1 }
    return size(of: r, at: textSize) / r.sizeInPoints
  }

  /// The requirement of `item` under `settings` at `textSize` with Bold
  /// Text `boldText`, with the design system's `targets` (SPEC §3.4, §3.8).
  ///
  /// Text: 4.5 / 7 (AA / AAA), large text 3 / 4.5; large per the selected
  /// rule from the size at `textSize` (the role's, or the item's own scaled
  /// by the role's ratio unless `fixedSize`) and the weight (the item's or
  /// the role's, one step heavier under Bold Text). Icons: 3. Decorative:
  /// 3, warn only. A target (the item's `minimumRatio`, else the targets'
  /// for its role or kind) above WCAG's threshold raises it; below it,
  /// WCAG's stands, except on a decorative item, whose target is its
  /// warning line.
  public func requirement(
    of item: ContentItem, settings: AuditSettings, at setting: TextSetting,
    targets: ContrastTargets = ContrastTargets()
  ) -> ItemRequirement {
    requirement(
      of: item, settings: settings, textSize: setting.textSize, boldText: setting.boldText,
      targets: targets)
  }

  /// The requirement of `item` at a text size and Bold Text setting.
  public func requirement(
    of item: ContentItem, settings: AuditSettings, textSize: TextSize = .default,
    boldText: Bool = false, targets: ContrastTargets = ContrastTargets()
  ) -> ItemRequirement {
    var wcag: Double
    var role: String?
    var large = false
    var drawnSize: Double?
    var drawnWeight: FontWeight?
    switch item.kind {
    case .text:
      let roleName = item.role ?? defaultTextRole
      role = roleName
      // The layout validator only accepts roles of the profile; the default
      // role stands in should a layout built in code name another.
      let r = textRoles[roleName] ?? textRoles[defaultTextRole]
      let base = item.sizeInPoints ?? r?.sizeInPoints
      if let base, var weight = item.weight ?? r?.weight {
        let size = base * textScale(of: item, at: textSize)
        if boldText { weight = boldTextWeights[weight] ?? weight }
        large = largeText[settings.largeText]?.isLarge(sizeInPoints: size, weight: weight) ?? false
        (drawnSize, drawnWeight) = (size, weight)
      }
      wcag = settings.level.minimumRatio(for: large ? .largeText : .normalText)
    case .icon, .decorative:
      wcag = settings.level.minimumRatio(for: .nonText)
    }
    let target =
      item.minimumRatio.map {
        ContrastTargets.Target(
          ratio: $0, file: "", line: item.minimumRatioPlace.line,
          column: item.minimumRatioPlace.column)
      } ?? targets.target(kind: item.kind, role: role)
    var threshold = wcag
    var source = ThresholdSource.wcag
    if let t = target?.ratio, t > wcag || (item.kind == .decorative && t != wcag) {
      threshold = t
      source = .target
    }
    return ItemRequirement(
      role: role, largeText: large, threshold: threshold, warnsOnly: item.kind == .decorative,
      thresholdSource: source, wcagThreshold: wcag, target: target, sizeInPoints: drawnSize,
      weight: drawnWeight)
  }
}
