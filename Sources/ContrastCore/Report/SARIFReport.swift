/// `report.sarif` (SPEC §4): SARIF 2.1.0 (OASIS, errata 01) for code-scanning
/// views such as GitHub's.
///
/// One run. `tool.driver.rules` holds the contrast rules and the lints of
/// `Rule.all`, each with help naming its WCAG success criterion. Results:
/// one per item (layout › element › item) and contrast rule that does not
/// pass somewhere (`error` when a scene fails, `warning` for a decorative
/// item that only warns), whatever the number of its scenes, so the count
/// grows with the items, not the matrix; and one per finding (the rule's
/// level). An item's result speaks for its worst scene (message, ratio) and
/// lists every scene that does not pass in `properties.scenes`, worst first,
/// with their count. Its location is its layout file (`uriBaseId`
/// `%SRCROOT%`, the path as in `CheckResult.file`) and its line; its
/// `partialFingerprints["glassAudit/v1"]` is `fingerprint(item:)`, stable
/// across runs, line moves and the scenes that fail. An item whose every
/// failing scene a baseline accepts carries an external, accepted
/// suppression. Inputs that could not be audited become error notifications
/// of the invocation, which is then not successful. Same report, same bytes.
public enum SARIFReport {
  public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
  public static let sarifVersion = "2.1.0"
  /// The key of this tool's entry in `partialFingerprints`.
  public static let fingerprintKey = "glassAudit/v1"

  /// The rules `tool.driver.rules` declares: the contrast rules, then the
  /// lints (`Rule.all` less the input errors, which are notifications).
  public static let rules: [Rule] = Rule.all.filter { $0.category != .input }

  /// The report as SARIF 2.1.0 JSON text.
  public static func render(_ report: AuditReport) -> String {
    var index: [Rule: Int] = [:]
    for (i, r) in rules.enumerated() { index[r] = i }

    var results: [JSONValue] = []
    for group in itemGroups(report) {
      let rule = Rule.contrast(for: group[0].kind)
      results.append(result(group, rule: rule, ruleIndex: index[rule]!, report: report))
    }
    for f in report.outcome.findings {
      results.append(result(f, ruleIndex: index[f.rule]!))
    }

    let driver: JSONValue = .object([
      ("name", .string(toolName)),
      ("version", .string(toolVersion)),
      ("semanticVersion", .string(toolVersion)),
      ("rules", .array(rules.map(descriptor))),
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
    // The run's values of the dimension every report names (its profiles).
    let headline = SceneDimension.headline.sweep!
    let run: JSONValue = .object([
      ("tool", .object([("driver", driver)])),
      ("invocations", .array([.object(invocation)])),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(results)),
      (
        "properties",
        .object(
          [
            ("level", .string(report.settings.level.rawValue)),
            ("statistic", .string(report.settings.statistic.rawValue)),
            ("largeText", .string(report.settings.largeText.rawValue)),
          ]
            + [(headline.jsonKey, .array(headline.values(report).map(JSONReport.value)))]
            + SceneDimension.all.compactMap { d in
              d.runValues.map {
                (d.key, JSONValue.array($0(report.settings).map(JSONReport.value)))
              }
            })
      ),
    ])
    return JSONValue.object([
      ("$schema", .string(schemaURI)),
      ("version", .string(sarifVersion)),
      ("runs", .array([run])),
    ]).rendered()
  }

  /// The one-line message of a failing, warning or review check: what, how
  /// far below which threshold (a review: the interval that holds it), on
  /// which statistic, where, and the fix when known.
  public static func message(_ r: CheckResult, report: AuditReport) -> String {
    let stat = report.settings.statistic.rawValue
    let what =
      "\(r.item) (\(r.kind.rawValue)\(r.role.map { ", \($0)" } ?? "")) in \(r.element) of "
      + "\(r.section)"
    let interval = r.interval
    let numbers =
      r.verdict == .review
      ? "contrast \(WCAG.displayRatio(r.judgedRatio)):1 (\(stat)) may be "
        + "\(WCAG.displayRatio(interval.min)) to \(WCAG.displayRatio(interval.max)), which holds "
        + "\(JSONValue.format(r.threshold)):1: review it"
      : "contrast \(WCAG.displayRatio(r.judgedRatio)):1 (\(stat)) is below "
        + "\(JSONValue.format(r.threshold)):1"
    let scene = "on \(r.scenePhrase)"
    var text = "\(what): \(numbers) \(scene)"
    if let sc = Rule.contrast(for: r.kind).criterion(at: report.settings.level) {
      let large = r.kind == .text && r.largeText ? ", large text" : ""
      text += " (WCAG 2.2 \(sc.citation)\(large))."
    } else {
      text += " (decorative: warning only)."
    }
    let fix = report.fixText(for: r)
    if !fix.isEmpty { text += " Fix: \(fix)." }
    return text
  }

  static func descriptor(_ rule: Rule) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("id", .string(rule.id)),
      ("name", .string(rule.name)),
      ("shortDescription", .object([("text", .string(rule.summary))])),
      ("fullDescription", .object([("text", .string(rule.help))])),
      ("help", .object([("text", .string(rule.help))])),
    ]
    if let uri = rule.helpURI { pairs.append(("helpUri", .string(uri))) }
    pairs += [
      ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
      ("properties", .object([("tags", .array(rule.tags.map(JSONValue.string)))])),
    ]
    return .object(pairs)
  }

  /// The checks that do not pass, one group per item and contrast rule
  /// (its checks to review a group of their own, after), each worst first
  /// (judged ratio over threshold, then report order); the groups in the
  /// report order of their items.
  static func itemGroups(_ report: AuditReport) -> [[CheckResult]] {
    struct Key: Hashable {
      var rule: String
      var item: Int
      var review: Bool
    }
    let results = report.outcome.results
    let index = ItemIndex(results)
    var order: [Key: Int] = [:]
    var groups: [[CheckResult]] = []
    for i in results.indices where results.verdicts[i] != .pass {
      let key = Key(
        rule: Rule.contrast(for: results[i].kind).id, item: index.of[i],
        review: results.verdicts[i] == .review)
      if let g = order[key] {
        groups[g].append(results[i])
      } else {
        order[key] = groups.count
        groups.append([results[i]])
      }
    }
    return groups.map { group in
      group.sorted {
        let a = $0.judgedRatio / $0.threshold
        let b = $1.judgedRatio / $1.threshold
        return a != b ? a < b : CheckResult.reportOrder($0, $1)
      }
    }
  }

  /// At most this many scenes are listed in a result's properties (the
  /// worst; `sceneCount` counts them all), so that the file stays within
  /// code scanning's limits at 100 screens x 100 wallpapers, whatever the
  /// number of scenes an item fails in.
  public static let maximumListedScenes = 25

  /// The result of one item and rule: `scenes`, worst first, are its
  /// checks that do not pass.
  static func result(_ scenes: [CheckResult], rule: Rule, ruleIndex: Int, report: AuditReport)
    -> JSONValue
  {
    let r = scenes[0]
    let failing = scenes.filter { $0.verdict == .fail }
    // A group of checks to review is SARIF's `kind: "review"`, whose level
    // is `none` (SARIF 2.1.0 §3.27.9, §3.27.10).
    let review = r.verdict == .review
    var text = message(r, report: report)
    let these = review ? "scenes to review" : "scenes that do not pass"
    if scenes.count > maximumListedScenes {
      text +=
        " Worst of \(scenes.count) \(these) (the \(maximumListedScenes) worst are "
        + "listed in the result's properties; report.json has every one)."
    } else if scenes.count > 1 {
      text += " Worst of \(scenes.count) \(these) (listed in the result's properties)."
    }
    var pairs: [(String, JSONValue)] = [
      ("ruleId", .string(rule.id)),
      ("ruleIndex", .int(ruleIndex)),
    ]
    if review { pairs.append(("kind", .string("review"))) }
    pairs += [
      ("level", .string(review ? "none" : failing.isEmpty ? "warning" : "error")),
      ("message", .object([("text", .string(text))])),
      ("locations", .array([location(file: r.file, line: r.line, logical: r)])),
      (
        "partialFingerprints",
        .object([(fingerprintKey, .string(fingerprint(item: r, rule: rule, review: review)))])
      ),
    ]
    // The item's verified fix (`run --verify-fixes`) as a SARIF fix
    // (§3.55): its change to the layout file as one replacement.
    if !review, let entry = report.fixes?.entry(for: r), let edit = entry.replacement {
      pairs.append(("fixes", .array([fix(entry, edit)])))
    }
    let gated = review ? scenes : failing
    let accepted = !gated.isEmpty && gated.allSatisfy(report.isAcceptedByBaseline)
    if accepted {
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
    let coordinate = JSONReport.coordinate(r)
    // A vibrant item says so (issue 30); others carry no such key.
    let vibrant: [(String, JSONValue)] = r.vibrant ? [("vibrant", .bool(true))] : []
    // The layout, then the item in it, then the rest of the scene. (Typed
    // part by part: as one expression it took the type checker 0.75 s.)
    let place: [(String, JSONValue)] =
      Array(coordinate.prefix(1)) + [("element", .string(r.element)), ("item", .string(r.item))]
      + Array(coordinate.dropFirst())
    let listed: [JSONValue] = scenes.prefix(maximumListedScenes).map { scene($0, report: report) }
    let rest: [(String, JSONValue)] = [
      ("trust", .string(r.trust.rawValue)),
      ("ratio", .number(r.judgedRatio)), ("threshold", .number(r.threshold)),
      ("statistic", .string(report.settings.statistic.rawValue)),
      ("baseline", .string(accepted ? "known" : "new")),
      ("failingScenes", .int(failing.count)),
      ("sceneCount", .int(scenes.count)),
      ("scenes", .array(listed)),
    ]
    pairs.append(("properties", .object(place + rest + vibrant)))
    return .object(pairs)
  }

  /// One scene of an item's result: where, the judged ratio and threshold,
  /// the verdict and the baseline's mark.
  static func scene(_ r: CheckResult, report: AuditReport) -> JSONValue {
    .object(
      // The scene: its coordinate after the layout, which the result names.
      JSONReport.coordinate(r).dropFirst() + [
        ("ratio", .number(r.judgedRatio)),
        ("threshold", .number(r.threshold)), ("verdict", .string(r.verdict.rawValue)),
        ("baseline", .string(report.baselineState(of: r).rawValue)),
      ] + interval(r))
  }

  /// A check to review's interval (none for other checks, whose scenes are
  /// written as before).
  static func interval(_ r: CheckResult) -> [(String, JSONValue)] {
    guard r.verdict == .review else { return [] }
    let i = r.interval
    return [("interval", .object([("min", .number(i.min)), ("max", .number(i.max))]))]
  }

  static func result(_ f: Finding, ruleIndex: Int) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("ruleId", .string(f.rule.id)),
      ("ruleIndex", .int(ruleIndex)),
      ("level", .string(f.rule.severity.rawValue)),
      ("message", .object([("text", .string(f.message))])),
    ]
    if let file = f.file {
      pairs.append(("locations", .array([location(file: file, line: f.line)])))
    }
    pairs.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint(f)))])))
    return .object(pairs)
  }

  /// A verified fix as SARIF's `fix` object (§3.55): its words, and the
  /// lines it replaces in the layout file (§3.57: a region from column 1
  /// of `startLine` to `endLine`/`endColumn`, and the text put there).
  static func fix(_ entry: VerifiedFixes.Entry, _ edit: LineReplacement) -> JSONValue {
    .object([
      ("description", .object([("text", .string(entry.text))])),
      (
        "artifactChanges",
        .array([
          .object([
            ("artifactLocation", artifactLocation(entry.file)),
            (
              "replacements",
              .array([
                .object([
                  (
                    "deletedRegion",
                    .object([
                      ("startLine", .int(edit.startLine)), ("startColumn", .int(1)),
                      ("endLine", .int(edit.endLine)), ("endColumn", .int(edit.endColumn)),
                    ])
                  ),
                  ("insertedContent", .object([("text", .string(edit.inserted))])),
                ])
              ])
            ),
          ])
        ])
      ),
    ])
  }

  /// `file` as SARIF's artifact location: relative to `%SRCROOT%`, or a
  /// `file://` URI when absolute.
  static func artifactLocation(_ file: String) -> JSONValue {
    if file.hasPrefix("/") {
      return .object([("uri", .string("file://" + uriPath(file)))])
    }
    return .object([("uri", .string(uriPath(file))), ("uriBaseId", .string("%SRCROOT%"))])
  }

  /// A location in `file` (``artifactLocation(_:)``) at `line` when known
  /// and positive.
  static func location(file: String, line: Int?, logical: CheckResult? = nil) -> JSONValue {
    var physical: [(String, JSONValue)] = [("artifactLocation", artifactLocation(file))]
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
              ("fullyQualifiedName", .string("\(r.section)/\(r.element)/\(r.item)")),
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
