/// The per-pixel part of a material (SPEC §3.2): what it does to one blurred
/// backdrop colour, with every curve of the profile already read at the
/// element's short side and the Liquid Glass setting. Blur and the Reduce
/// Transparency mean happen before it.
///
/// Glass: luma cap, levels, fill, tint, clamp. Standard (CoreMaterial):
/// saturation, plate, brightness, tint, clamp. Values are gamma-encoded and
/// nothing is clamped before the last step.
public struct MaterialPipeline: Sendable, Hashable {
  public var kind: MaterialKind
  public var saturation: Double
  public var white: Double
  public var black: Double
  public var lumaCap: Double
  public var brightness: Double
  /// The plate's share a (standard materials).
  public var plateShare: Double
  /// The plate's levels at evenly spaced luma 0 ... 1, at least two
  /// (standard materials).
  public var plateStops: [Double]
  /// The fill, source-over after the levels; nil for none.
  public var fill: RGBA?
  /// The element tint, source-over after the fill; nil for none.
  public var tint: RGBA?

  /// The pipeline of `p` for an element whose short side is
  /// `shortSideInPoints` (nil: full screen) under Liquid Glass setting
  /// `liquidGlass` (0.5, the default setting, unless given).
  public init(
    parameters p: MaterialParameters, shortSideInPoints: Double? = nil, liquidGlass: Double = 0.5,
    fill: RGBA?, tint: RGBA?
  ) {
    func read(_ curve: ProfileCurve) -> Double {
      curve.value(shortSideInPoints: shortSideInPoints, liquidGlass: liquidGlass)
    }
    kind = p.kind
    saturation = read(p.saturation)
    white = read(p.white)
    black = read(p.black)
    lumaCap = read(p.lumaCap)
    brightness = p.brightness
    plateShare = p.plateShare
    plateStops = p.plateStops.count >= 2 ? p.plateStops : [0, 1]
    self.fill = fill
    self.tint = tint
  }

  /// The background colour this material shows over `backdrop`.
  ///
  /// Glass, with `Y(c)` the Rec. 709 luma of the encoded values:
  /// 1. luma cap: `k = clamp(1 - Y (1 - L), 0, 1)`,
  ///    `c = k (Y + (c - Y)(1 + 0.3 (1 - k)))`;
  /// 2. levels: `c = Black + (White - Black) Y(c) + Sat (c - Y(c))`;
  /// 3. fill, then tint, source-over; 4. clamp to `[0, 1]`.
  ///
  /// Standard (CoreMaterial), with `Y` the luma of the backdrop:
  /// `s = Y + Sat (c - Y)`; `c = (1 - a) s + a P(Y) + brightness`, where
  /// ``plate(_:)`` is `P`; then the tint source-over; clamp.
  /// The result always lies in the RGB cube.
  @inlinable
  public func apply(_ backdrop: RGB) -> RGB {
    var c = backdrop
    switch kind {
    case .glass:
      var y = c.rec709Luma
      let k = min(max(1 - y * (1 - lumaCap), 0), 1)
      let boost = 1 + 0.3 * (1 - k)
      c = RGB(
        r: k * (y + (c.r - y) * boost), g: k * (y + (c.g - y) * boost),
        b: k * (y + (c.b - y) * boost))
      y = c.rec709Luma
      let base = black + (white - black) * y
      c = RGB(
        r: base + saturation * (c.r - y), g: base + saturation * (c.g - y),
        b: base + saturation * (c.b - y))
    case .standard:
      let y = c.rec709Luma
      let keep = 1 - plateShare
      let lift = plateShare * plate(y)
      c = RGB(
        r: keep * (y + saturation * (c.r - y)) + lift + brightness,
        g: keep * (y + saturation * (c.g - y)) + lift + brightness,
        b: keep * (y + saturation * (c.b - y)) + lift + brightness)
    }
    if let fill { c = fill.composited(over: c) }
    if let tint { c = tint.composited(over: c) }
    return c.clamped
  }

  /// The plate level P(Y): piecewise linear through the n stops at luma
  /// `i / (n - 1)`. With `x = clamp(Y, 0, 1)(n - 1)`, `i = min(floor x, n - 2)`:
  /// `P = stops[i] + (stops[i + 1] - stops[i])(x - i)`.
  @inlinable
  public func plate(_ luma: Double) -> Double {
    let last = plateStops.count - 1
    let x = min(max(luma, 0), 1) * Double(last)
    let i = min(Int(x), last - 1)
    let f = x - Double(i)
    return plateStops[i] + (plateStops[i + 1] - plateStops[i]) * f
  }
}
