/// Where a trial draws its element's items as the run does (issue 29
/// part 8): the columns of scenes (appearance, mode, profile) in which
/// everything measuring them reads is the same for the trial's element as
/// for the element as the kept edits leave it. Their checks would be the
/// same bits; `fix` does not audit them again but takes them as they stand
/// (``FixState/fill(from:items:columns:)``).
enum FixScenes {
  /// What measuring an element's items reads in one scene (SceneEvaluator,
  /// the verdict's trust, the bounds): the rendering, the element but for
  /// what it reads only through the rendering and the trust (material,
  /// fallback, tint), and per item the item but for its colour, the colour
  /// drawn, its ink and the trust of its verdict (which reads the colours
  /// as written) whether or not the blur reads one colour. Lines are left
  /// out: the fix reads of a check its fingerprint, verdict, ratio, item,
  /// wallpaper and scene.
  struct Signature: Hashable {
    var rendering: ElementRendering
    var element: Element
    var items: [Item]

    struct Item: Hashable {
      var item: ContentItem
      var color: RGBA?
      var ink: VibrantInk?
      var trust: [String]
    }
  }

  /// The signature of `element` (of `layout`) in one scene; nil when it
  /// cannot be drawn there.
  static func signature(
    of element: Element, in layout: Layout, profile: Profile, trust: TrustIndex,
    appearance: Appearance, mode: AccessibilityMode, liquidGlass: LiquidGlassSetting?
  ) -> Signature? {
    var alone = layout
    alone.elements = [element]
    guard
      let (drawn, rendering) = profile.renderedElements(
        of: alone, appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue
      ).first
    else { return nil }
    var bare = drawn
    bare.line = 0
    bare.material = ""
    bare.fallback = nil
    bare.tint = nil
    bare.content = []
    bare.overrides = bare.overrides.mapValues {
      var o = $0
      o.line = nil
      return o
    }
    let items = drawn.content.map { item in
      let color = profile.color(of: item, appearance: appearance, mode: mode)
      let trusted = [true, false].map { blurs in
        let t = trust.verdictTrust(
          item: item, element: drawn, rendering: rendering, profile: profile,
          appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue,
          blurCanChangePixels: { blurs })
        return "\(t.trust.rawValue) \(t.basis)"
      }
      var bareItem = item
      bareItem.line = 0
      bareItem.minimumRatioPlace = SourcePlace()
      bareItem.color = nil
      return Signature.Item(
        item: bareItem, color: color,
        ink: color.flatMap {
          profile.vibrantInk(
            of: item, color: $0, rendering: rendering, appearance: appearance, mode: mode)
        }, trust: trusted)
    }
    return Signature(rendering: rendering, element: bare, items: items)
  }

  /// The columns of `appearances` (every one of the run's profiles and
  /// modes) in which `trial`'s one element draws its items as `current`
  /// (the element as the kept edits leave it) draws the same items, in
  /// every Liquid Glass setting of the mode.
  static func unchanged(
    trial: Layout, current: Element, profiles: [Profile], settings: AuditSettings,
    appearances: [Appearance]
  ) -> Set<SceneColumn> {
    guard trial.elements.count == 1, let changed = trial.elements.first else { return [] }
    let ids = Set(changed.content.map(\.id))
    var now = current
    now.content = current.content.filter { ids.contains($0.id) }
    guard now.content.map(\.id) == changed.content.map(\.id) else { return [] }
    var out: Set<SceneColumn> = []
    for profile in profiles {
      let trust = TrustIndex(profile)
      for mode in settings.modes {
        for appearance in appearances {
          let same = settings.liquidGlassSettings(
            for: mode, hasLiquidGlass: profile.hasLiquidGlass
          ).allSatisfy { setting in
            guard
              let a = signature(
                of: changed, in: trial, profile: profile, trust: trust, appearance: appearance,
                mode: mode, liquidGlass: setting),
              let b = signature(
                of: now, in: trial, profile: profile, trust: trust, appearance: appearance,
                mode: mode, liquidGlass: setting)
            else { return false }
            return a == b
          }
          if same {
            out.insert(SceneColumn(appearance: appearance, mode: mode, profile: profile.name))
          }
        }
      }
    }
    return out
  }
}
