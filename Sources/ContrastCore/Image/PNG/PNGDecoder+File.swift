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
    let name = displayName ?? path
    let bytes = try readFile(atPath: path, name: name)
    return try decode(bytes, name: name, pixelLimit: pixelLimit, allowFastPath: allowFastPath)
  }

  /// The whole content of the file at `path`.
  static func readFile(atPath path: String, name: String) throws(PNGError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
      throw .unreadable(file: name, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        fread(buffer.baseAddress, 1, buffer.count, file)
      }
      bytes.append(contentsOf: chunk[0..<count])
      if count < chunk.count {
        if ferror(file) != 0 {
          throw .unreadable(file: name, reason: String(cString: strerror(errno)))
        }
        return bytes
      }
    }
  }
}
