/// One item measured in one scene, before bounds and remedies are attached.
public struct ItemMeasurement: Sendable {
  public var result: CheckResult
  /// The rendering and colour the item was measured with (for bounds and remedies).
  public var rendering: ElementRendering
  public var color: RGBA
  public var requirement: ItemRequirement
  /// The item's pixels, kept only when the check did not pass (for remedies).
  public var samples: ItemSamples?
  /// The ratio of each entry of `samples` as measured (kept with `samples`).
  public var entryRatios: [Double]?
  /// Their bucket histogram, when the measurement built one (kept with `samples`).
  public var ratioBuckets: RatioBuckets?
  /// The canvas pixels measured (the item's frame clipped to the canvas), in
  /// the order of `samples`: row-major.
  public var pixelRect: PixelRect
}

/// Item pixels already collected in a scene, reused by another scene whose
/// element draws from the same backdrop with the same border (typically the
/// other appearance of the same mode). One audit worker owns it.
public final class SampleCache {
  struct Key: Hashable {
    var element: String
    var item: String
    var rect: PixelRect
    var border: Double
    var source: ElementBackdrop.Identity
  }
  var samples: [Key: ItemSamples] = [:]

  /// What one item's pixels measured under one rendering and colour: the
  /// scenes of another Liquid Glass setting (or profile) that draw the
  /// element the same way (a standard material, no material, an app fill)
  /// reuse it instead of measuring the same pixels again.
  struct MeasureKey: Hashable {
    var samples: Key
    var rendering: ElementRendering
    var color: RGBA
    var threshold: Double
  }
  var measured:
    [MeasureKey: (ratios: [Double], statistics: ContrastStatistics, buckets: RatioBuckets?)] =
      [:]

  /// The item places of this worker's checks.
  let places: ItemPlaces

  public init() { places = ItemPlaces() }

  /// A cache whose checks share the places of `places` (one per audit
  /// worker, for all its wallpapers).
  init(places: ItemPlaces) { self.places = places }

}

/// One shared ``CheckResult/ItemPlace`` per item for every check of it that
/// one audit worker makes, so that millions of checks hold a few thousand
/// places (SPEC §6: memory bounded by the wallpaper, not the matrix). One
/// worker owns it.
public final class ItemPlaces {
  private var places: [[String]: CheckResult.ItemPlace] = [:]

  public init() {}

  func place(
    layout: Layout, element: Element, item: ContentItem, role: String?
  ) -> CheckResult.ItemPlace {
    let key = [layout.id, element.id, item.id, role ?? ""]
    if let p = places[key] { return p }
    let p = CheckResult.ItemPlace(
      layout: layout.id, element: element.id, item: item.id, kind: item.kind, role: role,
      file: layout.file, line: item.line)
    places[key] = p
    return p
  }

  private var looks: [CheckResult.Look.Fields: CheckResult.Look] = [:]

  /// `r` holding the shared object of its look (one per distinct look).
  func share(_ r: inout CheckResult) {
    if let l = looks[r.look.fields] {
      r.look = l
    } else {
      looks[r.look.fields] = r.look
    }
  }
}

/// Evaluates scenes: (layout, wallpaper, appearance, mode) → one measurement
/// per item with a colour and at least one pixel on the canvas (SPEC §3).
public enum SceneEvaluator {
  /// Measures every item of `layout` over `canvas` in one appearance, mode
  /// and Liquid Glass setting (nil: none, read as the default), under
  /// `profile`; with `trust`, each result carries the trust of its verdict.
  ///
  /// Per pixel of an item (centre in its frame, on the canvas): outside the
  /// element's shape the background is the placed wallpaper; inside, it is
  /// the rendering over the backdrop (B = sum_k w_k G_k(W), or the Reduce
  /// Transparency mean), with the border over it in the band. The item's
  /// colour is composited over the background and the WCAG ratio taken.
  public static func measure(
    layout: Layout, canvas: WallpaperCanvas, appearance: Appearance, mode: AccessibilityMode,
    liquidGlass: LiquidGlassSetting? = nil, profile: Profile, settings: AuditSettings,
    trust: TrustIndex? = nil, cache: SampleCache? = nil
  ) -> [ItemMeasurement] {
    var out: [ItemMeasurement] = []
    let scale = layout.canvas.scale
    let image = canvas.image
    let canvasRect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    let scene = CheckResult.ScenePlace(
      wallpaper: canvas.wallpaperID, appearance: appearance, mode: mode, liquidGlass: liquidGlass,
      profile: profile.name)
    for (element, rendering) in profile.renderedElements(
      of: layout, appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue)
    {
      let source = canvas.backdrop(of: element, rendering: rendering)
      let mask = source.mask

      for item in element.content {
        let requirement = profile.requirement(of: item, settings: settings)
        guard let color = profile.color(of: item, appearance: appearance, mode: mode) else {
          continue
        }
        let frame = item.frame.offsetBy(dx: element.frame.x, dy: element.frame.y)
        let rect = ShapeMask.pixelRect(of: frame, scale: scale).intersection(canvasRect)
        guard !rect.isEmpty else { continue }

        let key = SampleCache.Key(
          element: element.id, item: item.id, rect: rect,
          border: rendering.borderWidthInPixels, source: source.identity)
        let samples =
          cache?.samples[key]
          ?? collect(rect: rect, image: image, mask: mask, source: source)
        cache?.samples[key] = samples
        let measureKey = SampleCache.MeasureKey(
          samples: key, rendering: rendering, color: color, threshold: requirement.threshold)
        let (ratios, stats, buckets) =
          cache?.measured[measureKey]
          ?? samples.measure(rendering: rendering, color: color, threshold: requirement.threshold)
        cache?.measured[measureKey] = (ratios, stats, buckets)
        let judged = stats.value(of: settings.statistic)
        let passes = WCAG.passes(judged, threshold: requirement.threshold)
        let verdict: Verdict = passes ? .pass : (requirement.warnsOnly ? .warn : .fail)
        let trusted = trust?.verdictTrust(
          item: item, element: element, rendering: rendering, profile: profile,
          appearance: appearance, mode: mode)
        let place =
          cache?.places.place(layout: layout, element: element, item: item, role: requirement.role)
          ?? CheckResult.ItemPlace(
            layout: layout.id, element: element.id, item: item.id, kind: item.kind,
            role: requirement.role, file: layout.file, line: item.line)
        let result = CheckResult(
          place: place, scene: scene, largeText: requirement.largeText,
          threshold: requirement.threshold, contrast: stats,
          bounds: ContrastBounds(min: 0, max: 0), verdict: verdict, judgedRatio: judged,
          pixelCount: samples.pixelCount, color: color.hex, material: rendering.materialName,
          trust: trusted?.trust ?? .assumption, trustBasis: trusted?.basis ?? "")
        out.append(
          ItemMeasurement(
            result: result, rendering: rendering, color: color, requirement: requirement,
            samples: verdict == .fail ? samples : nil,
            entryRatios: verdict == .fail ? ratios : nil,
            ratioBuckets: verdict == .fail ? buckets : nil, pixelRect: rect))
      }
    }
    return out
  }

  /// The item's pixels: per pixel of `rect` (row-major) its backdrop, its
  /// wallpaper colour and its mask code, run-length encoded
  /// (``FastEngine/collect(rect:image:mask:blurred:mean:mix:into:)``).
  static func collect(
    rect: PixelRect, image: RGBImage, mask: ShapeMask, source: ElementBackdrop
  ) -> ItemSamples {
    ItemSamples(capacity: rect.width * rect.height) { builder in
      collect(rect: rect, image: image, mask: mask, source: source, into: &builder)
    }
  }

  /// ``collect(rect:image:mask:source:)`` appending to `builder` (its open
  /// run continues when the first pixel extends it).
  static func collect(
    rect: PixelRect, image: RGBImage, mask: ShapeMask, source: ElementBackdrop,
    into builder: inout ItemSamples.Builder
  ) {
    let mean = source.usesBackdrop ? source.mean : nil
    FastEngine.collect(
      rect: rect, image: image, mask: mask,
      blurred: source.usesBackdrop && mean == nil ? source.blurred : nil, mean: mean,
      mix: source.mix, into: &builder)
  }
}
