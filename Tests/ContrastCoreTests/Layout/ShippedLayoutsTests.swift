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
  /// The specimen sheet, kept apart from the real screens.
  static let specimenFolder = folder.deletingLastPathComponent()
    .appendingPathComponent("examples/specimen/layouts")

  static func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
      .sorted()
  }

  static func load(_ name: String, in dir: URL = folder) -> LayoutLoadResult {
    LayoutLoader.load(
      contentsOf: dir.appendingPathComponent(name).path, displayName: "layouts/\(name)",
      profile: LayoutTestProfiles.full)
  }

  @Test func theSeedAppsScreensAreShippedAndTheSpecimenIsApart() throws {
    #expect(
      try Self.files() == [
        "coaching-chat.yml", "countdown-list.yml", "meditation-timer-landscape.yml",
        "meditation-timer.yml",
      ])
    #expect(Self.load("specimen.yml", in: Self.specimenFolder).layout != nil)
  }

  @Test func everyShippedLayoutLoadsWithoutErrorsOrFindings() throws {
    for name in try Self.files() {
      let result = Self.load(name)
      #expect(result.errors.map(\.description) == [], "\(name)")
      #expect(result.findings.map(\.message) == [], "\(name)")
      let layout = try #require(result.layout, "\(name)")
      #expect(layout.id + ".yml" == name)
      if name.contains("landscape") {
        #expect(layout.canvas == Canvas(widthInPoints: 874, heightInPoints: 402, scale: 3))
      } else {
        #expect(layout.device == "iphone-16-pro")
      }
      for element in layout.elements {
        for item in element.content where item.kind != .decorative {
          #expect(item.text != nil, "\(name): \(element.id).\(item.id) has no text")
        }
      }
    }
  }

  @Test func specimenCoversEveryMaterialRoleAndColour() throws {
    let layout = try #require(Self.load("specimen.yml", in: Self.specimenFolder).layout)
    let profile = LayoutTestProfiles.full
    let items = layout.elements.flatMap(\.content)
    #expect(Set(layout.elements.map(\.material)) == Set(profile.materials.keys).union(["none"]))
    #expect(Set(items.compactMap(\.role)) == Set(profile.textRoles.keys))
    #expect(
      Set(items.compactMap { $0.color?.text(for: .light) }) == Set(profile.colors.keys))
    #expect(items.filter { $0.kind == .icon }.count == 1)
    #expect(items.filter { $0.kind == .decorative }.count == 1)
  }

  @Test func countdownCardsAreGlassWithTheirAppsFallbackAndSolidFills() throws {
    let layout = try #require(Self.load("countdown-list.yml").layout)
    let cards = layout.elements.filter { $0.id.hasPrefix("card-") }
    #expect(cards.count == 4)
    for card in cards {
      #expect(card.material == "glass.regular")
      #expect(card.shape == .roundedRect(cornerRadius: 20))
      #expect(
        card.overrides[.reduceTransparency]?.fill
          == .perAppearance(light: "#FFFFFF", dark: "#1C1C1E"))
      // `.ultraThinMaterial` before iOS 26 (the app's own fallback).
      #expect(card.fallback == .material("ultraThin"))
    }
  }

  @Test func coachingChatDeclaresEachControlsOwnFallback() throws {
    let layout = try #require(Self.load("coaching-chat.yml").layout)
    let fallbacks = Dictionary(uniqueKeysWithValues: layout.elements.map { ($0.id, $0.fallback) })
    #expect(fallbacks["nav-bar"] == .material("ultraThin"))
    #expect(fallbacks["action-bar"] == .material("ultraThin"))
    #expect(fallbacks["input-bar"] == .material("regular"))
    #expect(fallbacks["attach-button"] == .material("regular"))
    #expect(fallbacks["send-button"] == .fill(.same("#C2410C")))
    // Glass only on navigation and controls, never glass on glass.
    #expect(layout.elements.allSatisfy { $0.material == "glass.regular" })
    #expect(layout.elements.allSatisfy { $0.overrides[.reduceTransparency]?.fill != nil })
  }
}
