import Testing

@testable import ContrastCore

/// Builds a grey image (R = G = B) from rows of values, top row first.
private func grey(_ rows: [[Float]]) -> RGBImage {
  RGBImage(
    width: rows.first?.count ?? 0, height: rows.count,
    samples: rows.flatMap { row in row.flatMap { [$0, $0, $0] } })
}

/// The red channel as rows, top row first.
private func redRows(_ image: RGBImage) -> [[Float]] {
  (0..<image.height).map { y in (0..<image.width).map { x in image[x, y].0 } }
}

/// True when every sample of `image` is within `tolerance` of the grey
/// image described by `rows`.
private func isClose(_ image: RGBImage, toGrey rows: [[Double]], tolerance: Double) -> Bool {
  let expected = grey(rows.map { $0.map { Float($0) } })
  guard image.width == expected.width, image.height == expected.height else { return false }
  return zip(image.samples, rows.flatMap { row in row.flatMap { [$0, $0, $0] } })
    .allSatisfy { abs(Double($0) - $1) <= tolerance }
}

private func randomImage(width: Int, height: Int, seed: UInt64) -> RGBImage {
  var generator = SeededGenerator(seed: seed)
  return RGBImage(
    width: width, height: height,
    samples: (0..<(3 * width * height)).map { _ in Float.random(in: 0...1, using: &generator) })
}

/// Straightforward reference for SPEC §2.1 in `Double`, one canvas pixel at
/// a time, from the stated formulas (no shared code with the library).
private func referencePlacement(_ wallpaper: RGBImage, width: Int, height: Int) -> [Double] {
  let ww = Double(wallpaper.width)
  let hh = Double(wallpaper.height)
  let s = max(Double(width) / ww, Double(height) / hh)
  let ox = (ww - Double(width) / s) / 2
  let oy = (hh - Double(height) / s) / 2
  func value(_ x: Int, _ y: Int, _ c: Int) -> Double {
    Double(wallpaper.samples[3 * (y * wallpaper.width + x) + c])
  }
  // (index, weight) pairs for canvas index i along an axis of n wallpaper pixels.
  func taps(_ i: Int, offset: Double, count n: Int) -> [(Int, Double)] {
    if s <= 1 {
      let low = offset + Double(i) / s
      let high = offset + Double(i + 1) / s
      let first = max(0, Int(low.rounded(.down)))
      let last = min(n - 1, Int(high.rounded(.up)))
      return (first...last).compactMap { j in
        let overlap = min(high, Double(j + 1)) - max(low, Double(j))
        return overlap > 1e-12 ? (j, overlap / (high - low)) : nil
      }
    }
    let u = (Double(i) + 0.5) / s - 0.5 + offset
    let j = u.rounded(.down)
    let f = u - j
    let clamp = { (k: Double) in min(max(Int(k), 0), n - 1) }
    return [(clamp(j), 1 - f), (clamp(j + 1), f)]
  }
  let rowTaps = (0..<height).map { taps($0, offset: oy, count: wallpaper.height) }
  let columnTaps = (0..<width).map { taps($0, offset: ox, count: wallpaper.width) }
  var result: [Double] = []
  for y in 0..<height {
    for x in 0..<width {
      for c in 0..<3 {
        var sum = 0.0
        for (row, wy) in rowTaps[y] {
          for (column, wx) in columnTaps[x] {
            sum += wy * wx * value(column, row, c)
          }
        }
        result.append(sum)
      }
    }
  }
  return result
}

@Suite("Placement: aspect-fill (SPEC §2.1)")
struct PlacementTests {
  @Test func sameSizeIsIdentity() {
    // s = max(3/3, 2/2) = 1, ox = oy = 0: every pixel copied exactly.
    let wallpaper = randomImage(width: 3, height: 2, seed: 1)
    #expect(Placement.aspectFill(wallpaper, canvasWidth: 3, canvasHeight: 2) == wallpaper)
  }

  /// A wallpaper of the canvas's size is not resampled (`Placement.sameSize`):
  /// the same bits as the resampling passes, which run when every row is
  /// asked for again (`reusing:changedRows:`), at every vector level; on
  /// random samples, wide values, subnormals, signed zeros, infinities and
  /// NaN, and on sizes where either side governs.
  @Test(arguments: [(1, 1), (3, 2), (2, 3), (37, 61), (120, 45)])
  func sameSizeSkipsTheResamplingWithTheSameBits(width: Int, height: Int) {
    var image = randomImage(width: width, height: height, seed: UInt64(width * 1000 + height))
    let specials: [Float] = [
      -0.0, 0, 1, -1, 3e38, -3e38, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
      .infinity, -.infinity, .nan, 123_456.78, 1e-30,
    ]
    for (k, v) in specials.enumerated() where k < image.samples.count {
      image.samples[(k * 7) % image.samples.count] = v
    }
    let fast = Placement.aspectFill(image, canvasWidth: width, canvasHeight: height)
    VectorLevels.each { level in
      let resampled = Placement.aspectFill(
        image, canvasWidth: width, canvasHeight: height,
        reusing: RGBImage(width: width, height: height, filledWith: (0.5, 0.5, 0.5)),
        changedRows: [0..<height])
      #expect(
        fast.samples.map(\.bitPattern) == resampled.samples.map(\.bitPattern), "\(level)")
    }
  }

  @Test func halvingAveragesTwoByTwoBlocks() {
    // 4x4 -> 2x2: s = 0.5, ox = oy = 0; canvas pixel (i, j) covers the
    // wallpaper square [2i, 2i + 2) x [2j, 2j + 2). Values v / 16, v = x + 4y:
    // (0,0): (0 + 1 + 4 + 5) / 4 = 2.5     (1,0): (2 + 3 + 6 + 7) / 4 = 4.5
    // (0,1): (8 + 9 + 12 + 13) / 4 = 10.5  (1,1): (10 + 11 + 14 + 15) / 4 = 12.5
    let wallpaper = grey((0..<4).map { y in (0..<4).map { x in Float(x + 4 * y) / 16 } })
    let placed = Placement.aspectFill(wallpaper, canvasWidth: 2, canvasHeight: 2)
    #expect(placed == grey([[2.5 / 16, 4.5 / 16], [10.5 / 16, 12.5 / 16]]))
  }

  @Test func twoThirdsScaleWeighsFractionalCoverage() {
    // 3x3 -> 2x2: s = 2/3, ox = oy = 0; canvas pixel 0 covers [0, 1.5) and
    // pixel 1 covers [1.5, 3): weights (1, 0.5, 0) / 1.5 and (0, 0.5, 1) / 1.5.
    // Values (x + 3y) / 9 are linear, so each output is (mean x + 3 mean y) / 9:
    // mean x for i = 0: (0 * 1 + 1 * 0.5) / 1.5 = 1/3; for i = 1: (0.5 + 2) / 1.5 = 5/3.
    // (0,0): 1/3 + 3 * 1/3 = 4/3   (1,0): 5/3 + 1 = 8/3
    // (0,1): 1/3 + 3 * 5/3 = 16/3  (1,1): 5/3 + 5 = 20/3
    let wallpaper = grey((0..<3).map { y in (0..<3).map { x in Float(x + 3 * y) / 9 } })
    let placed = Placement.aspectFill(wallpaper, canvasWidth: 2, canvasHeight: 2)
    let expected: [[Double]] = [[4.0 / 27, 8.0 / 27], [16.0 / 27, 20.0 / 27]]
    #expect(isClose(placed, toGrey: expected, tolerance: 1e-6))
  }

  @Test func fractionalCoverageWithCrop() {
    // 3x2 -> 2x1: s = max(2/3, 1/2) = 2/3; ox = 0, oy = (2 - 1 / (2/3)) / 2 = 0.25.
    // The canvas row covers y in [0.25, 1.75): rows 0 and 1 weigh 0.75 each,
    // so it is their mean. Values (x + 3y) / 9; columns as above:
    // pixel 0: (1/3 + 3 * 0.5) / 9 = (11/6) / 9;  pixel 1: (5/3 + 1.5) / 9 = (19/6) / 9.
    let wallpaper = grey((0..<2).map { y in (0..<3).map { x in Float(x + 3 * y) / 9 } })
    let placed = Placement.aspectFill(wallpaper, canvasWidth: 2, canvasHeight: 1)
    #expect(isClose(placed, toGrey: [[11.0 / 54, 19.0 / 54]], tolerance: 1e-6))
  }

  @Test func narrowerCanvasOfSameHeightCropsInsteadOfScaling() {
    // 3x1 -> 2x1: s = max(2/3, 1/1) = 1 (not 2/3), ox = (3 - 2) / 2 = 0.5:
    // canvas pixel i covers [i + 0.5, i + 1.5), the mean of pixels i and i + 1.
    // (0.25 + 0.5) / 2 = 0.375;  (0.5 + 1) / 2 = 0.75.
    let wallpaper = grey([[0.25, 0.5, 1]])
    let placed = Placement.aspectFill(wallpaper, canvasWidth: 2, canvasHeight: 1)
    #expect(placed == grey([[0.375, 0.75]]))
  }

  @Test func tallWallpaperOnSquareCanvasKeepsMiddleRows() {
    // 2x4 -> 2x2: s = max(2/2, 2/4) = 1, oy = (4 - 2) / 2 = 1: rows 1 and 2, exactly.
    let rows: [[Float]] = [[0, 0.125], [0.25, 0.375], [0.5, 0.625], [0.75, 0.875]]
    let placed = Placement.aspectFill(grey(rows), canvasWidth: 2, canvasHeight: 2)
    #expect(placed == grey([rows[1], rows[2]]))
  }

  @Test func tallWallpaperOnSquareCanvasWithHalfPixelCrop() {
    // 2x3 -> 2x2: s = max(1, 2/3) = 1, oy = (3 - 2) / 2 = 0.5: canvas row j
    // covers [j + 0.5, j + 1.5), the mean of rows j and j + 1.
    // Row 0: ((0 + 0.5) / 2, (0.25 + 0.75) / 2) = (0.25, 0.5)
    // Row 1: ((0.5 + 1) / 2, (0.75 + 0.25) / 2) = (0.75, 0.5)
    let wallpaper = grey([[0, 0.25], [0.5, 0.75], [1, 0.25]])
    let placed = Placement.aspectFill(wallpaper, canvasWidth: 2, canvasHeight: 2)
    #expect(placed == grey([[0.25, 0.5], [0.75, 0.5]]))
  }

  @Test func halfPixelCropAveragesNeighbouringRows() {
    // 2x5 -> 2x4: s = max(1, 4/5) = 1, oy = (5 - 4) / 2 = 0.5:
    // canvas row j = (row j + row j + 1) / 2. Rows are (v, 1 - v) with
    // v = 0, 0.25, 0.5, 0.75, 1 -> means v = 0.125, 0.375, 0.625, 0.875.
    let values: [Float] = [0, 0.25, 0.5, 0.75, 1]
    let placed = Placement.aspectFill(
      grey(values.map { [$0, 1 - $0] }), canvasWidth: 2, canvasHeight: 4)
    #expect(placed == grey([0.125, 0.375, 0.625, 0.875].map { [$0, 1 - $0] }))
  }

  @Test func halfPixelCropAcrossColumns() {
    // 5x4 -> 4x4: s = max(4/5, 4/4) = 1, ox = (5 - 4) / 2 = 0.5: canvas
    // pixel i = (p_i + p_(i+1)) / 2; with p = 0, 0.5, 1, 0.5, 0 that is
    // 0.25, 0.75, 0.75, 0.25 on every row.
    let row: [Float] = [0, 0.5, 1, 0.5, 0]
    let placed = Placement.aspectFill(
      grey(Array(repeating: row, count: 4)), canvasWidth: 4, canvasHeight: 4)
    #expect(placed == grey(Array(repeating: [0.25, 0.75, 0.75, 0.25], count: 4)))
  }

  @Test func doublingIsBilinearAtPixelCentres() {
    // 2x2 -> 4x4: s = 2, ox = oy = 0; u = (i + 0.5) / 2 - 0.5 gives
    // i = 0: -0.25 (clamped: p0), i = 1: 0.25 (0.75 p0 + 0.25 p1),
    // i = 2: 0.75 (0.25 p0 + 0.75 p1), i = 3: 1.25 (clamped: p1); v likewise.
    // Wallpaper [[a, b], [c, d]] = [[0, 1], [0.5, 0.25]]:
    // corners are a, b, c, d exactly;
    // row 0: 0, 0.25, 0.75, 1; column 0: 0, 0.125, 0.375, 0.5;
    // (1,1) = 0.5625 a + 0.1875 b + 0.1875 c + 0.0625 d
    //       = 0 + 0.1875 + 0.09375 + 0.015625 = 0.296875;
    // (2,1) = 0.75 (0.25 a + 0.75 b) + 0.25 (0.25 c + 0.75 d)
    //       = 0.5625 + 0.25 * 0.3125 = 0.640625.
    let placed = Placement.aspectFill(
      grey([[0, 1], [0.5, 0.25]]), canvasWidth: 4, canvasHeight: 4)
    let rows = redRows(placed)
    #expect(rows[0] == [0, 0.25, 0.75, 1])
    #expect(rows.map { $0[0] } == [0, 0.125, 0.375, 0.5])
    #expect(rows[3][0] == 0.5)
    #expect(rows[3][3] == 0.25)
    #expect(rows[1][1] == 0.296875)
    #expect(rows[1][2] == 0.640625)
    #expect(
      placed.samples.enumerated().allSatisfy { $0.element == placed.samples[$0.offset / 3 * 3] })
  }

  @Test func upscaleWithCropOffset() {
    // 2x1 -> 3x3: s = max(3/2, 3/1) = 3, ox = (2 - 3/3) / 2 = 0.5, oy = 0.
    // u = (i + 0.5) / 3 - 0.5 + 0.5 = 1/6, 1/2, 5/6, so with p = (0, 0.6):
    // (5/6) 0 + (1/6) 0.6 = 0.1;  0.3;  (1/6) 0 + (5/6) 0.6 = 0.5.
    // v = (j + 0.5) / 3 - 0.5 = -1/3, 0, 1/3: every tap clamps to the one row.
    let placed = Placement.aspectFill(grey([[0, 0.6]]), canvasWidth: 3, canvasHeight: 3)
    let expected = Array(repeating: [0.1, 0.3, 0.5], count: 3)
    #expect(isClose(placed, toGrey: expected, tolerance: 1e-6))
  }

  @Test func constantWallpaperStaysExactlyConstant() {
    // Every canvas pixel's weights sum to one, and with whole-number weights
    // the sums are exact, so a constant comes back bit for bit.
    let colour: (Float, Float, Float) = (0.3, 0.6, 0.9)
    let cases = [(7, 5, 3, 2), (129, 280, 40, 87), (5, 5, 4, 4), (3, 2, 11, 7), (1, 1, 3, 5)]
    for (width, height, canvasWidth, canvasHeight) in cases {
      let wallpaper = RGBImage(width: width, height: height, filledWith: colour)
      let placed = Placement.aspectFill(
        wallpaper, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
      #expect(
        placed == RGBImage(width: canvasWidth, height: canvasHeight, filledWith: colour),
        "\(width)x\(height) -> \(canvasWidth)x\(canvasHeight)")
    }
  }

  @Test(arguments: [(4, 4, 2, 2), (7, 5, 3, 2), (2, 1, 3, 3), (3, 3, 8, 5)])
  func channelsArePlacedIndependently(sizes: (Int, Int, Int, Int)) {
    let (width, height, canvasWidth, canvasHeight) = sizes
    let wallpaper = randomImage(width: width, height: height, seed: 7)
    let placed = Placement.aspectFill(
      wallpaper, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    for channel in 0..<3 {
      // The same wallpaper with the other two channels zeroed.
      var alone = wallpaper
      for i in alone.samples.indices where i % 3 != channel { alone.samples[i] = 0 }
      let placedAlone = Placement.aspectFill(
        alone, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
      for i in placed.samples.indices {
        #expect(placedAlone.samples[i] == (i % 3 == channel ? placed.samples[i] : 0))
      }
    }
  }

  @Test(arguments: [
    (430, 932, 201, 437),  // large downscale, crop in x; splits across threads
    (300, 200, 173, 97),  // s = 97/200 (height governs), fractional everywhere
    (64, 48, 301, 157),  // upscale s = 301/64 with crop in y; splits across threads
    (17, 40, 29, 29),  // upscale, crop in y
  ])
  func matchesStraightforwardReference(sizes: (Int, Int, Int, Int)) {
    let (width, height, canvasWidth, canvasHeight) = sizes
    let wallpaper = randomImage(width: width, height: height, seed: UInt64(width * height))
    let placed = Placement.aspectFill(
      wallpaper, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    let reference = referencePlacement(wallpaper, width: canvasWidth, height: canvasHeight)
    #expect(placed.width == canvasWidth && placed.height == canvasHeight)
    let worst = zip(placed.samples, reference).map { abs(Double($0) - $1) }.max() ?? 0
    #expect(worst <= 1e-6)
    // Same input, same bytes out, however the rows were split across threads.
    #expect(
      Placement.aspectFill(wallpaper, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        == placed)
  }

  @Test func zeroSizedCanvasIsEmpty() {
    let wallpaper = randomImage(width: 4, height: 3, seed: 3)
    let wide = Placement.aspectFill(wallpaper, canvasWidth: 5, canvasHeight: 0)
    #expect(wide.width == 5 && wide.height == 0 && wide.samples.isEmpty)
    let none = Placement.aspectFill(wallpaper, canvasWidth: 0, canvasHeight: 0)
    #expect(none.width == 0 && none.height == 0 && none.samples.isEmpty)
  }

  @Test func emptyWallpaperGivesBlackCanvas() {
    for wallpaper in [
      RGBImage(width: 0, height: 0, samples: []), RGBImage(width: 3, height: 0, samples: []),
    ] {
      let placed = Placement.aspectFill(wallpaper, canvasWidth: 2, canvasHeight: 3)
      #expect(placed == RGBImage(width: 2, height: 3, filledWith: (0, 0, 0)))
    }
  }
}
