import Foundation

/// Reads a report.sqlite back into the report it was written from (for
/// `glass-audit merge`, which joins shards from their report.sqlite, and
/// for a baseline taken from a run's report.sqlite): every check, the
/// findings, the input errors, the run's settings and the remedy search.
extension SQLiteReport {
  /// The report `bytes` (the contents of `file`) hold.
  ///
  /// - Throws: a `Diagnostic` naming the file and what is missing or
  ///   invalid (the table, the row, the column).
  public static func read(_ bytes: [UInt8], file: String) throws(Diagnostic) -> AuditReport {
    func fail(_ message: String) -> Diagnostic {
      Diagnostic(file: file, line: 0, column: 0, message: message)
    }
    let db: SQLiteDatabase
    do {
      db = try SQLiteDatabase(bytes: bytes)
    } catch {
      throw fail("not a report.sqlite: \(error)")
    }
    do {
      return try read(db, fail: fail)
    } catch let d as Diagnostic {
      throw d
    } catch {
      throw fail("not a report.sqlite of schema version \(schemaVersion): \(error)")
    }
  }

  private static func read(_ db: SQLiteDatabase, fail: (String) -> Diagnostic) throws
    -> AuditReport
  {
    let runRows = try db.rows("SELECT key, value FROM run ORDER BY id")
    var run: [String: [SQLiteValue]] = [:]
    for row in runRows {
      guard case .text(let key) = row["key"] ?? .null else { continue }
      run[key, default: []].append(row["value"] ?? .null)
    }
    func text(_ key: String) -> String? {
      if case .text(let t) = run[key]?.first { return t }
      return nil
    }
    func int(_ key: String) -> Int? {
      if case .int(let v) = run[key]?.first { return v }
      return nil
    }
    guard int("schema_version") == schemaVersion else {
      throw fail("run.schema_version is not \(schemaVersion)")
    }
    // The settings as report.json writes them, read by report.json's reader.
    var settings: [String: Any] = [
      "level": text("level") as Any, "statistic": text("statistic") as Any,
      "largeText": text("large_text") as Any,
    ]
    for flag in SceneDimension.sweepFlags { settings[flag.jsonKey] = int(flag.rowKey) == 1 }
    for d in SceneDimension.swept {
      let sweep = d.sweep!
      let values = (run[sweep.rowKey] ?? []).map { v -> Any in
        d.wordIsFlag ? v == .int(1) : any(v)
      }
      if !values.isEmpty { settings[sweep.jsonKey] = values }
    }
    var root: [String: Any] = [
      "schemaVersion": 1, "settings": settings,
      "summary": ["scenes": int("scenes") as Any],
      "inputs": ["digest": text("inputs_digest") ?? ""],
    ]
    if let t = text("timestamp") { root["timestamp"] = t }
    if let k = int("shard_index"), let n = int("shard_count") {
      root["shard"] = ["index": k, "count": n]
    }
    root["results"] = try db.rows("SELECT * FROM checks ORDER BY id").map(result)
    let findingKeys =
      ["rule"] + Finding.coordinateKeys + ["element", "item", "message", "file", "line"]
    root["findings"] = try db.rows("SELECT * FROM findings ORDER BY id").map { row in
      var f: [String: Any] = [:]
      for key in findingKeys {
        let v = any(row[key])
        if !(v is NSNull) { f[key] = v }
      }
      return f
    }
    root["errors"] = try db.rows("SELECT input, message FROM input_errors ORDER BY id").map {
      ["input": any($0["input"]) as Any, "message": any($0["message"]) as Any]
    }
    var search: [String: Any] = [:]
    for row in try db.rows("SELECT key, state FROM remedy_search ORDER BY id") {
      guard case .text(let key) = row["key"] ?? .null,
        case .text(let state) = row["state"] ?? .null,
        let value = try? JSONSerialization.jsonObject(with: Data(state.utf8))
      else { throw fail("remedy_search has an invalid row") }
      search[key] = value
    }
    root["remedySearch"] = search
    return try ReportReader.parse(root: root, fail: fail)
  }

  /// A row of `checks` as report.json (schema version 1) writes a result.
  private static func result(_ row: [String: SQLiteValue]) -> [String: Any] {
    var r: [String: Any] = [:]
    for d in SceneDimension.all {
      let v = row[columnName(d.key)] ?? .null
      r[d.key] = d.wordIsFlag ? (v == .int(1)) as Any : any(v)
    }
    let plain = [
      "element", "item", "kind", "role", "threshold", "verdict", "baseline", "trust", "pixels",
      "color", "material", "file", "line",
    ]
    for key in plain { r[key] = any(row[key]) }
    r["largeText"] = row["large_text"] == .int(1)
    r["vibrant"] = row["vibrant"] == .int(1)
    r["thresholdSource"] = any(row["threshold_source"])
    r["trustBasis"] = any(row["trust_basis"])
    r["uncertainty"] = any(row["uncertainty"])
    r["contrast"] = [
      "min": any(row["contrast_min"]), "p05": any(row["contrast_p05"]),
      "p10": any(row["contrast_p10"]), "median": any(row["contrast_median"]),
      "mean": any(row["contrast_mean"]), "max": any(row["contrast_max"]),
      "failingFraction": any(row["failing_fraction"]),
    ]
    r["bounds"] = ["min": any(row["bounds_min"]), "max": any(row["bounds_max"])]
    return r
  }

  /// A stored value as JSONSerialization would give it (null: `NSNull`).
  private static func any(_ v: SQLiteValue?) -> Any {
    switch v ?? .null {
    case .int(let i): i
    case .double(let d): d
    case .text(let t): t
    case .null: NSNull()
    }
  }
}
