/// The one place where user-supplied text (ids, titles, texts, file names,
/// and the messages that quote them) is made safe for the place it is
/// written: one function per sink. Every report writer and the CLI route
/// such text through these.
///
/// Hidden characters (``isHidden(_:)``: C0 controls, DEL, C1 controls, the
/// line and paragraph separators, bidirectional formatting) are never
/// written raw where a person or a terminal reads them: they are shown as
/// `\n`, `\r`, `\t` or `\u{1B}` (``visible(_:)``), so an id can neither
/// start a new line, nor send an escape sequence to a terminal, nor reorder
/// what is shown. Ordinary text passes through every function unchanged
/// apart from each sink's own syntax.
public enum Escaping {
  /// Whether `u` is shown escaped rather than written: C0 controls
  /// (U+0000...U+001F), DEL and C1 controls (U+007F...U+009F, NEL and CSI
  /// among them), the line and paragraph separators (U+2028, U+2029), and
  /// bidirectional formatting (U+061C, U+200E, U+200F, U+202A...U+202E,
  /// U+2066...U+2069), which can make a terminal or a browser show text in
  /// another order than it is read.
  public static func isHidden(_ u: Unicode.Scalar) -> Bool {
    switch u.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `s` with every hidden character shown as an escape: `\n`, `\r`, `\t`,
  /// else `\u{1B}` (hexadecimal, as in a Swift string literal). A
  /// backslash itself is left alone, so escaping twice changes nothing.
  public static func visible(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: isHidden) else { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count + 8)
    for u in s.unicodeScalars { appendVisible(u, to: &out) }
    return out
  }

  static func appendVisible(_ u: Unicode.Scalar, to out: inout String) {
    switch u {
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if isHidden(u) {
        out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(u)
      }
    }
  }

  /// The name of a file whose bytes may not be UTF-8: valid UTF-8 as text,
  /// every other byte as `\x{E9}`, then ``visible(_:)``.
  public static func fileName(bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var out = ""
    var i = 0
    while i < bytes.count {
      let length = utf8SequenceLength(bytes, at: i)
      if length > 0 {
        out += String(decoding: bytes[i..<i + length], as: UTF8.self)
        i += length
      } else {
        out += "\\x{" + String(bytes[i], radix: 16, uppercase: true) + "}"
        i += 1
      }
    }
    return visible(out)
  }

  /// The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no
  /// overlong forms, no surrogates, nothing above U+10FFFF), or 0.
  static func utf8SequenceLength(_ b: [UInt8], at i: Int) -> Int {
    let lead = b[i]
    func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      i + k < b.count && range.contains(b[i + k])
    }
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continuation(1) ? 2 : 0
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default: return 0
    }
  }

  // MARK: - Terminal and CI log

  /// One line of stdout or stderr: ``visible(_:)``, and nothing the GitHub
  /// Actions runner reads as a workflow command. The runner reads each
  /// line (split at `\n` and `\r`) as a command when, after leading
  /// whitespace, it starts with `::` (`::add-mask::`, `::stop-commands::`),
  /// or when it contains `##[` anywhere (the older syntax); the first colon
  /// of such a start becomes `\u{3A}` and the bracket of `##[` becomes
  /// `\u{5B}`. The CLI writes every line through this, except the
  /// annotations it means to send (``GitHubAnnotations``).
  public static func terminalLine(_ s: String) -> String {
    var out = visible(s)
    if out.contains("##[") {
      out = out.replacingAll("##[", with: "##\\u{5B}")
    }
    let start = out.unicodeScalars.firstIndex { !$0.properties.isWhitespace }
    if let start, out.unicodeScalars[start...].starts(with: "::".unicodeScalars) {
      var scalars = out.unicodeScalars
      scalars.replaceSubrange(start...start, with: "\\u{3A}".unicodeScalars)
      out = String(scalars)
    }
    return out
  }

  // MARK: - Workflow commands

  /// A workflow command's message: `%`, `\r`, `\n` as `%25`, `%0D`, `%0A`
  /// (the runner's `escapeData`, which it undoes), every other hidden
  /// character as ``visible(_:)`` shows it, and `##[` as `##\u{5B}` (the
  /// runner reads a line that is not a `::` command as an older `##[`
  /// command).
  public static func workflowData(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: appendVisible(u, to: &out)
      }
    }
    return out.contains("##[") ? out.replacingAll("##[", with: "##\\u{5B}") : out
  }

  /// A workflow command's property value: as ``workflowData(_:)``, and
  /// `:` and `,` as `%3A` and `%2C` (the runner's `escapeProperty`).
  public static func workflowProperty(_ s: String) -> String {
    var out = ""
    for u in workflowData(s).unicodeScalars {
      switch u {
      case ":": out += "%3A"
      case ",": out += "%2C"
      default: out.unicodeScalars.append(u)
      }
    }
    return out
  }

  // MARK: - Markdown

  /// Text in a Markdown (GitHub-flavoured) table cell or list item: line
  /// breaks become spaces, other hidden characters are shown escaped, and
  /// the characters Markdown reads as syntax are escaped with a backslash
  /// (`\` `|` `*` `_` `` ` `` `[` `]`), or as entities (`<` `>`), so a row
  /// keeps its cells and no text turns into a link, an image or HTML.
  public static func markdownCell(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "\n", "\r": out += " "
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\\", "|", "*", "_", "`", "[", "]":
        out += "\\"
        out.unicodeScalars.append(u)
      default:
        guard isHidden(u) else {
          out.unicodeScalars.append(u)
          continue
        }
        // The escape's own backslash, escaped: the reader sees `\u{1B}`.
        out += "\\"
        appendVisible(u, to: &out)
      }
    }
    return out
  }

  /// Text inside a Markdown code span (`` `…` ``) outside a table: a
  /// backtick becomes `'` (a code span cannot escape it) and hidden
  /// characters are shown escaped, so the span stays on one line.
  public static func markdownCode(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      if u == "`" {
        out += "'"
      } else {
        appendVisible(u, to: &out)
      }
    }
    return out
  }

  // MARK: - XML, HTML, JSON

  /// Text for XML 1.0 attributes and content (JUnit): `&` `<` `>` `"` `'`
  /// as entities, a line feed as `&#10;` (kept in attributes too), a tab
  /// as it is; other hidden characters and the non-characters U+FFFE and
  /// U+FFFF, which XML 1.0 cannot carry, shown escaped.
  public static func xml(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\t": out += "\t"
      case "\u{FFFE}", "\u{FFFF}": out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
      default: appendVisible(u, to: &out)
      }
    }
    return out
  }

  /// Text for HTML element content and quoted attribute values: `&` `<`
  /// `>` `"` `'` as character references, hidden characters shown escaped.
  public static func html(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
      switch u {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: appendVisible(u, to: &out)
      }
    }
    return out
  }

  /// `s` as a JSON string literal, quotes included (RFC 8259), appended to
  /// `out`: `"` and `\` escaped, `\n` `\r` `\t` by name, and every other
  /// hidden character as `\u00XX` / `\uXXXX`, so that a JSON document
  /// shown in a terminal sends it no control character; a JSON reader gets
  /// the text back unchanged.
  public static func json(_ s: String, into out: inout String) {
    out.append("\"")
    for u in s.unicodeScalars {
      switch u {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      default:
        if isHidden(u) {
          let hex = String(u.value, radix: 16)
          out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    out.append("\"")
  }
}

extension String {
  /// Every occurrence of `target` (not empty) replaced by `replacement`,
  /// left to right, without Foundation.
  func replacingAll(_ target: String, with replacement: String) -> String {
    let t = Array(target.unicodeScalars)
    let scalars = Array(unicodeScalars)
    guard !t.isEmpty, scalars.count >= t.count else { return self }
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      if i + t.count <= scalars.count, scalars[i..<i + t.count].elementsEqual(t) {
        out.append(contentsOf: replacement.unicodeScalars)
        i += t.count
      } else {
        out.append(scalars[i])
        i += 1
      }
    }
    return String(out)
  }
}
