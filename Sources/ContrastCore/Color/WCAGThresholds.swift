/// WCAG 2.2 conformance level of the audit.
public enum ConformanceLevel: String, Sendable, CaseIterable, Codable {
  case aa = "AA"
  case aaa = "AAA"
}

/// What kind of content a threshold is for (WCAG 2.2 SC 1.4.3, 1.4.6, 1.4.11).
public enum ContentClass: String, Sendable, CaseIterable {
  /// Text below the large-text size.
  case normalText
  /// Large text: 18 pt (24 px) or 14 pt (18.67 px) bold.
  case largeText
  /// User-interface components and graphical objects (SC 1.4.11).
  case nonText
}

extension ConformanceLevel {
  /// The minimum contrast ratio WCAG 2.2 asks for `content` at this level.
  ///
  /// SC 1.4.3 (AA): 4.5 text, 3 large text. SC 1.4.6 (AAA): 7 text, 4.5 large
  /// text. SC 1.4.11 (AA, no AAA counterpart): 3 for non-text at either level.
  public func minimumRatio(for content: ContentClass) -> Double {
    switch (self, content) {
    case (.aa, .normalText): 4.5
    case (.aa, .largeText): 3
    case (.aaa, .normalText): 7
    case (.aaa, .largeText): 4.5
    case (_, .nonText): 3
    }
  }
}
