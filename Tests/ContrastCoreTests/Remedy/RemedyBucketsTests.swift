import Testing

@testable import ContrastCore

/// A remedy search may start from the measurement's own bucket histogram
/// (the worst entries found without counting the ratios again); it must find
/// exactly the remedies of counting them afresh.
@Suite struct RemedyBucketsTests {
  @Test func measuredBucketsGiveTheSameRemedies() {
    // (The lock: a level-switching test run alongside would otherwise
    // change which loops measure between the measurement and the reading
    // of `FastEngine.vectorized`.)
    VectorLevels.holding { sameRemedies() }
  }

  func sameRemedies() {
    let samples = ModelTwinTests.samples(count: 9_001, seed: 77)
    let glassFill = RGB(r: 1, g: 1, b: 1)
    var compared = 0
    for rendering in ModelTwinTests.renderings {
      for color in ModelTwinTests.moreColors {
        let measured = samples.measure(rendering: rendering, color: color, threshold: 4.5)
        guard let buckets = measured.buckets else { continue }
        let reused = RemedySearch(
          samples: samples, rendering: rendering, color: color, threshold: 4.5,
          statistic: .min, ratios: measured.ratios, buckets: buckets)
        let counted = RemedySearch(
          samples: samples, rendering: rendering, color: color, threshold: 4.5,
          statistic: .min, ratios: measured.ratios)
        let a = reused.minimalAlpha(glassFill: glassFill)
        let b = counted.minimalAlpha(glassFill: glassFill)
        #expect(a?.value == b?.value && a?.judged.bitPattern == b?.judged.bitPattern)
        for target in [0.0, 1.0] {
          let c = reused.minimalLightnessStep(toward: target)
          let d = counted.minimalLightnessStep(toward: target)
          #expect(c?.value == d?.value && c?.judged.bitPattern == d?.judged.bitPattern)
        }
        compared += 1
      }
    }
    // Without a vector unit nothing is bucketed in the measurement.
    #expect(compared > 0 || !FastEngine.vectorized)
  }

  /// The rank is counted in entries, not pixels: runs of two to five equal
  /// pixels make the two differ.
  @Test func measuredBucketsSelectByEntries() {
    VectorLevels.holding { selectByEntries() }
  }

  func selectByEntries() {
    var g = SeededGenerator(seed: 3)
    let samples = ItemSamples(capacity: 40_000) { b in
      for _ in 0..<8_000 {
        let c = (Double(g.next() % 1000) / 999, Double(g.next() % 1000) / 999, 0.5)
        for _ in 0..<(2 + Int(g.next() % 4)) { b.append(c.0, c.1, c.2, code: 1) }
      }
    }
    let rendering = ModelTwinTests.renderings[2]
    let measured = samples.measure(rendering: rendering, color: RGBA(.white), threshold: 4.5)
    guard let buckets = measured.buckets else {
      #expect(!FastEngine.vectorized)
      return
    }
    for rank in [1, 257, 4_000, samples.count] {
      let fresh = measured.ratios.withUnsafeBufferPointer {
        BucketSelect.values(atRanks: [rank], of: $0, weights: nil)?[0]
      }
      #expect(buckets.value(atRank: rank, of: measured.ratios) == fresh, "rank \(rank)")
      #expect(fresh == measured.ratios.sorted()[rank - 1])
    }
  }
}
