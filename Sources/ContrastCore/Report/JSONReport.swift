/// Which checks report.json lists: the failing ones and those to review
/// (the default: what a script acts on, a few percent of a sweep) or every
/// one (`--json-checks all`). report.sqlite always holds every check.
public enum JSONChecks: String, Sendable, CaseIterable {
  case failing
  case all

  /// Whether a check of `verdict` is listed.
  func lists(_ verdict: Verdict) -> Bool {
    self == .all || verdict == .fail || verdict == .review
  }
}

/// `report.json` (SPEC §4.1, docs/reports.md, the JSON Schema
/// `docs/report.schema.json`): for scripts, not for every check. The run's
/// settings, summary, findings and errors; every item once, with its counts,
/// worst scene and fix (`items`); and the failing checks (every check with
/// `--json-checks all`), each on one compact line: its item (an index into
/// `items`), its scene's coordinate, its statistics and verdict, and its
/// look (colour, material, threshold, bounds and trust, an index into
/// `looks`: what many checks share is written once). Fixed order, fixed
/// number formatting: the same inputs give the same bytes.
public enum JSONReport {
  public static let schemaVersion = 3

  public static func render(_ report: AuditReport, checks: JSONChecks = .failing) -> String {
    value(report, checks: checks).rendered()
  }

  /// The text of ``render(_:checks:)`` from its `JSONValue` tree (the
  /// reference of ``write(_:checks:chunkSize:bytes:)``), handed to `chunk`
  /// a piece at a time: the checks are made and written one by one.
  public static func stream(
    _ report: AuditReport, checks: JSONChecks = .failing, chunk: (String) -> Void
  ) {
    value(report, checks: checks).stream(chunk)
  }

  /// The key of the checks in ``members(_:tables:)``, which
  /// ``write(_:checks:chunkSize:bytes:)`` writes by its fast path.
  static let checksKey = "checks"

  static func value(_ report: AuditReport, checks: JSONChecks) -> JSONValue {
    .object(members(report, tables: Tables(report, checks: checks)))
  }

  /// The members of report.json's object, in order; the looks and checks
  /// lazy arrays.
  static func members(_ report: AuditReport, tables t: Tables) -> [(String, JSONValue)] {
    let s = report.summary
    var top: [(String, JSONValue)] = [
      ("schemaVersion", .int(schemaVersion)),
      ("tool", .object([("name", .string(toolName)), ("version", .string(toolVersion))])),
    ]
    if let ts = report.timestamp { top.append(("timestamp", .string(ts))) }
    top.append(("inputs", .object([("digest", .string(report.inputsDigest))])))
    if let shard = report.shard {
      top.append(("shard", .object([("index", .int(shard.index)), ("count", .int(shard.count))])))
    }
    let results = report.outcome.results
    top += [
      ("settings", settings(report, checks: t.checks)),
      (
        "summary",
        .object([
          ("scenes", .int(s.scenes)), ("checks", .int(s.checks)), ("passed", .int(s.passed)),
          ("failed", .int(s.failed)), ("reviews", .int(s.reviews)),
          ("warnings", .int(s.warnings)), ("errors", .int(s.errors)),
          ("\(SceneDimension.image.key)s", .int(Set(results.map(\.sceneImage)).count)),
          ("items", .int(t.aggregates.items.count)),
          ("failingItems", .int(t.aggregates.items.count { $0.verdict == .fail })),
          ("reviewItems", .int(t.aggregates.items.count { $0.verdict == .review })),
          ("listedChecks", .int(t.listed.count)),
        ])
      ),
      ("findings", .array(report.outcome.findings.map(finding))),
      (
        "errors",
        .array(
          report.outcome.errors.map {
            .object([("input", .string($0.input)), ("message", .string($0.message))])
          })
      ),
      (
        "items",
        .array(t.aggregates.items.indices.map { item(at: $0, results: results, tables: t) })
      ),
      ("remedies", .array(t.remedies.map { .inline(remedy($0)) })),
      ("looks", .lazyArray(count: t.looks.count) { .inline(look(t.looks[$0])) }),
      (
        checksKey,
        .lazyArray(count: t.listed.count) {
          .compact(check(results[t.listed[$0]], tables: t, n: $0))
        }
      ),
    ]
    return top
  }

  /// What report.json writes once and the checks point into: the items,
  /// the distinct looks and remedies of the listed checks, in the order of
  /// their first use (items' fixes first), so the same checks give the
  /// same tables whatever objects hold them (a merge of shards, a run).
  struct Tables {
    let checks: JSONChecks
    let aggregates: ItemAggregates
    /// The indices of the listed checks, in report order.
    let listed: [Int]
    private(set) var looks: [CheckResult.LookFields] = []
    private(set) var lookOf: [Int] = []
    private(set) var remedies: [Remedy] = []
    /// Each item's worst check's remedy, an index into ``remedies``.
    private(set) var itemRemedy: [Int?] = []
    /// Each listed check's remedy, by its place in ``listed``.
    private(set) var checkRemedy: [Int?] = []
    /// The run's verified fixes (`run` by default, not a shard or a merge), if any.
    let fixes: VerifiedFixes?
    /// Each check's baseline state.
    let baseline: BaselineColumn

    init(_ report: AuditReport, checks: JSONChecks) {
      self.checks = checks
      fixes = report.fixes
      baseline = report.baselineColumn
      let results = report.outcome.results
      aggregates = ItemAggregates(report)
      listed = results.indices.filter { checks.lists(results.verdicts[$0]) }
      var remedyAt: [Remedy: Int] = [:]
      var remedies: [Remedy] = []
      func index(_ m: Remedy?) -> Int? {
        guard let m else { return nil }
        if let k = remedyAt[m] { return k }
        remedyAt[m] = remedies.count
        remedies.append(m)
        return remedies.count - 1
      }
      itemRemedy = aggregates.items.map { index(results[$0.worst].remedy) }
      var lookAt: [CheckResult.LookFields: Int] = [:]
      lookOf.reserveCapacity(listed.count)
      checkRemedy.reserveCapacity(listed.count)
      for k in listed {
        let r = results[k]
        let l = r.look.fields
        if let at = lookAt[l] {
          lookOf.append(at)
        } else {
          lookAt[l] = looks.count
          lookOf.append(looks.count)
          looks.append(l)
        }
        checkRemedy.append(index(r.remedy))
      }
      self.remedies = remedies
    }
  }

  /// A look: what checks of one item judged alike share (colour, material,
  /// large text, threshold and its source, bounds, trust), as the checks
  /// hold it (``CheckResult/LookFields``).
  static func look(_ l: CheckResult.LookFields) -> JSONValue {
    .object([
      ("color", .string(l.color)), ("material", .string(l.material)),
      ("largeText", .bool(l.largeText)), ("threshold", .number(l.threshold)),
      ("thresholdSource", .string(l.thresholdSource.rawValue)),
      ("bounds", .object([("min", .number(l.bounds.min)), ("max", .number(l.bounds.max))])),
      ("trust", .string(l.trust.rawValue)), ("trustBasis", .string(l.trustBasis)),
      ("uncertainty", .number(l.uncertainty)),
    ])
  }

  /// An item: where it is, its counts, its worst check (its scene, ratio and
  /// threshold) and that check's fix, as every report states it.
  static func item(at k: Int, results: CheckColumns, tables t: Tables) -> JSONValue {
    let a = t.aggregates.items[k]
    let head = results[a.first]
    let w = results[a.worst]
    var worst: [(String, JSONValue)] = coordinate(w, SceneDimension.afterItem)
    worst += [
      ("scene", .string(w.sceneDescription)), ("ratio", .number(w.judgedRatio)),
      ("threshold", .number(w.threshold)),
    ]
    var pairs: [(String, JSONValue)] = [
      (SceneDimension.section.key, .string(head.section)), ("element", .string(head.element)),
      ("item", .string(head.item)), ("kind", .string(head.kind.rawValue)),
      ("role", .optional(head.role)), ("vibrant", .bool(head.vibrant)),
      ("file", .string(head.file)), ("line", .int(head.line)),
      ("verdict", .string(a.verdict.rawValue)), ("scenes", .int(a.scenes)),
      ("failingScenes", .int(a.failing)), ("warningScenes", .int(a.warnings)),
      ("reviewScenes", .int(a.reviews)),
      ("gatingScenes", .int(a.gating)), ("rank", a.rank.map(JSONValue.int) ?? .null),
      ("neverPasses", .bool(a.neverPasses)), ("worst", .object(worst)),
      ("fix", .optional(VerifiedFixes.textIfAny(for: w, in: t.fixes))),
      ("remedyIndex", t.itemRemedy[k].map(JSONValue.int) ?? .null),
    ]
    // With `run --verify-fixes`: whether the fix is the one `glass-audit
    // fix` verified (a failing item's), and the line replacement it makes.
    if let fixes = t.fixes {
      let entry = fixes.entry(for: w)
      pairs.append(("fixVerified", .bool(entry != nil)))
      pairs.append(("fixEdit", entry?.replacement.map { edit(file: entry!.file, $0) } ?? .null))
    }
    return .object(pairs)
  }

  /// A verified fix's change to its layout file: the lines from
  /// `startLine` to `endLine`/`endColumn` replaced by `inserted`
  /// (``LineReplacement``).
  static func edit(file: String, _ r: LineReplacement) -> JSONValue {
    .object([
      ("file", .string(file)), ("startLine", .int(r.startLine)), ("endLine", .int(r.endLine)),
      ("endColumn", .int(r.endColumn)), ("inserted", .string(r.inserted)),
    ])
  }

  /// The `n`-th listed check: its item, its scene, its look, statistics,
  /// verdict, baseline state and remedy.
  static func check(_ r: CheckResult, tables t: Tables, n: Int) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("itemIndex", .int(t.aggregates.itemOf[t.listed[n]]))]
    pairs += coordinate(r, SceneDimension.afterItem)
    let c = r.contrast
    let interval = r.interval
    pairs += [
      ("lookIndex", .int(t.lookOf[n])),
      (
        "contrast",
        .object([
          ("min", .number(c.min)), ("p05", .number(c.p05)), ("p10", .number(c.p10)),
          ("median", .number(c.median)), ("mean", .number(c.mean)), ("max", .number(c.max)),
          ("failingFraction", .number(c.failingFraction)),
        ])
      ),
      ("interval", .object([("min", .number(interval.min)), ("max", .number(interval.max))])),
      ("verdict", .string(r.verdict.rawValue)),
      ("baseline", .string(t.baseline.state(of: r).rawValue)),
      ("pixels", .int(r.pixelCount)),
      ("remedyIndex", t.checkRemedy[n].map(JSONValue.int) ?? .null),
    ]
    return .object(pairs)
  }

  /// The run's settings: its level, statistic and large-text rule, then
  /// each swept dimension's list (``SceneDimension/swept``; one that came
  /// later, such as the text sizes, only when it is not at its default),
  /// `withoutLiquidGlass` only when a profile of the run has none, and which
  /// checks the report lists.
  static func settings(_ report: AuditReport, checks: JSONChecks) -> JSONValue {
    let st = report.settings
    var pairs: [(String, JSONValue)] = [
      ("level", .string(st.level.rawValue)),
      ("statistic", .string(st.statistic.rawValue)),
      ("largeText", .string(st.largeText.rawValue)),
    ]
    for d in SceneDimension.swept {
      let sweep = d.sweep!
      guard sweep.alwaysWritten || !sweep.isDefault(report) else { continue }
      pairs.append((sweep.jsonKey, .array(sweep.values(report).map(value))))
    }
    for flag in SceneDimension.sweepFlags where flag.get(st) {
      pairs.append((flag.jsonKey, .bool(true)))
    }
    pairs.append(("jsonChecks", .string(checks.rawValue)))
    return .object(pairs)
  }

  /// A check's coordinate: each dimension of the matrix by its key, in the
  /// order of ``SceneDimension/all``.
  static func coordinate(_ r: CheckResult) -> [(String, JSONValue)] {
    coordinate(r, SceneDimension.all)
  }

  /// A check's coordinate in `dimensions` (of ``SceneDimension/all``, in
  /// its order), each by its key.
  static func coordinate(_ r: CheckResult, _ dimensions: [SceneDimension]) -> [(String, JSONValue)]
  {
    dimensions.map { ($0.key, value($0.value(of: r))) }
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

  /// A remedy: every kind of fix found, with the contrast each reaches.
  static func remedy(_ m: Remedy) -> JSONValue {
    // (`materialKey` only where it is not `material`: a fallback's fix.)
    let key: [(String, JSONValue)] = m.materialKey.map { [("materialKey", .string($0))] } ?? []
    return .object(
      [
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
      ] + key)
  }

  /// The remedy searches per group (`RemedyAccumulator.key`):
  /// what a merge of shard reports needs to combine remedies exactly
  /// (report.sqlite's `remedy_search`).
  static func remedySearch(_ acc: RemedyAccumulator) -> JSONValue {
    .object(acc.groups.keys.sorted().map { ($0, remedyGroup(acc.groups[$0]!)) })
  }

  /// One group's search state (report.sqlite's `remedy_search` holds it as
  /// this text).
  static func remedyGroup(_ g: RemedyAccumulator.Group) -> JSONValue {
    .object(
      [
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
      ] + (g.materialKey.map { [("materialKey", .string($0))] } ?? []))
  }

  static func finding(_ f: Finding) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("rule", .string(f.rule.id))]
    for (key, value) in f.coordinate {
      if let v = value { pairs.append((key, .string(v))) }
    }
    if let v = f.element { pairs.append(("element", .string(v))) }
    if let v = f.item { pairs.append(("item", .string(v))) }
    pairs.append(("message", .string(f.message)))
    if let v = f.file { pairs.append(("file", .string(v))) }
    if let v = f.line { pairs.append(("line", .int(v))) }
    return .object(pairs)
  }
}
