import Testing

@testable import ContrastCore

/// The frames an item takes at each text size are judged from one set of
/// samples (``FrameStatistics``); each frame's statistics must be, bit for
/// bit, those of its own entries taken on their own
/// (``ContrastStatistics/init(ratios:counts:threshold:)``), in any order of
/// frames, with runs cut at the frames' edges, with ratios crowded into
/// one bucket, and with many entries of one ratio (a flat backdrop).
@Suite struct FrameStatisticsTests {
  /// Seeded entries: `n` ratios in [1, 21] (or, `crowded`, most within
  /// 0.05 % of 4.5: one bucket; or, `flat`, most exactly 4.5 or 7, each
  /// bucket of them holding one ratio, and some within 0.05 % of 3, a
  /// crowded bucket beside them) standing for 1 to 4 pixels each.
  static func entries(_ n: Int, seed: UInt64, crowded: Bool = false, flat: Bool = false) -> (
    ratios: [Double], counts: [Int]
  ) {
    var g = SyntheticWallpapers.SplitMix64(seed: seed)
    var ratios: [Double] = []
    var counts: [Int] = []
    for _ in 0..<n {
      let u = Double(g.next() >> 11) / Double(1 << 53)
      let pick = g.next(below: 10)
      if flat {
        ratios.append(pick < 4 ? 4.5 : pick < 7 ? 7 : pick < 9 ? 3 + u * 0.0015 : 1 + 20 * u)
      } else {
        ratios.append(crowded && pick < 8 ? 4.5 + u * 0.002 : 1 + 20 * u)
      }
      counts.append(1 + Int(g.next(below: 4)))
    }
    return (ratios, counts)
  }

  /// The entry range of pixels `pixels` of entries standing for `counts` pixels.
  static func range(_ pixels: Range<Int>, counts: [Int]) -> ItemSamples.EntryRange {
    var offsets = [0]
    for c in counts { offsets.append(offsets.last! + c) }
    let first = offsets.lastIndex { $0 <= pixels.lowerBound }!
    let last = offsets.lastIndex { $0 <= pixels.upperBound - 1 }!
    var trimmed = Array(counts[first...last])
    trimmed[0] = min(offsets[first + 1], pixels.upperBound) - pixels.lowerBound
    trimmed[trimmed.count - 1] = pixels.upperBound - max(offsets[last], pixels.lowerBound)
    return ItemSamples.EntryRange(entries: first..<(last + 1), counts: trimmed)
  }

  /// The span of `pixels` as the fast path finds it.
  static func span(_ pixels: Range<Int>, counts: [Int]) -> FrameStatistics.Span {
    var offsets = [0]
    for c in counts { offsets.append(offsets.last! + c) }
    return FrameStatistics.span(ofPixels: pixels, offsets: offsets)
  }

  static func expectSame(_ a: ContrastStatistics, _ b: ContrastStatistics, _ what: String) {
    let fields: [(String, Double, Double)] = [
      ("min", a.min, b.min), ("p05", a.p05, b.p05), ("p10", a.p10, b.p10),
      ("median", a.median, b.median), ("mean", a.mean, b.mean), ("max", a.max, b.max),
      ("failingFraction", a.failingFraction, b.failingFraction),
    ]
    for (name, x, y) in fields {
      #expect(x.bitPattern == y.bitPattern, "\(what): \(name) \(x) vs \(y)")
    }
  }

  /// Frames growing down, up and both ways from a middle band, in
  /// ascending order (the fast path's incremental case), then shuffled.
  @Test(arguments: ["spread", "crowded", "flat"])
  func nestedFramesEqualEachFrameOnItsOwn(kind: String) {
    let (ratios, counts) = Self.entries(
      9_000, seed: kind == "crowded" ? 7 : kind == "flat" ? 13 : 3, crowded: kind == "crowded",
      flat: kind == "flat")
    let total = counts.reduce(0, +)
    let width = 97
    let rows = total / width
    var frames: [Range<Int>] = []
    for anchor in ["down", "up", "both"] {
      for grow in stride(from: rows / 8, through: rows, by: max(rows / 9, 1)) {
        let top: Int
        switch anchor {
        case "down": top = 0
        case "up": top = rows - grow
        default: top = (rows - grow) / 2
        }
        frames.append(top * width..<(top + grow) * width)
      }
    }
    var g = SyntheticWallpapers.SplitMix64(seed: 11)
    // (One threshold that some entries equal exactly: they pass.)
    let thresholds = [1.0, 3.0, 3.001, 4.5, 4.5.nextUp, 7.0, 40.0, 0.5, ratios[4500]]
    for order in [frames, frames.reversed(), frames.shuffled(using: &g)] {
      // Every frame at once (three chains of nested frames: the fast
      // path's case), and each frame alone.
      let fast = FrameStatistics(ratios: ratios, counts: counts)
      let together = fast.statistics(
        of: order.map { Self.span($0, counts: counts) },
        thresholds: order.map { _ in thresholds })
      for (i, pixels) in order.enumerated() {
        let r = Self.range(pixels, counts: counts)
        for (j, threshold) in thresholds.enumerated() {
          let expected = ContrastStatistics(
            ratios: r.values(of: ratios), counts: r.counts, threshold: threshold)
          Self.expectSame(together[i][j], expected, "frame \(i) \(pixels) threshold \(threshold)")
          Self.expectSame(
            fast.statistics(of: Self.span(pixels, counts: counts), threshold: threshold),
            expected, "frame \(i) alone \(pixels) threshold \(threshold)")
        }
      }
    }
  }

  /// Frames of one chain that share their entries but not their pixels
  /// (frames cut inside the same edge entries), and the same frame asked
  /// twice with other thresholds.
  @Test func framesSharingEntriesEqualReference() {
    let (ratios, counts) = Self.entries(6_000, seed: 17, crowded: true)
    let total = counts.reduce(0, +)
    let frames = [10..<total - 10, 11..<total - 12, 0..<total, 11..<total - 12, 500..<600]
    let thresholds = [[4.5], [4.5, 3], [3], [7], [4.5]]
    let fast = FrameStatistics(ratios: ratios, counts: counts)
    let found = fast.statistics(
      of: frames.map { Self.span($0, counts: counts) }, thresholds: thresholds)
    for (i, pixels) in frames.enumerated() {
      let r = Self.range(pixels, counts: counts)
      for (j, t) in thresholds[i].enumerated() {
        Self.expectSame(
          found[i][j],
          ContrastStatistics(ratios: r.values(of: ratios), counts: r.counts, threshold: t),
          "frame \(pixels) threshold \(t)")
      }
    }
  }

  /// A range that starts and ends inside one entry, and one entry alone.
  @Test func framesCuttingRunsEqualReference() {
    let (ratios, counts) = Self.entries(5_000, seed: 5)
    let fast = FrameStatistics(ratios: ratios, counts: counts)
    let total = counts.reduce(0, +)
    for pixels in [1..<2, 3..<total - 1, 0..<total, 2..<3, 100..<total / 2] {
      let r = Self.range(pixels, counts: counts)
      Self.expectSame(
        fast.statistics(of: Self.span(pixels, counts: counts), threshold: 4.5),
        ContrastStatistics(ratios: r.values(of: ratios), counts: r.counts, threshold: 4.5),
        "\(pixels)")
    }
  }

  /// Hand-counted: ratios 1, 2, ..., 10 standing for one pixel each except
  /// 3 (five pixels); the frame of pixels 0..<8 holds 1, 2, 3, 3, 3, 3, 3,
  /// 4: min 1, p05 and p10 rank 1 (1), median rank 4 (3), mean 22 / 8,
  /// max 4, and 2 of 8 below 3.
  @Test func handCountedFrame() {
    let ratios = (1...10).map(Double.init)
    var counts = [Int](repeating: 1, count: 10)
    counts[2] = 5
    let s = FrameStatistics(ratios: ratios, counts: counts)
      .statistics(of: Self.span(0..<8, counts: counts), threshold: 3)
    #expect(
      s
        == ContrastStatistics(
          min: 1, p05: 1, p10: 1, median: 3, mean: 22.0 / 8, max: 4, failingFraction: 0.25))
  }

  /// The mean's sum is exact (RatioSum): 1024 and 2048 ratios of
  /// 1 + 2^-52 sum to 3072 + 2^-41, a double; summed in order as doubles,
  /// each 2^-52 is lost against 1024 and the sum is 3072. In any order the
  /// mean is (3072 + 2^-41) / 2049.
  @Test func theMeanIsOfTheExactSumInAnyOrder() {
    let small = 1 + 0x1p-52
    var ratios = [1024.0] + [Double](repeating: small, count: 2048)
    let expected = (3072 + 0x1p-41) / 2049
    #expect(expected != 3072.0 / 2049)
    for _ in 0..<3 {
      let s = ContrastStatistics(
        ratios: ratios, counts: [Int](repeating: 1, count: 2049), threshold: 3)
      #expect(s.mean == expected)
      var sorted = ratios
      #expect(ContrastStatistics(sorting: &sorted, threshold: 3).mean == expected)
      ratios.reverse()
    }
  }
}
