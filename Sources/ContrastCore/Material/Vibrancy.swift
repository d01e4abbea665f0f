/// How iOS draws vibrant content on glass (issue 30): a tab bar's icons and
/// labels are not painted in their tint; each pixel is a colour matrix of
/// what lies behind it, `clamp(M * behind + offset)`, and the tint only
/// chooses the matrix.
///
/// Source: `codenameone/CodenameOne`,
/// `scripts/fidelity-app/ios-native-ref/motion-probe/README.md` (iOS 27.0,
/// iPhone 16 simulator: the `vibrantColorMatrix` filters UIKit installs on
/// tab-bar items, logged for 1,200 + 183 tints, every one matched by these
/// closed forms to 5e-6; trust: third-party measurement). With `t` the tint
/// in [0, 1]^3, `I` the identity, `1` the vector of ones and
/// `e = identityScale * min(t) / max(t)`:
///
/// - dark: `M = e I + (tintLevel - e) 1 t^T / |t|^2`, offset `t`;
/// - light: `M = e I + lightSpread (tintLevel - e) (1 + t) d^T / |d|^2`,
///   `d = 1 - t`, offset `alpha (1 + t) - 1 + e t`, where
///   `alpha = 1 - e - lightSpread (tintLevel - e) sum(d) / |d|^2` is the
///   value that maps a white backdrop to exactly `t`;
/// - a grey tint `g` (all channels equal), both appearances:
///   `M = greyGain I / q`, offset `(greySlope g + greyOffset) / q`,
///   `q = 1 + greyCurvature g (1 - g)`.
///
/// The numbers (0.5, 0.5, 0.3, 5/16, 19/16, -1/4, 0.05 in the shipped
/// profiles) are the profile's (`vibrancy`), with their source and trust.
/// The matrix is applied to encoded sRGB in [0, 1] and its result clipped
/// to [0, 1]; that it works on encoded sRGB is not stated by the source
/// (the usual space of Core Animation's colour filters): an assumption,
/// marked so in the profile (`vibrancy.space`).
public struct VibrancyForms: Sendable, Hashable {
  /// `e = identityScale * min(t) / max(t)`: the identity's share (0.5).
  public var identityScale: Double
  /// The level the tint's column reaches with `e` (0.5).
  public var tintLevel: Double
  /// Light appearance: the spread of the `(1 + t) d^T` term (0.3).
  public var lightSpread: Double
  /// Grey tints: `M = greyGain I / q` (5/16).
  public var greyGain: Double
  /// Grey tints: offset `(greySlope g + greyOffset) / q` (19/16, -1/4).
  public var greySlope: Double
  public var greyOffset: Double
  /// Grey tints: `q = 1 + greyCurvature g (1 - g)` (0.05).
  public var greyCurvature: Double
  /// What Reduce Transparency and Increase Contrast do to vibrant content
  /// (no public measurement: the profile's assumption).
  public var reduceTransparency: VibrancyModeRule
  public var increaseContrast: VibrancyModeRule

  public init(
    identityScale: Double = 0.5, tintLevel: Double = 0.5, lightSpread: Double = 0.3,
    greyGain: Double = 5.0 / 16, greySlope: Double = 19.0 / 16, greyOffset: Double = -0.25,
    greyCurvature: Double = 0.05, reduceTransparency: VibrancyModeRule = .tint,
    increaseContrast: VibrancyModeRule = .matrix
  ) {
    self.identityScale = identityScale
    self.tintLevel = tintLevel
    self.lightSpread = lightSpread
    self.greyGain = greyGain
    self.greySlope = greySlope
    self.greyOffset = greyOffset
    self.greyCurvature = greyCurvature
    self.reduceTransparency = reduceTransparency
    self.increaseContrast = increaseContrast
  }

  /// How vibrant content is drawn in `mode`: the matrix, or the tint as a
  /// fixed colour.
  public func rule(in mode: AccessibilityMode) -> VibrancyModeRule {
    var rule = VibrancyModeRule.matrix
    if mode.reducesTransparency, reduceTransparency == .tint { rule = .tint }
    if mode.increasesContrast, increaseContrast == .tint { rule = .tint }
    return rule
  }

  /// The matrix iOS installs for content tinted `tint` (encoded sRGB in
  /// [0, 1], its alpha ignored) in `appearance`. A tint whose channels are
  /// all equal takes the grey form (it is also the only form defined for
  /// black in dark and white in light, where the others divide by zero).
  public func matrix(tint t: RGB, appearance: Appearance) -> VibrancyMatrix {
    let mx = Swift.max(t.r, t.g, t.b)
    let mn = Swift.min(t.r, t.g, t.b)
    if mx == mn {
      let g = mx
      let q = 1 + greyCurvature * g * (1 - g)
      let gain = greyGain / q
      let o = (greySlope * g + greyOffset) / q
      return VibrancyMatrix(
        red: RGB(r: gain, g: 0, b: 0), green: RGB(r: 0, g: gain, b: 0),
        blue: RGB(r: 0, g: 0, b: gain), offset: RGB(r: o, g: o, b: o))
    }
    let e = identityScale * mn / mx
    let tc = [t.r, t.g, t.b]
    var rows: [[Double]] = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    var offset: [Double] = [0, 0, 0]
    switch appearance {
    case .dark:
      // M = e I + (level - e) 1 t^T / |t|^2: every row alike, offset t.
      let tt = tc.reduce(0) { $0 + $1 * $1 }
      for r in 0..<3 {
        for c in 0..<3 { rows[r][c] = (r == c ? e : 0) + (tintLevel - e) * tc[c] / tt }
        offset[r] = tc[r]
      }
    case .light:
      let d = tc.map { 1 - $0 }
      let dd = d.reduce(0) { $0 + $1 * $1 }
      let k = lightSpread * (tintLevel - e) / dd
      let alpha = 1 - e - k * d.reduce(0, +)
      for r in 0..<3 {
        for c in 0..<3 { rows[r][c] = (r == c ? e : 0) + k * (1 + tc[r]) * d[c] }
        offset[r] = alpha * (1 + tc[r]) - 1 + e * tc[r]
      }
    }
    func rgb(_ v: [Double]) -> RGB { RGB(r: v[0], g: v[1], b: v[2]) }
    return VibrancyMatrix(
      red: rgb(rows[0]), green: rgb(rows[1]), blue: rgb(rows[2]), offset: rgb(offset))
  }
}

/// What vibrant content turns into in a mode with no public measurement of
/// it: still the matrix, or the tint drawn as a fixed colour.
public enum VibrancyModeRule: String, Sendable, Hashable, CaseIterable {
  case matrix
  case tint
}

/// One vibrancy matrix: three rows and an offset, on encoded sRGB.
public struct VibrancyMatrix: Sendable, Hashable {
  public var red: RGB
  public var green: RGB
  public var blue: RGB
  public var offset: RGB

  public init(red: RGB, green: RGB, blue: RGB, offset: RGB) {
    self.red = red
    self.green = green
    self.blue = blue
    self.offset = offset
  }

  /// `clamp(M * behind + offset)` to [0, 1]: the vibrant colour drawn over
  /// `behind` at full coverage.
  @inlinable
  public func apply(_ c: RGB) -> RGB {
    func clip(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), 1) }
    return RGB(
      r: clip(red.r * c.r + red.g * c.g + red.b * c.b + offset.r),
      g: clip(green.r * c.r + green.g * c.g + green.b * c.b + offset.g),
      b: clip(blue.r * c.r + blue.g * c.g + blue.b * c.b + offset.b))
  }
}

/// A vibrant item's ink in one scene: the matrix its tint chooses and the
/// tint's alpha (the vibrant colour is composited over the pixel with it:
/// `a V(bg) + (1 - a) bg`; 1 for an opaque tint, the usual case).
public struct VibrantInk: Sendable, Hashable {
  public var matrix: VibrancyMatrix
  public var alpha: Double

  public init(matrix: VibrancyMatrix, alpha: Double) {
    self.matrix = matrix
    self.alpha = alpha
  }

  /// The colour drawn over `bg`.
  @inlinable
  public func foreground(over bg: RGB) -> RGB {
    RGBA(matrix.apply(bg), alpha: alpha).composited(over: bg)
  }
}

extension Profile {
  /// The ink of `item` drawn in `color` over `rendering` in `appearance`
  /// and `mode`: the profile's matrix for that tint when the item is
  /// vibrant, the element is drawn as glass and the mode keeps the matrix
  /// (``VibrancyForms/rule(in:)``); nil when the item is drawn in its
  /// colour as a fixed colour (not vibrant; a mode that draws the tint; an
  /// element drawn without glass: a fallback, an app fill; a profile with
  /// no `vibrancy` section).
  public func vibrantInk(
    of item: ContentItem, color: RGBA, rendering: ElementRendering, appearance: Appearance,
    mode: AccessibilityMode
  ) -> VibrantInk? {
    guard item.vibrant, let forms = vibrancy, forms.rule(in: mode) == .matrix,
      case .material(let pipeline, _) = rendering.surface, pipeline.kind == .glass
    else { return nil }
    return VibrantInk(
      matrix: forms.matrix(tint: color.rgb, appearance: appearance), alpha: color.alpha)
  }
}
