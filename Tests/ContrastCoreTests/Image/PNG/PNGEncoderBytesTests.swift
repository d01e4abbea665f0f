import Testing

@testable import ContrastCore

/// The previews' 8-bit bytes (`PNGEncoder.rgb8`) without the C library's
/// `roundf`, against their reference.
struct PNGEncoderBytesTests {
  /// The byte of a float without `roundf` (`PNGEncoder.fastByte`) against
  /// its reference, `round(255 * clamp(v, 0, 1))` (`byte(from:)`): every
  /// float within 64 steps of each rounding edge `(k + 0.5) / 255` and of
  /// each `k / 255`, a sweep of every 997th float in [0, 1], and the ends.
  @Test func fastBytesEqualTheReference() {
    var values: [Float] = [
      0, -0, 1, -1, 2, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, (1 as Float).nextDown,
      0.5 / 255, (0.5 / 255 as Float).nextDown, (254.5 / 255 as Float).nextUp,
    ]
    for k in 0...255 {
      for centre in [(Float(k) + 0.5) / 255, Float(k) / 255] {
        var v = centre
        for _ in 0..<64 { v = v.nextDown }
        for _ in 0..<129 {
          values.append(v)
          v = v.nextUp
        }
      }
    }
    var bits: UInt32 = 0
    while bits <= (1 as Float).bitPattern {
      values.append(Float(bitPattern: bits))
      bits += 997
    }
    let image = RGBImage(width: values.count, height: 1, samples: values + values + values)
    let fast = PNGEncoder.rgb8(image)
    let reference = image.samples.map(PNGEncoder.byte(from:))
    #expect(fast == reference)
    for v in values where PNGEncoder.fastByte(from: v) != PNGEncoder.byte(from: v) {
      Issue.record("\(v): \(PNGEncoder.fastByte(from: v)) vs \(PNGEncoder.byte(from: v))")
      break
    }
  }
}
