internal import CPNG

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Workaround for a libpng bug: reading an Adam7-interlaced 16-bit PNG to an
// 8-bit format through `png_image_finish_read` (the `do_local_scale` path)
// merges each pass with stale rows and returns wrong pixels
// (https://github.com/pnggroup/libpng/issues/853, present in Debian's
// 1.6.39-2+deb12u4 through a backported security fix). Reading the same
// files to 16-bit linear RGBA is not affected, so those files are read that
// way and converted to 8-bit here, giving the same 8-bit values as the
// direct path (exactly for opaque pixels in the tests; partly transparent
// ones can differ by a level before flattening).
extension PNGDecoder {
  /// Whether the IHDR of a PNG (already accepted by libpng, so the
  /// signature and IHDR are in place) declares 16 bits and Adam7.
  static func isSixteenBitInterlaced(_ memory: UnsafeRawBufferPointer) -> Bool {
    // Signature (8), length (4), "IHDR" (4), width (4), height (4), then
    // bit depth at 24, colour type, compression, filter, interlace at 28.
    guard memory.count > 28 else { return false }
    return memory[24] == 16 && memory[28] == 1
  }

  /// Reads the pixels as 16-bit linear RGBA (premultiplied, as libpng's
  /// linear formats are), then per pixel: alpha `a = round(255 * A / 65535)`,
  /// each colour `c = round(255 * (L / A)^(1/2.2))`, flattened as in the 8-bit
  /// path. `nil` when libpng fails (its message is then in `image`).
  static func finishReadViaLinear16(
    _ image: inout png_image,
    pixelCount: Int
  ) -> (samples: [Float], hadTransparency: Bool)? {
    image.format = CPNG_FORMAT_LINEAR_RGB_ALPHA
    var linear = [UInt16](repeating: 0, count: 4 * pixelCount)
    let finished = linear.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
    }
    guard finished != 0 else { return nil }

    let opaqueTable = (0...65_535).map { encodedByte(linear: Double($0) / 65_535) }
    var samples = [Float](repeating: 0, count: 3 * pixelCount)
    var hadTransparency = false
    linear.withUnsafeBufferPointer { source in
      samples.withUnsafeMutableBufferPointer { target in
        for pixel in 0..<pixelCount {
          let s = 4 * pixel
          let t = 3 * pixel
          let alpha16 = Int(source[s + 3])
          if alpha16 == 65_535 {
            for c in 0..<3 {
              target[t + c] = Float(opaqueTable[Int(source[s + c])]) / 255
            }
            continue
          }
          hadTransparency = true
          let alpha = (alpha16 * 255 + 32_767) / 65_535
          guard alpha16 > 0 else { continue }  // stays black
          for c in 0..<3 {
            let unpremultiplied = min(1, Double(source[s + c]) / Double(alpha16))
            let byte = Int(encodedByte(linear: unpremultiplied))
            target[t + c] = Float(byte * alpha) / 65_025
          }
        }
      }
    }
    return (samples, hadTransparency)
  }

  /// `round(255 * l^(1/2.2))` for linear light `l` in `[0, 1]`.
  ///
  /// libpng's gamma transforms model sRGB as the pure power 2.2
  /// (`PNG_GAMMA_sRGB`), not the piecewise IEC 61966-2-1 curve; the direct
  /// 8-bit path encodes with that power, so this does too. It also undoes
  /// exactly the power-2.2 decode libpng applies to a 16-bit file without
  /// gAMA (`PNG_IMAGE_FLAG_16BIT_sRGB`).
  private static func encodedByte(linear l: Double) -> UInt8 {
    UInt8(max(0, min(255, (255 * pow(max(0, l), 1 / 2.2)).rounded())))
  }
}
