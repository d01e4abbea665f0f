import ContrastCore
import Foundation
import Testing

/// Files with a gAMA chunk: libpng converts them to its sRGB model.
///
/// libpng's gamma transforms model sRGB as the pure power 2.2
/// (`PNG_GAMMA_sRGB`), not the piecewise IEC 61966-2-1 curve, so the
/// expected values below use `round(255 * linear^(1/2.2))`. The piecewise
/// curve differs by up to ~8 levels in the darkest values (linear 1/255
/// gives 21 with the power, 13 with the curve); `sRGBCurveIsNotWhatLibpngUses`
/// pins that down.
@Suite("PNG gAMA handling")
struct PNGGammaTests {
  /// `round(255 * (decoded)^(1/2.2))` where `decoded = v^(1/fileGamma)`.
  private func expectedByte(_ value: Double, fileGamma: Double) -> Double {
    let linear = pow(value, 1 / fileGamma)
    return (255 * pow(linear, 1 / 2.2)).rounded()
  }

  private func grayRamp(bitDepth: Int, fileGamma: Double, interlaced: Bool = false) -> PNGFixture {
    let samples = (0..<256).map { UInt16(bitDepth == 16 ? $0 * 257 : $0) }
    return PNGFixture(
      width: 16, height: 16, colorType: .gray, bitDepth: bitDepth, interlaced: interlaced,
      fileGamma: fileGamma, samples: samples)
  }

  private func maxError(_ decoded: DecodedPNG, fileGamma: Double) -> Double {
    (0..<256).map { (v: Int) -> Double in
      let byte: Double = Double(decoded.image.samples[3 * v]) * 255
      return abs(byte - expectedByte(Double(v) / 255, fileGamma: fileGamma))
    }.max()!
  }

  @Test(arguments: [(8, false), (8, true), (16, false), (16, true)])
  func linearGammaIsConvertedToSRGB(bitDepth: Int, interlaced: Bool) throws {
    let fixture = grayRamp(bitDepth: bitDepth, fileGamma: 1.0, interlaced: interlaced)
    let decoded = try PNGDecoder.decode(fixture.encoded(), name: "linear.png")
    #expect(maxError(decoded, fileGamma: 1.0) <= 1)
    #expect(decoded.image.samples[3 * 128] * 255 > 180)  // linear 0.5 is light
  }

  @Test func gamma1Over1Point8IsConvertedWithinOneLevel() throws {
    let decoded = try PNGDecoder.decode(
      grayRamp(bitDepth: 8, fileGamma: 1 / 1.8).encoded(), name: "mac.png")
    #expect(maxError(decoded, fileGamma: 1 / 1.8) <= 1)
  }

  @Test func gamma1Over2Point2LeavesValuesUnchanged() throws {
    let decoded = try PNGDecoder.decode(
      grayRamp(bitDepth: 8, fileGamma: 0.45455).encoded(), name: "srgb.png")
    #expect(
      decoded.image.samples.enumerated().allSatisfy { $0.element == Float($0.offset / 3) / 255 })
  }

  @Test func paletteEntriesAreGammaConverted() throws {
    let fixture = PNGFixture(
      width: 2, height: 1, colorType: .palette, bitDepth: 8,
      palette: [255, 128, 0, 64, 32, 16], fileGamma: 1.0, samples: [0, 1])
    let decoded = try PNGDecoder.decode(fixture.encoded(), name: "p.png")
    let expected = [255, 128, 0, 64, 32, 16].map { expectedByte(Double($0) / 255, fileGamma: 1) }
    for (got, want) in zip(decoded.image.samples, expected) {
      #expect(abs(Double(got) * 255 - want) <= 1)
    }
  }

  @Test func sRGBCurveIsNotWhatLibpngUses() throws {
    let decoded = try PNGDecoder.decode(
      grayRamp(bitDepth: 8, fileGamma: 1.0).encoded(), name: "linear.png")
    // Linear 1/255: power 2.2 gives 20.5 -> 21; IEC 61966-2-1 gives 12.7 -> 13.
    #expect(decoded.image.samples[3] * 255 == 21)
  }
}
