import Testing

@testable import ContrastCore

/// The trust of a verdict: the weakest trust among the profile numbers it
/// rests on, read from the shipped ios27 profile's stated provenance.
@Suite struct VerdictTrustTests {
  static let profile = try! ProfileLoader.load(named: "ios27")
  static let index = TrustIndex(profile)

  static func trust(
    material: String, color: String, mode: AccessibilityMode = .normal,
    appearance: Appearance = .light, overrides: [AccessibilityMode: ModeOverride] = [:]
  ) throws -> (trust: VerdictTrust, basis: String) {
    let item = ContentItem(
      id: "t", kind: .text, color: .same(color),
      frame: RectInPoints(x: 0, y: 0, width: 10, height: 10))
    let element = Element(
      id: "e", material: material, frame: RectInPoints(x: 0, y: 0, width: 100, height: 50),
      overrides: overrides, content: [item])
    let rendering = try profile.rendering(
      of: element, appearance: appearance, mode: mode, scale: 3)
    return index.verdictTrust(
      item: item, element: element, rendering: rendering, profile: profile,
      appearance: appearance, mode: mode)
  }

  @Test func theAppsOwnColourOnTheWallpaperRestsOnNoProfileNumber() throws {
    let t = try Self.trust(material: "none", color: "#112233")
    #expect(t.trust == .exact && t.basis.isEmpty)
  }

  @Test func aSemanticColourHasTheTrustOfItsTableEntry() throws {
    // SPEC §2.3: label #000000 is Apple's published value.
    let t = try Self.trust(material: "none", color: "label")
    #expect(t.trust == .apple)
    #expect(t.basis == "colors.label.light")
  }

  @Test func aStandardMaterialRestsOnTheThirdPartyMeasurements() throws {
    // SOURCES.md D2: the standard materials are fitted to a third party's renders.
    let t = try Self.trust(material: "thin", color: "#000000")
    #expect(t.trust == .thirdPartyMeasurement)
    #expect(t.basis.hasPrefix("materials.thin.light."))
  }

  @Test func reduceTransparencyOnAMaterialIsAnAssumption() throws {
    // SOURCES.md, "Not public anywhere": no colour under Reduce Transparency is measured.
    let t = try Self.trust(material: "thin", color: "#000000", mode: .reduceTransparency)
    #expect(t.trust == .assumption && t.basis == "reduceTransparency")
  }

  @Test func increaseContrastOnGlassNamesItsAssumedFill() throws {
    let t = try Self.trust(
      material: "glass.clear", color: "#000000", mode: .increaseContrast, appearance: .dark)
    #expect(t.trust == .assumption && t.basis == "increaseContrast.glassFill.dark")
  }

  @Test func aLabelColoursIncreaseContrastVariantIsAnAssumption() throws {
    // SPEC §2.3: raising the label colours' alpha is the profile's assumption.
    let t = try Self.trust(material: "none", color: "secondaryLabel", mode: .increaseContrast)
    #expect(t.trust == .assumption)
    #expect(t.basis.hasPrefix("colors.secondaryLabel.increaseContrast.light"))
  }

  @Test func anAppFillUnderReduceTransparencyIsTheAppsOwnColour() throws {
    let t = try Self.trust(
      material: "thin", color: "#FFFFFF", mode: .reduceTransparency,
      overrides: [.reduceTransparency: ModeOverride(fill: .same("#101010"))])
    #expect(t.trust == .exact)
  }

  @Test func prefixesEndAtDotsAndBrackets() {
    #expect(
      TrustIndex.prefixes(of: "materials.thin.light.stops[2]")
        == [
          "materials", "materials.thin", "materials.thin.light", "materials.thin.light.stops",
          "materials.thin.light.stops[2]",
        ])
  }
}
