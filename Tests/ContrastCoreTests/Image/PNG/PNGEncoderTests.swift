import ContrastCore
import Testing

@Suite("PNG encoding")
struct PNGEncoderTests {
  @Test func rgb8RoundTripsEveryValue() throws {
    let pixels: [UInt8] = (0..<768).map { (i: Int) -> UInt8 in UInt8((i * 7 + i / 3) % 256) }
    let png = try PNGEncoder.encodeRGB8(width: 16, height: 16, pixels: pixels)
    #expect(Array(png.prefix(8)) == PNGBytes.signature)
    let decoded = try PNGDecoder.decode(png, name: "rgb.png")
    #expect(decoded.image.samples == pixels.map { Float($0) / 255 })
    #expect(!decoded.hadTransparency)
  }

  @Test func rgba8RoundTripsAndFlattens() throws {
    let pixels: [UInt8] = [255, 0, 0, 255, 200, 100, 50, 128, 10, 20, 30, 0]
    let png = try PNGEncoder.encodeRGBA8(width: 3, height: 1, pixels: pixels)
    let decoded = try PNGDecoder.decode(png, name: "rgba.png")
    #expect(decoded.hadTransparency)
    let expected: [Float] = [
      1, 0, 0,
      Float(200 * 128) / 65_025, Float(100 * 128) / 65_025, Float(50 * 128) / 65_025,
      0, 0, 0,
    ]
    #expect(decoded.image.samples == expected)
  }

  @Test func floatsAreClampedAndRoundedToNearest() throws {
    let values: [Float] = [-0.5, 0, 0.4 / 255, 0.6 / 255, 0.5, 127.6 / 255, 1, 1.5, .nan]
    let image = RGBImage(width: 3, height: 1, samples: values)
    let decoded = try PNGDecoder.decode(PNGEncoder.encode(image), name: "f.png")
    let bytes = decoded.image.samples.map { Int(($0 * 255).rounded()) }
    #expect(bytes == [0, 0, 0, 1, 128, 128, 255, 255, 0])
  }

  /// Noise does not compress, so its stream comes near libpng's upper bound
  /// (PNG_IMAGE_PNG_SIZE_MAX), the buffer the encoder writes into in one pass.
  @Test func incompressibleNoiseRoundTrips() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let pixels: [UInt8] = (0..<(3 * 300 * 257)).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    let png = try PNGEncoder.encodeRGB8(width: 300, height: 257, pixels: pixels)
    #expect(png.count > pixels.count)
    let decoded = try PNGDecoder.decode(png, name: "noise.png")
    #expect(decoded.image.width == 300 && decoded.image.height == 257)
    #expect(decoded.image.samples == pixels.map { Float($0) / 255 })
  }

  @Test func indexedRoundTripsThroughItsPalette() throws {
    let palette: [UInt8] = [0, 0, 0, 255, 255, 255, 200, 40, 10]
    let indices: [UInt8] = [0, 1, 2, 2, 1, 0]
    let png = try PNGEncoder.encodeIndexed8(
      width: 3, height: 2, indices: indices, palette: palette)
    // Colour type 3 (palette) in IHDR: byte 25 of the file.
    #expect(png[25] == 3)
    let decoded = try PNGDecoder.decode(png, name: "indexed.png")
    let expected = indices.flatMap { i in palette[3 * Int(i)..<3 * Int(i) + 3] }
    #expect(decoded.image.samples == expected.map { Float($0) / 255 })
  }

  @Test func indexPastThePaletteIsRefused() {
    #expect(throws: PNGEncodingError.self) {
      try PNGEncoder.encodeIndexed8(width: 2, height: 1, indices: [0, 1], palette: [9, 9, 9])
    }
    #expect(throws: PNGEncodingError.self) {
      try PNGEncoder.encodeIndexed8(width: 1, height: 1, indices: [0], palette: [])
    }
  }

  @Test func encodingIsDeterministic() throws {
    let image = RGBImage(width: 5, height: 4, filledWith: (0.2, 0.4, 0.6))
    #expect(try PNGEncoder.encode(image) == (try PNGEncoder.encode(image)))
  }

  @Test func wrongSampleCountIsRefused() {
    #expect(throws: PNGEncodingError.sampleCountMismatch(expected: 12, actual: 11)) {
      try PNGEncoder.encodeRGB8(width: 2, height: 2, pixels: .init(repeating: 0, count: 11))
    }
  }

  @Test func emptySizeIsRefused() {
    #expect(throws: PNGEncodingError.invalidSize(width: 0, height: 3)) {
      try PNGEncoder.encodeRGBA8(width: 0, height: 3, pixels: [])
    }
    #expect(throws: PNGEncodingError.invalidSize(width: 0, height: 0)) {
      try PNGEncoder.encode(RGBImage(width: 0, height: 0, samples: []))
    }
  }
}
