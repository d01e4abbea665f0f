/// The files `glass-audit init` writes: a commented `glass-audit.yml` and an
/// example layout for one device preset, both valid as written (the layout
/// loads without an error or a finding on every preset of the shipped
/// profiles; a test holds it).
public enum StarterFiles {
  /// Where `init` writes the settings file.
  public static let configurationPath = "glass-audit.yml"
  /// Where `init` writes the example layout.
  public static let layoutPath = "layouts/example.yml"

  /// A commented `glass-audit.yml`: the folders, and every other setting
  /// commented out at its default (`Layout/Starter/glass-audit.yml`, a
  /// package resource).
  public static let configuration = String(
    decoding: PackageResources.glass_audit_yml, as: UTF8.self)

  /// An example screen for the device preset `device` of size `canvas`: a
  /// glass navigation bar with a large title, a card on the `thin` material,
  /// and a round glass button with an icon, none overlapping another.
  public static func layout(device: String, canvas: Canvas) -> String {
    let w = canvas.widthInPoints
    let h = canvas.heightInPoints
    func n(_ d: Double) -> String { LayoutReader.number(d) }
    let cardWidth = w - 32
    let buttonY = h - 118
    return """
      # An example screen, written by `glass-audit init` for \(device)
      # (\(n(w)) x \(n(h)) pt). Coordinates are points, origin top-left, y down;
      # an item's frame is relative to its element. Replace it with your screens:
      # one file per screen in layouts/, then run `glass-audit validate` and
      # `glass-audit run`.
      version: 1
      layout: example                 # unique id, kebab-case
      title: "Example screen"
      device: \(device)               # a preset, or canvas: {width, height, scale}

      elements:
        # A navigation bar of regular Liquid Glass across the top.
        - id: nav-bar
          material: glass.regular     # glass.regular | glass.clear | ultraThin | thin | regular | thick | chrome | none
          frame: {x: 0, y: 0, width: \(n(w)), height: 108}
          shape: rect                 # rect | roundedRect | capsule | circle
          content:
            - id: title
              kind: text              # text | icon | decorative
              role: largeTitle        # a Dynamic Type style: gives size and weight
              weight: bold
              color: label            # a semantic colour, "#RRGGBB[AA]" or {light: ..., dark: ...}
              text: "Today"
              frame: {x: 16, y: 56, width: \(n(min(240, w - 32))), height: 41}

        # A card on the standard thin material; with Reduce Transparency the
        # app draws it solid instead.
        - id: card
          material: thin
          frame: {x: 16, y: 124, width: \(n(cardWidth)), height: 96}
          shape: roundedRect
          cornerRadius: 20
          modes:
            reduceTransparency: {fill: {light: "#FFFFFF", dark: "#1C1C1E"}}
          content:
            - id: heading
              role: headline
              color: label
              text: "Next up"
              frame: {x: 20, y: 20, width: \(n(cardWidth - 40)), height: 22}
            - id: detail
              role: subheadline
              color: label            # secondaryLabel can never reach 4.5:1 on light thin material
              text: "Team meeting at 10:00"
              frame: {x: 20, y: 52, width: \(n(cardWidth - 40)), height: 20}

        # A round glass button, checked for the 44 x 44 pt touch target.
        - id: add-button
          material: glass.regular
          frame: {x: \(n(w - 72)), y: \(n(buttonY)), width: 56, height: 56}
          shape: circle
          tint: systemBlue            # glass .tint(); without alpha the profile's default
          interactive: true
          content:
            - id: plus
              kind: icon
              color: white
              text: "plus"
              frame: {x: 16, y: 16, width: 24, height: 24}

      """
  }
}
