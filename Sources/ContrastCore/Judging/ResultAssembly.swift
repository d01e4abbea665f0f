/// Where a check's result is made complete, once: its bounds over the RGB
/// cube (SPEC §3.5), its look shared with every check of its item judged
/// alike, and every number rounded as report.json carries it, with the
/// judged ratio taken from the rounded statistics and the verdict `review`
/// where that ratio's interval (``ContrastInterval``) holds the threshold. Nothing after it changes a
/// result but the remedy of its group (known only when every scene of the
/// group is in: `AuditOutcome.finalize`); the baseline's state is a column
/// beside the results (``BaselineColumn``), not a field of them.
///
/// One assembly per lane of the audit: a look is rounded once for every
/// check that shares it.
struct ResultAssembly {
  let bounds: BoundsCache
  let places: ItemPlaces
  let statistic: VerdictStatistic
  /// Each shared look's rounded copy (the shared look is held, so no other
  /// object takes its identity).
  private var rounded: [ObjectIdentifier: (shared: CheckResult.Look, rounded: CheckResult.Look)] =
    [:]

  init(bounds: BoundsCache, places: ItemPlaces, statistic: VerdictStatistic) {
    self.bounds = bounds
    self.places = places
    self.statistic = statistic
  }

  /// The looks of one scene: the checks of one item judged alike come with
  /// one look object, whose bounds and shared object are found once for
  /// them all. (The looks they came with are held, so no other takes their
  /// place.)
  struct Scene {
    fileprivate struct Key: Hashable {
      var look: ObjectIdentifier
      var kinds: UInt8
    }
    fileprivate var looks: [Key: (made: CheckResult.Look, shared: CheckResult.Look)] = [:]
  }

  /// Gives `m`'s result its bounds and its shared look, as the remedy
  /// search reads it (not yet rounded).
  func share(_ m: inout ItemMeasurement, in scene: inout Scene) {
    let made = m.result.look
    // (Per look and kinds of pixel: frames of one look may cover the
    // border band at one text size and not at another.)
    let key = Scene.Key(look: ObjectIdentifier(made), kinds: m.pixelKinds)
    if let known = scene.looks[key] {
      m.result.look = known.shared
    } else {
      m.result.bounds = bounds.bounds(
        rendering: m.rendering, color: m.color, ink: m.ink, kinds: m.pixelKinds)
      places.share(&m.result)
      scene.looks[key] = (made, m.result.look)
    }
  }

  /// `r` (shared by ``share(_:in:)``) as the report carries it: statistics,
  /// bounds and threshold rounded to six decimals, the judged ratio the
  /// statistic's rounded value.
  mutating func complete(_ r: CheckResult) -> CheckResult {
    var r = r
    r.contrast = r.contrast.quantized
    let id = ObjectIdentifier(r.look)
    if let known = rounded[id] {
      r.look = known.rounded
    } else {
      let shared = r.look
      r.bounds = ContrastBounds(min: quantize(r.bounds.min), max: quantize(r.bounds.max))
      r.threshold = quantize(r.threshold)
      rounded[id] = (shared, r.look)
    }
    r.judgedRatio = r.contrast.value(of: statistic)
    r.markReview()
    return r
  }
}

/// `x` rounded to six decimals, the precision of `report.json`.
public func quantize(_ x: Double) -> Double {
  guard x.isFinite else { return x }
  return (x * 1e6).rounded() / 1e6
}

extension ContrastStatistics {
  var quantized: ContrastStatistics {
    ContrastStatistics(
      min: quantize(min), p05: quantize(p05), p10: quantize(p10), median: quantize(median),
      mean: quantize(mean), max: quantize(max), failingFraction: quantize(failingFraction))
  }
}

extension Remedy {
  var quantized: Remedy {
    var r = self
    r.currentAlpha = currentAlpha.map(quantize)
    r.alpha = alpha.map(quantize)
    r.alphaRatio = alphaRatio.map(quantize)
    r.colorRatio = colorRatio.map(quantize)
    r.materialRatio = materialRatio.map(quantize)
    r.largeTextRatio = largeTextRatio.map(quantize)
    r.combinedRatio = combinedRatio.map(quantize)
    return r
  }
}
