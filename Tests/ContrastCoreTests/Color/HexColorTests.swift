import Testing

@testable import ContrastCore

@Suite struct HexColorTests {
  @Test func sixDigitsAreOpaque() throws {
    let c = try RGBA(hex: "#FF9500")
    #expect(c.rgb == RGB(r8: 255, g8: 149, b8: 0))
    #expect(c.alpha == 1)
  }

  @Test func eightDigitsCarryAlpha() throws {
    let c = try RGBA(hex: "#FF950099")
    #expect(c.alpha == 153.0 / 255)
  }

  @Test func threeDigitsRepeatEachDigit() throws {
    #expect(try RGBA(hex: "#F80") == RGBA(hex: "#FF8800"))
    #expect(try RGBA(hex: "#f80a") == RGBA(hex: "#FF8800AA"))
  }

  @Test func lowerAndUpperCaseAgree() throws {
    #expect(try RGBA(hex: "#abcdef") == RGBA(hex: "#ABCDEF"))
  }

  @Test func hexRoundsEachChannelToTheNearestByteAfterClamping() {
    // round(0.5 x 255) = round(127.5) = 128 = 0x80; 0.2 x 255 = 51 = 0x33.
    #expect(RGB(r: 1, g: 0.5, b: 0).hex == "#FF8000")
    #expect(RGB(r: 1.2, g: -0.1, b: 0.2).hex == "#FF0033")
    #expect(RGBA(RGB(r: 0, g: 0, b: 1), alpha: 0.5).hex == "#0000FF80")
    #expect(RGBA(RGB(gray: 1), alpha: 1).hex == "#FFFFFF")
  }

  @Test func hexRoundTrips() throws {
    #expect(try RGBA(hex: "#3C3C4399").hex == "#3C3C4399")
    #expect(try RGBA(hex: "#007AFF").hex == "#007AFF")
  }

  @Test(arguments: [
    ("FF0000", "expected '#'"),
    ("#12 34 56", "' ' at position 4 is not a hex digit"),
    ("#GG0000", "'G' at position 2 is not a hex digit"),
    ("#12345", "has 5 hex digits"),
    ("#", "has 0 hex digits"),
  ])
  func badTextIsRefusedWithTheReason(text: String, fragment: String) {
    do {
      _ = try RGBA(hex: text)
      Issue.record("'\(text)' was accepted")
    } catch {
      #expect(error.text == text)
      #expect(error.description.contains(fragment))
      #expect(error.description.hasPrefix("invalid colour '\(text)'"))
    }
  }

  @Test func compositingIsSourceOverOnEncodedValues() throws {
    // 40 % black over white: 0.4 * 0 + 0.6 * 1 = 0.6 per channel.
    let c = try RGBA(hex: "#00000066").composited(over: .white)
    #expect(abs(c.r - 0.6) < 1e-12 && c.r == c.g && c.g == c.b)
  }
}
