internal import CPNG

/// Encodes 8-bit sRGB images as PNG with libpng's simplified writer
/// (`png_image_write_to_memory`).
///
/// Output is deterministic: the same pixels always give the same bytes.
/// The files are 8-bit, non-interlaced, tagged as sRGB by libpng.
public enum PNGEncoder {
  /// Encodes interleaved 8-bit `R, G, B, A` pixels (not premultiplied),
  /// row-major, origin top-left.
  ///
  /// - Throws: `PNGEncodingError` when the size is invalid, `pixels` does
  ///   not hold `4 * width * height` bytes, or libpng fails.
  public static func encodeRGBA8(
    width: Int,
    height: Int,
    pixels: [UInt8]
  ) throws(PNGEncodingError) -> [UInt8] {
    try encode(width: width, height: height, channels: 4, pixels: pixels)
  }

  /// Encodes interleaved 8-bit `R, G, B` pixels, row-major, origin top-left.
  ///
  /// - Throws: `PNGEncodingError` when the size is invalid, `pixels` does
  ///   not hold `3 * width * height` bytes, or libpng fails.
  public static func encodeRGB8(
    width: Int,
    height: Int,
    pixels: [UInt8]
  ) throws(PNGEncodingError) -> [UInt8] {
    try encode(width: width, height: height, channels: 3, pixels: pixels)
  }

  /// Encodes an indexed-colour image: one byte per pixel, each an index
  /// into `palette` (interleaved 8-bit `R, G, B`, at most 256 entries),
  /// row-major, origin top-left. libpng writes it as a palette PNG (colour
  /// type 3), a third of the bytes of RGB before compression.
  ///
  /// - Throws: `PNGEncodingError` when the size is invalid, `indices` does
  ///   not hold `width * height` bytes, the palette is empty, longer than
  ///   256 entries or not a multiple of 3 bytes, an index is past its end,
  ///   or libpng fails.
  public static func encodeIndexed8(
    width: Int,
    height: Int,
    indices: [UInt8],
    palette: [UInt8]
  ) throws(PNGEncodingError) -> [UInt8] {
    let entries = palette.count / 3
    guard palette.count % 3 == 0, (1...256).contains(entries) else {
      throw .encode(message: "a palette of \(palette.count) bytes (1 to 256 RGB entries)")
    }
    if let bad = indices.first(where: { Int($0) >= entries }) {
      throw .encode(message: "index \(bad) past the palette's \(entries) entries")
    }
    return try encode(
      width: width, height: height, channels: 1, pixels: indices, palette: palette)
  }

  /// Encodes an image of gamma-encoded floats as 8-bit RGB.
  ///
  /// Each value `v` becomes `round(255 * clamp(v, 0, 1))`, rounding halves
  /// away from zero; NaN becomes 0.
  public static func encode(_ image: RGBImage) throws(PNGEncodingError) -> [UInt8] {
    try encodeRGB8(width: image.width, height: image.height, pixels: rgb8(image))
  }

  /// The 8-bit RGB bytes `encode(_:)` writes for `image`: ``fastByte(from:)``
  /// of each sample, in one pass over the samples.
  public static func rgb8(_ image: RGBImage) -> [UInt8] {
    let count = image.samples.count
    return image.samples.withUnsafeBufferPointer { source in
      [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
        for i in 0..<count { out[i] = fastByte(from: source[i]) }
        initialized = count
      }
    }
  }

  /// `round(255 * clamp(value, 0, 1))`, with NaN as 0: the reference of
  /// ``fastByte(from:)``.
  static func byte(from value: Float) -> UInt8 {
    guard value > 0 else { return 0 }
    guard value < 1 else { return 255 }
    return UInt8((value * 255).rounded())
  }

  /// ``byte(from:)`` without a call to the C library's `roundf`, and
  /// without a branch or a checked conversion, so that `rgb8`'s loop runs on
  /// the vector unit: `v = 255 value`, its integer part `t` (`v + 2^23 - 2^23`
  /// rounds `v` in (0, 255) to an integer exactly, one less where that
  /// passed `v`) and the fraction `v - t` are exact in `Float`, and a
  /// fraction of one half or more rounds up, as halves round away from zero;
  /// then 0 where `value` is not above 0 (NaN too) and 255 where it is not
  /// below 1, and the byte read from the bits of `r + 2^23`, whose low 8
  /// bits are `r` in [0, 255]. `PNGEncoderBytesTests` holds the two equal
  /// over every float in [0, 1] near a rounding edge and a sweep of the
  /// rest.
  @inline(__always)
  static func fastByte(from value: Float) -> UInt8 {
    let magic: Float = 8_388_608
    let v = value * 255
    let nearest = (v + magic) - magic
    let t = nearest > v ? nearest - 1 : nearest
    var r = v - t >= 0.5 ? t + 1 : t
    r = value < 1 ? r : 255
    r = value > 0 ? r : 0
    return UInt8(truncatingIfNeeded: (r + magic).bitPattern)
  }

  private static func encode(
    width: Int,
    height: Int,
    channels: Int,
    pixels: [UInt8],
    palette: [UInt8] = []
  ) throws(PNGEncodingError) -> [UInt8] {
    // libpng takes the row stride as png_int_32 and the size as png_uint_32.
    let maxWidth = Int(Int32.max) / 4
    guard (1...maxWidth).contains(width), (1...Int(Int32.max)).contains(height) else {
      throw .invalidSize(width: width, height: height)
    }
    let (count, overflow) = width.multipliedReportingOverflow(by: height * channels)
    guard !overflow else { throw .invalidSize(width: width, height: height) }
    guard pixels.count == count else {
      throw .sampleCountMismatch(expected: count, actual: pixels.count)
    }

    var image = png_image()
    image.version = png_uint_32(CPNG_IMAGE_VERSION)
    image.width = png_uint_32(width)
    image.height = png_uint_32(height)
    image.format = channels == 4 ? CPNG_FORMAT_RGBA : CPNG_FORMAT_RGB
    if channels == 1 {
      image.format = CPNG_FORMAT_RGB | CPNG_FORMAT_FLAG_COLORMAP
      image.colormap_entries = png_uint_32(palette.count / 3)
    }
    defer { png_image_free(&image) }

    let result: Result<[UInt8], PNGEncodingError> = pixels.withUnsafeBytes { source in
      palette.withUnsafeBytes { colormap in
        // A palette image passes its colour map; the others pass none.
        let map = channels == 1 ? colormap.baseAddress : nil
        // One pass into a buffer of libpng's upper bound. If the write reports
        // that it needs more (the bound can overflow on 32-bit systems), it has
        // set `size` to what it needs: write again into that.
        var size = png_alloc_size_t(cpng_image_png_size_max(&image))
        var output = [UInt8](repeating: 0, count: Int(size))
        var written = output.withUnsafeMutableBytes { target in
          png_image_write_to_memory(
            &image, target.baseAddress, &size, 0, source.baseAddress, 0, map)
        }
        if written == 0 && Int(size) > output.count {
          image.warning_or_error = 0
          output = [UInt8](repeating: 0, count: Int(size))
          written = output.withUnsafeMutableBytes { target in
            png_image_write_to_memory(
              &image, target.baseAddress, &size, 0, source.baseAddress, 0, map)
          }
        }
        guard written != 0 else {
          return .failure(.encode(message: PNGDecoder.message(of: &image)))
        }
        output.removeSubrange(Int(size)...)
        return .success(output)
      }
    }
    return try result.get()
  }
}
