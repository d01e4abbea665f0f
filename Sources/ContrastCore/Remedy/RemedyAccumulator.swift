/// Combines the per-scene remedies of one item (in one appearance and mode)
/// over every wallpaper and Liquid Glass setting where it fails: the remedy
/// must pass in all of them, so it is the largest per-scene minimum (SPEC
/// §3.6). A ratio is kept only for a remedy that exists (infinity once a
/// direction is infeasible), so it never depends on the order of scenes.
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
      + CheckResult.variantParts(liquidGlass: nil, profile: r.profile))
      .joined(separator: "/")
  }

  mutating func add(
    _ m: ItemMeasurement, samples: ItemSamples, statistic: VerdictStatistic, glassFill: RGB
  ) {
    let search = RemedySearch(
      samples: samples, rendering: m.rendering, color: m.color,
      threshold: m.requirement.threshold, statistic: statistic, ratios: m.entryRatios,
      buckets: m.ratioBuckets)
    let k = RemedyAccumulator.key(m.result)
    var g = groups[k] ?? Group(baseColor: m.color)
    if let target = search.alphaTarget(glassFill: glassFill) {
      g.property = target.property
      g.colorHex = target.color.hex
      g.currentAlpha = target.alpha
      // A group no alpha can fix stays so: no need to search again.
      if g.alphaFeasible {
        if let (a, r) = search.minimalAlpha(glassFill: glassFill) {
          g.alpha = Swift.max(g.alpha ?? 0, a)
          g.alphaRatio = Swift.min(g.alphaRatio, r)
        } else {
          g.markAlphaInfeasible()
        }
      }
    } else {
      g.markAlphaInfeasible()
    }
    let backgrounds = g.steps.contains { $0 != nil } ? search.backgroundLuminances() : nil
    for (d, target) in [0.0, 1.0].enumerated() {
      guard let prior = g.steps[d] else { continue }
      if let (s, r) = search.minimalLightnessStep(toward: target, backgrounds: backgrounds) {
        g.steps[d] = Swift.max(prior, s)
        g.colorRatios[d] = Swift.min(g.colorRatios[d], r)
      } else {
        g.steps[d] = nil
        g.colorRatios[d] = .infinity
      }
    }
    groups[k] = g
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

  /// The remedy per group key.
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
      // The nearer of the two directions that pass everywhere.
      var best: (step: Int, direction: Int)?
      for d in 0..<2 {
        if let s = g.steps[d], best == nil || s < best!.step { best = (s, d) }
      }
      if let best {
        let c = RemedySearch.color(
          g.baseColor, lightnessToward: Double(best.direction), by: Double(best.step) / 1000)
        r.color = c.hex
        r.colorRatio = g.colorRatios[best.direction].isFinite ? g.colorRatios[best.direction] : nil
      }
      out[k] = r
    }
    return out
  }
}
