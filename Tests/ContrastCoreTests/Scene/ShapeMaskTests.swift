import Testing

@testable import ContrastCore

@Suite struct ShapeMaskTests {
  @Test func rectBorderIsABandOfTheGivenWidth() {
    // 10 x 6 pt rect at scale 1 with a 2 pt border: the inner 6 x 2 pixels are
    // inside, the other 60 - 12 = 48 are in the band.
    let m = ShapeMask(
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 6), shape: .rect, borderInPixels: 2,
      scale: 1, canvasWidth: 20, canvasHeight: 20)
    #expect(m.codes.filter { $0 == 2 }.count == 48)
    #expect(m.codes.filter { $0 == 1 }.count == 12)
    #expect(m.code(x: 2, y: 2) == 1)
    #expect(m.code(x: 1, y: 2) == 2)
    #expect(m.code(x: 10, y: 2) == 0)
  }

  @Test func maskIsClippedToTheCanvas() {
    let m = ShapeMask(
      frame: RectInPoints(x: -5, y: -5, width: 10, height: 10), shape: .rect, borderInPixels: 0,
      scale: 1, canvasWidth: 20, canvasHeight: 20)
    #expect(m.rect == PixelRect(x: 0, y: 0, width: 5, height: 5))
  }

  /// The kinds of pixel a rectangle covers, as the collected pixels give
  /// them (bit 1 outside, 2 inside, 4 in the band), counted by hand on the
  /// 10 x 6 pt rect with a 2 pt border above (band: rows 0-1 and 4-5,
  /// columns 0-1 and 8-9).
  @Test func kindsAreTheCodesARectangleCovers() {
    let m = ShapeMask(
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 6), shape: .rect, borderInPixels: 2,
      scale: 1, canvasWidth: 20, canvasHeight: 20)
    #expect(m.kinds(in: PixelRect(x: 2, y: 2, width: 6, height: 2)) == 2)  // inside alone
    #expect(m.kinds(in: PixelRect(x: 0, y: 0, width: 2, height: 6)) == 4)  // band alone
    #expect(m.kinds(in: PixelRect(x: 1, y: 1, width: 3, height: 3)) == 6)  // both
    // A pixel outside the shape, in the mask's rectangle or off it.
    let circle = ShapeMask(
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 10), shape: .circle,
      borderInPixels: 0, scale: 1, canvasWidth: 10, canvasHeight: 10)
    #expect(circle.kinds(in: PixelRect(x: 0, y: 0, width: 3, height: 3)) == 1)
    #expect(circle.kinds(in: PixelRect(x: 3, y: 3, width: 4, height: 4)) == 2)
    #expect(m.kinds(in: PixelRect(x: 8, y: 2, width: 3, height: 1)) == 1)
    #expect(m.kinds(in: PixelRect(x: 2, y: 2, width: 0, height: 2)) == nil)
  }

  @Test func circleCornersAreOutside() {
    // Circle of diameter 10 pt at scale 1: 80 pixel centres inside (counted
    // by hand: per row 4, 8, 8, 10, 10, 10, 10, 8, 8, 4), corners outside.
    let m = ShapeMask(
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 10), shape: .circle,
      borderInPixels: 0, scale: 1, canvasWidth: 10, canvasHeight: 10)
    #expect(m.codes.filter { $0 != 0 }.count == 80)
    #expect(m.code(x: 0, y: 0) == 0)
    #expect(m.code(x: 5, y: 5) == 1)
  }

  /// The mask is made a row at a time, testing only the pixels outside
  /// each row's run of the shape (and of its inset); it must hold the codes
  /// of testing every pixel's centre, over frames at fractional places and
  /// clipped by the canvas, every shape, corner radii past half the short
  /// side, borders from none to wider than the shape, and several scales.
  @Test func rowRunsGiveTheCodesOfEveryPixelsCentre() {
    var g = SeededGenerator(seed: 2026)
    func unit(_ lo: Double, _ hi: Double) -> Double {
      lo + (hi - lo) * Double(g.next() >> 11) / Double(1 << 53)
    }
    var banded = 0
    var outside = 0
    for n in 0..<600 {
      let shapes: [ElementShape] = [
        .rect, .roundedRect(cornerRadius: unit(0, 30)), .capsule, .circle,
      ]
      let shape = shapes[n % 4]
      let scale = [1, 2, 3, 2.5][(n / 4) % 4]
      // Whole and fractional places; some frames square, some reaching
      // past the canvas's edges.
      let x = n % 5 == 0 ? Double(Int(unit(-10, 40))) : unit(-10, 40)
      let y = n % 7 == 0 ? Double(Int(unit(-10, 40))) : unit(-10, 40)
      let width = unit(0.2, 60)
      let height = n % 6 == 0 ? width : unit(0.2, 40)
      let border = [0, 1, 3, unit(0, 8), 200][n % 5]
      let frame = RectInPoints(x: x, y: y, width: width, height: height)
      let canvasWidth = Int(unit(20, 150))
      let canvasHeight = Int(unit(20, 150))
      let m = ShapeMask(
        frame: frame, shape: shape, borderInPixels: border, scale: scale,
        canvasWidth: canvasWidth, canvasHeight: canvasHeight)
      let reference = ShapeMask.codesPixelByPixel(
        frame: frame, shape: shape, borderInPixels: border, scale: scale,
        canvasWidth: canvasWidth, canvasHeight: canvasHeight)
      #expect(m.rect == reference.rect, "\(n)")
      #expect(m.codes == reference.codes, "\(n): \(shape) \(frame) border \(border) scale \(scale)")
      banded += reference.codes.contains(2) ? 1 : 0
      outside += reference.codes.contains(0) ? 1 : 0
    }
    // (The cases hold every kind of pixel.)
    #expect(banded > 250 && outside > 250)
  }
}

@Suite struct ContrastStatisticsTests {
  @Test func nearestRankPercentilesByHand() {
    // 20 values 1...20: p05 rank ceil(1) = 1 -> 1; p10 rank 2 -> 2;
    // median rank 10 -> 10; mean 10.5; below 4.5: 1, 2, 3, 4 -> 0.2.
    let values = (1...20).map(Double.init).reversed()
    let s = ContrastStatistics(
      ratios: Array(values), counts: Array(repeating: 1, count: 20), threshold: 4.5)
    #expect(s.min == 1 && s.p05 == 1 && s.p10 == 2 && s.median == 10 && s.max == 20)
    #expect(s.mean == 10.5)
    #expect(s.failingFraction == 0.2)
  }

  @Test func weightedEntriesEqualTheExpandedPixels() {
    var state: UInt64 = 7
    for iteration in 0..<400 {
      var ratios: [Double] = []
      var counts: [Int] = []
      var expanded: [Double] = []
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for _ in 0..<(Int(state >> 58) + 1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        // Every other case draws from 8 values only: many ties.
        let r =
          iteration % 2 == 0
          ? 1 + Double(state >> 44) / Double(1 << 20) * 20 : 1 + Double(state >> 61)
        let c = Int(state % 5) + 1
        ratios.append(r)
        counts.append(c)
        expanded += Array(repeating: r, count: c)
      }
      let weighted = ContrastStatistics(ratios: ratios, counts: counts, threshold: 4.5)
      var sorted = expanded
      let reference = ContrastStatistics(sorting: &sorted, threshold: 4.5)
      let ones = ContrastStatistics(
        ratios: expanded, counts: Array(repeating: 1, count: expanded.count), threshold: 4.5)
      for s in [weighted, ones] {
        #expect(s.min == reference.min && s.p05 == reference.p05 && s.p10 == reference.p10)
        #expect(s.median == reference.median && s.max == reference.max)
        #expect(abs(s.mean - reference.mean) < 1e-12)
        #expect(s.failingFraction == reference.failingFraction)
      }
    }
  }

  /// Buckets of hundreds of values or more are selected in by their next
  /// bits (a radix selection): distinct values packed into one or two
  /// buckets, near-ties that differ only in their last or middle bits (the
  /// levels above are skipped), and exact ties,
  /// with and without weights, must give the sorted list's values.
  @Test func crowdedBucketsGiveTheSortedRanks() {
    // At every instruction-set level: AVX-512 has its own gathering and
    // radix selection, the others the plain loops.
    VectorLevels.each { level in
      var rng = SeededGenerator(seed: 31)
      for shape in ["packed", "last bits", "middle bits", "ties and packed"] {
        for size in [4_096, 20_000] {
          var ratios: [Double] = []
          var weights: [Int] = []
          for i in 0..<size {
            let u = Double.random(in: 0..<1, using: &rng)
            let r: Double
            switch shape {
            case "packed": r = 3 + u * 0.004
            case "last bits": r = Double(bitPattern: (3.0).bitPattern &+ UInt64(rng.next() % 64))
            case "middle bits":
              r = Double(bitPattern: (3.0).bitPattern &+ (UInt64(rng.next() % 1024) << 22))
            default: r = i % 2 == 0 ? 4.5 : 4.5 + u * 0.001
            }
            ratios.append(r)
            weights.append(1 + Int(rng.next() % 5))
          }
          let sorted = ratios.sorted()
          let expanded = zip(ratios, weights).flatMap { Array(repeating: $0, count: $1) }.sorted()
          let ranks = [1, 2, size / 20, size / 10, size / 2, size - 1, size]
          let weightedRanks = [1, expanded.count / 20, expanded.count / 2, expanded.count]
          let plain = ratios.withUnsafeBufferPointer {
            BucketSelect.values(atRanks: ranks, of: $0, weights: nil)
          }
          #expect(plain == ranks.map { sorted[$0 - 1] }, "\(level) \(shape) \(size)")
          // The radix selection itself, on the values of one bucket (never its
          // fallback).
          let top = (sorted[size / 2].bitPattern >> BucketSelect.shift)
          var bucket = ratios.filter { $0.bitPattern >> BucketSelect.shift == top }
          let bucketSorted = bucket.sorted()
          // Each rank alone, then all of them in one call (one first level
          // for all, two ranks in one bin among them).
          let bucketRanks = [1, bucket.count / 3, bucket.count / 3 + 1, bucket.count]
          for ranks in bucketRanks.map({ [$0] }) + [bucketRanks] {
            let r = bucket.withUnsafeMutableBufferPointer {
              FastEngine.selectInBucket(
                $0, weights: nil, ranks: ranks, shift: BucketSelect.shift - 10)
            }
            #expect(
              r == ranks.map { bucketSorted[$0 - 1] },
              "\(level) \(shape) \(size) ranks \(ranks) of one bucket")
          }
          // Three ranks at most a call with weights, as the statistics ask.
          for chunk in [Array(weightedRanks.prefix(3)), [weightedRanks[3]]] {
            let weighted = ratios.withUnsafeBufferPointer { v in
              weights.withUnsafeBufferPointer { w in
                BucketSelect.values(atRanks: chunk, of: v, weights: w)
              }
            }
            #expect(
              weighted == chunk.map { expanded[$0 - 1] }, "\(level) \(shape) \(size) weighted")
          }
        }
      }
    }
  }

  /// Gathering copies the values (and weights) of up to three buckets, each
  /// to its own cursor, in order: at every level the same as filtering the
  /// values by bucket, with the keys in any order and one key no value has.
  @Test func gatheringCopiesEachBucketInOrder() {
    var rng = SeededGenerator(seed: 47)
    let values = (0..<1_003).map { _ in 3 + Double(rng.next() % 6) * 0.004 }
    let weights = values.indices.map { 1 + $0 % 7 }
    func key(_ v: Double) -> UInt64 { (v.bitPattern >> BucketSelect.shift) - BucketSelect.base }
    let present = Array(Set(values.map(key))).sorted()
    let limit = UInt64(BucketSelect.bucketCount)
    for keys in [[present[2], present[0], present[4]], [present[1], limit, present[3]]] {
      var expected: [(Double, Int)] = []
      for k in keys { expected += zip(values, weights).filter { key($0.0) == k } }
      VectorLevels.each { level in
        var outValues = [Double](repeating: -1, count: values.count)
        var outWeights = [Int](repeating: -1, count: values.count)
        var starts = [0]
        for k in keys.dropLast() {
          starts.append(starts.last! + values.filter { key($0) == k }.count)
        }
        var cursors = starts
        values.withUnsafeBufferPointer { v in
          weights.withUnsafeBufferPointer { w in
            FastEngine.gatherBuckets(
              v, weights: w.baseAddress, shift: BucketSelect.shift, base: BucketSelect.base,
              keys: keys, into: &outValues, &outWeights, cursors: &cursors)
          }
        }
        let n = expected.count
        #expect(Array(outValues.prefix(n)) == expected.map(\.0), "\(level) \(keys)")
        #expect(Array(outWeights.prefix(n)) == expected.map(\.1), "\(level) \(keys)")
        #expect(cursors.last! == n, "\(level)")
      }
    }
  }

  /// Large inputs take the bucketed selection: every percentile must be the
  /// sorted list's value at its nearest rank, for smooth runs, heavy ties,
  /// values spread over every power of two, and values outside the buckets'
  /// range (which fall back to plain selection).
  @Test func bucketedSelectionEqualsTheSortedRanks() {
    var rng = SeededGenerator(seed: 11)
    let shapes = ["smooth", "ties", "spread", "outside", "one value"]
    for (index, shape) in shapes.enumerated() {
      for size in [4_096, 9_999, 30_000] {
        var ratios: [Double] = []
        var counts: [Int] = []
        var walk = 3.0
        for i in 0..<size {
          let u = Double.random(in: 0..<1, using: &rng)
          let r: Double
          switch index {
          case 0:
            walk = Swift.min(Swift.max(walk + (u - 0.5) * 0.01, 1), 21)
            r = walk
          case 1: r = 1 + Double(Int(u * 6))
          case 2: r = 1 + u * 20 + (i % 3 == 0 ? 0.5 : 0)
          case 3: r = i == size / 2 ? 40 : 1 + u * 4
          default: r = 4.25
          }
          ratios.append(r)
          counts.append(1 + Int.random(in: 0..<4, using: &rng))
        }
        let expanded = zip(ratios, counts).flatMap { Array(repeating: $0, count: $1) }
        var sorted = expanded
        let reference = ContrastStatistics(sorting: &sorted, threshold: 4.5)
        var sortedRatios = ratios
        let unweightedReference = ContrastStatistics(sorting: &sortedRatios, threshold: 4.5)
        let weighted = ContrastStatistics(ratios: ratios, counts: counts, threshold: 4.5)
        let unweighted = ContrastStatistics(
          ratios: ratios, counts: Array(repeating: 1, count: size), threshold: 4.5)
        for (s, ref) in [(weighted, reference), (unweighted, unweightedReference)] {
          #expect(s.p05 == ref.p05, "\(shape) \(size)")
          #expect(s.p10 == ref.p10, "\(shape) \(size)")
          #expect(s.median == ref.median, "\(shape) \(size)")
          #expect(s.min == ref.min && s.max == ref.max, "\(shape) \(size)")
        }
        let direct = ratios.withUnsafeBufferPointer {
          BucketSelect.values(atRanks: [1, size / 3, size], of: $0, weights: nil)
        }
        if index == 3 {
          #expect(direct == nil, "a value above 32 has no bucket")
        } else {
          #expect(direct == [sortedRatios[0], sortedRatios[size / 3 - 1], sortedRatios[size - 1]])
        }
      }
    }
  }
}
