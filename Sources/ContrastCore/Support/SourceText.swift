/// The text of an input file (a layout, a profile, `matrix.yml`,
/// `glass-audit.yml`) and the places its diagnostics point at: every
/// problem of an input file has a line and a column, line 1, column 1 when
/// the file cannot be read as text at all.
public enum SourceText {
  /// The bytes as UTF-8 text.
  ///
  /// - Throws: a diagnostic at the first byte that is not UTF-8: its line
  ///   (1 + the line feeds before it), its column (1 + the characters
  ///   before it on its line) and its byte offset from the start of the
  ///   file.
  public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
    var i = 0
    var line = 1
    var lineStart = 0
    while i < bytes.count {
      let length = Escaping.utf8SequenceLength(bytes, at: i)
      guard length > 0 else {
        let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).count + 1
        let hex = String(bytes[i], radix: 16, uppercase: true)
        throw Diagnostic(
          file: file, line: line, column: column,
          message: "the file is not UTF-8 text: byte 0x\(hex.count < 2 ? "0" : "")\(hex) at byte "
            + "offset \(i) is not UTF-8")
      }
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += length
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A file that could not be read, at line 1, column 1: `cannot read the
  /// file: <reason>`.
  public static func unreadable(_ file: String, reason: String) -> Diagnostic {
    Diagnostic(file: file, line: 1, column: 1, message: "cannot read the file: \(reason)")
  }

  /// The 1-based line and column of the character `offset` characters
  /// from the start of `text` (the end of the text when beyond it): lines
  /// end at each line feed (a CR LF pair being one character).
  public static func place(ofCharacterOffset offset: Int, in text: String) -> (
    line: Int, column: Int
  ) {
    var line = 1
    var column = 1
    for (i, c) in text.enumerated() {
      if i >= offset { break }
      if c == "\n" || c == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column)
  }
}
