/// Light or dark appearance.
public enum Appearance: String, Sendable, CaseIterable, Codable, Comparable {
  case light
  case dark

  public static func < (a: Appearance, b: Appearance) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// The accessibility mode a scene is evaluated in (SPEC §3.3).
public enum AccessibilityMode: String, Sendable, CaseIterable, Codable, Comparable {
  case normal
  case reduceTransparency
  case increaseContrast
  case reduceTransparencyIncreaseContrast = "reduceTransparency+increaseContrast"

  /// Whether Reduce Transparency is on in this mode.
  public var reducesTransparency: Bool {
    self == .reduceTransparency || self == .reduceTransparencyIncreaseContrast
  }

  /// Whether Increase Contrast is on in this mode.
  public var increasesContrast: Bool {
    self == .increaseContrast || self == .reduceTransparencyIncreaseContrast
  }

  /// The mode for people: `Reduce Transparency + Increase Contrast`.
  public var name: String {
    switch self {
    case .normal: "normal"
    case .reduceTransparency: "Reduce Transparency"
    case .increaseContrast: "Increase Contrast"
    case .reduceTransparencyIncreaseContrast: "Reduce Transparency + Increase Contrast"
    }
  }

  /// The mode in a matrix column's heading: `RT+IC`.
  public var shortName: String {
    switch self {
    case .normal: "normal"
    case .reduceTransparency: "RT"
    case .increaseContrast: "IC"
    case .reduceTransparencyIncreaseContrast: "RT+IC"
    }
  }

  public static func < (a: AccessibilityMode, b: AccessibilityMode) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
