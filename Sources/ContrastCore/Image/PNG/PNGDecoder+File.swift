#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension PNGDecoder {
  /// Reads the file at `path` and decodes it with
  /// ``decode(_:name:pixelLimit:allowFastPath:)``.
  ///
  /// - Parameters:
  ///   - path: the file to read, relative to the working directory or absolute.
  ///   - displayName: the name used in messages; defaults to `path` as given.
  ///   - pixelLimit: the largest `width * height` accepted.
  ///   - allowFastPath: `false` decodes with libpng alone.
  /// - Throws: `PNGError.unreadable` with the system's reason when the file
  ///   cannot be read, then whatever decoding throws.
  public static func decode(
    contentsOf path: String,
    displayName: String? = nil,
    pixelLimit: Int = PNGDecoder.defaultPixelLimit,
    allowFastPath: Bool = true
  ) throws(PNGError) -> DecodedPNG {
    try decode(
      contentsOf: InputPath(path), displayName: displayName ?? path, pixelLimit: pixelLimit,
      budget: nil, allowFastPath: allowFastPath)
  }

  /// Reads the file at `path` (any bytes) and decodes it, within `budget`
  /// when one is given.
  ///
  /// The header is read first: a declared size above `pixelLimit`, or one
  /// that the whole file could not hold even at deflate's largest ratio
  /// (1032:1), is refused before the rest is read. With a budget, the file
  /// and the buffers decoding it takes (16 bytes a pixel, 20 for a 16-bit
  /// interlaced file) are reserved before they are allocated, waiting for
  /// other decodes to give theirs back; when they are more than the whole
  /// budget the file is refused. The decoded image then keeps 12 bytes a
  /// pixel of the budget until its last copy is gone.
  ///
  /// - Parameters:
  ///   - displayName: the name used in messages; defaults to the path as
  ///     ``InputPath/description`` shows it.
  /// - Throws: `PNGError.unreadable` with the system's reason,
  ///   `PNGError.tooLarge`, `PNGError.overBudget`, then whatever decoding
  ///   throws.
  public static func decode(
    contentsOf path: InputPath,
    displayName: String? = nil,
    pixelLimit: Int = PNGDecoder.defaultPixelLimit,
    budget: MemoryBudget?,
    allowFastPath: Bool = true
  ) throws(PNGError) -> DecodedPNG {
    let name = displayName ?? path.description
    func unreadable(_ error: InputPath.ReadError) -> PNGError {
      .unreadable(file: name, reason: error.reason)
    }
    let file: InputPath.OpenFile
    let size: Int
    let start: [UInt8]
    do {
      file = try path.open()
      size = try file.size()
      start = try file.read(count: PNGHeader.byteCount, at: 0)
    } catch {
      throw unreadable(error)
    }
    let header = PNGHeader(start)
    var need = size
    if let header {
      let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
      guard !overflow, pixels <= pixelLimit else {
        throw .tooLarge(file: name, width: header.width, height: header.height, limit: pixelLimit)
      }
      guard header.canBeHeld(byCompressed: size) else {
        throw header.notEnoughData(file: name, compressed: size, wholeFile: true)
      }
      need += header.decodingByteCount
    }
    var lease: MemoryBudget.Lease?
    if let budget {
      lease = budget.reserve(need)
      guard lease != nil else {
        throw .overBudget(
          file: name, width: header?.width ?? 0, height: header?.height ?? 0, bytes: need,
          budget: budget.bytes)
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try file.read(count: size, at: 0)
    } catch {
      throw unreadable(error)
    }
    var decoded = try decode(
      bytes, name: name, pixelLimit: pixelLimit, allowFastPath: allowFastPath)
    if let lease {
      lease.shrink(to: decoded.image.samples.count * MemoryLayout<Float>.stride)
      decoded.image.lease = lease
    }
    return decoded
  }
}
