internal import CPNG

/// Decodes PNG data into gamma-encoded sRGB images with libpng's simplified
/// API (`png_image_begin_read_from_memory` / `png_image_finish_read`).
///
/// Only the simplified API is used: the classic API reports errors with
/// `longjmp`, which must never cross Swift frames.
///
/// Every PNG is accepted: all colour types and bit depths, interlaced or
/// not. libpng converts it to 8-bit sRGB RGBA: it applies the file's gAMA
/// (or sRGB) chunk, expands palettes, tRNS, gray and low bit depths, and
/// reduces 16-bit samples to 8 bits. A 16-bit file without gAMA or sRGB is
/// taken as sRGB-encoded (`PNG_IMAGE_FLAG_16BIT_sRGB`), not as linear, so
/// `0x8080` becomes 128 like any other tool would show it.
public enum PNGDecoder {
  /// The largest image accepted unless the caller says otherwise: 100 MP.
  public static let defaultPixelLimit = 100_000_000

  /// Whether the fast path can run: libdeflate (`libdeflate.so.0`, or
  /// `libdeflate.0.dylib` on macOS) was found at run time. Without it every
  /// file is decoded by libpng alone, with the same results.
  public static var fastPathIsAvailable: Bool { PNGFastPath.isAvailable }

  /// Decodes the PNG in `bytes`.
  ///
  /// Each 8-bit channel value `v` becomes the float `v / 255`. A pixel with
  /// alpha `a < 255` is flattened over black on the encoded values,
  /// `c * a / 255`, and `hadTransparency` is set.
  ///
  /// Ordinary files (8-bit gray, RGB or RGBA, not interlaced, without
  /// colour chunks) take a faster path, libdeflate's inflate and this
  /// package's unfiltering, when libdeflate is installed; it gives the same
  /// result as libpng, float for float, or leaves the file to libpng (see
  /// `PNGFastPath`). Errors and warnings always come from libpng.
  ///
  /// - Parameters:
  ///   - bytes: the whole PNG file.
  ///   - name: the name used in error messages and in the result.
  ///   - pixelLimit: the largest `width * height` accepted. The declared
  ///     size is checked before any pixel buffer is allocated.
  ///   - allowFastPath: `false` decodes with libpng alone, as a reference
  ///     for tests and benchmarks.
  /// A declared size the file's image data cannot hold (deflate inflates a
  /// byte to at most 1032) is refused before any pixel buffer is allocated,
  /// as libpng would refuse it after allocating them ("not enough image
  /// data"); so is a chunk before the image data that declares more bytes
  /// than the file has ("read beyond end of data", which libpng finds after
  /// allocating the declared length of some chunks).
  ///
  /// - Throws: `PNGError.decode` when libpng refuses the data (an empty
  ///   file included) or the data cannot hold the image,
  ///   `PNGError.tooLarge` when the declared size is above `pixelLimit`.
  public static func decode(
    _ bytes: [UInt8],
    name: String,
    pixelLimit: Int = PNGDecoder.defaultPixelLimit,
    allowFastPath: Bool = true
  ) throws(PNGError) -> DecodedPNG {
    guard !bytes.isEmpty else {
      throw .decode(file: name, message: "empty file")
    }
    if let header = PNGHeader(bytes) {
      let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
      guard !overflow, pixels <= pixelLimit else {
        throw .tooLarge(file: name, width: header.width, height: header.height, limit: pixelLimit)
      }
      let compressed = bytes.withUnsafeBytes { PNGHeader.imageDataByteCount($0) }
      guard header.canBeHeld(byCompressed: compressed) else {
        throw header.notEnoughData(file: name, compressed: compressed)
      }
      if let chunk = bytes.withUnsafeBytes({ PNGHeader.chunkPastTheEnd($0) }) {
        throw .decode(
          file: name,
          message: "read beyond end of data: chunk \(chunk.type) at byte \(chunk.offset) "
            + "declares \(chunk.length) bytes, past the end of the file (\(bytes.count) bytes)")
      }
    }
    let result = bytes.withUnsafeBytes { memory -> Result<DecodedPNG, PNGError> in
      if allowFastPath,
        let decoded = PNGFastPath.decode(memory: memory, name: name, pixelLimit: pixelLimit)
      {
        return .success(decoded)
      }
      return decode(memory: memory, name: name, pixelLimit: pixelLimit)
    }
    return try result.get()
  }

  /// Runs libpng over `memory`, which must stay valid for the whole call.
  private static func decode(
    memory: UnsafeRawBufferPointer,
    name: String,
    pixelLimit: Int
  ) -> Result<DecodedPNG, PNGError> {
    var image = png_image()
    image.version = png_uint_32(CPNG_IMAGE_VERSION)
    // libpng frees its state when a call fails or finishes; this covers the
    // early returns between the two calls. Freeing twice is harmless.
    defer { png_image_free(&image) }

    var warnings: [String] = []
    guard png_image_begin_read_from_memory(&image, memory.baseAddress, memory.count) != 0 else {
      return .failure(.decode(file: name, message: message(of: &image)))
    }
    collectWarning(of: &image, into: &warnings)

    let width = Int(image.width)
    let height = Int(image.height)
    let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixelCount <= pixelLimit else {
      return .failure(.tooLarge(file: name, width: width, height: height, limit: pixelLimit))
    }
    // The largest buffer is 8 bytes per pixel (16-bit interlaced files).
    guard !pixelCount.multipliedReportingOverflow(by: 8).overflow else {
      return .failure(.tooLarge(file: name, width: width, height: height, limit: pixelLimit))
    }

    image.flags |= CPNG_IMAGE_FLAG_16BIT_sRGB
    let eightBit = !isSixteenBitInterlaced(memory)
    let converted: (samples: [Float], hadTransparency: Bool)?
    if !eightBit {
      converted = finishReadViaLinear16(&image, pixelCount: pixelCount)
    } else {
      converted = finishRead8(&image, pixelCount: pixelCount)
    }
    guard let (samples, hadTransparency) = converted else {
      return .failure(.decode(file: name, message: message(of: &image)))
    }
    collectWarning(of: &image, into: &warnings)

    var rgb = RGBImage(width: width, height: height, samples: samples)
    // (The 8-bit conversions' samples: `v / 255`, `v a / 65025`.)
    rgb.samplesAreDecoded = eightBit
    let decoded = DecodedPNG(
      image: rgb,
      hadTransparency: hadTransparency,
      warnings: warnings,
      name: name
    )
    return .success(decoded)
  }

  /// Reads the pixels as 8-bit sRGB RGBA and converts them; `nil` when
  /// libpng fails (its message is then in `image`).
  private static func finishRead8(
    _ image: inout png_image,
    pixelCount: Int
  ) -> (samples: [Float], hadTransparency: Bool)? {
    image.format = CPNG_FORMAT_RGBA
    var rgba = [UInt8](repeating: 0, count: 4 * pixelCount)
    let finished = rgba.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
    }
    guard finished != 0 else { return nil }
    return flattenOverBlack(rgba, pixelCount: pixelCount)
  }

  /// Converts 8-bit RGBA to float RGB, `c / 255`, flattening any pixel with
  /// alpha below 255 over black on the encoded values: `c * a / 255²`.
  private static func flattenOverBlack(
    _ rgba: [UInt8],
    pixelCount: Int
  ) -> (samples: [Float], hadTransparency: Bool) {
    var samples = [Float](repeating: 0, count: 3 * pixelCount)
    var hadTransparency = false
    rgba.withUnsafeBufferPointer { source in
      samples.withUnsafeMutableBufferPointer { target in
        for pixel in 0..<pixelCount {
          let s = 4 * pixel
          let t = 3 * pixel
          let alpha = Int(source[s + 3])
          if alpha == 255 {
            target[t] = Float(source[s]) / 255
            target[t + 1] = Float(source[s + 1]) / 255
            target[t + 2] = Float(source[s + 2]) / 255
          } else {
            hadTransparency = true
            // Integer products are exact, so each value is rounded once.
            target[t] = Float(Int(source[s]) * alpha) / 65_025
            target[t + 1] = Float(Int(source[s + 1]) * alpha) / 65_025
            target[t + 2] = Float(Int(source[s + 2]) * alpha) / 65_025
          }
        }
      }
    }
    return (samples, hadTransparency)
  }

  /// Appends libpng's pending warning, if any and not already the last one.
  private static func collectWarning(of image: inout png_image, into warnings: inout [String]) {
    guard image.warning_or_error & png_uint_32(CPNG_IMAGE_WARNING) != 0 else { return }
    let text = message(of: &image)
    if !text.isEmpty && warnings.last != text {
      warnings.append(text)
    }
  }

  /// libpng's message for the last warning or error, trimmed of NULs and
  /// whitespace at both ends.
  static func message(of image: inout png_image) -> String {
    let raw = String(cString: cpng_image_message(&image))
    let trimmed = raw.drop { $0.isWhitespace || $0 == "\0" }
      .reversed().drop { $0.isWhitespace || $0 == "\0" }.reversed()
    let text = String(trimmed)
    return text.isEmpty ? "unknown libpng error" : text
  }
}
