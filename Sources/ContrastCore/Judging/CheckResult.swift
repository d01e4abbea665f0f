/// The outcome of one check.
public enum Verdict: String, Sendable, Codable, CaseIterable, Comparable {
  case pass
  case warn
  case fail

  public static func < (a: Verdict, b: Verdict) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// The best and worst contrast an item can have over any wallpaper (SPEC §3.5).
public struct ContrastBounds: Sendable, Hashable, Codable {
  public var min: Double
  public var max: Double

  public init(min: Double, max: Double) {
    self.min = min
    self.max = max
  }
}

/// What would make a failing item pass in every scene where it fails (SPEC §3.6).
public struct Remedy: Sendable, Hashable, Codable {
  /// The property whose alpha changes: `fill` or `tint`; nil when none helps.
  public var alphaProperty: String?
  /// The colour whose alpha changes (hex, opaque).
  public var alphaColor: String?
  /// The current alpha of that colour.
  public var currentAlpha: Double?
  /// The smallest alpha (to 0.01) that passes; nil when even 1 does not.
  public var alpha: Double?
  /// The nearest text colour of the same hue that passes (hex with alpha when
  /// translucent); nil when no lightness of that hue passes.
  public var color: String?
  /// The contrast the remedies reach in the worst of those scenes, as re-run.
  public var alphaRatio: Double?
  public var colorRatio: Double?

  public init(
    alphaProperty: String? = nil, alphaColor: String? = nil, currentAlpha: Double? = nil,
    alpha: Double? = nil, color: String? = nil, alphaRatio: Double? = nil,
    colorRatio: Double? = nil
  ) {
    self.alphaProperty = alphaProperty
    self.alphaColor = alphaColor
    self.currentAlpha = currentAlpha
    self.alpha = alpha
    self.color = color
    self.alphaRatio = alphaRatio
    self.colorRatio = colorRatio
  }
}

/// One check: an item of a layout over a wallpaper in an appearance, mode,
/// Liquid Glass setting and profile.
public struct CheckResult: Sendable, Hashable {
  public var layout: String
  public var wallpaper: String
  public var appearance: Appearance
  public var mode: AccessibilityMode
  /// The Liquid Glass setting; nil in the reduce-transparency modes (SPEC §3.3).
  public var liquidGlass: LiquidGlassSetting?
  /// The name of the profile the check was judged under (SPEC §2.3).
  public var profile: String
  /// The person's text size (SPEC §3.8); `large` by default.
  public var textSize: TextSize = .default
  /// Whether Bold Text is on (SPEC §3.8).
  public var boldText = false
  /// Whether WCAG or a target decided `threshold` (SPEC §3.8).
  public var thresholdSource: ThresholdSource = .wcag
  /// The weakest trust among the profile numbers the verdict rests on, and
  /// the path of that number in the profile (`increaseContrast.glassFill`),
  /// or a word for what no number states (`reduceTransparency`).
  public var trust: VerdictTrust
  public var trustBasis: String
  public var element: String
  public var item: String
  public var kind: ContentKind
  /// Text role; nil for icons and decorations.
  public var role: String?
  public var largeText: Bool
  public var threshold: Double
  public var contrast: ContrastStatistics
  public var bounds: ContrastBounds
  public var verdict: Verdict
  /// `new` or `known` (accepted by a baseline).
  public var baseline: String
  /// The statistic's value the verdict was judged on.
  public var judgedRatio: Double
  /// Number of pixels measured.
  public var pixelCount: Int
  /// The resolved text colour (hex) and the effective material.
  public var color: String
  public var material: String
  public var remedy: Remedy?
  /// The layout file and the item's line in it.
  public var file: String
  public var line: Int

  public init(
    layout: String, wallpaper: String, appearance: Appearance, mode: AccessibilityMode,
    element: String, item: String, kind: ContentKind, role: String?, largeText: Bool,
    threshold: Double, contrast: ContrastStatistics, bounds: ContrastBounds, verdict: Verdict,
    baseline: String = "new", judgedRatio: Double, pixelCount: Int, color: String,
    material: String, remedy: Remedy? = nil, file: String, line: Int,
    liquidGlass: LiquidGlassSetting? = nil, profile: String = Profile.defaultName,
    trust: VerdictTrust = .assumption, trustBasis: String = ""
  ) {
    self.layout = layout
    self.wallpaper = wallpaper
    self.appearance = appearance
    self.mode = mode
    self.liquidGlass = liquidGlass
    self.profile = profile
    self.trust = trust
    self.trustBasis = trustBasis
    self.element = element
    self.item = item
    self.kind = kind
    self.role = role
    self.largeText = largeText
    self.threshold = threshold
    self.contrast = contrast
    self.bounds = bounds
    self.verdict = verdict
    self.baseline = baseline
    self.judgedRatio = judgedRatio
    self.pixelCount = pixelCount
    self.color = color
    self.material = material
    self.remedy = remedy
    self.file = file
    self.line = line
  }

  /// A stable identity of the check, used for baselines, SARIF and shards:
  /// layout, element, item, wallpaper, appearance, mode, then
  /// ``variantParts``.
  public var fingerprint: String { identityParts.joined(separator: "/") }

  /// The scene beyond the wallpaper, for people: `light, normal, clear
  /// glass` (the setting when there is one, the profile when it is not the
  /// default: `, profile ios26`, the text size and Bold Text when they are
  /// not the defaults: `, text xLarge, Bold Text`).
  public var sceneDescription: String {
    var text = "\(appearance.rawValue), \(mode.rawValue)"
    if let g = liquidGlass { text += ", \(g.label) glass" }
    if profile != Profile.defaultName { text += ", profile \(profile)" }
    if textSize != .default { text += ", text \(textSize.rawValue)" }
    if boldText { text += ", Bold Text" }
    return text
  }

  /// The parts of ``fingerprint``.
  public var identityParts: [String] {
    [layout, element, item, wallpaper, appearance.rawValue, mode.rawValue]
      + Self.variantParts(
        liquidGlass: liquidGlass, profile: profile, textSize: textSize, boldText: boldText)
  }

  /// The dimensions beyond the mode, each only where it is not its
  /// default (`liquidGlass=clear`, `profile=ios26`, `textSize=xLarge`,
  /// `boldText=on`), so that identities written before a dimension existed
  /// still name the same check: an old baseline entry means the `default`
  /// setting, the default profile, text size `large` and Bold Text off.
  public static func variantParts(
    liquidGlass: LiquidGlassSetting?, profile: String, textSize: TextSize = .default,
    boldText: Bool = false
  ) -> [String] {
    variantParts(
      liquidGlassLabel: liquidGlass.flatMap { $0 == .default ? nil : $0.label },
      profileName: profile == Profile.defaultName ? nil : profile,
      textSizeName: textSize == .default ? nil : textSize.rawValue, boldText: boldText)
  }

  /// ``variantParts(liquidGlass:profile:textSize:boldText:)`` from a
  /// setting's label, a profile's name and a text size's name, each nil
  /// where it is the default (as a baseline entry stores them).
  static func variantParts(
    liquidGlassLabel: String?, profileName: String?, textSizeName: String? = nil,
    boldText: Bool = false
  ) -> [String] {
    (liquidGlassLabel.map { ["liquidGlass=\($0)"] } ?? [])
      + (profileName.map { ["profile=\($0)"] } ?? [])
      + (textSizeName.map { ["textSize=\($0)"] } ?? []) + (boldText ? ["boldText=on"] : [])
  }
}
