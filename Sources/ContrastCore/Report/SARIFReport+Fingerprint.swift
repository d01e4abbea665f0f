extension SARIFReport {
  /// The `glassAudit/v1` partial fingerprint of a check: FNV-1a 64 of its
  /// identity (``CheckResult/identityParts``: its layout, element and
  /// item, then each dimension of ``SceneDimension/all``, those whose
  /// absence means their default only where they are not it), joined by
  /// U+001F (a separator no id
  /// contains, so `a/b` + `c` and `a` + `b/c` differ).
  /// Independent of the verdict, ratio and line, so an alert keeps its
  /// identity while a layout file is edited above it.
  public static func fingerprint(_ r: CheckResult) -> String {
    StableDigest.fnv1a64(
      r.identityParts.joined(separator: "\u{1F}"))
  }

  /// The `glassAudit/v1` partial fingerprint of a finding: FNV-1a 64 of its
  /// rule, layout, element, item, wallpaper and message joined by U+001F.
  public static func fingerprint(_ f: Finding) -> String {
    StableDigest.fnv1a64(
      ([f.rule.id] + f.place.map { $0 ?? "" } + [f.message])
        .joined(separator: "\u{1F}"))
  }

  /// The `glassAudit/v1` partial fingerprint of an item's result (one per
  /// item and rule): FNV-1a 64 of the rule, layout, element and item joined
  /// by U+001F. The same whatever scenes fail, the ratio or the line, so an
  /// alert keeps its identity while the matrix or the layout file changes.
  /// An item's result of checks to review (`kind: "review"`) adds
  /// `review`, so it is an alert of its own beside the item's failures.
  public static func fingerprint(item r: CheckResult, rule: Rule, review: Bool = false) -> String {
    StableDigest.fnv1a64(
      ([rule.id, r.section, r.element, r.item] + (review ? ["review"] : []))
        .joined(separator: "\u{1F}"))
  }
}
