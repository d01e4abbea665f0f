import Testing

@testable import ContrastCore

/// Placement's two resampling loops (`FastEngine`, AVX2 where the level allows)
/// against the Swift loops they replaced, and their portable C versions, bit
/// for bit: the placed canvas and the previews must not change by a bit.
@Suite struct ResampleLoopsTests {
  @Test(arguments: [1, 3, 7, 64, 1206 * 3])
  func rowAccumulationEqualsTheSwiftLoop(count: Int) {
    var rng = SeededGenerator(seed: UInt64(count))
    let source = (0..<count).map { _ in Float(rng.next() % 256) / 255 }
    let start = (0..<count).map { _ in Double(rng.next() % 10_000) / 7 }
    var reference = start
    var fast = start
    var portable = start
    for weight in [0.37, 1.0 / 3, 2.5] {
      for t in 0..<count { reference[t] += weight * Double(source[t]) }
      FastEngine.accumulateRow(&fast, source, count: count, weight: weight)
      FastEngine.accumulateRow(&portable, source, count: count, weight: weight, portable: true)
    }
    #expect(fast.map(\.bitPattern) == reference.map(\.bitPattern))
    #expect(portable.map(\.bitPattern) == reference.map(\.bitPattern))
  }

  @Test func columnPassEqualsTheSwiftLoop() {
    var rng = SeededGenerator(seed: 77)
    // A filter from 6,003 scratch pixels to 2,000 output pixels, 1 to 5 taps
    // each, with a lowest column of 4.
    let lowest = 4
    let width = 2000
    var firsts: [Int] = []
    var starts = [0]
    var weights: [Double] = []
    for x in 0..<width {
      firsts.append(lowest + 3 * x)
      let taps = 1 + Int(rng.next() % 5)
      for _ in 0..<taps { weights.append(Double(rng.next() % 1000) / 997) }
      starts.append(starts[x] + taps)
    }
    let span = 3 * 6003
    let scratch = (0..<(span + 1)).map { _ in Double(rng.next() % 100_000) / 313 }
    for divisor in [3.7, 1.0 / 3, 7.000001, 0.9] {
      var reference = [Float](repeating: 0, count: 3 * width)
      for x in 0..<width {
        var red = 0.0
        var green = 0.0
        var blue = 0.0
        var p = 3 * (firsts[x] - lowest)
        for tap in starts[x]..<starts[x + 1] {
          red += weights[tap] * scratch[p]
          green += weights[tap] * scratch[p + 1]
          blue += weights[tap] * scratch[p + 2]
          p += 3
        }
        reference[3 * x] = Float(red / divisor)
        reference[3 * x + 1] = Float(green / divisor)
        reference[3 * x + 2] = Float(blue / divisor)
      }
      var fast = [Float](repeating: 0, count: 3 * width)
      var portable = [Float](repeating: 0, count: 3 * width)
      FastEngine.resampleColumns(
        scratch, firsts: firsts, starts: starts, weights: weights, lowest: lowest, width: width,
        divisor: divisor, into: &fast)
      FastEngine.resampleColumns(
        scratch, firsts: firsts, starts: starts, weights: weights, lowest: lowest, width: width,
        divisor: divisor, into: &portable, portable: true)
      #expect(fast.map(\.bitPattern) == reference.map(\.bitPattern))
      #expect(portable.map(\.bitPattern) == reference.map(\.bitPattern))
    }
  }
}
