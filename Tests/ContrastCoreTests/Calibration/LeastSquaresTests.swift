import Foundation
import Testing

@testable import ContrastCore

/// The bounded Levenberg-Marquardt solver of calibration.
@Suite struct LeastSquaresTests {
  /// y = a exp(-b x) + c at x = 0 ... 19, from a = 3, b = 0.25, c = 0.5.
  static let xs = (0..<20).map(Double.init)
  static func model(_ p: [Double]) -> [Double] { xs.map { p[0] * exp(-p[1] * $0) + p[2] } }
  static let observed = model([3, 0.25, 0.5])

  static func solver(lower: [Double] = [-10, 0, -10], iterations: Int = 100) -> LeastSquares {
    LeastSquares(
      lower: lower, upper: [10, 5, 10], steps: [1e-7, 1e-7, 1e-7], maximumIterations: iterations)
  }

  @Test func anExponentialComesBackFromAFarStart() {
    let s = Self.solver().solve(from: [1, 1, 0]) { p in
      zip(Self.model(p), Self.observed).map { $0 - $1 }
    }
    #expect(s.converged)
    #expect(abs(s.x[0] - 3) < 1e-6 && abs(s.x[1] - 0.25) < 1e-6 && abs(s.x[2] - 0.5) < 1e-6)
    #expect(s.cost < 1e-12)
  }

  @Test func aBoundHoldsTheNumberAtIt() {
    // c may not go below 0.8: the best fit in the box has c = 0.8.
    let s = Self.solver(lower: [-10, 0, 0.8]).solve(from: [1, 1, 1]) { p in
      zip(Self.model(p), Self.observed).map { $0 - $1 }
    }
    #expect(s.converged)
    #expect(s.x[2] == 0.8)
    #expect(s.cost > 0)
  }

  @Test func tooFewStepsIsNotConvergence() {
    let s = Self.solver(iterations: 1).solve(from: [1, 1, 0]) { p in
      zip(Self.model(p), Self.observed).map { $0 - $1 }
    }
    #expect(!s.converged)
    #expect(s.iterations == 1)
  }

  @Test func choleskySolvesAKnownSystem() throws {
    // [[4, 2], [2, 3]] y = [2, 1]: y = [0.5, 0].
    let y = try #require(LeastSquares.choleskySolve([4, 2, 2, 3], [2, 1], n: 2))
    #expect(abs(y[0] - 0.5) < 1e-15 && abs(y[1]) < 1e-15)
    #expect(LeastSquares.choleskySolve([1, 1, 1, 1], [1, 1], n: 2) == nil)
  }
}
