extension Remedy {
  /// A designer's one-line fix for a failing result, plain text (each report
  /// escapes it for its own sink), each change written as the layout holds
  /// it (`material: thin`, `tint: {color: "#000000", alpha: 0.42}`,
  /// `color: secondaryLabel`, `size: 20, weight: semibold`), so it can be
  /// copied into the layout file. Every report that prints a fix prints
  /// this, so the words of a fix are decided here, beside the search that
  /// found it.
  ///
  /// The kinds that pass in every scene where the item fails, least change
  /// to the design first: a thicker material, an alpha the app sets, a text
  /// colour (a semantic colour by name; a raw hex only when none passes),
  /// large text; and when neither a material nor a colour passes alone, the
  /// two together. Each names what it changes and the contrast it reaches
  /// there, floored like every shown ratio ("at least" where the ratio is a
  /// floor: an alpha or a lightness found per scene, see ``Remedy``). When
  /// none passes, the kinds that were tried are named.
  public static func text(for r: CheckResult) -> String {
    guard let m = r.remedy else { return "" }
    func reaches(_ ratio: Double?, atLeast: Bool = false, ownThreshold: Bool = false) -> String {
      guard let ratio else { return "" }
      let shown = "\(atLeast ? "at least " : "")\(WCAG.displayRatio(ratio)):1"
      // A fix spans every text setting where the item fails (SPEC §3.8):
      // where some of them need a lower threshold (large text), the least
      // ratio it reaches can be below this check's, and is said so.
      guard !ownThreshold, ratio < r.threshold else { return " — reaches \(shown)" }
      return " — passes the threshold of every scene where it fails (reaches \(shown) where that "
        + "threshold is lower)"
    }
    var parts: [String] = []
    if let material = m.material {
      let now = m.currentMaterial.map { " (now `\($0)`)" } ?? ""
      parts.append("`\(m.materialKey ?? "material"): \(material)`\(now)\(reaches(m.materialRatio))")
    }
    if let a = m.alpha, let p = m.alphaProperty, let c = m.alphaColor {
      let from =
        m.currentAlpha.map { $0 == 0 ? " (now none)" : " (now \(JSONValue.format($0)))" } ?? ""
      parts.append(
        "`\(p): {color: \"\(c)\", alpha: \(JSONValue.format(a))}`\(from)"
          + reaches(m.alphaRatio, atLeast: true))
    }
    if let c = m.color {
      // A vibrant item's colour is its tint: the matrix follows it.
      let vibrant = r.vibrant ? " (its vibrant tint)" : ""
      parts.append(
        "`color: \(layoutColor(c, name: m.colorName))`\(m.colorName == nil ? "" : " (\(c))")"
          + vibrant + reaches(m.colorRatio, atLeast: m.colorName == nil))
    }
    if let size = m.largeTextSize, let threshold = m.largeTextThreshold {
      let weight = m.largeTextWeight.map { $0 == "regular" ? "" : ", weight: \($0)" } ?? ""
      parts.append(
        "`size: \(JSONValue.format(size))\(weight)` (large text, \(JSONValue.format(threshold)):1)"
          + reaches(m.largeTextRatio, ownThreshold: true))
    }
    if let material = m.combinedMaterial, let c = m.combinedColor {
      let now = m.currentMaterial.map { " (now `\($0)`)" } ?? ""
      let name = m.combinedColorName == nil ? "" : " (\(c))"
      parts.append(
        "`\(m.materialKey ?? "material"): \(material)`\(now) with"
          + " `color: \(layoutColor(c, name: m.combinedColorName))`"
          + name + reaches(m.combinedRatio))
    }
    if parts.isEmpty {
      let kinds = (m.tried ?? []).map { kind -> String in
        switch kind {
        case "material": return "a thicker material"
        case "alpha": return "\(m.alphaProperty ?? "an") alpha"
        case "color" where r.vibrant: return "a system tint or a lightness of this tint"
        case "color": return "a system colour or a lightness of this hue"
        case "largeText": return "large text"
        default: return kind
        }
      }
      let tried = kinds.isEmpty ? "" : "; tried \(kinds.joined(separator: ", "))"
      return "no fix passes in every scene where it fails\(tried)"
    }
    return parts.joined(separator: "; or ")
  }

  /// A colour as a layout writes it: a semantic colour's name, else
  /// `"#RRGGBB"`, or `{color: "#RRGGBB", alpha: A}` for a translucent hex
  /// (`#RRGGBBAA`).
  static func layoutColor(_ hex: String, name: String?) -> String {
    if let name { return name }
    let digits = hex.dropFirst()
    guard hex.hasPrefix("#"), digits.count == 8, let a = UInt8(digits.suffix(2), radix: 16) else {
      return "\"\(hex)\""
    }
    let alpha = (Double(a) / 255 * 100).rounded() / 100
    return "{color: \"#\(digits.prefix(6))\", alpha: \(JSONValue.format(alpha))}"
  }
}
