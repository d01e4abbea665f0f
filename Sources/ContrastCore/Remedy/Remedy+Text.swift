extension Remedy {
  /// A designer's one-line fix for a failing result, plain text (each report
  /// escapes it for its own sink). Every report that prints a fix prints
  /// this, so the words of a fix are decided here, beside the search that
  /// found it.
  public static func text(for r: CheckResult) -> String {
    guard let m = r.remedy else { return "" }
    var parts: [String] = []
    if let a = m.alpha, let p = m.alphaProperty, let c = m.alphaColor {
      let from = m.currentAlpha.map { " (now \(JSONValue.format($0)))" } ?? ""
      parts.append("\(p) \(c) at alpha ≥ \(JSONValue.format(a))\(from)")
    }
    if let c = m.color { parts.append("text colour \(c)") }
    if parts.isEmpty {
      return m.alphaProperty == nil
        ? "no lightness of this hue passes in every scene where it fails (and no material to make more opaque)"
        : "neither a fill alpha nor a lightness of this hue passes in every scene where it fails"
    }
    return parts.joined(separator: "; or ")
  }
}
