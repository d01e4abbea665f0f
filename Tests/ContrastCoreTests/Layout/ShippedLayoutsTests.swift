import Foundation
import Testing

@testable import ContrastCore

/// The layouts shipped in `layouts/` load cleanly against a profile with the
/// spec's full set of names.
@Suite struct ShippedLayoutsTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Layout
    .deletingLastPathComponent()  // ContrastCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("layouts")

  static func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
      .sorted()
  }

  static func load(_ name: String) -> LayoutLoadResult {
    LayoutLoader.load(
      contentsOf: folder.appendingPathComponent(name).path, displayName: "layouts/\(name)",
      profile: LayoutTestProfiles.full)
  }

  @Test func theFourLayoutsAreShipped() throws {
    let expected: Set = [
      "coaching-chat.yml", "countdown-list.yml", "meditation-timer.yml", "specimen.yml",
    ]
    #expect(expected.isSubset(of: try Self.files()))
  }

  @Test func everyShippedLayoutLoadsWithoutErrorsOrFindings() throws {
    for name in try Self.files() {
      let result = Self.load(name)
      #expect(result.errors.map(\.description) == [], "\(name)")
      #expect(result.findings.map(\.message) == [], "\(name)")
      let layout = try #require(result.layout, "\(name)")
      #expect(layout.id + ".yml" == name)
      #expect(layout.device == "iphone-16-pro")
      for element in layout.elements {
        for item in element.content where item.kind != .decorative {
          #expect(item.text != nil, "\(name): \(element.id).\(item.id) has no text")
        }
      }
    }
  }

  @Test func specimenCoversEveryMaterialRoleAndColour() throws {
    let layout = try #require(Self.load("specimen.yml").layout)
    let profile = LayoutTestProfiles.full
    let items = layout.elements.flatMap(\.content)
    #expect(Set(layout.elements.map(\.material)) == Set(profile.materials.keys).union(["none"]))
    #expect(Set(items.compactMap(\.role)) == Set(profile.textRoles.keys))
    #expect(
      Set(items.compactMap { $0.color?.text(for: .light) }) == Set(profile.colors.keys))
    #expect(items.filter { $0.kind == .icon }.count == 1)
    #expect(items.filter { $0.kind == .decorative }.count == 1)
  }

  @Test func countdownCardsDrawSolidFillsUnderReduceTransparency() throws {
    let layout = try #require(Self.load("countdown-list.yml").layout)
    let cards = layout.elements.filter { $0.id.hasPrefix("card-") }
    #expect(cards.count == 4)
    for card in cards {
      #expect(card.material == "thin")
      #expect(card.shape == .roundedRect(cornerRadius: 20))
      #expect(
        card.overrides[.reduceTransparency]?.fill
          == .perAppearance(light: "#FFFFFF", dark: "#1C1C1E"))
    }
  }
}
