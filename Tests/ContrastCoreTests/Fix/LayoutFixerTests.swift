import Foundation
import Testing

@testable import ContrastCore

/// `glass-audit fix` (issue 29 part 1): a change is kept only when it passes
/// in every scene where its item fails and makes no passing check fail;
/// changes to one element that serve some items and not the others are not
/// kept; a second fix changes nothing. Known answers on solid wallpapers
/// from WCAG 2.x's formulas (worked in `RemedyFixesTests`).
@Suite struct LayoutFixerTests {
  static func wallpaper(_ id: String, grey v: Double) -> WallpaperInput {
    RemedyFixesTests.wallpaper(id, grey: v)
  }

  static func wallpaper(_ id: String, pixels: @escaping @Sendable (Int, Int) -> Float)
    -> WallpaperInput
  {
    WallpaperInput(id: id, file: "\(id).png") {
      var samples: [Float] = []
      for y in 0..<40 {
        for x in 0..<40 {
          let v = pixels(x, y)
          samples += [v, v * 0.8, 1 - v]
        }
      }
      return (RGBImage(width: 40, height: 40, samples: samples), false)
    }
  }

  /// Fixes `text` (one layout file) over `wallpapers` and returns the
  /// outcome and the fixed text (the text itself when unchanged).
  static func fix(
    _ text: String, profile: Profile, settings: AuditSettings, wallpapers: [WallpaperInput]
  ) throws -> (outcome: FixOutcome, text: String) {
    let layout = try #require(LayoutLoader.load(text: text, file: "l.yml", profile: profile).layout)
    let request = AuditRequest(
      profiles: [profile], settings: settings, layouts: [layout], wallpapers: wallpapers)
    let outcome = LayoutFixer.fix(request, texts: ["l.yml": text]) { t, f in
      LayoutLoader.load(text: t, file: f, profile: profile).layout
    }
    return (outcome, outcome.texts["l.yml"] ?? text)
  }

  static func audit(
    _ text: String, profile: Profile, settings: AuditSettings, wallpapers: [WallpaperInput]
  ) throws -> [CheckResult] {
    let layout = try #require(LayoutLoader.load(text: text, file: "l.yml", profile: profile).layout)
    return Array(
      AuditPipeline.run(
        AuditRequest(
          profiles: [profile], settings: settings, layouts: [layout], wallpapers: wallpapers)
      ).outcome.results)
  }

  /// One body text in systemBlue (4.02:1 on white, needs 4.5) beside one
  /// in `label`, on no material.
  static let brandColourLayout = """
    version: 1
    layout: l
    title: L
    canvas: {width: 40, height: 40, scale: 1}
    elements:
      - id: e
        material: none
        frame: {x: 0, y: 0, width: 40, height: 40}
        content:
          - id: t
            role: body
            color: systemBlue  # the brand colour
            minimumRatio: 4.5
            frame: {x: 10, y: 10, width: 10, height: 10}
          - id: ok
            role: body
            color: label
            frame: {x: 10, y: 25, width: 10, height: 10}

    """

  static let lightNormal = AuditSettings(
    modes: [.normal], appearances: [.light], liquidGlass: [.default])

  @Test func theOnlySafeFixIsANamedColour() throws {
    // systemBlue #007AFF on white: 4.02:1, fails 4.5 (its own minimum, so
    // large text would not lower it). Of {systemBlue, systemRed 3.55,
    // white 1.00, label 21}, only label passes; no material or tint on
    // `none`.
    var profile = RemedyFixesTests.plain
    profile.colors = profile.colors.filter {
      ["systemBlue", "systemRed", "white", "label"].contains($0.key)
    }
    let text = Self.brandColourLayout
    let walls = [Self.wallpaper("white", grey: 1)]
    let (outcome, fixed) = try Self.fix(
      text, profile: profile, settings: Self.lightNormal, wallpapers: walls)
    #expect(outcome.items.map(\.item) == ["t"])
    // The run judged light only: dark keeps its colour as written.
    #expect(outcome.items[0].applied?.written == "color: {light: label, dark: systemBlue}")
    #expect(
      fixed
        == text.replacingOccurrences(
          of: "systemBlue  #", with: "{light: label, dark: systemBlue}  #"))
    #expect(outcome.failingAfter == 0)
    let after = try Self.audit(
      fixed, profile: profile, settings: Self.lightNormal, wallpapers: walls)
    #expect(!after.isEmpty && after.allSatisfy { $0.verdict == .pass })
    // A second fix changes nothing.
    let again = try Self.fix(fixed, profile: profile, settings: Self.lightNormal, wallpapers: walls)
    #expect(again.outcome.texts.isEmpty && again.outcome.items.isEmpty)
  }

  /// White body text on regular glass over black, at the Clear setting:
  /// in light, normal, it passes (ios27: 5.70:1, SPEC §3.5's example); with
  /// Increase Contrast the light glass's fill turns white at alpha 0.5 or
  /// more and it fails. `label` (black in light) passes there and fails in
  /// normal, and a tint or a thicker glass changes normal too: the one safe
  /// change is the app's own Increase Contrast colour, light only.
  @Test func theOnlySafeFixIsAnIncreaseContrastVariant() throws {
    var profile = RemedyFixesTests.ios27
    profile.colors = profile.colors.filter { ["white", "label"].contains($0.key) }
    let text = """
      version: 1
      layout: l
      title: L
      canvas: {width: 40, height: 40, scale: 1}
      elements:
        - id: e
          material: glass.regular
          frame: {x: 0, y: 0, width: 40, height: 40}
          content:
            - id: t
              role: body
              color: white
              minimumRatio: 4.5
              frame: {x: 4, y: 4, width: 30, height: 10}

      """
    let walls = [Self.wallpaper("black", grey: 0)]
    let settings = AuditSettings(
      modes: [.normal, .increaseContrast], appearances: [.light, .dark], liquidGlass: [.clear])
    let before = try Self.audit(text, profile: profile, settings: settings, wallpapers: walls)
    #expect(
      before.filter { $0.verdict == .fail }.map { "\($0.appearance) \($0.mode)" } == [
        "light increaseContrast"
      ])
    let (outcome, fixed) = try Self.fix(
      text, profile: profile, settings: settings, wallpapers: walls)
    #expect(
      outcome.items.first?.applied?.written
        == "color: {light: white, dark: white, increaseContrast: {light: label}}")
    #expect(
      fixed
        == text.replacingOccurrences(
          of: "color: white",
          with: "color: {light: white, dark: white, increaseContrast: {light: label}}"))
    let after = try Self.audit(fixed, profile: profile, settings: settings, wallpapers: walls)
    #expect(after.count == before.count && after.allSatisfy { $0.verdict == .pass })
    let again = try Self.fix(fixed, profile: profile, settings: settings, wallpapers: walls)
    #expect(again.outcome.texts.isEmpty && again.outcome.items.isEmpty)
  }

  @Test func twoItemsThatNeedOppositeTintsGetNoneAndSaySo() throws {
    // On dark glass over mid grey (a background near #909090 here), light
    // grey text asks for a black tint and dark grey text for a white one
    // (RemedySearch.glassTint); no named colour is left to try and their
    // 4.5:1 minimums rule out large text.
    var profile = RemedyFixesTests.ios27
    profile.colors = [:]
    let text = """
      version: 1
      layout: l
      title: L
      canvas: {width: 40, height: 40, scale: 1}
      elements:
        - id: e
          material: glass.regular
          frame: {x: 0, y: 0, width: 40, height: 40}
          content:
            - {id: light, role: body, color: "#A0A0A0", minimumRatio: 4.5, frame: {x: 4, y: 4, width: 30, height: 10}}
            - {id: dark, role: body, color: "#404040", minimumRatio: 4.5, frame: {x: 4, y: 20, width: 30, height: 10}}

      """
    let walls = [Self.wallpaper("grey", grey: 0.5)]
    let darkNormal = AuditSettings(modes: [.normal], appearances: [.dark], liquidGlass: [.default])
    let (outcome, fixed) = try Self.fix(
      text, profile: profile, settings: darkNormal, wallpapers: walls)
    #expect(Set(outcome.items.map(\.item)) == ["light", "dark"])
    #expect(fixed == text)
    #expect(outcome.texts.isEmpty)
    for item in outcome.items {
      #expect(!item.isFixed)
      #expect(item.tried.contains { $0.written.hasPrefix("tint:") })
    }
    #expect(
      outcome.items.contains { f in
        f.tried.contains { $0.why.contains("no one change to the element serves them all") }
      })
  }

  @Test func aFixNeverMakesAPassingCheckFail() throws {
    // Random layouts over random wallpapers: after the fix, audited afresh,
    // every check that passed still passes, every item the fix calls fixed
    // passes everywhere, the failing count is the one the fix stated, and
    // a second fix changes nothing.
    let profile = RemedyFixesTests.ios27
    let settings = AuditSettings(
      modes: [.normal, .increaseContrast], appearances: [.light, .dark], liquidGlass: [.default])
    let materials = ["none", "thin", "regular", "glass.regular", "glass.clear", "ultraThin"]
    let colors = [
      "label", "secondaryLabel", "systemBlue", "white", "#8E8E93", "#3A3A3C", "#C7C7CC",
    ]
    var rng = SeededGenerator(seed: 29)
    var fixedSome = 0
    for case_ in 0..<6 {
      var elements = ""
      for e in 0..<Int.random(in: 1...2, using: &rng) {
        let material = materials.randomElement(using: &rng)!
        elements += """
            - id: e\(e)
              material: \(material)
              frame: {x: 0, y: \(e * 20), width: 40, height: 20}
              content:

          """
        for i in 0..<Int.random(in: 1...2, using: &rng) {
          let color = colors.randomElement(using: &rng)!
          elements += """
                  - {id: t\(i), role: \(["body", "caption", "headline"].randomElement(using: &rng)!), color: "\(color)", frame: {x: \(2 + i * 18), y: 4, width: 16, height: 10}}

            """
        }
      }
      let text =
        "version: 1\nlayout: l\ntitle: L\ncanvas: {width: 40, height: 40, scale: 1}\n"
        + "elements:\n" + elements
      let a = Double.random(in: 0...1, using: &rng)
      let b = Double.random(in: 0...1, using: &rng)
      let walls = [
        Self.wallpaper("flat", grey: a),
        Self.wallpaper("ramp") { x, y in Float(b) * Float(x + y) / 78 },
      ]
      let before = try Self.audit(text, profile: profile, settings: settings, wallpapers: walls)
      let (outcome, fixed) = try Self.fix(
        text, profile: profile, settings: settings, wallpapers: walls)
      let after = try Self.audit(fixed, profile: profile, settings: settings, wallpapers: walls)
      let now = Dictionary(after.map { ($0.fingerprint, $0.verdict) }) { a, _ in a }
      for r in before where r.verdict != .fail {
        #expect(now[r.fingerprint] != .fail, "case \(case_): \(r.fingerprint) passed before")
      }
      for f in outcome.items where f.isFixed {
        #expect(
          !after.contains { $0.element == f.element && $0.item == f.item && $0.verdict == .fail },
          "case \(case_): \(f.element)/\(f.item) called fixed")
      }
      #expect(outcome.failingAfter == after.count { $0.verdict == .fail }, "case \(case_)")
      if !outcome.texts.isEmpty {
        fixedSome += 1
        let again = try Self.fix(fixed, profile: profile, settings: settings, wallpapers: walls)
        #expect(
          again.outcome.texts.isEmpty, "case \(case_): a second fix changed \(again.outcome.texts)")
      }
    }
    // (The cases are not all passing already: some fix is made.)
    #expect(fixedSome > 0)
  }
}
