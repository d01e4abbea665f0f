import Testing

@testable import ContrastCore

@Suite struct LayoutLintTests {
  /// A layout on iphone-16-pro with the given element lines (YAML).
  private func findings(_ elements: String) -> [Finding] {
    let text = """
      version: 1
      layout: lint
      device: iphone-16-pro
      elements:

      """ + elements
    let result = LayoutLoader.load(
      text: text, file: "layouts/lint.yml", profile: LayoutTestProfiles.small)
    #expect(result.errors == [])
    return result.findings
  }

  private func rules(_ elements: String) -> [String] { findings(elements).map(\.rule.id) }

  @Test func cleanLayoutHasNoFindings() {
    #expect(
      findings(
        """
          - id: bar
            material: glass.regular
            frame: {x: 0, y: 0, width: 402, height: 100}
            content:
              - {id: t, color: label, frame: {x: 0, y: 0, width: 402, height: 100}}
          - id: button
            material: glass.regular
            shape: capsule
            interactive: true
            frame: {x: 10, y: 100, width: 100, height: 44}
            content:
              - {id: t, kind: icon, color: systemBlue, frame: {x: 22, y: 0, width: 56, height: 44}}
          - id: round
            material: glass.clear
            shape: circle
            frame: {x: 200, y: 200, width: 100, height: 100}
            content:
              - {id: t, color: {light: black, dark: white}, frame: {x: 20, y: 20, width: 60, height: 60}}
          - id: plain
            material: none
            frame: {x: 0, y: 400, width: 100, height: 100}
            modes:
              reduceTransparency: {fill: white, tint: systemBlue}
        """) == [])
  }

  @Test func contentOutsideTheFrame() {
    let result = findings(
      """
        - id: card
          material: thin
          frame: {x: 10, y: 10, width: 100, height: 50}
          content:
            - {id: t, color: label, frame: {x: -2, y: 40, width: 120, height: 20}}
      """)
    #expect(result.map(\.rule.id) == ["content-outside-element"])
    #expect(
      result.first
        == Finding(
          rule: .contentOutsideElement, layout: "lint", element: "card", item: "t",
          message:
            "Item 't' of element 'card' reaches outside its element's 100 x 50 pt frame: it runs"
            + " 2 pt past the left edge, 18 pt past the right edge and 10 pt past the bottom"
            + " edge. Its pixels outside the element see the bare wallpaper, and pixels off the"
            + " canvas are dropped.",
          file: "layouts/lint.yml", line: 9))
  }

  @Test func contentInTheCornerOfARoundedShape() {
    // Capsule 100 x 40: radius 20; the frame's top-left corner (1, 1) is outside the arc.
    let capsule = findings(
      """
        - id: pill
          material: glass.regular
          shape: capsule
          frame: {x: 0, y: 0, width: 100, height: 40}
          content:
            - {id: t, color: label, frame: {x: 1, y: 1, width: 30, height: 10}}
      """)
    #expect(capsule.map(\.rule.id) == ["content-outside-element"])
    #expect(
      capsule.first?.message.contains(
        "the top-left and bottom-left corners of its frame lie outside") == true)
    // Touching the arc exactly (8, 4) is inside: distance 20 from (20, 20).
    #expect(
      rules(
        """
          - id: pill
            material: glass.regular
            shape: capsule
            frame: {x: 0, y: 0, width: 100, height: 40}
            content:
              - {id: t, color: label, frame: {x: 8, y: 4, width: 30, height: 10}}
        """) == [])
    #expect(
      rules(
        """
          - id: disc
            material: glass.regular
            shape: circle
            frame: {x: 0, y: 0, width: 100, height: 100}
            content:
              - {id: t, color: label, frame: {x: 10, y: 10, width: 80, height: 80}}
          - id: card
            material: thin
            shape: roundedRect
            cornerRadius: 20
            frame: {x: 0, y: 200, width: 100, height: 100}
            content:
              - {id: t, color: label, frame: {x: 5, y: 40, width: 90, height: 20}}
              - {id: u, color: label, frame: {x: 2, y: 2, width: 20, height: 20}}
        """) == ["content-outside-element", "content-outside-element"])
  }

  @Test func overlappingGlass() {
    let result = findings(
      """
        - {id: a, material: glass.regular, frame: {x: 0, y: 0, width: 100, height: 100}}
        - {id: b, material: glass.clear, frame: {x: 90, y: 80, width: 100, height: 100}}
        - {id: c, material: thin, frame: {x: 0, y: 0, width: 100, height: 100}}
        - {id: d, material: glass.regular, frame: {x: 190, y: 0, width: 10, height: 10}}
      """)
    #expect(result.map(\.rule.id) == ["glass-on-glass"])
    #expect(result.first?.element == "b")
    #expect(result.first?.line == 6)
    #expect(
      result.first?.message.hasPrefix(
        "Glass elements 'a' (line 5) and 'b' (line 6) overlap by 10 x 20 pt at 90, 80.") == true)
  }

  @Test func glassTouchingAlongAnEdgeDoesNotOverlap() {
    #expect(
      rules(
        """
          - {id: a, material: glass.regular, frame: {x: 0, y: 0, width: 100, height: 100}}
          - {id: b, material: glass.regular, frame: {x: 100, y: 0, width: 100, height: 100}}
        """) == [])
  }

  @Test func smallInteractiveTarget() {
    let result = findings(
      """
        - {id: send, material: glass.regular, interactive: true, frame: {x: 0, y: 0, width: 60, height: 40}}
        - {id: label, material: glass.regular, frame: {x: 0, y: 100, width: 20, height: 20}}
      """)
    #expect(result.map(\.rule.id) == ["target-size"])
    #expect(
      result.first?.message
        == "Element 'send' is interactive but only 60 x 40 pt; a touch target should be at least"
        + " 44 x 44 pt.")
  }

  /// A control inside an element (a play button in a mini-player) is held
  /// to the same 44 x 44 pt: reported at the item's own line; a 44 x 44 pt
  /// control and a small item that is not a control are not.
  @Test func smallInteractiveItem() {
    let result = findings(
      """
        - id: player
          material: glass.regular
          frame: {x: 0, y: 0, width: 300, height: 64}
          content:
            - {id: title, role: body, color: label, frame: {x: 12, y: 20, width: 150, height: 22}}
            - {id: play, kind: icon, color: label, interactive: true, frame: {x: 200, y: 18, width: 28, height: 28}}
            - {id: next, kind: icon, color: label, interactive: true, frame: {x: 240, y: 10, width: 44, height: 44}}
            - {id: badge, kind: icon, color: label, frame: {x: 180, y: 18, width: 12, height: 12}}
      """)
    #expect(result.map(\.rule.id) == ["target-size"])
    #expect(result.first?.item == "play")
    #expect(result.first?.line == 10)
    #expect(
      result.first?.message
        == "Item 'play' of element 'player' is interactive but only 28 x 28 pt; a touch target"
        + " should be at least 44 x 44 pt.")
  }

  @Test func interactiveOnAnItemMustBeTrueOrFalse() {
    let text = """
      version: 1
      layout: lint
      device: iphone-16-pro
      elements:
        - id: player
          material: glass.regular
          frame: {x: 0, y: 0, width: 300, height: 64}
          content:
            - {id: play, kind: icon, color: label, interactive: yes please, frame: {x: 0, y: 0, width: 28, height: 28}}
      """
    let result = LayoutLoader.load(
      text: text, file: "layouts/lint.yml", profile: LayoutTestProfiles.small)
    #expect(result.errors.count == 1)
    let error = result.errors.first.map(String.init(describing:)) ?? ""
    #expect(error.contains("layouts/lint.yml:9:"), "\(error)")
    #expect(error.contains("interactive"), "\(error)")
    #expect(error.contains("expected true or false, found 'yes please'"), "\(error)")
  }

  @Test func tintOnNone() {
    let result = findings(
      """
        - id: plain
          material: none
          tint: systemBlue
          frame: {x: 0, y: 0, width: 60, height: 40}
          modes:
            increaseContrast: {tint: white}
        - id: glass
          material: glass.regular
          frame: {x: 0, y: 100, width: 60, height: 40}
          modes:
            reduceTransparency: {material: none, tint: white}
      """)
    #expect(result.map(\.rule.id) == ["tint-on-none", "tint-on-none", "tint-on-none"])
    #expect(result.map(\.line) == [5, 10, 15])
  }

  @Test func itemWithoutColour() {
    let result = findings(
      """
        - id: card
          material: thin
          frame: {x: 0, y: 0, width: 100, height: 100}
          content:
            - {id: none, frame: {x: 0, y: 0, width: 50, height: 20}}
            - {id: lightOnly, color: {light: label}, frame: {x: 0, y: 30, width: 50, height: 20}}
            - {id: both, color: {light: label, dark: white}, frame: {x: 0, y: 60, width: 50, height: 20}}
      """)
    #expect(result.map(\.item) == ["none", "lightOnly"])
    #expect(
      result.map(\.message) == [
        "Item 'none' of element 'card' has no colour, so it gets no contrast result in light or"
          + " dark appearance.",
        "Item 'lightOnly' of element 'card' has no dark colour, so it gets no contrast result in"
          + " dark appearance.",
      ])
  }

  @Test func itemWithoutPixels() {
    // Scale 3: x from 0.1 to 0.2 pt is 0.3 to 0.6 px, which holds centre 0.5; 0.2 to 0.3 pt
    // (0.6 to 0.9 px) holds none.
    let result = findings(
      """
        - id: card
          material: thin
          frame: {x: 0, y: 0, width: 100, height: 100}
          content:
            - {id: hit, color: label, frame: {x: 0.1, y: 0, width: 0.1, height: 10}}
            - {id: miss, color: label, frame: {x: 0.2, y: 0, width: 0.1, height: 10}}
        - id: off
          material: none
          frame: {x: 500, y: 0, width: 100, height: 100}
          content:
            - {id: far, color: label, frame: {x: 0, y: 0, width: 100, height: 100}}
      """)
    #expect(result.map(\.rule.id) == ["no-pixels", "no-pixels"])
    #expect(result.map(\.item) == ["miss", "far"])
    #expect(result.last?.message.contains("lies entirely off the 402 x 874 pt canvas") == true)
  }
}
