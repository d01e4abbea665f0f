/// The per-pixel part of a material (SPEC §3.2): what it does to one blurred
/// backdrop colour. Blur and the Reduce Transparency mean happen before it.
///
/// Glass: luma cap, levels, fill, tint, clamp. Standard: saturation,
/// brightness, fill, tint, clamp. Values are gamma-encoded and nothing is
/// clamped before the last step.
public struct MaterialPipeline: Sendable, Hashable {
  public var kind: MaterialKind
  public var saturation: Double
  public var white: Double
  public var black: Double
  public var lumaCap: Double
  public var brightness: Double
  /// The fill, source-over after the levels (or brightness); nil for none.
  public var fill: RGBA?
  /// The element tint, source-over after the fill; nil for none.
  public var tint: RGBA?

  public init(parameters p: MaterialParameters, fill: RGBA?, tint: RGBA?) {
    kind = p.kind
    saturation = p.saturation
    white = p.white
    black = p.black
    lumaCap = p.lumaCap
    brightness = p.brightness
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
  /// Standard: `c = Y + Sat (c - Y)`, `c += brightness`, fill, tint, clamp.
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
      c = RGB(
        r: y + saturation * (c.r - y) + brightness, g: y + saturation * (c.g - y) + brightness,
        b: y + saturation * (c.b - y) + brightness)
    }
    if let fill { c = fill.composited(over: c) }
    if let tint { c = tint.composited(over: c) }
    return c.clamped
  }
}
