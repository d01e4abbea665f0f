/// How far a verdict can be trusted: the weakest trust among the profile
/// numbers it rests on (SPEC §2.3), so that a designer can tell "fails on
/// measured glass" from "fails under an assumed Increase Contrast".
public enum VerdictTrust: String, Sendable, Hashable, CaseIterable, Codable {
  /// It rests on no profile number: the app's own colours over the
  /// wallpaper, and WCAG's formula.
  case exact
  /// The weakest number it rests on is published by Apple.
  case apple
  /// ... measured by a third party on Apple's renders, or fitted to such
  /// measurements.
  case thirdPartyMeasurement = "third-party-measurement"
  /// ... the profile's own assumption: no public measurement.
  case assumption

  /// The verdict trust of a profile number of trust `t`.
  public init(_ t: Trust) {
    switch t {
    case .apple: self = .apple
    case .thirdPartyMeasurement: self = .thirdPartyMeasurement
    case .assumption: self = .assumption
    }
  }
}

/// The profile's provenance indexed by path, to find the trust of a verdict.
///
/// A verdict rests on the item's colour (a semantic colour's entry, or its
/// Increase Contrast variant), the material's numbers that its pixels read
/// in the appearance (``MaterialTrust``: of each curve, the cells read at
/// the element's short side and Liquid Glass setting, and reading beyond
/// the outer cells, an assumption unless the curve's `beyondEnds` states
/// otherwise; the blur's numbers only when the wallpaper the blur reads is
/// not of one colour; the plate and fill numbers), the Increase Contrast rules
/// the mode applies, the border colour when a border is drawn, the default
/// tint alpha when a tint is written without one, and the semantic colours
/// of a tint or an app fill. Colours an app writes as hex are its own and
/// exact. Under Reduce Transparency a material's colour rests on no
/// measurement at all (none is public): that is an assumption.
public struct TrustIndex: Sendable {
  /// Per path prefix of the profile (`materials.glass.regular.light`), the
  /// weakest provenance under it and the path that has it.
  private var weakest: [String: (trust: Trust, path: String)] = [:]
  /// Per material and appearance (`glass.regular.dark`), its numbers' provenance.
  private var materials: [String: MaterialTrust] = [:]

  /// Indexes the provenance of `profile`.
  public init(_ profile: Profile) {
    for (path, p) in profile.provenance.sorted(by: { $0.key < $1.key }) {
      for prefix in Self.prefixes(of: path) {
        weakest[prefix] = Self.weaker(weakest[prefix], (p.trust, path))
      }
    }
    let index = weakest
    for (name, definition) in profile.materials {
      for appearance in Appearance.allCases {
        materials["\(name).\(appearance.rawValue)"] = MaterialTrust(
          definition.parameters(for: appearance), name: name, appearance: appearance,
          provenance: profile.provenance, weakest: { index[$0] })
      }
    }
  }

  /// The weaker of two numbers' trusts; of equally weak ones, the one whose
  /// path comes first (as ``init(_:)`` indexes them).
  static func weakerInOrder(
    _ a: (trust: Trust, path: String)?, _ b: (trust: Trust, path: String)?
  ) -> (trust: Trust, path: String)? {
    guard let b else { return a }
    guard let a else { return b }
    if a.trust.strength != b.trust.strength { return b.trust.strength < a.trust.strength ? b : a }
    return b.path < a.path ? b : a
  }

  /// The weaker of two numbers' trusts; of equally weak ones, `a`.
  static func weaker(
    _ a: (trust: Trust, path: String)?, _ b: (trust: Trust, path: String)?
  ) -> (trust: Trust, path: String)? {
    guard let b else { return a }
    guard let a else { return b }
    return b.trust.strength < a.trust.strength ? b : a
  }

  /// `a`, `a.b`, `a.b.c[0]`... : every prefix of `path` that ends before a
  /// `.` or `[`, and the path itself.
  static func prefixes(of path: String) -> [String] {
    var out: [String] = []
    var current = ""
    for ch in path {
      if (ch == "." || ch == "[") && !current.isEmpty { out.append(current) }
      current.append(ch)
    }
    out.append(current)
    return out
  }

  /// The weakest trust under `prefix`, if the profile states anything there.
  func trust(under prefix: String) -> (trust: Trust, path: String)? { weakest[prefix] }

  /// The trust of the verdict on `item` of `element` drawn as `rendering`
  /// in `appearance` and `mode` under Liquid Glass setting `liquidGlass`,
  /// and the basis of it (the weakest number's path, or
  /// `reduceTransparency`; empty when `exact`). `blurCanChangePixels` says
  /// whether the wallpaper the element's blur reads has more than one
  /// colour (``WallpaperCanvas/blurReadsOneColour(of:rendering:)``); it is
  /// asked only when the blur's numbers would decide. Of equally weak
  /// numbers, the first considered names the basis: what the mode assumes
  /// (Reduce Transparency, Increase Contrast's rules), then the item's
  /// colour, the material, the tint and the border.
  public func verdictTrust(
    item: ContentItem, element: Element, rendering: ElementRendering, profile: Profile,
    appearance: Appearance, mode: AccessibilityMode, liquidGlass: Double = 0.5,
    blurCanChangePixels: () -> Bool = { true }
  ) -> (trust: VerdictTrust, basis: String) {
    var best: (trust: Trust, path: String)?
    func consider(_ found: (trust: Trust, path: String)?) { best = Self.weaker(best, found) }
    let ic = mode.increasesContrast
    let override = profile.effectiveOverride(of: element, mode: mode)
    let tint = override?.tint ?? element.tint
    // What a mode assumes first, so that it names the basis of a tie.
    if case .material(let pipeline, _) = rendering.surface {
      if rendering.reducesTransparency { consider((.assumption, "reduceTransparency")) }
      if ic {
        switch pipeline.kind {
        case .glass:
          consider(trust(under: "increaseContrast.glassFill.\(appearance.rawValue)"))
          consider(trust(under: "increaseContrast.minimumFillAlpha"))
        case .standard:
          consider(trust(under: "increaseContrast.minimumPlateShare"))
        }
      }
    }
    // A vibrant item (issue 30): what the mode assumes of it when the
    // mode draws its tint; the forms' numbers and the space they work in
    // (an assumption) when it is drawn through the matrix.
    if item.vibrant, let forms = profile.vibrancy {
      if mode.reducesTransparency, forms.reduceTransparency == .tint {
        consider(trust(under: "vibrancy.reduceTransparency"))
      } else if ic, forms.increaseContrast == .tint {
        consider(trust(under: "vibrancy.increaseContrast"))
      } else if profile.vibrantInk(
        of: item, color: RGBA(.black), rendering: rendering, appearance: appearance, mode: mode)
        != nil
      {
        if ic { consider(trust(under: "vibrancy.increaseContrast")) }
        consider(trust(under: "vibrancy.space"))
        for key in ["identityScale", "tintLevel", "lightSpread", "grey"] {
          consider(trust(under: "vibrancy.\(key)"))
        }
      }
    }
    consider(colorTrust(item.color, profile: profile, appearance: appearance, increaseContrast: ic))
    switch rendering.surface {
    case .wallpaper:
      break
    case .appFill:
      if let fill = override?.fill {
        consider(colorTrust(fill, profile: profile, appearance: appearance, increaseContrast: ic))
      }
      if let t = override?.tint {
        consider(
          colorTrust(
            t, profile: profile, appearance: appearance, increaseContrast: ic, isTint: true))
      }
    case .material:
      let name = rendering.materialName
      if let numbers = materials["\(name).\(appearance.rawValue)"], !numbers.isEmpty {
        // Under Reduce Transparency the blur is not drawn: its numbers are not read.
        let blurs = !rendering.reducesTransparency
        let read = numbers.trust(
          shortSideInPoints: min(element.frame.width, element.frame.height),
          liquidGlass: liquidGlass, before: best?.trust,
          blurCanChangePixels: { blurs && blurCanChangePixels() })
        consider(read)
      } else {
        consider(trust(under: "materials.\(name)"))
      }
      consider(
        colorTrust(
          tint, profile: profile, appearance: appearance, increaseContrast: ic, isTint: true))
    }
    if rendering.borderWidthInPixels > 0 {
      consider(trust(under: "border.\(appearance.rawValue)") ?? trust(under: "border"))
      if override?.borderInPoints == nil, ic {
        consider(trust(under: "increaseContrast.border"))
      }
    }
    guard let best else { return (.exact, "") }
    return (VerdictTrust(best.trust), best.path)
  }

  /// The trust of a layout colour: a semantic colour's entry (its Increase
  /// Contrast variant when that applies), and the default tint alpha for a
  /// tint written without alpha; nil for a hex colour written with alpha.
  func colorTrust(
    _ spec: ColorSpec?, profile: Profile, appearance: Appearance, increaseContrast: Bool,
    isTint: Bool = false
  ) -> (trust: Trust, path: String)? {
    guard let written = spec?.text(for: appearance, increaseContrast: increaseContrast) else {
      return nil
    }
    var found: (trust: Trust, path: String)?
    func consider(_ f: (trust: Trust, path: String)?) { found = Self.weaker(found, f) }
    // An alpha of the app's own (`{color, alpha}`) is exact: no default
    // tint alpha is read.
    let (text, ownAlpha) = ColorText.split(written)
    let isTint = isTint && ownAlpha == nil
    if text.hasPrefix("#") {
      let digits = text.count - 1
      if isTint && (digits == 3 || digits == 6) { consider(trust(under: "defaultTintAlpha")) }
      return found
    }
    let base = "colors.\(text)"
    if increaseContrast,
      let variant = trust(under: "\(base).increaseContrast.\(appearance.rawValue)")
    {
      consider(variant)
    } else {
      consider(trust(under: "\(base).\(appearance.rawValue)") ?? trust(under: base))
    }
    let drawn =
      increaseContrast ? profile.colors[text]?.increaseContrast : profile.colors[text]?.normal
    if isTint, drawn?[appearance].isOpaque ?? false { consider(trust(under: "defaultTintAlpha")) }
    return found
  }
}

extension Trust {
  /// Weakest first: assumption 0, third-party measurement 1, Apple 2.
  var strength: Int {
    switch self {
    case .assumption: 0
    case .thirdPartyMeasurement: 1
    case .apple: 2
    }
  }
}
