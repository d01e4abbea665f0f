/// Bounded nonlinear least squares by Levenberg-Marquardt (Marquardt's
/// scaling), the solver of `glass-audit calibrate` (SPEC §3.7).
///
/// Minimises `C(x) = sum_i r_i(x)^2` over the box `lower <= x <= upper`.
/// Each iteration builds the Jacobian by forward differences (step `h_j`,
/// taken backwards where `x_j + h_j` would leave the box), solves
/// `(JᵀJ + λ diag(JᵀJ)) δ = -Jᵀr` by Cholesky for the numbers free to move
/// (a number at a bound that the gradient pushes outward is held there for
/// the step), and clamps `x + δ` to the box (a projected step). A step that lowers the cost is taken and λ divided by
/// 3; otherwise λ is multiplied by 4 and the step solved again.
///
/// Converged: a taken step changes the cost by less than `1e-12` of it, or
/// moves every coordinate by less than `1e-10 max(|x_j|, 1)`, or no step
/// lowers the cost even with λ at `1e12` (a minimum within the box, to the
/// precision of the residuals). Not converged: `maximumIterations` taken
/// steps without any of these, or a residual that is not finite.
///
/// Deterministic: the same inputs give the same bits (no randomness, a
/// fixed order of every sum).
struct LeastSquares {
  /// The box and the finite-difference steps, one per parameter.
  var lower: [Double]
  var upper: [Double]
  var steps: [Double]
  var maximumIterations: Int

  struct Solution {
    var x: [Double]
    /// `sum r_i^2` at `x`.
    var cost: Double
    var iterations: Int
    var converged: Bool
    /// The residuals at `x`.
    var residuals: [Double]
  }

  /// The minimum found from `start` (clamped into the box first).
  func solve(from start: [Double], _ residuals: ([Double]) -> [Double]) -> Solution {
    let n = start.count
    var x = zip(zip(start, lower), upper).map { min(max($0.0, $0.1), $1) }
    var r = residuals(x)
    var cost = Self.sumOfSquares(r)
    guard cost.isFinite else {
      return Solution(x: x, cost: cost, iterations: 0, converged: false, residuals: r)
    }
    if n == 0 {
      return Solution(x: x, cost: cost, iterations: 0, converged: true, residuals: r)
    }
    var lambda = 1e-3
    var iterations = 0
    while iterations < maximumIterations {
      let jacobian = self.jacobian(at: x, residuals: r, residuals)
      var jtj = [Double](repeating: 0, count: n * n)
      var jtr = [Double](repeating: 0, count: n)
      for a in 0..<n {
        for b in a..<n {
          var s = 0.0
          for i in r.indices { s += jacobian[a][i] * jacobian[b][i] }
          jtj[a * n + b] = s
          jtj[b * n + a] = s
        }
        var s = 0.0
        for i in r.indices { s += jacobian[a][i] * r[i] }
        jtr[a] = s
      }
      // A number at a bound that the descent direction pushes out of the
      // box stays there this step (the active set).
      let open = (0..<n).filter { a in
        !((x[a] <= lower[a] && jtr[a] > 0) || (x[a] >= upper[a] && jtr[a] < 0))
      }
      let k = open.count
      if k == 0 {
        return Solution(x: x, cost: cost, iterations: iterations, converged: true, residuals: r)
      }
      var improved = false
      while lambda <= 1e12 {
        var m = [Double](repeating: 0, count: k * k)
        for (a, p) in open.enumerated() {
          for (b, q) in open.enumerated() { m[a * k + b] = jtj[p * n + q] }
          m[a * k + a] += lambda * max(jtj[p * n + p], 1e-12)
        }
        guard let reduced = Self.choleskySolve(m, open.map { -jtr[$0] }, n: k) else {
          lambda *= 4
          continue
        }
        var delta = [Double](repeating: 0, count: n)
        for (a, p) in open.enumerated() { delta[p] = reduced[a] }
        let trial = (0..<n).map { min(max(x[$0] + delta[$0], lower[$0]), upper[$0]) }
        let trialR = residuals(trial)
        let trialCost = Self.sumOfSquares(trialR)
        if trialCost.isFinite && trialCost < cost {
          let moved = (0..<n).allSatisfy {
            abs(trial[$0] - x[$0]) <= 1e-10 * max(abs(x[$0]), 1)
          }
          let relative = (cost - trialCost) / max(cost, 1e-300)
          x = trial
          r = trialR
          cost = trialCost
          lambda = max(lambda / 3, 1e-12)
          improved = true
          iterations += 1
          if relative < 1e-12 || moved {
            return Solution(
              x: x, cost: cost, iterations: iterations, converged: true, residuals: r)
          }
          break
        }
        lambda *= 4
      }
      if !improved {
        return Solution(x: x, cost: cost, iterations: iterations, converged: true, residuals: r)
      }
    }
    return Solution(x: x, cost: cost, iterations: iterations, converged: false, residuals: r)
  }

  /// The columns `∂r/∂x_j` by forward differences, each a residual vector.
  func jacobian(
    at x: [Double], residuals r: [Double], _ residuals: ([Double]) -> [Double]
  ) -> [[Double]] {
    (0..<x.count).map { j in
      var h = steps[j]
      if x[j] + h > upper[j] { h = -h }
      var moved = x
      moved[j] += h
      let rh = residuals(moved)
      return zip(rh, r).map { ($0 - $1) / h }
    }
  }

  static func sumOfSquares(_ r: [Double]) -> Double {
    var s = 0.0
    for v in r { s += v * v }
    return s
  }

  /// Solves `m y = b` for a symmetric positive definite `n x n` matrix
  /// (row-major); nil when the factorisation meets a pivot that is not
  /// positive.
  static func choleskySolve(_ m: [Double], _ b: [Double], n: Int) -> [Double]? {
    var l = [Double](repeating: 0, count: n * n)
    for i in 0..<n {
      for j in 0...i {
        var s = m[i * n + j]
        for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
        if i == j {
          guard s > 0, s.isFinite else { return nil }
          l[i * n + i] = s.squareRoot()
        } else {
          l[i * n + j] = s / l[j * n + j]
        }
      }
    }
    var y = b
    for i in 0..<n {
      var s = y[i]
      for k in 0..<i { s -= l[i * n + k] * y[k] }
      y[i] = s / l[i * n + i]
    }
    for i in stride(from: n - 1, through: 0, by: -1) {
      var s = y[i]
      for k in (i + 1)..<n { s -= l[k * n + i] * y[k] }
      y[i] = s / l[i * n + i]
    }
    return y
  }

  /// The inverse of a symmetric positive definite matrix (row-major), or
  /// nil when it is singular to working precision.
  static func inverse(_ m: [Double], n: Int) -> [Double]? {
    var out = [Double](repeating: 0, count: n * n)
    for j in 0..<n {
      var e = [Double](repeating: 0, count: n)
      e[j] = 1
      guard let column = choleskySolve(m, e, n: n) else { return nil }
      for i in 0..<n { out[i * n + j] = column[i] }
    }
    return out
  }
}
