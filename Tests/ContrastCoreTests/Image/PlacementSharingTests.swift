import Testing

@testable import ContrastCore

/// `Placement.sameSize` takes a wallpaper's samples as they are (shared,
/// not copied) when none is `-0`, an infinity or a NaN, and copies them as
/// `x + 0` otherwise: either way the same bits as the resampling passes.
@Suite("Placement: a wallpaper of the canvas's size shared as it is")
struct PlacementSharingTests {
  private func image(width: Int, height: Int, seed: UInt64) -> RGBImage {
    var generator = SeededGenerator(seed: seed)
    return RGBImage(
      width: width, height: height,
      samples: (0..<(3 * width * height)).map { _ in
        // Bytes as the decoder gives them, and some wide values and subnormals.
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: Float.random(in: -1e30...1e30, using: &generator)
        case 1: Float.leastNonzeroMagnitude * Float(Int.random(in: 0..<9, using: &generator))
        default: Float(Int.random(in: 0...255, using: &generator)) / 255
        }
      })
  }

  private func resampled(_ image: RGBImage) -> RGBImage {
    Placement.aspectFill(
      image, canvasWidth: image.width, canvasHeight: image.height,
      reusing: RGBImage(width: image.width, height: image.height, filledWith: (0.5, 0.5, 0.5)),
      changedRows: [0..<image.height])
  }

  @Test(arguments: [(1, 1), (3, 2), (37, 61), (120, 45)])
  func samplesWithoutSpecialsAreSharedWithTheSameBits(width: Int, height: Int) {
    let wallpaper = image(width: width, height: height, seed: UInt64(width * 7919 + height))
    #expect(!Placement.hasSpecialSamples(wallpaper.samples))
    let placed = Placement.aspectFill(wallpaper, canvasWidth: width, canvasHeight: height)
    VectorLevels.each { level in
      #expect(
        placed.samples.map(\.bitPattern) == resampled(wallpaper).samples.map(\.bitPattern),
        "\(level)")
    }
    // Shared: the same storage, not a copy.
    let same = wallpaper.samples.withUnsafeBufferPointer { a in
      placed.samples.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
    }
    #expect(same)
  }

  @Test(arguments: [Float(-0.0), .infinity, -.infinity, .nan, .signalingNaN])
  func oneSpecialSampleIsCopiedAsTheResamplingGivesIt(special: Float) {
    for at in [0, 5, 3 * 37 * 61 - 1] {
      var wallpaper = image(width: 37, height: 61, seed: UInt64(at + 1))
      wallpaper.samples[at] = special
      #expect(Placement.hasSpecialSamples(wallpaper.samples))
      let placed = Placement.aspectFill(wallpaper, canvasWidth: 37, canvasHeight: 61)
      #expect(
        placed.samples.map(\.bitPattern) == resampled(wallpaper).samples.map(\.bitPattern),
        "\(special) at \(at)")
    }
  }

  /// The PNG decoders mark their images (8-bit samples: `v / 255`, `v a /
  /// 65025`, none special), which placement then shares without a scan;
  /// any change to the samples clears the mark, and the scan is made again.
  @Test func decodedImagesAreMarkedUntilTheirSamplesChange() throws {
    // 3 x 2 RGB, rows of filter 0 and bytes 0, 7, 14, ...
    var rows: [UInt8] = []
    for y in 0..<2 {
      rows.append(0)
      for k in 0..<9 { rows.append(UInt8(7 * (k + 9 * y))) }
    }
    let file = PNGBytes.storedPNG(width: 3, height: 2, colorType: 2, filteredRows: rows)
    for fast in [true, false] {
      var image = try PNGDecoder.decode(file, name: "m.png", pixelLimit: 100, allowFastPath: fast)
        .image
      #expect(image.samplesAreDecoded, "fast path \(fast)")
      #expect(!Placement.hasSpecialSamples(image.samples))
      let placed = Placement.aspectFill(image, canvasWidth: 3, canvasHeight: 2)
      #expect(placed.samples.map { $0.bitPattern } == image.samples.map { $0.bitPattern })
      image.samples[4] = -0.0
      #expect(!image.samplesAreDecoded)
      // Scanned again: the -0 is found and copied as `x + 0` gives it.
      let copied = Placement.aspectFill(image, canvasWidth: 3, canvasHeight: 2)
      #expect(copied.samples[4].bitPattern == (Float(0)).bitPattern)
    }
  }
}
