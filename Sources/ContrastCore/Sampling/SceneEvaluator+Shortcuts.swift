/// The items of a scene whose pixels are not collected: those their
/// bounds prove (`fix`'s trials) and those behind an opaque fill or tint
/// whose every pixel has one ratio and passes.
extension SceneEvaluator {
  /// What the bounds prove of an item's pixels in `rect` (SPEC §3.5: every
  /// ratio of them lies in the bounds over the kinds of pixel they are):
  /// the bounds, those kinds, and statistics that stand for the unmeasured
  /// ones (each the bounds' least, the greatest their greatest, no pixel
  /// failing).
  struct Proved {
    var bounds: ContrastBounds
    var kinds: UInt8
    var statistics: ContrastStatistics {
      ContrastStatistics(
        min: bounds.min, p05: bounds.min, p10: bounds.min, median: bounds.min, mean: bounds.min,
        max: bounds.max, failingFraction: 0)
    }
  }

  /// The proof of an item's checks at each of its `variants` (text
  /// settings): the bounds over the kinds of pixel of their union, when
  /// their least ratio passes every variant's threshold with room to spare
  /// (a relative 1e-9 above it), so that no statistic of any of them fails.
  /// Nil when it must be measured: a vibrant item (`ink`), a pixel outside
  /// the shape (the wallpaper itself behind it: no threshold passes over
  /// every colour), a threshold its bounds do not pass.
  static func proof(
    of variants: [Variant], element: Element, rendering: ElementRendering, color: RGBA,
    ink: VibrantInk?, canvas: WallpaperCanvas, bounds: BoundsCache
  ) -> Proved? {
    guard ink == nil, let first = variants.first else { return nil }
    let union = variants.dropFirst().reduce(first.rect) { $0.union($1.rect) }
    guard
      let kinds = canvas.kinds(
        of: element, borderInPixels: rendering.borderWidthInPixels, in: union),
      kinds & 1 == 0
    else { return nil }
    let proved = Proved(
      bounds: bounds.bounds(rendering: rendering, color: color, kinds: kinds), kinds: kinds)
    let passes = variants.allSatisfy { proved.bounds.min >= $0.requirement.threshold * (1 + 1e-9) }
    return passes ? proved : nil
  }

  /// The statistics of an item's checks at each of its `variants` when
  /// every pixel of them lies inside `element`'s shape behind an opaque
  /// fill or tint, where its ratio is one number inside and one under the
  /// border whatever the backdrop (``PixelKernel``'s `constantInside`),
  /// and every pixel passes its threshold: those of the two ratios
  /// weighted by their pixels, as ``ContrastStatistics`` reads them (the
  /// distribution alone), so the pixels are neither collected nor
  /// evaluated. Nil when they must be: a vibrant item, a backdrop that
  /// shows, a pixel outside the shape, a pixel that fails (a failing
  /// check's remedy search reads its pixels, and a preview paints them).
  static func constantStatistics(
    of variants: [Variant], element: Element, rendering: ElementRendering, color: RGBA,
    ink: VibrantInk?, canvas: WallpaperCanvas
  ) -> [(statistics: ContrastStatistics, pixels: Int, kinds: UInt8)]? {
    // (The kernel only where an opaque fill or tint hides the backdrop.)
    guard ink == nil, !variants.isEmpty, PixelKernel.hidesBackdrop(rendering),
      let constant = PixelKernel(rendering: rendering, color: color).constantInside
    else { return nil }
    var out: [(statistics: ContrastStatistics, pixels: Int, kinds: UInt8)] = []
    for v in variants {
      guard
        let counts = canvas.insideCounts(
          of: element, borderInPixels: rendering.borderWidthInPixels, in: v.rect)
      else { return nil }
      let threshold = v.requirement.threshold
      var ratios: [Double] = []
      var weights: [Int] = []
      var kinds: UInt8 = 0
      if counts.inside > 0 {
        guard WCAG.passes(constant.inside, threshold: threshold) else { return nil }
        ratios.append(constant.inside)
        weights.append(counts.inside)
        kinds |= 1 << 1
      }
      if counts.band > 0 {
        guard WCAG.passes(constant.border, threshold: threshold) else { return nil }
        ratios.append(constant.border)
        weights.append(counts.band)
        kinds |= 1 << 2
      }
      out.append(
        (
          ContrastStatistics(ratios: ratios, counts: weights, threshold: threshold),
          counts.inside + counts.band, kinds
        ))
    }
    return out
  }

  /// Whether every item of `element` with a colour in this scene is proved
  /// (``proof(of:element:rendering:color:ink:canvas:bounds:)``): then no
  /// pixel of its backdrop is read, and `Auditor` plans no blur for it.
  static func isProved(
    _ element: Element, rendering: ElementRendering, layout: Layout, canvas: WallpaperCanvas,
    appearance: Appearance, mode: AccessibilityMode, profile: Profile, settings: AuditSettings,
    targets: ContrastTargets, bounds: BoundsCache
  ) -> Bool {
    let canvasRect = PixelRect(x: 0, y: 0, width: canvas.image.width, height: canvas.image.height)
    let layoutTargets = targets.overlaid(with: layout.targets)
    return element.content.allSatisfy { item in
      guard let color = profile.color(of: item, appearance: appearance, mode: mode) else {
        return true
      }
      let variants = Self.variants(
        of: item, in: element, profile: profile, settings: settings, targets: layoutTargets,
        scale: layout.canvas.scale, on: canvasRect)
      if variants.isEmpty { return true }
      let ink = profile.vibrantInk(
        of: item, color: color, rendering: rendering, appearance: appearance, mode: mode)
      return proof(
        of: variants, element: element, rendering: rendering, color: color, ink: ink,
        canvas: canvas, bounds: bounds) != nil
    }
  }
}
