/// How one element is drawn in one appearance and mode (SPEC §3.2, §3.3),
/// with every system rule and app override already applied.
public struct ElementRendering: Sendable, Hashable {
  /// What lies under the content inside the element's shape.
  public enum Surface: Sendable, Hashable {
    /// No material: the content sits on the placed wallpaper.
    case wallpaper
    /// A material over the blurred backdrop B = sum_k w_k G_k(W) (SPEC §3.1).
    case material(MaterialPipeline, blur: BlurMixture)
    /// The app draws `fill` instead of the material (then `tint` if the same
    /// override gives one), source-over the wallpaper.
    case appFill(RGBA, tint: RGBA?)
  }

  public var surface: Surface
  /// Under Reduce Transparency the backdrop is the mean of the unblurred
  /// wallpaper inside the shape (materials only).
  public var reducesTransparency: Bool
  /// Border band width in pixels (0 for none), inside the shape's outline.
  public var borderWidthInPixels: Double
  /// The border colour, source-over the background in the band.
  public var borderColor: RGBA
  /// The effective material name (for reports); `none` or `fill` otherwise.
  public var materialName: String

  /// The background over a backdrop colour, inside the shape and off the
  /// border. For `.wallpaper` and `.appFill` the backdrop is the unblurred
  /// wallpaper pixel; for `.material` it is B (or the Reduce Transparency mean).
  @inlinable
  public func background(backdrop: RGB) -> RGB {
    switch surface {
    case .wallpaper:
      return backdrop
    case .material(let pipeline, _):
      return pipeline.apply(backdrop)
    case .appFill(let fill, let tint):
      var c = fill.composited(over: backdrop)
      if let tint { c = tint.composited(over: c) }
      return c.clamped
    }
  }

  /// The background in the border band: the border over the background.
  @inlinable
  public func borderBackground(backdrop: RGB) -> RGB {
    borderColor.composited(over: background(backdrop: backdrop))
  }
}

/// Why an element cannot be rendered (a layout names something the profile
/// lacks). The layout validator reports these first; this guards the engine.
public struct RenderingError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

extension Profile {
  /// The elements of `layout` that can be drawn in `appearance` and `mode`
  /// under Liquid Glass setting `liquidGlass` (default 0.5, the untouched
  /// setting), in layout order, each with its rendering. An element the
  /// profile cannot render is left out (the layout validator reports it first).
  public func renderedElements(
    of layout: Layout, appearance: Appearance, mode: AccessibilityMode, liquidGlass: Double = 0.5
  ) -> [(element: Element, rendering: ElementRendering)] {
    layout.elements.compactMap { element in
      (try? rendering(
        of: element, appearance: appearance, mode: mode, scale: layout.canvas.scale,
        liquidGlass: liquidGlass)).map { (element, $0) }
    }
  }

  /// The colour `item` is drawn in, in `appearance` and `mode` (its Increase
  /// Contrast variant when the mode increases contrast); nil when it has none.
  public func color(
    of item: ContentItem, appearance: Appearance, mode: AccessibilityMode
  ) -> RGBA? {
    resolveColor(item.color, appearance: appearance, increaseContrast: mode.increasesContrast)
  }

  /// The effective override of an element in a mode: for the combined mode the
  /// reduceTransparency override, then increaseContrast's (its keys win), then
  /// the combined mode's own, merged key by key (SPEC §3.3).
  public func effectiveOverride(of element: Element, mode: AccessibilityMode) -> ModeOverride? {
    let chain: [AccessibilityMode]
    switch mode {
    case .normal: chain = [.normal]
    case .reduceTransparency: chain = [.reduceTransparency]
    case .increaseContrast: chain = [.increaseContrast]
    case .reduceTransparencyIncreaseContrast:
      chain = [.reduceTransparency, .increaseContrast, .reduceTransparencyIncreaseContrast]
    }
    var merged: ModeOverride?
    for m in chain {
      guard let o = element.overrides[m] else { continue }
      var r = merged ?? ModeOverride()
      if let v = o.material { r.material = v }
      if let v = o.tint { r.tint = v }
      if let v = o.borderInPoints { r.borderInPoints = v }
      if let v = o.fill { r.fill = v }
      r.line = o.line ?? r.line
      merged = r
    }
    return merged
  }

  /// Resolves how `element` is drawn in `appearance` and `mode` on a canvas of
  /// `scale` pixels per point, under Liquid Glass setting `liquidGlass`
  /// (default 0.5): every curve of the material, its blur's included, is
  /// read once, at the element's short side (min of its frame's width and
  /// height, pt) and that setting.
  ///
  /// System rules first (SPEC §3.3): Increase Contrast makes a glass fill
  /// white (light) / black (dark) with alpha max(fill alpha, minimum), raises
  /// a standard material's plate share to max(a, minimum), and adds a
  /// border; then the app's override replaces `material`, `tint` and
  /// `border`; an override `fill` replaces the material itself, and then only
  /// the same override's tint and border apply.
  public func rendering(
    of element: Element, appearance: Appearance, mode: AccessibilityMode, scale: Double,
    liquidGlass: Double = 0.5
  ) throws(RenderingError) -> ElementRendering {
    let ic = mode.increasesContrast
    let override = effectiveOverride(of: element, mode: mode)
    var materialName = override?.material ?? element.material
    var tintSpec = override?.tint ?? element.tint
    let border = borderColor[appearance]
    var fallbackFill: ColorSpec?
    if override?.fill == nil, materialName != "none", materials[materialName] == nil {
      // A material this release does not have (Liquid Glass before iOS 26):
      // the element's fallback, with the overrides' keys still on top. The
      // element's own tint is glass's `.tint()` and does not carry over.
      guard let fallback = element.fallback else {
        throw RenderingError(
          message:
            "element '\(element.id)': profile '\(name)' has no material '\(materialName)' "
            + "and the element declares no fallback")
      }
      tintSpec = override?.tint
      switch fallback {
      case .material(let m): materialName = m
      case .none: materialName = "none"
      case .fill(let c): fallbackFill = c
      }
    }

    if let fillSpec = override?.fill ?? fallbackFill {
      guard let fill = resolveColor(fillSpec, appearance: appearance, increaseContrast: ic) else {
        throw RenderingError(message: "element '\(element.id)': fill has no \(appearance) colour")
      }
      let tint =
        override?.tint.flatMap {
          resolveColor($0, appearance: appearance, increaseContrast: ic, isTint: true)
        }
      return ElementRendering(
        surface: .appFill(fill, tint: tint), reducesTransparency: false,
        borderWidthInPixels: (override?.borderInPoints ?? 0) * scale, borderColor: border,
        materialName: "fill")
    }

    if materialName == "none" {
      return ElementRendering(
        surface: .wallpaper, reducesTransparency: false, borderWidthInPixels: 0,
        borderColor: border, materialName: "none")
    }
    guard let definition = materials[materialName] else {
      throw RenderingError(
        message: "element '\(element.id)': unknown material '\(materialName)'")
    }
    var p = definition.parameters(for: appearance)
    var fill = p.fill
    if ic {
      switch p.kind {
      case .glass:
        fill = RGBA(
          increaseContrast.glassFill[appearance],
          alpha: max(p.fill?.alpha ?? 0, increaseContrast.minimumFillAlpha))
      case .standard:
        p.plateShare = max(p.plateShare, increaseContrast.minimumPlateShare)
      }
    }
    let tint = resolveColor(
      tintSpec, appearance: appearance, increaseContrast: ic, isTint: true)
    let systemBorder = ic ? increaseContrast.borderInPoints : 0
    let borderPoints = override?.borderInPoints ?? systemBorder
    let shortSide = min(element.frame.width, element.frame.height)
    return ElementRendering(
      surface: .material(
        MaterialPipeline(
          parameters: p, shortSideInPoints: shortSide, liquidGlass: liquidGlass, fill: fill,
          tint: tint),
        blur: p.blur.resolved(
          shortSideInPoints: shortSide, liquidGlass: liquidGlass, scale: scale)),
      reducesTransparency: mode.reducesTransparency, borderWidthInPixels: borderPoints * scale,
      borderColor: border, materialName: materialName)
  }
}
