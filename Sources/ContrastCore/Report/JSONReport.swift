/// `report.json` (SPEC §4.1): every field consumers may rely on, in a fixed
/// order with fixed number formatting, so the same inputs give the same bytes.
public enum JSONReport {
  public static let schemaVersion = 1

  public static func render(_ report: AuditReport) -> String {
    value(report).rendered()
  }

  /// The text of ``render(_:)`` from its `JSONValue` tree (the reference of
  /// ``write(_:chunkSize:bytes:)``), handed to `chunk` a piece at a time:
  /// the results are made and written one by one.
  public static func stream(_ report: AuditReport, chunk: (String) -> Void) {
    value(report).stream(chunk)
  }

  /// The key of the results in ``members(_:)``, which
  /// ``write(_:chunkSize:bytes:)`` writes by its fast path.
  static let resultsKey = "results"

  static func value(_ report: AuditReport) -> JSONValue {
    .object(members(report))
  }

  /// The members of report.json's object, in order; the results a lazy array.
  static func members(_ report: AuditReport) -> [(String, JSONValue)] {
    let s = report.summary
    var top: [(String, JSONValue)] = [
      ("schemaVersion", .int(schemaVersion)),
      ("tool", .object([("name", .string(toolName)), ("version", .string(toolVersion))])),
    ]
    if let t = report.timestamp { top.append(("timestamp", .string(t))) }
    top.append(("inputs", .object([("digest", .string(report.inputsDigest))])))
    if let shard = report.shard {
      top.append(("shard", .object([("index", .int(shard.index)), ("count", .int(shard.count))])))
    }
    top += [
      (
        "settings", settings(report)
      ),
      (
        "summary",
        .object([
          ("scenes", .int(s.scenes)), ("checks", .int(s.checks)), ("passed", .int(s.passed)),
          ("failed", .int(s.failed)), ("warnings", .int(s.warnings)), ("errors", .int(s.errors)),
        ])
      ),
      (
        resultsKey,
        .lazyArray(count: report.outcome.results.count) { result(report.outcome.results[$0]) }
      ),
      ("findings", .array(report.outcome.findings.map(finding))),
      (
        "errors",
        .array(
          report.outcome.errors.map {
            .object([("input", .string($0.input)), ("message", .string($0.message))])
          })
      ),
      ("remedySearch", remedySearch(report.outcome.remedySearch)),
    ]
    return top
  }

  /// The run's settings. The text sizes and Bold Text settings (SPEC §3.8)
  /// appear only when they are not the defaults (`large`, off), and
  /// `withoutLiquidGlass` only when a profile of the run has none, so a
  /// default run's report keeps its bytes.
  static func settings(_ report: AuditReport) -> JSONValue {
    let st = report.settings
    var pairs: [(String, JSONValue)] = [
      ("level", .string(st.level.rawValue)),
      ("statistic", .string(st.statistic.rawValue)),
      ("largeText", .string(st.largeText.rawValue)),
      ("profiles", .array(report.profileNames.map(JSONValue.string))),
      ("modes", .array(st.modes.map { .string($0.rawValue) })),
      ("appearances", .array(st.appearances.map { .string($0.rawValue) })),
      ("liquidGlass", .array(st.liquidGlass.map(liquidGlass))),
    ]
    if st.textSizes != [.default] {
      pairs.append(("textSizes", .array(st.textSizes.map { .string($0.rawValue) })))
    }
    if st.boldText != [false] {
      pairs.append(("boldText", .array(st.boldText.map(JSONValue.bool))))
    }
    if st.hasProfileWithoutLiquidGlass { pairs.append(("withoutLiquidGlass", .bool(true))) }
    return .object(pairs)
  }

  /// A setting as report.json writes it: its name (`clear`, `default`,
  /// `tinted`) or its number.
  static func liquidGlass(_ g: LiquidGlassSetting) -> JSONValue {
    g.isNamed ? .string(g.label) : .number(g.value)
  }

  /// A check's coordinate: each dimension of the matrix by its key, in the
  /// order of ``SceneDimension/all``.
  static func coordinate(_ r: CheckResult) -> [(String, JSONValue)] {
    SceneDimension.all.map { ($0.key, value($0.value(of: r))) }
  }

  /// A dimension's value as JSON.
  static func value(_ v: CoordinateValue) -> JSONValue {
    switch v {
    case .text(let t): .string(t)
    case .number(let n): .number(n)
    case .flag(let b): .bool(b)
    case .none: .null
    }
  }

  static func result(_ r: CheckResult) -> JSONValue {
    var pairs: [(String, JSONValue)] = coordinate(r)
    pairs += [
      ("element", .string(r.element)), ("item", .string(r.item)),
      ("kind", .string(r.kind.rawValue)), ("role", .optional(r.role)),
      ("largeText", .bool(r.largeText)), ("threshold", .number(r.threshold)),
      ("thresholdSource", .string(r.thresholdSource.rawValue)),
      (
        "contrast",
        .object([
          ("min", .number(r.contrast.min)), ("p05", .number(r.contrast.p05)),
          ("p10", .number(r.contrast.p10)), ("median", .number(r.contrast.median)),
          ("mean", .number(r.contrast.mean)), ("max", .number(r.contrast.max)),
          ("failingFraction", .number(r.contrast.failingFraction)),
        ])
      ),
      ("bounds", .object([("min", .number(r.bounds.min)), ("max", .number(r.bounds.max))])),
      ("verdict", .string(r.verdict.rawValue)), ("baseline", .string(r.baseline)),
      ("trust", .string(r.trust.rawValue)), ("trustBasis", .string(r.trustBasis)),
      ("pixels", .int(r.pixelCount)), ("color", .string(r.color)),
      ("material", .string(r.material)), ("file", .string(r.file)), ("line", .int(r.line)),
    ]
    if let m = r.remedy {
      pairs.append(
        (
          "remedy",
          .object([
            ("alphaProperty", .optional(m.alphaProperty)),
            ("alphaColor", .optional(m.alphaColor)),
            ("currentAlpha", .optional(m.currentAlpha)),
            ("alpha", .optional(m.alpha)), ("alphaRatio", .optional(m.alphaRatio)),
            ("color", .optional(m.color)), ("colorRatio", .optional(m.colorRatio)),
            ("colorName", .optional(m.colorName)), ("material", .optional(m.material)),
            ("currentMaterial", .optional(m.currentMaterial)),
            ("materialRatio", .optional(m.materialRatio)),
            ("largeTextSize", .optional(m.largeTextSize)),
            ("largeTextWeight", .optional(m.largeTextWeight)),
            ("largeTextThreshold", .optional(m.largeTextThreshold)),
            ("largeTextRatio", .optional(m.largeTextRatio)),
            ("combinedMaterial", .optional(m.combinedMaterial)),
            ("combinedColorName", .optional(m.combinedColorName)),
            ("combinedColor", .optional(m.combinedColor)),
            ("combinedRatio", .optional(m.combinedRatio)),
            ("tried", .array((m.tried ?? []).map(JSONValue.string))),
          ])
        ))
    }
    return .object(pairs)
  }

  /// The remedy searches per (layout/element/item/appearance/mode) group:
  /// what a merge of shard reports needs to combine remedies exactly.
  static func remedySearch(_ acc: RemedyAccumulator) -> JSONValue {
    .object(
      acc.groups.keys.sorted().map { key in
        let g = acc.groups[key]!
        return (
          key,
          .object([
            ("property", .optional(g.property)), ("alphaColor", .optional(g.colorHex)),
            ("currentAlpha", .optional(g.currentAlpha.map(quantize))),
            ("alphaHundredths", g.alpha.map(JSONValue.int) ?? .null),
            ("alphaFeasible", .bool(g.alphaFeasible)),
            ("darkenSteps", g.steps[0].map(JSONValue.int) ?? .null),
            ("lightenSteps", g.steps[1].map(JSONValue.int) ?? .null),
            ("color", .string(g.baseColor.rgb.hex)),
            ("colorAlpha", .number(g.baseColor.alpha)),
            ("alphaRatio", .optional(g.alphaRatio.isFinite ? quantize(g.alphaRatio) : nil)),
            (
              "colorRatios",
              .array(g.colorRatios.map { $0.isFinite ? .number(quantize($0)) : .null })
            ),
            ("currentMaterial", .optional(g.currentMaterial)), ("candidates", g.candidatesJSON),
            ("failedCandidates", g.failedCandidatesJSON),
          ])
        )
      })
  }

  static func finding(_ f: Finding) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("rule", .string(f.rule.id))]
    if let v = f.layout { pairs.append(("layout", .string(v))) }
    if let v = f.wallpaper { pairs.append(("wallpaper", .string(v))) }
    if let v = f.element { pairs.append(("element", .string(v))) }
    if let v = f.item { pairs.append(("item", .string(v))) }
    pairs.append(("message", .string(f.message)))
    if let v = f.file { pairs.append(("file", .string(v))) }
    if let v = f.line { pairs.append(("line", .int(v))) }
    return .object(pairs)
  }
}
