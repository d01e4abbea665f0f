import Testing

@testable import ContrastCore

/// `vibrant` in a layout (issue 30): read on glass, refused elsewhere at
/// the key's file:line:col with the reason.
@Suite struct LayoutVibrantTests {
  private func load(material: String, kind: String = "icon") -> LayoutLoadResult {
    let text = """
      version: 1
      layout: bar
      device: iphone-16-pro
      elements:
        - id: tab-bar
          material: \(material)
          frame: {x: 16, y: 794, width: 370, height: 62}
          content:
            - {id: home, kind: \(kind), color: label, vibrant: true, frame: {x: 32, y: 8, width: 28, height: 26}}
      """
    return LayoutLoader.load(text: text, file: "layouts/bar.yml", profile: LayoutTestProfiles.small)
  }

  @Test func aGlassItemIsVibrant() {
    let result = load(material: "glass.regular")
    #expect(result.errors.isEmpty)
    #expect(result.layout?.elements.first?.content.first?.vibrant == true)
  }

  @Test func vibrantOnAStandardMaterialIsRefusedWhereItIsWritten() {
    #expect(
      load(material: "thin").errors.map(\.description) == [
        "layouts/bar.yml:9:55: elements[0].content[0].vibrant: vibrant content is measured only "
          + "on Liquid Glass (a tab bar's items, iOS 27); this element has the standard material "
          + "'thin', where no public data says how iOS draws it; remove 'vibrant' or put the item "
          + "on a glass material"
      ])
  }

  @Test func vibrantOnNoMaterialIsRefused() {
    let errors = load(material: "none").errors.map(\.description)
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("layouts/bar.yml:9:55: ") == true)
    #expect(errors.first?.contains("this element has no material (material: none)") == true)
  }

  @Test func aDecorativeItemCannotBeVibrant() {
    let errors = load(material: "glass.regular", kind: "decorative").errors.map(\.description)
    #expect(
      errors == [
        "layouts/bar.yml:9:61: elements[0].content[0].vibrant: only a text or icon item can be "
          + "vibrant; this item is decorative"
      ])
  }
}
