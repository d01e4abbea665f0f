import Testing

@testable import ContrastCore

/// `{color, alpha}` for a tint or a fill (issue 29 part 2): a fix's alpha
/// written as the layout holds it, drawn at exactly that alpha (not rounded
/// to 8 bits as `#RRGGBBAA` would be), and refused clearly when it is not one.
@Suite struct ColorWithAlphaTests {
  static func layout(tint: String, fill: String = "\"#000000\"") -> String {
    """
    version: 1
    layout: alpha
    canvas: {width: 100, height: 200, scale: 2}
    elements:
      - id: bar
        material: glass.regular
        tint: \(tint)
        modes:
          increaseContrast: {fill: \(fill)}
        frame: {x: 0, y: 0, width: 100, height: 50}
    """
  }

  @Test func aTintAndAFillWithAnAlphaOfTheirOwnParse() throws {
    let result = LayoutLoaderTests.load(
      Self.layout(
        tint: ##"{color: "#000000", alpha: 0.42}"##,
        fill: ##"{light: {color: systemBlue, alpha: 0.3}, dark: "#FFFFFF"}"##))
    #expect(result.errors == [])
    let element = try #require(result.layout?.elements.first)
    #expect(element.tint == .same("#000000@0.42"))
    #expect(
      element.overrides[.increaseContrast]?.fill
        == .perAppearance(light: "systemBlue@0.3", dark: "#FFFFFF"))
  }

  /// The alpha is the one written, exactly; the colour's own alpha, and
  /// the default tint alpha a tint without one takes, do not apply.
  @Test func theColourIsDrawnAtExactlyItsAlpha() throws {
    let profile = try ProfileLoader.loadDefault()
    let black = try #require(
      profile.resolveColor(
        "#000000@0.42", appearance: .light, increaseContrast: false, isTint: true))
    #expect(black.rgb == .black)
    #expect(black.alpha == 0.42)
    // #0000006B, the nearest 8-bit alpha, is 107/255 = 0.41961: not 0.42.
    let eightBit = try #require(
      profile.resolveColor("#0000006B", appearance: .light, increaseContrast: false, isTint: true))
    #expect(eightBit.alpha != 0.42)
    let blue = try #require(
      profile.resolveColor("systemBlue", appearance: .dark, increaseContrast: false))
    let faint = try #require(
      profile.resolveColor(
        "systemBlue@0.3", appearance: .dark, increaseContrast: false, isTint: true))
    #expect(faint.rgb == blue.rgb)
    #expect(faint.alpha == 0.3)
  }

  /// An alpha the app writes is its own: the verdict does not rest on the
  /// profile's default tint alpha (an assumption-free hex tint is exact).
  @Test func anOwnAlphaReadsNoDefaultTintAlpha() throws {
    let profile = try ProfileLoader.loadDefault()
    let index = TrustIndex(profile)
    let own = index.colorTrust(
      .same("#000000@0.42"), profile: profile, appearance: .light, increaseContrast: false,
      isTint: true)
    #expect(own == nil)
    let opaque = index.colorTrust(
      .same("#000000"), profile: profile, appearance: .light, increaseContrast: false,
      isTint: true)
    #expect(opaque?.path == "defaultTintAlpha")
  }

  @Test(arguments: [
    (
      ##"{color: "#000000", alpha: 1.5}"##,
      "layouts/test.yml:7:37: elements[0].tint.alpha: must be in [0, 1] (got 1.5)"
    ),
    ("{alpha: 0.5}", "layouts/test.yml:7:11: elements[0].tint: missing required key 'color'"),
    (
      "{color: black, alpha: 0.5, beta: 1}",
      "elements[0].tint: unknown key 'beta' (expected color, alpha)"
    ),
    ("{color: black, alpha: half}", "elements[0].tint.alpha"),
  ])
  func aBadColourWithAlphaIsAnErrorAtItsPlace(tint: String, message: String) {
    let result = LayoutLoaderTests.load(Self.layout(tint: tint))
    #expect(result.layout == nil)
    let printed = LayoutLoaderTests.printed(result)
    #expect(printed.contains { $0.contains(message) }, "\(printed)")
  }
}
