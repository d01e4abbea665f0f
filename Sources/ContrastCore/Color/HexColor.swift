/// Why a colour string could not be read.
public struct ColorParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text as given.
  public var text: String
  /// What is wrong with it.
  public var reason: String

  public init(text: String, reason: String) {
    self.text = text
    self.reason = reason
  }

  public var description: String { "invalid colour '\(text)': \(reason)" }
}

extension RGBA {
  /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either
  /// case; the leading `#` is required). 8-bit values are divided by 255;
  /// a short form repeats each digit (`#F80` is `#FF8800`).
  ///
  /// - Throws: `ColorParseError` naming the text and what is wrong with it.
  public init(hex text: String) throws(ColorParseError) {
    let trimmed = text.trimmingWhitespace()
    guard trimmed.hasPrefix("#") else {
      throw ColorParseError(
        text: text, reason: "expected '#' followed by 3, 4, 6 or 8 hex digits")
    }
    let digits = Array(trimmed.dropFirst())
    var values: [Int] = []
    for (offset, ch) in digits.enumerated() {
      guard let v = ch.hexDigitValue else {
        throw ColorParseError(
          text: text, reason: "'\(ch)' at position \(offset + 2) is not a hex digit")
      }
      values.append(v)
    }
    let bytes: [Int]
    switch values.count {
    case 3, 4: bytes = values.map { $0 * 17 }
    case 6, 8:
      bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
    default:
      throw ColorParseError(
        text: text, reason: "has \(values.count) hex digits; expected 3, 4, 6 or 8")
    }
    self.init(
      r: Double(bytes[0]) / 255, g: Double(bytes[1]) / 255, b: Double(bytes[2]) / 255,
      alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s.removeFirst() }
    while let l = s.last, l.isWhitespace { s.removeLast() }
    return String(s)
  }
}
