/// One rule of the audit, as data (the way axe-core keeps its rules): every
/// contrast rule, every lint and every class of input error is one value of
/// the table in `Rule+Table.swift`, and every report reads its id, name and
/// texts from there.
///
/// Two rules are the same rule when their ids are equal; a rule is written
/// (as JSON, in reports, in `"\(rule)"`) as its id.
public struct Rule: Sendable, Hashable, CustomStringConvertible {
  /// What a rule judges.
  public enum Category: String, Sendable, CaseIterable {
    /// A contrast check of an item (a result row of its own).
    case contrast
    /// A finding about a layout, profile or wallpaper (`Finding`).
    case lint
    /// An input that could not be audited (`InputError`).
    case input
  }

  /// The level a rule reports at unless a result says otherwise (SARIF's
  /// `defaultConfiguration.level`).
  public enum Severity: String, Sendable, CaseIterable {
    case error
    case warning
    case note
  }

  /// A WCAG 2.2 success criterion.
  public struct Criterion: Sendable, Hashable {
    /// The criterion's number, such as `1.4.3`.
    public var number: String
    /// Its title, such as `Contrast (Minimum)`.
    public var title: String
    public var level: ConformanceLevel

    /// How the reports cite it: `SC 1.4.3 Contrast (Minimum)`.
    public var citation: String { "SC \(number) \(title)" }
  }

  /// The stable id every report prints (`contrast-text`, `glass-on-glass`, ...).
  public let id: String
  /// The PascalCase name (SARIF `name`).
  public let name: String
  public let category: Category
  /// One sentence: what was found (SARIF `shortDescription`).
  public let summary: String
  /// Why it matters and what to do (SARIF `fullDescription` and `help`).
  public let help: String
  /// The WCAG success criteria the rule checks, at each level; empty when
  /// none applies.
  public let criteria: [Criterion]
  /// The W3C "Understanding" page the help points to, when there is one.
  public let helpURI: String?
  public let severity: Severity
  /// SARIF `properties.tags`.
  public let tags: [String]

  init(
    id: String, name: String, category: Category, summary: String, help: String,
    criteria: [Criterion] = [], helpURI: String? = nil, severity: Severity, tags: [String]
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.summary = summary
    self.help = help
    self.criteria = criteria
    self.helpURI = helpURI
    self.severity = severity
    self.tags = tags
  }

  public var description: String { id }

  public static func == (a: Rule, b: Rule) -> Bool { a.id == b.id }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// The rule of the table with this id, or nil.
  public init?(id: String) {
    guard let rule = Self.byID[id] else { return nil }
    self = rule
  }

  private static let byID: [String: Rule] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id, $0) })

  /// The contrast rule a check of an item of `kind` reports under.
  public static func contrast(for kind: ContentKind) -> Rule {
    switch kind {
    case .text: .contrastText
    case .icon: .contrastNonText
    case .decorative: .contrastDecorative
    }
  }

  /// The criterion the rule checks at `level`: the one of that level, or
  /// the one of the level below when the level has none of its own
  /// (SC 1.4.11 has no AAA counterpart).
  public func criterion(at level: ConformanceLevel) -> Criterion? {
    criteria.first { $0.level == level } ?? criteria.first
  }
}

extension Rule: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let id = try container.decode(String.self)
    guard let rule = Rule(id: id) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "unknown rule '\(id)'")
    }
    self = rule
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}
