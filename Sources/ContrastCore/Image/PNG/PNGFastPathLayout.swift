/// The layout of a PNG that the fast path may decode: an ordinary file in
/// which libpng's simplified reader would do nothing but inflate, unfilter
/// and widen to RGBA, and would raise no warning.
///
/// A file qualifies only when all of these hold (anything else is left to
/// libpng, which gives the canonical result or error):
///
/// - the PNG signature, then IHDR: 13 bytes, width and height in
///   1...1,000,000 (libpng's default user limits), bit depth 8, colour type
///   0 (gray), 2 (RGB), 4 (gray + alpha) or 6 (RGBA), compression 0,
///   filter 0, no interlacing;
/// - every chunk's CRC is right and its length at most 2^31 - 1;
/// - before the image data, only chunks that cannot change the decoded
///   pixels and that pass libpng's own checks (so that it stays silent):
///   sRGB (one byte, intent 0...3), pHYs (9 bytes) and tIME (7 bytes, a
///   valid date), each at most once, and up to 16 tEXt or uncompressed
///   iTXt (keyword of 1...79 bytes, iTXt's language and translated keyword
///   terminated, at most 1 MiB). Any other chunk (gAMA, cHRM, iCCP, sBIT,
///   bKGD, PLTE, tRNS, eXIf, zTXt, compressed iTXt, unknown ones) sends the
///   file to libpng;
/// - then one unbroken run of non-empty IDAT chunks, none longer than
///   libpng's IDAT limit (`png_check_chunk_length`);
/// - then only tEXt, zTXt, iTXt or tIME chunks (libpng never reads past the
///   image data), then an empty IEND, and nothing after it.
struct PNGFastPathLayout {
  let width: Int
  let height: Int
  /// Samples per pixel: 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA.
  let channels: Int
  /// The data of each IDAT chunk, in file order (offsets into the file).
  let imageData: [Range<Int>]

  /// Bytes of the filtered image: a filter-type byte, then the row.
  var filteredByteCount: Int { height * (1 + width * channels) }

  /// The largest width or height libpng accepts by default
  /// (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`).
  static let libpngSizeLimit = 1_000_000

  /// The largest ancillary chunk accepted here (libpng's own limit is
  /// 8,000,000 bytes).
  static let ancillaryLimit = 1 << 20

  /// The most tEXt and iTXt chunks accepted here (libpng counts them
  /// against a cache of 1,000 and warns from the 999th).
  static let textChunkLimit = 16

  /// Reads the chunks of `file`; `nil` unless the file qualifies.
  init?(_ file: UnsafeRawBufferPointer) {
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    guard file.count >= 8, signature.indices.allSatisfy({ file[$0] == signature[$0] }) else {
      return nil
    }
    var chunks = PNGChunkReader(file: file, offset: 8)

    guard let header = chunks.next(), header.type == .ihdr, header.data.count == 13 else {
      return nil
    }
    let ihdr = header.data.lowerBound
    let width = Int(file.bigEndianUInt32(at: ihdr))
    let height = Int(file.bigEndianUInt32(at: ihdr + 4))
    let channelsByColorType = [0: 1, 2: 3, 4: 2, 6: 4]
    guard (1...Self.libpngSizeLimit).contains(width),
      (1...Self.libpngSizeLimit).contains(height),
      file[ihdr + 8] == 8,
      let channels = channelsByColorType[Int(file[ihdr + 9])],
      file[ihdr + 10] == 0, file[ihdr + 11] == 0, file[ihdr + 12] == 0
    else { return nil }

    var seen = PNGAncillarySeen()
    var chunk = chunks.next()
    while let current = chunk, current.type != .idat {
      guard seen.accept(current, in: file) else { return nil }
      chunk = chunks.next()
    }

    let idatLimit = Self.libpngIDATLimit(width: width, height: height, channels: channels)
    var imageData: [Range<Int>] = []
    while let current = chunk, current.type == .idat {
      guard !current.data.isEmpty, current.data.count <= idatLimit else { return nil }
      imageData.append(current.data)
      chunk = chunks.next()
    }
    guard !imageData.isEmpty else { return nil }

    let ignoredAfterData: Set<PNGChunkType> = [.text, .compressedText, .internationalText, .time]
    while let current = chunk, let type = current.type, ignoredAfterData.contains(type) {
      guard current.data.count <= Self.ancillaryLimit else { return nil }
      chunk = chunks.next()
    }
    guard let end = chunk, end.type == .iend, end.data.isEmpty, chunks.isAtEnd else {
      return nil
    }

    self.width = width
    self.height = height
    self.channels = channels
    self.imageData = imageData
  }

  /// libpng's largest IDAT chunk for the image (`png_check_chunk_length`
  /// in libpng 1.6.39): the filtered size plus deflate's worst overhead.
  /// libpng allows the larger of this and 8,000,000 bytes; this is the
  /// smaller bound, so never above libpng's.
  static func libpngIDATLimit(width: Int, height: Int, channels: Int) -> Int {
    let uint31Max = 0x7FFF_FFFF
    var rowFactor = width * channels + 1
    var limit = height > Int(UInt32.max) / rowFactor ? uint31Max : height * rowFactor
    rowFactor = min(rowFactor, 32_566)
    limit += 6 + 5 * (limit / rowFactor + 1)
    return min(limit, uint31Max)
  }
}

/// The ancillary chunks met before the image data, and the checks that
/// keep libpng silent about them.
private struct PNGAncillarySeen {
  var srgb = false
  var physicalSize = false
  var time = false
  var textCount = 0

  /// Whether `chunk` may stand before the image data, counting it.
  mutating func accept(_ chunk: PNGChunk, in file: UnsafeRawBufferPointer) -> Bool {
    let data = chunk.data
    switch chunk.type {
    case .srgb:
      // png_handle_sRGB: one byte, a rendering intent 0...3, only once.
      guard !srgb, data.count == 1, file[data.lowerBound] <= 3 else { return false }
      srgb = true
    case .physicalSize:
      guard !physicalSize, data.count == 9 else { return false }
      physicalSize = true
    case .time:
      // png_set_tIME ignores (and warns about) an impossible date.
      guard !time, data.count == 7 else { return false }
      let month = file[data.lowerBound + 2]
      let day = file[data.lowerBound + 3]
      guard (1...12).contains(month), (1...31).contains(day), file[data.lowerBound + 4] <= 23,
        file[data.lowerBound + 5] <= 59, file[data.lowerBound + 6] <= 60
      else { return false }
      time = true
    case .text:
      // png_handle_tEXt reads any keyword; 1...79 bytes is the spec's rule.
      guard textCount < PNGFastPathLayout.textChunkLimit,
        data.count <= PNGFastPathLayout.ancillaryLimit,
        let keywordEnd = firstZero(in: data.prefix(80), of: file), keywordEnd > data.lowerBound
      else { return false }
      textCount += 1
    case .internationalText:
      // png_handle_iTXt: a keyword of 1...79 bytes, compression flag 0 (a
      // compressed text is inflated by zlib and may warn), any method byte,
      // then a language tag and a translated keyword, each NUL-terminated.
      guard textCount < PNGFastPathLayout.textChunkLimit,
        data.count <= PNGFastPathLayout.ancillaryLimit,
        let keywordEnd = firstZero(in: data.prefix(80), of: file), keywordEnd > data.lowerBound,
        keywordEnd + 5 <= data.upperBound, file[keywordEnd + 1] == 0,
        let languageEnd = firstZero(in: keywordEnd + 3..<data.upperBound, of: file),
        firstZero(in: languageEnd + 1..<data.upperBound, of: file) != nil
      else { return false }
      textCount += 1
    default:
      return false
    }
    return true
  }

  /// The offset of the first zero byte of `file` in `range`.
  private func firstZero(in range: Range<Int>, of file: UnsafeRawBufferPointer) -> Int? {
    range.first { file[$0] == 0 }
  }
}
