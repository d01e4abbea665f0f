import PNGFixtureWriter

/// A PNG written for a test through libpng's classic writer (in the C
/// target `PNGFixtureWriter`), so the tests can cover palettes, low and
/// 16-bit depths, tRNS, Adam7 and gAMA, which the simplified writer cannot.
struct PNGFixture {
  /// PNG colour types (PNG spec, 11.2.2).
  enum ColorType: Int32 {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    var channels: Int {
      switch self {
      case .gray, .palette: return 1
      case .grayAlpha: return 2
      case .rgb: return 3
      case .rgba: return 4
      }
    }
  }

  var width: Int
  var height: Int
  var colorType: ColorType
  var bitDepth: Int
  var interlaced = false
  /// RGB triples.
  var palette: [UInt8] = []
  /// Palette tRNS: one alpha per leading palette entry.
  var paletteAlpha: [UInt8] = []
  /// Gray or RGB tRNS: the transparent colour (gray uses `red`).
  var transparentColor: (red: UInt16, green: UInt16, blue: UInt16)?
  /// The gAMA value written, or 0 for no gAMA chunk.
  var fileGamma = 0.0
  /// One value per channel per pixel, row-major (palette: indices).
  var samples: [UInt16]

  /// The PNG file bytes.
  func encoded() -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var error = [CChar](repeating: 0, count: 256)
    let ok = palette.withUnsafeBufferPointer { palette in
      paletteAlpha.withUnsafeBufferPointer { alpha in
        var options = pfw_options()
        options.color_type = colorType.rawValue
        options.bit_depth = Int32(bitDepth)
        options.interlace = interlaced ? 1 : 0
        options.palette = palette.baseAddress
        options.palette_count = Int32(palette.count / 3)
        options.trns_alpha = alpha.baseAddress
        options.trns_count = Int32(alpha.count)
        if let color = transparentColor {
          options.has_trns_color = 1
          options.trns_red = color.red
          options.trns_green = color.green
          options.trns_blue = color.blue
        }
        options.file_gamma = fileGamma
        return pfw_write_png(
          UInt32(width), UInt32(height), &options, samples, &out, &size, &error, error.count)
      }
    }
    let message = String(
      decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    precondition(ok != 0, "fixture writer failed: \(message)")
    defer { pfw_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }
}

/// PNG chunk surgery for malformed-file tests.
enum PNGBytes {
  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  /// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), as PNG chunks use.
  static func crc32<S: Sequence<UInt8>>(_ bytes: S) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
    }
    return ~crc
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// A chunk: length, type, data, CRC over type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
  }

  /// The IHDR data for the given size and format.
  static func header(
    width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2, interlace: UInt8 = 0
  ) -> [UInt8] {
    bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace]
  }

  /// Offsets of every chunk of `type` in a PNG file: (chunk start, data length).
  static func chunks(_ type: String, in file: [UInt8]) -> [(offset: Int, length: Int)] {
    var found: [(Int, Int)] = []
    var offset = 8
    while offset + 8 <= file.count {
      let length = Int(readBigEndian(file, at: offset))
      if String(decoding: file[offset + 4..<offset + 8], as: UTF8.self) == type {
        found.append((offset, length))
      }
      offset += 12 + length
    }
    return found
  }

  /// Replaces the data bytes at `range` (relative to the chunk data) of the
  /// chunk at `offset` and recomputes its CRC, so only the content is bad.
  static func patch(
    _ file: [UInt8], chunkAt offset: Int, dataOffset: Int, with bytes: [UInt8]
  ) -> [UInt8] {
    var file = file
    let length = Int(readBigEndian(file, at: offset))
    for (i, byte) in bytes.enumerated() {
      file[offset + 8 + dataOffset + i] = byte
    }
    let crc = crc32(file[offset + 4..<offset + 8 + length])
    file.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: bigEndian(crc))
    return file
  }
}
