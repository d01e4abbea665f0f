internal import CFastPNG

/// The chunk types the fast path knows by name (PNG spec, clause 11).
enum PNGChunkType: UInt32 {
  case ihdr = 0x4948_4452  // IHDR
  case idat = 0x4944_4154  // IDAT
  case iend = 0x4945_4E44  // IEND
  case srgb = 0x7352_4742  // sRGB
  case physicalSize = 0x7048_5973  // pHYs
  case time = 0x7449_4D45  // tIME
  case text = 0x7445_5874  // tEXt
  case compressedText = 0x7A54_5874  // zTXt
  case internationalText = 0x6954_5874  // iTXt
}

/// One chunk: its type (`nil` when not one of ``PNGChunkType``) and the
/// offsets of its data in the file.
struct PNGChunk {
  let type: PNGChunkType?
  let data: Range<Int>
}

/// Walks the chunks of a PNG file, checking each one's bounds and CRC.
struct PNGChunkReader {
  let file: UnsafeRawBufferPointer
  var offset: Int

  var isAtEnd: Bool { offset == file.count }

  /// The next chunk, or `nil` when the file ends, the chunk does not fit
  /// in it, its length is above 2^31 - 1 or its CRC is wrong.
  mutating func next() -> PNGChunk? {
    guard file.count - offset >= 12 else { return nil }
    let length = Int(file.bigEndianUInt32(at: offset))
    guard length <= 0x7FFF_FFFF, file.count - offset - 12 >= length else { return nil }
    let typeStart = offset + 4
    let dataStart = offset + 8
    let dataEnd = dataStart + length
    let start = (file.baseAddress! + typeStart).assumingMemoryBound(to: UInt8.self)
    let crc = cfastpng_crc32(0, start, 4 + length)
    guard crc == file.bigEndianUInt32(at: dataEnd) else { return nil }
    offset = dataEnd + 4
    let type = PNGChunkType(rawValue: file.bigEndianUInt32(at: typeStart))
    return PNGChunk(type: type, data: dataStart..<dataEnd)
  }
}

extension UnsafeRawBufferPointer {
  /// The big-endian `UInt32` at `offset`; the caller has checked the bounds.
  func bigEndianUInt32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }
}
