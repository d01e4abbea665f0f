/// The scenes of one appearance, mode and profile: every Liquid Glass
/// setting and text setting of the mode with them, so that a remedy group
/// (item, appearance, mode, profile) is in one column or none.
public struct SceneColumn: Sendable, Hashable {
  public var appearance: Appearance
  public var mode: AccessibilityMode
  public var profile: String

  public init(appearance: Appearance, mode: AccessibilityMode, profile: String) {
    self.appearance = appearance
    self.mode = mode
    self.profile = profile
  }

  /// The column of `r`'s scene.
  init(of r: CheckResult) {
    self.init(appearance: r.appearance, mode: r.mode, profile: r.profile)
  }
}
