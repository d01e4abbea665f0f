import Testing

@testable import ContrastCore

/// A colour's own Increase Contrast variant (issue 29 part 2: a fix "with
/// its light/dark or Increase Contrast variants where the app needs them"),
/// as an asset catalog's High Contrast colour: `{light, dark,
/// increaseContrast: C}`, drawn in the modes that increase contrast.
@Suite struct IncreaseContrastVariantTests {
  static func layout(color: String) -> String {
    """
    version: 1
    layout: ic
    canvas: {width: 100, height: 200, scale: 2}
    elements:
      - id: bar
        material: glass.regular
        frame: {x: 0, y: 0, width: 100, height: 50}
        content:
          - id: title
            role: body
            color: \(color)
            frame: {x: 10, y: 10, width: 60, height: 20}
    """
  }

  static func color(_ text: String) throws -> ColorSpec? {
    let result = LayoutLoaderTests.load(layout(color: text))
    #expect(result.errors == [])
    return try #require(result.layout?.elements.first?.content.first).color
  }

  @Test func aVariantParsesAndAnAppearanceItLeavesOutTakesTheNormalColour() throws {
    let spec = try #require(
      try Self.color(
        ##"{light: white, dark: white, increaseContrast: {light: {color: "#000000", alpha: 0.9}}}"##
      ))
    #expect(
      spec
        == .withIncreaseContrast(
          normal: .perAppearance(light: "white", dark: "white"),
          increaseContrast: .perAppearance(light: "#000000@0.9", dark: nil)))
    #expect(spec.text(for: .light) == "white")
    #expect(spec.text(for: .light, increaseContrast: false) == "white")
    #expect(spec.text(for: .light, increaseContrast: true) == "#000000@0.9")
    #expect(spec.text(for: .dark, increaseContrast: true) == "white")
    #expect(spec.increaseContrastVariant == .perAppearance(light: "#000000@0.9", dark: nil))
  }

  /// SPEC §2.3: in Increase Contrast a semantic name takes its Increase
  /// Contrast variant, so a name written as the app's variant does too
  /// (systemBlue light #007AFF, #0040DD with Increase Contrast); a hex is
  /// drawn as written.
  @Test func theVariantIsDrawnOnlyWhereContrastIsIncreased() throws {
    let profile = try ProfileLoader.loadDefault()
    let spec = ColorSpec.withIncreaseContrast(
      normal: .same("#FF9500"), increaseContrast: .same("systemBlue"))
    func hex(_ a: Appearance, _ ic: Bool) throws -> String {
      try #require(profile.resolveColor(spec, appearance: a, increaseContrast: ic)).hex
    }
    #expect(try hex(.light, false) == "#FF9500")
    #expect(try hex(.dark, false) == "#FF9500")
    #expect(try hex(.light, true) == "#0040DD")
    #expect(try hex(.dark, true) == "#409CFF")
    let plain = ColorSpec.same("systemBlue")
    #expect(
      try #require(profile.resolveColor(plain, appearance: .light, increaseContrast: true)).hex
        == "#0040DD")
  }

  @Test func aVariantInsideAVariantAndAnUnknownKeyAreRefusedWhereTheyStand() {
    let nested = LayoutLoaderTests.load(
      Self.layout(
        color: "{light: white, increaseContrast: {light: label, increaseContrast: white}}"))
    #expect(nested.layout == nil)
    #expect(
      nested.errors.contains {
        $0.description.contains("unknown key 'increaseContrast'") && $0.description.contains(":11:")
      })
    let unknown = LayoutLoaderTests.load(Self.layout(color: "{light: white, highContrast: label}"))
    #expect(unknown.layout == nil)
    #expect(unknown.errors.contains { $0.description.contains("highContrast") })
    let badName = LayoutLoaderTests.load(
      Self.layout(color: "{light: white, increaseContrast: notAColour}"))
    #expect(badName.errors.contains { $0.description.contains("notAColour") })
  }

  /// A variant alone draws the item only where contrast is increased: the
  /// lint says so, not that it has no colour at all.
  @Test func aVariantAloneIsLintedAsColourOnlyThere() throws {
    let result = LayoutLoaderTests.load(Self.layout(color: "{increaseContrast: label}"))
    #expect(result.errors == [])
    #expect(result.findings.map(\.rule.id) == ["no-color"])
    #expect(
      result.findings.first?.message.contains(
        "has no colour outside the Increase Contrast modes, so it gets no contrast result there")
        == true)
    let plain = LayoutLoaderTests.load(Self.layout(color: "{light: white}"))
    #expect(
      plain.findings.first?.message.hasSuffix(
        "has no dark colour, so it gets no contrast result in dark appearance.") == true)
  }

  /// The fixer's colour per class of failing scenes: only the failing
  /// slots change; the app's own Increase Contrast colour is kept where
  /// those scenes pass, and written where only they fail.
  @Test func aVariantFixChangesOnlyTheFailingSlots() throws {
    func group(_ a: Appearance, _ mode: AccessibilityMode, passing: [String])
      -> FixCandidates.Group
    {
      var g = RemedyAccumulator.Group(baseColor: RGBA(.black))
      for (rank, name) in passing.enumerated() {
        g.candidates["color:" + name] = RemedyCandidate(passes: true, ratio: 5, rank: rank)
      }
      return FixCandidates.Group(appearance: a, mode: mode, search: g)
    }
    let frame = RectInPoints(x: 0, y: 0, width: 10, height: 10)
    func item(_ color: ColorSpec) -> ContentItem {
      ContentItem(id: "t", kind: .text, color: color, frame: frame)
    }
    let element = Element(id: "e", material: "glass.regular", frame: frame, content: [])
    // Fails in light, normal only: light's normal colour changes, its own
    // Increase Contrast colour stays.
    let own = item(
      .withIncreaseContrast(
        normal: .same("white"), increaseContrast: .perAppearance(light: "black", dark: nil)))
    let kept = try #require(
      FixCandidates.colorVariants(
        item: own, element: element, groups: [group(.light, .normal, passing: ["label"])]))
    #expect(kept.written == "color: {light: label, dark: white, increaseContrast: {light: black}}")
    #expect(kept.appearances == [.light])
    // Fails only with Increase Contrast, in both appearances, where no one
    // colour passes in both: a variant per appearance, normal kept.
    let plain = item(.same("white"))
    let split = try #require(
      FixCandidates.colorVariants(
        item: plain, element: element,
        groups: [
          group(.light, .increaseContrast, passing: ["label"]),
          group(.light, .reduceTransparencyIncreaseContrast, passing: ["label", "black"]),
          group(.dark, .increaseContrast, passing: ["systemBlue"]),
        ]))
    #expect(
      split.written
        == "color: {light: white, dark: white, increaseContrast: {light: label, dark: systemBlue}}")
    // A class with no colour that passes in all its groups: none.
    #expect(
      FixCandidates.colorVariants(
        item: plain, element: element,
        groups: [
          group(.light, .normal, passing: ["label"]), group(.light, .normal, passing: ["black"]),
        ]) == nil)
  }

  /// What a fix writes reads back as the colour it meant.
  @Test func theWrittenFormReadsBack() throws {
    let specs: [ColorSpec] = [
      .same("label"),
      .perAppearance(light: "label", dark: "white"),
      .withIncreaseContrast(normal: .same("white"), increaseContrast: .same("label")),
      .withIncreaseContrast(
        normal: .perAppearance(light: "#3C3C43@0.6", dark: "white"),
        increaseContrast: .perAppearance(light: "label", dark: nil)),
    ]
    for spec in specs {
      let value = try #require(LayoutValue.color(spec))
      #expect(value.colorSpec.map(Self.normalised) == Self.normalised(spec))
      #expect(try Self.color(value.yaml).map(Self.normalised) == Self.normalised(spec))
    }
    #expect(
      LayoutValue.color(
        .withIncreaseContrast(
          normal: .same("white"), increaseContrast: .perAppearance(light: "label", dark: nil)))?
        .yaml == "{light: white, dark: white, increaseContrast: {light: label}}")
  }

  /// The same colour in every appearance and mode, however written.
  static func normalised(_ spec: ColorSpec) -> [String?] {
    Appearance.allCases.flatMap { a in
      [false, true].map { spec.text(for: a, increaseContrast: $0) }
    }
  }
}
