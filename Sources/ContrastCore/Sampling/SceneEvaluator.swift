/// One item measured in one scene, before bounds and remedies are attached.
public struct ItemMeasurement: Sendable {
  public var result: CheckResult
  /// The rendering and colour the item was measured with (for bounds and remedies).
  public var rendering: ElementRendering
  public var color: RGBA
  /// A vibrant item's ink in this scene (issue 30); nil for an item drawn
  /// in `color` as a fixed colour.
  public var ink: VibrantInk? = nil
  public var requirement: ItemRequirement
  /// The item's pixels, kept only when the check did not pass (for remedies).
  public var samples: ItemSamples?
  /// The ratio of each entry of `samples` as measured (kept with `samples`).
  public var entryRatios: [Double]?
  /// Their bucket histogram, when the measurement built one (kept with `samples`).
  public var ratioBuckets: RatioBuckets?
  /// Each entry's background luminance, when the measurement made them
  /// (kept with `samples`): the remedy search's opaque colours read them.
  public var backgroundLuminances: [Double]? = nil
  /// The canvas pixels measured (the item's frame clipped to the canvas), in
  /// the order of `samples`: row-major.
  public var pixelRect: PixelRect
  /// Which kinds of pixel the item covers (``ItemSamples/pixelKinds``:
  /// outside the shape, inside, under the border): its bounds are taken
  /// over each (SPEC §3.5).
  public var pixelKinds: UInt8 = 1 << 1
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
  private(set) var samples: [Key: ItemSamples] = [:]

  /// What one item's pixels measured under one rendering and colour: the
  /// scenes of another Liquid Glass setting (or profile) that draw the
  /// element the same way (a standard material, no material, an app fill)
  /// reuse it instead of measuring the same pixels again.
  struct MeasureKey: Hashable {
    var samples: Key
    var rendering: ElementRendering
    var color: RGBA
    var ink: VibrantInk?
    var threshold: Double
  }
  typealias Measured = (
    ratios: [Double], statistics: ContrastStatistics, buckets: RatioBuckets?,
    luminances: [Double]?
  )
  private(set) var measured: [MeasureKey: Measured] = [:]

  /// The ratio of each entry of some samples under one rendering and
  /// colour (they do not depend on the threshold, the text size or Bold
  /// Text): the frames an item takes at each text size share them.
  struct RatioKey: Hashable {
    var samples: Key
    var rendering: ElementRendering
    var color: RGBA
    var ink: VibrantInk?
  }
  private(set) var ratios: [RatioKey: [Double]] = [:]
  /// The first pixel of each entry of the samples of a union of frames
  /// (``ItemSamples/pixelOffsets()``), and the pixels each stands for.
  private(set) var offsets: [Key: [Int]] = [:]
  private(set) var counts: [Key: [Int]] = [:]
  /// The statistics of the frames of an item taken on one union's ratios,
  /// per frame and threshold: a scene with the same ratios (another Liquid
  /// Glass setting drawing the element alike) takes them as they are.
  private var frameStatistics:
    [RatioKey: [SceneEvaluator.SharedStatisticsKey: ContrastStatistics]] = [:]

  /// The item places of this worker's checks.
  let places: ItemPlaces

  /// The bytes the tables above hold, and the most they may: past it they
  /// are emptied, and what is asked again is computed again, bit for bit as
  /// before. A sweep of text sizes and profiles asks for many more frames
  /// per mode than the default run, whose scenes stay well inside it.
  private(set) var bytes = 0
  let budget: Int

  /// The budget of one worker's cache: 32 MiB, above the most the default
  /// run's caches hold at once (24 MB of samples for both workers).
  static let defaultBudget = 32 << 20

  public init() {
    places = ItemPlaces()
    budget = Self.defaultBudget
  }

  /// A cache whose checks share the places of `places` (one per audit
  /// worker, for all its wallpapers).
  init(places: ItemPlaces, budget: Int = SampleCache.defaultBudget) {
    self.places = places
    self.budget = budget
  }

  /// The samples of `key`, collected by `make` when not held.
  func samples(_ key: Key, orCollect make: () -> ItemSamples) -> ItemSamples {
    cached(\.samples, key, bytes: { $0.bytes }, make)
  }

  /// What `key`'s samples measured, measured by `make` when not held.
  func measured(_ key: MeasureKey, orMeasure make: () -> Measured) -> Measured {
    cached(
      \.measured, key, bytes: { ($0.ratios.count + ($0.luminances?.count ?? 0)) * 8 + 256 }, make)
  }

  /// The entry ratios of `key`, made by `make` when not held.
  func ratios(_ key: RatioKey, orMake make: () -> [Double]) -> [Double] {
    cached(\.ratios, key, bytes: { $0.count * 8 }, make)
  }

  /// The pixel offsets of `key`'s samples, made by `make` when not held.
  func offsets(_ key: Key, orMake make: () -> [Int]) -> [Int] {
    cached(\.offsets, key, bytes: { $0.count * 8 }, make)
  }

  /// The entry counts of `key`'s samples, made by `make` when not held.
  func counts(_ key: Key, orMake make: () -> [Int]) -> [Int] {
    cached(\.counts, key, bytes: { $0.count * 8 }, make)
  }

  /// The statistics already taken on one union's ratios (empty when none).
  func frameStatistics(_ key: RatioKey) -> [SceneEvaluator.SharedStatisticsKey: ContrastStatistics]
  {
    frameStatistics[key] ?? [:]
  }

  func setFrameStatistics(
    _ known: [SceneEvaluator.SharedStatisticsKey: ContrastStatistics], for key: RatioKey
  ) {
    frameStatistics[key] = known
  }

  private func cached<K: Hashable, V>(
    _ table: ReferenceWritableKeyPath<SampleCache, [K: V]>, _ key: K, bytes size: (V) -> Int,
    _ make: () -> V
  ) -> V {
    if let v = self[keyPath: table][key] { return v }
    let v = make()
    let n = size(v) + 64
    if bytes + n > budget { empty() }
    bytes += n
    self[keyPath: table][key] = v
    return v
  }

  /// Drops every table's entries (the values in use stay alive with their users).
  private func empty() {
    samples.removeAll()
    measured.removeAll()
    ratios.removeAll()
    offsets.removeAll()
    counts.removeAll()
    frameStatistics.removeAll()
    bytes = 0
  }

}

/// One shared ``CheckResult/ItemPlace`` per item for every check of it that
/// one audit worker makes, so that millions of checks hold a few thousand
/// places (SPEC §6: memory bounded by the wallpaper, not the matrix), and
/// the named colours nearest each item colour its remedy search tries. One
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
      CheckResult.ItemFields(
        layout: layout.id, element: element.id, item: item.id, kind: item.kind, role: role,
        file: layout.file, line: item.line, vibrant: item.vibrant))
    places[key] = p
    return p
  }

  private var looks: [CheckResult.LookFields: CheckResult.Look] = [:]

  private struct NamedKey: Hashable {
    var color: RGBA
    var profile: String
    var appearance: Appearance
    var increaseContrast: Bool
  }
  private var named: [NamedKey: [(name: String, color: RGBA)]] = [:]

  /// The profile's named colours nearest `color`
  /// (``RemedyCandidates/namedColors(nearest:in:appearance:increaseContrast:)``),
  /// found once per colour, profile, appearance and Increase Contrast for
  /// every failing scene of the worker's that asks.
  func namedColors(
    nearest color: RGBA, in profile: Profile, appearance: Appearance, increaseContrast: Bool
  ) -> [(name: String, color: RGBA)] {
    let key = NamedKey(
      color: color, profile: profile.name, appearance: appearance,
      increaseContrast: increaseContrast)
    if let known = named[key] { return known }
    let found = RemedyCandidates.namedColors(
      nearest: color, in: profile, appearance: appearance, increaseContrast: increaseContrast)
    named[key] = found
    return found
  }

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
    trust: TrustIndex? = nil, cache: SampleCache? = nil,
    targets: ContrastTargets = ContrastTargets(), blurWhereRead: Bool = true
  ) -> [ItemMeasurement] {
    measure(
      layout: layout, canvas: canvas, appearance: appearance, mode: mode,
      liquidGlass: liquidGlass, profile: profile, settings: settings, trust: trust, cache: cache,
      targets: targets, blurWhereRead: blurWhereRead, proving: nil)
  }

  /// ``measure(layout:canvas:appearance:mode:liquidGlass:profile:settings:trust:cache:targets:blurWhereRead:)``;
  /// with `bounds`, an item (not vibrant) whose bounds over the kinds of
  /// pixel it covers pass every threshold of its text settings is proved
  /// (``proof(of:element:rendering:color:ink:canvas:bounds:)``), its pixels not collected,
  /// and an element whose items are all proved is not blurred: `fix`'s
  /// trials (``AuditRequest/provesPassingByBounds``).
  static func measure(
    layout: Layout, canvas: WallpaperCanvas, appearance: Appearance, mode: AccessibilityMode,
    liquidGlass: LiquidGlassSetting?, profile: Profile, settings: AuditSettings,
    trust: TrustIndex?, cache: SampleCache?, targets: ContrastTargets, blurWhereRead: Bool,
    proving bounds: BoundsCache?
  ) -> [ItemMeasurement] {
    var out: [ItemMeasurement] = []
    let scale = layout.canvas.scale
    let image = canvas.image
    let canvasRect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    let layoutTargets = targets.overlaid(with: layout.targets)
    let textSettings = settings.textSettingColumns
    // At most one check per item and text setting: room for them at once.
    out.reserveCapacity(layout.elements.reduce(0) { $0 + $1.content.count } * textSettings.count)
    // One shared scene per text setting, one shared place per item (the
    // worker's places, or this call's own when there is no cache).
    let places = cache?.places ?? ItemPlaces()
    var scenes: [TextSetting: CheckResult.ScenePlace] = [:]
    func scene(_ v: Variant) -> CheckResult.ScenePlace {
      if let s = scenes[v.setting] { return s }
      let s = CheckResult.ScenePlace(
        CheckResult.SceneFields(
          wallpaper: canvas.wallpaperID, appearance: appearance, mode: mode,
          liquidGlass: liquidGlass, profile: profile.name, textSetting: v.setting))
      scenes[v.setting] = s
      return s
    }
    for (element, rendering) in profile.renderedElements(
      of: layout, appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue)
    {
      // The blur only where the items read it (the same bits), unless the
      // caller draws the whole element after; made when an item reads it
      // (not when each is proved by its bounds).
      lazy var source = canvas.backdrop(
        of: element, rendering: rendering,
        within: blurWhereRead
          ? itemsRect(
            of: element, profile: profile, settings: settings, scale: scale, on: canvasRect)
          : nil)
      // Whether the blur reads more than one colour (asked at most once per
      // element, and only when its numbers would decide a verdict's trust).
      var blurChanges: Bool?
      func blurCanChangePixels() -> Bool {
        if let blurChanges { return blurChanges }
        let changes = !canvas.blurReadsOneColour(of: element, rendering: rendering)
        blurChanges = changes
        return changes
      }

      for item in element.content {
        guard let color = profile.color(of: item, appearance: appearance, mode: mode) else {
          continue
        }
        let ink = profile.vibrantInk(
          of: item, color: color, rendering: rendering, appearance: appearance, mode: mode)
        let variants = Self.variants(
          of: item, in: element, profile: profile, settings: settings, targets: layoutTargets,
          scale: scale, on: canvasRect)
        guard let first = variants.first else { continue }
        let union = variants.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        let trusted = trust?.verdictTrust(
          item: item, element: element, rendering: rendering, profile: profile,
          appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue,
          blurCanChangePixels: blurCanChangePixels)
        func place(_ v: Variant) -> CheckResult.ItemPlace {
          places.place(layout: layout, element: element, item: item, role: v.requirement.role)
        }
        // One look per distinct requirement of the item (its text settings
        // mostly share one or two): the colour written once, not per check.
        let verdictTrust = trusted?.trust ?? .assumption
        let looks = ItemLooks(
          color: color.hex, material: rendering.materialName, trust: verdictTrust,
          trustBasis: trusted?.basis ?? "",
          uncertainty: profile.uncertainty.levels(
            trust: verdictTrust, material: rendering.materialName, appearance: appearance))
        if let bounds,
          let proved = proof(
            of: variants, element: element, rendering: rendering, color: color, ink: ink,
            canvas: canvas, bounds: bounds)
        {
          for v in variants {
            var m = makeMeasurement(
              settings: settings, rendering: rendering, color: color, variant: v,
              stats: proved.statistics, pixelCount: v.rect.width * v.rect.height,
              look: looks.look(v.requirement), shared: (place(v), scene(v)))
            m.pixelKinds = proved.kinds
            out.append(m)
          }
          continue
        }
        if let constant = constantStatistics(
          of: variants, element: element, rendering: rendering, color: color, ink: ink,
          canvas: canvas)
        {
          for (v, c) in zip(variants, constant) {
            var m = makeMeasurement(
              settings: settings, rendering: rendering, color: color, variant: v,
              stats: c.statistics, pixelCount: c.pixels, look: looks.look(v.requirement),
              shared: (place(v), scene(v)))
            m.pixelKinds = c.kinds
            out.append(m)
          }
          continue
        }
        // One frame for every setting (the default run, icons, fixed sizes):
        // measured as it always was. Several frames of one column range
        // (text growing with the size): the pixels and their ratios are
        // those of the union, collected and evaluated once; each frame's
        // statistics are taken on its own rows of them.
        let shared =
          variants.contains { $0.rect != first.rect }
            && variants.allSatisfy { $0.rect.x == union.x && $0.rect.width == union.width }
          ? measureUnion(
            union, element: element, item: item, rendering: rendering, color: color, ink: ink,
            image: image, mask: source.mask, source: source, cache: cache)
          : nil
        if let shared {
          var known = cache?.frameStatistics(shared.ratioKey) ?? [:]
          defer { cache?.setFrameStatistics(known, for: shared.ratioKey) }
          out += measureShared(
            shared, union: union, variants: variants, settings: settings, known: &known,
            make: { v, stats, pixels in
              var m = makeMeasurement(
                settings: settings, rendering: rendering, color: color, variant: v,
                stats: stats, pixelCount: pixels, look: looks.look(v.requirement),
                shared: (place(v), scene(v)))
              m.ink = ink
              // (The union's kinds: a frame's bounds may be the wider.)
              m.pixelKinds = shared.samples.pixelKinds
              return m
            })
          continue
        }
        // Statistics per (frame, threshold): Bold Text often leaves both,
        // and a fixed frame (an icon, a fixed size) every text setting.
        var judgedOn:
          [SharedStatisticsKey: (stats: ContrastStatistics, pixels: Int, kinds: UInt8)] = [:]
        for v in variants {
          let statsKey = SharedStatisticsKey(rect: v.rect, threshold: v.requirement.threshold)
          if let known = judgedOn[statsKey] {
            // (Judged alike: the first such check carries the samples.)
            var m = makeMeasurement(
              settings: settings, rendering: rendering, color: color, variant: v,
              stats: known.stats, pixelCount: known.pixels, look: looks.look(v.requirement),
              shared: (place(v), scene(v)))
            m.ink = ink
            m.pixelKinds = known.kinds
            out.append(m)
            continue
          }
          let samples: ItemSamples
          let ratios: [Double]
          let stats: ContrastStatistics
          let buckets: RatioBuckets?
          let luminances: [Double]?
          let key = SampleCache.Key(
            element: element.id, item: item.id, rect: v.rect,
            border: rendering.borderWidthInPixels, source: source.identity)
          let pixels = {
            collect(rect: v.rect, image: image, mask: source.mask, source: source)
          }
          samples = cache?.samples(key, orCollect: pixels) ?? pixels()
          let measureKey = SampleCache.MeasureKey(
            samples: key, rendering: rendering, color: color, ink: ink,
            threshold: v.requirement.threshold)
          let measure = {
            samples.measure(
              rendering: rendering, color: color, ink: ink, threshold: v.requirement.threshold)
          }
          (ratios, stats, buckets, luminances) =
            cache?.measured(measureKey, orMeasure: measure) ?? measure()
          var m = makeMeasurement(
            settings: settings, rendering: rendering, color: color, variant: v,
            stats: stats, pixelCount: samples.pixelCount, look: looks.look(v.requirement),
            shared: (place(v), scene(v)))
          m.ink = ink
          m.pixelKinds = samples.pixelKinds
          judgedOn[statsKey] = (stats, samples.pixelCount, samples.pixelKinds)
          if m.result.verdict == .fail {
            m.samples = samples
            m.entryRatios = ratios
            m.ratioBuckets = buckets
            m.backgroundLuminances = luminances
          }
          out.append(m)
        }
      }
    }
    return out
  }

  /// The checks of an item whose text settings take several frames of one
  /// column range: each frame's statistics from the samples and ratios of
  /// their union (``FrameStatistics``), and the samples of the failing
  /// frames the remedy search needs (``remedyCarriers(_:pixels:statistic:)``).
  /// `known` holds the statistics already taken on these ratios (another
  /// scene's), per frame and threshold; those taken here are added.
  static func measureShared(
    _ shared: Union, union: PixelRect, variants: [Variant], settings: AuditSettings,
    known judgedOn: inout [SharedStatisticsKey: ContrastStatistics],
    make: (Variant, ContrastStatistics, Int) -> ItemMeasurement
  ) -> [ItemMeasurement] {
    let counts = shared.counts
    var spans: [FrameStatistics.Span] = []
    var pixelRanges: [Range<Int>] = []
    for v in variants {
      let pixels = (v.rect.y - union.y) * union.width..<(v.rect.maxY - union.y) * union.width
      spans.append(FrameStatistics.span(ofPixels: pixels, offsets: shared.offsets))
      pixelRanges.append(pixels)
    }
    // The statistics not known yet, taken together: about two passes over
    // the union for all the frames.
    var missing: [(key: SharedStatisticsKey, span: FrameStatistics.Span)] = []
    var pending = Set<SharedStatisticsKey>()
    for (v, span) in zip(variants, spans) {
      let key = SharedStatisticsKey(rect: v.rect, threshold: v.requirement.threshold)
      if judgedOn[key] == nil, pending.insert(key).inserted { missing.append((key, span)) }
    }
    if !missing.isEmpty {
      let found = FrameStatistics(ratios: shared.ratios, counts: counts).statistics(
        of: missing.map(\.span), thresholds: missing.map { [$0.key.threshold] })
      for (m, stats) in zip(missing, found) { judgedOn[m.key] = stats[0] }
    }
    var out: [ItemMeasurement] = []
    out.reserveCapacity(variants.count)
    for (v, span) in zip(variants, spans) {
      let key = SharedStatisticsKey(rect: v.rect, threshold: v.requirement.threshold)
      out.append(make(v, judgedOn[key]!, span.pixelCount))
    }
    for i in remedyCarriers(out, pixels: pixelRanges, statistic: settings.statistic) {
      // The largest frame is often the union itself: its samples as they are.
      if spans[i].pixelCount == shared.samples.pixelCount {
        out[i].samples = shared.samples
        out[i].entryRatios = shared.ratios
        continue
      }
      let range = FrameStatistics.entryRange(spans[i], counts: counts)
      out[i].samples = shared.samples.slice(range)
      out[i].entryRatios = range.values(of: shared.ratios)
    }
    return out
  }

  /// Which failing checks of one item in one scene (its text settings, with
  /// the pixel range each covers in their union) carry their samples to the
  /// remedy search: one per distinct frame and threshold; under the `min`
  /// statistic, one per threshold and large-text decision, the largest
  /// frame, when it contains the others. A fix that lifts the least ratio
  /// of a frame to the threshold lifts that of every frame inside it, so
  /// the others' searches would find nothing more (the group's alpha,
  /// lightness step and named candidates are the same); only the ratio a
  /// fix is said to reach at least is taken over fewer frames, and stays a
  /// floor of what it reaches in each.
  static func remedyCarriers(
    _ checks: [ItemMeasurement], pixels: [Range<Int>], statistic: VerdictStatistic
  ) -> [Int] {
    var carriers: [Int] = []
    var firstOfFrame = Set<SharedStatisticsKey>()
    var classes: [ThresholdClass: [Int]] = [:]
    var order: [ThresholdClass] = []
    for (i, m) in checks.enumerated() where m.result.verdict == .fail {
      let c = ThresholdClass(threshold: m.requirement.threshold, largeText: m.result.largeText)
      if classes[c] == nil { order.append(c) }
      classes[c, default: []].append(i)
    }
    for c in order {
      let members = classes[c]!
      if statistic == .min,
        let largest = members.max(by: { pixels[$0].count < pixels[$1].count }),
        members.allSatisfy({
          pixels[largest].lowerBound <= pixels[$0].lowerBound
            && pixels[$0].upperBound <= pixels[largest].upperBound
        })
      {
        carriers.append(largest)
        continue
      }
      for i in members
      where firstOfFrame.insert(
        SharedStatisticsKey(rect: checks[i].pixelRect, threshold: c.threshold)
      ).inserted {
        carriers.append(i)
      }
    }
    return carriers.sorted()
  }

  /// A threshold and large-text decision: the checks of an item that share
  /// them are judged alike.
  struct ThresholdClass: Hashable {
    var threshold: Double
    var largeText: Bool
  }

  /// A frame of an item and a threshold its statistics were taken against.
  struct SharedStatisticsKey: Hashable {
    var rect: PixelRect
    var threshold: Double
  }

  /// The looks of one item's checks in one scene: its colour, material and
  /// trust, with each distinct requirement's large-text decision, threshold
  /// and its source (bounds are attached later, by the audit).
  final class ItemLooks {
    let color: String
    let material: String
    let trust: VerdictTrust
    let trustBasis: String
    private var made: [LookKey: CheckResult.Look] = [:]

    struct LookKey: Hashable {
      var largeText: Bool
      var threshold: Double
      var source: ThresholdSource
    }

    /// The width of the checks' intervals (``ProfileUncertainty``).
    let uncertainty: Double

    init(
      color: String, material: String, trust: VerdictTrust, trustBasis: String,
      uncertainty: Double
    ) {
      self.color = color
      self.material = material
      self.trust = trust
      self.trustBasis = trustBasis
      self.uncertainty = uncertainty
    }

    /// The look of a check judged by `requirement`.
    func look(_ requirement: ItemRequirement) -> CheckResult.Look {
      let key = LookKey(
        largeText: requirement.largeText, threshold: requirement.threshold,
        source: requirement.thresholdSource)
      if let l = made[key] { return l }
      let l = CheckResult.Look(
        CheckResult.LookFields(
          color: color, material: material, trustBasis: trustBasis, trust: trust,
          largeText: key.largeText, threshold: key.threshold,
          bounds: ContrastBounds(min: 0, max: 0), thresholdSource: key.source,
          uncertainty: uncertainty))
      made[key] = l
      return l
    }
  }

  /// One text setting of an item: its requirement and pixel rectangle.
  struct Variant {
    var setting: TextSetting
    var requirement: ItemRequirement
    var rect: PixelRect
  }

  /// Each text setting of the run: the item's requirement and the pixels
  /// its (grown) frame covers on the canvas; none where it covers none.
  static func variants(
    of item: ContentItem, in element: Element, profile: Profile, settings: AuditSettings,
    targets: ContrastTargets, scale: Double, on canvasRect: PixelRect
  ) -> [Variant] {
    settings.textSettingColumns.compactMap { setting -> Variant? in
      let requirement = profile.requirement(
        of: item, settings: settings, at: setting, targets: targets)
      let frame = item.frame(scaledBy: profile.textScale(of: item, at: setting.textSize))
        .offsetBy(dx: element.frame.x, dy: element.frame.y)
      let rect = ShapeMask.pixelRect(of: frame, scale: scale).intersection(canvasRect)
      guard !rect.isEmpty else { return nil }
      return Variant(setting: setting, requirement: requirement, rect: rect)
    }
  }

  /// The pixels of `element`'s items, at every text setting of the run
  /// (each item's frame as ``measure(layout:canvas:appearance:mode:liquidGlass:profile:settings:trust:cache:targets:blurWhereRead:)``
  /// takes it, clipped to the canvas), as one rectangle: where its backdrop
  /// is read, in every appearance and mode (items without a colour in one
  /// included, so that the rectangle is the element's). Nil when none is on
  /// the canvas.
  static func itemsRect(
    of element: Element, profile: Profile, settings: AuditSettings, scale: Double,
    on canvasRect: PixelRect
  ) -> PixelRect? {
    var union: PixelRect?
    for item in element.content {
      for setting in settings.textSettingColumns {
        let frame = item.frame(scaledBy: profile.textScale(of: item, at: setting.textSize))
          .offsetBy(dx: element.frame.x, dy: element.frame.y)
        let rect = ShapeMask.pixelRect(of: frame, scale: scale).intersection(canvasRect)
        guard !rect.isEmpty else { continue }
        union = union.map { $0.union(rect) } ?? rect
      }
    }
    return union
  }

  /// The samples of `rect` (cached like any item's) and the ratio of each
  /// of their entries, evaluated once for every frame inside it.
  static func measureUnion(
    _ rect: PixelRect, element: Element, item: ContentItem, rendering: ElementRendering,
    color: RGBA, ink: VibrantInk? = nil, image: RGBImage, mask: ShapeMask,
    source: ElementBackdrop, cache: SampleCache?
  ) -> Union {
    let key = SampleCache.Key(
      element: element.id, item: item.id, rect: rect, border: rendering.borderWidthInPixels,
      source: source.identity)
    let pixels = { collect(rect: rect, image: image, mask: mask, source: source) }
    let samples = cache?.samples(key, orCollect: pixels) ?? pixels()
    let ratioKey = SampleCache.RatioKey(
      samples: key, rendering: rendering, color: color, ink: ink)
    let entryRatios = { samples.entryRatios(rendering: rendering, color: color, ink: ink) }
    let ratios = cache?.ratios(ratioKey, orMake: entryRatios) ?? entryRatios()
    let offsets = cache?.offsets(key, orMake: samples.pixelOffsets) ?? samples.pixelOffsets()
    // (The samples' counts copied out once for all the scenes that share them.)
    let counts = cache?.counts(key, orMake: { samples.counts }) ?? samples.counts
    return Union(
      samples: samples, ratios: ratios, offsets: offsets, counts: counts, ratioKey: ratioKey)
  }

  /// The samples of an item's union of frames, the ratio of each entry, the
  /// first pixel of each entry, the pixels each stands for, and the key of
  /// those ratios in the cache.
  struct Union {
    var samples: ItemSamples
    var ratios: [Double]
    var offsets: [Int]
    var counts: [Int]
    var ratioKey: SampleCache.RatioKey
  }

  /// The check of one item at one text setting, judged on `stats`.
  static func makeMeasurement(
    settings: AuditSettings, rendering: ElementRendering, color: RGBA, variant v: Variant,
    stats: ContrastStatistics, pixelCount: Int, look: CheckResult.Look,
    shared: (place: CheckResult.ItemPlace, scene: CheckResult.ScenePlace)
  ) -> ItemMeasurement {
    let requirement = v.requirement
    let judged = stats.value(of: settings.statistic)
    let passes = WCAG.passes(judged, threshold: requirement.threshold)
    let verdict: Verdict = passes ? .pass : (requirement.warnsOnly ? .warn : .fail)
    let result = CheckResult(
      place: shared.place, scene: shared.scene, look: look, contrast: stats,
      verdict: verdict, judgedRatio: judged, pixelCount: pixelCount)
    return ItemMeasurement(
      result: result, rendering: rendering, color: color, requirement: requirement,
      samples: nil, entryRatios: nil, ratioBuckets: nil, pixelRect: v.rect)
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
      blurred: source.usesBackdrop && mean == nil ? source.blurred : nil,
      blurredRect: source.blurredRect, mean: mean, mix: source.mix, into: &builder)
  }
}
