/// Identifies a scene: a layout and a value of every other dimension of
/// ``SceneDimension/all`` but the text settings (a scene is judged at every
/// text setting of the run), held as a check holds them
/// (`CheckResult.SceneFields`), so its order and ``id`` are the list's.
public struct SceneKey: Sendable, Hashable, Comparable {
  public var layout: String
  /// The scene's values beyond the layout, at the default text setting.
  var fields: CheckResult.SceneFields

  public init(
    layout: String, wallpaper: String, appearance: Appearance, mode: AccessibilityMode,
    liquidGlass: LiquidGlassSetting? = nil, profile: String = Profile.defaultName
  ) {
    self.layout = layout
    self.fields = CheckResult.SceneFields(
      wallpaper: wallpaper, appearance: appearance, mode: mode, liquidGlass: liquidGlass,
      profile: profile)
  }

  /// The scene of a check.
  public init(_ r: CheckResult) {
    layout = r.layout
    fields = r.scene.fields
    fields.textSetting = .default
  }

  public var wallpaper: String { fields.wallpaper }
  public var appearance: Appearance { fields.appearance }
  public var mode: AccessibilityMode { fields.mode }
  /// The Liquid Glass setting; nil in the reduce-transparency modes.
  public var liquidGlass: LiquidGlassSetting? { fields.liquidGlass }
  /// The profile's name.
  public var profile: String { fields.profile }

  /// The report order (``CheckResult/reportOrder(_:_:)``'s of scenes).
  public static func < (a: SceneKey, b: SceneKey) -> Bool {
    if a.layout != b.layout { return a.layout < b.layout }
    return CheckResult.SceneFields.order(a.fields, b.fields) ?? false
  }

  /// A stable id usable in HTML and file names: each dimension's part of a
  /// check's identity (``CheckResult/identityParts``), joined by `--`.
  public var id: String {
    let r = CheckResult.blank(layout: layout, scene: fields)
    return SceneDimension.all.compactMap { $0.identityPart(of: r) }.joined(separator: "--")
  }
}

/// Everything needed to draw one scene, handed to a previewer while the
/// wallpaper is still in memory (the audit streams wallpapers).
public struct SceneSnapshot {
  public var key: SceneKey
  public var layout: Layout
  public var profile: Profile
  /// The placed wallpaper and its blur cache.
  public var canvas: WallpaperCanvas
  /// The checks of this scene (with pixels for the failing ones): the
  /// audit's own when it draws (`SceneEvaluator.drawn`).
  public var measurements: [ItemMeasurement]
  /// The text setting drawn (SPEC §3.8): a scene of a run that sweeps text
  /// settings is drawn at one of them (`drawing(worstOf:)`), its items'
  /// frames those of that setting; the default one otherwise.
  public var textSetting = TextSetting.default

  /// The layout's elements as the scene renders them (its appearance, mode
  /// and Liquid Glass setting: a clear or tinted scene is drawn in its own
  /// glass, as it was measured), in drawing order.
  public var renderedElements: [(element: Element, rendering: ElementRendering)] {
    profile.renderedElements(
      of: layout, appearance: key.appearance, mode: key.mode,
      liquidGlass: key.liquidGlass.modelValue)
  }
}

extension SceneSnapshot {
  /// The scene drawn at the text setting of its worst check: of
  /// `measurements` (the scene measured at every text setting of the run),
  /// only those of that setting are kept. The worst check is the one with
  /// the lowest judged ratio / threshold among those that fail, else that
  /// warn, else all (``ItemFailures/worseFirst(_:_:)``, ties in report
  /// order, so the smaller setting); a run of one text setting keeps every
  /// measurement.
  public static func drawing(
    worstOf measurements: [ItemMeasurement], key: SceneKey, layout: Layout, profile: Profile,
    canvas: WallpaperCanvas
  ) -> SceneSnapshot {
    let setting = worstTextSetting(measurements.map(\.result)) ?? .default
    return SceneSnapshot(
      key: key, layout: layout, profile: profile, canvas: canvas,
      measurements: measurements.filter { $0.result.textSetting == setting },
      textSetting: setting)
  }

  /// The text setting of the worst of `checks` (one scene's): the lowest
  /// judged ratio / threshold among the failing ones, else the warning ones,
  /// else all; nil for none.
  static func worstTextSetting(_ checks: [CheckResult]) -> TextSetting? {
    let failing = checks.filter { $0.verdict == .fail }
    let warning = checks.filter { $0.verdict == .warn }
    let pool = !failing.isEmpty ? failing : (!warning.isEmpty ? warning : checks)
    guard var worst = pool.first else { return nil }
    for c in pool.dropFirst() where ItemFailures.worseFirst(c, worst) { worst = c }
    return worst.textSetting
  }
}

/// Pictures of one scene for the HTML report.
public struct ScenePreview: Sendable, Hashable {
  public var key: SceneKey
  /// Size of both images, pixels.
  public var width: Int
  public var height: Int
  /// PNG of the modelled glass over the wallpaper, with item boxes.
  public var preview: [UInt8]
  /// PNG of where contrast falls below the threshold.
  public var heatmap: [UInt8]
  /// Item boxes in image pixels: (element, item, verdict, rect).
  public var boxes: [PreviewBox]
  /// Whether its wallpaper is a photograph (not synthetic): the page
  /// prefers it among equally bad scenes (`ScenePreviewRenderer.allot`).
  public var photo = false

  public init(
    key: SceneKey, width: Int, height: Int, preview: [UInt8], heatmap: [UInt8],
    boxes: [PreviewBox]
  ) {
    self.key = key
    self.width = width
    self.height = height
    self.preview = preview
    self.heatmap = heatmap
    self.boxes = boxes
  }
}

/// One labelled item box on a preview.
public struct PreviewBox: Sendable, Hashable {
  public var element: String
  public var item: String
  public var verdict: Verdict
  public var rect: PixelRect
  /// The words a text item shows (its `text:`, else its id); nil for icons
  /// and decorations. The HTML report draws them in the item's colour.
  public var text: String?
  /// The text setting of the check this box is the frame of (SPEC §3.8: a
  /// text item's frame grows with the text size).
  public var setting: TextSetting

  public init(
    element: String, item: String, verdict: Verdict, rect: PixelRect, text: String? = nil,
    setting: TextSetting = .default
  ) {
    self.element = element
    self.item = item
    self.verdict = verdict
    self.rect = rect
    self.text = text
    self.setting = setting
  }
}
