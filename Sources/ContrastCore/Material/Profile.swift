/// How far a number of the profile can be trusted (SPEC §2.3).
public enum Trust: String, Sendable, CaseIterable, Codable {
  /// Published by Apple.
  case apple
  /// Measured by a third party.
  case thirdPartyMeasurement = "third-party-measurement"
  /// An assumption of the profile, stated as such.
  case assumption
}

/// Where a number comes from.
public struct Provenance: Sendable, Hashable, Codable {
  public var source: String
  public var trust: Trust

  public init(source: String, trust: Trust) {
    self.source = source
    self.trust = trust
  }
}

/// The kind of pipeline a material runs (SPEC §3.2).
public enum MaterialKind: String, Sendable, CaseIterable, Codable {
  /// Liquid Glass: luma cap, levels, fill, tint.
  case glass
  /// The standard blur materials (CoreMaterial): saturation, plate, brightness, tint.
  case standard
}

/// One Gaussian of a material's backdrop blur (SPEC §3.1): its standard
/// deviation and its share of the backdrop, each a curve over the element's
/// short side and the Liquid Glass setting.
public struct BlurComponent: Sendable, Hashable {
  /// The standard deviation, pt (times the scale for pixels); 0 is the
  /// sharp wallpaper.
  public var sigmaInPoints: ProfileCurve
  /// The share w in [0, 1]; nil for the one component of a blur that takes
  /// the remainder, 1 minus the others' shares.
  public var share: ProfileCurve?

  public init(sigmaInPoints: ProfileCurve, share: ProfileCurve?) {
    self.sigmaInPoints = sigmaInPoints
    self.share = share
  }
}

/// A material's backdrop blur as the profile gives it (SPEC §3.1): B =
/// sum_k w_k G_k(W), a mixture of Gaussians whose sigmas and shares may
/// depend on the element's short side and the Liquid Glass setting.
/// ``resolved(shortSideInPoints:liquidGlass:scale:)`` reads it for one element.
///
/// A profile read by ``ProfileLoader`` has exactly one component without a
/// share, and the other shares sum to at most 1 everywhere.
public struct MaterialBlur: Sendable, Hashable {
  /// The Gaussians, in the profile's order.
  public var components: [BlurComponent]

  public init(_ components: [BlurComponent]) {
    self.components = components
  }

  /// The shorthand `blurRadius` r, `blurMix` m: B = (1 - m) W + m G_r(W),
  /// the components [{sigma 0, the remainder 1 - m}, {sigma r, share m}].
  public static func shorthand(radiusInPoints r: Double, mix m: Double) -> MaterialBlur {
    MaterialBlur([
      BlurComponent(sigmaInPoints: 0, share: nil),
      BlurComponent(sigmaInPoints: .constant(r), share: .constant(m)),
    ])
  }

  /// The mixture for an element whose short side is `shortSideInPoints`
  /// (nil: full screen) under Liquid Glass setting `liquidGlass`, on a
  /// canvas of `scale` pixels per point: every curve read once there, the
  /// component without a share given 1 minus the others' (at least 0),
  /// sigmas in pixels (a negative sigma reads as 0).
  public func resolved(
    shortSideInPoints: Double?, liquidGlass: Double, scale: Double
  ) -> BlurMixture {
    func read(_ curve: ProfileCurve) -> Double {
      curve.value(shortSideInPoints: shortSideInPoints, liquidGlass: liquidGlass)
    }
    let given = components.map { $0.share.map(read) }
    let rest = Swift.max(0, 1 - given.reduce(0) { $0 + ($1 ?? 0) })
    return BlurMixture(
      zip(components, given).map { component, share in
        BlurMixture.Component(
          sigmaInPixels: Swift.max(0, read(component.sigmaInPoints)) * scale,
          weight: share ?? rest)
      })
  }

  /// The largest sum of the given shares (the components with a share), and
  /// where it is reached: each share is piecewise linear between its curve's
  /// points and constant beyond them, so the sum is bilinear on each cell of
  /// the grid of every curve's short sides and settings, and its largest
  /// value lies on that grid. An axis no share depends on is nil.
  public func largestGivenShares() -> (sum: Double, shortSide: Double?, setting: Double?) {
    var sides = Set<Double>()
    var settings = Set<Double>()
    for case let share? in components.map(\.share) {
      switch share {
      case .constant: break
      case .table(.shortSide, let points): sides.formUnion(points.map(\.x))
      case .table(.setting, let points): settings.formUnion(points.map(\.x))
      case .grid(let s, let t, _):
        sides.formUnion(s)
        settings.formUnion(t)
      }
    }
    let sideAxis: [Double?] = sides.isEmpty ? [nil] : sides.sorted()
    let settingAxis: [Double?] = settings.isEmpty ? [nil] : settings.sorted()
    var best: (sum: Double, shortSide: Double?, setting: Double?) = (-.infinity, nil, nil)
    for side in sideAxis {
      for setting in settingAxis {
        let sum = components.reduce(0.0) { total, component in
          total
            + (component.share?.value(shortSideInPoints: side, liquidGlass: setting ?? 0.5) ?? 0)
        }
        if sum > best.sum { best = (sum, side, setting) }
      }
    }
    return best
  }
}

/// The parameters of one material in one appearance.
///
/// Glass (SPEC §3.2): blur, luma cap (`lumaCap` = L), levels (`white`,
/// `black`, `saturation`), fill, tint, clamp; the four numbers may be curves
/// over the element's short side and the Liquid Glass setting. Standard
/// (CoreMaterial): blur, `saturation`, the plate (`plateShare` a and its
/// `plateStops`), `brightness`, tint, clamp.
public struct MaterialParameters: Sendable, Hashable {
  public var kind: MaterialKind
  /// The backdrop blur, a mixture of Gaussians (SPEC §3.1).
  public var blur: MaterialBlur
  /// Saturation (glass levels `Sat`, or the standard material's saturation).
  public var saturation: ProfileCurve
  /// Glass levels: White. Unused by standard materials.
  public var white: ProfileCurve
  /// Glass levels: Black. Unused by standard materials.
  public var black: ProfileCurve
  /// Glass luma cap L. Unused by standard materials.
  public var lumaCap: ProfileCurve
  /// Brightness added by a standard material. Unused by glass.
  public var brightness: Double
  /// The share a of the plate in a standard material. Unused by glass.
  public var plateShare: Double
  /// The plate's levels at evenly spaced luma 0 ... 1 (at least two).
  /// Unused by glass.
  public var plateStops: [Double]
  /// The glass fill, source-over after the levels; nil for none.
  public var fill: RGBA?

  public init(
    kind: MaterialKind, blur: MaterialBlur, saturation: ProfileCurve = 1,
    white: ProfileCurve = 1, black: ProfileCurve = 0, lumaCap: ProfileCurve = 1,
    brightness: Double = 0, plateShare: Double = 0, plateStops: [Double] = [0, 1],
    fill: RGBA? = nil
  ) {
    self.kind = kind
    self.blur = blur
    self.saturation = saturation
    self.white = white
    self.black = black
    self.lumaCap = lumaCap
    self.brightness = brightness
    self.plateShare = plateShare
    self.plateStops = plateStops
    self.fill = fill
  }

  /// Parameters whose blur is the shorthand (``MaterialBlur/shorthand(radiusInPoints:mix:)``):
  /// B = (1 - `blurMix`) W + `blurMix` G(W), G of standard deviation
  /// `blurRadiusInPoints` pt.
  public init(
    kind: MaterialKind, blurRadiusInPoints: Double, blurMix: Double = 1,
    saturation: ProfileCurve = 1, white: ProfileCurve = 1, black: ProfileCurve = 0,
    lumaCap: ProfileCurve = 1, brightness: Double = 0, plateShare: Double = 0,
    plateStops: [Double] = [0, 1], fill: RGBA? = nil
  ) {
    self.init(
      kind: kind, blur: .shorthand(radiusInPoints: blurRadiusInPoints, mix: blurMix),
      saturation: saturation, white: white, black: black, lumaCap: lumaCap,
      brightness: brightness, plateShare: plateShare, plateStops: plateStops, fill: fill)
  }
}

/// A material of the profile in both appearances.
public struct MaterialDefinition: Sendable, Hashable {
  public var name: String
  public var light: MaterialParameters
  public var dark: MaterialParameters

  public init(name: String, light: MaterialParameters, dark: MaterialParameters) {
    self.name = name
    self.light = light
    self.dark = dark
  }

  public func parameters(for appearance: Appearance) -> MaterialParameters {
    appearance == .light ? light : dark
  }
}

/// A colour per appearance.
public struct AppearancePair<Value: Sendable & Hashable>: Sendable, Hashable {
  public var light: Value
  public var dark: Value

  public init(light: Value, dark: Value) {
    self.light = light
    self.dark = dark
  }

  public subscript(appearance: Appearance) -> Value { appearance == .light ? light : dark }
}

/// A semantic colour (SPEC §2.3) with its Increase Contrast variant.
public struct SemanticColor: Sendable, Hashable {
  public var name: String
  public var normal: AppearancePair<RGBA>
  /// The Increase Contrast variant; equal to `normal` when the colour does not change.
  public var increaseContrast: AppearancePair<RGBA>

  public init(name: String, normal: AppearancePair<RGBA>, increaseContrast: AppearancePair<RGBA>) {
    self.name = name
    self.normal = normal
    self.increaseContrast = increaseContrast
  }
}

/// What Increase Contrast does to materials (SPEC §3.3; an assumption of the
/// default profile).
public struct IncreaseContrastRules: Sendable, Hashable {
  /// Glass fill colour under Increase Contrast (white light, black dark).
  public var glassFill: AppearancePair<RGB>
  /// Lower bound on the glass fill alpha under Increase Contrast: alpha = max(normal, this).
  public var minimumFillAlpha: Double
  /// Lower bound on a standard material's plate share: a = max(a, this).
  public var minimumPlateShare: Double
  /// Border width added under Increase Contrast, pt.
  public var borderInPoints: Double

  public init(
    glassFill: AppearancePair<RGB>, minimumFillAlpha: Double, minimumPlateShare: Double,
    borderInPoints: Double
  ) {
    self.glassFill = glassFill
    self.minimumFillAlpha = minimumFillAlpha
    self.minimumPlateShare = minimumPlateShare
    self.borderInPoints = borderInPoints
  }
}

/// A Dynamic Type text style: its size at the default ("Large") text size,
/// its weight, and its size at every text size (SPEC §3.8).
public struct TextRole: Sendable, Hashable {
  public var name: String
  /// The size at `large`, the iOS default, pt.
  public var sizeInPoints: Double
  public var weight: FontWeight
  /// The size at each text size, pt (Apple's Dynamic Type table); empty when
  /// the profile gives none, and then every size scales as the profile's
  /// default role does.
  public var sizesInPoints: [TextSize: Double]

  public init(
    name: String, sizeInPoints: Double, weight: FontWeight, sizesInPoints: [TextSize: Double] = [:]
  ) {
    self.name = name
    self.sizeInPoints = sizeInPoints
    self.weight = weight
    self.sizesInPoints = sizesInPoints
  }
}

extension Profile {
  /// SPEC §3.8's mapping, one step heavier (regular -> semibold, semibold ->
  /// bold, bold -> heavy, heavy -> black; the lighter weights one step each,
  /// medium -> semibold): the default when a profile gives none. An
  /// assumption: Apple publishes no table of Bold Text's weights.
  public static let specBoldTextWeights: [FontWeight: FontWeight] = [
    .ultraLight: .thin, .thin: .light, .light: .regular, .regular: .semibold,
    .medium: .semibold, .semibold: .bold, .bold: .heavy, .heavy: .black, .black: .black,
  ]
}

/// Which large-text rule the audit uses (SPEC §3.4).
public enum LargeTextRule: String, Sendable, CaseIterable, Codable {
  /// WCAG: >= 24 pt, or >= 56/3 pt (18.67, WCAG's 14 pt) bold, heavy or black.
  case wcag
  /// Apple's HIG table: >= 18 pt, or bold, heavy or black at any size.
  case hig
}

/// The size limits of one large-text rule.
public struct LargeTextLimits: Sendable, Hashable {
  /// Any weight at or above this size (pt) is large.
  public var minimumSize: Double
  /// Bold, heavy or black at or above this size (pt) is large.
  public var minimumBoldSize: Double

  public init(minimumSize: Double, minimumBoldSize: Double) {
    self.minimumSize = minimumSize
    self.minimumBoldSize = minimumBoldSize
  }

  /// Whether text of this size and weight is large under these limits.
  public func isLarge(sizeInPoints: Double, weight: FontWeight) -> Bool {
    sizeInPoints >= minimumSize || (weight.isBold && sizeInPoints >= minimumBoldSize)
  }
}

/// The material model and colour tables (SPEC §2.3): data, not code.
public struct Profile: Sendable, Hashable {
  /// Profile name written into reports (`ios27`).
  public var name: String
  /// Materials by name (`glass.regular`, `glass.clear`, `ultraThin`, ...).
  /// `none` is not a material of the profile: it means no material.
  public var materials: [String: MaterialDefinition]
  /// Semantic colours by name (`label`, `secondaryLabel`, ..., `white`, `black`).
  public var colors: [String: SemanticColor]
  public var increaseContrast: IncreaseContrastRules
  /// The border colour (separator), per appearance.
  public var borderColor: AppearancePair<RGBA>
  /// Alpha of a tint given without alpha (0.6).
  public var defaultTintAlpha: Double
  /// Device presets: canvas size in points and scale.
  public var devices: [String: Canvas]
  /// Dynamic Type roles by name.
  public var textRoles: [String: TextRole]
  /// The role of a text item that names none (`body`).
  public var defaultTextRole: String
  /// Large-text limits per rule.
  public var largeText: [LargeTextRule: LargeTextLimits]
  /// The minimum size of an interactive element, pt (44).
  public var minimumTargetInPoints: Double
  /// Whether the release has Liquid Glass (false for `ios18`, SPEC §3.8):
  /// without it, an element of a glass material is drawn with its fallback,
  /// and no scene has a Liquid Glass setting.
  public var hasLiquidGlass = true
  /// The weight Bold Text draws each weight in (SPEC §3.8); a weight not
  /// listed is unchanged.
  public var boldTextWeights: [FontWeight: FontWeight] = Profile.specBoldTextWeights
  /// How vibrant content is drawn on glass (issue 30, its `vibrancy`
  /// section); nil when the profile has none (vibrant items are then drawn
  /// in their tint as a fixed colour).
  public var vibrancy: VibrancyForms?
  /// Provenance of every number, keyed by its path in the profile file
  /// (`materials.glass.regular.light.white`).
  public var provenance: [String: Provenance]
  /// The measurements file the material numbers were fitted to, when the
  /// profile says (its `fit` section).
  public var fitMeasurements: String?
  /// The residuals the profile states for its fit, per group (empty when
  /// it states none).
  public var fitResiduals: [FitResidual]
  /// How far a verdict's material colour may be from iOS's, by the trust of
  /// the numbers it reads (the `uncertainty` section; issue 29 part 4).
  public var uncertainty = ProfileUncertainty.unstated

  public init(
    name: String, materials: [String: MaterialDefinition], colors: [String: SemanticColor],
    increaseContrast: IncreaseContrastRules, borderColor: AppearancePair<RGBA>,
    defaultTintAlpha: Double, devices: [String: Canvas], textRoles: [String: TextRole],
    defaultTextRole: String, largeText: [LargeTextRule: LargeTextLimits],
    minimumTargetInPoints: Double, provenance: [String: Provenance],
    fitMeasurements: String? = nil, fitResiduals: [FitResidual] = []
  ) {
    self.name = name
    self.materials = materials
    self.colors = colors
    self.increaseContrast = increaseContrast
    self.borderColor = borderColor
    self.defaultTintAlpha = defaultTintAlpha
    self.devices = devices
    self.textRoles = textRoles
    self.defaultTextRole = defaultTextRole
    self.largeText = largeText
    self.minimumTargetInPoints = minimumTargetInPoints
    self.provenance = provenance
    self.fitMeasurements = fitMeasurements
    self.fitResiduals = fitResiduals
  }
}
