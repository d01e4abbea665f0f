import Foundation
import Testing

@testable import ContrastCore

/// The fast path (libdeflate and this package's unfiltering) against the
/// libpng path: on every file it either declines or gives libpng's result
/// to the bit; errors are always libpng's.
@Suite("PNG fast path")
struct PNGFastPathTests {
  /// `<package root>`, found from this file.
  static let packageRoot: URL = {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { root.deleteLastPathComponent() }  // Tests/ContrastCoreTests/Image/PNG/x.swift
    return root
  }()

  static let corpus = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/png-corpus").standardized

  /// The bundled wallpapers, `wallpapers/*.png`, sorted.
  static var wallpapers: [URL] {
    let folder = packageRoot.appendingPathComponent("wallpapers")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Large enough for the wallpapers, small enough that a hostile corpus
  /// header cannot make the test allocate much.
  static let pixelLimit = 4_000_000

  private func skipUnlessAvailable() -> Bool {
    if !PNGDecoder.fastPathIsAvailable {
      print("libdeflate not found (libdeflate.so.0); fast-path test skipped")
    }
    return PNGDecoder.fastPathIsAvailable
  }

  // MARK: Real files

  /// Every corpus file and wallpaper, and every corpus file with the
  /// chunks that keep it off the fast path removed (gAMA, cHRM, tRNS,
  /// compressed text...; so that the corpus's 8-bit images and small zlib
  /// windows are exercised too): the fast path declines or matches libpng,
  /// and the public entry point gives libpng's result either way.
  @Test(.timeLimit(.minutes(5)))
  func everyCorpusFileAndWallpaperDecodesAlikeOnBothPaths() throws {
    let files: [(name: String, bytes: [UInt8])] = try Self.wallpapers.map {
      ("wallpapers/\($0.lastPathComponent)", try [UInt8](Data(contentsOf: $0)))
    }
    #expect(files.count >= 20, "wallpapers/ not found")
    var corpus: [(name: String, bytes: [UInt8])] = []
    if FileManager.default.fileExists(atPath: Self.corpus.path) {
      let paths =
        FileManager.default.enumerator(atPath: Self.corpus.path)?.compactMap { $0 as? String } ?? []
      for path in paths.filter({ $0.lowercased().hasSuffix(".png") }).sorted() {
        corpus.append(
          (
            "png-corpus/\(path)",
            try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(path)))
          ))
      }
    } else {
      print(
        "png-corpus not found at \(Self.corpus.path); corpus part of the fast-path test skipped")
    }
    let variants = corpus.compactMap { file in
      PNGBytes.keepingOnlyFastPathChunks(file.bytes).map { ("\(file.name) (stripped)", $0) }
    }
    var fastCounts: [String: Int] = [:]
    for (group, members) in [("wallpapers", files), ("corpus", corpus), ("variants", variants)] {
      for file in members {
        let libpng = decode(file.bytes, name: file.name, fastPath: false)
        let fast = PNGFastPath.decode(file.bytes, name: file.name, pixelLimit: Self.pixelLimit)
        if let fast {
          fastCounts[group, default: 0] += 1
          #expect(libpng.map { sameToTheBit($0, fast) } == .success(true), "\(file.name)")
        } else {
          // The public entry point, which then goes to libpng.
          let automatic = decode(file.bytes, name: file.name, fastPath: true)
          #expect(sameResult(automatic, libpng), "\(file.name)")
        }
      }
    }
    print(
      "fast path taken by \(fastCounts["corpus", default: 0]) of \(corpus.count) png-corpus "
        + "files, \(fastCounts["variants", default: 0]) of \(variants.count) stripped corpus "
        + "variants and \(fastCounts["wallpapers", default: 0]) of \(files.count) wallpapers; "
        + "libpng decoded the rest")
  }

  @Test func everyBundledWallpaperTakesTheFastPath() throws {
    guard skipUnlessAvailable() else { return }
    for url in Self.wallpapers {
      let bytes = try [UInt8](Data(contentsOf: url))
      let name = url.lastPathComponent
      #expect(
        PNGFastPath.decode(bytes, name: name, pixelLimit: Self.pixelLimit) != nil,
        "\(name) declined")
    }
  }

  // MARK: Every value and filter

  @Test(arguments: [PNGFixture.ColorType.gray, .grayAlpha, .rgb, .rgba])
  func everyValueAndAlphaMatchesLibpng(colorType: PNGFixture.ColorType) throws {
    guard skipUnlessAvailable() else { return }
    // 256 x 256 pixels: x is the value, y the alpha where there is one; the
    // other channels are permutations of x so that each sees every value.
    let samples = (0..<256).flatMap { y in
      (0..<256).flatMap { x -> [UInt16] in
        let channels = [x, 255 - x, (x * 7) % 256, y]
        switch colorType {
        case .gray: return [UInt16(x)]
        case .grayAlpha: return [UInt16(x), UInt16(y)]
        case .rgb: return channels.prefix(3).map { UInt16($0) }
        default: return channels.map { UInt16($0) }
        }
      }
    }
    let bytes = PNGFixture(
      width: 256, height: 256, colorType: colorType, bitDepth: 8, samples: samples
    ).encoded()
    let fast = try #require(PNGFastPath.decode(bytes, name: "v.png", pixelLimit: Self.pixelLimit))
    let libpng = try PNGDecoder.decode(bytes, name: "v.png", allowFastPath: false)
    #expect(sameToTheBit(fast, libpng))
    #expect(fast.hadTransparency == (colorType == .grayAlpha || colorType == .rgba))
  }

  @Test(arguments: 1...4)
  func everyFilterTypeMatchesLibpng(channels: Int) throws {
    guard skipUnlessAvailable() else { return }
    var random = SeededGenerator(seed: UInt64(channels))
    let width = 37
    let height = 25
    // Rows cycle through filter types 0...4; bytes are random, with runs of
    // 0 and 255 so that alpha is often opaque and Paeth meets ties.
    let rows = (0..<height).flatMap { y -> [UInt8] in
      [UInt8(y % 5)]
        + (0..<width * channels).map { _ in
          switch random.next() % 4 {
          case 0: 0
          case 1: 255
          default: UInt8.random(in: 0...255, using: &random)
          }
        }
    }
    let colorType: UInt8 = [0, 4, 2, 6][channels - 1]
    let bytes = PNGBytes.storedPNG(
      width: width, height: height, colorType: colorType, filteredRows: rows)
    let fast = try #require(PNGFastPath.decode(bytes, name: "f.png", pixelLimit: Self.pixelLimit))
    let libpng = try PNGDecoder.decode(bytes, name: "f.png", allowFastPath: false)
    #expect(sameToTheBit(fast, libpng))
  }

  /// Paeth rows in runs (photos' usual filter; the test above never has
  /// two in a row): runs of every length, odd and even, after and before
  /// other filters, the first and the last row included, at every channel
  /// count and at widths of one and two pixels.
  @Test(arguments: 1...4)
  func paethRowsInRunsMatchLibpng(channels: Int) throws {
    guard skipUnlessAvailable() else { return }
    var random = SeededGenerator(seed: 200 + UInt64(channels))
    let filters: [UInt8] = [4, 4, 4, 1, 4, 4, 0, 4, 4, 4, 4, 2, 4, 3, 4, 4, 4, 4, 4, 4]
    let colorType: UInt8 = [0, 4, 2, 6][channels - 1]
    for width in [1, 2, 41] {
      for height in [1, 2, filters.count - 1, filters.count] {
        let rows = (0..<height).flatMap { y -> [UInt8] in
          [filters[y]]
            + (0..<width * channels).map { _ in
              switch random.next() % 4 {
              case 0: 0
              case 1: 255
              default: UInt8.random(in: 0...255, using: &random)
              }
            }
        }
        let bytes = PNGBytes.storedPNG(
          width: width, height: height, colorType: colorType, filteredRows: rows)
        let label = "\(channels) channels, \(width)x\(height)"
        let fast = try #require(
          PNGFastPath.decode(bytes, name: "p.png", pixelLimit: Self.pixelLimit), "\(label)")
        let libpng = try PNGDecoder.decode(bytes, name: "p.png", allowFastPath: false)
        #expect(sameToTheBit(fast, libpng), "\(label)")
      }
    }
  }

  /// Narrow and short images of every channel count, their IDAT data in
  /// one chunk or split into chunks of 7 bytes (gathered in the result's
  /// buffer, which the filtered rows share at its end).
  @Test(arguments: 1...4)
  func narrowImagesMatchLibpng(channels: Int) throws {
    guard skipUnlessAvailable() else { return }
    var random = SeededGenerator(seed: 100 + UInt64(channels))
    let colorType: UInt8 = [0, 4, 2, 6][channels - 1]
    for width in [1, 2, 3, 5, 16] {
      for height in [1, 2, 7] {
        let rows = (0..<height).flatMap { y -> [UInt8] in
          [UInt8((y + width) % 5)]
            + (0..<width * channels).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        for chunkSize in [Int.max, 7] {
          let bytes = PNGBytes.storedPNG(
            width: width, height: height, colorType: colorType, filteredRows: rows,
            idatChunkSize: chunkSize)
          let label = "\(width)x\(height), IDAT chunks of \(chunkSize)"
          let libpng = try PNGDecoder.decode(bytes, name: "n.png", allowFastPath: false)
          let fast = PNGFastPath.decode(bytes, name: "n.png", pixelLimit: Self.pixelLimit)
          if chunkSize == .max {
            #expect(fast != nil, "\(label)")
          }
          if let fast {
            #expect(sameToTheBit(fast, libpng), "\(label)")
          }
        }
      }
    }
  }

  // MARK: What the fast path leaves to libpng

  @Test func colourChunksAndOtherFormatsAreLeftToLibpng() throws {
    guard skipUnlessAvailable() else { return }
    let rgb = (0..<48).map { UInt16($0 * 5) }
    var cases: [(String, [UInt8])] = [
      (
        "gAMA",
        PNGFixture(
          width: 4, height: 4, colorType: .rgb, bitDepth: 8, fileGamma: 0.45455,
          samples: rgb
        ).encoded()
      ),
      (
        "interlaced",
        PNGFixture(
          width: 4, height: 4, colorType: .rgb, bitDepth: 8,
          interlaced: true, samples: rgb
        ).encoded()
      ),
      (
        "16-bit",
        PNGFixture(
          width: 4, height: 4, colorType: .rgb, bitDepth: 16,
          samples: rgb
        ).encoded()
      ),
      (
        "palette",
        PNGFixture(
          width: 4, height: 4, colorType: .palette, bitDepth: 8,
          palette: [1, 2, 3, 4, 5, 6], samples: (0..<16).map { UInt16($0 % 2) }
        ).encoded()
      ),
      (
        "tRNS",
        PNGFixture(
          width: 4, height: 4, colorType: .rgb, bitDepth: 8,
          transparentColor: (0, 5, 10), samples: rgb
        ).encoded()
      ),
    ]
    let plain = PNGFixture(width: 4, height: 4, colorType: .rgb, bitDepth: 8, samples: rgb)
      .encoded()
    #expect(PNGFastPath.decode(plain, name: "p.png", pixelLimit: Self.pixelLimit) != nil)
    for (type, data) in [
      ("cHRM", [UInt8](repeating: 1, count: 32)), ("iCCP", Array("x\u{0}\u{0}xyz".utf8)),
      ("sBIT", [8, 8, 8]), ("bKGD", [0, 1, 0, 2, 0, 3]), ("PLTE", [1, 2, 3]), ("eXIf", [0]),
      ("prVt", [1]), ("zTXt", Array("k\u{0}\u{0}x".utf8)),
    ] as [(String, [UInt8])] {
      cases.append((type, PNGBytes.inserting(PNGBytes.chunk(type, data), afterIHDRof: plain)))
    }
    for (label, bytes) in cases {
      #expect(
        PNGFastPath.decode(bytes, name: "x.png", pixelLimit: Self.pixelLimit) == nil, "\(label)")
      #expect(sameResult(decode(bytes, fastPath: true), decode(bytes, fastPath: false)), "\(label)")
    }
  }

  @Test func harmlessAncillaryChunksKeepTheFastPath() throws {
    guard skipUnlessAvailable() else { return }
    let plain = PNGFixture(
      width: 4, height: 4, colorType: .rgba, bitDepth: 8, samples: (0..<64).map { UInt16($0 * 3) }
    ).encoded()
    let before =
      PNGBytes.chunk("sRGB", [0]) + PNGBytes.chunk("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1])
      + PNGBytes.chunk("tIME", [7, 233, 2, 29, 23, 59, 60])
      + PNGBytes.chunk("tEXt", Array("Software\u{0}glass-audit".utf8))
      + PNGBytes.chunk("iTXt", Array("Title\u{0}\u{0}\u{0}en\u{0}Titel\u{0}Dunes".utf8))
    let bytes = PNGBytes.inserting(before, afterIHDRof: plain)
    let fast = try #require(PNGFastPath.decode(bytes, name: "a.png", pixelLimit: Self.pixelLimit))
    let libpng = try PNGDecoder.decode(bytes, name: "a.png", allowFastPath: false)
    #expect(libpng.warnings.isEmpty)
    #expect(sameToTheBit(fast, libpng))
  }

  @Test func chunksLibpngWouldWarnAboutAreLeftToLibpng() throws {
    guard skipUnlessAvailable() else { return }
    let plain = PNGFixture(
      width: 4, height: 4, colorType: .rgb, bitDepth: 8, samples: (0..<48).map { UInt16($0) }
    ).encoded()
    let oddities: [(String, [UInt8])] = [
      ("two sRGB", PNGBytes.chunk("sRGB", [0]) + PNGBytes.chunk("sRGB", [0])),
      ("sRGB intent 4", PNGBytes.chunk("sRGB", [4])),
      ("short pHYs", PNGBytes.chunk("pHYs", [0, 0, 11, 19])),
      ("tIME month 13", PNGBytes.chunk("tIME", [7, 233, 13, 1, 0, 0, 0])),
      ("tEXt without keyword", PNGBytes.chunk("tEXt", Array("\u{0}text".utf8))),
      ("tEXt with a bad CRC", PNGBytes.chunk("tEXt", Array("a\u{0}b".utf8)).flippingLastByte()),
      ("iTXt without its language's NUL", PNGBytes.chunk("iTXt", Array("a\u{0}\u{0}\u{0}en".utf8))),
      (
        "compressed iTXt",
        PNGBytes.chunk("iTXt", [97, 0, 1, 0, 0, 0, 0x78, 0x9C, 3, 0, 0, 0, 0, 1])
      ),
    ]
    for (label, chunks) in oddities {
      let bytes = PNGBytes.inserting(chunks, afterIHDRof: plain)
      #expect(
        PNGFastPath.decode(bytes, name: "o.png", pixelLimit: Self.pixelLimit) == nil, "\(label)")
      #expect(sameResult(decode(bytes, fastPath: true), decode(bytes, fastPath: false)), "\(label)")
    }
  }

  @Test func aboveThePixelLimitIsLeftToLibpng() throws {
    guard skipUnlessAvailable() else { return }
    let bytes = PNGFixture(
      width: 4, height: 4, colorType: .rgb, bitDepth: 8, samples: [UInt16](repeating: 9, count: 48)
    ).encoded()
    #expect(PNGFastPath.decode(bytes, name: "l.png", pixelLimit: 15) == nil)
    #expect(PNGFastPath.decode(bytes, name: "l.png", pixelLimit: 16) != nil)
    #expect(
      decode(bytes, name: "l.png", pixelLimit: 15, fastPath: true)
        == .failure(.tooLarge(file: "l.png", width: 4, height: 4, limit: 15)))
  }

  @Test func aSmallZlibWindowIsTrustedOnlyWhenItHoldsTheWholeImage() {
    // CMF 0x08: deflate with a 256-byte window; FLG 0x1D makes the check right.
    #expect(PNGFastPath.windowIsLargeEnough(0x08, 0x1D, for: 256))
    #expect(!PNGFastPath.windowIsLargeEnough(0x08, 0x1D, for: 257))
    #expect(PNGFastPath.windowIsLargeEnough(0x78, 0x9C, for: 10_000_000))
    #expect(!PNGFastPath.windowIsLargeEnough(0x78, 0x9D, for: 1))  // check bits wrong
    #expect(!PNGFastPath.windowIsLargeEnough(0x78, 0xBB, for: 1))  // preset dictionary
    #expect(!PNGFastPath.windowIsLargeEnough(0x88, 0x98, for: 1))  // 64 KiB window
  }

  // MARK: Damaged files give libpng's error

  /// A photo-like fixture: 96 x 64 seeded noise over a ramp, compressed by
  /// libpng (so with real Huffman blocks), in more than one IDAT chunk.
  private static let noisy: [UInt8] = {
    var random = SeededGenerator(seed: 42)
    let samples = (0..<96 * 64 * 3).map { (i: Int) -> UInt16 in
      let noise = Int(random.next() % 40)
      return UInt16((i / 3 + noise) % 256)
    }
    return PNGFixture(width: 96, height: 64, colorType: .rgb, bitDepth: 8, samples: samples)
      .encoded()
  }()

  @Test func damagedFilesGiveLibpngsErrors() throws {
    guard skipUnlessAvailable() else { return }
    let file = Self.noisy
    #expect(PNGFastPath.decode(file, name: "n.png", pixelLimit: Self.pixelLimit) != nil)
    let idat = try #require(PNGBytes.chunks("IDAT", in: file).first)
    let lastIDAT = try #require(PNGBytes.chunks("IDAT", in: file).last)
    let middle = idat.length / 2
    var badCRC = file
    badCRC[idat.offset + 8 + idat.length] ^= 0x01
    let variants: [(String, [UInt8])] = [
      (
        "flipped IDAT byte",
        PNGBytes.patch(
          file, chunkAt: idat.offset, dataOffset: middle,
          with: [file[idat.offset + 8 + middle] ^ 0x10])
      ),
      (
        "flipped Adler-32",
        PNGBytes.patch(
          file, chunkAt: lastIDAT.offset,
          dataOffset: lastIDAT.length - 1,
          with: [file[lastIDAT.offset + 8 + lastIDAT.length - 1] ^ 0x01])
      ),
      ("bad IDAT CRC", badCRC),
      (
        "bad filter type",
        PNGBytes.storedPNG(
          width: 2, height: 2, colorType: 2,
          filteredRows: [1, 1, 2, 3, 4, 5, 6, 5, 1, 2, 3, 4, 5, 6])
      ),
      ("cut in IDAT", Array(file[..<(idat.offset + 8 + middle)])),
      ("cut after the IDAT CRC", Array(file[..<(idat.offset + 12 + idat.length)])),
      ("IEND missing", Array(file.dropLast(12))),
      ("bytes after IEND", file + [0]),
    ]
    for (label, bytes) in variants {
      #expect(
        PNGFastPath.decode(bytes, name: "n.png", pixelLimit: Self.pixelLimit) == nil, "\(label)")
      let libpng = decode(bytes, name: "n.png", fastPath: false)
      #expect(sameResult(decode(bytes, name: "n.png", fastPath: true), libpng), "\(label)")
      print("damaged (\(label)): libpng says \(summary(of: libpng))")
    }
  }

  // MARK: Streams libdeflate reads and zlib refuses

  /// Distance symbol 30, which RFC 1951 reserves: libdeflate reads it as
  /// symbol 29 and zlib refuses it. The fast path declines it, so libpng's
  /// error comes out with or without libdeflate.
  @Test func aReservedDistanceSymbolGetsLibpngsErrorOnBothPaths() throws {
    // A 4-byte-wide gray image of 9000 rows (45,000 filtered bytes) whose
    // last 3 bytes repeat bytes 24,577 back: a stored block, then a fixed
    // Huffman block with one match coded with the reserved symbol 30.
    let width = 4
    let height = 9_000
    var filtered = (0..<height * (width + 1)).map { (i: Int) -> UInt8 in
      UInt8(truncatingIfNeeded: i * 7 + i / 251)
    }
    for row in 0..<height { filtered[row * (width + 1)] = 0 }
    let prefixCount = filtered.count - 3
    for i in prefixCount..<filtered.count { filtered[i] = filtered[i - 24_577] }
    var stream = PNGBytes.storedBlocks(Array(filtered[..<prefixCount]), final: false)
    var bits = PNGBytes.BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // fixed Huffman codes
    bits.writeHuffman(0b000_0001, count: 7)  // symbol 257: length 3
    bits.writeHuffman(30, count: 5)  // distance symbol 30 (reserved)
    bits.write(0, count: 13)  // extra bits: 24,577 + 0 as libdeflate reads it
    bits.writeHuffman(0, count: 7)  // symbol 256: end of block
    stream += bits.bytes
    let zlib = [0x78, 0x01] + stream + PNGBytes.bigEndian(PNGBytes.adler32(filtered))
    let bytes = PNGBytes.png(width: width, height: height, colorType: 0, zlibStream: zlib)
    let libpng = decode(bytes, name: "d.png", fastPath: false)
    #expect(libpng == .failure(.decode(file: "d.png", message: "IDAT: invalid distance code")))
    #expect(PNGFastPath.decode(bytes, name: "d.png", pixelLimit: Self.pixelLimit) == nil)
    #expect(decode(bytes, name: "d.png", fastPath: true) == libpng)
  }

  /// Literal/length symbol 286 in a fixed-Huffman block (RFC 1951, 3.2.6:
  /// 286 and 287 are in the fixed code but invalid): libdeflate reads it as
  /// a length of 258, zlib refuses it. The same error class (and message)
  /// comes out with the fast path and with libpng alone.
  @Test func literalLengthSymbol286GetsLibpngsErrorOnBothPaths() throws {
    for symbol in [286, 287] {
      let zlib = Self.zeroRowStream(lengthSymbol: symbol)
      let bytes = PNGBytes.png(width: 259, height: 1, colorType: 0, zlibStream: zlib)
      let libpng = decode(bytes, name: "s.png", fastPath: false)
      #expect(
        libpng == .failure(.decode(file: "s.png", message: "IDAT: invalid literal/length code")),
        "symbol \(symbol)")
      #expect(PNGFastPath.decode(bytes, name: "s.png", pixelLimit: Self.pixelLimit) == nil)
      #expect(decode(bytes, name: "s.png", fastPath: true) == libpng, "symbol \(symbol)")
    }
  }

  /// A stream walked and found valid is remembered, so that decoding the
  /// file again does not walk it; one zlib refuses is never remembered:
  /// walked each time, refused each time, and the decode gets libpng's
  /// error every time, also after a valid stream of the same length.
  @Test func onlyValidStreamsAreRememberedAsWalked() throws {
    // 285: a length of 258, valid; 286: the same bits to libdeflate, refused by zlib.
    let valid = Self.zeroRowStream(lengthSymbol: 285)
    let crafted = Self.zeroRowStream(lengthSymbol: 286)
    #expect(valid.count == crafted.count)
    let streams = ValidatedStreams.shared
    valid.withUnsafeBytes { v in
      #expect(streams.isValid(v, inflatingTo: 260))
      #expect(streams.knows(v, inflatingTo: 260))
      #expect(!streams.knows(v, inflatingTo: 261))
    }
    crafted.withUnsafeBytes { c in
      for _ in 0..<2 {
        #expect(!streams.isValid(c, inflatingTo: 260))
        #expect(!streams.knows(c, inflatingTo: 260))
      }
    }
    let bytes = PNGBytes.png(width: 259, height: 1, colorType: 0, zlibStream: crafted)
    let libpng = decode(bytes, name: "s.png", fastPath: false)
    for _ in 0..<2 {
      #expect(PNGFastPath.decode(bytes, name: "s.png", pixelLimit: Self.pixelLimit) == nil)
      #expect(decode(bytes, name: "s.png", fastPath: true) == libpng)
    }
    // A valid file decodes to the same bits the first time and after.
    let good = PNGBytes.png(width: 259, height: 1, colorType: 0, zlibStream: valid)
    let first = try #require(PNGFastPath.decode(good, name: "g.png", pixelLimit: Self.pixelLimit))
    let again = try #require(PNGFastPath.decode(good, name: "g.png", pixelLimit: Self.pixelLimit))
    #expect(sameToTheBit(first, again))
    #expect(sameResult(decode(good, name: "g.png", fastPath: false), .success(again)))
  }

  /// Dynamic blocks whose header zlib refuses (too many codes, codes that
  /// are not complete, no end-of-block code, a repeat with nothing before
  /// it): the fast path declines each, and both paths give libpng's error.
  @Test func dynamicBlockHeadersZlibRefusesGetLibpngsErrorOnBothPaths() throws {
    // 300 zero bytes: gray 299 x 1; the block codes them as literal 0s.
    let filtered = [UInt8](repeating: 0, count: 300)
    func lengths(_ count: Int, _ assign: [Int: Int]) -> [Int] {
      (0..<count).map { assign[$0] ?? 0 }
    }
    // A complete literal/length code: 0 and 256 with one bit each.
    let good = lengths(257, [0: 1, 256: 1])
    let cases: [(String, [Int], [Int], Bool)] = [
      ("the complete code itself", good, [1, 1], true),
      ("287 literal/length codes", lengths(287, [0: 1, 256: 2, 286: 2]), [1, 1], false),
      ("31 distance codes", good, lengths(31, [0: 1, 30: 1]), false),
      ("an incomplete literal/length code", lengths(257, [0: 1, 256: 2]), [1, 1], false),
      ("an over-subscribed distance code", good, [1, 1, 1], false),
      ("no end-of-block code", lengths(258, [0: 1, 257: 1]), [1, 1], false),
    ]
    for (label, litlen, distance, valid) in cases {
      let stream = PNGBytes.dynamicBlock(
        litlen: litlen, distance: distance, literals: filtered, repeatFirst: false)
      let zlib = [0x78, 0x01] + stream + PNGBytes.bigEndian(PNGBytes.adler32(filtered))
      let bytes = PNGBytes.png(width: 299, height: 1, colorType: 0, zlibStream: zlib)
      let libpng = decode(bytes, name: "h.png", fastPath: false)
      let fast = PNGFastPath.decode(bytes, name: "h.png", pixelLimit: Self.pixelLimit)
      if valid {
        #expect((try? libpng.get()) != nil, "\(label)")
        #expect(fast != nil, "\(label)")
      } else {
        #expect((try? libpng.get()) == nil, "\(label): libpng accepts it")
        #expect(fast == nil, "\(label)")
        #expect(decode(bytes, name: "h.png", fastPath: true) == libpng, "\(label)")
      }
      print("dynamic header (\(label)): libpng says \(summary(of: libpng))")
    }
    let repeated = PNGBytes.dynamicBlock(
      litlen: good, distance: [1, 1], literals: filtered, repeatFirst: true)
    let zlib = [0x78, 0x01] + repeated + PNGBytes.bigEndian(PNGBytes.adler32(filtered))
    let bytes = PNGBytes.png(width: 299, height: 1, colorType: 0, zlibStream: zlib)
    #expect(PNGFastPath.decode(bytes, name: "r.png", pixelLimit: Self.pixelLimit) == nil)
    #expect(
      decode(bytes, name: "r.png", fastPath: true) == decode(bytes, name: "r.png", fastPath: false))
  }

  // MARK: Helpers

  /// The zlib stream of a gray 259 x 1 image, all zero, in one fixed-Huffman
  /// block: the filter byte and one pixel as literals, then 258 bytes as
  /// literal/length `symbol` (280 ... 287) at distance 1.
  static func zeroRowStream(lengthSymbol symbol: Int) -> [UInt8] {
    let filtered = [UInt8](repeating: 0, count: 260)
    var bits = PNGBytes.BitWriter()
    bits.write(1, count: 1)
    bits.write(1, count: 2)
    bits.writeHuffman(0x30, count: 8)  // literal 0
    bits.writeHuffman(0x30, count: 8)  // literal 0
    bits.writeHuffman(0xC0 + symbol - 280, count: 8)
    bits.writeHuffman(0, count: 5)  // distance symbol 0: distance 1
    bits.writeHuffman(0, count: 7)  // end of block
    return [0x78, 0x01] + bits.bytes + PNGBytes.bigEndian(PNGBytes.adler32(filtered))
  }

  private func decode(
    _ bytes: [UInt8], name: String = "x.png", pixelLimit: Int = Self.pixelLimit, fastPath: Bool
  ) -> Result<DecodedPNG, PNGError> {
    Result { () throws(PNGError) in
      try PNGDecoder.decode(bytes, name: name, pixelLimit: pixelLimit, allowFastPath: fastPath)
    }
  }

  /// Same size, transparency, warnings and name, and every float the same
  /// to the bit.
  private func sameToTheBit(_ a: DecodedPNG, _ b: DecodedPNG) -> Bool {
    a.image.width == b.image.width && a.image.height == b.image.height
      && a.hadTransparency == b.hadTransparency && a.warnings == b.warnings && a.name == b.name
      && a.image.samples.elementsEqual(b.image.samples) { $0.bitPattern == $1.bitPattern }
  }

  private func sameResult(
    _ a: Result<DecodedPNG, PNGError>, _ b: Result<DecodedPNG, PNGError>
  ) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): return sameToTheBit(x, y)
    case (.failure(let x), .failure(let y)): return x == y
    default: return false
    }
  }

  private func summary(of result: Result<DecodedPNG, PNGError>) -> String {
    switch result {
    case .success(let decoded):
      return "decoded, warnings \(decoded.warnings)"
    case .failure(let error):
      return "\(error)"
    }
  }
}

extension PNGBytes {
  /// Adler-32 (RFC 1950).
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  /// `data` as stored (uncompressed) deflate blocks, the last one final
  /// when `final` is set.
  static func storedBlocks(_ data: [UInt8], final: Bool) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    repeat {
      let count = min(65_535, data.count - start)
      let last = final && start + count == data.count
      out += [last ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8)]
      out += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      out += data[start..<start + count]
      start += count
    } while start < data.count
    return out
  }

  /// An 8-bit PNG, not interlaced, whose IDAT chunks hold `zlibStream`,
  /// `idatChunkSize` bytes each (the last one the rest).
  static func png(
    width: Int, height: Int, colorType: UInt8, zlibStream: [UInt8], idatChunkSize: Int = .max
  ) -> [UInt8] {
    var idat: [UInt8] = []
    var start = 0
    repeat {
      let end = start + min(idatChunkSize, zlibStream.count - start)
      idat += chunk("IDAT", Array(zlibStream[start..<end]))
      start = end
    } while start < zlibStream.count
    return signature
      + chunk(
        "IHDR", header(width: UInt32(width), height: UInt32(height), colorType: colorType))
      + idat + chunk("IEND", [])
  }

  /// A PNG whose IDAT stores `filteredRows` (filter-type byte, then the
  /// row, for each row) uncompressed, so tests choose every filter type.
  static func storedPNG(
    width: Int, height: Int, colorType: UInt8, filteredRows: [UInt8], idatChunkSize: Int = .max
  ) -> [UInt8] {
    let zlib =
      [0x78, 0x01] + storedBlocks(filteredRows, final: true)
      + bigEndian(adler32(filteredRows))
    return png(
      width: width, height: height, colorType: colorType, zlibStream: zlib,
      idatChunkSize: idatChunkSize)
  }

  /// `file` without the ancillary chunks the fast path leaves to libpng
  /// (all but sRGB, pHYs, tIME and tEXt), or `nil` when its chunks do not
  /// parse or none would go.
  static func keepingOnlyFastPathChunks(_ file: [UInt8]) -> [UInt8]? {
    guard file.count >= 8 else { return nil }
    let kept: Set<String> = ["sRGB", "pHYs", "tIME", "tEXt"]
    var out = Array(file[..<8])
    var offset = 8
    var removed = false
    while offset < file.count {
      guard file.count - offset >= 12 else { return nil }
      let length = Int(readBigEndian(file, at: offset))
      guard length <= file.count - offset - 12 else { return nil }
      let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
      let isCritical = file[offset + 4] & 0x20 == 0
      if isCritical || kept.contains(type) {
        out += file[offset..<offset + 12 + length]
      } else {
        removed = true
      }
      offset += 12 + length
    }
    return removed ? out : nil
  }

  /// `chunks` inserted right after the IHDR of `file`.
  static func inserting(_ chunks: [UInt8], afterIHDRof file: [UInt8]) -> [UInt8] {
    let ihdrEnd = 8 + 25
    return Array(file[..<ihdrEnd]) + chunks + Array(file[ihdrEnd...])
  }

  /// The canonical codes of `lengths` (RFC 1951, 3.2.2), 0 for a length of 0.
  static func canonicalCodes(_ lengths: [Int]) -> [Int] {
    var count = [Int](repeating: 0, count: 16)
    for l in lengths where l > 0 { count[l] += 1 }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1...15 {
      code = (code + count[bits - 1]) << 1
      next[bits] = code
    }
    return lengths.map { l in
      guard l > 0 else { return 0 }
      defer { next[l] += 1 }
      return next[l]
    }
  }

  /// One final dynamic-Huffman block with these literal/length and
  /// distance code lengths (any counts, even ones RFC 1951 forbids), coding
  /// `literals` as literals and then the end of block (symbol 256, when it
  /// has a code). The code lengths are sent with a complete code-length
  /// code (13 codes of 4 bits and 6 of 5); with `repeatFirst`, the first is
  /// sent as "repeat the previous" (symbol 16), which has nothing to repeat.
  static func dynamicBlock(
    litlen: [Int], distance: [Int], literals: [UInt8], repeatFirst: Bool
  ) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)
    bits.write(2, count: 2)
    bits.write(litlen.count - 257, count: 5)
    bits.write(distance.count - 1, count: 5)
    bits.write(19 - 4, count: 4)
    let precodeLengths = (0..<19).map { $0 < 13 ? 4 : 5 }
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    for symbol in order { bits.write(precodeLengths[symbol], count: 3) }
    let precode = canonicalCodes(precodeLengths)
    for (i, length) in (litlen + distance).enumerated() {
      if repeatFirst && i == 0 {
        bits.writeHuffman(precode[16], count: precodeLengths[16])
        bits.write(0, count: 2)
        continue
      }
      bits.writeHuffman(precode[length], count: precodeLengths[length])
    }
    let codes = canonicalCodes(litlen)
    for byte in literals where litlen[Int(byte)] > 0 {
      bits.writeHuffman(codes[Int(byte)], count: litlen[Int(byte)])
    }
    if litlen.count > 256, litlen[256] > 0 { bits.writeHuffman(codes[256], count: litlen[256]) }
    return bits.bytes
  }

  /// Deflate's bit order (RFC 1951, 3.1.1): values from the least
  /// significant bit, Huffman codes from the most significant.
  struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func write(_ value: Int, count: Int) {
      for i in 0..<count { append(bit: (value >> i) & 1) }
    }

    mutating func writeHuffman(_ code: Int, count: Int) {
      for i in (0..<count).reversed() { append(bit: (code >> i) & 1) }
    }

    private mutating func append(bit: Int) {
      if bitCount % 8 == 0 { bytes.append(0) }
      bytes[bytes.count - 1] |= UInt8(bit << (bitCount % 8))
      bitCount += 1
    }
  }
}

extension [UInt8] {
  /// A copy with the last byte inverted (a chunk's CRC, say).
  fileprivate func flippingLastByte() -> [UInt8] {
    var copy = self
    copy[copy.count - 1] ^= 0xFF
    return copy
  }
}
