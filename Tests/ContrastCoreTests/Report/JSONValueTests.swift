import ContrastCore
import Foundation
import Testing

@Suite("JSON values")
struct JSONValueTests {
  /// The rule written out with Foundation's formatter: "%.6f", then trailing
  /// zeros and a bare point dropped, "-0" as "0".
  static func reference(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    var s = String(format: "%.6f", d)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    if s == "-0" { s = "0" }
    return s
  }

  @Test func numbersAreWrittenWithAtMostSixDecimals() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (1, "1"), (4.5, "4.5"), (21, "21"), (-3.25, "-3.25"),
      (0.1, "0.1"), (1.0 / 3, "0.333333"), (2.0 / 3, "0.666667"), (0.000_000_4, "0"),
      (-0.000_000_4, "0"), (0.000_001, "0.000001"), (123_456.789_012_3, "123456.789012"),
      (1e20, "100000000000000000000"), (.infinity, "null"), (-.infinity, "null"), (.nan, "null"),
    ]
    for (value, text) in cases {
      #expect(JSONValue.format(value) == text, "\(value)")
    }
    // The longest finite value fits.
    #expect(JSONValue.format(-Double.greatestFiniteMagnitude).count == 310)
  }

  @Test func numbersMatchFoundationsFormatting() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var mismatches: [Double] = []
    for i in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Random bit patterns (every magnitude), then values near six-decimal ties.
      let value =
        i % 2 == 0
        ? Double(bitPattern: state)
        : (Double(Int64(truncatingIfNeeded: state >> 20)) + 0.5) / 1_000_000
      if JSONValue.format(value) != Self.reference(value) { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
