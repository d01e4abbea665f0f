/// `report.sarif` (SPEC §4): SARIF 2.1.0 (OASIS, errata 01) for code-scanning
/// views such as GitHub's.
///
/// One run. `tool.driver.rules` holds the contrast rules and every lint rule
/// of `Finding`, each with help naming its WCAG success criterion. Results:
/// one per failing check (`error`), one per decorative warning (`warning`),
/// one per finding (the rule's level). A check's location is its layout file
/// (`uriBaseId` `%SRCROOT%`, the path as in `CheckResult.file`) and its line;
/// its `partialFingerprints["glassAudit/v1"]` is `fingerprint(_:)`, stable
/// across runs and line moves. A failure a baseline accepts (`baseline ==
/// "known"`) carries an external, accepted suppression. Inputs that could not
/// be audited become error notifications of the invocation, which is then not
/// successful. Same report, same bytes.
public enum SARIFReport {
  public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
  public static let sarifVersion = "2.1.0"
  /// The key of this tool's entry in `partialFingerprints`.
  public static let fingerprintKey = "glassAudit/v1"

  /// A reporting rule: its id, names, help and default level (SARIF §3.49).
  public struct Rule: Sendable, Hashable {
    public var id: String
    /// PascalCase name (SARIF `name`).
    public var name: String
    public var shortDescription: String
    public var help: String
    /// W3C "Understanding" page of the success criterion, when there is one.
    public var helpURI: String?
    /// `error`, `warning`, `note` or `none`.
    public var level: String
    public var tags: [String]
  }

  /// Every rule, contrast rules first, then the lint rules of `Finding`.
  public static let rules: [Rule] = [
    Rule(
      id: "contrast-text", name: "TextContrast",
      shortDescription: "Text over glass has too little contrast with what shows through.",
      help:
        "WCAG 2.2 SC 1.4.3 Contrast (Minimum), level AA: text needs a contrast ratio of at "
        + "least 4.5:1, large text (18 pt, or 14 pt bold) 3:1. SC 1.4.6 Contrast (Enhanced), "
        + "level AAA: 7:1, large text 4.5:1. The ratio is measured per pixel of the text's box "
        + "over the blurred, tinted wallpaper and judged on the chosen statistic; ratios are "
        + "floored to two decimals, so 4.499 shows as 4.49 and fails.",
      helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html",
      level: "error", tags: ["accessibility", "wcag2aa", "wcag143", "wcag146"]),
    Rule(
      id: "contrast-non-text", name: "NonTextContrast",
      shortDescription: "An icon over glass has too little contrast with what shows through.",
      help:
        "WCAG 2.2 SC 1.4.11 Non-text Contrast, level AA: graphical objects and the parts of "
        + "user-interface components needed to understand them need a contrast ratio of at "
        + "least 3:1 against adjacent colours (no AAA counterpart).",
      helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html",
      level: "error", tags: ["accessibility", "wcag2aa", "wcag1411"]),
    Rule(
      id: "contrast-decorative", name: "DecorativeContrast",
      shortDescription: "A decorative item over glass is below 3:1.",
      help:
        "Pure decoration is exempt from WCAG 2.2 SC 1.4.11 Non-text Contrast, so this only "
        + "warns: check that the item really carries no information; if it does, mark it as "
        + "an icon and give it 3:1.",
      helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html",
      level: "warning", tags: ["accessibility", "best-practice"]),
    Rule(
      id: "glass-on-glass", name: "GlassOnGlass",
      shortDescription: "Two glass elements overlap.",
      help:
        "Apple's Human Interface Guidelines advise against stacking Liquid Glass on Liquid "
        + "Glass; the audit models each element over the wallpaper only, so the overlap is "
        + "not measured as drawn.",
      helpURI: nil, level: "warning", tags: ["accessibility", "design"]),
    Rule(
      id: "target-size", name: "TargetSize",
      shortDescription: "An interactive element is smaller than 44x44 pt.",
      help:
        "Apple's Human Interface Guidelines ask for hit targets of at least 44x44 pt. WCAG "
        + "2.2 SC 2.5.8 Target Size (Minimum), level AA, asks for at least 24x24 CSS px (or "
        + "enough spacing); SC 2.5.5 Target Size (Enhanced), level AAA, for 44x44 CSS px. "
        + "This rule checks Apple's 44 pt, which is stricter than SC 2.5.8.",
      helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html",
      level: "warning", tags: ["accessibility", "wcag22aa", "wcag258"]),
    Rule(
      id: "content-outside-element", name: "ContentOutsideElement",
      shortDescription: "An item's frame reaches outside its element's shape.",
      help:
        "The part of the item outside the glass is measured against the glass anyway; move "
        + "or shrink the item, or fix the element's frame or corner radius.",
      helpURI: nil, level: "warning", tags: ["layout"]),
    Rule(
      id: "tint-on-none", name: "TintOnNone",
      shortDescription: "A tint on an element with material none is ignored.",
      help: "Material `none` draws no glass, so its tint has no effect; remove one of them.",
      helpURI: nil, level: "note", tags: ["layout"]),
    Rule(
      id: "no-color", name: "NoColor",
      shortDescription: "An item has no colour in an appearance and was not checked there.",
      help: "Give the item a colour for every appearance audited, or a semantic colour.",
      helpURI: nil, level: "warning", tags: ["layout"]),
    Rule(
      id: "no-pixels", name: "NoPixels",
      shortDescription: "An item's frame holds no pixel centre and was not checked.",
      help: "The item is too small or thin at the device scale to measure; check its frame.",
      helpURI: nil, level: "warning", tags: ["layout"]),
    Rule(
      id: "never-passes", name: "NeverPasses",
      shortDescription: "An item cannot pass over any wallpaper.",
      help:
        "Even the best case of the glass (its contrast bounds over any backdrop) stays below "
        + "the threshold: change the item's colour or the element's fill, not the wallpaper.",
      helpURI: nil, level: "warning", tags: ["accessibility"]),
    Rule(
      id: "always-passes", name: "AlwaysPasses",
      shortDescription: "An item passes whatever the wallpaper shows.",
      help: "Information only: the glass alone guarantees the threshold for this item.",
      helpURI: nil, level: "note", tags: ["accessibility"]),
    Rule(
      id: "transparent-wallpaper", name: "TransparentWallpaper",
      shortDescription: "A wallpaper had translucent pixels; they were flattened over black.",
      help: "Wallpapers are shown opaque; export the PNG without an alpha channel.",
      helpURI: nil, level: "warning", tags: ["input"]),
  ]

  /// The report as SARIF 2.1.0 JSON text.
  public static func render(_ report: AuditReport) -> String {
    var allRules = rules
    let known = Set(rules.map(\.id))
    for id in Set(report.outcome.findings.map(\.rule)).subtracting(known).sorted() {
      allRules.append(
        Rule(
          id: id, name: id, shortDescription: "glass-audit finding \(id).",
          help: "A glass-audit lint finding.", helpURI: nil, level: "warning", tags: []))
    }
    var index: [String: Int] = [:]
    for (i, r) in allRules.enumerated() { index[r.id] = i }

    var results: [JSONValue] = []
    for r in report.outcome.results where r.verdict != .pass {
      let ruleID = ruleID(for: r)
      results.append(result(r, ruleID: ruleID, ruleIndex: index[ruleID]!, report: report))
    }
    for f in report.outcome.findings {
      results.append(result(f, rule: allRules[index[f.rule]!], ruleIndex: index[f.rule]!))
    }

    let driver: JSONValue = .object([
      ("name", .string(toolName)),
      ("version", .string(toolVersion)),
      ("semanticVersion", .string(toolVersion)),
      ("rules", .array(allRules.map(descriptor))),
    ])
    let errors = report.outcome.errors
    var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(errors.isEmpty))]
    if !errors.isEmpty {
      invocation.append(
        (
          "toolExecutionNotifications",
          .array(
            errors.map {
              .object([
                ("level", .string("error")),
                ("message", .object([("text", .string($0.message))])),
                ("locations", .array([location(file: $0.input, line: nil)])),
              ])
            })
        ))
    }
    let run: JSONValue = .object([
      ("tool", .object([("driver", driver)])),
      ("invocations", .array([.object(invocation)])),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(results)),
      (
        "properties",
        .object([
          ("level", .string(report.settings.level.rawValue)),
          ("statistic", .string(report.settings.statistic.rawValue)),
          ("largeText", .string(report.settings.largeText.rawValue)),
          ("profile", .string(report.profileName)),
        ])
      ),
    ])
    return JSONValue.object([
      ("$schema", .string(schemaURI)),
      ("version", .string(sarifVersion)),
      ("runs", .array([run])),
    ]).rendered()
  }

  /// The rule a check reports under: by the kind of its item.
  public static func ruleID(for r: CheckResult) -> String {
    switch r.kind {
    case .text: "contrast-text"
    case .icon: "contrast-non-text"
    case .decorative: "contrast-decorative"
    }
  }

  /// The one-line message of a failing or warning check: what, how far below
  /// which threshold, on which statistic, where, and the fix when known.
  public static func message(_ r: CheckResult, report: AuditReport) -> String {
    let stat = report.settings.statistic.rawValue
    let what =
      "\(r.item) (\(r.kind.rawValue)\(r.role.map { ", \($0)" } ?? "")) in \(r.element) of "
      + "\(r.layout)"
    let numbers =
      "contrast \(WCAG.displayRatio(r.judgedRatio)):1 (\(stat)) is below "
      + "\(JSONValue.format(r.threshold)):1"
    let scene = "on wallpaper \(r.wallpaper), \(r.appearance.rawValue), \(r.mode.rawValue)"
    var text = "\(what): \(numbers) \(scene)"
    switch r.kind {
    case .text:
      let sc =
        report.settings.level == .aaa
        ? "SC 1.4.6 Contrast (Enhanced)" : "SC 1.4.3 Contrast (Minimum)"
      text += " (WCAG 2.2 \(sc)\(r.largeText ? ", large text" : ""))."
    case .icon: text += " (WCAG 2.2 SC 1.4.11 Non-text Contrast)."
    case .decorative: text += " (decorative: warning only)."
    }
    let fix = MarkdownReport.remedyText(r)
    if !fix.isEmpty { text += " Fix: \(fix)." }
    return text
  }

  static func descriptor(_ rule: Rule) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("id", .string(rule.id)),
      ("name", .string(rule.name)),
      ("shortDescription", .object([("text", .string(rule.shortDescription))])),
      ("fullDescription", .object([("text", .string(rule.help))])),
      ("help", .object([("text", .string(rule.help))])),
    ]
    if let uri = rule.helpURI { pairs.append(("helpUri", .string(uri))) }
    pairs += [
      ("defaultConfiguration", .object([("level", .string(rule.level))])),
      ("properties", .object([("tags", .array(rule.tags.map(JSONValue.string)))])),
    ]
    return .object(pairs)
  }

  static func result(_ r: CheckResult, ruleID: String, ruleIndex: Int, report: AuditReport)
    -> JSONValue
  {
    var pairs: [(String, JSONValue)] = [
      ("ruleId", .string(ruleID)),
      ("ruleIndex", .int(ruleIndex)),
      ("level", .string(r.verdict == .fail ? "error" : "warning")),
      ("message", .object([("text", .string(message(r, report: report)))])),
      ("locations", .array([location(file: r.file, line: r.line, logical: r)])),
      ("partialFingerprints", .object([(fingerprintKey, .string(fingerprint(r)))])),
    ]
    if r.verdict == .fail && r.baseline == "known" {
      pairs.append(
        (
          "suppressions",
          .array([
            .object([
              ("kind", .string("external")),
              ("status", .string("accepted")),
              ("justification", .string("accepted by the glass-audit baseline")),
            ])
          ])
        ))
    }
    pairs.append(
      (
        "properties",
        .object([
          ("layout", .string(r.layout)), ("element", .string(r.element)),
          ("item", .string(r.item)), ("wallpaper", .string(r.wallpaper)),
          ("appearance", .string(r.appearance.rawValue)), ("mode", .string(r.mode.rawValue)),
          ("ratio", .number(r.judgedRatio)), ("threshold", .number(r.threshold)),
          ("statistic", .string(report.settings.statistic.rawValue)),
          ("baseline", .string(r.baseline)),
        ])
      ))
    return .object(pairs)
  }

  static func result(_ f: Finding, rule: Rule, ruleIndex: Int) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("ruleId", .string(f.rule)),
      ("ruleIndex", .int(ruleIndex)),
      ("level", .string(rule.level)),
      ("message", .object([("text", .string(f.message))])),
    ]
    if let file = f.file {
      pairs.append(("locations", .array([location(file: file, line: f.line)])))
    }
    pairs.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint(f)))])))
    return .object(pairs)
  }

  /// A location in `file` (relative to `%SRCROOT%`, or a `file://` URI when
  /// absolute) at `line` when known and positive.
  static func location(file: String, line: Int?, logical: CheckResult? = nil) -> JSONValue {
    var artifact: [(String, JSONValue)]
    if file.hasPrefix("/") {
      artifact = [("uri", .string("file://" + uriPath(file)))]
    } else {
      artifact = [("uri", .string(uriPath(file))), ("uriBaseId", .string("%SRCROOT%"))]
    }
    var physical: [(String, JSONValue)] = [("artifactLocation", .object(artifact))]
    if let line, line > 0 {
      physical.append(("region", .object([("startLine", .int(line))])))
    }
    var pairs: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
    if let r = logical {
      pairs.append(
        (
          "logicalLocations",
          .array([
            .object([
              ("name", .string(r.item)),
              ("fullyQualifiedName", .string("\(r.layout)/\(r.element)/\(r.item)")),
              ("kind", .string("member")),
            ])
          ])
        ))
    }
    return .object(pairs)
  }

  /// A file path as a URI path (RFC 3986): unreserved characters and `/`
  /// kept, backslashes turned into `/`, every other byte percent-encoded.
  static func uriPath(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "\\"):
        out.append("/")
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count < 2 ? "0" : "") + hex
      }
    }
    return out
  }
}
