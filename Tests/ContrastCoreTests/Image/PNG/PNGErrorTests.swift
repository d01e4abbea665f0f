import ContrastCore
import Foundation
import Testing

@Suite("PNG error messages")
struct PNGErrorTests {
  private let valid = PNGFixture(
    width: 8, height: 8, colorType: .rgb, bitDepth: 8,
    samples: (0..<192).map { UInt16($0) }
  ).encoded()

  private func decodeError(_ bytes: [UInt8], name: String) -> PNGError? {
    do {
      _ = try PNGDecoder.decode(bytes, name: name)
      return nil
    } catch {
      return error
    }
  }

  @Test func emptyFileIsADecodeError() {
    let error = decodeError([], name: "wallpapers/empty.png")
    #expect(error == .decode(file: "wallpapers/empty.png", message: "empty file"))
    #expect(error?.description == "cannot decode 'wallpapers/empty.png': empty file")
  }

  @Test func garbledIDATCarriesLibpngsMessage() throws {
    let idat = try #require(PNGBytes.chunks("IDAT", in: valid).first)
    // 78 00: deflate with a 32K window, but the check bits (FCHECK) are wrong.
    let garbled = PNGBytes.patch(valid, chunkAt: idat.offset, dataOffset: 0, with: [0x78, 0x00])
    let error = decodeError(garbled, name: "wallpapers/dunes.png")
    #expect(error == .decode(file: "wallpapers/dunes.png", message: "IDAT: incorrect header check"))
    #expect(
      error?.description == "cannot decode 'wallpapers/dunes.png': IDAT: incorrect header check")
  }

  @Test func badIDATCRCIsADecodeError() throws {
    let idat = try #require(PNGBytes.chunks("IDAT", in: valid).first)
    var bytes = valid
    bytes[idat.offset + 8 + idat.length] ^= 0xFF
    #expect(
      decodeError(bytes, name: "crc.png") == .decode(file: "crc.png", message: "IDAT: CRC error"))
  }

  @Test func truncatedFileIsADecodeError() throws {
    let idat = try #require(PNGBytes.chunks("IDAT", in: valid).first)
    let truncated = Array(valid[..<(idat.offset + 8 + idat.length / 2)])
    let error = try #require(decodeError(truncated, name: "cut.png"))
    guard case .decode(let file, let message) = error else {
      Issue.record("expected a decode error, got \(error)")
      return
    }
    #expect(file == "cut.png")
    #expect(message == "read beyond end of data")
  }

  @Test func notAPNGIsADecodeError() {
    let error = decodeError(Array("GIF89a, not a PNG at all".utf8), name: "a.gif")
    #expect(error == .decode(file: "a.gif", message: "Not a PNG file"))
  }

  @Test func missingFileIsUnreadable() {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("glass-audit-missing-\(UUID().uuidString).png").path
    #expect(
      throws: PNGError.unreadable(file: "wallpapers/x.png", reason: "No such file or directory")
    ) {
      try PNGDecoder.decode(contentsOf: path, displayName: "wallpapers/x.png")
    }
    let error = PNGError.unreadable(file: "wallpapers/x.png", reason: "No such file or directory")
    #expect(error.description == "cannot read 'wallpapers/x.png': No such file or directory")
  }

  @Test func directoryIsUnreadable() {
    let path = FileManager.default.temporaryDirectory.path
    #expect(throws: PNGError.unreadable(file: path, reason: "Is a directory")) {
      try PNGDecoder.decode(contentsOf: path)
    }
  }

  @Test func fileIsReadAndNamedByItsPath() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glass-audit-\(UUID().uuidString).png")
    try Data(valid).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let decoded = try PNGDecoder.decode(contentsOf: url.path)
    #expect(decoded.name == url.path)
    #expect(decoded.image == (try PNGDecoder.decode(valid, name: "x")).image)
    #expect(try PNGDecoder.decode(contentsOf: url.path, displayName: "w/a.png").name == "w/a.png")
  }

  @Test func ancillaryChunkWithBadCRCIsAWarning() throws {
    // A tEXt chunk after IHDR with a broken CRC: libpng drops it and warns.
    var text = PNGBytes.chunk("tEXt", Array("Comment\u{0}hello".utf8))
    text[text.count - 1] ^= 0xFF
    let ihdrEnd = 8 + 25
    let bytes = Array(valid[..<ihdrEnd]) + text + Array(valid[ihdrEnd...])
    let decoded = try PNGDecoder.decode(bytes, name: "warn.png")
    #expect(decoded.warnings == ["tEXt: CRC error"])
  }
}
