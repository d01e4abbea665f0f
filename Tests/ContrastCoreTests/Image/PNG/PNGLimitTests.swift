import ContrastCore
import Testing

@Suite("PNG pixel limit")
struct PNGLimitTests {
  /// Signature, an IHDR declaring `width` x `height` 8-bit RGB, a tiny IDAT
  /// (one empty stored zlib block) and IEND. Only the header is meaningful.
  private func headerOnlyPNG(width: UInt32, height: UInt32) -> [UInt8] {
    PNGBytes.signature
      + PNGBytes.chunk("IHDR", PNGBytes.header(width: width, height: height))
      + PNGBytes.chunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01])
      + PNGBytes.chunk("IEND", [])
  }

  @Test func crcMatchesTheKnownValueOfIEND() {
    // Every PNG ends with AE 42 60 82, the CRC of "IEND".
    #expect(PNGBytes.crc32(Array("IEND".utf8)) == 0xAE42_6082)
  }

  @Test func twentyThousandSquaredIsRefusedAtTheDefaultLimit() {
    let bytes = headerOnlyPNG(width: 20_000, height: 20_000)
    #expect(
      throws: PNGError.tooLarge(file: "x.png", width: 20_000, height: 20_000, limit: 100_000_000)
    ) {
      try PNGDecoder.decode(bytes, name: "x.png")
    }
    let error = PNGError.tooLarge(file: "x.png", width: 20_000, height: 20_000, limit: 100_000_000)
    #expect(
      error.description
        == "cannot decode 'x.png': 20000x20000 is 400000000 pixels, above the limit of 100000000 "
        + "(raise it with --pixel-limit)")
  }

  @Test func aLowLimitRefusesASmallImage() throws {
    let bytes = headerOnlyPNG(width: 40, height: 30)
    #expect(throws: PNGError.tooLarge(file: "small.png", width: 40, height: 30, limit: 1_000)) {
      try PNGDecoder.decode(bytes, name: "small.png", pixelLimit: 1_000)
    }
  }

  @Test func anImageExactlyAtTheLimitDecodes() throws {
    let fixture = PNGFixture(
      width: 17, height: 16, colorType: .gray, bitDepth: 8, samples: .init(repeating: 9, count: 272)
    )
    let bytes = fixture.encoded()
    #expect(try PNGDecoder.decode(bytes, name: "f.png", pixelLimit: 272).image.pixelCount == 272)
    #expect(throws: PNGError.tooLarge(file: "f.png", width: 17, height: 16, limit: 271)) {
      try PNGDecoder.decode(bytes, name: "f.png", pixelLimit: 271)
    }
  }

  @Test func aTeraPixelHeaderIsRefused() {
    let bytes = headerOnlyPNG(width: 1_000_000, height: 1_000_000)
    #expect(
      throws: PNGError.tooLarge(
        file: "t.png", width: 1_000_000, height: 1_000_000, limit: 100_000_000)
    ) {
      try PNGDecoder.decode(bytes, name: "t.png")
    }
  }

  @Test func theLargestLegalHeaderIsAnErrorNotACrash() {
    // 2^31 - 1 on each side exceeds libpng's own user limits (1,000,000):
    // libpng refuses the header; with any limit the answer is an error.
    let bytes = headerOnlyPNG(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)
    #expect(throws: PNGError.self) {
      try PNGDecoder.decode(bytes, name: "max.png", pixelLimit: .max)
    }
  }
}
