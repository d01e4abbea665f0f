/// Combines the per-scene remedies of one item (in one appearance and mode)
/// over every wallpaper and Liquid Glass setting where it fails: the remedy
/// must pass in all of them (SPEC §3.6). An alpha or a lightness step is the
/// largest per-scene minimum; a named candidate (a thicker material, a
/// semantic colour, large text: ``RemedyCandidate``) survives only if it
/// passed in every scene. A ratio is kept only for a remedy that exists
/// (infinity once one is infeasible), so it never depends on the order of
/// scenes.
///
/// The groups are written into `report.json` (`remedySearch`) so that shard
/// reports can be merged into exactly the remedies of a single run.
public struct RemedyAccumulator: Sendable, Equatable {
  public struct Group: Sendable, Equatable {
    var property: String?
    var colorHex: String?
    var currentAlpha: Double?
    /// Largest per-scene minimal alpha (hundredths); nil once any scene has none.
    var alpha: Int?
    var alphaFeasible = true
    /// Per direction (0 = toward black, 1 = toward white): largest minimal step.
    var steps: [Int?] = [0, 0]
    var baseColor: RGBA
    /// Worst judged ratios with the remedies applied, per scene.
    var alphaRatio = Double.infinity
    var colorRatios: [Double] = [.infinity, .infinity]
    /// The material in use when a thicker one was tried.
    var currentMaterial: String?
    /// The layout key that holds it: nil for `material`, `fallback` where
    /// the scenes draw the element's fallback (a profile before Liquid
    /// Glass), so that a fix changes the fallback alone.
    var materialKey: String?
    /// The named candidates by `kind:name` (`material:thick`,
    /// `color:label`, `largeText:24:regular`).
    var candidates: [String: RemedyCandidate] = [:]

    /// Tries candidate `key` in one more scene (`ratio`: its judged ratio
    /// there when it passes, else nil), unless it already failed in another.
    mutating func `try`(
      _ key: String, value: @autoclosure () -> String = "", rank: Int, ratio: () -> Double?
    ) {
      let prior = candidates[key]
      if let prior, !prior.passes { return }
      let found = ratio()
      // (The value is spelt out only for a candidate still alive.)
      let here = RemedyCandidate(
        passes: found != nil, ratio: found ?? .infinity, value: value(), rank: rank)
      candidates[key] = prior.map { $0.combined(with: here) } ?? here
    }

    /// Joins one scene's least lightness step toward black (0) and toward
    /// white (1), as `find` gives it for a target (nil: none passes), into
    /// the group's: the larger step, the smaller ratio it reaches; a
    /// direction no step serves in some scene is dropped and not searched
    /// again.
    mutating func combineLightnessSteps(_ find: (Double) -> (value: Int, judged: Double)?) {
      for (d, target) in [0.0, 1.0].enumerated() {
        guard let prior = steps[d] else { continue }
        if let (s, r) = find(target) {
          steps[d] = Swift.max(prior, s)
          colorRatios[d] = Swift.min(colorRatios[d], r)
        } else {
          steps[d] = nil
          colorRatios[d] = .infinity
        }
      }
    }

    /// No alpha passes in some scene: none is searched again.
    mutating func markAlphaInfeasible() {
      alphaFeasible = false
      alpha = nil
      alphaRatio = .infinity
    }
  }

  public internal(set) var groups: [String: Group] = [:]

  public init() {}

  init(groups: [String: Group]) {
    self.groups = groups
  }

  /// The group of a check: its layout, element, item, appearance, mode and
  /// (when not the default) profile. One fix must pass in every scene where
  /// the item fails, whatever the wallpaper and whatever Liquid Glass
  /// setting the person chose, so the settings share a group.
  public static func key(_ r: CheckResult) -> String {
    ([r.layout, r.element, r.item, r.appearance.rawValue, r.mode.rawValue]
      + [SceneDimension.profile.identityPart(of: r)].compactMap { $0 })
      .joined(separator: "/")
  }

  /// Adds one failing scene of an item (`m`, with its samples): every kind
  /// of fix is re-run on these pixels, and a kind that failed in an earlier
  /// scene of the group is not tried again.
  mutating func add(_ m: ItemMeasurement, in scene: RemedyScene) {
    guard let samples = m.samples else { return }
    if let forms = scene.profile.vibrancy, m.ink != nil {
      addVibrant(m, samples: samples, forms: forms, in: scene)
      return
    }
    let statistic = scene.settings.statistic
    let threshold = m.requirement.threshold
    // The search and the entries' background luminances are made when a
    // kind of fix still alive in the group first needs them: once every
    // kind has failed in some scene (no fix passes everywhere), a scene
    // costs no pass over its pixels.
    var made: RemedySearch?
    func search() -> RemedySearch {
      if let made { return made }
      let s = RemedySearch(
        samples: samples, rendering: m.rendering, color: m.color,
        threshold: threshold, statistic: statistic, ratios: m.entryRatios,
        buckets: m.ratioBuckets)
      made = s
      return s
    }
    // Every entry's background luminance: shared by the opaque colours
    // (the measurement's, when it made them).
    var luminances = m.backgroundLuminances
    func backgrounds() -> [Double] {
      if let luminances { return luminances }
      let b = PixelKernel(rendering: m.rendering, color: RGBA(.black))
        .backgroundLuminances(samples)
      luminances = b
      return b
    }
    let k = RemedyAccumulator.key(m.result)
    var g = groups[k] ?? Group(baseColor: m.color)
    let tint = RemedySearch.glassTint(for: m.color)
    // A vibrant item drawn in its tint (a mode that draws the tint): its
    // fix is still its tint alone.
    let vibrant = m.result.vibrant
    if !vibrant, let target = RemedySearch.alphaTarget(of: m.rendering, glassFill: tint) {
      g.property = target.property
      g.colorHex = target.color.hex
      g.currentAlpha = target.alpha
      // A group no alpha can fix stays so: no need to search again.
      if g.alphaFeasible {
        if let (a, r) = search().minimalAlpha(glassFill: tint) {
          g.alpha = Swift.max(g.alpha ?? 0, a)
          g.alphaRatio = Swift.min(g.alphaRatio, r)
        } else {
          g.markAlphaInfeasible()
        }
      }
    } else {
      g.markAlphaInfeasible()
    }
    g.combineLightnessSteps { target in
      let steps = m.color.alpha == 1 ? backgrounds() : nil
      return search().minimalLightnessStep(toward: target, backgrounds: steps)
    }
    let named = scene.namedColors(
      nearest: m.color, appearance: m.result.appearance, mode: m.result.mode)
    for (rank, c) in named.enumerated() {
      g.try("color:\(c.name)", value: c.color.hex, rank: rank) {
        // (`passing` reads the luminances only for an opaque colour.)
        search().passing(
          rendering: m.rendering, color: c.color,
          backgrounds: c.color.alpha == 1 ? backgrounds() : nil)
      }
    }
    if !vibrant { addMaterials(m, named: named, in: scene, to: &g) }
    addLargeText(m, in: scene, to: &g)
    groups[k] = g
  }

  /// A vibrant item's failing scene (issue 30): its fix is a tint, the
  /// matrix following it (``VibrantRemedySearch``): a lightness of the tint
  /// toward black or white, or a named colour of the profile, each judged
  /// through its own matrix on every pixel; and large text. No alpha and no
  /// thicker material are offered.
  private mutating func addVibrant(
    _ m: ItemMeasurement, samples: ItemSamples, forms: VibrancyForms, in scene: RemedyScene
  ) {
    let search = VibrantRemedySearch(
      samples: samples, rendering: m.rendering, forms: forms, appearance: m.result.appearance,
      threshold: m.requirement.threshold, statistic: scene.settings.statistic)
    let k = RemedyAccumulator.key(m.result)
    var g = groups[k] ?? Group(baseColor: m.color)
    g.markAlphaInfeasible()
    g.combineLightnessSteps { search.minimalLightnessStep(of: m.color, toward: $0) }
    let named = scene.namedColors(
      nearest: m.color, appearance: m.result.appearance, mode: m.result.mode)
    for (rank, c) in named.enumerated() {
      g.try("color:\(c.name)", value: c.color.hex, rank: rank) { search.passing(tint: c.color) }
    }
    addLargeText(m, in: scene, to: &g)
    groups[k] = g
  }

  /// Thicker materials (``RemedyCandidates/thicker(than:in:)``), each drawn
  /// as the profile draws it in this scene and re-run on the item's pixels
  /// sampled under that material's own blur; alone, and with each of the
  /// `named` colours (`material+color:thick:label`, for when neither change
  /// passes alone). Not tried where the app's override for the mode names
  /// the material or draws its own fill (the element's material does not
  /// show there).
  private func addMaterials(
    _ m: ItemMeasurement, named: [(name: String, color: RGBA)], in scene: RemedyScene,
    to g: inout Group
  ) {
    let profile = scene.profile
    let r = m.result
    guard
      let element = scene.layout.elements.first(where: { $0.id == r.element }),
      profile.effectiveOverride(of: element, mode: r.mode).map({
        $0.material == nil && $0.fill == nil
      }) ?? true
    else { return }
    let thicker = RemedyCandidates.thicker(than: m.rendering.materialName, in: profile)
    guard !thicker.isEmpty else { return }
    g.currentMaterial = m.rendering.materialName
    if element.material != m.rendering.materialName,
      case .material(let f)? = element.fallback, f == m.rendering.materialName
    {
      g.materialKey = "fallback"
    }
    for (rank, name) in thicker.enumerated() {
      let alone = "material:\(name)"
      let combined = named.map { "material+color:\(name):\($0.name)" }
      guard g.alive(alone) || combined.contains(where: g.alive) else { continue }
      var e = element
      e.material = name
      guard
        let rendering = try? profile.rendering(
          of: e, appearance: r.appearance, mode: r.mode, scale: scene.layout.canvas.scale,
          liquidGlass: r.liquidGlass.modelValue)
      else {
        g.try(alone, rank: rank) { nil }
        for (k, key) in combined.enumerated() { g.try(key, rank: rank * 1000 + k) { nil } }
        continue
      }
      // The blur where the element's items read it, as the audit asks.
      let source = scene.canvas.backdrop(
        of: e, rendering: rendering,
        within: SceneEvaluator.itemsRect(
          of: e, profile: profile, settings: scene.settings, scale: scene.layout.canvas.scale,
          on: PixelRect(
            x: 0, y: 0, width: scene.canvas.image.width, height: scene.canvas.image.height)))
      let key = SampleCache.Key(
        element: e.id, item: r.item, rect: m.pixelRect,
        border: rendering.borderWidthInPixels, source: source.identity)
      let collect = {
        SceneEvaluator.collect(
          rect: m.pixelRect, image: scene.canvas.image, mask: source.mask, source: source)
      }
      let pixels = scene.cache?.samples(key, orCollect: collect) ?? collect()
      let alternative = RemedySearch(
        samples: pixels, rendering: rendering, color: m.color,
        threshold: m.requirement.threshold, statistic: scene.settings.statistic)
      g.try(alone, rank: rank) { alternative.passing(rendering: rendering, color: m.color) }
      var backgrounds: [Double]?
      for (k, c) in named.enumerated() {
        g.try(combined[k], value: c.color.hex, rank: rank * 1000 + k) {
          if backgrounds == nil {
            backgrounds = PixelKernel(rendering: rendering, color: RGBA(.black))
              .backgroundLuminances(pixels)
          }
          return alternative.passing(rendering: rendering, color: c.color, backgrounds: backgrounds)
        }
      }
    }
  }

  /// Large text: the least size and weight that make a text item large
  /// under the run's rule (``RemedyCandidates/largeTextProposals(size:weight:limits:)``),
  /// judged by the profile's own requirement of the changed item (its
  /// threshold, the item's own minimum included). The colours and material
  /// stay, so the ratio is the one measured.
  private func addLargeText(_ m: ItemMeasurement, in scene: RemedyScene, to g: inout Group) {
    let profile = scene.profile
    let r = m.result
    guard r.kind == .text, !r.largeText,
      let limits = profile.largeText[scene.settings.largeText],
      let item = scene.layout.elements.first(where: { $0.id == r.element })?
        .content.first(where: { $0.id == r.item })
    else { return }
    let role = profile.textRoles[item.role ?? profile.defaultTextRole]
    guard let size = item.sizeInPoints ?? role?.sizeInPoints,
      let weight = item.weight ?? role?.weight
    else { return }
    let proposals = RemedyCandidates.largeTextProposals(size: size, weight: weight, limits: limits)
    for (rank, p) in proposals.enumerated() {
      var big = item
      big.sizeInPoints = p.size
      big.weight = p.weight
      let requirement = profile.requirement(of: big, settings: scene.settings)
      guard requirement.largeText else { continue }
      g.try(
        "largeText:\(JSONValue.format(p.size)):\(p.weight.rawValue)",
        value: JSONValue.format(requirement.threshold), rank: rank
      ) {
        WCAG.passes(r.judgedRatio, threshold: requirement.threshold) ? r.judgedRatio : nil
      }
    }
  }

  /// Combines another accumulator's groups into this one.
  public mutating func merge(_ other: RemedyAccumulator) {
    for (k, o) in other.groups {
      guard var g = groups[k] else {
        groups[k] = o
        continue
      }
      g.property = g.property ?? o.property
      g.colorHex = g.colorHex ?? o.colorHex
      g.currentAlpha = g.currentAlpha ?? o.currentAlpha
      g.alphaFeasible = g.alphaFeasible && o.alphaFeasible
      g.alpha = g.alphaFeasible ? Swift.max(g.alpha ?? 0, o.alpha ?? 0) : nil
      g.alphaRatio = g.alphaFeasible ? Swift.min(g.alphaRatio, o.alphaRatio) : .infinity
      g.currentMaterial = g.currentMaterial ?? o.currentMaterial
      g.materialKey = g.materialKey ?? o.materialKey
      for (key, c) in o.candidates {
        g.candidates[key] = g.candidates[key].map { $0.combined(with: c) } ?? c
      }
      for d in 0..<2 {
        if let a = g.steps[d], let b = o.steps[d] {
          g.steps[d] = Swift.max(a, b)
          g.colorRatios[d] = Swift.min(g.colorRatios[d], o.colorRatios[d])
        } else {
          g.steps[d] = nil
          g.colorRatios[d] = .infinity
        }
      }
      groups[k] = g
    }
  }

  /// The remedy per group key: per kind, the least change that passes in
  /// every scene of the group.
  public func remedies() -> [String: Remedy] {
    var out: [String: Remedy] = [:]
    for (k, g) in groups {
      var r = Remedy()
      r.alphaProperty = g.property
      r.alphaColor = g.colorHex
      r.currentAlpha = g.currentAlpha
      if g.alphaFeasible, let a = g.alpha {
        r.alpha = Double(a) / 100
        r.alphaRatio = g.alphaRatio.isFinite ? g.alphaRatio : nil
      }
      if let (name, c) = g.best("material:") {
        r.material = name
        r.currentMaterial = g.currentMaterial
        r.materialKey = g.materialKey
        r.materialRatio = c.ratio
      }
      if let (name, c) = g.best("color:") {
        r.colorName = name
        r.color = c.value
        r.colorRatio = c.ratio
      } else {
        // No semantic colour passes: the nearer of the two lightness
        // directions that pass everywhere.
        var best: (step: Int, direction: Int)?
        for d in 0..<2 {
          if let s = g.steps[d], best == nil || s < best!.step { best = (s, d) }
        }
        if let best {
          let c = RemedySearch.color(
            g.baseColor, lightnessToward: Double(best.direction), by: Double(best.step) / 1000)
          r.color = c.hex
          r.colorRatio =
            g.colorRatios[best.direction].isFinite ? g.colorRatios[best.direction] : nil
        }
      }
      if r.material == nil, r.colorName == nil, let (name, c) = g.best("material+color:") {
        let parts = name.split(separator: ":").map(String.init)
        r.combinedMaterial = parts[0]
        r.currentMaterial = g.currentMaterial
        r.materialKey = g.materialKey
        r.combinedColorName = parts.count > 1 ? parts[1] : nil
        r.combinedColor = c.value
        r.combinedRatio = c.ratio
      }
      if let (name, c) = g.best("largeText:") {
        let parts = name.split(separator: ":")
        r.largeTextSize = Double(parts[0])
        r.largeTextWeight = parts.count > 1 ? String(parts[1]) : nil
        r.largeTextThreshold = Double(c.value)
        r.largeTextRatio = c.ratio
      }
      r.tried =
        (g.has("material:") ? ["material"] : []) + (g.property != nil ? ["alpha"] : [])
        + ["color"] + (g.has("largeText:") ? ["largeText"] : [])
      out[k] = r
    }
    return out
  }
}

extension RemedyAccumulator.Group {
  /// The candidate of `kind` (a key prefix) of lowest rank that passes
  /// everywhere, with its name (the key without the prefix).
  func best(_ kind: String) -> (name: String, candidate: RemedyCandidate)? {
    candidates.filter { $0.key.hasPrefix(kind) && $0.value.passes }
      .min { ($0.value.rank, $0.key) < ($1.value.rank, $1.key) }
      .map { (String($0.key.dropFirst(kind.count)), $0.value) }
  }

  /// Whether candidate `key` may still pass (untried, or passing so far).
  func alive(_ key: String) -> Bool {
    candidates[key]?.passes ?? true
  }

  /// Whether any candidate of `kind` was tried.
  func has(_ kind: String) -> Bool {
    candidates.keys.contains { $0.hasPrefix(kind) }
  }
}
