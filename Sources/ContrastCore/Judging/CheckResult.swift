/// The outcome of one check.
public enum Verdict: String, Sendable, Codable, CaseIterable, Comparable {
  case pass
  case warn
  /// Neither pass nor fail: the interval of the judged ratio that the
  /// profile's uncertainties imply holds the threshold (issue 29 part 4).
  case review
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

/// What would make a failing item pass in every scene where it fails (SPEC
/// §3.6, issue 15): each kind of fix an app can apply, each re-checked by
/// re-running the model on those scenes' pixels, with the contrast it
/// reaches in the worst of them. A kind that is nil found no fix that passes.
public struct Remedy: Sendable, Hashable, Codable {
  /// The property whose alpha changes: `tint` (the element's tint, or on
  /// glass a new `.tint()`) or `fill` (the app's own fill); nil when the
  /// surface has no alpha an app can set (a standard material without a
  /// tint, no material).
  public var alphaProperty: String?
  /// The colour whose alpha changes (hex, opaque).
  public var alphaColor: String?
  /// The current alpha of that colour.
  public var currentAlpha: Double?
  /// The smallest alpha (to 0.01) that passes; nil when even 1 does not.
  public var alpha: Double?
  /// The text colour that passes: the nearest semantic colour of the profile
  /// when one passes (``colorName``), else the nearest lightness of the same
  /// hue (hex with alpha when translucent); nil when neither passes.
  public var color: String?
  /// The contrast the remedies reach in the worst of those scenes, as re-run.
  /// For an alpha and for a lightness (hex) colour it is a floor: each scene
  /// is searched for its own least value and the fix is the largest of them,
  /// so the ratio kept is the least of each scene's ratio at its own value,
  /// which the fix (never less) meets or exceeds there. A named colour's,
  /// a material's and large text's ratios are the fix's own in every scene.
  public var alphaRatio: Double?
  public var colorRatio: Double?
  /// The semantic colour's name (`label`, `systemBlue`) when ``color`` is one.
  public var colorName: String?
  /// The nearest thicker material that passes (`thick`, `glass.regular`),
  /// the current one, and the contrast it reaches.
  public var material: String?
  public var currentMaterial: String?
  /// The layout key a material fix is written under: nil for `material`,
  /// `fallback` where the failing scenes draw the element's fallback.
  public var materialKey: String?
  public var materialRatio: Double?
  /// When neither a thicker material nor a named colour passes alone: the
  /// thinnest thicker material with the nearest named colour that pass
  /// together (its hex), and the contrast they reach.
  public var combinedMaterial: String?
  public var combinedColorName: String?
  public var combinedColor: String?
  public var combinedRatio: Double?
  /// The smallest text size (pt, whole points) and weight that make the item
  /// large text under the run's large-text rule, offered only when the
  /// contrast already reached passes the large-text threshold in every
  /// failing scene; the threshold and that contrast.
  public var largeTextSize: Double?
  public var largeTextWeight: String?
  public var largeTextThreshold: Double?
  public var largeTextRatio: Double?
  /// The kinds of fix that were tried (`material`, `alpha`, `color`,
  /// `largeText`), in the order of the text; nil when not recorded (a
  /// remedy encoded before the kinds existed decodes without it).
  public var tried: [String]?

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
///
/// At a team's scale a run holds millions of checks, so what many checks
/// share is stored once (SPEC §6, memory bounded by the wallpaper, not the
/// matrix): the item's place (``ItemPlace``: layout, element, item, kind,
/// role, file, line) and the scene (``ScenePlace``: wallpaper, appearance,
/// mode, setting, profile) are shared objects, and a remedy (failing checks
/// only) is boxed. Every field reads and writes as a plain value.
public struct CheckResult: Sendable, Hashable {
  /// Shared by every check of one item (``SceneEvaluator`` makes one per item
  /// and scene batch; equal places compare equal whatever the object).
  var place: ItemPlace
  /// Shared by every check of one scene.
  var scene: ScenePlace
  /// Shared by the checks of one item that are drawn and judged alike
  /// (colour, material, threshold, bounds, trust): ``ItemPlaces`` keeps one
  /// object per distinct look.
  var look: Look
  public var verdict: Verdict
  public var contrast: ContrastStatistics
  /// The statistic's value the verdict was judged on.
  public var judgedRatio: Double
  /// Number of pixels measured.
  public var pixelCount: Int
  var remedyBox: RemedyBox?

  /// The weakest trust among the profile numbers the verdict rests on, and
  /// the path of that number in the profile (`increaseContrast.glassFill`),
  /// or a word for what no number states (`reduceTransparency`).
  public var trust: VerdictTrust {
    get { look.trust }
    set { look = look.with { $0.trust = newValue } }
  }
  public var trustBasis: String {
    get { look.trustBasis }
    set { look = look.with { $0.trustBasis = newValue } }
  }
  public var largeText: Bool {
    get { look.largeText }
    set { look = look.with { $0.largeText = newValue } }
  }
  public var threshold: Double {
    get { look.threshold }
    set { look = look.with { $0.threshold = newValue } }
  }
  /// How far, in levels 0-255, the colour of the check's material may be
  /// from what iOS draws, by the trust of the numbers it reads
  /// (``ProfileUncertainty``); 0 for a verdict that rests on no measured or
  /// assumed number.
  public var uncertainty: Double {
    get { look.uncertainty }
    set { look = look.with { $0.uncertainty = newValue } }
  }
  /// The judged ratio's interval under that uncertainty
  /// (``ContrastInterval``), rounded as report.json carries it.
  public var interval: ContrastBounds {
    ContrastInterval.of(ratio: judgedRatio, textColor: color, levels: uncertainty)
  }
  public var bounds: ContrastBounds {
    get { look.bounds }
    set { look = look.with { $0.bounds = newValue } }
  }
  /// The resolved text colour (hex) and the effective material.
  public var color: String {
    get { look.color }
    set { look = look.with { $0.color = newValue } }
  }
  public var material: String {
    get { look.material }
    set { look = look.with { $0.material = newValue } }
  }

  public var layout: String {
    get { place.layout }
    set { place = place.with { $0.layout = newValue } }
  }
  public var element: String {
    get { place.element }
    set { place = place.with { $0.element = newValue } }
  }
  public var item: String {
    get { place.item }
    set { place = place.with { $0.item = newValue } }
  }
  public var kind: ContentKind {
    get { place.kind }
    set { place = place.with { $0.kind = newValue } }
  }
  /// Text role; nil for icons and decorations.
  public var role: String? {
    get { place.role }
    set { place = place.with { $0.role = newValue } }
  }
  /// Whether the item is vibrant (issue 30): its colour is the tint of a
  /// matrix applied to the glass behind each pixel, where the profile says
  /// so (``VibrancyForms/rule(in:)``).
  public var vibrant: Bool {
    get { place.vibrant }
    set { place = place.with { $0.vibrant = newValue } }
  }
  /// The layout file and the item's line in it.
  public var file: String {
    get { place.file }
    set { place = place.with { $0.file = newValue } }
  }
  public var line: Int {
    get { place.line }
    set { place = place.with { $0.line = newValue } }
  }
  public var wallpaper: String {
    get { scene.wallpaper }
    set { scene = scene.with { $0.wallpaper = newValue } }
  }
  public var appearance: Appearance {
    get { scene.appearance }
    set { scene = scene.with { $0.appearance = newValue } }
  }
  public var mode: AccessibilityMode {
    get { scene.mode }
    set { scene = scene.with { $0.mode = newValue } }
  }
  /// The Liquid Glass setting; nil in the reduce-transparency modes (SPEC §3.3).
  public var liquidGlass: LiquidGlassSetting? {
    get { scene.liquidGlass }
    set { scene = scene.with { $0.liquidGlass = newValue } }
  }
  /// The name of the profile the check was judged under (SPEC §2.3).
  public var profile: String {
    get { scene.profile }
    set { scene = scene.with { $0.profile = newValue } }
  }
  /// Whether WCAG or a target decided `threshold` (SPEC §3.8).
  public var thresholdSource: ThresholdSource {
    get { look.thresholdSource }
    set { look = look.with { $0.thresholdSource = newValue } }
  }
  public var remedy: Remedy? {
    get { remedyBox?.value }
    set { remedyBox = newValue.map(RemedyBox.init) }
  }

  public init(
    layout: String, wallpaper: String, appearance: Appearance, mode: AccessibilityMode,
    element: String, item: String, kind: ContentKind, role: String?, largeText: Bool,
    threshold: Double, contrast: ContrastStatistics, bounds: ContrastBounds, verdict: Verdict,
    judgedRatio: Double, pixelCount: Int, color: String,
    material: String, remedy: Remedy? = nil, file: String, line: Int,
    liquidGlass: LiquidGlassSetting? = nil, profile: String = Profile.defaultName,
    trust: VerdictTrust = .assumption, trustBasis: String = ""
  ) {
    self.init(
      place: ItemPlace(
        ItemFields(
          layout: layout, element: element, item: item, kind: kind, role: role, file: file,
          line: line)),
      scene: ScenePlace(
        SceneFields(
          wallpaper: wallpaper, appearance: appearance, mode: mode, liquidGlass: liquidGlass,
          profile: profile)),
      largeText: largeText, threshold: threshold, contrast: contrast, bounds: bounds,
      verdict: verdict, judgedRatio: judgedRatio, pixelCount: pixelCount,
      color: color, material: material, remedy: remedy, trust: trust, trustBasis: trustBasis)
  }

  /// A check whose item and scene are shared objects (one per item, one
  /// per scene), as the audit makes them.
  init(
    place: ItemPlace, scene: ScenePlace, largeText: Bool, threshold: Double,
    contrast: ContrastStatistics, bounds: ContrastBounds, verdict: Verdict,
    judgedRatio: Double, pixelCount: Int, color: String,
    material: String, remedy: Remedy? = nil, trust: VerdictTrust, trustBasis: String
  ) {
    self.init(
      place: place, scene: scene,
      look: Look(
        LookFields(
          color: color, material: material, trustBasis: trustBasis, trust: trust,
          largeText: largeText, threshold: threshold, bounds: bounds)),
      contrast: contrast, verdict: verdict, judgedRatio: judgedRatio,
      pixelCount: pixelCount, remedy: remedy)
  }

  init(
    place: ItemPlace, scene: ScenePlace, look: Look, contrast: ContrastStatistics,
    verdict: Verdict, judgedRatio: Double, pixelCount: Int,
    remedy: Remedy? = nil
  ) {
    self.place = place
    self.scene = scene
    self.look = look
    self.verdict = verdict
    self.contrast = contrast
    self.judgedRatio = judgedRatio
    self.pixelCount = pixelCount
    self.remedyBox = remedy.map(RemedyBox.init)
  }

  /// A stable identity of the check, used for baselines, SARIF and shards:
  /// layout, element, item, wallpaper, appearance, mode, then
  /// ``variantParts``.
  public var fingerprint: String { identityParts.joined(separator: "/") }

  /// The scene beyond the wallpaper, for people: `light, normal, clear
  /// glass` (each dimension's words, ``SceneDimension``: the setting when
  /// there is one, the profile when it is not the default: `, profile
  /// ios26`, the text size and Bold Text when they are not the defaults:
  /// `, text xLarge, Bold Text`).
  public var sceneDescription: String { sceneWords(onGlass: drawnOnGlass) }

  /// Whether the check's item is drawn on glass (its effective material is
  /// `glass.*`): only then can the Liquid Glass setting change it.
  public var drawnOnGlass: Bool { material.hasPrefix("glass.") }

  /// The scene in words; `onGlass` false leaves out what changes only what
  /// is drawn on glass (the Liquid Glass setting), as for a check on a
  /// standard material or none. A drawn scene, whose elements may be glass,
  /// is described with it.
  public func sceneWords(onGlass: Bool) -> String {
    SceneDimension.all.compactMap { d in
      !onGlass && d.changesGlassOnly ? nil : d.describe(self)
    }.joined(separator: ", ")
  }

  /// The parts of ``fingerprint``: layout, element, item, then every other
  /// dimension of ``SceneDimension/all`` (those whose absence means their
  /// default only where they are not it).
  public var identityParts: [String] {
    [layout, element, item] + SceneDimension.afterItem.compactMap { $0.identityPart(of: self) }
  }

  /// The dimensions beyond the mode of a scene that is not a check's (a
  /// drawn scene, a remedy group), each only where it is not its default,
  /// as ``identityParts`` writes them (`liquidGlass=clear`,
  /// `profile=ios26`, `textSize=xLarge`).
  public static func variantParts(
    liquidGlass: LiquidGlassSetting?, profile: String, textSetting: TextSetting = .default
  ) -> [String] {
    let r = blank(
      layout: "",
      scene: SceneFields(
        wallpaper: "", appearance: .light, mode: .normal, liquidGlass: liquidGlass,
        profile: profile, textSetting: textSetting))
    return SceneDimension.all.filter(\.absentMeansDefault).compactMap { $0.identityPart(of: r) }
  }

  /// A check of no item in the scene `scene` of `layout`, whose dimensions
  /// ``SceneDimension``'s read like any check's.
  static func blank(layout: String, scene: SceneFields) -> CheckResult {
    var r = CheckResult(
      layout: layout, wallpaper: "", appearance: .light, mode: .normal, element: "", item: "",
      kind: .text, role: nil, largeText: false, threshold: 0,
      contrast: ContrastStatistics(
        min: 0, p05: 0, p10: 0, median: 0, mean: 0, max: 0, failingFraction: 0),
      bounds: ContrastBounds(min: 0, max: 0), verdict: .pass, judgedRatio: 0, pixelCount: 0,
      color: "", material: "", file: "", line: 0)
    r.scene = ScenePlace(scene)
    return r
  }
}
