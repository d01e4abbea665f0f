import Foundation

/// Reads a `report.json` back: schema version 2 (its listed checks: the
/// failing ones, or every one with `--json-checks all`, each rebuilt from
/// its item and look) or 1 (every result). A baseline is read from it
/// (``Baseline/load(contentsOf:)``); `glass-audit merge` reads
/// report.sqlite, which holds every check and the remedy search.
public enum ReportReader {
  /// A report read back, with the run facts a merge checks.
  public struct Loaded: Sendable {
    public var report: AuditReport
    public var file: String
  }

  /// Parses `text` (the contents of `file`).
  ///
  /// - Throws: a `Diagnostic` naming the file and the missing or bad field
  ///   (or the finding's rule id the table does not know).
  public static func parse(_ text: String, file: String) throws(Diagnostic) -> Loaded {
    func fail(_ message: String) -> Diagnostic {
      Diagnostic(file: file, line: 0, column: 0, message: message)
    }
    guard
      let data = text.data(using: .utf8),
      let any = try? JSONSerialization.jsonObject(with: data),
      let root = any as? [String: Any]
    else { throw fail("not a JSON object") }
    return Loaded(report: try parse(root: root, fail: fail), file: file)
  }

  /// The report a parsed report.json (or report.sqlite's rows, written as
  /// one) holds.
  static func parse(root: [String: Any], fail: (String) -> Diagnostic) throws(Diagnostic)
    -> AuditReport
  {
    guard let version = root["schemaVersion"] as? Int,
      (1...JSONReport.schemaVersion).contains(version)
    else {
      throw fail("schemaVersion is not 1 to \(JSONReport.schemaVersion)")
    }
    guard let settings = root["settings"] as? [String: Any],
      let level = (settings["level"] as? String).flatMap(ConformanceLevel.init(rawValue:)),
      let statistic = (settings["statistic"] as? String).flatMap(VerdictStatistic.init(rawValue:)),
      let large = (settings["largeText"] as? String).flatMap(LargeTextRule.init(rawValue:))
    else { throw fail("settings are missing or invalid") }
    // Each swept dimension's list (one written before the dimension existed
    // is absent: the settings' default; so is a report's single `profile`
    // of before the profiles were a list).
    var swept = AuditReport(
      settings: AuditSettings(level: level, statistic: statistic, largeText: large),
      outcome: AuditOutcome(results: [], findings: [], errors: [], scenes: 0))
    for d in SceneDimension.swept {
      let sweep = d.sweep!
      let legacy = (settings[d.key] as? String).map { [$0] as [Any] }
      guard let list = settings[sweep.jsonKey] as? [Any] ?? legacy else {
        guard !sweep.required else { throw fail("settings.\(sweep.jsonKey) is missing") }
        continue
      }
      guard sweep.read(list, &swept) else { throw fail("settings.\(sweep.jsonKey) is invalid") }
    }
    guard let summary = root["summary"] as? [String: Any], let scenes = summary["scenes"] as? Int
    else { throw fail("summary.scenes is missing") }
    let rawResults: [[String: Any]]
    let member: String
    if version == 1 {
      member = "results"
      guard let list = root[member] as? [[String: Any]] else { throw fail("results are missing") }
      rawResults = list
    } else {
      member = JSONReport.checksKey
      rawResults = try checks(root, fail: fail)
    }
    var results = CheckColumns()
    // Each check's baseline state as written (a shard's, which its merge
    // writes again).
    var column = BaselineColumn()
    for (i, r) in rawResults.enumerated() {
      guard
        let result = checkResult(
          r, defaults: ReadingDefaults(swept), statistic: statistic)
      else {
        throw fail("\(member)[\(i)] is invalid")
      }
      if r["baseline"] as? String == BaselineState.known.rawValue, result.isAcceptable {
        column.known.insert(result.fingerprint)
      }
      results.append(result)
    }
    var findings: [Finding] = []
    for (i, f) in (root["findings"] as? [[String: Any]] ?? []).enumerated() {
      if let id = f["rule"] as? String, Rule(id: id) == nil {
        throw fail("findings[\(i)] has the unknown rule '\(id)'")
      }
      if let finding = finding(f) { findings.append(finding) }
    }
    let errors = (root["errors"] as? [[String: Any]] ?? []).compactMap { e -> InputError? in
      guard let input = e["input"] as? String, let message = e["message"] as? String else {
        return nil
      }
      return InputError(input: input, message: message)
    }
    var groups: [String: RemedyAccumulator.Group] = [:]
    for (key, value) in root["remedySearch"] as? [String: Any] ?? [:] {
      guard let g = value as? [String: Any], let group = remedyGroup(g) else {
        throw fail("remedySearch['\(key)'] is invalid")
      }
      groups[key] = group
    }
    let outcome = AuditOutcome(
      results: results, findings: findings, errors: errors, scenes: scenes,
      remedySearch: RemedyAccumulator(groups: groups))
    var report = swept
    report.outcome = outcome
    report.baselineColumn = column
    report.timestamp = root["timestamp"] as? String
    for flag in SceneDimension.sweepFlags {
      flag.set(&report.settings, settings[flag.jsonKey] as? Bool ?? false)
    }
    report.inputsDigest = (root["inputs"] as? [String: Any])?["digest"] as? String ?? ""
    if let shard = root["shard"] as? [String: Any], let k = shard["index"] as? Int,
      let n = shard["count"] as? Int, n >= 1, k >= 1, k <= n
    {
      report.shard = ShardSpec(index: k, count: n)
    }
    return report
  }

  /// A version 2 report's checks, each as a version 1 result: its own
  /// members with its item's (its section, `element`, ...) and its look's.
  static func checks(_ root: [String: Any], fail: (String) -> Diagnostic) throws(Diagnostic)
    -> [[String: Any]]
  {
    guard let checks = root[JSONReport.checksKey] as? [[String: Any]],
      let items = root["items"] as? [[String: Any]], let looks = root["looks"] as? [[String: Any]]
    else { throw fail("checks, items or looks are missing") }
    let itemKeys =
      [SceneDimension.section.key] + ["element", "item", "kind", "role", "vibrant", "file", "line"]
    return try checks.enumerated().map { (i, c) throws(Diagnostic) in
      guard let k = c["itemIndex"] as? Int, items.indices.contains(k),
        let l = c["lookIndex"] as? Int, looks.indices.contains(l)
      else { throw fail("checks[\(i)] has no valid itemIndex or lookIndex") }
      var r = c
      for key in itemKeys { r[key] = items[k][key] }
      for (key, v) in looks[l] { r[key] = v }
      return r
    }
  }

  static func double(_ v: Any?) -> Double? {
    if let d = v as? Double { return d }
    if let n = v as? NSNumber { return n.doubleValue }
    return nil
  }

  /// A result of report.json; nil when a field is missing or invalid. Its
  /// coordinate is read dimension by dimension (``SceneDimension/all``),
  /// each saying what its absence means (written before it existed); a
  /// result without `thresholdSource` means WCAG. Its judged ratio is its
  /// run's `statistic` of its statistics.
  static func checkResult(
    _ r: [String: Any], defaults: ReadingDefaults, statistic: VerdictStatistic = .min
  ) -> CheckResult? {
    guard let element = r["element"] as? String, let item = r["item"] as? String,
      let kind = (r["kind"] as? String).flatMap(ContentKind.init(rawValue:)),
      let largeText = r["largeText"] as? Bool, let threshold = double(r["threshold"]),
      let c = r["contrast"] as? [String: Any], let b = r["bounds"] as? [String: Any],
      let verdict = (r["verdict"] as? String).flatMap(Verdict.init(rawValue:)),
      r["baseline"] is String, let pixels = r["pixels"] as? Int,
      let color = r["color"] as? String, let material = r["material"] as? String,
      let file = r["file"] as? String, let line = r["line"] as? Int,
      let cmin = double(c["min"]), let p05 = double(c["p05"]), let p10 = double(c["p10"]),
      let median = double(c["median"]), let mean = double(c["mean"]),
      let cmax = double(c["max"]), let ff = double(c["failingFraction"]),
      let bmin = double(b["min"]), let bmax = double(b["max"])
    else { return nil }
    let trust = (r["trust"] as? String).flatMap(VerdictTrust.init(rawValue:)) ?? .assumption
    var source = ThresholdSource.wcag
    if let v = r["thresholdSource"] {
      guard let name = v as? String, let s = ThresholdSource(rawValue: name) else { return nil }
      source = s
    }
    // The coordinate's placeholders, each replaced by its dimension's read.
    var result = CheckResult(
      readingElement: element, item: item, kind: kind, role: r["role"] as? String,
      largeText: largeText, threshold: threshold,
      contrast: ContrastStatistics(
        min: cmin, p05: p05, p10: p10, median: median, mean: mean, max: cmax,
        failingFraction: ff),
      bounds: ContrastBounds(min: bmin, max: bmax), verdict: verdict, pixelCount: pixels,
      color: color, material: material, file: file, line: line,
      trust: trust, trustBasis: r["trustBasis"] as? String ?? "")
    for d in SceneDimension.all where !d.read(r[d.key], &result, defaults) { return nil }
    result.thresholdSource = source
    result.vibrant = r["vibrant"] as? Bool ?? false
    // (A report written before verdicts had intervals: none.)
    result.uncertainty = double(r["uncertainty"]) ?? 0
    // The value the run judged on, of the statistics as written.
    result.judgedRatio = result.contrast.value(of: statistic)
    return result
  }

  static func finding(_ f: [String: Any]) -> Finding? {
    guard let rule = (f["rule"] as? String).flatMap(Rule.init(id:)),
      let message = f["message"] as? String
    else {
      return nil
    }
    return Finding(
      rule: rule, coordinate: { f[$0] as? String }, element: f["element"] as? String,
      item: f["item"] as? String, message: message, file: f["file"] as? String,
      line: f["line"] as? Int)
  }

  static func remedyGroup(_ g: [String: Any]) -> RemedyAccumulator.Group? {
    guard let hex = g["color"] as? String, let rgba = try? RGBA(hex: hex),
      let alpha = double(g["colorAlpha"]), let feasible = g["alphaFeasible"] as? Bool
    else { return nil }
    var group = RemedyAccumulator.Group(baseColor: RGBA(rgba.rgb, alpha: alpha))
    group.property = g["property"] as? String
    group.colorHex = g["alphaColor"] as? String
    group.currentAlpha = double(g["currentAlpha"])
    group.alpha = g["alphaHundredths"] as? Int
    group.alphaFeasible = feasible
    group.steps = [g["darkenSteps"] as? Int, g["lightenSteps"] as? Int]
    group.alphaRatio = double(g["alphaRatio"]) ?? .infinity
    let ratios = g["colorRatios"] as? [Any] ?? []
    group.colorRatios = (0..<2).map { i in
      i < ratios.count ? double(ratios[i]) ?? .infinity : .infinity
    }
    guard group.readCandidates(g) else { return nil }
    return group
  }
}
