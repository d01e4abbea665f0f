/// FNV-1a, 64-bit (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3), written as 16 lowercase hex digits.
///
/// Deterministic across processes and platforms, unlike `Hasher`, which is
/// seeded per process. Not cryptographic: it identifies, it does not protect.
public enum StableDigest {
  /// The digest of `text`'s UTF-8 bytes.
  public static func fnv1a64(_ text: String) -> String {
    var hash = offsetBasis
    mix(text, into: &hash)
    return hex(hash)
  }

  /// The digest of several strings, each followed by a 0xFF byte (which UTF-8
  /// never contains), so `["ab", "c"]` and `["a", "bc"]` differ.
  public static func fnv1a64(parts: [String]) -> String {
    var hash = offsetBasis
    for part in parts {
      mix(part, into: &hash)
      hash ^= 0xff
      hash = hash &* prime
    }
    return hex(hash)
  }

  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01b3

  private static func mix(_ text: String, into hash: inout UInt64) {
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* prime
    }
  }

  private static func hex(_ hash: UInt64) -> String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
