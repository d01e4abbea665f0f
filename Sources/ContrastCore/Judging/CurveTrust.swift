/// Which numbers of a curve a reading takes (SPEC §2.3, §3.2): the cell on a
/// node, the two cells of a table (four of a grid) it interpolates between,
/// and whether it reads beyond the outer cells, where the curve is held
/// constant.
public struct CurveReading: Sendable, Hashable {
  /// The cells read: 0 for a constant, `i` for a table's `table[i]`,
  /// `i * settings + j` for a grid's `values[i][j]`.
  public var cells: [Int]
  /// Whether the reading is beyond the first or the last cell on some axis
  /// (a full-screen element's short side is beyond the largest).
  public var beyondEnds: Bool
}

extension ProfileCurve {
  /// The cells that ``value(shortSideInPoints:liquidGlass:)`` reads for an
  /// element whose short side is `shortSideInPoints` (nil: full screen)
  /// under setting `liquidGlass`.
  public func reading(shortSideInPoints: Double?, liquidGlass: Double) -> CurveReading {
    switch self {
    case .constant:
      return CurveReading(cells: [0], beyondEnds: false)
    case .table(let axis, let points):
      let x = axis == .shortSide ? shortSideInPoints : liquidGlass
      let (nodes, beyond) = Self.nodesRead(xs: points.map(\.x), at: x)
      return CurveReading(cells: nodes, beyondEnds: beyond)
    case .grid(let sides, let settings, _):
      let (rows, beyondSide) = Self.nodesRead(xs: sides, at: shortSideInPoints)
      let (columns, beyondSetting) = Self.nodesRead(xs: settings, at: liquidGlass)
      return CurveReading(
        cells: rows.flatMap { i in columns.map { i * settings.count + $0 } },
        beyondEnds: beyondSide || beyondSetting)
    }
  }

  /// The points ``interpolate(xs:values:at:)`` reads at `x`: one on a node
  /// (or beyond an end), the two around `x` between nodes; and whether `x`
  /// is beyond the ends (nil reads as beyond the last point).
  static func nodesRead(xs: [Double], at x: Double?) -> (nodes: [Int], beyond: Bool) {
    let last = xs.count - 1
    guard last >= 0 else { return ([], false) }
    guard let x, x <= xs[last] else { return ([last], true) }
    if x < xs[0] { return ([0], true) }
    var i = 0
    while x > xs[i] { i += 1 }
    return x == xs[i] ? ([i], false) : ([i - 1, i], false)
  }
}

/// The provenance of one curve of a profile, cell by cell, to find the
/// trust of the numbers a reading takes (``CurveReading``).
struct CurveTrust: Sendable {
  var curve: ProfileCurve
  /// Per cell (``CurveReading/cells``), its trust and path; nil where the
  /// profile states none.
  var cells: [(trust: Trust, path: String)?]
  /// The trust of reading beyond the outer cells: the curve's `beyondEnds`
  /// when the profile states it, else an assumption (nothing measures a
  /// value beyond the measured cells).
  var beyondEnds: (trust: Trust, path: String)

  /// The curve at `path` of `profile` (nil when the profile states nothing
  /// of it: a number it does not have).
  init?(_ curve: ProfileCurve, path: String, provenance: [String: Provenance]) {
    guard provenance[path] != nil else { return nil }
    self.curve = curve
    func at(_ p: String) -> (trust: Trust, path: String)? {
      provenance[p].map { ($0.trust, p) }
    }
    switch curve {
    case .constant:
      cells = [at(path)]
    case .table(_, let points):
      cells = points.indices.map { at("\(path).table[\($0)][1]") }
    case .grid(_, let settings, let values):
      cells = values.indices.flatMap { i in
        settings.indices.map { at("\(path).grid.values[\(i)][\($0)]") }
      }
    }
    let beyond = "\(path).beyondEnds"
    beyondEnds = at(beyond) ?? (.assumption, beyond)
  }

  /// The weakest trust of the numbers read at (`shortSideInPoints`,
  /// `liquidGlass`), and its path; of equally weak ones, the first path in
  /// the order of the text.
  func trust(shortSideInPoints: Double?, liquidGlass: Double) -> (trust: Trust, path: String)? {
    let reading = curve.reading(shortSideInPoints: shortSideInPoints, liquidGlass: liquidGlass)
    var found: (trust: Trust, path: String)?
    for cell in reading.cells where cell < cells.count {
      found = TrustIndex.weakerInOrder(found, cells[cell])
    }
    if reading.beyondEnds { found = TrustIndex.weakerInOrder(found, beyondEnds) }
    return found
  }
}

/// The provenance of one material in one appearance, number by number: the
/// blur's sigmas and shares, the curves of the tone, and the weakest of its
/// other numbers (fill, brightness, plate share and stops), which do not
/// depend on the element.
struct MaterialTrust: Sendable {
  var blur: [CurveTrust] = []
  var curves: [CurveTrust] = []
  var fixed: (trust: Trust, path: String)?

  /// The numbers of `p`, the parameters of the material `name` in
  /// `appearance`; `weakest` gives the weakest provenance under a path.
  init(
    _ p: MaterialParameters, name: String, appearance: Appearance,
    provenance: [String: Provenance], weakest: (String) -> (trust: Trust, path: String)?
  ) {
    let base = "materials.\(name).\(appearance.rawValue)"
    func curve(_ c: ProfileCurve?, _ path: String) -> CurveTrust? {
      c.flatMap { CurveTrust($0, path: path, provenance: provenance) }
    }
    if provenance["\(base).blurRadius"] != nil || provenance["\(base).blurMix"] != nil {
      // The shorthand: [{sigma 0, the remainder}, {sigma blurRadius, share blurMix}].
      let last = p.blur.components.last
      blur = [
        curve(last?.sigmaInPoints, "\(base).blurRadius"), curve(last?.share, "\(base).blurMix"),
      ].compactMap { $0 }
    } else {
      blur = p.blur.components.enumerated().flatMap { i, c in
        [
          curve(c.sigmaInPoints, "\(base).blur[\(i)].sigma"),
          curve(c.share, "\(base).blur[\(i)].share"),
        ]
        .compactMap { $0 }
      }
    }
    curves = [
      curve(p.black, "\(base).black"), curve(p.lumaCap, "\(base).lumaCap"),
      curve(p.saturation, "\(base).saturation"), curve(p.white, "\(base).white"),
    ].compactMap { $0 }
    for key in ["brightness", "fill", "plateShare", "stops"] {
      fixed = TrustIndex.weakerInOrder(fixed, weakest("\(base).\(key)"))
    }
  }

  /// Whether the profile states anything of this material's numbers.
  var isEmpty: Bool { blur.isEmpty && curves.isEmpty && fixed == nil }

  /// The weakest trust of the numbers an element whose short side is
  /// `shortSideInPoints` reads under setting `liquidGlass`: every tone
  /// curve's cells, the fixed numbers, and the blur's unless
  /// `blurCanChangePixels` says no (its backdrop is one colour), asked only
  /// when the blur's numbers would decide the result: when they are the
  /// weakest of the material's and weaker than `before` (what the verdict
  /// already rests on, which a number as weak does not displace).
  func trust(
    shortSideInPoints: Double?, liquidGlass: Double, before: Trust? = nil,
    blurCanChangePixels: () -> Bool
  ) -> (trust: Trust, path: String)? {
    var rest = fixed
    for c in curves {
      rest = TrustIndex.weakerInOrder(
        rest, c.trust(shortSideInPoints: shortSideInPoints, liquidGlass: liquidGlass))
    }
    var blurred: (trust: Trust, path: String)?
    for c in blur {
      blurred = TrustIndex.weakerInOrder(
        blurred, c.trust(shortSideInPoints: shortSideInPoints, liquidGlass: liquidGlass))
    }
    guard let blurred else { return rest }
    let all = TrustIndex.weakerInOrder(rest, blurred)
    // The blur decides only when it is the weakest (or names the basis).
    guard let all, all == blurred else { return all }
    if let before, before.strength <= blurred.trust.strength { return all }
    return blurCanChangePixels() ? all : rest
  }
}
