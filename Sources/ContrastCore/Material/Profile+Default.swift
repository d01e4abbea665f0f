extension Profile {
  /// The name of the default profile (`ios27`): the first shipped one. A
  /// check's identity leaves it out (``CheckResult/variantParts(liquidGlass:profile:)``).
  public static var defaultName: String { embeddedProfiles[0].name }
}
