import Foundation
import Testing

@testable import ContrastCore

/// A declared size is checked against the file's data before anything is
/// allocated, and decoding is bounded by a memory budget shared across
/// workers (issue 14).
@Suite("PNG memory")
struct PNGMemoryTests {
  /// A PNG of about 257 bytes declaring `width` x `height` 8-bit RGB, its
  /// IDAT a valid stream of zeros far shorter than the image.
  static func tinyPNGDeclaring(width: UInt32, height: UInt32) -> [UInt8] {
    let zeros = [UInt8](repeating: 0, count: 1_000)
    let zlib =
      [0x78, 0x01] + PNGBytes.storedBlocks(zeros, final: true)
      + PNGBytes.bigEndian(PNGBytes.adler32(zeros))
    return PNGBytes.signature
      + PNGBytes.chunk("IHDR", PNGBytes.header(width: width, height: height))
      + PNGBytes.chunk("IDAT", Array(zlib.prefix(200))) + PNGBytes.chunk("IEND", [])
  }

  func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glass-audit-memory-\(UUID().uuidString).png")
    try Data(bytes).write(to: url)
    return url
  }

  @Test func theFilteredSizeCountsEveryRowOfEveryPass() {
    func ihdr(_ w: UInt32, _ h: UInt32, depth: UInt8, type: UInt8, interlace: UInt8)
      -> PNGHeader?
    {
      PNGHeader(
        PNGBytes.signature
          + PNGBytes.chunk(
            "IHDR",
            PNGBytes.header(
              width: w, height: h, bitDepth: depth, colorType: type, interlace: interlace)))
    }
    let large = ihdr(10_000, 10_000, depth: 8, type: 2, interlace: 0)
    #expect(large?.filteredByteCount == 300_010_000)
    let narrow = ihdr(3, 1, depth: 1, type: 0, interlace: 0)
    #expect(narrow?.filteredByteCount == 2)
    // Adam7 by brute force: the pixels of each pass, packed per row.
    let passes = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    for (w, h, depth, type) in [
      (1, 1, 8, 2), (5, 3, 1, 0), (9, 17, 16, 6), (33, 2, 4, 3), (2, 40, 8, 4),
    ] {
      let bitsPerPixel = depth * [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][type]!
      var expected = 0
      for p in passes {
        let columns = (0..<w).filter { $0 % p.2 == p.0 }.count
        let rows = (0..<h).filter { $0 % p.3 == p.1 }.count
        if columns > 0 && rows > 0 { expected += rows * (1 + (columns * bitsPerPixel + 7) / 8) }
      }
      let found = ihdr(UInt32(w), UInt32(h), depth: UInt8(depth), type: UInt8(type), interlace: 1)
      #expect(found?.filteredByteCount == expected, "\(w)x\(h) depth \(depth) type \(type)")
    }
    #expect(ihdr(0, 5, depth: 8, type: 2, interlace: 0) == nil)
    #expect(ihdr(5, 5, depth: 3, type: 2, interlace: 0) == nil)
    #expect(ihdr(1_000_001, 5, depth: 8, type: 2, interlace: 0) == nil)
  }

  @Test func aSmallFileDeclaringAHugeImageIsRefusedBeforeAnythingIsAllocated() throws {
    let bytes = Self.tinyPNGDeclaring(width: 10_000, height: 10_000)
    #expect(bytes.count < 300)
    for fastPath in [true, false] {
      #expect {
        try PNGDecoder.decode(bytes, name: "t.png", allowFastPath: fastPath)
      } throws: { error in
        guard case .decode(let file, let message) = error as? PNGError else { return false }
        return file == "t.png"
          && message.hasPrefix("not enough image data: 10000x10000 needs 300010000 bytes")
      }
    }
    // From a file, it is refused on its size alone: before the budget is asked.
    let url = try temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    let budget = MemoryBudget(bytes: 1 << 20)
    #expect {
      try PNGDecoder.decode(
        contentsOf: InputPath(url.path), displayName: "t.png", budget: budget)
    } throws: { error in
      (error as? PNGError)?.description.contains("not enough image data") == true
    }
    #expect(budget.peakBytesInUse == 0)
  }

  @Test func aChunkBeforeTheImageDataLongerThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
    let plain = PNGFixture(
      width: 8, height: 8, colorType: .rgb, bitDepth: 8,
      samples: [UInt16](repeating: 3, count: 192)
    ).encoded()
    // An 80-byte file whose tEXt chunk says 1.8 GB: libpng would allocate that first.
    let text = PNGBytes.bigEndian(1_800_000_000) + Array("tEXtabc".utf8)
    let bytes = Array(plain[..<33]) + text
    for fastPath in [true, false] {
      #expect(
        throws: PNGError.decode(
          file: "t.png",
          message: "read beyond end of data: chunk tEXt at byte 33 declares 1800000000 bytes, "
            + "past the end of the file (\(bytes.count) bytes)")
      ) {
        try PNGDecoder.decode(bytes, name: "t.png", allowFastPath: fastPath)
      }
    }
    // After the image data libpng reads nothing: such a chunk is no concern of ours.
    let after = plain.dropLast(12) + text
    #expect(try PNGDecoder.decode(Array(after), name: "a.png").image.pixelCount == 64)
  }

  @Test func aHighlyCompressedRealImageStillDecodes() throws {
    let bytes = PNGFixture(
      width: 1_500, height: 1_500, colorType: .gray, bitDepth: 8,
      samples: [UInt16](repeating: 0, count: 1_500 * 1_500)
    ).encoded()
    #expect(bytes.count * 300 < 1_500 * 1_501)
    #expect(try PNGDecoder.decode(bytes, name: "z.png").image.pixelCount == 1_500 * 1_500)
  }

  @Test func aFileOverTheWholeBudgetIsRefusedWithItsNeedAndTheBudget() throws {
    let bytes = PNGFixture(
      width: 64, height: 64, colorType: .rgb, bitDepth: 8,
      samples: [UInt16](repeating: 7, count: 64 * 64 * 3)
    ).encoded()
    let url = try temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    let need = bytes.count + 64 * 64 * 16
    let budget = MemoryBudget(bytes: need - 1)
    #expect(
      throws: PNGError.overBudget(
        file: "w.png", width: 64, height: 64, bytes: need, budget: need - 1)
    ) {
      try PNGDecoder.decode(contentsOf: InputPath(url.path), displayName: "w.png", budget: budget)
    }
    #expect(
      PNGError.overBudget(
        file: "w.png", width: 9_000, height: 9_000, bytes: 1_296_236_266, budget: 1 << 30
      )
      .description
        == "cannot decode 'w.png': 9000x9000 takes 1.2 GiB to decode (1296236266 bytes), above "
        + "the memory budget of 1 GiB (raise it with --memory-budget)")
  }

  @Test func aDecodedImageHoldsItsShareUntilItIsGoneAndWorkersWait() throws {
    let side = 96
    let bytes = PNGFixture(
      width: side, height: side, colorType: .rgb, bitDepth: 8,
      samples: (0..<side * side * 3).map { UInt16($0 % 251) }
    ).encoded()
    let url = try temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    let need = bytes.count + side * side * 16
    // Room for one decode at a time: the second waits for the first image to go.
    let budget = MemoryBudget(bytes: need + side * side * 4)
    var image: RGBImage? = try PNGDecoder.decode(
      contentsOf: InputPath(url.path), budget: budget
    ).image
    #expect(budget.bytesInUse == side * side * 12)
    image = nil
    #expect(budget.bytesInUse == 0 && image == nil)
    let decoded = Array(repeating: 0, count: 8).parallelMap(workers: 4) { _ in
      (try? PNGDecoder.decode(contentsOf: InputPath(url.path), budget: budget))?.image.pixelCount
    }
    #expect(decoded == Array(repeating: side * side, count: 8))
    #expect(budget.peakBytesInUse <= budget.bytes)
    #expect(budget.bytesInUse == 0)
  }

  @Test func aPipeOrAFolderIsRefusedWithoutBlocking() throws {
    let fifo = FileManager.default.temporaryDirectory
      .appendingPathComponent("glass-audit-fifo-\(UUID().uuidString).png").path
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    #expect(throws: PNGError.unreadable(file: "p.png", reason: "not a regular file")) {
      try PNGDecoder.decode(contentsOf: fifo, displayName: "p.png")
    }
  }
}
