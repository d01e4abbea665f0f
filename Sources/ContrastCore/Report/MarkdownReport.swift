/// `report.md`: a summary for a pull-request comment and for designers
/// (SPEC §4, issue 15): the counts, the items that never pass on any
/// wallpaper, the matrix (and, when the run sweeps text sizes or Bold Text,
/// a row per text setting), then the failing items grouped by layout (each
/// item once: its worst ratio and scene, how many of its scenes fail, its
/// bounds and one fix), the items to review (a verdict whose interval holds
/// its threshold), the findings and the errors.
///
/// Bounded: the whole text is at most `maximumLength` UTF-8 bytes (so at
/// most that many characters, GitHub's limit for a comment) at any matrix
/// size. Every section has a share of that budget, rows are capped to fit
/// it and the rest counted, user strings are shortened to
/// `maximumCellLength`, and the full report (report.html beside it) is
/// linked from the top.
public enum MarkdownReport {
  /// GitHub's limit on a pull-request comment (characters; held in bytes).
  public static let maximumLength = 65_536
  /// At most this many item rows per layout, before the budget cuts more.
  public static let maximumItemRowsPerSection = 15
  /// User strings (ids, wallpaper names, messages) are cut to this many
  /// characters in a cell.
  public static let maximumCellLength = 80
  /// The shares of `maximumLength` of the sections other than the items.
  static let matrixBudget = 14_000
  static let neverPassesBudget = 4_000
  static let findingsBudget = 5_000
  static let errorsBudget = 3_000
  static let staleBudget = 2_000
  static let textSettingsBudget = 3_000
  static let reviewsBudget = 6_000
  /// Room kept for the last line and rounding.
  static let margin = 256

  public static func render(_ report: AuditReport) -> String {
    let s = report.summary
    let st = report.settings
    var head: [String] = []
    let gate = report.verdict
    let mark: String
    switch gate.gate {
    case .pass: mark = "✅"
    case .fail: mark = "❌"
    case .inputError: mark = "❗"
    }
    head.append("# glass-audit report: \(mark) \(cell(short(gate.headline, 300)))")
    head.append("")
    // (Only each item's worst check is shown: its other checks need no sort.)
    let items = ItemFailures.items(report, sortingChecks: false)
    let groups = ItemFailures.bySection(items)
    head.append(
      "**\(s.checks) checks: \(s.passed) passed, \(s.failed) failed, "
        + (s.reviews > 0 ? "\(s.reviews) to review, " : "")
        + "\(s.warnings) warnings, \(s.errors) errors** over \(s.scenes) scenes"
        + (items.isEmpty
          ? "."
          : "; **\(items.count) failing \(plural(items.count, "item"))** in "
            + "\(groups.count) \(plural(groups.count, "layout")).")
    )
    head.append("")
    head.append(
      "WCAG 2.2 level \(st.level.rawValue), judged on the `\(st.statistic.rawValue)` ratio of each "
        + "item's pixels; large text by the `\(st.largeText.rawValue)` rule; "
        + SceneDimension.sweptRows.map { d in
          d.valuesPhrase(d.sweepWords(report)) { "`\(code(short($0, maximumCellLength)))`" }
        }.joined(separator: "; ")
        + SceneDimension.all.compactMap { d in
          d.runValues.map { _ in "; \(d.label) " + d.runWords(st).joined(separator: ", ") }
        }.joined()
        + " (Reduce Transparency draws no glass: `–`). Ratios are floored to two decimals.")
    head.append("")
    let failingTrust = Dictionary(
      grouping: report.outcome.results.filter { $0.verdict == .fail }, by: \.trust)
    if !failingTrust.isEmpty {
      head.append(
        "Failures by the trust of their verdict: "
          + VerdictTrust.allCases.compactMap { t in
            failingTrust[t].map { "\($0.count) `\(t.rawValue)`" }
          }.joined(separator: ", ") + ".")
      head.append("")
    }
    head.append(
      "Full report: [report.html](report.html) beside this file (every failing item with its "
        + "layout's preview and heatmap); `report.json` has every check.")
    head.append("")
    let never = capped(neverPasses(items), budget: neverPassesBudget) {
      "- … and \($0) more: see report.html"
    }
    let grid = matrix(report)
    let text = capped(textSettings(report), budget: textSettingsBudget) {
      "- … and \($0) more text settings in report.html"
    }
    let review = capped(reviews(report), budget: reviewsBudget) {
      "- … and \($0) more in report.html"
    }
    let stale = capped(staleEntries(report), budget: staleBudget) {
      "- … and \($0) more in `report.json`"
    }
    let found = capped(findings(report), budget: findingsBudget) {
      "- … and \($0) more in `report.json`"
    }
    let errs = capped(errors(report), budget: errorsBudget) {
      "- … and \($0) more in `report.json`"
    }
    let used = [head, never, grid, text, review, stale, found, errs].reduce(0) {
      $0 + length($1)
    }
    let failing = failures(report, groups: groups, budget: maximumLength - margin - used)
    let out = (head + never + grid + text + failing + review + stale + found + errs).joined(
      separator: "\n")
    return fitted(out)
  }

  /// `text` when it fits `maximumLength`; else cut at the last line that
  /// fits, with a line saying so (a safety net: the budgets above keep every
  /// section inside its share).
  static func fitted(_ text: String) -> String {
    guard text.utf8.count > maximumLength else { return text }
    let note = "\n\n… cut to fit a comment: see report.html.\n"
    var kept = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if kept + line.utf8.count + 1 + note.utf8.count > maximumLength { break }
      kept += line.utf8.count + 1
    }
    let end = text.utf8.index(text.utf8.startIndex, offsetBy: kept)
    return String(text[..<end]) + note
  }

  static func plural(_ n: Int, _ word: String) -> String { n == 1 ? word : word + "s" }

  /// UTF-8 bytes of the lines joined by newlines (each line and its newline).
  static func length(_ lines: [String]) -> Int {
    lines.reduce(0) { $0 + $1.utf8.count + 1 }
  }

  /// `lines` (a heading, then items) cut to `budget` bytes: the first
  /// lines that fit, then `more(n)` counting the item lines left out. A
  /// section that fits is returned unchanged; the heading lines (those
  /// before the first that starts with `- ` or `| `) are always kept.
  static func capped(_ lines: [String], budget: Int, more: (Int) -> String) -> [String] {
    guard length(lines) > budget else { return lines }
    var out: [String] = []
    var used = 0
    let reserve = more(lines.count).utf8.count + 2
    for (i, line) in lines.enumerated() {
      let isItem = line.hasPrefix("- ") || line.hasPrefix("| ")
      if isItem && used + line.utf8.count + 1 + reserve > budget {
        let left = lines[i...].filter { $0.hasPrefix("- ") || $0.hasPrefix("| ") }.count
        out.append(more(left))
        out.append("")
        return out
      }
      out.append(line)
      used += line.utf8.count + 1
    }
    return out
  }

  /// `s` cut to `limit` characters, with `…` when cut.
  static func short(_ s: String, _ limit: Int) -> String {
    s.count <= limit ? s : String(s.prefix(limit - 1)) + "…"
  }

  static func errors(_ report: AuditReport) -> [String] {
    guard !report.outcome.errors.isEmpty else { return [] }
    var out = ["## Inputs that could not be audited", ""]
    for e in report.outcome.errors {
      out.append(
        "- `\(code(short(e.input, maximumCellLength * 2)))`: \(cell(short(e.message, 400)))")
    }
    out.append("")
    return out
  }

  /// The items that cannot pass on any wallpaper in some scene (the same
  /// items as the `never-passes` findings and the ⛔ marks).
  static func neverPasses(_ items: [ItemFailure]) -> [String] {
    let never = items.filter(\.neverPasses)
    guard !never.isEmpty else { return [] }
    var out = [
      "## Never passes on any wallpaper", "",
      "\(never.count) \(plural(never.count, "item")) cannot reach \(never.count == 1 ? "its" : "their") "
        + "threshold over any wallpaper in at least one scene: a design error, not a wallpaper "
        + "problem.",
      "",
    ]
    for i in never {
      guard let r = i.neverPassing else { continue }
      out.append(
        "- \(itemName(i)): at most \(WCAG.displayRatio(r.bounds.max)):1, needs "
          + "\(threshold(r.threshold)):1 (\(cell(short(r.sceneDescription, 160))); "
          + "`\(code(short("\(r.file):\(r.line)", 160)))`)"
          + (i.fix.isEmpty ? "" : ". Fix: \(cell(short(i.fix, 300)))"))
    }
    out.append("")
    return out
  }

  /// `layout › element › item`, each shortened and escaped.
  static func itemName(_ i: ItemFailure) -> String {
    [i.section, i.element, i.item].map { "**\(cell(short($0, maximumCellLength)))**" }
      .joined(separator: " › ") + i.vibrantNote
  }

  /// A matrix cell: a row (wallpaper, and profile when there are several)
  /// and a column.
  struct Cell: Hashable {
    var row: String
    var column: MatrixColumn
  }

  static func matrix(_ report: AuditReport) -> [String] {
    let combos = report.settings.matrixColumns
    let shown = SceneDimension.shownRows(report)
    var rowSet = Set<String>()
    var cells: [Cell: (pass: Int, fail: Int, warn: Int)] = [:]
    // A run of checks shares its scene, so its row and cell.
    let results = report.outcome.results
    for run in results.sceneRuns() {
      let r = results[run.lowerBound]
      let row = MatrixRow(r).name(shown)
      rowSet.insert(row)
      let k = Cell(row: row, column: MatrixColumn(r))
      var c = cells[k] ?? (0, 0, 0)
      for i in run {
        switch results.verdicts[i] {
        case .pass: c.pass += 1
        case .fail: c.fail += 1
        case .warn, .review: c.warn += 1
        }
      }
      cells[k] = c
    }
    guard !rowSet.isEmpty else { return [] }
    let rows = rowSet.sorted()
    var out = [
      "## Matrix", "",
      "Failing checks / checks, per \(MatrixRow.heading(shown)), "
        + SceneDimension.sentence(SceneDimension.columns.map(\.phrase))
        + (report.settings.sweepsTextSettings
          ? ", every text setting of the run counted together (by text setting: below)." : "."),
      "",
    ]
    out.append(
      "| \(MatrixRow.heading(shown)) | "
        + combos.map(\.heading).joined(separator: " | ") + " |")
    out.append("|---|" + combos.map { _ in "---:" }.joined(separator: "|") + "|")
    var used = length(out) + 200
    if used > matrixBudget {
      return Array(out.prefix(3)) + [
        "The matrix has \(combos.count) columns, too wide for this summary: see report.html.", "",
      ]
    }
    for (n, w) in rows.enumerated() {
      var row = "| \(cell(short(w, maximumCellLength))) |"
      for column in combos {
        guard let c = cells[Cell(row: w, column: column)] else {
          row += " – |"
          continue
        }
        let total = c.pass + c.fail + c.warn
        row += c.fail > 0 ? " ❌ \(c.fail)/\(total) |" : " ✅ 0/\(total) |"
      }
      if used + row.utf8.count + 1 > matrixBudget {
        let left = rows.count - n
        out.append("")
        out.append(
          "… and \(left) more \(plural(left, "row")) (wallpapers) in report.html.")
        break
      }
      used += row.utf8.count + 1
      out.append(row)
    }
    out.append("")
    return out
  }

  /// When the run sweeps text sizes or Bold Text (SPEC §3.8): one row per
  /// text setting that has a check (its failing checks / checks and failing
  /// items), so the matrix keeps its size and a designer sees at which text
  /// size items start to fail. Nothing for a run of the default only.
  static func textSettings(_ report: AuditReport) -> [String] {
    guard report.settings.sweepsTextSettings else { return [] }
    let rows = ItemFailures.byTextSetting(report)
    guard !rows.isEmpty else { return [] }
    var out = [
      "## By text setting", "",
      "Failing checks / checks and failing items under each "
        + "\(SceneDimension.textSettingsPhrase) setting, over every wallpaper and scene.",
      "",
    ]
    let dimensions = SceneDimension.textSettings
    if let first = rows.first(where: { $0.failing > 0 }) {
      out.append(
        "Smallest text setting with a failing check: "
          + zip(dimensions, first.setting.words).map { "\($0.phrase) **\($1)**" }
          .joined(separator: ", ") + ".")
      out.append("")
    }
    out.append(
      "| " + dimensions.map(\.phrase).joined(separator: " | ")
        + " | failing checks | failing items |")
    out.append("|" + dimensions.map { _ in "---|" }.joined() + "---:|---:|")
    for c in rows {
      out.append(
        "| " + c.setting.words.joined(separator: " | ") + " | "
          + (c.failing > 0 ? "❌ " : "✅ ") + "\(c.failing)/\(c.checks) | \(c.failingItems) |")
    }
    out.append("")
    return out
  }

  /// The failing items, a section per layout (layouts in order of their
  /// worst item), each with up to `maximumItemRowsPerSection` rows: as many
  /// as fit `budget` when every layout gets the same number (at least
  /// one); layouts that do not fit even one row are named in a last line.
  static func failures(
    _ report: AuditReport, groups: [(section: String, items: [ItemFailure])], budget: Int
  ) -> [String] {
    guard !groups.isEmpty else { return ["## Failing items", "", "None.", ""] }
    let checks = groups.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.failingScenes } }
    var out = ["## Failing items by layout", ""]
    out.append(
      "Each item once, worst layout and item first: its worst ratio and the scene it is in, how "
        + "many of its scenes fail (\(checks) failing \(plural(checks, "check")) in all), the "
        + "lowest and highest ratio it can reach over any wallpaper there (⛔: in some scene it "
        + "never passes on any wallpaper, listed above), \(ItemFailures.fixPhrase(report)). "
        + "Trust is "
        + "the weakest among the profile numbers the worst verdict rests on: `exact` (none: the "
        + "app's own colours over the wallpaper), `apple` (published by Apple), "
        + "`third-party-measurement` (measured on Apple's renders, or fitted to such "
        + "measurements), `assumption` (the profile's own; no public measurement).")
    out.append("")
    let sections = groups.map { section(report, id: $0.section, items: $0.items) }
    let room = budget - length(out) - 400
    // The most rows per layout that fit when every layout shows that many.
    var rows = maximumItemRowsPerSection
    func size(_ k: Int) -> Int {
      sections.reduce(0) { $0 + length($1.head) + length(Array($1.rows.prefix(k))) + 120 }
    }
    while rows > 1 && size(rows) > room { rows -= 1 }
    if size(1) > room {
      return out + compact(report, groups: groups, budget: room)
    }
    var used = 0
    var left: [(String, Int)] = []
    for (n, sec) in sections.enumerated() {
      let shown = Array(sec.rows.prefix(rows))
      let more =
        sec.rows.count > shown.count
        ? [
          "",
          "… and \(sec.rows.count - shown.count) more \(plural(sec.rows.count - shown.count, "item")) of this layout in report.html.",
        ]
        : []
      let lines = sec.head + shown + more + [""]
      if used + length(lines) > room {
        left = groups[n...].map { ($0.section, $0.items.count) }
        break
      }
      out += lines
      used += length(lines)
    }
    if !left.isEmpty {
      var line =
        "**\(left.count) more \(plural(left.count, "layout")) with failing items** (see report.html):"
      var named = 0
      for (id, count) in left {
        let part = " \(cell(short(id, maximumCellLength))) (\(count)),"
        if line.utf8.count + part.utf8.count > 360 { break }
        line += part
        named += 1
      }
      line = String(line.dropLast(line.hasSuffix(",") ? 1 : 0))
      if named < left.count { line += " and \(left.count - named) more" }
      out.append(line + ".")
      out.append("")
    }
    return out
  }

  /// When not even one section per layout fits: one table with a row per
  /// layout (its worst item, and how many items fail), capped to `budget`.
  static func compact(
    _ report: AuditReport, groups: [(section: String, items: [ItemFailure])], budget: Int
  ) -> [String] {
    var out = [
      "Too many layouts fail for a section each here: each layout's worst item. "
        + "report.html has every item.",
      "",
      "| layout | failing items | worst item | worst | needs | worst scene | fails in | fix |",
      "|---|---:|---|---:|---:|---|---:|---|",
    ]
    for (id, items) in groups {
      let i = items[0]
      let r = i.worst
      out.append(
        "| \(cell(short(id, maximumCellLength))) | \(items.count) | "
          + "\(cell(short(i.element, maximumCellLength))) › \(cell(short(i.item, maximumCellLength)))"
          + "\(i.vibrantNote) | "
          + "\(WCAG.displayRatio(r.judgedRatio)) | \(threshold(r.threshold)) | "
          + "\(cell(short(r.sceneImage, maximumCellLength))) (\(cell(r.sceneDescription))) | "
          + "\(i.failingScenes)/\(i.scenes) | \(cell(short(i.fix, 200))) |")
    }
    out.append("")
    return capped(
      Array(out.prefix(2)) + out.dropFirst(2).filter { $0.hasPrefix("| ") } + [""],
      budget: budget
    ) { "\n… and \($0) more layouts with failing items in report.html." }
  }

  /// A layout's heading and table head, and one row per failing item.
  static func section(_ report: AuditReport, id: String, items: [ItemFailure])
    -> (head: [String], rows: [String])
  {
    // From the results only (not the layouts' titles and files, which
    // report.json does not carry), so a merged report.md is a single run's.
    let name = "`\(code(short(id, maximumCellLength)))`"
    let file = items[0].worst.file
    let checks = items.reduce(0) { $0 + $1.failingScenes }
    var head = [
      "### \(name)", "",
      "\(items.count) failing \(plural(items.count, "item")) (\(checks) failing "
        + "\(plural(checks, "check"))) in `\(code(short(file, 160)))`.",
      "",
    ]
    head.append(
      "| element › item | worst | needs | worst scene | fails in | bounds | trust | fix | line |")
    head.append("|---|---:|---:|---|---:|---|---|---|---:|")
    let rows = items.map { i -> String in
      let r = i.worst
      let bounds = "\(WCAG.displayRatio(r.bounds.min))–\(WCAG.displayRatio(r.bounds.max))"
      return
        "| \(cell(short(i.element, maximumCellLength))) › \(cell(short(i.item, maximumCellLength)))"
        + "\(i.vibrantNote) | \(WCAG.displayRatio(r.judgedRatio)) | \(threshold(r.threshold)) | "
        + "\(cell(short(r.sceneImage, maximumCellLength))) (\(cell(r.sceneDescription))) | "
        + "\(i.failingScenes)/\(i.scenes) | \(bounds)\(i.neverPasses ? " ⛔" : "") | "
        + "\(trustText(r)) | \(cell(short(i.fix, 300))) | \(r.line) |"
    }
    return (head, rows)
  }

  /// The items with a check to review (issue 29 part 4), worst first: each
  /// once, with its worst such check's ratio, interval and scene, and how
  /// many of its checks are reviews.
  static func reviews(_ report: AuditReport) -> [String] {
    let items = ItemFailures.items(report, verdict: .review, sortingChecks: false)
    guard !items.isEmpty else { return [] }
    var out = [
      "## To review", "",
      "\(items.count) \(plural(items.count, "item")) neither \(items.count == 1 ? "passes" : "pass") "
        + "nor \(items.count == 1 ? "fails" : "fail") in some scenes: the ratio's interval, given "
        + "how far the profile's numbers may be from what iOS draws, holds the threshold"
        + (report.gatesReviews ? " (they fail the run: `--fail-on review`)." : "."),
      "",
      "| item | ratio | interval | needs | worst scene | reviews | trust |",
      "|---|---:|---|---:|---|---:|---|",
    ]
    for i in items {
      let r = i.worst
      let iv = r.interval
      out.append(
        "| \(itemName(i)) | \(WCAG.displayRatio(r.judgedRatio)) | "
          + "\(WCAG.displayRatio(iv.min))–\(WCAG.displayRatio(iv.max)) | "
          + "\(threshold(r.threshold)) | \(cell(short(r.sceneImage, maximumCellLength))) "
          + "(\(cell(r.sceneDescription))) | \(i.failingScenes)/\(i.scenes) | \(trustText(r)) |")
    }
    out.append("")
    return out
  }

  /// The baseline entries that fail the run as stale, by fingerprint.
  static func staleEntries(_ report: AuditReport) -> [String] {
    let stale = report.failingStaleEntries
    guard !stale.isEmpty else { return [] }
    var out = [
      "## Stale baseline entries", "",
      "These accepted failures pass now (or their items are gone); they fail the run until "
        + "they are removed with `--prune-baseline`.",
      "",
    ]
    for e in stale { out.append("- `\(code(short(e.fingerprint, 300)))`") }
    out.append("")
    return out
  }

  static func findings(_ report: AuditReport) -> [String] {
    guard !report.outcome.findings.isEmpty else { return [] }
    var out = ["## Findings", ""]
    for f in report.outcome.findings {
      var place = ""
      if let file = f.file {
        place = " (`\(code(short(file, 160)))\(f.line.map { ":\($0)" } ?? "")`)"
      }
      out.append("- **\(f.rule.id)**: \(cell(short(f.message, 400)))\(place)")
    }
    out.append("")
    return out
  }

  /// `third-party-measurement`, or `assumption (increaseContrast.glassFill)`
  /// with the weakest number's path.
  static func trustText(_ r: CheckResult) -> String {
    r.trust == .assumption && !r.trustBasis.isEmpty
      ? "\(r.trust.rawValue) (`\(code(r.trustBasis))`)" : r.trust.rawValue
  }

  static func threshold(_ t: Double) -> String { JSONValue.format(t) }

  /// Escapes text for a Markdown table cell (``Escaping/markdownCell(_:)``).
  static func cell(_ s: String) -> String { Escaping.markdownCell(s) }

  /// Escapes text for a code span (``Escaping/markdownCode(_:)``).
  static func code(_ s: String) -> String { Escaping.markdownCode(s) }
}
