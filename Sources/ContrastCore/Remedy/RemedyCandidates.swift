import Foundation

/// The fixes an app can apply that are a choice among a few named options
/// (issue 15): a thicker material, a semantic colour of the profile, a text
/// size and weight that make the item large text. Each is tried on the
/// failing scene's own pixels (``RemedySearch``) and kept only if it passes
/// in every scene of its group (``RemedyAccumulator``).
public struct RemedyCandidate: Sendable, Equatable {
  /// Whether it passes in every failing scene seen so far.
  public var passes: Bool
  /// The worst judged ratio over those scenes (infinity once it fails).
  public var ratio: Double
  /// What to show: a colour's hex (in the group's appearance and mode), a
  /// large-text proposal's `size` or `size bold`, and its threshold.
  public var value: String
  /// Order among the candidates of its kind, least change first.
  public var rank: Int

  public init(passes: Bool, ratio: Double, value: String = "", rank: Int) {
    self.passes = passes
    self.ratio = passes ? ratio : .infinity
    self.value = value
    self.rank = rank
  }

  /// This candidate and the same one of another scene (or shard): it passes
  /// only where both pass, and reaches the lower ratio.
  func combined(with o: RemedyCandidate) -> RemedyCandidate {
    let both = passes && o.passes
    return RemedyCandidate(
      passes: both, ratio: both ? Swift.min(ratio, o.ratio) : .infinity,
      value: value.isEmpty ? o.value : value, rank: Swift.min(rank, o.rank))
  }
}

/// What a remedy search needs of the scene beyond the item's measurement:
/// the layout (the element and item as declared), the wallpaper placed on
/// its canvas (to sample the backdrop of another material), the profile and
/// the audit's settings.
struct RemedyScene {
  var layout: Layout
  var canvas: WallpaperCanvas
  var profile: Profile
  var settings: AuditSettings
  /// The worker's sample cache for this mode (another appearance or setting
  /// asks for the same thicker material's pixels).
  var cache: SampleCache?

  /// The profile's named colours nearest `color` in this appearance and
  /// mode, from the worker's memo when there is one.
  func namedColors(nearest color: RGBA, appearance: Appearance, mode: AccessibilityMode) -> [(
    name: String, color: RGBA
  )] {
    let ic = mode.increasesContrast
    return cache?.places.namedColors(
      nearest: color, in: profile, appearance: appearance, increaseContrast: ic)
      ?? RemedyCandidates.namedColors(
        nearest: color, in: profile, appearance: appearance, increaseContrast: ic)
  }
}

enum RemedyCandidates {
  /// Materials from thinnest to thickest, per family: what "a thicker
  /// material" means. An app cannot set a standard material's fill alpha;
  /// it can pick the next material (SwiftUI's `.ultraThinMaterial` ...
  /// `.thickMaterial`), and clear glass can become regular glass.
  static let chains: [[String]] = [
    ["none", "ultraThin", "thin", "regular", "thick"],
    ["glass.clear", "glass.regular"],
  ]

  /// The materials thicker than `material` in its chain that the profile has.
  static func thicker(than material: String, in profile: Profile) -> [String] {
    for chain in chains {
      guard let i = chain.firstIndex(of: material) else { continue }
      return chain[(i + 1)...].filter { profile.materials[$0] != nil }
    }
    return []
  }

  /// Names that give way to an equal colour of another name.
  static let lastAmongEquals: Set<String> = ["black", "white", "link"]

  /// The semantic colours of `profile` in `appearance` (their Increase
  /// Contrast variant when `increaseContrast`), nearest to `color` first
  /// (ties: colours that adapt to the appearance before the fixed `black`
  /// and `white`, and any before `link`, which means a link; then by name),
  /// without `color` itself. Nearness is the CIE 1976
  /// colour difference ΔE*ab of the two colours composited over the
  /// appearance's system background (white in light, black in dark), so a
  /// translucent label colour is compared as it shows.
  static func namedColors(
    nearest color: RGBA, in profile: Profile, appearance: Appearance, increaseContrast: Bool
  ) -> [(name: String, color: RGBA)] {
    let ground: RGB = appearance == .light ? .white : .black
    let base = CIELab(color.composited(over: ground))
    return profile.colors.keys.compactMap { name -> (String, RGBA, Double)? in
      guard
        let c = profile.resolveColor(
          name, appearance: appearance, increaseContrast: increaseContrast),
        c != color
      else { return nil }
      return (name, c, base.distance(to: CIELab(c.composited(over: ground))))
    }
    .sorted {
      ($0.2, lastAmongEquals.contains($0.0) ? 1 : 0, $0.0)
        < ($1.2, lastAmongEquals.contains($1.0) ? 1 : 0, $1.0)
    }
    .map { ($0.0, $0.1) }
  }

  /// The least change of size and weight that makes `item` large text under
  /// `limits`: bold at the bold limit (or the current size, if larger), or
  /// the current weight at the plain limit, sizes rounded up to whole points;
  /// the one with the smaller size first. Empty for an item already large.
  static func largeTextProposals(size: Double, weight: FontWeight, limits: LargeTextLimits) -> [(
    size: Double, weight: FontWeight
  )] {
    guard !limits.isLarge(sizeInPoints: size, weight: weight) else { return [] }
    var out: [(Double, FontWeight)] = []
    let boldWeight = weight.isBold ? weight : .bold
    out.append((Swift.max(size, limits.minimumBoldSize).rounded(.up), boldWeight))
    if !weight.isBold {
      out.append((Swift.max(size, limits.minimumSize).rounded(.up), weight))
    }
    return out.sorted { $0.0 < $1.0 }
  }
}

/// CIE L*a*b* (D65) of an encoded sRGB colour, for nearness only.
struct CIELab {
  var l: Double
  var a: Double
  var b: Double

  init(_ c: RGB) {
    let r = WCAG.linearize(c.r)
    let g = WCAG.linearize(c.g)
    let bl = WCAG.linearize(c.b)
    // sRGB (IEC 61966-2-1) to XYZ, normalised by the D65 white.
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
    func f(_ t: Double) -> Double {
      t > 216.0 / 24389 ? Foundation.cbrt(t) : (24389.0 / 27 * t + 16) / 116
    }
    l = 116 * f(y) - 16
    a = 500 * (f(x) - f(y))
    b = 200 * (f(y) - f(z))
  }

  /// ΔE*ab (CIE 1976): the Euclidean distance in L*a*b*.
  func distance(to o: CIELab) -> Double {
    ((l - o.l) * (l - o.l) + (a - o.a) * (a - o.a) + (b - o.b) * (b - o.b)).squareRoot()
  }
}
