/// The rows of report.sqlite's tables.
extension SQLiteReport {
  /// The run's settings, tool and summary as key/value rows, in a fixed
  /// order; a swept dimension (``SceneDimension/swept``) has a row per
  /// value, in the run's order. Values are text, or integers for counts.
  static func insertRun(_ report: AuditReport, into db: SQLiteDatabase) throws {
    var row = try insert(into: "run", count: 3, db)
    var id = 0
    func add(_ key: String, _ value: String) throws {
      id += 1
      try row.add(id)
      try row.add(key)
      try row.add(value)
      try row.insert()
    }
    func add(_ key: String, _ value: Int) throws {
      id += 1
      try row.add(id)
      try row.add(key)
      try row.add(value)
      try row.insert()
    }
    let st = report.settings
    let s = report.summary
    try add("schema_version", schemaVersion)
    try add("tool_name", toolName)
    try add("tool_version", toolVersion)
    if let t = report.timestamp { try add("timestamp", t) }
    try add("inputs_digest", report.inputsDigest)
    if let shard = report.shard {
      try add("shard_index", shard.index)
      try add("shard_count", shard.count)
    }
    try add("level", st.level.rawValue)
    try add("statistic", st.statistic.rawValue)
    try add("large_text", st.largeText.rawValue)
    for d in SceneDimension.swept {
      let sweep = d.sweep!
      for v in sweep.values(report) {
        switch v {
        case .text(let t): try add(sweep.rowKey, t)
        case .number(let n): try add(sweep.rowKey, JSONValue.format(n))
        case .flag(let b): try add(sweep.rowKey, b ? 1 : 0)
        case .none: continue
        }
      }
    }
    for flag in SceneDimension.sweepFlags { try add(flag.rowKey, flag.get(st) ? 1 : 0) }
    try add("scenes", s.scenes)
    try add("checks", s.checks)
    try add("passed", s.passed)
    try add("failed", s.failed)
    try add("warnings", s.warnings)
    try add("reviews", s.reviews)
    try add("errors", s.errors)
  }

  /// One row per check, in report order (`id` 1 first); every member
  /// report.json writes for a result, and the scene's words, the judged
  /// ratio and the fix.
  static func insertChecks(
    _ results: CheckColumns, fixes verified: VerifiedFixes? = nil,
    baseline: BaselineColumn = BaselineColumn(), into db: SQLiteDatabase
  ) throws {
    var row = try insert(into: "checks", count: 61, db)
    // What many checks share, made once per shared object.
    struct SceneWordsKey: Hashable {
      var scene: ObjectIdentifier
      var onGlass: Bool
    }
    var scenes: [SceneWordsKey: String] = [:]
    var fixes: [FixKey: String] = [:]
    for (i, r) in results.enumerated() {
      try row.add(i + 1)
      for d in SceneDimension.all {
        if d.wordIsFlag {
          try row.add(d.word(of: r) == "on")
        } else {
          try row.add(d.word(of: r))
        }
      }
      // (Per scene, and whether the check is drawn on glass: its words
      // name the Liquid Glass setting only then.)
      let sceneID = SceneWordsKey(
        scene: ObjectIdentifier(r.scene), onGlass: r.drawnOnGlass)
      if let words = scenes[sceneID] {
        try row.add(words)
      } else {
        let words = r.sceneDescription
        scenes[sceneID] = words
        try row.add(words)
      }
      try row.add(r.element)
      try row.add(r.item)
      try row.add(r.kind.rawValue)
      try row.add(r.role)
      try row.add(r.vibrant)
      try row.add(r.largeText)
      try row.add(r.threshold)
      try row.add(r.thresholdSource.rawValue)
      let c = r.contrast
      try row.add(c.min)
      try row.add(c.p05)
      try row.add(c.p10)
      try row.add(c.median)
      try row.add(c.mean)
      try row.add(c.max)
      try row.add(c.failingFraction)
      try row.add(r.judgedRatio)
      try row.add(r.bounds.min)
      try row.add(r.bounds.max)
      let interval = r.interval
      try row.add(interval.min)
      try row.add(interval.max)
      try row.add(r.uncertainty)
      try row.add(r.verdict.rawValue)
      try row.add(baseline.state(of: r).rawValue)
      try row.add(r.trust.rawValue)
      try row.add(r.trustBasis)
      try row.add(r.pixelCount)
      try row.add(r.color)
      try row.add(r.material)
      try row.add(r.file)
      try row.add(r.line)
      if let box = r.remedyBox {
        let key = FixKey(box: ObjectIdentifier(box), threshold: r.threshold)
        if let v = verified?.entry(for: r) {
          try row.add(v.text)
        } else {
          let fix = fixes[key] ?? Remedy.text(for: r)
          fixes[key] = fix
          try row.add(fix)
        }
        try add(box.value, to: &row)
      } else {
        try row.add(nil as String?)
        row.index += 20
      }
      try row.insert()
    }
  }

  /// A fix's words depend on the remedy and the check's threshold.
  struct FixKey: Hashable {
    var box: ObjectIdentifier
    var threshold: Double
  }

  /// A remedy's members, as report.json's `remedy` object orders them;
  /// `tried` as its words joined by commas (empty when none was tried).
  static func add(_ m: Remedy, to row: inout Row) throws {
    try row.add(m.alphaProperty)
    try row.add(m.alphaColor)
    try row.add(m.currentAlpha)
    try row.add(m.alpha)
    try row.add(m.alphaRatio)
    try row.add(m.color)
    try row.add(m.colorRatio)
    try row.add(m.colorName)
    try row.add(m.material)
    try row.add(m.currentMaterial)
    try row.add(m.materialRatio)
    try row.add(m.largeTextSize)
    try row.add(m.largeTextWeight)
    try row.add(m.largeTextThreshold)
    try row.add(m.largeTextRatio)
    try row.add(m.combinedMaterial)
    try row.add(m.combinedColorName)
    try row.add(m.combinedColor)
    try row.add(m.combinedRatio)
    try row.add((m.tried ?? []).joined(separator: ","))
  }

  /// One row per item (layout › element › item), in the order of its
  /// first check: its counts, and its worst check as the reports by item
  /// choose it (``ItemFailures``: the lowest judged ratio over threshold
  /// among the checks of its worst verdict, then report order), with that
  /// check's fix. `rank` is the item's place among the failing items,
  /// worst first, as the reports list them.
  static func insertItems(_ report: AuditReport, into db: SQLiteDatabase) throws {
    let results = report.outcome.results
    let aggregates = ItemAggregates(report)
    var row = try insert(into: "items", count: 24, db)
    for (k, item) in aggregates.items.enumerated() {
      let w = item.worst
      let r = results[w]
      let head = results[item.first]
      try row.add(k + 1)
      try row.add(head.section)
      try row.add(head.element)
      try row.add(head.item)
      try row.add(head.kind.rawValue)
      try row.add(head.role)
      try row.add(head.vibrant)
      try row.add(head.file)
      try row.add(head.line)
      try row.add(item.verdict.rawValue)
      try row.add(item.scenes)
      try row.add(item.failing)
      try row.add(item.warnings)
      try row.add(item.reviews)
      try row.add(item.gating)
      try row.add(item.rank)
      try row.add(w + 1)
      try row.add(r.sceneImage)
      try row.add(r.sceneName)
      try row.add(r.judgedRatio)
      try row.add(r.threshold)
      try row.add(r.judgedRatio / r.threshold)
      try row.add(item.neverPasses)
      try row.add(VerifiedFixes.textIfAny(for: r, in: report.fixes))
      try row.insert()
    }
  }

  /// The values of each input dimension (``SceneDimension/inputs``: the
  /// layouts, then the wallpapers) that the checks name, each in the order
  /// of its first check, with its checks and failing checks, and a
  /// section's file. (From the checks alone, so a merge of shard reports
  /// gives a single run's rows.)
  static func insertInputs(_ results: CheckColumns, into db: SQLiteDatabase) throws {
    struct Tally {
      var name: String
      var file: String?
      var checks = 0
      var failing = 0
    }
    let inputs = SceneDimension.inputs
    var tallies = [[Tally]](repeating: [], count: inputs.count)
    var at = [[String: Int]](repeating: [:], count: inputs.count)
    for run in results.sceneRuns() {
      let head = results[run.lowerBound]
      let failing = run.reduce(0) { $0 + (results.verdicts[$1] == .fail ? 1 : 0) }
      for (k, d) in inputs.enumerated() {
        let name = d.word(of: head) ?? ""
        let i =
          at[k][name]
          ?? {
            tallies[k].append(Tally(name: name, file: d.role == .section ? head.file : nil))
            at[k][name] = tallies[k].count - 1
            return tallies[k].count - 1
          }()
        tallies[k][i].checks += run.count
        tallies[k][i].failing += failing
      }
    }
    var row = try insert(into: "inputs", count: 6, db)
    var id = 0
    for (kind, tallies) in zip(inputs.map(\.key), tallies) {
      for t in tallies {
        id += 1
        try row.add(id)
        try row.add(kind)
        try row.add(t.name)
        try row.add(t.file)
        try row.add(t.checks)
        try row.add(t.failing)
        try row.insert()
      }
    }
  }

  /// The findings, as report.json lists them, with each rule's severity.
  static func insertFindings(_ findings: [Finding], into db: SQLiteDatabase) throws {
    var row = try insert(into: "findings", count: 10, db)
    for (i, f) in findings.enumerated() {
      try row.add(i + 1)
      try row.add(f.rule.id)
      try row.add(f.rule.severity.rawValue)
      for (_, value) in f.coordinate { try row.add(value) }
      try row.add(f.element)
      try row.add(f.item)
      try row.add(f.message)
      try row.add(f.file)
      try row.add(f.line)
      try row.insert()
    }
  }

  /// The inputs that could not be audited, as report.json lists them.
  static func insertErrors(_ errors: [InputError], into db: SQLiteDatabase) throws {
    var row = try insert(into: "input_errors", count: 3, db)
    for (i, e) in errors.enumerated() {
      try row.add(i + 1)
      try row.add(e.input)
      try row.add(e.message)
      try row.insert()
    }
  }

  /// The remedy search of each group (`RemedyAccumulator.key`),
  /// sorted by key, its state as JSON text: what `glass-audit merge` needs
  /// to combine the shards' remedies exactly as one run does.
  static func insertRemedySearch(_ acc: RemedyAccumulator, into db: SQLiteDatabase) throws {
    var row = try insert(into: "remedy_search", count: 3, db)
    for (i, key) in acc.groups.keys.sorted().enumerated() {
      try row.add(i + 1)
      try row.add(key)
      var state = JSONReport.remedyGroup(acc.groups[key]!).rendered()
      state.removeLast()
      try row.add(state)
      try row.insert()
    }
  }
}
