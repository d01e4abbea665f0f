/// A layout colour's text with an alpha of its own, as `{color, alpha}`
/// writes it (`tint: {color: "#000000", alpha: 0.42}`): the colour's text,
/// `@`, and the alpha, which replaces the colour's own (a semantic colour's,
/// a hex colour's, or the default tint alpha) exactly, not rounded to 8 bits
/// as `#RRGGBBAA` would be. Only the layout reader makes such a text;
/// ``Profile/resolveColor(_:appearance:increaseContrast:isTint:)`` and the
/// verdict's trust read it.
public enum ColorText {
  /// `text` drawn at `alpha`.
  public static func withAlpha(_ text: String, _ alpha: Double) -> String {
    "\(text)@\(JSONValue.format(alpha))"
  }

  /// The colour's text and its alpha, if it has one of its own.
  public static func split(_ text: String) -> (color: String, alpha: Double?) {
    guard let at = text.lastIndex(of: "@"), let a = Double(text[text.index(after: at)...]) else {
      return (text, nil)
    }
    return (String(text[..<at]), a)
  }
}
