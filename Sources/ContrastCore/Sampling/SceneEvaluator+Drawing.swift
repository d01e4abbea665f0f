extension SceneEvaluator {
  /// The measurements a preview draws of one scene, from the audit's own
  /// `checks` of it (complete, as the reports carry them, at one text
  /// setting): nothing is measured or judged again. Each check is given its
  /// item's rendering, colour, ink, requirement and pixel rectangle, and a
  /// check that fails as its judged ratio stands
  /// (``CheckResult/verdictBeforeReview``) its pixels, collected again (the
  /// audit does not keep them), for the heatmap, which takes their ratios.
  /// In layout order, as ``measure(layout:canvas:appearance:mode:liquidGlass:profile:settings:trust:cache:targets:blurWhereRead:)``
  /// makes them; a check whose item the layout no longer draws is left out.
  static func drawn(
    _ checks: [CheckResult], layout: Layout, canvas: WallpaperCanvas, key: SceneKey,
    profile: Profile, settings: AuditSettings, targets: ContrastTargets
  ) -> [ItemMeasurement] {
    var byItem: [String: [CheckResult]] = [:]
    for r in checks { byItem[r.element + "\u{1F}" + r.item, default: []].append(r) }
    let image = canvas.image
    let canvasRect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    let layoutTargets = targets.overlaid(with: layout.targets)
    var out: [ItemMeasurement] = []
    for (element, rendering) in profile.renderedElements(
      of: layout, appearance: key.appearance, mode: key.mode,
      liquidGlass: key.liquidGlass.modelValue)
    {
      // The whole element's blur: the preview draws all of it.
      lazy var source = canvas.backdrop(of: element, rendering: rendering)
      for item in element.content {
        guard let found = byItem[element.id + "\u{1F}" + item.id],
          let color = profile.color(of: item, appearance: key.appearance, mode: key.mode)
        else { continue }
        let ink = profile.vibrantInk(
          of: item, color: color, rendering: rendering, appearance: key.appearance,
          mode: key.mode)
        for r in found {
          guard
            let v = variants(
              of: item, in: element, profile: profile, settings: settings.alone(at: r.textSetting),
              targets: layoutTargets, scale: layout.canvas.scale, on: canvasRect
            ).first
          else { continue }
          let samples =
            r.verdictBeforeReview == .fail
            ? collect(rect: v.rect, image: image, mask: source.mask, source: source) : nil
          out.append(
            ItemMeasurement(
              result: r, rendering: rendering, color: color, ink: ink,
              requirement: v.requirement, samples: samples, entryRatios: nil, ratioBuckets: nil,
              pixelRect: v.rect))
        }
      }
    }
    return out
  }
}
