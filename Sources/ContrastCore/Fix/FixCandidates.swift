/// One change `glass-audit fix` may make for a failing item: the edits it
/// writes, whether they change the element (every item on it) or the item
/// alone, and what kind of fix it is.
public struct FixCandidate: Sendable, Hashable {
  public var edits: [LayoutEdit]
  /// A change to the element (material, fallback, tint): every item on it
  /// sees it. Else only the item's own checks can change.
  public var changesElement: Bool
  /// `colour`, `material`, `tint`, `material and colour`, `large text`.
  public var kind: String
  /// The appearances whose drawing it changes (a colour or tint written
  /// for one appearance, the other kept as it was): only those are audited
  /// again.
  public var appearances: Set<Appearance> = Set(Appearance.allCases)

  /// The change as the layout holds it: `tint: {color: "#000000", alpha: 0.42}`.
  public var written: String { edits.map(\.written).joined(separator: ", ") }
}

/// The changes to try for one failing item, least change first, from the
/// remedy search of every scene where it fails (``RemedyAccumulator``: one
/// group per appearance, mode and profile). A change is proposed only if
/// its search passed in every one of those groups; `fix` then re-audits it
/// everywhere before keeping it. Order: a named colour (the item alone), a
/// thicker material, a tint alpha, a thicker material with a named colour
/// (the element), large text (the item's size and weight).
enum FixCandidates {
  /// One group of the item's remedy search and the appearance it is of.
  struct Group {
    var appearance: Appearance
    var mode: AccessibilityMode
    var search: RemedyAccumulator.Group
  }

  static func candidates(
    item: ContentItem, element: Element, groups: [Group]
  ) -> [FixCandidate] {
    guard !groups.isEmpty else { return [] }
    let appearances = Set(groups.map(\.appearance))
    var out: [FixCandidate] = []
    func everywhere(_ prefix: String) -> [String] { passingEverywhere(prefix, in: groups) }
    // The appearances a colour of `colorEdit` changes.
    // (An Increase Contrast variant of the item's is not kept: the colour
    // is written anew, and every appearance audited again.)
    let keepsOther =
      appearances.count == 1 && item.color?.increaseContrastVariant == nil
      && item.color?.text(for: appearances.first! == .light ? .dark : .light) != nil
    let colorAppearances = keepsOther ? appearances : Set(Appearance.allCases)
    // A colour in the failing appearances, the other's kept as written.
    func colorEdit(_ name: String) -> LayoutEdit {
      var value = LayoutValue.color(name)
      if appearances.count == 1, let failing = appearances.first,
        let other = item.color?.text(for: failing == .light ? .dark : .light)
      {
        value =
          LayoutValue.color(
            light: failing == .light ? name : other, dark: failing == .dark ? name : other)
          ?? value
      }
      return LayoutEdit(element: element.id, item: item.id, key: "color", value: value)
    }
    let current = item.color.map { c in Appearance.allCases.map { c.text(for: $0) } }
    var colors: [FixCandidate] = []
    for name in everywhere("color:").prefix(2) {
      let edit = colorEdit(name)
      // (Its own colour passes nowhere it fails; written again it is no change.)
      if current == [name, name] && item.color?.increaseContrastVariant == nil { continue }
      colors.append(
        FixCandidate(
          edits: [edit], changesElement: false, kind: "colour", appearances: colorAppearances))
    }
    // Variants: a colour per appearance, and the app's own Increase
    // Contrast variant, where one colour does not serve every scene; first
    // when it changes only the Increase Contrast scenes (the least change).
    if let variant = colorVariants(item: item, element: element, groups: groups),
      !colors.contains(variant)
    {
      if groups.allSatisfy(\.mode.increasesContrast) {
        colors.insert(variant, at: 0)
      } else if colors.isEmpty {
        colors.append(variant)
      }
    }
    out += colors
    let materialKey = materialKey(of: element, groups: groups)
    if let key = materialKey, let name = everywhere("material:").first {
      out.append(
        FixCandidate(
          edits: [LayoutEdit(element: element.id, key: key, value: .text(name))],
          changesElement: true, kind: "material"))
    }
    if let (tint, changed) = tint(of: element, groups: groups) {
      out.append(
        FixCandidate(
          edits: [LayoutEdit(element: element.id, key: "tint", value: tint)],
          changesElement: true, kind: "tint", appearances: changed))
    }
    if let key = materialKey, let pair = everywhere("material+color:").first {
      let parts = pair.split(separator: ":").map(String.init)
      if parts.count == 2 {
        out.append(
          FixCandidate(
            edits: [
              LayoutEdit(element: element.id, key: key, value: .text(parts[0])),
              colorEdit(parts[1]),
            ], changesElement: true, kind: "material and colour"))
      }
    }
    if let big = everywhere("largeText:").first {
      let parts = big.split(separator: ":").map(String.init)
      if let size = Double(parts[0]) {
        var edits = [
          LayoutEdit(element: element.id, item: item.id, key: "size", value: .number(size))
        ]
        if parts.count > 1, parts[1] != item.weight?.rawValue {
          edits.append(
            LayoutEdit(element: element.id, item: item.id, key: "weight", value: .text(parts[1])))
        }
        out.append(FixCandidate(edits: edits, changesElement: false, kind: "large text"))
      }
    }
    return out
  }

  /// The names of `prefix` whose candidate passed in every group, least
  /// rank (the largest over the groups) first.
  static func passingEverywhere(_ prefix: String, in groups: [Group]) -> [String] {
    var rank: [String: Int] = [:]
    for (i, g) in groups.enumerated() {
      let passing = g.search.candidates.filter { $0.key.hasPrefix(prefix) && $0.value.passes }
      if i == 0 {
        for (k, c) in passing { rank[String(k.dropFirst(prefix.count))] = c.rank }
      } else {
        for name in rank.keys {
          if let c = passing[prefix + name] {
            rank[name] = max(rank[name]!, c.rank)
          } else {
            rank[name] = nil
          }
        }
      }
    }
    return rank.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
  }

  /// A colour per class of failing scenes, an appearance with Increase
  /// Contrast on or off (SPEC §2.3's variants, as an asset catalog's High
  /// Contrast colour): in each class the named colour of least rank that
  /// passed in every one of its groups, written into that appearance's
  /// Increase Contrast colour, and for a class without it into both its
  /// colours unless the appearance's Increase Contrast scenes fail too or
  /// the app gives its own Increase Contrast colour there. The colours of
  /// the scenes that do not fail are kept as written. Nil when a class has
  /// no such colour, or nothing would change.
  static func colorVariants(
    item: ContentItem, element: Element, groups: [Group]
  ) -> FixCandidate? {
    struct Class: Hashable {
      var appearance: Appearance
      var increaseContrast: Bool
    }
    var byClass: [Class: [Group]] = [:]
    for g in groups {
      byClass[
        Class(appearance: g.appearance, increaseContrast: g.mode.increasesContrast),
        default: []
      ].append(g)
    }
    var slots: [Class: String] = [:]
    for a in Appearance.allCases {
      for ic in [false, true] {
        if let t = item.color?.text(for: a, increaseContrast: ic) {
          slots[Class(appearance: a, increaseContrast: ic)] = t
        }
      }
    }
    let before = slots
    for (c, gs) in byClass {
      guard let name = passingEverywhere("color:", in: gs).first else { return nil }
      slots[c] = name
      // (The app's own Increase Contrast colour, where those scenes pass,
      // is kept.)
      let ic = Class(appearance: c.appearance, increaseContrast: true)
      if !c.increaseContrast, byClass[ic] == nil,
        item.color?.increaseContrastVariant?.text(for: c.appearance) == nil
      {
        slots[ic] = name
      }
    }
    guard slots != before else { return nil }
    func pair(_ ic: Bool) -> ColorSpec {
      let l = slots[Class(appearance: .light, increaseContrast: ic)]
      let d = slots[Class(appearance: .dark, increaseContrast: ic)]
      if let l, l == d { return .same(l) }
      return .perAppearance(light: l, dark: d)
    }
    let normal = pair(false)
    var icOnly: [Appearance: String] = [:]
    for a in Appearance.allCases {
      let n = slots[Class(appearance: a, increaseContrast: false)]
      if let t = slots[Class(appearance: a, increaseContrast: true)], t != n { icOnly[a] = t }
    }
    let spec: ColorSpec =
      icOnly.isEmpty
      ? normal
      : .withIncreaseContrast(
        normal: normal,
        increaseContrast: icOnly.count == 2 && icOnly[.light] == icOnly[.dark]
          ? .same(icOnly[.light]!) : .perAppearance(light: icOnly[.light], dark: icOnly[.dark]))
    guard let value = LayoutValue.color(spec) else { return nil }
    return FixCandidate(
      edits: [LayoutEdit(element: element.id, item: item.id, key: "color", value: value)],
      changesElement: false, kind: "colour", appearances: Set(byClass.keys.map(\.appearance)))
  }

  /// Why no change is proposed for an item: per kind of fix, a scene
  /// (appearance and mode) where none of that kind passed.
  static func unavailable(item: ContentItem, element: Element, groups: [Group]) -> String {
    func scene(_ g: Group) -> String { "\(g.appearance.rawValue), \(g.mode.rawValue)" }
    func noneOf(_ prefix: String) -> Group? {
      groups.first { g in
        !g.search.candidates.contains { $0.key.hasPrefix(prefix) && $0.value.passes }
      }
    }
    var parts: [String] = []
    if let g = noneOf("color:") { parts.append("no named colour passes in \(scene(g))") }
    if let g = groups.first(where: { !$0.search.alphaFeasible || $0.search.alpha == nil }) {
      parts.append(
        g.search.property == nil
          ? "no tint alpha can be set in \(scene(g))" : "no tint alpha passes in \(scene(g))")
    }
    if groups.contains(where: { $0.search.candidates.keys.contains { $0.hasPrefix("material:") } }),
      let g = noneOf("material:")
    {
      parts.append("no thicker material passes in \(scene(g))")
    }
    if item.kind == .text {
      if let g = noneOf("largeText:") { parts.append("large text does not pass in \(scene(g))") }
    }
    return parts.isEmpty
      ? "the changes that pass differ between the scenes where it fails"
      : parts.joined(separator: "; ")
  }

  /// The key a thicker material is written under: `material` when every
  /// group drew the element's own material, `fallback` when every one drew
  /// its fallback (a profile before Liquid Glass); nil otherwise, or where
  /// the app's own override of a mode drew it.
  static func materialKey(of element: Element, groups: [Group]) -> String? {
    let drawn = Set(groups.map { $0.search.currentMaterial })
    guard drawn.count == 1, let material = drawn.first ?? nil,
      groups.allSatisfy({ element.overrides[$0.mode] == nil })
    else { return nil }
    if material == element.material { return "material" }
    if case .material(let m)? = element.fallback, m == material { return "fallback" }
    return nil
  }

  /// The element's tint at the least alpha that passed in every group, one
  /// colour per appearance (the other appearance's tint kept as written);
  /// nil when some group found none, or the alpha is not the element's
  /// tint's (an app fill, an override of a mode).
  static func tint(of element: Element, groups: [Group]) -> (
    LayoutValue, changes: Set<Appearance>
  )? {
    var byAppearance: [Appearance: (color: String, alpha: Int)] = [:]
    for g in groups {
      guard g.search.property == "tint", g.search.alphaFeasible, let a = g.search.alpha,
        let hex = g.search.colorHex, element.overrides[g.mode] == nil
      else { return nil }
      if let prior = byAppearance[g.appearance] {
        guard prior.color == hex else { return nil }
        byAppearance[g.appearance] = (hex, max(prior.alpha, a))
      } else {
        byAppearance[g.appearance] = (hex, a)
      }
    }
    func text(_ a: Appearance) -> String? {
      if let t = byAppearance[a] { return ColorText.withAlpha(t.color, Double(t.alpha) / 100) }
      return element.tint?.text(for: a)
    }
    guard let value = LayoutValue.color(light: text(.light), dark: text(.dark)) else {
      return nil
    }
    return (value, Set(byAppearance.keys))
  }
}
