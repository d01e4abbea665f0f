extension SARIFReport {
  /// FNV-1a, 64-bit (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325,
  /// prime 0x100000001b3) of `text`'s UTF-8 bytes, as 16 lowercase hex digits.
  ///
  /// Deterministic across processes and platforms, unlike `Hasher`, which is
  /// seeded per process. Not cryptographic: it identifies, it does not protect.
  public static func fnv1a64(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The `glassAudit/v1` partial fingerprint of a check: FNV-1a 64 of its
  /// layout, element, item, wallpaper, appearance and mode joined by U+001F
  /// (a separator no id contains, so `a/b` + `c` and `a` + `b/c` differ).
  /// Independent of the verdict, ratio and line, so an alert keeps its
  /// identity while a layout file is edited above it.
  public static func fingerprint(_ r: CheckResult) -> String {
    fnv1a64(
      [r.layout, r.element, r.item, r.wallpaper, r.appearance.rawValue, r.mode.rawValue]
        .joined(separator: "\u{1F}"))
  }

  /// The `glassAudit/v1` partial fingerprint of a finding: FNV-1a 64 of its
  /// rule, layout, element, item, wallpaper and message joined by U+001F.
  public static func fingerprint(_ f: Finding) -> String {
    fnv1a64(
      [f.rule, f.layout ?? "", f.element ?? "", f.item ?? "", f.wallpaper ?? "", f.message]
        .joined(separator: "\u{1F}"))
  }
}
