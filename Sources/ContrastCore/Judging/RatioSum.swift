/// The sum of an item's ratios over its pixels (each ratio times the pixels
/// it stands for), for the mean (SPEC §3.4), taken exactly.
///
/// A contrast ratio lies in [1, 21]: a double at or above 1 is a whole
/// number of 2^-52, so every product `ratio x pixels` is a whole number of
/// 2^-52 below 2^(11 + 52) x pixels, and their sum is kept exactly in 128
/// bits. The sum then does not depend on the order of the pixels, so the
/// mean of a frame is the same whether its pixels are summed on their own,
/// by the vector loop (`cpixelkernel.c` keeps the same 128-bit sum), or
/// as the difference of two running sums over a larger frame
/// (``FrameStatistics``). It becomes a double once, the same way everywhere
/// (``mean(over:)``). A value outside [1, 2048) (never a contrast ratio)
/// makes the sum the plain running sum of doubles in pixel order instead.
struct RatioSum: Sendable, Equatable {
  private(set) var exact = Wide()
  /// The running sum of doubles, for when a value has no exact place.
  private var plain = 0.0
  private var outside = false

  /// Adds `value` standing for `count` pixels.
  mutating func add(_ value: Double, count: Int) {
    plain += value * Double(count)
    if let scaled = Self.scaled(value) {
      exact = exact + Wide.product(scaled, UInt64(count))
    } else {
      outside = true
    }
  }

  /// The mean over `pixels` pixels.
  func mean(over pixels: Int) -> Double {
    outside ? plain / Double(pixels) : exact.mean(over: pixels)
  }

  /// `value` as a whole number of 2^-52, when it lies in [1, 2048).
  @inline(__always)
  static func scaled(_ value: Double) -> UInt64? {
    value >= 1 && value < 2048 ? UInt64(value * 0x1p52) : nil
  }

  /// An unsigned 128-bit whole number (the sum in units of 2^-52).
  struct Wide: Sendable, Equatable {
    var high: UInt64 = 0
    var low: UInt64 = 0

    /// `a x b`, exactly.
    @inline(__always)
    static func product(_ a: UInt64, _ b: UInt64) -> Wide {
      let (h, l) = a.multipliedFullWidth(by: b)
      return Wide(high: h, low: l)
    }

    @inline(__always)
    static func + (a: Wide, b: Wide) -> Wide {
      let (l, carry) = a.low.addingReportingOverflow(b.low)
      return Wide(high: a.high &+ b.high &+ (carry ? 1 : 0), low: l)
    }

    @inline(__always)
    static func - (a: Wide, b: Wide) -> Wide {
      let (l, borrow) = a.low.subtractingReportingOverflow(b.low)
      return Wide(high: a.high &- b.high &- (borrow ? 1 : 0), low: l)
    }

    /// The sum as a double (high part scaled, plus the low part: the
    /// operations `cpixelkernel.c` does), times 2^-52, over `pixels`.
    func mean(over pixels: Int) -> Double {
      (Double(high) * 0x1p64 + Double(low)) * 0x1p-52 / Double(pixels)
    }
  }
}
