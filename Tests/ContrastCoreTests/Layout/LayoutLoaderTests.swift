import Testing

@testable import ContrastCore

@Suite struct LayoutLoaderTests {
  static let specExample = """
    version: 1
    layout: countdown-list            # unique id, kebab-case
    title: "Countdown: card list"
    device: iphone-16-pro             # preset, or canvas: {width: 402, height: 874, scale: 3}
    elements:
      - id: nav-bar
        material: glass.regular       # §3.2; "none" = content straight on the wallpaper
        frame: {x: 0, y: 0, width: 402, height: 108}
        shape: rect                   # rect | roundedRect | capsule | circle
        cornerRadius: 0               # roundedRect only
        tint: "#FF950099"             # optional, glass .tint(); alpha defaults per profile
        interactive: false            # true: checked for the 44x44 pt minimum target
        modes:                        # optional: what the app itself does per mode
          reduceTransparency: {fill: {light: "#F2F2F7", dark: "#1C1C1E"}}
          increaseContrast: {tint: "#FFFFFF80", border: 2}
        content:
          - id: title
            kind: text                # text | icon | decorative
            role: largeTitle          # Dynamic Type style: gives size and weight
            weight: bold              # optional override: ultraLight ... black
            size: 34                  # optional override, pt
            color: label              # semantic name, "#RRGGBB[AA]", or {light:, dark:}
            frame: {x: 16, y: 56, width: 240, height: 41}
            minimumRatio: 7.0         # optional stricter requirement

    """

  static let specExampleJSON = """
    {
    \t"version": 1,
    \t"layout": "countdown-list",
    \t"title": "Countdown: card list",
    \t"device": "iphone-16-pro",
    \t"elements": [
    \t\t{
    \t\t\t"id": "nav-bar",
    \t\t\t"material": "glass.regular",
    \t\t\t"frame": {"x": 0, "y": 0, "width": 402, "height": 108},
    \t\t\t"shape": "rect",
    \t\t\t"cornerRadius": 0,
    \t\t\t"tint": "#FF950099",
    \t\t\t"interactive": false,
    \t\t\t"modes": {
    \t\t\t\t"reduceTransparency": {"fill": {"light": "#F2F2F7", "dark": "#1C1C1E"}},
    \t\t\t\t"increaseContrast": {"tint": "#FFFFFF80", "border": 2}
    \t\t\t},
    \t\t\t"content": [
    \t\t\t\t{
    \t\t\t\t\t"id": "title", "kind": "text", "role": "largeTitle", "weight": "bold",
    \t\t\t\t\t"size": 34, "color": "label",
    \t\t\t\t\t"frame": {"x": 16, "y": 56, "width": 240, "height": 41},
    \t\t\t\t\t"minimumRatio": 7.0
    \t\t\t\t}
    \t\t\t]
    \t\t}
    \t]
    }

    """

  static func load(_ text: String, file: String = "layouts/test.yml") -> LayoutLoadResult {
    LayoutLoader.load(text: text, file: file, profile: LayoutTestProfiles.small)
  }

  /// The messages of a result's errors, as printed.
  static func printed(_ result: LayoutLoadResult) -> [String] {
    result.errors.map(\.description)
  }

  @Test func specExampleParsesIntoTheExpectedValues() throws {
    let result = Self.load(Self.specExample, file: "layouts/countdown-list.yml")
    #expect(result.errors == [])
    #expect(result.findings == [])
    let layout = try #require(result.layout)
    let expected = Layout(
      id: "countdown-list", title: "Countdown: card list", device: "iphone-16-pro",
      canvas: Canvas(widthInPoints: 402, heightInPoints: 874, scale: 3),
      elements: [
        Element(
          id: "nav-bar", material: "glass.regular",
          frame: RectInPoints(x: 0, y: 0, width: 402, height: 108), shape: .rect,
          tint: .same("#FF950099"), interactive: false,
          overrides: [
            .reduceTransparency: ModeOverride(
              fill: .perAppearance(light: "#F2F2F7", dark: "#1C1C1E"), line: 14),
            .increaseContrast: ModeOverride(tint: .same("#FFFFFF80"), borderInPoints: 2, line: 15),
          ],
          content: [
            ContentItem(
              id: "title", kind: .text, role: "largeTitle", weight: .bold, sizeInPoints: 34,
              color: .same("label"), frame: RectInPoints(x: 16, y: 56, width: 240, height: 41),
              minimumRatio: 7, text: nil, line: 17)
          ],
          line: 6)
      ],
      file: "layouts/countdown-list.yml")
    #expect(layout == expected)
  }

  @Test func jsonEquivalentParsesTheSame() throws {
    let yaml = try #require(Self.load(Self.specExample, file: "a.yml").layout)
    let json = Self.load(Self.specExampleJSON, file: "a.json")
    #expect(json.errors == [])
    var layout = try #require(json.layout)
    // Only the file and the lines differ: take them from the YAML.
    layout.file = yaml.file
    for e in layout.elements.indices {
      layout.elements[e].line = yaml.elements[e].line
      for i in layout.elements[e].content.indices {
        layout.elements[e].content[i].line = yaml.elements[e].content[i].line
      }
      for mode in layout.elements[e].overrides.keys {
        layout.elements[e].overrides[mode]?.line = yaml.elements[e].overrides[mode]?.line
      }
    }
    #expect(layout == yaml)
    #expect(json.layout?.elements[0].line == 7)
    #expect(json.layout?.elements[0].content[0].line == 20)
  }

  @Test func defaultsApplyWhenKeysAreOmitted() throws {
    let result = Self.load(
      """
      version: 1
      layout: minimal
      canvas: {width: 320, height: 480, scale: 2}
      elements:
        - id: card
          material: thin
          frame: {x: 10, y: 10, width: 100, height: 50}
          content:
            - id: label
              color: label
              frame: {x: 5, y: 5, width: 60, height: 20}
            - id: glyph
              kind: icon
              color: {light: black}
              frame: {x: 70, y: 5, width: 20, height: 20}
      """)
    let layout = try #require(result.layout)
    #expect(layout.title == "minimal")
    #expect(layout.device == nil)
    #expect(layout.canvas == Canvas(widthInPoints: 320, heightInPoints: 480, scale: 2))
    let card = layout.elements[0]
    #expect(card.shape == .rect)
    #expect(card.interactive == false)
    #expect(card.tint == nil)
    #expect(card.overrides.isEmpty)
    #expect(card.content[0].kind == .text)
    #expect(card.content[0].role == "body")
    #expect(card.content[1].role == nil)
    #expect(card.content[1].color == .perAppearance(light: "black", dark: nil))
    #expect(result.findings.map(\.rule.id) == ["no-color"])
  }

  @Test func shapesAndCornerRadius() throws {
    let result = Self.load(
      """
      version: 1
      layout: shapes
      device: iphone-se-3
      elements:
        - {id: a, material: none, frame: {x: 0, y: 0, width: 50, height: 50}, shape: roundedRect, cornerRadius: 12}
        - {id: b, material: none, frame: {x: 0, y: 60, width: 50, height: 50}, shape: capsule}
        - {id: c, material: none, frame: {x: 0, y: 120, width: 50, height: 50}, shape: circle}
      """)
    let layout = try #require(result.layout)
    #expect(layout.elements.map(\.shape) == [.roundedRect(cornerRadius: 12), .capsule, .circle])
    #expect(layout.canvas.scale == 2)
  }

  @Test func threeDistinctErrorsGiveThreeDiagnosticsWithTheirLines() {
    let result = Self.load(
      """
      version: 1
      layout: tabs
      device: iphone-16-pro
      elements:
        - id: bar
          material: glass.regular
          frame: {x: 0, y: 0, width: 402, height: 100}
          cornerRadus: 12
          content:
            - id: title
              role: headlin
              color: label
              frame: {x: 0, y: 0, width: wide, height: 20}
      """)
    #expect(result.layout == nil)
    #expect(result.findings == [])
    #expect(
      Self.printed(result) == [
        "layouts/test.yml:8:5: elements[0]: unknown key 'cornerRadus' (did you mean 'cornerRadius'?)",
        "layouts/test.yml:11:15: elements[0].content[0].role: unknown text role 'headlin' (did you mean 'headline'?)",
        "layouts/test.yml:13:36: elements[0].content[0].frame.width: expected a number, found 'wide'",
      ])
  }

  @Test func errorsAcrossElementsAreAllReported() {
    let result = Self.load(
      """
      version: 1
      layout: Bad_Layout
      device: iphone-16-pro
      elements:
        - id: a
          material: glass.regular
          frame: {x: 0, y: 0, width: 0, height: 10}
          interactive: yes please
        - id: a
          frame: {x: 0, y: 200, width: 10, height: 10}
          content:
            - {id: t, color: label, frame: {x: 0, y: 0, width: 5, height: 5}, size: "12"}
            - {id: t, kind: icon, role: body, color: label, frame: {x: 0, y: 0, width: 5, height: 5}}
      """)
    #expect(
      Self.printed(result) == [
        "layouts/test.yml:2:9: layout: 'Bad_Layout' is not a kebab-case id: use lowercase letters, digits and single hyphens (did you mean 'bad-layout'?)",
        "layouts/test.yml:7:32: elements[0].frame.width: must be greater than 0, found 0",
        "layouts/test.yml:8:18: elements[0].interactive: expected true or false, found 'yes please'",
        "layouts/test.yml:9:5: elements[1]: missing required key 'material'",
        "layouts/test.yml:9:9: elements[1].id: duplicate element id 'a' (already used at line 5)",
        "layouts/test.yml:12:79: elements[1].content[0].size: expected a number, found '12' (write numbers without quotes)",
        "layouts/test.yml:13:14: elements[1].content[1].id: duplicate item id 't' in this element (already used at line 12)",
        "layouts/test.yml:13:35: elements[1].content[1].role: 'role' applies to text only; this item is an icon (judged at 3:1 whatever its size)",
      ])
  }

  @Test func duplicateIdsAreReported() {
    let result = Self.load(
      """
      version: 1
      layout: dupes
      device: iphone-16-pro
      elements:
        - id: a
          material: none
          frame: {x: 0, y: 0, width: 100, height: 100}
          content:
            - {id: t, color: label, frame: {x: 0, y: 0, width: 50, height: 20}}
            - {id: t, color: label, frame: {x: 0, y: 30, width: 50, height: 20}}
        - id: a
          material: none
          frame: {x: 0, y: 200, width: 100, height: 100}
      """)
    #expect(
      Self.printed(result) == [
        "layouts/test.yml:10:14: elements[0].content[1].id: duplicate item id 't' in this element (already used at line 9)",
        "layouts/test.yml:11:9: elements[1].id: duplicate element id 'a' (already used at line 5)",
      ])
  }

  @Test func didYouMeanForKeyMaterialRoleColourDeviceAndMore() {
    let result = Self.load(
      """
      version: 1
      layout: typos
      titel: Typos
      device: iphone-16-prp
      elements:
        - id: a
          material: glass.regualr
          frame: {x: 0, y: 0, width: 100, height: 100}
          shape: capsul
          modes:
            reduceTransparancy: {fill: white}
            increaseContrast: {bordr: 2}
          content:
            - {id: t, role: headlin, color: secondaryLable, weight: semiBold, frame: {x: 0, y: 0, width: 50, height: 20}}
            - {id: i, kind: icn, color: systemBlu, frame: {x: 0, y: 30, width: 20, height: 20}}
      """)
    #expect(
      Self.printed(result) == [
        "layouts/test.yml:3:1: unknown key 'titel' (did you mean 'title'?)",
        "layouts/test.yml:4:9: device: unknown device 'iphone-16-prp' (did you mean 'iphone-16-pro'?)",
        "layouts/test.yml:7:15: elements[0].material: unknown material 'glass.regualr' (did you mean 'glass.regular'?)",
        "layouts/test.yml:9:12: elements[0].shape: unknown shape 'capsul' (did you mean 'capsule'?)",
        "layouts/test.yml:11:7: elements[0].modes: unknown mode 'reduceTransparancy' (did you mean 'reduceTransparency'?)",
        "layouts/test.yml:12:26: elements[0].modes.increaseContrast: unknown key 'bordr' (did you mean 'border'?)",
        "layouts/test.yml:14:23: elements[0].content[0].role: unknown text role 'headlin' (did you mean 'headline'?)",
        "layouts/test.yml:14:39: elements[0].content[0].color: unknown colour 'secondaryLable' (did you mean 'secondaryLabel'?)",
        "layouts/test.yml:14:63: elements[0].content[0].weight: unknown weight 'semiBold' (did you mean 'semibold'?)",
        "layouts/test.yml:15:23: elements[0].content[1].kind: unknown kind 'icn' (did you mean 'icon'?)",
        "layouts/test.yml:15:35: elements[0].content[1].color: unknown colour 'systemBlu' (did you mean 'systemBlue'?)",
      ])
  }
}
