import Testing

@testable import ContrastCore

/// `BlurField` gives exactly the bits of `GaussianBlur.blur(_:region:sigmaInPixels:workers:)`.
@Suite("Blur field")
struct BlurFieldTests {
  /// Sigmas with their block size `k`: the exact path (1), and k = 2, 3, 7, 30.
  static let sigmasAndBlockSizes: [(Double, Int)] = [
    (3, 1), (9, 1), (15, 2), (17, 3), (30, 7), (120, 30),
  ]

  /// The samples' bit patterns, so that -0 and 0 (or two NaNs) are told apart.
  static func bits(_ image: RGBImage) -> [UInt32] {
    image.samples.map(\.bitPattern)
  }

  /// Random rectangles of the image, among them ones on each border and corner, the
  /// whole image, single pixels and single rows and columns.
  static func regions(width: Int, height: Int, seed: UInt64) -> [PixelRect] {
    var generator = SeededGenerator(seed: seed)
    var result = [
      PixelRect(x: 0, y: 0, width: width, height: height),
      PixelRect(x: 0, y: 0, width: 1, height: 1),
      PixelRect(x: width - 1, y: height - 1, width: 1, height: 1),
      PixelRect(x: 0, y: 17, width: width, height: 1),
      PixelRect(x: width - 1, y: 0, width: 1, height: height),
      PixelRect(x: 0, y: 0, width: 23, height: height),
      PixelRect(x: width - 31, y: height - 9, width: 31, height: 9),
      PixelRect(x: 0, y: height - 40, width: 57, height: 40),
      PixelRect(x: width - 70, y: 0, width: 70, height: 33),
    ]
    for _ in 0..<12 {
      let x = Int.random(in: 0..<width, using: &generator)
      let y = Int.random(in: 0..<height, using: &generator)
      let w = Int.random(in: 1...(width - x), using: &generator)
      let h = Int.random(in: 1...(height - y), using: &generator)
      result.append(PixelRect(x: x, y: y, width: w, height: h))
    }
    return result
  }

  @Test(
    "materialising a whole-image field equals blur(region:) bit for bit",
    arguments: sigmasAndBlockSizes)
  func wholeImageFieldMatchesBlur(sigma: Double, blockSize: Int) {
    let image = BlurTestImage.noise.make(width: 331, height: 247, seed: 21)
    let field = BlurField(image, sigmaInPixels: sigma)
    #expect(field.blockSize == blockSize)
    #expect(field.coverage == PixelRect(x: 0, y: 0, width: 331, height: 247))
    var reused = RGBImage(width: 0, height: 0, samples: [])
    for region in Self.regions(width: 331, height: 247, seed: UInt64(sigma * 10)) {
      let expected = GaussianBlur.blur(image, region: region, sigmaInPixels: sigma)
      field.materialize(region, into: &reused)
      #expect(reused.width == region.width && reused.height == region.height)
      #expect(Self.bits(reused) == Self.bits(expected), "\(region)")
      #expect(Self.bits(field.materialized(region)) == Self.bits(expected), "\(region)")
    }
  }

  @Test(
    "a field of a region materialises that region and its parts like blur(region:)",
    arguments: sigmasAndBlockSizes)
  func regionFieldMatchesBlur(sigma: Double, blockSize: Int) {
    let image = BlurTestImage.noise.make(width: 290, height: 210, seed: 4)
    let region = PixelRect(x: 250, y: 30, width: 40, height: 101)  // on the right border
    let field = BlurField(image, covering: region, sigmaInPixels: sigma)
    #expect(field.blockSize == blockSize)
    #expect(field.coverage == region)
    let expected = GaussianBlur.blur(image, region: region, sigmaInPixels: sigma)
    #expect(Self.bits(field.materialized(region)) == Self.bits(expected))
    let part = PixelRect(x: 263, y: 77, width: 27, height: 5)
    #expect(
      Self.bits(field.materialized(part))
        == Self.bits(GaussianBlur.blur(image, region: part, sigmaInPixels: sigma)))
  }

  @Test("a field clips its region to the image and covers nothing when it misses")
  func coverageIsClipped() {
    let image = BlurTestImage.noise.make(width: 60, height: 50)
    let field = BlurField(
      image, covering: PixelRect(x: -5, y: 40, width: 30, height: 30), sigmaInPixels: 20)
    #expect(field.coverage == PixelRect(x: 0, y: 40, width: 25, height: 10))
    let missing = BlurField(
      image, covering: PixelRect(x: 70, y: 0, width: 5, height: 5), sigmaInPixels: 20)
    #expect(missing.coverage.isEmpty)
    #expect(missing.materialized(PixelRect(x: 0, y: 0, width: 0, height: 0)).samples.isEmpty)
  }

  @Test("sigma <= 0 gives a field of the unblurred pixels", arguments: [0.0, -2])
  func zeroSigmaIsTheImage(sigma: Double) {
    let image = BlurTestImage.noise.make(width: 40, height: 30)
    let field = BlurField(image, sigmaInPixels: sigma)
    #expect(field.sigma == 0 && field.blockSize == 1)
    let region = PixelRect(x: 3, y: 4, width: 20, height: 9)
    #expect(Self.bits(field.materialized(region)) == Self.bits(crop(image, to: region)))
  }

  @Test("recomputing a field and materialising into reused storage gives fresh results")
  func reuseGivesTheSameBits() {
    let small = BlurTestImage.diagonalEdge.make(width: 120, height: 90)
    let large = BlurTestImage.noise.make(width: 300, height: 240, seed: 9)
    var field = BlurField()
    var output = RGBImage(width: 0, height: 0, samples: [])
    // Large then small then large again: the storage grows, is reused, and is longer
    // than needed in between.
    for (image, sigma) in [(large, 30.0), (small, 15), (large, 5), (small, 120), (large, 17)] {
      field.compute(image, sigmaInPixels: sigma)
      for region in [
        PixelRect(x: 0, y: 0, width: image.width, height: image.height),
        PixelRect(x: 10, y: 20, width: 31, height: 7),
      ] {
        field.materialize(region, into: &output)
        let fresh = GaussianBlur.blur(image, region: region, sigmaInPixels: sigma)
        #expect(Self.bits(output) == Self.bits(fresh), "sigma \(sigma) \(region)")
      }
    }
  }

  @Test("materialising into a buffer writes exactly the region's samples")
  func bufferMaterialisation() {
    let image = BlurTestImage.smallSquare.make(width: 200, height: 150)
    let field = BlurField(image, sigmaInPixels: 30)
    let region = PixelRect(x: 150, y: 100, width: 50, height: 50)
    let count = 3 * region.width * region.height
    var buffer = [Float](repeating: .nan, count: count + 7)
    buffer.withUnsafeMutableBufferPointer { field.materialize(region, into: $0) }
    let expected = GaussianBlur.blur(image, region: region, sigmaInPixels: 30)
    #expect(buffer[0..<count].map(\.bitPattern) == Self.bits(expected))
    #expect(buffer[count...].allSatisfy { $0.isNaN })
  }

  @Test("parallel and serial give the same bits", arguments: sigmasAndBlockSizes)
  func parallelMatchesSerial(sigma: Double, blockSize: Int) {
    let image = BlurTestImage.noise.make(width: 640, height: 480, seed: 13)
    let serial = BlurField(image, sigmaInPixels: sigma, workers: 1)
    let parallel = BlurField(image, sigmaInPixels: sigma, workers: 4)
    #expect(serial.blockSize == blockSize)
    #expect(serial.grid.map(\.bitPattern) == parallel.grid.map(\.bitPattern))
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    #expect(
      Self.bits(serial.materialized(whole, workers: 1))
        == Self.bits(parallel.materialized(whole, workers: 4)))
  }

  /// Digests of `GaussianBlur.blur` on seeded noise, recorded from the implementation
  /// before the blur field (commit 346646d, serial): the faster code must give the same
  /// bits. Regions: the whole 331x247 image, an inner rectangle, the bottom-right corner.
  static let recordedDigests: [(Double, [UInt64])] = [
    (0.7, [0x8ab3_1928_e5a9_d49d, 0x7e88_629d_433f_70aa, 0x06fe_8a29_f174_e8da]),
    (3, [0xb5a5_d592_c9b4_343f, 0xa13f_f2b5_ebf2_8fad, 0xd168_ff43_53c3_955f]),
    (9, [0x2a34_e67c_836c_1508, 0x9af4_20df_e440_fb10, 0xedc9_377d_1090_9c48]),
    (15, [0x7930_5516_9dfc_17de, 0xffe2_a8a0_38ee_b4e8, 0x8025_e5b0_4cde_9c0c]),
    (17, [0xe899_2327_fa1f_f9b8, 0x270a_b85a_b071_61f2, 0xe56f_609d_2e3f_c3a4]),
    (30, [0xef8d_d930_ab49_98bd, 0x0c3c_1118_33ff_a2ef, 0xb361_dc76_9789_124c]),
    (120, [0xac70_5230_92e7_3b7c, 0x953c_4703_d916_290a, 0xc9ed_a80a_243e_2c4a]),
  ]

  @Test("the blur gives the bits recorded before the blur field", arguments: recordedDigests)
  func sameBitsAsBefore(sigma: Double, digests: [UInt64]) {
    let image = BlurTestImage.noise.make(width: 331, height: 247, seed: 21)
    let regions = [
      PixelRect(x: 0, y: 0, width: 331, height: 247),
      PixelRect(x: 37, y: 51, width: 101, height: 67),
      PixelRect(x: 300, y: 200, width: 31, height: 47),
    ]
    for (region, digest) in zip(regions, digests) {
      for workers in [1, 4] {
        let blurred = GaussianBlur.blur(
          image, region: region, sigmaInPixels: sigma, workers: workers)
        // FNV-1a style over the samples' bit patterns.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for sample in blurred.samples {
          hash = (hash ^ UInt64(sample.bitPattern)) &* 0x0000_0100_0000_01b3
        }
        #expect(hash == digest, "sigma \(sigma) \(region) workers \(workers)")
      }
    }
  }
}
