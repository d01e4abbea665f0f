/// How calibration writes strings that come from its inputs (file names,
/// element ids): escaped for a terminal, quoted for YAML.
public enum CalibrationText {
  /// `s` safe to print on a terminal: control characters (C0, DEL, C1),
  /// line and paragraph separators, bidirectional controls and the byte
  /// order mark become `\u{..}`, and a backslash `\\`, so a name cannot
  /// move the cursor, recolour the terminal or reorder what follows.
  public static func escaped(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      if u == "\\" {
        out += "\\\\"
      } else if needsEscape(u) {
        out += "\\u{" + String(u.value, radix: 16) + "}"
      } else {
        out.unicodeScalars.append(u)
      }
    }
    return out
  }

  static func needsEscape(_ u: Unicode.Scalar) -> Bool {
    switch u.value {
    case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E,
      0x2066...0x2069, 0xFEFF, 0xFFFE, 0xFFFF:
      true
    default: false
    }
  }

  /// `s` as a YAML double-quoted scalar: `"` and `\` escaped, every
  /// character YAML does not print (and every character ``escaped(_:)``
  /// escapes) as `\uXXXX` or `\UXXXXXXXX`.
  static func yamlQuoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if needsEscape(u) {
          let hex = String(u.value, radix: 16, uppercase: true)
          out +=
            u.value > 0xFFFF
            ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
            : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}
