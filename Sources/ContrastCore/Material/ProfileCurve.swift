/// A number of a material that may depend on the element's short side (pt)
/// and on the Liquid Glass setting s in [0, 1] (SPEC §3.2): a constant, a
/// table over one of the two, or a grid over both. Tables and grids are read
/// by linear interpolation and held constant beyond their ends; a short side
/// of nil (full screen) reads as beyond the largest entry.
public enum ProfileCurve: Sendable, Hashable {
  /// What a table is read by.
  public enum Axis: String, Sendable, Hashable, CaseIterable {
    /// The element's short side, min(width, height), in points.
    case shortSide
    /// The Liquid Glass setting (0 clear, 0.5 default, 1 tinted).
    case setting
  }

  /// What a curve is beyond its outer cells (`beyondEnds` in a profile,
  /// which gives that reading its own provenance).
  public enum BeyondEnds: String, Sendable, CaseIterable {
    /// Held constant at the outer cell's value (the only reading).
    case held
  }

  /// One point of a table: the value at `x`.
  public struct Point: Sendable, Hashable {
    public var x: Double
    public var value: Double

    public init(_ x: Double, _ value: Double) {
      self.x = x
      self.value = value
    }
  }

  /// The same value everywhere.
  case constant(Double)
  /// Points over one axis, `x` strictly increasing.
  case table(Axis, [Point])
  /// `values[i][j]` at (`shortSides[i]`, `settings[j]`), both strictly
  /// increasing: each row is read by the setting, then the rows by the short side.
  case grid(shortSides: [Double], settings: [Double], values: [[Double]])

  /// The curve's value for an element whose short side is
  /// `shortSideInPoints` (nil: full screen) under setting `liquidGlass`.
  public func value(shortSideInPoints: Double?, liquidGlass: Double) -> Double {
    switch self {
    case .constant(let v):
      return v
    case .table(let axis, let points):
      let x = axis == .shortSide ? shortSideInPoints : liquidGlass
      return Self.interpolate(xs: points.map(\.x), values: points.map(\.value), at: x)
    case .grid(let sides, let settings, let values):
      let rows = values.map { Self.interpolate(xs: settings, values: $0, at: liquidGlass) }
      return Self.interpolate(xs: sides, values: rows, at: shortSideInPoints)
    }
  }

  /// Piecewise-linear through (`xs[i]`, `values[i]`), held constant beyond
  /// the ends; nil reads as beyond the last point.
  static func interpolate(xs: [Double], values: [Double], at x: Double?) -> Double {
    guard let last = values.last, let first = values.first else { return 0 }
    guard let x, x < xs[xs.count - 1] else { return last }
    if x <= xs[0] { return first }
    var i = 1
    while x > xs[i] { i += 1 }
    let t = (x - xs[i - 1]) / (xs[i] - xs[i - 1])
    return values[i - 1] + t * (values[i] - values[i - 1])
  }
}

extension ProfileCurve: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  public init(floatLiteral value: Double) { self = .constant(value) }
  public init(integerLiteral value: Int) { self = .constant(Double(value)) }
}
