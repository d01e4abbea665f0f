import Foundation

/// The fit of `glass-audit calibrate` (SPEC §3.7), in three steps.
///
/// 1. **What the data can pin.** Every candidate number (per short side
///    where the base profile's curve depends on it) gets its column of the
///    Jacobian of the residuals (levels per unit) at the base profile's
///    values. In a fixed order of priority, a number joins the fit when,
///    with those already in it and one level of noise per channel, its
///    standard deviation and theirs stay within
///    ``CalibrationParameter/requiredPrecision``: a number that changes no
///    measured colour (chroma on grey backdrops, blur on flat ones), or
///    whose effect the others already make (too few distinct levels; a
///    standard material's plate share and brightness, which reach the
///    colour only through `(1 - a) Sat` and `a P(Y) + brightness`), is left
///    as it was, with that reason.
/// 2. **Blur** (normal mode, when the data pins it). Each blur sigma is
///    searched in one dimension: a grid of factors `2^(k/2)`, `k = -4 ... 4`,
///    around the base value (extended while the best is at an end), then a
///    golden-section search in `log sigma` between the best point's
///    neighbours; each candidate costs a Levenberg-Marquardt fit of every
///    other number on a subsample (``CalibrationOptions/searchSampleLimit``),
///    blurs computed once per sigma. Several sigmas are searched in turn
///    until none moves (three rounds at most). Then each sigma is refined
///    on every sample: Newton steps on the parabola through the costs at
///    0.95, 1 and 1.05 times it.
/// 3. **Final fit**: Levenberg-Marquardt (``LeastSquares``) of every pinned
///    number but the sigmas, on every sample, residuals in levels 0-255 per
///    channel, each number kept in ``CalibrationParameter/bounds``, from the
///    base profile's values. Standard deviations from `s² (JᵀJ)⁻¹`, `s²` the
///    residual variance; a sigma's from the curvature of the cost at ±5 %.
struct Calibrator {
  struct Slot: Hashable {
    var parameter: CalibrationParameter
    var scope: CalibrationScope
  }

  let sets: [ObservationSet]
  let target: CalibrationTarget
  let parameters: MaterialParameters
  let profile: Profile
  let options: CalibrationOptions
  let inputNames: [String]
  /// Every candidate, in priority order.
  private(set) var candidates: [Slot] = []
  /// Numbers never fitted in this mode, with the reason.
  private(set) var fixedNotes: [CalibrationResult.Kept] = []

  init(
    sets: [ObservationSet], target: CalibrationTarget, material: MaterialDefinition,
    profile: Profile, options: CalibrationOptions, inputNames: [String]
  ) throws(DiagnosticList) {
    self.sets = sets
    self.target = target
    self.parameters = material.parameters(for: target.appearance)
    self.profile = profile
    self.options = options
    self.inputNames = inputNames
    try plan()
  }

  // MARK: Candidates

  /// The base curve of a number, when it is one.
  func curve(of parameter: CalibrationParameter) -> ProfileCurve? {
    let p = parameters
    switch parameter {
    case .black: return p.black
    case .white: return p.white
    case .lumaCap: return p.lumaCap
    case .saturation: return p.saturation
    case .blurSigma(let k): return p.blur.components[k].sigmaInPoints
    case .blurShare(let k): return p.blur.components[k].share
    default: return nil
    }
  }

  static func dependsOnShortSide(_ curve: ProfileCurve?) -> Bool {
    switch curve {
    case .table(.shortSide, _)?, .grid?: true
    default: false
    }
  }

  private mutating func plan() throws(DiagnosticList) {
    let glass = parameters.kind == .glass
    let vibrant = sets.reduce(0) { $0 + $1.vibrantItems }
    if vibrant > 0 {
      fixedNotes.append(
        .init(
          name: "vibrancy", scope: .everySize,
          reason:
            "calibrate cannot fit a vibrancy tint's matrix from captures yet: it measures the "
            + "glass clear of its content, the \(vibrant) vibrant "
            + "\(vibrant == 1 ? "item" : "items") included, and the profile's `vibrancy` stays as "
            + "it is (issue 30)"))
    }
    var order: [CalibrationParameter] = []
    if target.mode.increasesContrast {
      order =
        glass
        ? [.minimumFillAlpha, .glassFill(0), .glassFill(1), .glassFill(2)] : [.minimumPlateShare]
      fixedNotes.append(
        .init(
          name: "the material's own numbers", scope: .everySize,
          reason:
            "held as the profile gives them: in \(target.mode.rawValue) mode calibration fits the "
            + "profile's Increase Contrast rules (calibrate the material from normal-mode captures)"
        ))
    } else {
      order = glass ? [.black, .white, .lumaCap, .saturation] : [.saturation]
      if !glass { order += parameters.plateStops.indices.map { .stop($0) } }
      if target.mode == .normal {
        order += blurCandidates()
      } else {
        fixedNotes.append(
          .init(
            name: "blur", scope: .everySize,
            reason:
              "Reduce Transparency replaces the blurred backdrop with the mean of the wallpaper"))
      }
      if glass {
        fixedNotes.append(
          .init(
            name: "fill", scope: .everySize,
            reason:
              "a fill source-over the levels is another set of levels, so no measurement can tell "
              + "the two apart (fidelity/fit/REPORT.md); the levels carry it"))
      } else {
        order += [.brightness, .plateShare]
      }
    }
    let sides = sets.map(\.shortSide).reduce(into: [Double?]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    .sorted { ($0 ?? .infinity) < ($1 ?? .infinity) }
    for parameter in order {
      guard Self.dependsOnShortSide(curve(of: parameter)) else {
        candidates.append(Slot(parameter: parameter, scope: .everySize))
        continue
      }
      if sides.contains(where: { $0 == nil }) {
        let rows = sets.first { $0.shortSide == nil }!
        throw DiagnosticList([
          Diagnostic(
            file: rows.input, line: 0, column: 0,
            message:
              "rows give no shape size (full screen), but \(parameter.name(appearance: target.appearance)) "
              + "of \(target.material) depends on the element's short side in \(profile.name): give "
              + "shapeWidthPt and shapeHeightPt")
        ])
      }
      candidates += sides.map { Slot(parameter: parameter, scope: .shortSide($0)) }
    }
  }

  /// The narrow blur's sigma (the smallest sigma above 0) and, when another
  /// component blurs wider and gives its share, that share.
  private mutating func blurCandidates() -> [CalibrationParameter] {
    guard let first = sets.first else { return [] }
    let parts = first.blur
    let blurring = parts.indices.filter { parts[$0].sigmaInPoints > 0 }
    guard let narrow = blurring.min(by: { parts[$0].sigmaInPoints < parts[$1].sigmaInPoints })
    else {
      fixedNotes.append(
        .init(name: "blur", scope: .everySize, reason: "the material does not blur"))
      return []
    }
    var out: [CalibrationParameter] = [.blurSigma(narrow)]
    if let wide = blurring.filter({ $0 != narrow }).max(by: {
      parts[$0].sigmaInPoints < parts[$1].sigmaInPoints
    }) {
      let sigma = Capture.number(parts[wide].sigmaInPoints)
      if parameters.blur.components[wide].share != nil {
        out.append(.blurShare(wide))
        fixedNotes.append(
          .init(
            name: "blur[\(wide)].sigma", scope: .everySize,
            reason:
              "calibrate fits the narrow sigma and the wide share; the wide Gaussian's sigma "
              + "(\(sigma) pt here) is kept, since over a face its sigma and its share act much "
              + "alike"))
      } else {
        fixedNotes.append(
          .init(
            name: "blur[\(wide)]", scope: .everySize,
            reason: "the wide Gaussian (\(sigma) pt here) takes the remainder; its sigma is kept"))
      }
    }
    return out
  }

  // MARK: The model

  /// The base value of `slot` (read at its short side, or the first set's).
  func baseValue(_ slot: Slot) -> Double {
    let set = sets.first { slot.scope.covers($0.shortSide) } ?? sets[0]
    let pipe = set.pipeline
    switch slot.parameter {
    case .black: return pipe.black
    case .white: return pipe.white
    case .lumaCap: return pipe.lumaCap
    case .saturation: return pipe.saturation
    case .stop(let i): return pipe.plateStops[i]
    case .brightness: return pipe.brightness
    case .plateShare: return pipe.plateShare
    case .blurSigma(let k): return set.blur[k].sigmaInPoints
    case .blurShare(let k): return set.blur[k].share ?? 0
    case .glassFill(let c): return [pipe.fill?.rgb.r, pipe.fill?.rgb.g, pipe.fill?.rgb.b][c] ?? 0
    case .minimumFillAlpha: return profile.increaseContrast.minimumFillAlpha
    case .minimumPlateShare: return profile.increaseContrast.minimumPlateShare
    }
  }

  /// Appends the residuals (model minus observed, levels) of every
  /// `stride`-th sample of every set, with `values` in place of the base's.
  func residuals(_ values: [(Slot, Double)], stride: Int) -> [Double] {
    var out: [Double] = []
    for set in sets {
      var pipe = set.pipeline
      var parts = set.blur
      for (slot, v) in values where slot.scope.covers(set.shortSide) {
        switch slot.parameter {
        case .black: pipe.black = v
        case .white: pipe.white = v
        case .lumaCap: pipe.lumaCap = v
        case .saturation: pipe.saturation = v
        case .stop(let i): pipe.plateStops[i] = v
        case .brightness: pipe.brightness = v
        case .plateShare: pipe.plateShare = v
        case .blurSigma(let k): parts[k].sigmaInPoints = v
        case .blurShare(let k): parts[k].share = v
        case .glassFill(let c):
          var fill = pipe.fill ?? RGBA(.black, alpha: 0)
          switch c {
          case 0: fill.rgb.r = v
          case 1: fill.rgb.g = v
          default: fill.rgb.b = v
          }
          pipe.fill = fill
        case .minimumFillAlpha:
          pipe.fill = (pipe.fill ?? RGBA(.black, alpha: 0)).withAlpha(max(set.ownFillAlpha, v))
        case .minimumPlateShare: pipe.plateShare = max(set.ownPlateShare, v)
        }
      }
      let given = parts.reduce(0.0) { $0 + ($1.share ?? 0) }
      let weighted = parts.compactMap { part -> (Double, [Float])? in
        let w = part.share ?? max(0, 1 - given)
        guard w > 0 else { return nil }
        return (w, set.blurred(sigmaInPixels: part.sigmaInPoints * set.scale))
      }
      let observed = set.observed
      // A flat backdrop is its own blur: B = W whatever the weights.
      let mixture = set.isFlat ? [(1.0, set.sharp)] : weighted
      for n in Swift.stride(from: 0, to: set.count, by: stride) {
        var b = (0.0, 0.0, 0.0)
        for (w, g) in mixture {
          b.0 += w * Double(g[3 * n])
          b.1 += w * Double(g[3 * n + 1])
          b.2 += w * Double(g[3 * n + 2])
        }
        let c = pipe.apply(RGB(r: b.0, g: b.1, b: b.2))
        out.append(c.r * 255 - observed[3 * n])
        out.append(c.g * 255 - observed[3 * n + 1])
        out.append(c.b * 255 - observed[3 * n + 2])
      }
    }
    return out
  }

  // MARK: Running

  mutating func run() throws(DiagnosticList) -> CalibrationResult {
    let start = candidates.map { baseValue($0) }
    let (pinned, kept) = pin(start: start)
    var values = Dictionary(uniqueKeysWithValues: zip(candidates, start))
    let free = pinned.filter { !$0.parameter.isBlurSigma }
    let sigmas = pinned.filter { $0.parameter.isBlurSigma }
    let total = sets.reduce(0) { $0 + $1.count }
    let searchStride = max(1, (total + options.searchSampleLimit - 1) / options.searchSampleLimit)

    func fit(_ sigmaValues: [Slot: Double], from x: [Double], stride: Int, iterations: Int)
      -> LeastSquares.Solution
    {
      let solver = LeastSquares(
        lower: free.map { $0.parameter.bounds.lowerBound },
        upper: free.map { $0.parameter.bounds.upperBound },
        steps: free.map { $0.parameter.step }, maximumIterations: iterations)
      let fixed = sigmaValues.sorted { $0.key.scope < $1.key.scope }.map { ($0.key, $0.value) }
      return solver.solve(from: x) { theta in
        residuals(Array(zip(free, theta)) + fixed, stride: stride)
      }
    }

    var theta = free.map { values[$0]! }
    var sigmaValues = Dictionary(uniqueKeysWithValues: sigmas.map { ($0, values[$0]!) })
    if !sigmas.isEmpty {
      for _ in 0..<3 {
        var moved = false
        for slot in sigmas {
          let (best, solution) = search(slot, sigmaValues, theta) { trial, x in
            fit(trial, from: x, stride: searchStride, iterations: 60)
          }
          if abs(best - sigmaValues[slot]!) > 1e-3 * sigmaValues[slot]! { moved = true }
          sigmaValues[slot] = best
          theta = solution.x
        }
        if !moved || sigmas.count == 1 { break }
      }
    }
    var final = fit(sigmaValues, from: theta, stride: 1, iterations: options.maximumIterations)
    // The search saw a subsample: each sigma is refined on every sample by
    // Newton steps on the parabola through the costs at 0.95, 1 and 1.05
    // times it (each step at most 10 %, taken only when it lowers the cost).
    for slot in sigmas where final.converged {
      for _ in 0..<6 {
        let s = sigmaValues[slot]!
        var costs: [Double] = []
        for factor in [0.95, 1.05] {
          var trial = sigmaValues
          trial[slot] = s * factor
          costs.append(fit(trial, from: final.x, stride: 1, iterations: 60).cost)
        }
        let h = 0.05 * s
        let curvature = (costs[0] + costs[1] - 2 * final.cost) / (h * h)
        guard curvature > 0 else { break }
        let step = max(-0.1 * s, min(0.1 * s, -(costs[1] - costs[0]) / (2 * h) / curvature))
        let bounds = slot.parameter.bounds
        let next = min(max(s + step, bounds.lowerBound), bounds.upperBound)
        guard abs(next - s) > 1e-4 * s else { break }
        var trial = sigmaValues
        trial[slot] = next
        let moved = fit(trial, from: final.x, stride: 1, iterations: options.maximumIterations)
        guard moved.converged, moved.cost < final.cost else { break }
        sigmaValues = trial
        final = moved
      }
    }
    let count = final.residuals.count
    let rms = (final.cost / Double(max(count, 1))).squareRoot()
    guard final.converged, final.cost.isFinite else {
      throw failure(
        "the fit did not converge after \(final.iterations) Levenberg-Marquardt steps (rms "
          + "\(CalibrationResult.levels(rms)) levels): the model cannot settle on these data; "
          + "check --material, --appearance, --mode and --liquid-glass against how they were taken")
    }
    guard rms <= options.maximumRMSLevels else {
      throw failure(
        "the best fit leaves \(CalibrationResult.levels(rms)) levels rms (the limit is "
          + "\(CalibrationResult.levels(options.maximumRMSLevels))): the model cannot reproduce "
          + "these data as \(target.material) \(target.appearance.rawValue) in "
          + "\(target.mode.rawValue) mode; check --material, --appearance, --mode and "
          + "--liquid-glass against how they were taken")
    }
    for (slot, v) in zip(free, final.x) { values[slot] = v }
    for (slot, v) in sigmaValues { values[slot] = v }

    // Standard deviations, from the residual variance, but never below
    // the 8-bit quantisation's (1/12 level², uniform rounding): an exactly
    // determined fit has no residual, not an exact answer.
    let dof = Double(max(count - pinned.count, 1))
    let variance = max(final.cost / dof, 1.0 / 12)
    var deviation: [Slot: Double] = [:]
    if !free.isEmpty {
      let solver = LeastSquares(
        lower: free.map { $0.parameter.bounds.lowerBound },
        upper: free.map { $0.parameter.bounds.upperBound },
        steps: free.map { $0.parameter.step }, maximumIterations: 0)
      let fixed = sigmaValues.map { ($0.key, $0.value) }
      let columns = solver.jacobian(at: final.x, residuals: final.residuals) { theta in
        residuals(Array(zip(free, theta)) + fixed, stride: 1)
      }
      let n = free.count
      var m = [Double](repeating: 0, count: n * n)
      for a in 0..<n {
        for b in 0..<n { m[a * n + b] = zip(columns[a], columns[b]).reduce(0) { $0 + $1.0 * $1.1 } }
      }
      let inverse = LeastSquares.inverse(m, n: n)
      for (a, slot) in free.enumerated() {
        deviation[slot] =
          inverse.map { (variance * max($0[a * n + a], 0)).squareRoot() } ?? .infinity
      }
    }
    for slot in sigmas {
      let s = sigmaValues[slot]!
      var costs: [Double] = []
      for factor in [0.95, 1.05] {
        var trial = sigmaValues
        trial[slot] = s * factor
        costs.append(fit(trial, from: final.x, stride: 1, iterations: 60).cost)
      }
      let curvature = (costs[0] + costs[1] - 2 * final.cost) / ((0.05 * s) * (0.05 * s))
      deviation[slot] = curvature > 0 ? (2 * variance / curvature).squareRoot() : .infinity
    }
    return result(
      values: values, pinned: pinned, kept: kept, deviation: deviation, final: final, rms: rms)
  }

  func failure(_ message: String) -> DiagnosticList {
    DiagnosticList([
      Diagnostic(
        file: inputNames.joined(separator: ", "), line: 0, column: 0, message: message)
    ])
  }

  /// The best sigma for `slot`, the others held, and the fit there.
  private func search(
    _ slot: Slot, _ sigmaValues: [Slot: Double], _ start: [Double],
    fit: ([Slot: Double], [Double]) -> LeastSquares.Solution
  ) -> (Double, LeastSquares.Solution) {
    let bounds = slot.parameter.bounds
    var best: (sigma: Double, solution: LeastSquares.Solution)?
    var tried: [Double: Double] = [:]
    func cost(_ sigma: Double) -> Double {
      let s = min(max(sigma, bounds.lowerBound), bounds.upperBound)
      if let c = tried[s] { return c }
      var trial = sigmaValues
      trial[slot] = s
      let solution = fit(trial, best?.solution.x ?? start)
      tried[s] = solution.cost
      if best == nil || solution.cost < best!.solution.cost { best = (s, solution) }
      return solution.cost
    }
    let centre = sigmaValues[slot]!
    var grid = (-4...4).map { centre * Double.pow2(Double($0) / 2) }
      .map { min(max($0, bounds.lowerBound), bounds.upperBound) }
    grid = grid.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    var costs = grid.map(cost)
    var i = costs.indices.min { costs[$0] < costs[$1] }!
    while i == grid.count - 1 && grid[i] < bounds.upperBound {
      grid.append(min(grid[i] * Double.pow2(0.5), bounds.upperBound))
      costs.append(cost(grid.last!))
      i = costs.indices.min { costs[$0] < costs[$1] }!
    }
    while i == 0 && grid[0] > bounds.lowerBound {
      grid.insert(max(grid[0] / Double.pow2(0.5), bounds.lowerBound), at: 0)
      costs.insert(cost(grid[0]), at: 0)
      i = costs.indices.min { costs[$0] < costs[$1] }!
    }
    var a = log(grid[max(i - 1, 0)])
    var b = log(grid[min(i + 1, grid.count - 1)])
    let ratio = (5.0.squareRoot() - 1) / 2
    var c = b - ratio * (b - a)
    var d = a + ratio * (b - a)
    var fc = cost(exp(c))
    var fd = cost(exp(d))
    for _ in 0..<14 {
      if fc < fd {
        b = d
        d = c
        fd = fc
        c = b - ratio * (b - a)
        fc = cost(exp(c))
      } else {
        a = c
        c = d
        fc = fd
        d = a + ratio * (b - a)
        fd = cost(exp(d))
      }
    }
    return (best!.sigma, best!.solution)
  }

  // MARK: Pinning

  /// Which candidates the data pins, and why the others are left.
  private func pin(start: [Double]) -> (pinned: [Slot], kept: [CalibrationResult.Kept]) {
    let base = Array(zip(candidates, start))
    let r0 = residuals(base, stride: 1)
    let columns: [[Double]] = candidates.indices.map { j in
      var moved = base
      let h =
        candidates[j].parameter.isBlurSigma
        ? max(0.05 * start[j], candidates[j].parameter.step) : candidates[j].parameter.step
      let up = start[j] + h <= candidates[j].parameter.bounds.upperBound
      moved[j].1 += up ? h : -h
      let r = residuals(moved, stride: 1)
      return zip(r, r0).map { ($0 - $1) / (up ? h : -h) }
    }
    func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
    var pinned: [Int] = []
    var kept: [CalibrationResult.Kept] = []
    let lumas = distinctBackdropLumas()
    for j in candidates.indices {
      let slot = candidates[j]
      let norm = dot(columns[j], columns[j]).squareRoot()
      // Below a thousandth of a level per unit, rms over the samples, the
      // number changes nothing (a flat wallpaper's blur differs from it only
      // by Float rounding).
      if norm < 1e-3 * Double(max(r0.count, 1)).squareRoot() {
        kept.append(keep(slot, reason: noEffectReason(slot)))
        continue
      }
      let trial = pinned + [j]
      let n = trial.count
      var m = [Double](repeating: 0, count: n * n)
      for (a, p) in trial.enumerated() {
        for (b, q) in trial.enumerated() { m[a * n + b] = dot(columns[p], columns[q]) }
      }
      let inverse = LeastSquares.inverse(m, n: n)
      // The first number (this one, then those already in) whose deviation
      // would exceed its precision.
      let loose = inverse.flatMap { inv in
        ([n - 1] + Array(0..<(n - 1))).first { a in
          inv[a * n + a].squareRoot() > candidates[trial[a]].parameter.requiredPrecision
        }.map { (trial[$0], inv[$0 * n + $0].squareRoot()) }
      }
      if inverse != nil && loose == nil {
        pinned.append(j)
        continue
      }
      // How much of the column the pinned ones already explain.
      let k = pinned.count
      var mk = [Double](repeating: 0, count: k * k)
      for (a, p) in pinned.enumerated() {
        for (b, q) in pinned.enumerated() { mk[a * k + b] = dot(columns[p], columns[q]) }
      }
      let coefficients =
        k == 0
        ? []
        : (LeastSquares.choleskySolve(mk, pinned.map { dot(columns[$0], columns[j]) }, n: k) ?? [])
      var explained = columns[j]
      for (a, p) in pinned.enumerated() where a < coefficients.count {
        for i in explained.indices { explained[i] -= coefficients[a] * columns[p][i] }
      }
      let left = dot(explained, explained).squareRoot() / norm
      let levels =
        lumas.map { " (the data holds \($0) distinct backdrop luma\($0 == 1 ? "" : "s"))" } ?? ""
      if left < 1e-3 {
        let partners = pinned.enumerated().filter { a, p in
          a < coefficients.count
            && abs(coefficients[a]) * dot(columns[p], columns[p]).squareRoot() >= 0.2 * norm
        }.map { describe(candidates[$0.1]) }
        let with =
          partners.isEmpty ? "the numbers already fitted" : partners.joined(separator: ", ")
        let structural =
          slot.parameter == .brightness || slot.parameter == .plateShare
          ? "only (1 - plateShare) saturation and plateShare P(Y) + brightness reach the colour "
            + "(fidelity/fit/REPORT.md), so " : ""
        kept.append(
          keep(slot, reason: "\(structural)the data cannot tell it apart from \(with)\(levels)"))
      } else {
        let (p, deviation) = loose ?? (j, .infinity)
        let whose = p == j ? "it" : "\(describe(candidates[p])), fitted with it,"
        kept.append(
          keep(
            slot,
            reason:
              "the data would pin \(whose) only to ± \(Self.short(deviation)) (one level of noise "
              + "per channel; ± \(Self.short(candidates[p].parameter.requiredPrecision)) needed)"
              + levels))
      }
    }
    return (pinned.map { candidates[$0] }, fixedNotes + kept)
  }

  private func keep(_ slot: Slot, reason: String) -> CalibrationResult.Kept {
    .init(
      parameter: slot.parameter, name: name(of: slot.parameter), scope: slot.scope, reason: reason)
  }

  /// The number as the base profile writes it: `blurRadius` for the blurring
  /// component of the shorthand, else the profile path below the appearance.
  func name(of parameter: CalibrationParameter) -> String {
    let path = "materials.\(target.material).\(target.appearance.rawValue)"
    if case .blurSigma = parameter, profile.provenance["\(path).blurRadius"] != nil {
      return "blurRadius"
    }
    return parameter.name(appearance: target.appearance)
  }

  func describe(_ slot: Slot) -> String {
    let name = name(of: slot.parameter)
    switch slot.scope {
    case .everySize: return name
    case .shortSide(let s):
      return "\(name) at \(s.map { Capture.number($0) + " pt" } ?? "full screen")"
    }
  }

  private func noEffectReason(_ slot: Slot) -> String {
    switch slot.parameter {
    case .saturation, .glassFill:
      return "every backdrop is grey, so nothing measured shows its chroma"
    case .blurSigma, .blurShare:
      return
        "every backdrop is flat (a measurement row, or a wallpaper without detail under the "
        + "element): a blur of any size leaves it as it is; a photo backdrop pins it"
    case .stop(let i):
      let n = parameters.plateStops.count - 1
      return "no backdrop has a luma between \(i == 0 ? "0" : "\(i - 1)/\(n)") and "
        + "\(i == n ? "1" : "\(i + 1)/\(n)"), where this stop acts"
    case .minimumPlateShare:
      return "the material's own plate share is above it, so it changes nothing here"
    default:
      return "no measured colour depends on it"
    }
  }

  /// The number of distinct backdrop lumas (half-level bins) when the data
  /// holds at most 12 (flat backdrops); nil for more.
  private func distinctBackdropLumas() -> Int? {
    var bins = Set<Int>()
    for set in sets {
      let g = set.sharp
      for n in 0..<set.count {
        let y =
          0.2126 * Double(g[3 * n]) + 0.7152 * Double(g[3 * n + 1]) + 0.0722 * Double(g[3 * n + 2])
        bins.insert(Int((y * 510).rounded()))
        if bins.count > 12 { return nil }
      }
    }
    return bins.count
  }

  static func short(_ v: Double) -> String {
    guard v.isFinite else { return "∞" }
    return String(format: "%.3g", v)
  }
}

extension Double {
  /// 2^x.
  fileprivate static func pow2(_ x: Double) -> Double { exp2(x) }
}
