extension Profile {
  /// Resolves a colour text (a semantic name or `#hex`, or either with an
  /// alpha of its own: ``ColorText``) for one appearance.
  ///
  /// Semantic names take their Increase Contrast variant when
  /// `increaseContrast` is on; hex values are used as written. A tint written
  /// without alpha (3 or 6 hex digits, or an opaque semantic colour) takes
  /// `defaultTintAlpha` when `isTint` is set (SPEC §3.2).
  ///
  /// - Returns: nil when the text is neither a known name nor valid hex (the
  ///   layout validator reports such names before any audit).
  public func resolveColor(
    _ text: String, appearance: Appearance, increaseContrast: Bool, isTint: Bool = false
  ) -> RGBA? {
    // `{color, alpha}`: the colour at exactly that alpha.
    if case (let base, let alpha?) = ColorText.split(text) {
      guard var c = resolveColor(base, appearance: appearance, increaseContrast: increaseContrast)
      else { return nil }
      c.alpha = alpha
      return c
    }
    if text.hasPrefix("#") {
      guard var c = try? RGBA(hex: text) else { return nil }
      let digits = text.count - 1
      if isTint && (digits == 3 || digits == 6) { c.alpha = defaultTintAlpha }
      return c
    }
    guard let named = colors[text] else { return nil }
    var c = increaseContrast ? named.increaseContrast[appearance] : named.normal[appearance]
    if isTint && c.isOpaque { c.alpha = defaultTintAlpha }
    return c
  }

  /// Resolves a layout colour for one appearance and mode; nil when the
  /// layout gives none for that appearance.
  public func resolveColor(
    _ spec: ColorSpec?, appearance: Appearance, increaseContrast: Bool, isTint: Bool = false
  ) -> RGBA? {
    guard let text = spec?.text(for: appearance, increaseContrast: increaseContrast) else {
      return nil
    }
    return resolveColor(
      text, appearance: appearance, increaseContrast: increaseContrast, isTint: isTint)
  }
}
