import Testing

@testable import ContrastCore

/// A vibrant item's fix is a tint, the matrix following it (issue 30).
@Suite struct VibrantRemedyTests {
  /// Flat mid-grey pixels on no material: a white tint in dark draws
  /// 5/16 * 0.5 + 15/16 = 1.09375, clipped to white, 3.98:1 against 0.5
  /// grey (computed by hand and with python3 from WCAG's formula): it fails
  /// 4.5:1. Toward black the tint's grey form darkens the glyph; the least
  /// step that passes is found and re-checked, and one step less fails.
  @Test func theLeastTintStepPassesAndOneLessFails() {
    let samples = ItemSamples(capacity: 2) { b in
      b.append(0.5, 0.5, 0.5, code: 1)
      b.append(0.45, 0.5, 0.55, code: 1)
    }
    let rendering = ElementRendering(
      surface: .wallpaper, reducesTransparency: false, borderWidthInPixels: 0,
      borderColor: RGBA(.black), materialName: "none")
    let search = VibrantRemedySearch(
      samples: samples, rendering: rendering, forms: VibrancyForms(), appearance: .dark,
      threshold: 4.5, statistic: .min)
    #expect(abs(search.judged(tint: RGBA(.white)) - 3.976653024912438) < 0.2)
    #expect(search.passing(tint: RGBA(.white)) == nil)
    guard let (step, judged) = search.minimalLightnessStep(of: RGBA(.white), toward: 0) else {
      Issue.record("black passes (5.28:1 over 0.5 grey), so some step must")
      return
    }
    #expect(step > 0 && step <= 1000)
    #expect(judged >= 4.5)
    let tint = RemedySearch.color(RGBA(.white), lightnessToward: 0, by: Double(step) / 1000)
    #expect(search.passing(tint: tint) == judged)
    let less = RemedySearch.color(RGBA(.white), lightnessToward: 0, by: Double(step - 1) / 1000)
    #expect(search.passing(tint: less) == nil)
  }
}
