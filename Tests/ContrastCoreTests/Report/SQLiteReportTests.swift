import Foundation
import Testing

@testable import ContrastCore

/// report.sqlite read back from its bytes: every check a row holding what
/// report.json says of it, hostile text exactly as given, the items the
/// reports by item list, and the same bytes for the same report.
@Suite struct SQLiteReportTests {
  static func open(_ report: AuditReport) throws -> SQLiteDatabase {
    try SQLiteDatabase(bytes: SQLiteReport.bytes(report))
  }

  /// Strings a database must take as data: quotes, SQL, controls (no
  /// NUL), emoji, the escapers' payloads.
  static let hostile: [String] =
    [
      "'; DROP TABLE checks; --", "Robert'); DROP TABLE items;--", "\"double\" 'single' `back`",
      "tab\there\r\nnew\u{1B}[2J\u{07}\u{7F}\u{9B}", "🧪 👩🏽‍💻 🇫🇷", "%s %d ? ?1 :name @x $y",
      "é\u{2028}\u{202E}txt", "",
    ] + EscapingTests.payloads.filter { !$0.contains("\u{0}") }

  /// A failing check in every dimension that is not the default, with a
  /// remedy whose every field is set.
  static let sweptFailure: CheckResult = {
    var r = ReportFixtures.check(
      layout: "settings", element: "list", item: "caption", wallpaper: "photo-beach",
      appearance: .dark, mode: .increaseContrast, ratio: 2.123456, threshold: 4.5,
      remedy: JSONReportBytesTests.remedies(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]
      )[
        2], file: "layouts/settings.yml", line: 33, liquidGlass: .clear, profile: "ios18")
    r.textSize = .ax5
    r.boldText = true
    r.contrast = ContrastStatistics(
      min: 1.25, p05: 1.5, p10: 1.75, median: 2.123456, mean: 2.5, max: 7.75,
      failingFraction: 0.625)
    r.bounds = ContrastBounds(min: 1.1, max: 9.5)
    r.trust = .thirdPartyMeasurement
    r.trustBasis = "glass.regular.clear"
    r.thresholdSource = .target
    return r
  }()

  static var report: AuditReport {
    var results = Array(ReportFixtures.mixed.outcome.results)
    results.insert(sweptFailure, at: 2)
    var tinted = ReportFixtures.check(
      item: "title", wallpaper: "noon", verdict: .pass, ratio: 6, liquidGlass: .tinted)
    tinted.textSize = .xLarge
    results.append(tinted)
    results.append(
      ReportFixtures.check(
        item: "label", wallpaper: "noon", mode: .reduceTransparency, ratio: 1.2,
        remedy: Remedy(color: "#123456", colorRatio: 4.6)))
    var report = ReportFixtures.report(
      results, findings: ReportFixtures.mixed.outcome.findings,
      errors: [InputError(input: "wallpapers/broken.png", message: "not a PNG")])
    report.inputsDigest = "abc123"
    return report
  }

  @Test func everyCheckIsARowInReportOrder() throws {
    let report = Self.report
    let db = try Self.open(report)
    let count = try db.rows("SELECT count(*) AS n FROM checks")
    #expect(count == [["n": .int(report.outcome.results.count)]])
    let rows = try db.rows("SELECT id, item, wallpaper FROM checks ORDER BY id")
    #expect(
      rows.map { [$0["item"]!, $0["wallpaper"]!] }
        == report.outcome.results.map { [.text($0.item), .text($0.wallpaper)] })
    #expect(rows.map { $0["id"]! } == report.outcome.results.indices.map { .int($0 + 1) })
    let settings = try db.rows("SELECT key, value FROM run WHERE key IN ('checks', 'failed')")
    #expect(
      settings == [
        ["key": .text("checks"), "value": .int(report.summary.checks)],
        ["key": .text("failed"), "value": .int(report.summary.failed)],
      ])
  }

  /// report.json's members of a result, flattened: `contrast.min` as
  /// `contrast_min`, `remedy.alphaRatio` as `remedy_alpha_ratio`.
  static func column(_ path: [String]) -> String {
    func snake(_ s: String) -> String {
      s.unicodeScalars.map { CharacterSet.uppercaseLetters.contains($0) ? "_\($0)" : "\($0)" }
        .joined().lowercased()
    }
    switch path {
    case ["contrast", "failingFraction"]: return "failing_fraction"
    case ["pixels"]: return "pixels"
    default: return path.map(snake).joined(separator: "_")
    }
  }

  /// report.json's checks (`--json-checks all`), each with the members of
  /// its item, its look and its remedy that it points to (by `itemIndex`,
  /// `lookIndex`, `remedyIndex`), as one object a check.
  static func checksOfJSON(_ report: AuditReport) throws -> [[String: Any]] {
    let text = JSONReport.render(report, checks: .all)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    let looks = try #require(json["looks"] as? [[String: Any]])
    let remedies = try #require(json["remedies"] as? [[String: Any]])
    let checks = try #require(json["checks"] as? [[String: Any]])
    return try checks.map { c in
      var r = c
      let item = items[try #require(c["itemIndex"] as? Int)]
      for key in ["layout", "element", "item", "kind", "role", "vibrant", "file", "line"] {
        r[key] = item[key]
      }
      for (key, v) in looks[try #require(c["lookIndex"] as? Int)] { r[key] = v }
      if let m = c["remedyIndex"] as? Int { r["remedy"] = remedies[m] }
      for key in ["itemIndex", "lookIndex", "remedyIndex"] { r[key] = nil }
      return r
    }
  }

  /// Every member report.json writes for every check, against its column.
  @Test func everyRowHoldsWhatReportJSONSaysOfItsCheck() throws {
    let report = Self.report
    let db = try Self.open(report)
    let rows = try db.rows("SELECT * FROM checks ORDER BY id")
    let results = try Self.checksOfJSON(report)
    try #require(rows.count == results.count)
    var compared = 0
    func expectSame(_ value: Any, _ column: SQLiteValue?, _ name: String, row: Int) {
      compared += 1
      if ["bold_text", "large_text", "vibrant"].contains(name) {
        #expect(column == .int((value as? Bool) == true ? 1 : 0), "row \(row) \(name)")
        return
      }
      switch (value, column) {
      case (is NSNull, .some(.null)): return
      case (let s as String, .some(.text(let t))) where s == t: return
      case (let n as Double, .some(.int(let i))) where n == Double(i): return
      case (let n as Double, .some(.double(let d))) where abs(n - d) <= 1e-6: return
      case (let n as Double, .some(.text(let t))) where Double(t) == n: return
      default: break
      }
      Issue.record(
        "row \(row) \(name): report.json \(value), report.sqlite \(String(describing: column))")
    }
    for (i, result) in results.enumerated() {
      for (key, value) in result {
        if let object = value as? [String: Any] {
          for (member, v) in object {
            let name = Self.column([key, member])
            if let tried = v as? [String] {
              expectSame(tried.joined(separator: ","), rows[i][name], name, row: i)
            } else {
              expectSame(v, rows[i][name], name, row: i)
            }
          }
        } else if key == "file" || key == "line" {
          // An item's, once (of its first check): this fixture gives one
          // item checks at other lines, which no layout does.
          continue
        } else {
          expectSame(value, rows[i][Self.column([key])], Self.column([key]), row: i)
        }
      }
      // A check without a remedy has none of its columns.
      if result["remedy"] == nil {
        for (name, v) in rows[i] where name.hasPrefix("remedy_") || name == "fix" {
          #expect(v == .null, "row \(i) \(name)")
        }
      }
    }
    #expect(compared > 30 * results.count)
  }

  @Test func aFailingCheckInEveryDimensionIsItsRow() throws {
    let r = Self.sweptFailure
    let db = try Self.open(Self.report)
    let rows = try db.rows(
      "SELECT * FROM checks WHERE verdict = 'fail' AND text_size = ? AND bold_text", [.text("AX5")])
    try #require(rows.count == 1)
    let row = rows[0]
    let expected: [String: SQLiteValue] = [
      "id": .int(3), "layout": .text(r.layout), "wallpaper": .text(r.wallpaper),
      "appearance": .text("dark"), "mode": .text("increaseContrast"),
      "liquid_glass": .text("clear"), "profile": .text("ios18"), "text_size": .text("AX5"),
      "bold_text": .int(1), "scene": .text(r.sceneDescription), "element": .text("list"),
      "item": .text("caption"), "kind": .text("text"), "role": .text("body"), "vibrant": .int(0),
      "large_text": .int(0), "threshold": .double(4.5), "threshold_source": .text("target"),
      "contrast_min": .double(1.25), "contrast_p05": .double(1.5), "contrast_p10": .double(1.75),
      "contrast_median": .double(2.123456), "contrast_mean": .double(2.5),
      "contrast_max": .double(7.75), "failing_fraction": .double(0.625),
      "judged_ratio": .double(2.123456), "bounds_min": .double(1.1), "bounds_max": .double(9.5),
      // (No uncertainty: the interval is the ratio itself.)
      "interval_min": .double(2.123456), "interval_max": .double(2.123456),
      "uncertainty": .double(0), "verdict": .text("fail"), "baseline": .text("new"),
      "trust": .text("third-party-measurement"),
      "trust_basis": .text("glass.regular.clear"), "pixels": .int(100), "color": .text("#777777"),
      "material": .text("regular"), "file": .text("layouts/settings.yml"), "line": .int(33),
      "fix": .text(Remedy.text(for: r)),
      "remedy_alpha_property": .text("tinta"), "remedy_alpha_color": .text("#000000b"),
      "remedy_current_alpha": .double(0.25), "remedy_alpha": .double(0.7),
      "remedy_alpha_ratio": .double(4.500_000_4), "remedy_color": .text("c"),
      "remedy_color_ratio": .double(1.0 / 3), "remedy_color_name": .text("label\"d"),
      "remedy_material": .text("thick\\e"), "remedy_current_material": .text("f"),
      "remedy_material_ratio": .double(5.25), "remedy_large_text_size": .double(19),
      "remedy_large_text_weight": .text("boldg"), "remedy_large_text_threshold": .double(3),
      "remedy_large_text_ratio": .double(3.000_000_5), "remedy_combined_material": .text("h"),
      "remedy_combined_color_name": .text("i"), "remedy_combined_color": .text("j"),
      "remedy_combined_ratio": .double(7.123_456_789),
      "remedy_tried": .text("material,alphak,color,largeText"),
    ]
    #expect(Set(row.keys) == Set(expected.keys))
    for (name, value) in expected { #expect(row[name] == value, "\(name)") }
    #expect(Remedy.text(for: r).contains("thick"))
  }

  @Test func hostileStringsGoInAndComeOutExactly() throws {
    let p = Self.hostile
    let results = p.indices.map { i in
      ReportFixtures.check(
        layout: p[i], element: p[(i + 1) % p.count], item: p[(i + 2) % p.count],
        wallpaper: p[(i + 3) % p.count], file: p[(i + 4) % p.count], line: i + 1,
        profile: p[(i + 5) % p.count])
    }
    let report = ReportFixtures.report(
      results,
      findings: p.map {
        Finding(rule: .targetSize, layout: $0, element: $0, message: $0, file: $0, line: 1)
      },
      errors: p.map { InputError(input: $0, message: $0) })
    let db = try Self.open(report)
    let rows = try db.rows(
      "SELECT layout, element, item, wallpaper, file, profile FROM checks ORDER BY id")
    #expect(
      rows.map { row in
        ["layout", "element", "item", "wallpaper", "file", "profile"].map { row[$0]! }
      }
        == results.map {
          [$0.layout, $0.element, $0.item, $0.wallpaper, $0.file, $0.profile].map(SQLiteValue.text)
        })
    for s in p {
      // Found by a bound parameter, as equal text.
      let found = try db.rows("SELECT count(*) AS n FROM checks WHERE layout = ?", [.text(s)])
      #expect(found == [["n": .int(1)]], "\(s.debugDescription)")
    }
    let findings = try db.rows("SELECT message, file FROM findings ORDER BY id")
    #expect(findings.map { $0["message"] } == p.map { .text($0) })
    #expect(findings.map { $0["file"] } == p.map { .text($0) })
    let errors = try db.rows("SELECT input, message FROM input_errors ORDER BY id")
    #expect(errors.map { $0["input"] } == p.map { .text($0) })
    // Every table is still there.
    let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    #expect(
      tables.map { $0["name"] }
        == ["checks", "findings", "input_errors", "inputs", "items", "remedy_search", "run"].map(
          SQLiteValue.text))
  }

  @Test func theFailingItemsAreTheReportsItems() throws {
    for report in [Self.report, ReportFixtures.mixed, HostileTextTests.report] {
      let db = try Self.open(report)
      let rows = try db.rows(
        """
        SELECT items.layout, items.element, items.item, scenes, failing_scenes, gating_scenes,
          worst_scene, worst_ratio, worst_threshold, never_passes, items.fix, rank, worst_check
        FROM items JOIN checks ON checks.id = items.worst_check
        WHERE items.verdict = 'fail' ORDER BY rank
        """)
      let items = ItemFailures.items(report)
      #expect(rows.count == items.count)
      for (row, i) in zip(rows, items) {
        let expected: [String: SQLiteValue] = [
          "layout": .text(i.section), "element": .text(i.element), "item": .text(i.item),
          "scenes": .int(i.scenes), "failing_scenes": .int(i.failingScenes),
          "gating_scenes": .int(i.gating), "worst_scene": .text(i.worstScene),
          "worst_ratio": .double(i.worst.judgedRatio),
          "worst_threshold": .double(i.worst.threshold),
          "never_passes": .int(i.neverPasses ? 1 : 0),
          "fix": i.worst.remedy == nil ? .null : .text(i.fix),
          "rank": .int(items.firstIndex { $0.path == i.path }! + 1),
          "worst_check": .int(
            report.outcome.results.firstIndex { $0.identityParts == i.worst.identityParts }! + 1),
        ]
        #expect(row == expected)
      }
      // Every item has a row, failing or not.
      let all = try db.rows("SELECT count(*) AS n FROM items")
      let distinct = Set(report.outcome.results.map { [$0.layout, $0.element, $0.item] })
      #expect(all == [["n": .int(distinct.count)]])
    }
  }

  /// What `merge` reads: the report read back from its bytes is the
  /// report (every check, finding, error, setting and the remedy search;
  /// a check's remedy is made again from the remedy search by the merge's
  /// finishing step, which ShardMergeTests compare byte for byte).
  @Test func aReportReadBackFromItsBytesIsTheSameReport() throws {
    var report = Self.report
    var g = RemedyAccumulator.Group(baseColor: RGBA(.black))
    g.currentMaterial = "thin"
    g.candidates["material:thick"] = RemedyCandidate(passes: true, ratio: 5.25, rank: 1)
    report.outcome.remedySearch = RemedyAccumulator(groups: ["settings/list/caption": g])
    report.shard = ShardSpec(index: 2, count: 3)
    report.timestamp = "2026-11-27T00:00:00Z"
    // A shard run with a baseline: its first failure accepted.
    let accepted = try #require(report.outcome.results.first { $0.verdict == .fail })
    report.baselineColumn = BaselineColumn(known: [accepted.fingerprint])
    let bytes = try SQLiteReport.bytes(report)
    let back = try SQLiteReport.read(bytes, file: "r.sqlite")
    #expect(back.outcome.results.map(\.fingerprint) == report.outcome.results.map(\.fingerprint))
    #expect(back.outcome.results.map(\.contrast) == report.outcome.results.map(\.contrast))
    #expect(back.outcome.findings.count == report.outcome.findings.count)
    #expect(back.outcome.remedySearch.groups.keys.sorted() == ["settings/list/caption"])
    #expect(back.shard == report.shard && back.timestamp == report.timestamp)
    #expect(back.baselineColumn == report.baselineColumn)
    #expect(back.settings == report.settings && back.profileNames == report.profileNames)
    for (a, b) in zip(back.outcome.results, report.outcome.results) {
      #expect(a.bounds == b.bounds && a.verdict == b.verdict)
      #expect(back.baselineState(of: a) == report.baselineState(of: b))
      #expect(a.trust == b.trust && a.trustBasis == b.trustBasis && a.color == b.color)
      #expect(a.threshold == b.threshold && a.thresholdSource == b.thresholdSource)
      #expect(a.textSize == b.textSize && a.boldText == b.boldText)
      #expect(a.liquidGlass == b.liquidGlass && a.profile == b.profile)
    }
    // The remedy search, state for state (the remedies a merge makes).
    #expect(
      JSONReport.remedySearch(back.outcome.remedySearch)
        == JSONReport.remedySearch(report.outcome.remedySearch))
    // Not a database: an error naming the file.
    #expect(throws: Diagnostic.self) { try SQLiteReport.read(Array("{}".utf8), file: "x.sqlite") }
  }

  /// report.sqlite made in its file (as the CLI makes it) holds the bytes
  /// made in memory; the file must be new, and one that cannot be made is
  /// SQLite's error.
  @Test func theFileHoldsTheBytesMadeInMemory() throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("sqlite-report-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/report.sqlite"
    try SQLiteReport.write(Self.report, toFileAt: path)
    let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(file == (try SQLiteReport.bytes(Self.report)))
    #expect(FileManager.default.fileExists(atPath: path + "-journal") == false)
    // Not over an existing file, nor where no file can be created.
    #expect(throws: SQLiteError.self) { try SQLiteReport.write(Self.report, toFileAt: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(file))
    #expect(throws: SQLiteError.self) {
      try SQLiteReport.write(Self.report, toFileAt: dir + "/missing/report.sqlite")
    }
  }

  @Test func theSameReportGivesTheSameBytes() throws {
    let a = try SQLiteReport.bytes(Self.report)
    let b = try SQLiteReport.bytes(Self.report)
    #expect(a == b)
    #expect(a.starts(with: Array("SQLite format 3\u{0}".utf8)))
    #expect(a.count % 4096 == 0)
    let db = try SQLiteDatabase(bytes: a)
    #expect(try db.rows("PRAGMA user_version") == [["user_version": .int(2)]])
    // A report with no checks is a database with empty tables.
    let empty = try SQLiteDatabase(bytes: SQLiteReport.bytes(ReportFixtures.report([])))
    #expect(try empty.rows("SELECT count(*) AS n FROM items") == [["n": .int(0)]])
  }
}
