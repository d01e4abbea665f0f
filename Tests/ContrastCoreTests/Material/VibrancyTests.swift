import Testing

@testable import ContrastCore

/// Vibrant content (issue 30). Every expected number below was computed
/// apart from the code under test, by hand from the table
/// (codenameone/CodenameOne, scripts/fidelity-app/ios-native-ref/
/// motion-probe/README.md), checked with a separate python3 script of the
/// same formulas and WCAG's definition (`matrix`, `apply`, `ratio` written
/// afresh from the table), and written here as literals.
@Suite struct VibrancyTests {
  let forms = VibrancyForms()

  func grey(_ v: Double) -> RGB { RGB(r: v, g: v, b: v) }

  func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
  }

  func close(_ a: RGB, _ b: RGB, _ tolerance: Double = 1e-12) -> Bool {
    close(a.r, b.r, tolerance) && close(a.g, b.g, tolerance) && close(a.b, b.b, tolerance)
  }

  /// The profile's numbers are the table's.
  @Test func theShippedProfileCarriesTheTableWithItsTrust() throws {
    let p = try ProfileLoader.loadDefault()
    #expect(p.vibrancy == VibrancyForms())
    #expect(p.provenance["vibrancy.identityScale"]?.trust == .thirdPartyMeasurement)
    #expect(p.provenance["vibrancy.grey.gain"]?.trust == .thirdPartyMeasurement)
    #expect(p.provenance["vibrancy.space"]?.trust == .assumption)
    #expect(p.provenance["vibrancy.reduceTransparency"]?.trust == .assumption)
    #expect(p.provenance["vibrancy.increaseContrast"]?.trust == .assumption)
    #expect(
      p.provenance["vibrancy.tintLevel"]?.source.contains(
        "scripts/fidelity-app/ios-native-ref/motion-probe/README.md") == true)
  }

  /// Black (g = 0, q = 1): 5/16 b - 1/4, clipped; the same in both appearances.
  @Test(arguments: Appearance.allCases)
  func blackTintOverDarkMidAndLightGreys(_ appearance: Appearance) {
    let m = forms.matrix(tint: .black, appearance: appearance)
    #expect(close(m.apply(grey(0.1)), grey(0)))  // 0.03125 - 0.25 < 0: clipped
    #expect(close(m.apply(grey(0.5)), grey(0)))  // 0.15625 - 0.25 < 0: clipped
    #expect(close(m.apply(grey(0.9)), grey(0.03125)))  // 0.28125 - 0.25
  }

  /// White (g = 1, q = 1): 5/16 b + 15/16, clipped.
  @Test(arguments: Appearance.allCases)
  func whiteTintOverDarkMidAndLightGreys(_ appearance: Appearance) {
    let m = forms.matrix(tint: .white, appearance: appearance)
    #expect(close(m.apply(grey(0.1)), grey(0.96875)))  // 0.03125 + 0.9375
    #expect(close(m.apply(grey(0.5)), grey(1)))  // 1.09375: clipped
    #expect(close(m.apply(grey(0.9)), grey(1)))  // 1.21875: clipped
  }

  /// Grey #808080 (g = 128/255, q = 1 + 0.05 g (1 - g)).
  @Test(arguments: Appearance.allCases)
  func midGreyTintOverDarkMidAndLightGreys(_ appearance: Appearance) {
    let m = forms.matrix(tint: grey(128.0 / 255), appearance: appearance)
    #expect(close(m.apply(grey(0.1)), grey(0.3726701264319282)))
    #expect(close(m.apply(grey(0.5)), grey(0.4961269399949574)))
    #expect(close(m.apply(grey(0.9)), grey(0.6195837535579864)))
  }

  /// systemBlue in dark (#0A84FF): e = 0.5 * 10 / 255, offset t.
  @Test func blueTintInDark() {
    let t = RGB(r: 10.0 / 255, g: 132.0 / 255, b: 1)
    let m = forms.matrix(tint: t, appearance: .dark)
    #expect(
      close(m.red, RGB(r: 0.03444751412054967, g: 0.19588365697949098, b: 0.37841161007401664)))
    #expect(
      close(m.green, RGB(r: 0.014839670983294771, g: 0.2154915001167459, b: 0.37841161007401664)))
    #expect(
      close(m.blue, RGB(r: 0.014839670983294771, g: 0.19588365697949098, b: 0.3980194532112715)))
    #expect(close(m.offset, t))
    // Black behind: the tint itself.
    #expect(close(m.apply(.black), t))
    #expect(
      close(
        m.apply(RGB(r: 0.2, g: 0.3, b: 0.4)),
        RGB(r: 0.25623493022207366, g: 0.7366270870848188, b: 1)))  // blue clipped from 1.12
    #expect(close(m.apply(.white), RGB(r: 0.6479584674485671, g: 1, b: 1)))  // clipped
  }

  /// systemBlue in light (#007AFF): alpha maps a white backdrop to the tint.
  @Test func blueTintInLightMapsWhiteToItself() {
    let t = RGB(r: 0, g: 122.0 / 255, b: 1)
    let m = forms.matrix(tint: t, appearance: .light)
    #expect(close(m.apply(.white), t))
    #expect(
      close(m.offset, RGB(r: -0.17942549024348953, g: 0.21316309873805683, b: 0.641149019513021)))
    #expect(
      close(
        m.apply(RGB(r: 0.2, g: 0.3, b: 0.4)),
        RGB(r: 0, g: 0.27530971237057367, b: 0.7252200353023673)))
  }

  /// The ratio of each pixel is its vibrant colour against that same
  /// pixel: over no material the background is the wallpaper itself.
  /// Ratios from WCAG's exact formula; the item's are taken with the table
  /// luminance, within 2.2e-5 of them.
  @Test func eachPixelIsJudgedAgainstItsOwnBackground() {
    let samples = ItemSamples(capacity: 4) { b in
      b.append(0.1, 0.1, 0.1, code: 1)
      b.append(0.5, 0.5, 0.5, code: 1)
      b.append(0.9, 0.9, 0.9, code: 1)
      b.append(0.2, 0.3, 0.4, code: 1)
    }
    let rendering = ElementRendering(
      surface: .wallpaper, reducesTransparency: false, borderWidthInPixels: 0,
      borderColor: RGBA(.black), materialName: "none")
    let white = VibrantInk(matrix: forms.matrix(tint: .white, appearance: .dark), alpha: 1)
    let w = samples.vibrantEntryRatios(rendering: rendering, ink: white)
    let expectedWhite = [16.333421811109663, 3.976653024912438, 1.2538626591661473]
    for (got, want) in zip(w.prefix(3), expectedWhite) { #expect(close(got, want, 3e-5)) }
    let blue = VibrantInk(
      matrix: forms.matrix(tint: RGB(r: 10.0 / 255, g: 132.0 / 255, b: 1), appearance: .dark),
      alpha: 1)
    #expect(
      close(samples.vibrantEntryRatios(rendering: rendering, ink: blue)[3], 4.138546157001792, 3e-5)
    )
    // The statistics are those of these ratios.
    let measured = samples.measure(
      rendering: rendering, color: RGBA(.white), ink: white, threshold: 4.5)
    #expect(measured.ratios == w)
    #expect(measured.statistics.min == w.min())
  }

  /// Only where the profile and mode say so is an item drawn through the matrix.
  @Test func theModeRulesDecideWhereTheMatrixApplies() throws {
    let p = try ProfileLoader.loadDefault()
    var item = ContentItem(
      id: "tab", kind: .icon, color: .same("#FFFFFF"),
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 10))
    item.vibrant = true
    let element = Element(
      id: "bar", material: "glass.regular",
      frame: RectInPoints(x: 0, y: 0, width: 100, height: 50), shape: .capsule, content: [item])
    func ink(_ mode: AccessibilityMode) throws -> VibrantInk? {
      let r = try p.rendering(of: element, appearance: .dark, mode: mode, scale: 3)
      return p.vibrantInk(
        of: item, color: RGBA(.white), rendering: r, appearance: .dark, mode: mode)
    }
    #expect(try ink(.normal) != nil)
    #expect(try ink(.increaseContrast) != nil)
    #expect(try ink(.reduceTransparency) == nil)
    #expect(try ink(.reduceTransparencyIncreaseContrast) == nil)
    item.vibrant = false
    #expect(try ink(.normal) == nil)
  }
}
