import Foundation

/// A wallpaper of the matrix, loaded on demand so that only the wallpapers
/// being audited are in memory (SPEC §6).
public struct WallpaperInput: Sendable {
  public var id: String
  /// Category from `matrix.yml` (solid-light, gradient, photo, ...), if any.
  public var category: String?
  /// The file as given, for reports.
  public var file: String
  /// Appearances it is restricted to; nil for both.
  public var appearances: [Appearance]?
  /// Decodes the wallpaper: its image and whether it had translucent pixels.
  public var load: @Sendable () throws -> (image: RGBImage, hadTransparency: Bool)
  /// A guess at how long it takes to audit (the file size is a fair one);
  /// the costliest wallpapers are started first so no core idles at the end.
  /// It changes the order of work only, never the reports.
  public var estimatedCost: Int

  public init(
    id: String, category: String? = nil, file: String, appearances: [Appearance]? = nil,
    estimatedCost: Int = 0,
    load: @escaping @Sendable () throws -> (image: RGBImage, hadTransparency: Bool)
  ) {
    self.id = id
    self.category = category
    self.file = file
    self.appearances = appearances
    self.estimatedCost = estimatedCost
    self.load = load
  }
}

/// An input that could not be audited.
public struct InputError: Sendable, Hashable, Codable {
  public var input: String
  public var message: String
  /// Its class (a rule of category `.input`); nil when read back from a report.
  public var rule: Rule?

  public init(input: String, message: String) {
    self.input = input
    self.message = message
  }
}

/// Everything an audit found, in a stable order.
public struct AuditOutcome: Sendable {
  /// Every check, as columns (``CheckColumns``).
  public var results: CheckColumns
  public var findings: [Finding]
  public var errors: [InputError]
  /// Scenes (layout x wallpaper x appearance x mode) evaluated.
  public var scenes: Int
  /// Distinct blurs computed and blurs the scenes asked for.
  public var blursComputed: Int
  public var blursRequested: Int
  /// Pictures of scenes with a failure, when a previewer was given, in scene order.
  public var previews: [ScenePreview] = []
  /// The remedy searches behind the results' remedies (for merging shards).
  public var remedySearch = RemedyAccumulator()

  public init(
    results: CheckColumns, findings: [Finding], errors: [InputError], scenes: Int,
    blursComputed: Int = 0, blursRequested: Int = 0, previews: [ScenePreview] = [],
    remedySearch: RemedyAccumulator = RemedyAccumulator()
  ) {
    self.results = results
    self.findings = findings
    self.errors = errors
    self.scenes = scenes
    self.blursComputed = blursComputed
    self.blursRequested = blursRequested
    self.previews = previews
    self.remedySearch = remedySearch
  }

  /// An outcome of checks given as rows (held as columns).
  public init(
    results: [CheckResult], findings: [Finding], errors: [InputError], scenes: Int,
    blursComputed: Int = 0, blursRequested: Int = 0, previews: [ScenePreview] = [],
    remedySearch: RemedyAccumulator = RemedyAccumulator()
  ) {
    self.init(
      results: CheckColumns(results), findings: findings, errors: errors, scenes: scenes,
      blursComputed: blursComputed, blursRequested: blursRequested, previews: previews,
      remedySearch: remedySearch)
  }

  /// Puts the outcome in the form its reports carry: each failing check
  /// given its group's remedy from the searches (known only once every scene
  /// of the group is in), and everything in report order. The results come
  /// complete and rounded from `Judging/ResultAssembly` (a shard's, read
  /// back, as written). Only ``AuditPipeline/finish(_:_:)`` calls it, for a
  /// run and for a merge of shard reports alike, so a merge reproduces a
  /// single run byte for byte.
  mutating func finalize() {
    // One boxed remedy per group, shared by the group's failing checks.
    let remedyByGroup = remedySearch.remedies().mapValues { CheckResult.RemedyBox($0.quantized) }
    // A check's group is named by its item, appearance, mode and profile:
    // found once per shared item place and those, not spelled out for
    // every failing check.
    struct GroupOf: Hashable {
      var place: ObjectIdentifier
      var appearance: Appearance
      var mode: AccessibilityMode
      var profile: String
    }
    var remedyOf: [GroupOf: CheckResult.RemedyBox?] = [:]
    // (Only the remedy column is written.)
    for i in results.indices {
      guard results.verdicts[i] == .fail else {
        results.setRemedy(nil, at: i)
        continue
      }
      let r = results[i]
      let pair = GroupOf(
        place: results.placeIdentity(at: i), appearance: r.appearance, mode: r.mode,
        profile: r.profile)
      if let box = remedyOf[pair] {
        results.setRemedy(box, at: i)
      } else {
        let box = remedyByGroup[RemedyAccumulator.key(r)]
        results.setRemedy(box, at: i)
        remedyOf[pair] = box
      }
    }
    results.sortInReportOrder()
    findings = Array(Set(findings)).sorted(by: Finding.reportOrder)
    errors = Array(Set(errors)).sorted { ($0.input, $0.message) < ($1.input, $1.message) }
    previews.sort { $0.key < $1.key }
  }
}

/// Audits layouts x wallpapers x appearances x modes x Liquid Glass settings
/// x profiles, spread over workers; ``AuditPipeline`` finishes what it returns.
struct Auditor: Sendable {
  /// The profiles every scene is judged under (at least one), in run order.
  var profiles: [Profile]
  /// Their provenance, indexed for the trust of each verdict.
  var trustIndexes: [TrustIndex]
  var settings: AuditSettings
  var layouts: [Layout]
  /// Design-system targets of `glass-audit.yml` (each layout's own laid over them).
  var targets = ContrastTargets()
  /// Wallpapers audited in parallel, each by one worker (1 = serial).
  var jobs: Int
  /// Draws scenes that have a failing check (for the HTML report); nil for none.
  var previewer: (@Sendable (SceneSnapshot) -> DrawnScene?)?
  /// At most this many scenes are drawn: the worst (lowest judged ratio /
  /// threshold of a failing check, then scene order), chosen after the audit;
  /// only their wallpapers are decoded again to draw them.
  var previewLimit = 0
  /// The elements (`layout/element`) whose failing checks are given the
  /// remedy search; nil: every one (`fix` re-audits its trials with it only
  /// where it reads their remedies).
  var remedyElements: Set<String>?
  /// Per layout id, the appearances it is audited in (nil, or a layout
  /// not named: the run's): `fix` re-audits a change only where it draws.
  var layoutAppearances: [String: Set<Appearance>]?
  /// What this audit shares with others of the same wallpapers
  /// (``AuditCache``); nil for none.
  var cache: AuditCache?
  /// Per layout id, the columns of scenes it is not audited in (`fix`'s
  /// trials where they draw as the run stands).
  var skippedScenes: [String: Set<SceneColumn>]?
  /// Whether checks that their bounds pass on any wallpaper are proved, not
  /// measured (``AuditRequest/provesPassingByBounds``).
  var provesPassingByBounds = false

  init(profiles: [Profile], settings: AuditSettings, layouts: [Layout], jobs: Int = 1) {
    self.profiles = profiles
    self.trustIndexes = profiles.map(TrustIndex.init)
    self.settings = settings
    self.layouts = layouts
    self.jobs = Swift.max(1, jobs)
  }

  /// Audits every wallpaper. `progress` is called after each wallpaper with
  /// the number done (from any thread). One bad wallpaper is recorded in
  /// `errors` and never stops the others. The outcome is not finished:
  /// ``AuditOutcome/finalize()`` puts it in report form.
  func run(
    wallpapers: [WallpaperInput], progress: (@Sendable (Int) -> Void)? = nil
  ) -> AuditOutcome {
    let state = AuditState(expectedParts: wallpapers.count)
    // (With a cache shared with other audits, its bounds are prefilled by
    // the first; the next compute those they ask for that are not held.)
    let bounds = cache?.bounds ?? BoundsCache()
    if cache?.takeBoundsPrefill() ?? true {
      bounds.prefill(
        layouts: layouts, profiles: profiles, settings: settings, workers: Swift.max(1, jobs))
    }
    let masks = cache?.masks ?? MaskCache()
    let next = AtomicCounter()
    let done = AtomicCounter()
    let workers = Swift.min(jobs, Swift.max(1, wallpapers.count))
    // Longest first (then input order), so the last wallpapers are short ones.
    let queue = wallpapers.indices.sorted {
      wallpapers[$0].estimatedCost != wallpapers[$1].estimatedCost
        ? wallpapers[$0].estimatedCost > wallpapers[$1].estimatedCost : $0 < $1
    }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      let places = ItemPlaces()
      while true {
        let position = next.increment() - 1
        guard position < queue.count else { return }
        // The last `workers` wallpapers are measured in lanes (their
        // modes at once), so that the run's end keeps every core busy.
        let partial = audit(
          wallpapers[queue[position]], bounds: bounds, masks: masks, places: places,
          lanes: position >= queue.count - workers ? workers : 1)
        state.add(partial)
        progress?(done.increment())
      }
    }
    // The severities first: taking the outcome lets go of each wallpaper's part.
    let severities = previewer == nil ? [] : state.sceneSeverities()
    let drawnAt = previewer == nil ? [:] : state.drawnAt()
    var outcome = state.outcome()
    if let previewer {
      outcome.previews = drawWorstScenes(
        severities, drawnAt: drawnAt, checks: outcome.results, wallpapers: wallpapers,
        previewer: previewer, masks: masks)
    }
    return outcome
  }

  /// Draws the `previewLimit` worst scenes allotted per layout
  /// (`ScenePreviewRenderer.allot`: each layout's worst scene first), decoding again only the
  /// wallpapers they show, and PNG-encodes them; in scene order. Each is
  /// drawn with its checks among `checks` (the audit's, complete).
  func drawWorstScenes(
    _ severities: [(severity: Double, key: SceneKey)],
    drawnAt: [SceneKey: TextSetting] = [:], checks: CheckColumns,
    wallpapers: [WallpaperInput],
    previewer: @escaping @Sendable (SceneSnapshot) -> DrawnScene?, masks: MaskCache
  ) -> [ScenePreview] {
    let photos = Set(
      wallpapers.filter { ScenePreviewRenderer.isPhoto(category: $0.category) }.map(\.id))
    let selected = ScenePreviewRenderer.allot(
      severities, limit: previewLimit, preferred: { photos.contains($0.wallpaper) })
    var grouped: [String: [SceneKey]] = [:]
    for key in selected { grouped[key.wallpaper, default: []].append(key) }
    let byWallpaper = grouped
    let wanted = Set(selected)
    var ofScene: [SceneKey: [CheckResult]] = [:]
    for r in checks {
      let key = SceneKey(r)
      if wanted.contains(key) { ofScene[key, default: []].append(r) }
    }
    let sceneChecks = ofScene
    // The wallpapers with the most scenes to draw first (then input
    // order), so the last to end is a short one; the scenes are sorted after.
    let targets = wallpapers.filter { byWallpaper[$0.id] != nil }.enumerated().sorted {
      let (a, b) = (byWallpaper[$0.element.id]!.count, byWallpaper[$1.element.id]!.count)
      return a != b ? a > b : $0.offset < $1.offset
    }.map(\.element)
    let drawn = targets.parallelMap(workers: jobs) { w in
      draw(
        w, scenes: byWallpaper[w.id]!, checks: sceneChecks, drawnAt: drawnAt,
        previewer: previewer, masks: masks)
    }.joined().sorted { $0.key < $1.key }
    return drawn.parallelMap(workers: jobs) {
      var p = $0.encoded()
      p?.photo = photos.contains($0.key.wallpaper)
      return p
    }.compactMap { $0 }
  }

  /// The wallpaper placed on `canvas`, once per canvas size; its blurs are
  /// shared among `jobs` threads. With the audit's ``AuditCache``, the
  /// placed wallpaper is taken from it when held (`image` may then be nil:
  /// not decoded) and kept in it when made.
  func placed(
    _ image: RGBImage?, id: String, on canvas: Canvas, cache: inout [Canvas: WallpaperCanvas],
    masks: MaskCache, hadTransparency: Bool = false
  ) -> WallpaperCanvas {
    if let c = cache[canvas] { return c }
    let placed: RGBImage
    if let kept = self.cache?.placed(id, on: canvas) {
      placed = kept
    } else {
      guard let image else { preconditionFailure("wallpaper '\(id)' neither decoded nor held") }
      placed = Placement.aspectFill(
        image, canvasWidth: canvas.widthInPixels, canvasHeight: canvas.heightInPixels)
      self.cache?.keep(placed, wallpaper: id, on: canvas, hadTransparency: hadTransparency)
    }
    let c = WallpaperCanvas(
      wallpaperID: id, image: placed, canvas: canvas, sharedMasks: masks,
      blurWorkers: jobs)
    cache[canvas] = c
    return c
  }

  /// Draws some scenes of one wallpaper from the audit's `checks` of them.
  func draw(
    _ wallpaper: WallpaperInput, scenes: [SceneKey], checks: [SceneKey: [CheckResult]],
    drawnAt: [SceneKey: TextSetting] = [:],
    previewer: @Sendable (SceneSnapshot) -> DrawnScene?, masks: MaskCache
  ) -> [DrawnScene] {
    guard let decoded = try? wallpaper.load() else { return [] }
    var canvases: [Canvas: WallpaperCanvas] = [:]
    var out: [DrawnScene] = []
    // A layout's scenes under one profile drawn together, on canvases that
    // let go of their blurs after them and of each scene's mixtures after
    // it: they blur whole elements, and a canvas keeping every scene's
    // blurs and mixtures held about 200 MB per worker (the run's peak went
    // from 0.99 to 0.72 GB). A Gaussian is kept while the layout's scenes
    // are drawn (its other Liquid Glass settings and modes read it again);
    // the wallpaper is placed once. (The scenes are put in order after.)
    let ordered = scenes.enumerated().sorted {
      let (a, b) = ($0.element, $1.element)
      return (a.layout, a.profile) != (b.layout, b.profile)
        ? (a.layout, a.profile) < (b.layout, b.profile) : $0.offset < $1.offset
    }.map(\.element)
    var previous: SceneKey?
    for key in ordered {
      guard let layout = layouts.first(where: { $0.id == key.layout }),
        let profile = profiles.first(where: { $0.name == key.profile })
      else { continue }
      if let p = previous {
        let sameGroup = (p.layout, p.profile) == (key.layout, key.profile)
        for c in canvases.values { c.releaseBlurs { sameGroup && $0.sigma != nil } }
      }
      previous = key
      let canvas = placed(
        decoded.image, id: wallpaper.id, on: layout.canvas, cache: &canvases, masks: masks)
      // The audit's checks of the scene, at the setting it is drawn at when
      // the audit named it (a run that sweeps text settings: its worst
      // check's), not measured again; the pixels of the failing ones
      // collected again for the heatmap.
      let setting = drawnAt[key]
      let scene = (checks[key] ?? []).filter { setting == nil || $0.textSetting == setting }
      let measured = SceneEvaluator.drawn(
        scene, layout: layout, canvas: canvas, key: key, profile: profile, settings: settings,
        targets: targets)
      let snapshot = SceneSnapshot.drawing(
        worstOf: measured, key: key, layout: layout, profile: profile, canvas: canvas)
      if let d = previewer(snapshot) { out.append(d) }
    }
    return out
  }

  /// Audits one wallpaper over every layout.
  func audit(
    _ wallpaper: WallpaperInput, bounds: BoundsCache, masks: MaskCache,
    places: ItemPlaces = ItemPlaces(), lanes: Int = 1
  ) -> PartialOutcome {
    var partial = PartialOutcome()
    // The layouts whose canvas can be drawn (the others' errors reported
    // once the wallpaper is known to decode).
    var drawable: [Layout] = []
    var canvasErrors: [InputError] = []
    for layout in layouts {
      let c = layout.canvas
      guard c.widthInPixels >= 1, c.heightInPixels >= 1,
        c.widthInPixels <= Canvas.maximumSideInPixels,
        c.heightInPixels <= Canvas.maximumSideInPixels,
        c.widthInPixels * c.heightInPixels <= Canvas.maximumPixels
      else {
        canvasErrors.append(
          InputError(
            .inputCanvas, input: layout.file,
            message:
              "canvas of \(c.widthInPixels) x \(c.heightInPixels) px is outside 1 to "
              + "\(Canvas.maximumSideInPixels) px a side and \(Canvas.maximumPixels) pixels"))
        continue
      }
      drawable.append(layout)
    }
    // Decoded only when the cache does not hold it placed on every canvas.
    let decoded: (image: RGBImage?, hadTransparency: Bool)
    if let held = cache?.placed(wallpaper.id, on: Set(drawable.map(\.canvas))) {
      decoded = (nil, held.hadTransparency)
    } else {
      do {
        let d = try wallpaper.load()
        decoded = (d.image, d.hadTransparency)
      } catch {
        partial.errors.append(InputError(.inputPNG, input: wallpaper.file, message: "\(error)"))
        return partial
      }
    }
    if decoded.hadTransparency {
      partial.findings.append(
        Finding(
          rule: .transparentWallpaper, wallpaper: wallpaper.id,
          message:
            "wallpaper '\(wallpaper.id)' has translucent pixels; they were flattened over black",
          file: wallpaper.file))
    }
    let appearances = settings.appearances.filter { wallpaper.appearances?.contains($0) ?? true }
    partial.errors += canvasErrors
    let image = decoded.image
    let hadTransparency = decoded.hadTransparency
    let toAudit = drawable
    /// The scenes of `modes` on `layoutsToAudit`, with their remedies. A
    /// lane places the wallpaper and computes its blurs on canvases of its
    /// own (a ``WallpaperCanvas`` is one thread's; planned blurs are the
    /// same bits however they are shared).
    @Sendable func lane(
      _ modes: [AccessibilityMode], layouts layoutsToAudit: [Layout], places: ItemPlaces
    ) -> PartialOutcome {
      var partial = PartialOutcome()
      var remedies = RemedyAccumulator()
      var assembly = ResultAssembly(bounds: bounds, places: places, statistic: settings.statistic)
      // A run of several profiles takes them one at a time, each on
      // canvases of its own: their blurs (one field per radius, held while
      // the canvas lives) are never all held at once, so a profile sweep
      // peaks at about one profile's memory. (The checks are sorted into
      // report order after, so the order they are made in is not seen.)
      let profileGroups =
        profiles.count > 1
        ? zip(profiles, trustIndexes).map { [$0] } : [Array(zip(profiles, trustIndexes))]
      for group in profileGroups {
        var canvases: [Canvas: WallpaperCanvas] = [:]
        // Per canvas, the last layout that reads each blur (from the reads
        // that plan it, made when the canvas is first placed): a layout's
        // Gaussians and mixtures that no later layout reads are let go of
        // once it is measured, so that a canvas does not hold every
        // layout's blurred items until the wallpaper ends (with every text
        // size, larger items: about 70 MB of the full sweep's peak).
        // Whatever is asked again is made again, the same bits.
        var lastReader: [Canvas: [WallpaperCanvas.BlurRead: Int]] = [:]
        for (index, layout) in layoutsToAudit.enumerated() {
          let canvas = placed(
            image, id: wallpaper.id, on: layout.canvas, cache: &canvases, masks: masks,
            hadTransparency: hadTransparency)
          if lastReader[layout.canvas] == nil {
            var requests: [(rect: PixelRect, sigma: Double)] = []
            var last: [WallpaperCanvas.BlurRead: Int] = [:]
            for (i, l) in layoutsToAudit.enumerated() where l.canvas == layout.canvas {
              for r in blurRequests(
                of: l, on: canvas, appearances: appearances, profiles: group.map(\.0),
                bounds: bounds)
              {
                requests.append(r)
                last[.init(rect: r.rect, sigma: r.sigma)] = i
                last[.init(rect: r.rect, sigma: nil)] = i
              }
            }
            canvas.planBlurs(requests)
            lastReader[layout.canvas] = last
          }
          defer {
            let last = lastReader[layout.canvas]!
            canvas.releaseBlurs { (last[$0] ?? -1) > index }
          }
          // Mode outside; profile, setting and appearance inside: the scenes
          // of a mode usually share each item's pixels (the same blur and
          // border: standard materials in every setting and profile, glass in
          // both appearances), and the cache keeps them for just that long.
          for mode in modes {
            let samples = SampleCache(places: places)
            for (profile, trust) in group {
              for liquidGlass in settings.liquidGlassSettings(
                for: mode, hasLiquidGlass: profile.hasLiquidGlass)
              {
                for appearance in appearances
                where audits(layout, appearance: appearance, mode: mode, profile: profile) {
                  partial.scenes += 1
                  let measured = SceneEvaluator.measure(
                    layout: layout, canvas: canvas, appearance: appearance, mode: mode,
                    liquidGlass: liquidGlass, profile: profile, settings: settings, trust: trust,
                    cache: samples, targets: targets, blurWhereRead: true,
                    proving: provesPassingByBounds ? bounds : nil)
                  if let severity = measured.lazy.filter({ $0.result.verdict == .fail })
                    .map({ $0.result.judgedRatio / $0.result.threshold }).min()
                  {
                    let key = SceneKey(
                      layout: layout.id, wallpaper: wallpaper.id, appearance: appearance,
                      mode: mode, liquidGlass: liquidGlass, profile: profile.name)
                    partial.severities.append((severity, key))
                    // A run that sweeps text settings draws a scene at the one
                    // of its worst check: known now, so that drawing it
                    // measures that setting alone.
                    if settings.sweepsTextSettings,
                      let worst = SceneSnapshot.worstTextSetting(
                        measured.map(\.result))
                    {
                      partial.drawnAt[key] = worst
                    }
                  }
                  // Each result made complete once (Judging/ResultAssembly):
                  // its bounds and shared look, as the remedy search reads it,
                  // then rounded as the report carries it.
                  var scene = ResultAssembly.Scene()
                  for var m in measured {
                    assembly.share(&m, in: &scene)
                    if remedyElements?.contains(layout.id + "/" + m.result.element) ?? true {
                      remedies.add(
                        m,
                        in: RemedyScene(
                          layout: layout, canvas: canvas, profile: profile, settings: settings,
                          cache: samples))
                    }
                    partial.results.append(assembly.complete(m.result))
                  }
                }
              }
            }
          }
        }
        for c in canvases.values {
          partial.blursComputed += c.blursComputed
          partial.blursRequested += c.blursRequested
        }
      }
      partial.remedies = remedies
      return partial
    }
    // The last wallpapers of a run are split into lanes, measured at once,
    // so no core waits while one wallpaper ends alone; the lanes' parts are
    // joined as the parts of wallpapers are (their remedies by the
    // accumulator's merge, which does not depend on order; the checks
    // sorted below). Lanes of layouts where there are several: each lane
    // blurs only its own layouts' elements, and layouts that draw the same
    // shapes on one canvas (a fix round's trials of one element, which
    // share its blurs) go to one lane. (Lanes of modes blur the same
    // elements each: every mode but Reduce Transparency reads the glass's
    // blur, so each lane made all of them again.) Else lanes of modes.
    var work: [(modes: [AccessibilityMode], layouts: [Layout])] = []
    let bundles = lanes > 1 ? Self.bundles(of: toAudit) : []
    if bundles.count > 1 {
      // A bundle costs its layouts' items.
      let cost = bundles.map { b in
        b.map { toAudit[$0].elements.map(\.content.count).reduce(0, +) }.reduce(0, +)
      }
      // (Each lane's layouts in input order, as one lane takes them.)
      work = Self.balanced(cost, into: Swift.min(lanes, bundles.count)).map { group in
        (settings.modes, group.flatMap { bundles[$0] }.sorted().map { toAudit[$0] })
      }
    } else if lanes > 1, settings.modes.count > 1 {
      // A mode costs its Liquid Glass settings (the reduce-transparency
      // modes run once).
      let cost = settings.modes.map {
        settings.liquidGlassSettings(for: $0, hasLiquidGlass: true).count
      }
      work = Self.balanced(cost, into: Swift.min(lanes, settings.modes.count)).map { group in
        (group.map { settings.modes[$0] }, toAudit)
      }
    }
    if work.isEmpty {
      partial.join(lane(settings.modes, layouts: toAudit, places: places))
    } else {
      let parts = work.parallelMap(workers: work.count) {
        lane($0.modes, layouts: $0.layouts, places: ItemPlaces())
      }
      for part in parts { partial.join(part) }
    }
    // In report order already, on this worker: the final sort (a stable
    // merge sort that takes sorted runs as they are) then merges one run
    // per wallpaper instead of sorting every check; its order is the same.
    partial.results.sortInReportOrder()
    return partial
  }
}

extension Auditor {
  /// Whether `layout` is audited in this column of scenes: in its
  /// appearances (``layoutAppearances``) and not skipped
  /// (``skippedScenes``).
  func audits(
    _ layout: Layout, appearance: Appearance, mode: AccessibilityMode, profile: Profile
  ) -> Bool {
    (layoutAppearances?[layout.id]?.contains(appearance) ?? true)
      && !(skippedScenes?[layout.id]?.contains(
        SceneColumn(appearance: appearance, mode: mode, profile: profile.name)) ?? false)
  }

  /// Every blur `layout` will ask of `canvas`, in every profile, mode,
  /// setting and appearance (for ``WallpaperCanvas/planBlurs(_:)``): each
  /// element's over the part of it its items read, as ``SceneEvaluator``
  /// asks.
  func blurRequests(
    of layout: Layout, on canvas: WallpaperCanvas, appearances: [Appearance],
    profiles: [Profile], bounds: BoundsCache
  ) -> [(rect: PixelRect, sigma: Double)] {
    var out: [(rect: PixelRect, sigma: Double)] = []
    let whole = PixelRect(x: 0, y: 0, width: canvas.image.width, height: canvas.image.height)
    for profile in profiles {
      for (mode, liquidGlass) in settings.modeColumns {
        for appearance in appearances
        where audits(layout, appearance: appearance, mode: mode, profile: profile) {
          // (Not the scenes not audited, nor an element whose items its
          // bounds prove: neither reads a blur.)
          for (element, rendering) in profile.renderedElements(
            of: layout, appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue)
          where !provesPassingByBounds
            || !SceneEvaluator.isProved(
              element, rendering: rendering, layout: layout, canvas: canvas,
              appearance: appearance, mode: mode, profile: profile, settings: settings,
              targets: targets, bounds: bounds)
          {
            out += canvas.blurRequests(
              of: element, rendering: rendering,
              within: SceneEvaluator.itemsRect(
                of: element, profile: profile, settings: settings,
                scale: layout.canvas.scale, on: whole))
          }
        }
      }
    }
    return out
  }
}

/// What one wallpaper's audit contributes.
struct PartialOutcome: Sendable {
  var results = CheckColumns()
  var findings: [Finding] = []
  var errors: [InputError] = []
  var scenes = 0
  var blursComputed = 0
  var blursRequested = 0
  var remedies = RemedyAccumulator()
  /// Per scene with a failing check: its lowest judged ratio / threshold.
  var severities: [(severity: Double, key: SceneKey)] = []
  /// In a run that sweeps text settings, per scene with a failing check:
  /// the text setting of its worst check, the one its preview draws.
  var drawnAt: [SceneKey: TextSetting] = [:]

  /// Takes in the scenes another lane of the same wallpaper measured.
  mutating func join(_ o: PartialOutcome) {
    results += o.results
    findings += o.findings
    errors += o.errors
    scenes += o.scenes
    blursComputed += o.blursComputed
    blursRequested += o.blursRequested
    remedies.merge(o.remedies)
    severities += o.severities
    drawnAt.merge(o.drawnAt) { a, _ in a }
  }
}

final class AuditState: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [PartialOutcome] = []
  /// The checks of every part taken in so far (in the order the parts came;
  /// ``AuditOutcome/finalize()`` sorts them): gathered as each
  /// wallpaper ends, so they are never held twice.
  private var results = CheckColumns()
  private var remedies = RemedyAccumulator()
  private let expectedParts: Int

  init(expectedParts: Int = 1) { self.expectedParts = Swift.max(1, expectedParts) }

  func add(_ p: PartialOutcome) {
    var p = p
    lock.lock()
    if results.isEmpty {
      // Room for every wallpaper's checks at the first one's count, so the
      // array seldom grows (a growth copies it).
      results.reserveCapacity(p.results.count * expectedParts)
    }
    results += p.results
    p.results = CheckColumns()
    // The remedy searches too: a wallpaper's groups hold every candidate
    // fix of its failing items, tens of megabytes at a team's scale.
    remedies.merge(p.remedies)
    p.remedies = RemedyAccumulator()
    parts.append(p)
    lock.unlock()
  }

  func sceneSeverities() -> [(severity: Double, key: SceneKey)] {
    lock.lock()
    defer { lock.unlock() }
    return parts.flatMap(\.severities)
  }

  /// The text setting each failing scene is drawn at (a swept run's).
  func drawnAt() -> [SceneKey: TextSetting] {
    lock.lock()
    defer { lock.unlock() }
    return parts.reduce(into: [:]) { $0.merge($1.drawnAt) { a, _ in a } }
  }

  /// The audit's outcome, once: each part is let go of as it is taken in.
  func outcome() -> AuditOutcome {
    lock.lock()
    defer { lock.unlock() }
    var findings: [Finding] = []
    var errors: [InputError] = []
    var scenes = 0
    var computed = 0
    var requested = 0
    parts.reverse()
    while let p = parts.popLast() {
      findings += p.findings
      errors += p.errors
      scenes += p.scenes
      computed += p.blursComputed
      requested += p.blursRequested
    }
    let taken = results
    results = []
    let searches = remedies
    remedies = RemedyAccumulator()
    return AuditOutcome(
      results: taken, findings: findings, errors: errors, scenes: scenes,
      blursComputed: computed, blursRequested: requested, remedySearch: searches)
  }
}

extension CheckResult {
  /// The report order: layout, wallpaper, appearance, mode, Liquid Glass
  /// setting, profile, text size, Bold Text (off first), then the element and item order of the layout file
  /// (by line).
  public static func reportOrder(_ a: CheckResult, _ b: CheckResult) -> Bool {
    if a.layout != b.layout { return a.layout < b.layout }
    if a.scene !== b.scene, let o = SceneFields.order(a.scene.fields, b.scene.fields) { return o }
    if a.line != b.line { return a.line < b.line }
    return (a.element, a.item) < (b.element, b.item)
  }
}

extension CheckResult.SceneFields {
  /// Whether `a` comes before `b` in the report order (wallpaper,
  /// appearance, mode, Liquid Glass setting, profile, text size, Bold Text
  /// off first); nil when neither does.
  static func order(_ a: Self, _ b: Self) -> Bool? {
    if a.wallpaper != b.wallpaper { return a.wallpaper < b.wallpaper }
    if a.appearance != b.appearance { return a.appearance < b.appearance }
    if a.mode != b.mode { return a.mode < b.mode }
    if a.liquidGlass != b.liquidGlass {
      return LiquidGlassSetting.precedes(a.liquidGlass, b.liquidGlass)
    }
    if a.profile != b.profile { return a.profile < b.profile }
    if a.textSetting != b.textSetting { return a.textSetting < b.textSetting }
    return nil
  }
}

extension Finding {
  /// A stable order for reports.
  public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
    let ka = [
      a.rule.id, a.layout ?? "", a.wallpaper ?? "", a.element ?? "", a.item ?? "", a.message,
    ]
    let kb = [
      b.rule.id, b.layout ?? "", b.wallpaper ?? "", b.element ?? "", b.item ?? "", b.message,
    ]
    return ka.lexicographicallyPrecedes(kb)
  }
}

final class AtomicCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// Adds one and returns the new value.
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
