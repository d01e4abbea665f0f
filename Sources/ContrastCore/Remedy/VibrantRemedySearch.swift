/// The fix of a vibrant item (issue 30) in one failing scene: a tint. The
/// matrix follows the tint (``VibrancyForms/matrix(tint:appearance:)``), so
/// each candidate tint is judged by drawing the item through its own
/// matrix on the scene's pixels, every pixel, as the audit judges it (the
/// statistic's value at its rank against the threshold). A thicker
/// material or the glass's tint alpha is not offered: what the matrix
/// does over another glass is not what the source measured (tab bars on
/// regular glass), and the one change an app makes to a vibrant item is its
/// tint. Plain Swift, like every vibrant measurement.
struct VibrantRemedySearch {
  let samples: ItemSamples
  let rendering: ElementRendering
  let forms: VibrancyForms
  let appearance: Appearance
  let threshold: Double
  /// The judged statistic is the pixel value at this 1-based rank.
  let rank: Int

  init(
    samples: ItemSamples, rendering: ElementRendering, forms: VibrancyForms,
    appearance: Appearance, threshold: Double, statistic: VerdictStatistic
  ) {
    self.samples = samples
    self.rendering = rendering
    self.forms = forms
    self.appearance = appearance
    self.threshold = threshold
    let p: Int
    switch statistic {
    case .min: p = 0
    case .p05: p = 5
    case .p10: p = 10
    case .median: p = 50
    }
    rank = Swift.max(1, (p * samples.pixelCount + 99) / 100)
  }

  /// The ink of an item tinted `tint`.
  func ink(_ tint: RGBA) -> VibrantInk {
    VibrantInk(matrix: forms.matrix(tint: tint.rgb, appearance: appearance), alpha: tint.alpha)
  }

  /// The judged statistic (the pixel value at `rank`) with tint `tint`.
  func judged(tint: RGBA) -> Double {
    let ratios = samples.vibrantEntryRatios(rendering: rendering, ink: ink(tint))
    if rank == 1 { return ratios.min() ?? .infinity }
    var seen = 0
    for i in ratios.indices.sorted(by: { (ratios[$0], $0) < (ratios[$1], $1) }) {
      seen += samples.count(at: i)
      if seen >= rank { return ratios[i] }
    }
    return ratios.max() ?? .infinity
  }

  /// The judged ratio with tint `tint` when it passes; nil when it fails.
  func passing(tint: RGBA) -> Double? {
    let j = judged(tint: tint)
    return WCAG.passes(j, threshold: threshold) ? j : nil
  }

  /// The smallest step (thousandths, 0...1000) of `tint` toward black
  /// (`target` 0) or white (1) in lightness that passes, found by
  /// bisection as the other fixes are, and its judged ratio (verified on
  /// every pixel); nil when the end of that direction fails.
  func minimalLightnessStep(of tint: RGBA, toward target: Double) -> (value: Int, judged: Double)? {
    var found: [Int: Double] = [:]
    func ok(_ k: Int) -> Bool {
      let c = RemedySearch.color(tint, lightnessToward: target, by: Double(k) / 1000)
      guard let j = passing(tint: c) else { return false }
      found[k] = j
      return true
    }
    if ok(0) { return (0, found[0]!) }
    guard ok(1000) else { return nil }
    var a = 0
    var b = 1000
    while b - a > 1 {
      let mid = (a + b) / 2
      if ok(mid) { b = mid } else { a = mid }
    }
    return (b, found[b]!)
  }
}
