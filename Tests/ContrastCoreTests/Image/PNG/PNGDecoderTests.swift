import ContrastCore
import Testing

/// One fixture with the 8-bit RGBA that the PNG spec says it holds.
struct PNGDecodeCase: CustomTestStringConvertible, Sendable {
  var name: String
  var colorType: PNGFixture.ColorType
  var bitDepth: Int
  var palette: [UInt8] = []
  var paletteAlpha: [UInt8] = []
  var transparentColor: (red: UInt16, green: UInt16, blue: UInt16)?
  /// One value per channel per pixel (palette: indices).
  var samples: [UInt16]
  /// Expected 8-bit `R, G, B, A` per pixel, derived from the PNG spec.
  var expectedRGBA: [UInt8]

  var testDescription: String { name }

  static let width = 17
  static let height = 16
  static var pixelCount: Int { width * height }

  func fixture(interlaced: Bool) -> PNGFixture {
    PNGFixture(
      width: Self.width, height: Self.height, colorType: colorType, bitDepth: bitDepth,
      interlaced: interlaced, palette: palette, paletteAlpha: paletteAlpha,
      transparentColor: transparentColor, samples: samples)
  }

  /// Expected floats: `c / 255`, flattened over black as `c * a / 255²`.
  var expectedSamples: [Float] {
    (0..<Self.pixelCount).flatMap { p -> [Float] in
      let alpha = Int(expectedRGBA[4 * p + 3])
      return (0..<3).map { c in
        alpha == 255
          ? Float(expectedRGBA[4 * p + c]) / 255
          : Float(Int(expectedRGBA[4 * p + c]) * alpha) / 65_025
      }
    }
  }

  var hasTransparency: Bool {
    (0..<Self.pixelCount).contains { expectedRGBA[4 * $0 + 3] < 255 }
  }
}

/// The sample value of channel `channel` of pixel `pixel` in a fixture at
/// `levels` levels: a walk that visits every level (7 is prime to 2^n).
private func level(pixel: Int, channel: Int, levels: Int) -> Int {
  (pixel * 7 + channel * 3) % levels
}

/// 8-bit value of an n-bit gray level: `v * 255 / (2^n - 1)`, exact for
/// n = 1, 2, 4 (the spec's bit replication gives the same).
private func scaled(_ value: Int, bitDepth: Int) -> UInt8 {
  UInt8(value * 255 / ((1 << bitDepth) - 1))
}

private func grayCase(bitDepth: Int, transparentLevel: Int? = nil) -> PNGDecodeCase {
  var samples: [UInt16] = []
  var rgba: [UInt8] = []
  for p in 0..<PNGDecodeCase.pixelCount {
    let k = level(pixel: p, channel: 0, levels: bitDepth == 16 ? 256 : 1 << bitDepth)
    // 16-bit: k * 257 (0xKKKK) reduces to exactly k; 0x8080 -> 128.
    let sample = bitDepth == 16 ? k * 257 : k
    let gray = bitDepth == 16 ? UInt8(k) : scaled(k, bitDepth: bitDepth)
    let alpha: UInt8 = sample == transparentLevel ? 0 : 255
    samples.append(UInt16(sample))
    rgba += [gray, gray, gray, alpha]
  }
  let suffix = transparentLevel == nil ? "" : " tRNS"
  return PNGDecodeCase(
    name: "gray \(bitDepth)\(suffix)", colorType: .gray, bitDepth: bitDepth,
    transparentColor: transparentLevel.map { (UInt16($0), 0, 0) },
    samples: samples, expectedRGBA: rgba)
}

/// Gray+alpha, RGB or RGBA at 8 or 16 bits, every channel walking all
/// 256 levels (16-bit samples are `k * 257`).
private func directCase(
  _ colorType: PNGFixture.ColorType, bitDepth: Int, opaque: Bool = false,
  transparentColor: (UInt16, UInt16, UInt16)? = nil
) -> PNGDecodeCase {
  let channels = colorType.channels
  let hasAlpha = colorType == .grayAlpha || colorType == .rgba
  var samples: [UInt16] = []
  var rgba: [UInt8] = []
  for p in 0..<PNGDecodeCase.pixelCount {
    var values = (0..<channels).map { level(pixel: p, channel: $0, levels: 256) }
    if hasAlpha && opaque { values[channels - 1] = 255 }
    samples += values.map { UInt16(bitDepth == 16 ? $0 * 257 : $0) }
    let color = colorType == .grayAlpha ? [values[0], values[0], values[0]] : Array(values[0..<3])
    var alpha = hasAlpha ? values[channels - 1] : 255
    if let t = transparentColor, samples.suffix(3).elementsEqual([t.0, t.1, t.2]) {
      alpha = 0
    }
    rgba += color.map(UInt8.init) + [UInt8(alpha)]
  }
  let name =
    [.grayAlpha: "gray+alpha", .rgb: "RGB", .rgba: "RGBA"][colorType]! + " \(bitDepth)"
    + (opaque ? " opaque" : "") + (transparentColor == nil ? "" : " tRNS")
  return PNGDecodeCase(
    name: name, colorType: colorType, bitDepth: bitDepth,
    transparentColor: transparentColor.map { ($0.0, $0.1, $0.2) },
    samples: samples, expectedRGBA: rgba)
}

/// A palette of 2^n entries, indices walking all of them; with tRNS the
/// first entries get alphas 0, 128, 255, 64 (later entries are opaque).
private func paletteCase(bitDepth: Int, withTRNS: Bool) -> PNGDecodeCase {
  let entries = 1 << bitDepth
  var palette: [UInt8] = []
  for i in 0..<entries {
    palette += [UInt8(i * 11 % 256), UInt8(i * 53 % 256), UInt8(255 - i)]
  }
  let alphas: [UInt8] = withTRNS ? Array([0, 128, 255, 64].prefix(entries)) : []
  var samples: [UInt16] = []
  var rgba: [UInt8] = []
  for p in 0..<PNGDecodeCase.pixelCount {
    let index = level(pixel: p, channel: 0, levels: entries)
    samples.append(UInt16(index))
    let alpha: UInt8 = index < alphas.count ? alphas[index] : 255
    rgba += palette[3 * index..<3 * index + 3]
    rgba.append(alpha)
  }
  return PNGDecodeCase(
    name: "palette \(bitDepth)" + (withTRNS ? " tRNS" : ""), colorType: .palette,
    bitDepth: bitDepth, palette: palette, paletteAlpha: alphas, samples: samples,
    expectedRGBA: rgba)
}

let pngDecodeCases: [PNGDecodeCase] =
  [1, 2, 4, 8, 16].map { grayCase(bitDepth: $0) }
  + [grayCase(bitDepth: 2, transparentLevel: 1), grayCase(bitDepth: 8, transparentLevel: 0)]
  + [8, 16].flatMap { depth in
    [
      directCase(.grayAlpha, bitDepth: depth),
      directCase(.grayAlpha, bitDepth: depth, opaque: true),
      directCase(.rgb, bitDepth: depth),
      directCase(.rgba, bitDepth: depth), directCase(.rgba, bitDepth: depth, opaque: true),
    ]
  }
  + [directCase(.rgb, bitDepth: 8, transparentColor: (0, 3, 6))]
  + [1, 2, 4, 8].flatMap {
    [paletteCase(bitDepth: $0, withTRNS: false), paletteCase(bitDepth: $0, withTRNS: true)]
  }

@Suite("PNG decoding of every colour type and bit depth")
struct PNGDecoderTests {
  @Test(arguments: pngDecodeCases, [false, true])
  func decodesToTheSpecPixels(_ testCase: PNGDecodeCase, interlaced: Bool) throws {
    let bytes = testCase.fixture(interlaced: interlaced).encoded()
    let decoded = try PNGDecoder.decode(bytes, name: "fixture.png")
    #expect(decoded.name == "fixture.png")
    #expect(decoded.image.width == PNGDecodeCase.width)
    #expect(decoded.image.height == PNGDecodeCase.height)
    #expect(decoded.hadTransparency == testCase.hasTransparency)
    #expect(decoded.warnings.isEmpty)
    // Exact, except 16-bit Adam7 files, which go through libpng's linear
    // 16-bit output (see PNGDecoder+Interlaced16.swift): the darkest level
    // and partly transparent pixels may move by one level.
    let tolerance: Float = interlaced && testCase.bitDepth == 16 ? 1.0001 / 255 : 0
    let expected = testCase.expectedSamples
    let mismatches = zip(decoded.image.samples, expected).enumerated().filter {
      abs($0.element.0 - $0.element.1) > tolerance
    }
    let report = mismatches.prefix(5).map { ($0.offset, $0.element.0 * 255, $0.element.1 * 255) }
    #expect(mismatches.isEmpty, "first mismatches (index, got x255, want x255): \(report)")
  }

  @Test func sixteenBit0x8080ReducesTo128() throws {
    let fixture = PNGFixture(width: 1, height: 1, colorType: .gray, bitDepth: 16, samples: [0x8080])
    let decoded = try PNGDecoder.decode(fixture.encoded(), name: "g16.png")
    #expect(decoded.image.samples == [128 / 255, 128 / 255, 128 / 255] as [Float])
  }

  @Test func paletteTransparentEntryIsFlattenedToBlack() throws {
    let fixture = PNGFixture(
      width: 2, height: 1, colorType: .palette, bitDepth: 8,
      palette: [200, 100, 50, 10, 20, 30], paletteAlpha: [0], samples: [0, 1])
    let decoded = try PNGDecoder.decode(fixture.encoded(), name: "p.png")
    #expect(decoded.hadTransparency)
    #expect(decoded.image.samples == [0, 0, 0, 10 / 255, 20 / 255, 30 / 255] as [Float])
  }
}
