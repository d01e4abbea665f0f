/// What a PNG's header (IHDR) declares, read from the file's first 33
/// bytes before anything else is read or allocated: enough to refuse a
/// file whose size cannot be right, or that would take more memory than
/// the budget, and to reserve what decoding it takes.
struct PNGHeader: Equatable {
  let width: Int
  let height: Int
  let bitDepth: Int
  let colorType: Int
  let interlaced: Bool

  /// The bytes the header is read from: the signature and the IHDR chunk.
  static let byteCount = 33

  /// The largest width or height libpng accepts (its default user limits);
  /// above it libpng refuses the file itself, with its own message.
  static let sideLimit = 1_000_000

  /// The most bytes deflate can inflate a byte of compressed data to: a
  /// match of 258 bytes coded in 2 bits (RFC 1951; zlib's "1032:1").
  static let maximumInflationRatio = 1_032

  /// The header at the start of `bytes`, when the signature and a
  /// well-formed IHDR are there with sizes libpng accepts; nil otherwise
  /// (libpng then refuses the file with its own message).
  init?(_ bytes: some RandomAccessCollection<UInt8>) {
    let b = Array(bytes.prefix(Self.byteCount))
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    guard b.count == Self.byteCount, Array(b[0..<8]) == signature,
      Array(b[8..<16]) == [0, 0, 0, 13, 73, 72, 68, 82]
    else { return nil }
    func u32(_ i: Int) -> Int {
      Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    width = u32(16)
    height = u32(20)
    bitDepth = Int(b[24])
    colorType = Int(b[25])
    let allowedDepths = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard (1...Self.sideLimit).contains(width), (1...Self.sideLimit).contains(height),
      allowedDepths[colorType]?.contains(bitDepth) == true, b[26] == 0, b[27] == 0, b[28] <= 1
    else { return nil }
    interlaced = b[28] == 1
  }

  /// Bits per pixel of the image data.
  var bitsPerPixel: Int {
    let samples = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
    return samples * bitDepth
  }

  /// The bytes the image data inflates to: a filter-type byte and the
  /// packed row, for every row (of every Adam7 pass when interlaced).
  var filteredByteCount: Int {
    func bytes(columns: Int, rows: Int) -> Int {
      columns == 0 || rows == 0 ? 0 : rows * (1 + (columns * bitsPerPixel + 7) / 8)
    }
    guard interlaced else { return bytes(columns: width, rows: height) }
    let passes = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    return passes.reduce(0) { sum, p in
      let columns = width > p.0 ? (width - p.0 + p.2 - 1) / p.2 : 0
      let rows = height > p.1 ? (height - p.1 + p.3 - 1) / p.3 : 0
      return sum + bytes(columns: columns, rows: rows)
    }
  }

  /// The most bytes decoding allocates besides the file: the result's
  /// floats (12 bytes a pixel) and libpng's 8-bit RGBA (4), or its 16-bit
  /// linear RGBA (8) for a 16-bit interlaced file.
  var decodingByteCount: Int {
    width * height * (bitDepth == 16 && interlaced ? 20 : 16)
  }

  /// The bytes the decoded image keeps: 3 floats a pixel.
  var imageByteCount: Int { width * height * 12 }

  /// Whether `compressed` bytes of image data can hold the image: at most
  /// ``maximumInflationRatio`` to one.
  func canBeHeld(byCompressed compressed: Int) -> Bool {
    filteredByteCount <= compressed * Self.maximumInflationRatio
  }

  /// The bytes of image data (IDAT) in `file`, by its chunk lengths (CRCs
  /// unchecked), or the whole file's size when a chunk does not fit in it
  /// before IEND (libpng then refuses the file with its own message, which
  /// this leaves it to give).
  static func imageDataByteCount(_ file: UnsafeRawBufferPointer) -> Int {
    var offset = 8
    var total = 0
    while file.count - offset >= 12 {
      let length = Int(file.bigEndianUInt32(at: offset))
      let type = file.bigEndianUInt32(at: offset + 4)
      guard length <= file.count - offset - 12 else { return file.count }
      if type == PNGChunkType.idat.rawValue { total += length }
      if type == PNGChunkType.iend.rawValue { return total }
      offset += 12 + length
    }
    return file.count
  }

  /// A chunk before the image data whose declared length runs past the end
  /// of `file`: libpng reads every chunk before the first IDAT, allocating
  /// the declared length of some (tEXt) before it finds the file too short
  /// ("read beyond end of data"), so an 80-byte file could take 2 GB.
  /// Returns the chunk's type (printable, else `?`), offset and length.
  static func chunkPastTheEnd(_ file: UnsafeRawBufferPointer) -> (
    type: String, offset: Int, length: Int
  )? {
    var offset = 8
    while file.count - offset >= 8 {
      let length = Int(file.bigEndianUInt32(at: offset))
      let type = file.bigEndianUInt32(at: offset + 4)
      if type == PNGChunkType.idat.rawValue || type == PNGChunkType.iend.rawValue { return nil }
      guard length <= file.count - offset - 12 else {
        let name = String(
          (0..<4).map { i -> Character in
            let byte = file[offset + 4 + i]
            return (0x21...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?"
          })
        return (name, offset, length)
      }
      offset += 12 + length
    }
    return nil
  }

  /// The refusal of a file whose image data cannot inflate to the size its
  /// header declares (libpng would find "Not enough image data" after
  /// allocating the image): `compressed` bytes, the whole file's when
  /// `wholeFile`.
  func notEnoughData(file: String, compressed: Int, wholeFile: Bool = false) -> PNGError {
    let what =
      wholeFile ? "the file's \(compressed) bytes" : "\(compressed) bytes of compressed data"
    return .decode(
      file: file,
      message: "not enough image data: \(width)x\(height) needs \(filteredByteCount) bytes, and "
        + "\(what) inflate to at most \(compressed * Self.maximumInflationRatio)")
  }
}
