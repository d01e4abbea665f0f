import Testing

@testable import ContrastCore

@Suite struct LuminanceTableTests {
  @Test func agreesWithTheFormulaOnEvery8BitValue() {
    for v in 0...255 {
      let c = Double(v) / 255
      #expect(abs(FastLuminance.linearize(c) - WCAG.linearize(c)) < 5e-8)
    }
  }

  @Test func agreesWithTheFormulaOnRandomFloats() {
    var state: UInt64 = 42
    for _ in 0..<100_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let c = Double(state >> 11) / Double(1 << 53)
      #expect(abs(FastLuminance.linearize(c) - WCAG.linearize(c)) < 5e-8)
    }
  }

  @Test func endpointsAreExact() {
    #expect(FastLuminance.linearize(0) == 0)
    #expect(abs(FastLuminance.linearize(1) - 1) < 1e-15)
    #expect(FastLuminance.linearize(-0.5) == 0)
  }
}
