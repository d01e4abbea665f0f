/// A number of a profile curve as calibration writes it back, with its
/// provenance.
struct WrittenCell: Equatable {
  var value: Double
  var provenance: Provenance
}

/// A curve as calibration writes it back: the base curve with the fitted
/// values put in at the measured setting and short sides (SPEC §3.2).
enum WrittenCurve: Equatable {
  case constant(WrittenCell)
  case table(ProfileCurve.Axis, [(x: Double, cell: WrittenCell)])
  case grid(shortSides: [Double], settings: [Double], values: [[WrittenCell]])

  static func == (a: WrittenCurve, b: WrittenCurve) -> Bool {
    switch (a, b) {
    case (.constant(let x), .constant(let y)): x == y
    case (.table(let p, let xs), .table(let q, let ys)):
      p == q && xs.map(\.x) == ys.map(\.x) && xs.map(\.cell) == ys.map(\.cell)
    case (.grid(let s1, let t1, let v1), .grid(let s2, let t2, let v2)):
      s1 == s2 && t1 == t2 && v1 == v2
    default: false
    }
  }

  /// The curve's values, for reading back.
  var curve: ProfileCurve {
    switch self {
    case .constant(let c): .constant(c.value)
    case .table(let axis, let points): .table(axis, points.map { .init($0.x, $0.cell.value) })
    case .grid(let s, let t, let v):
      .grid(shortSides: s, settings: t, values: v.map { $0.map(\.value) })
    }
  }

  var cells: [WrittenCell] {
    switch self {
    case .constant(let c): [c]
    case .table(_, let points): points.map(\.cell)
    case .grid(_, _, let v): v.flatMap { $0 }
    }
  }

  /// `base` (whose cells' provenance `provenance(cellPath)` gives, the
  /// curve at `path`) with `fitted` put in: a value for every size replaces
  /// a constant, or the point at `setting` of a table by setting (inserted
  /// when the table has none there); values per short side become points
  /// of a table by short side, or cells of a grid at (side, `setting`), the
  /// grid gaining rows and a column where it has none (their other cells
  /// read from the base curve, so the curve is unchanged away from the
  /// measured points). Cells read off the base curve where it has no point
  /// carry `interpolated`.
  static func inserting(
    _ fitted: [(scope: CalibrationScope, cell: WrittenCell)], into base: ProfileCurve,
    setting: Double, path: String, provenance: (String) -> Provenance,
    interpolated: Provenance
  ) -> WrittenCurve {
    func replacing(
      _ points: [(x: Double, cell: WrittenCell)], at x: Double, with cell: WrittenCell
    ) -> [(x: Double, cell: WrittenCell)] {
      var out = points.filter { $0.x != x }
      out.append((x, cell))
      return out.sorted { $0.x < $1.x }
    }
    switch base {
    case .constant(let v):
      return .constant(fitted.first?.cell ?? WrittenCell(value: v, provenance: provenance(path)))
    case .table(let axis, let points):
      var out = points.enumerated().map { i, p in
        (
          x: p.x,
          cell: WrittenCell(value: p.value, provenance: provenance("\(path).table[\(i)][1]"))
        )
      }
      for f in fitted {
        switch (axis, f.scope) {
        case (.setting, _): out = replacing(out, at: setting, with: f.cell)
        case (.shortSide, .shortSide(let side?)): out = replacing(out, at: side, with: f.cell)
        case (.shortSide, _): out = out.map { ($0.x, f.cell) }
        }
      }
      return .table(axis, out)
    case .grid(let sides, let settings, let values):
      var newSides = sides
      var newSettings = settings
      if !fitted.isEmpty && !newSettings.contains(setting) {
        newSettings = (newSettings + [setting]).sorted()
      }
      for f in fitted {
        if case .shortSide(let side?) = f.scope, !newSides.contains(side) {
          newSides = (newSides + [side]).sorted()
        }
      }
      let cells = newSides.map { side in
        newSettings.map { s -> WrittenCell in
          if s == setting,
            let f = fitted.first(where: { $0.scope == .shortSide(side) || $0.scope == .everySize })
          {
            return f.cell
          }
          if let i = sides.firstIndex(of: side), let j = settings.firstIndex(of: s) {
            return WrittenCell(
              value: values[i][j], provenance: provenance("\(path).grid.values[\(i)][\(j)]"))
          }
          return WrittenCell(
            value: base.value(shortSideInPoints: side, liquidGlass: s), provenance: interpolated)
        }
      }
      return .grid(shortSides: newSides, settings: newSettings, values: cells)
    }
  }

  /// The YAML lines of the curve under a key, at `indent` spaces: the most
  /// common provenance of its cells on the curve's mapping, every other
  /// cell written `{value: v, source: ..., trust: ...}`.
  func lines(key: String, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    if case .constant(let c) = self { return ["\(pad)\(key): \(Self.inline(c, unless: nil))"] }
    let counts = cells.reduce(into: [Provenance: Int]()) { $0[$1.provenance, default: 0] += 1 }
    let common = cells.map(\.provenance).first { counts[$0] == counts.values.max() }!
    let inner = pad + "  "
    var out = [
      "\(pad)\(key):", "\(inner)source: \(CalibrationText.yamlQuoted(common.source))",
      "\(inner)trust: \(common.trust.rawValue)",
    ]
    switch self {
    case .constant: break
    case .table(let axis, let points):
      out.append("\(inner)by: \(axis.rawValue)")
      out.append("\(inner)table:")
      for p in points {
        out.append("\(inner)  - [\(JSONValue.format(p.x)), \(Self.inline(p.cell, unless: common))]")
      }
    case .grid(let sides, let settings, let values):
      out.append("\(inner)grid:")
      out.append("\(inner)  shortSide: [\(sides.map(JSONValue.format).joined(separator: ", "))]")
      out.append("\(inner)  setting: [\(settings.map(JSONValue.format).joined(separator: ", "))]")
      out.append("\(inner)  values:")
      for row in values {
        out.append(
          "\(inner)    - [" + row.map { Self.inline($0, unless: common) }.joined(separator: ", ")
            + "]")
      }
    }
    return out
  }

  /// The number, plain when its provenance is `inherited`, else with its own.
  static func inline(_ c: WrittenCell, unless inherited: Provenance?) -> String {
    if c.provenance == inherited { return JSONValue.format(c.value) }
    return "{value: \(JSONValue.format(c.value)), source: "
      + "\(CalibrationText.yamlQuoted(c.provenance.source)), trust: \(c.provenance.trust.rawValue)}"
  }
}

extension CalibrationResult {
  /// The trust calibrated numbers carry: the profile's vocabulary (apple,
  /// third-party-measurement, assumption) has no `measured`; a team's own
  /// measurement of iOS renders is nearest to a third party's.
  public static let calibratedTrust = Trust.thirdPartyMeasurement

  /// Whether every sample is a pixel of a capture, a measurement row, or both.
  var sampleWord: String {
    let captures = residuals.contains { $0.isCapture }
    let rows = residuals.contains { !$0.isCapture }
    return captures && rows ? "samples (pixels and rows)" : captures ? "pixels" : "rows"
  }

  /// Where the calibration measured, for sources: `glass.regular light,
  /// normal mode, Liquid Glass 0.5`.
  var conditions: String {
    let glass = base.materials[target.material]?.light.kind == .glass
    let setting =
      glass && !target.mode.reducesTransparency
      ? ", Liquid Glass \(JSONValue.format(target.liquidGlass))" : ""
    return
      "\(target.material) \(target.appearance.rawValue), \(target.mode.rawValue) mode\(setting)"
  }

  /// The provenance of a fitted number.
  func provenance(of f: Fitted) -> Provenance {
    let side: String
    switch f.scope {
    case .everySize: side = ""
    case .shortSide(let s):
      side = s.map { ", short side \(JSONValue.format($0)) pt" } ?? ", full screen"
    }
    return Provenance(
      source:
        "calibrated from \(inputs.joined(separator: ", ")): \(f.samples) \(sampleWord), rms "
        + "\(Self.levels(f.rmsLevels)) levels (glass-audit calibrate; \(conditions)\(side)); "
        + "measured by this team, recorded as third-party-measurement (the profile's trust "
        + "vocabulary has no 'measured')",
      trust: Self.calibratedTrust)
  }

  /// The profile file `glass-audit calibrate --out` writes: an override of
  /// the base profile (`run --profile FILE` and `fidelity --profile FILE`
  /// lay it over the default profile) that replaces only the calibrated
  /// numbers of the target's material and appearance (or, in the Increase
  /// Contrast modes, the Increase Contrast rules), each with its source
  /// (``provenance(of:)``) and trust ``calibratedTrust``; curves keep the
  /// base's points away from the measured setting and sizes. Comments and
  /// the appearance's `source` state what was left and why. Numbers with
  /// six decimals; the same result gives the same bytes.
  ///
  /// `name` becomes the profile's name in reports.
  public func profileText(name: String) -> String {
    let material = target.material
    let appearance = target.appearance.rawValue
    let basePath = "materials.\(material).\(appearance)"
    let p = base.materials[material]!.parameters(for: target.appearance)
    func baseProvenance(_ path: String) -> Provenance {
      base.provenance[path]
        ?? Provenance(source: "\(base.name) (no source given)", trust: .assumption)
    }
    func weakest(_ paths: [String]) -> Trust {
      paths.compactMap { base.provenance[$0]?.trust }.min { $0.strength < $1.strength }
        ?? .assumption
    }
    func interpolated(_ path: String) -> Provenance {
      Provenance(
        source:
          "\(base.name)'s curve read here (kept as it was: the calibration measured "
          + "\(conditions) only)",
        trust: weakest(base.provenance.keys.filter { $0.hasPrefix(path + ".") || $0 == path }))
    }
    func fittedCells(_ parameter: CalibrationParameter)
      -> [(scope: CalibrationScope, cell: WrittenCell)]
    {
      fitted.filter { $0.parameter == parameter }.map {
        ($0.scope, WrittenCell(value: $0.after, provenance: provenance(of: $0)))
      }
    }
    func curveLines(
      _ parameter: CalibrationParameter, _ curve: ProfileCurve, path: String, key: String,
      indent: Int
    )
      -> [String]
    {
      WrittenCurve.inserting(
        fittedCells(parameter), into: curve, setting: target.liquidGlass, path: path,
        provenance: baseProvenance, interpolated: interpolated(path)
      ).lines(key: key, indent: indent)
    }

    var appearanceLines: [String] = []
    let ind = 6
    for parameter in [CalibrationParameter.black, .white, .lumaCap, .saturation]
    where fitted.contains(where: { $0.parameter == parameter }) {
      let key = parameter.name(appearance: target.appearance)
      let curve: ProfileCurve =
        switch parameter {
        case .black: p.black
        case .white: p.white
        case .lumaCap: p.lumaCap
        default: p.saturation
        }
      appearanceLines += curveLines(
        parameter, curve, path: "\(basePath).\(key)", key: key, indent: ind)
    }
    for parameter in [CalibrationParameter.brightness, .plateShare] {
      guard let f = fitted.first(where: { $0.parameter == parameter }) else { continue }
      let cell = WrittenCell(value: f.after, provenance: provenance(of: f))
      appearanceLines.append(
        "      \(parameter.name(appearance: target.appearance)): \(WrittenCurve.inline(cell, unless: nil))"
      )
    }
    if fitted.contains(where: { if case .stop = $0.parameter { true } else { false } }) {
      let stops = p.plateStops.indices.map { i -> String in
        if let f = fitted.first(where: { $0.parameter == .stop(i) }) {
          return WrittenCurve.inline(
            WrittenCell(value: f.after, provenance: provenance(of: f)), unless: nil)
        }
        return WrittenCurve.inline(
          WrittenCell(
            value: p.plateStops[i], provenance: baseProvenance("\(basePath).stops[\(i)]")),
          unless: nil)
      }
      appearanceLines.append("      stops:")
      appearanceLines += stops.map { "        - \($0)" }
    }
    let blurFitted = fitted.filter {
      switch $0.parameter {
      case .blurSigma, .blurShare: true
      default: false
      }
    }
    if !blurFitted.isEmpty {
      if base.provenance["\(basePath).blurRadius"] != nil, let f = blurFitted.first,
        case .blurSigma = f.parameter, blurFitted.count == 1
      {
        let cell = WrittenCell(value: f.after, provenance: provenance(of: f))
        appearanceLines.append("      blurRadius: \(WrittenCurve.inline(cell, unless: nil))")
      } else {
        appearanceLines.append("      blur:")
        for (k, component) in p.blur.components.enumerated() {
          let at = "\(basePath).blur[\(k)]"
          var item = curveLines(
            .blurSigma(k), component.sigmaInPoints, path: "\(at).sigma", key: "sigma", indent: 10)
          if let share = component.share {
            item += curveLines(.blurShare(k), share, path: "\(at).share", key: "share", indent: 10)
          }
          item[0] = "        - " + item[0].dropFirst(10)
          appearanceLines += item
        }
      }
    }

    var icLines: [String] = []
    if let alpha = fitted.first(where: { $0.parameter == .minimumFillAlpha }) {
      icLines.append(
        "  minimumFillAlpha: "
          + WrittenCurve.inline(
            WrittenCell(value: alpha.after, provenance: provenance(of: alpha)), unless: nil))
    }
    let channels = fitted.filter { if case .glassFill = $0.parameter { true } else { false } }
    if let first = channels.first {
      let baseFill = base.increaseContrast.glassFill[target.appearance]
      var rgb = [baseFill.r, baseFill.g, baseFill.b]
      for f in channels { if case .glassFill(let c) = f.parameter { rgb[c] = f.after } }
      let hex =
        "#"
        + rgb.map { v -> String in
          let byte = Int((min(max(v, 0), 1) * 255).rounded())
          let s = String(byte, radix: 16, uppercase: true)
          return s.count == 1 ? "0" + s : s
        }.joined()
      let pr = provenance(of: first)
      icLines.append("  glassFill:")
      icLines.append(
        "    \(appearance): {value: \"\(hex)\", source: \(CalibrationText.yamlQuoted(pr.source)), "
          + "trust: \(pr.trust.rawValue)}")
    }
    if let share = fitted.first(where: { $0.parameter == .minimumPlateShare }) {
      icLines.append(
        "  minimumPlateShare: "
          + WrittenCurve.inline(
            WrittenCell(value: share.after, provenance: provenance(of: share)), unless: nil))
    }

    var out: [String] = []
    out.append("# glass-audit material profile, format version 1: an override written by")
    out.append("# `glass-audit calibrate` (SPEC §3.7). `glass-audit run --profile FILE` and")
    out.append(
      "# `glass-audit fidelity --profile FILE` lay it over the default profile: it replaces")
    out.append("# only the numbers below, each with its source; everything else is the default's.")
    out.append("#")
    out.append("# Calibrated: \(CalibrationText.escaped(conditions)).")
    out.append("# From: \(inputs.map(CalibrationText.escaped).joined(separator: ", ")).")
    out.append(
      "# Fit: \(samples) \(sampleWord), rms \(Self.levels(rmsLevels)) levels, largest error "
        + "\(Self.levels(maxLevels)) levels (0-255, every channel).")
    out.append("# Trust: third-party-measurement, the nearest the profile's vocabulary has to")
    out.append("# 'measured by this team'.")
    if !kept.isEmpty {
      out.append("# Left as \(base.name) gives them:")
      for k in kept {
        out.append(
          "#   \(CalibrationText.escaped(keptName(k))): \(CalibrationText.escaped(k.reason))")
      }
    }
    out.append("")
    out.append("version: 1")
    out.append("name: \(CalibrationText.yamlQuoted(name))")
    let note =
      "glass-audit calibrate: \(conditions), from \(inputs.joined(separator: ", ")); left as "
      + "\(base.name) gives them: "
      + (kept.isEmpty
        ? "nothing" : kept.map { "\(keptName($0)) (\($0.reason))" }.joined(separator: "; "))
    if !appearanceLines.isEmpty {
      out.append("materials:")
      out.append("  \(material):")
      out.append("    \(appearance):")
      out.append("      source: \(CalibrationText.yamlQuoted(note))")
      out.append("      trust: \(Self.calibratedTrust.rawValue)")
      out += appearanceLines
    }
    if !icLines.isEmpty {
      out.append("increaseContrast:")
      out.append("  source: \(CalibrationText.yamlQuoted(note))")
      out.append("  trust: \(Self.calibratedTrust.rawValue)")
      out += icLines
    }
    if !residuals.contains(where: \.isCapture), inputs.count == 1, !appearanceLines.isEmpty {
      let glass = p.kind == .glass
      let all = residuals
      let count = all.reduce(0) { $0 + $1.samples }
      let mean = all.reduce(0.0) { $0 + $1.meanLevels * Double($1.samples) } / Double(max(count, 1))
      let max = all.map(\.maxLevels).max() ?? 0
      let fitNote =
        "glass-audit calibrate: each calibrated group's errors on the rows it was fitted to "
        + "(levels 0-255, every channel; measured by this team)"
      out.append("fit:")
      out.append("  source: \(CalibrationText.yamlQuoted(fitNote))")
      out.append("  trust: \(Self.calibratedTrust.rawValue)")
      out.append("  measurements: \(CalibrationText.yamlQuoted(inputs[0]))")
      out.append("  residuals:")
      out.append(
        "    - {material: \(CalibrationText.yamlQuoted(material)), appearance: \(appearance), "
          + (glass ? "setting: \(JSONValue.format(target.liquidGlass)), " : "")
          + "count: \(count), mean: \(Self.fixed2(mean)), max: \(Self.fixed2(max))}")
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// A kept number's name with its size.
  func keptName(_ k: Kept) -> String {
    switch k.scope {
    case .everySize: k.name
    case .shortSide(let s):
      "\(k.name) at \(s.map { JSONValue.format($0) + " pt" } ?? "full screen")"
    }
  }

  /// Levels rounded up to two decimals, so a stated residual is never below
  /// the real one.
  static func fixed2(_ v: Double) -> String {
    let hundredths = Int((v * 100).rounded(.up))
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction)"
  }
}
