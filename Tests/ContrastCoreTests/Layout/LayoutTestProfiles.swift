@testable import ContrastCore

/// Small profiles built in code for the layout tests, independent of the
/// profile loader. Material and colour values are placeholders: the layout
/// reader only looks at names, devices, roles and the target size.
enum LayoutTestProfiles {
  /// A few materials, colours, devices and roles.
  static let small = make(
    materials: ["glass.regular", "glass.clear", "thin", "regular"],
    colors: ["label", "secondaryLabel", "placeholderText", "systemBlue", "white", "black"],
    devices: [
      "iphone-16-pro": Canvas(widthInPoints: 402, heightInPoints: 874, scale: 3),
      "iphone-se-3": Canvas(widthInPoints: 375, heightInPoints: 667, scale: 2),
    ],
    roles: [
      TextRole(name: "largeTitle", sizeInPoints: 34, weight: .regular),
      TextRole(name: "headline", sizeInPoints: 17, weight: .semibold),
      TextRole(name: "body", sizeInPoints: 17, weight: .regular),
      TextRole(name: "caption", sizeInPoints: 12, weight: .regular),
    ])

  /// Every name SPEC §2.2 and §2.3 give: the shipped layouts must load against it.
  static let full = make(
    materials: ["glass.regular", "glass.clear", "ultraThin", "thin", "regular", "thick", "chrome"],
    colors: [
      "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "link",
      "systemBlue", "systemRed", "systemGreen", "systemOrange", "systemPurple", "systemYellow",
      "systemPink", "white", "black",
    ],
    devices: [
      "iphone-se-3": Canvas(widthInPoints: 375, heightInPoints: 667, scale: 2),
      "iphone-16": Canvas(widthInPoints: 393, heightInPoints: 852, scale: 3),
      "iphone-16-pro": Canvas(widthInPoints: 402, heightInPoints: 874, scale: 3),
      "iphone-16-pro-max": Canvas(widthInPoints: 440, heightInPoints: 956, scale: 3),
      "ipad-air-11": Canvas(widthInPoints: 820, heightInPoints: 1180, scale: 2),
    ],
    roles: [
      TextRole(name: "largeTitle", sizeInPoints: 34, weight: .regular),
      TextRole(name: "title", sizeInPoints: 28, weight: .regular),
      TextRole(name: "title2", sizeInPoints: 22, weight: .regular),
      TextRole(name: "title3", sizeInPoints: 20, weight: .regular),
      TextRole(name: "headline", sizeInPoints: 17, weight: .semibold),
      TextRole(name: "body", sizeInPoints: 17, weight: .regular),
      TextRole(name: "callout", sizeInPoints: 16, weight: .regular),
      TextRole(name: "subheadline", sizeInPoints: 15, weight: .regular),
      TextRole(name: "footnote", sizeInPoints: 13, weight: .regular),
      TextRole(name: "caption", sizeInPoints: 12, weight: .regular),
      TextRole(name: "caption2", sizeInPoints: 11, weight: .regular),
    ])

  private static func make(
    materials: [String], colors: [String], devices: [String: Canvas], roles: [TextRole]
  ) -> Profile {
    // Glass for `glass.*`, standard materials for the rest (a fallback must
    // be one of those).
    func params(_ name: String) -> MaterialParameters {
      MaterialParameters(kind: name.hasPrefix("glass.") ? .glass : .standard, blurRadiusInPoints: 8)
    }
    let black = RGBA(RGB.black)
    let pair = AppearancePair(light: black, dark: RGBA(RGB.white))
    return Profile(
      name: "layout-test",
      materials: Dictionary(
        uniqueKeysWithValues: materials.map {
          ($0, MaterialDefinition(name: $0, light: params($0), dark: params($0)))
        }),
      colors: Dictionary(
        uniqueKeysWithValues: colors.map {
          ($0, SemanticColor(name: $0, normal: pair, increaseContrast: pair))
        }),
      increaseContrast: IncreaseContrastRules(
        glassFill: AppearancePair(light: RGB.white, dark: RGB.black), minimumFillAlpha: 0.5,
        minimumPlateShare: 0.9, borderInPoints: 2),
      borderColor: pair, defaultTintAlpha: 0.6, devices: devices,
      textRoles: Dictionary(uniqueKeysWithValues: roles.map { ($0.name, $0) }),
      defaultTextRole: "body",
      largeText: [
        .wcag: LargeTextLimits(minimumSize: 24, minimumBoldSize: 56.0 / 3),
        .hig: LargeTextLimits(minimumSize: 18, minimumBoldSize: 0),
      ],
      minimumTargetInPoints: 44, provenance: [:])
  }
}
