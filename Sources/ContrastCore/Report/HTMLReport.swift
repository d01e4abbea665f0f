/// `report.html`: one self-contained page for designers (SPEC §4, issue 15):
/// the summary, the matrix of wallpapers by scene columns, the items that
/// never pass on any wallpaper, then a section per layout with the failing
/// items of that screen: its worst scene's modelled preview and heatmap,
/// 360 px wide and opening full size (item frames overlaid, each text item's
/// words in its colour, each icon's frame filled in its colour, numbered
/// badges in the margins with a line to their items, a legend beside),
/// above one row per item (its worst ratio and scene, how many of its scenes
/// fail, its bounds and one fix; a card per item on a phone), the findings
/// and the errors; filters by each dimension of the matrix
/// (``SceneDimension/filtered``) and verdict. A run that sweeps text
/// settings (SPEC §3.8) also gets a "by text setting" table after the matrix
/// and filters by text size and Bold Text, which the matrix follows (each
/// cell counts the text settings chosen, every one when none is, and says
/// in how many of them it fails: `TextColumns`), and each preview card names
/// the text setting it draws; a run of the default text setting gets none
/// of them (its bytes are those from before they existed).
///
/// Self-contained: CSS and script inline, images as `data:` URIs, and a
/// Content-Security-Policy that forbids every other load. Every user string
/// is HTML-escaped (`escape`). Bounded: at most `maximumPreviews` scene cards
/// allotted per layout (each layout's worst scene first), holding at most
/// `maximumImageBytes` of PNG, and `maximumItemRowsPerSection` item rows per
/// layout; the page says how many are left out.
/// Deterministic: the same report gives the same bytes.
public enum HTMLReport {
  /// At most this many scene cards (with their two images); the audit draws
  /// no more.
  public static let maximumPreviews = 60
  /// At most this many bytes of PNG (before base64) over all scene cards:
  /// with base64's third more, the bundled run's page stays under 5 MB.
  public static let maximumImageBytes = 2_400_000
  /// At most this many item rows in a layout's table.
  public static let maximumItemRowsPerSection = 300

  public static func render(_ report: AuditReport) -> String {
    let gate = report.verdict
    let state: String
    let verdictText: String
    switch gate.gate {
    case .pass: (state, verdictText) = ("pass", "Passing")
    case .fail: (state, verdictText) = ("fail", "Failing")
    case .inputError: (state, verdictText) = ("error", "Some inputs could not be audited")
    }
    var out = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out +=
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      + "img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
    out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
    out += "<title>glass-audit report: \(escape(verdictText.lowercased()))</title>\n"
    let sweeps = report.settings.sweepsTextSettings
    out += "<style>\n\(stylesheet)\(sweeps ? textStylesheet : "")</style>\n</head>\n<body>\n"
    out += "<a class=\"skip\" href=\"#layouts\">Skip to the failing items</a>\n"
    let items = ItemFailures.items(report) + ItemFailures.items(report, verdict: .warn)
    out += header(report, state: state, verdictText: verdictText, items: items)
    out += filters(report)
    out += "<main>\n"
    out += matrix(report)
    out += textSettings(report)
    out += neverPasses(report, items: items)
    out += sections(report, items: items)
    out += reviews(report)
    out += findings(report)
    out += errors(report)
    out += "</main>\n"
    out += "<footer><p>\(escape(toolName)) \(escape(toolVersion))"
    if let t = report.timestamp { out += " · \(escape(t))" }
    out += " · ratios floored to two decimals (4.499 shows as 4.49 and fails)</p></footer>\n"
    out += "<script>\n\(script(textFilters: report.settings.sweepsTextSettings))</script>\n"
    out += "</body>\n</html>\n"
    return out
  }

  /// Escapes text for HTML element content and for quoted attribute values
  /// (``Escaping/html(_:)``): `&`, `<`, `>`, `"` and `'` become character
  /// references, hidden characters are shown escaped.
  public static func escape(_ s: String) -> String { Escaping.html(s) }

  /// Text written with Markdown code spans (the fix texts name colours as
  /// `` `black` ``), as HTML: each span between a pair of backticks becomes
  /// `<code>…</code>`, everything escaped (``escape(_:)``); a backtick
  /// without a partner stays a backtick.
  public static func inlineCode(_ s: String) -> String {
    let parts = s.split(separator: "`", omittingEmptySubsequences: false)
    var out = ""
    for (n, part) in parts.enumerated() {
      // Odd parts sit after an opening backtick; the last has no partner.
      if n % 2 == 1 && n < parts.count - 1 {
        out += "<code>\(escape(String(part)))</code>"
      } else {
        if n % 2 == 1 { out += "`" }
        out += escape(String(part))
      }
    }
    return out
  }

  // MARK: - Sections

  static func header(
    _ report: AuditReport, state: String, verdictText: String, items: [ItemFailure]
  ) -> String {
    let s = report.summary
    let st = report.settings
    var out = "<header class=\"banner \(state)\">\n<div class=\"wrap\">\n"
    out += "<p class=\"eyebrow\">glass-audit report</p>\n"
    out += "<h1><span class=\"dot\" aria-hidden=\"true\"></span>\(escape(verdictText))</h1>\n"
    let line = "\(s.failed) of \(s.checks) checks fail over \(s.scenes) scenes"
    let failing = items.filter { $0.worst.verdict == .fail }
    let sectionCount = Set(failing.map(\.section)).count
    out += "<p class=\"lede\">\(escape(line))"
    if !failing.isEmpty {
      out +=
        ": <a href=\"#layouts\">\(failing.count) failing item\(failing.count == 1 ? "" : "s") in "
        + "\(sectionCount) layout\(sectionCount == 1 ? "" : "s")</a>"
    }
    out += ".</p>\n"
    let never = failing.filter(\.neverPasses).count
    if never > 0 {
      out +=
        "<p class=\"lede never-link\"><a href=\"#never\">\(never) item\(never == 1 ? "" : "s") "
        + "never pass\(never == 1 ? "es" : "") on any wallpaper</a> (a design error, not a "
        + "wallpaper problem).</p>\n"
    }
    let reasons = report.verdict.reasons
    if report.baselineOutcome != nil || report.failOn != .error, !reasons.isEmpty {
      out += "<p class=\"lede\">\(escape(reasons.joined(separator: "; "))).</p>\n"
    }
    let stale = report.failingStaleEntries
    if !stale.isEmpty {
      out += "<p class=\"settings\">Stale baseline entries (remove them with --prune-baseline): "
      out += stale.map { "<code>\(escape($0.fingerprint))</code>" }.joined(separator: ", ")
      out += "</p>\n"
    }
    out += "<dl class=\"stats\">\n"
    let tiles: [(String, Int, String)] = [
      ("Scenes", s.scenes, ""), ("Checks", s.checks, ""), ("Passed", s.passed, "pass"),
      ("Failed", s.failed, s.failed > 0 ? "fail" : ""),
    ]
    // (A tile of reviews only in a run that has some.)
    let reviewTile: [(String, Int, String)] =
      s.reviews > 0 ? [("To review", s.reviews, "warn")] : []
    let rest: [(String, Int, String)] = [
      ("Warnings", s.warnings, s.warnings > 0 ? "warn" : ""),
      ("Errors", s.errors, s.errors > 0 ? "fail" : ""),
    ]
    for (label, value, cls) in tiles + reviewTile + rest {
      out += "<div class=\"tile \(cls)\"><dt>\(label)</dt><dd>\(value)</dd></div>\n"
    }
    out += "</dl>\n"
    out +=
      "<p class=\"settings\">WCAG 2.2 level <b>\(escape(st.level.rawValue))</b> · judged on "
      + "the <b>\(escape(st.statistic.rawValue))</b> ratio of each item’s pixels · large text by "
      + "the <b>\(escape(st.largeText.rawValue))</b> rule · "
      + SceneDimension.sweptRows.map { d in
        d.valuesPhrase(d.sweepWords(report)) { "<b>\(escape($0))</b>" }
      }.joined(separator: " · ")
      + SceneDimension.all.compactMap { d in
        d.runValues.map { _ in
          " · \(d.label) <b>" + escape(d.runWords(st).joined(separator: ", ")) + "</b>"
        }
      }.joined() + "</p>\n"
    out += "</div>\n</header>\n"
    return out
  }

  static func filters(_ report: AuditReport) -> String {
    let heads = report.outcome.results.sceneHeads()
    var out = "<nav class=\"filters\" aria-label=\"Filters\">\n<div class=\"wrap\">\n"
    func select(_ id: String, _ label: String, _ options: [(String, String)]) -> String {
      var s = "<label>\(label) <select id=\"f-\(id)\" data-filter=\"\(id)\">"
      s += "<option value=\"\">All</option>"
      for (value, text) in options {
        s += "<option value=\"\(escape(value))\">\(escape(text))</option>"
      }
      return s + "</select></label>\n"
    }
    // A section's values (the layouts) by their titles.
    func title(_ id: String) -> String {
      report.title(ofSection: id).map { $0 == id ? id : "\($0) (\(id))" } ?? id
    }
    let st = report.settings
    for d in SceneDimension.all {
      // A text setting only when the run sweeps it.
      if d.role == .textSetting && !(st.sweepsTextSettings && d.runWords(st).count > 1) {
        continue
      }
      out += select(
        d.filterName, d.label,
        d.filterOptions(report, seen: heads, title: title).map { ($0.value, $0.text) })
    }
    let verdicts =
      [("fail", "fail")] + (report.summary.reviews > 0 ? [("review", "review")] : [])
      + [("warn", "warn"), ("pass", "pass")]
    out += select("verdict", "Verdict", verdicts)
    out += "<button type=\"button\" id=\"f-reset\">Reset</button>\n"
    out += "<output id=\"f-count\" aria-live=\"polite\"></output>\n"
    out += "</div>\n</nav>\n"
    return out
  }

  struct Counts {
    var fail = 0
    var warn = 0
    var total = 0
    var worst: String { fail > 0 ? "fail" : (warn > 0 ? "warn" : "pass") }

    /// Counts one more check.
    mutating func add(_ verdict: Verdict) {
      total += 1
      if verdict == .fail { fail += 1 }
      if verdict == .warn { warn += 1 }
    }

    /// Counts the checks `other` counts.
    mutating func add(_ other: Counts) {
      total += other.total
      fail += other.fail
      warn += other.warn
    }
  }

  static func matrix(_ report: AuditReport) -> String {
    let results = report.outcome.results
    guard !results.isEmpty else { return "" }
    let st = report.settings
    let combos = st.matrixColumns
    // The column groups (the first column dimension's values), in order,
    // and how many columns each spans.
    var groups: [(name: String, span: Int)] = []
    for c in combos {
      if groups.last?.name == c.group {
        groups[groups.count - 1].span += 1
      } else {
        groups.append((c.group, 1))
      }
    }
    let shown = SceneDimension.shownRows(report)
    struct CellKey: Hashable {
      var section: String
      var row: MatrixRow
      var column: MatrixColumn
    }
    var cells: [CellKey: Counts] = [:]
    // A run that sweeps text settings: each cell's counts per text setting
    // too (`TextColumns` order), for the matrix to follow the text size and
    // Bold Text filters.
    let text = st.sweepsTextSettings ? TextColumns(report) : nil
    var perSetting: [CellKey: [Counts]] = [:]
    // A run of checks shares its scene and layout, so its cells.
    let runs = results.sceneRuns()
    for run in runs {
      var counts = Counts()
      for i in run { counts.add(results.verdicts[i]) }
      let r = results[run.lowerBound]
      for section in ["", r.section] {
        let k = CellKey(
          section: section, row: MatrixRow(r), column: MatrixColumn(r))
        cells[k, default: Counts()].add(counts)
        if let text {
          perSetting[k, default: Array(repeating: Counts(), count: text.count)][text.index(r)]
            .add(counts)
        }
      }
    }
    var out = "<section id=\"matrix\" aria-labelledby=\"matrix-h\""
    if let text { out += text.sectionAttributes }
    out += ">\n<h2 id=\"matrix-h\">Matrix</h2>\n"
    out +=
      "<p class=\"note\">Failing checks / checks per "
      + MatrixRow.heading(shown, joiner: " and ") + ", "
      + SceneDimension.sentence(SceneDimension.columns.map(\.phrase))
      + " (– : Reduce Transparency draws no glass"
      + (text != nil
        ? "; the \(SceneDimension.textSettingsPhrase) filters choose the text settings counted, "
          + "and a "
          + "cell counting several says under its count in how many of them it fails" : "")
      + "). Select a cell to show only its scenes and failures.</p>\n"
    if let text { out += text.scope }
    let heads = runs.map { results[$0.lowerBound] }
    let sections = [""] + Set(heads.map(\.section)).sorted()
    for id in sections {
      let rows = Set(
        heads.filter { id.isEmpty || $0.section == id }.map(MatrixRow.init)
      ).sorted()
      let caption = Self.caption(report, section: id)
      out +=
        "<div class=\"matrix-wrap\" data-matrix=\"\(escape(id))\"\(id.isEmpty ? "" : " hidden")>\n"
      out += "<table class=\"matrix\">\n<caption>\(escape(caption))</caption>\n"
      // A column group per value of the first column dimension, ruled off
      // from the one before.
      out +=
        "<colgroup><col>" + groups.map { "<col span=\"\($0.span)\" class=\"group\">" }.joined()
        + "</colgroup>\n<thead>\n"
      out +=
        "<tr><th rowspan=\"2\" scope=\"col\">\(escape(Self.capitalized(MatrixRow.heading(shown))))</th>"
      for g in groups {
        out += "<th colspan=\"\(g.span)\" scope=\"colgroup\">\(escape(g.name))</th>"
      }
      out += "</tr>\n<tr>"
      for c in combos {
        out +=
          "<th scope=\"col\"><abbr title=\"\(escape(c.title))\">\(escape(c.shortHeading))"
          + "</abbr></th>"
      }
      out += "</tr>\n</thead>\n<tbody>\n"
      for row in rows {
        let rowName = row.name(shown)
        out += "<tr><th scope=\"row\">\(escape(rowName))</th>"
        for column in combos {
          let key = CellKey(section: id, row: row, column: column)
          guard let c = cells[key] else {
            out += "<td class=\"cell none\"><span aria-label=\"not audited\">–</span></td>"
            continue
          }
          let settings = text.flatMap { _ in perSetting[key] }
          let label =
            "\(rowName), \(column.description)" + ": \(c.fail) of \(c.total) checks fail"
            + (settings.map { TextColumns.span($0).label } ?? "")
            + (c.warn > 0 ? ", \(c.warn) warn" : "")
          out +=
            "<td class=\"cell \(c.worst)\"><button type=\"button\" class=\"pick\" "
            + Self.cellAttributes(row, column) + "aria-label=\"\(escape(label))\" "
            + "aria-pressed=\"false\"\(settings.map(TextColumns.cellAttributes) ?? "")>"
            + "\(c.fail)/\(c.total)\(settings.map { TextColumns.span($0).line } ?? "")</button></td>"
        }
        out += "</tr>\n"
      }
      out += "</tbody>\n</table>\n</div>\n"
    }
    out += "</section>\n"
    return out
  }

  /// When the run sweeps text sizes or Bold Text (SPEC §3.8): a table per
  /// layout (and one of every layout), a row per text setting with a check:
  /// its failing checks / checks, a button that filters the items to those
  /// that fail under it, and its failing items. The matrix keeps its size.
  static func textSettings(_ report: AuditReport) -> String {
    guard report.settings.sweepsTextSettings else { return "" }
    let groups = ItemFailures.byTextSetting(report, perSection: true)
    guard let all = groups[""], !all.isEmpty else { return "" }
    var out = "<section id=\"text-settings\" aria-labelledby=\"text-settings-h\">\n"
    out += "<h2 id=\"text-settings-h\">By text setting</h2>\n"
    out +=
      "<p class=\"note\">Failing checks / checks and failing items under each "
      + "\(SceneDimension.textSettingsPhrase) setting, over every wallpaper and scene (the matrix above counts the text "
      + "settings the filters choose, every one when none is chosen)."
    let dimensions = SceneDimension.textSettings
    if let first = all.first(where: { $0.failing > 0 }) {
      out +=
        " Smallest setting with a failing check: "
        + zip(dimensions, first.setting.words).map { "\($0.phrase) <b>\($1)</b>" }
        .joined(separator: ", ") + "."
    }
    out += " Select a count to show only the items that fail under that setting.</p>\n"
    let sections = [""] + groups.keys.filter { !$0.isEmpty }.sorted()
    for id in sections {
      let caption = Self.caption(report, section: id)
      out +=
        "<div class=\"matrix-wrap texts-wrap\" data-matrix=\"\(escape(id))\""
        + "\(id.isEmpty ? "" : " hidden")>\n"
      out += "<table class=\"matrix texts\">\n<caption>\(escape(caption))</caption>\n<thead>\n"
      out +=
        "<tr>" + dimensions.map { "<th scope=\"col\">\($0.label)</th>" }.joined()
        + "<th scope=\"col\">Failing checks</th><th scope=\"col\">Failing items</th></tr>\n"
      out += "</thead>\n<tbody>\n"
      for c in groups[id] ?? [] {
        let worst = c.failing > 0 ? "fail" : (c.warnings > 0 ? "warn" : "pass")
        let words = c.setting.words
        let values = zip(dimensions, words)
        let label =
          values.map { "\($0.label) \($1)" }.joined(separator: ", ")
          + ": \(c.failing) of \(c.checks) "
          + "checks fail" + (c.warnings > 0 ? ", \(c.warnings) warn" : "")
        out +=
          "<tr><th scope=\"row\">\(words[0])</th>"
          + words.dropFirst().map { "<td>\($0)</td>" }.joined()
          + "<td class=\"cell \(worst)\"><button type=\"button\" class=\"tpick\" "
          + values.map { "data-\($0.filterName)=\"\($1)\" " }.joined()
          + "aria-label=\"\(escape(label))\" aria-pressed=\"false\">\(c.failing)/\(c.checks)"
          + "</button></td><td class=\"count\">\(c.failingItems)</td></tr>\n"
      }
      out += "</tbody>\n</table>\n</div>\n"
    }
    return out + "</section>\n"
  }

  /// The items with a check to review (issue 29 part 4), worst first: each
  /// once, with its worst such check's ratio, the interval that holds its
  /// threshold, its scene, how many of its checks are reviews, and the
  /// trust and width behind the interval.
  static func reviews(_ report: AuditReport) -> String {
    let items = ItemFailures.items(report, verdict: .review, sortingChecks: false)
    guard !items.isEmpty else { return "" }
    var out = "<section id=\"reviews\" aria-labelledby=\"reviews-h\">\n"
    out += "<h2 id=\"reviews-h\">To review</h2>\n"
    out +=
      "<p class=\"note\">Neither pass nor fail: the ratio’s interval, given how far the "
      + "profile’s numbers may be from what iOS draws (each number’s held-out error, or an "
      + "assumption’s wider one), holds the threshold. "
      + (report.gatesReviews
        ? "They fail the run (<code>--fail-on \(escape(report.failOn.rawValue))</code>)."
        : "They do not fail the run; <code>--fail-on review</code> makes them.") + "</p>\n"
    out += "<div class=\"table-wrap\">\n<table class=\"results reviews\">\n<thead><tr>"
    let columns = [
      ("Item", "text"), ("Ratio", "num"), ("Interval", "num"), ("Worst scene", "text"),
      ("Reviews", "num"),
    ]
    out += sortableHeads(columns)
    out += "</tr></thead>\n<tbody>\n"
    for i in items.prefix(maximumReviewRows) {
      let r = i.worst
      let iv = r.interval
      out += "<tr\(filterAttributes(i.checks, verdicts: [.review]))>"
      out +=
        "<td class=\"item\"><span class=\"badge review\">review</span> "
        + "<b>\(escape(i.path))</b>\(escape(i.vibrantNote))"
        + "<code class=\"where\">\(escape(":\(r.line)"))</code></td>"
      out +=
        "<td class=\"num\" data-v=\"\(JSONValue.format(r.judgedRatio))\"><b class=\"ratio\">"
        + "\(WCAG.displayRatio(r.judgedRatio))</b>"
        + "<span class=\"sub\">needs \(JSONValue.format(r.threshold))</span></td>"
      out +=
        "<td class=\"num\" data-v=\"\(JSONValue.format(iv.min))\">"
        + "\(WCAG.displayRatio(iv.min))–\(WCAG.displayRatio(iv.max))"
        + "<span class=\"sub\">±\(JSONValue.format(r.uncertainty)) levels</span></td>"
      out += sceneCell(r)
      out +=
        "<td class=\"num\" data-v=\"\(i.failingScenes)\">\(i.failingScenes)"
        + "<span class=\"muted\">/\(i.scenes)</span></td>"
      out += "</tr>\n"
    }
    out += "</tbody>\n</table>\n</div>\n"
    if items.count > maximumReviewRows {
      out +=
        "<p class=\"note\">\(items.count - maximumReviewRows) more items to review are not "
        + "shown here; report.json and report.sqlite have every one.</p>\n"
    }
    return out + "</section>\n"
  }

  /// At most this many items are listed among those to review.
  static let maximumReviewRows = 100

  static func findings(_ report: AuditReport) -> String {
    let list = report.outcome.findings
    guard !list.isEmpty else { return "" }
    var out = "<section id=\"findings\" aria-labelledby=\"findings-h\">\n"
    out += "<h2 id=\"findings-h\">Findings</h2>\n<ul class=\"plain\">\n"
    for f in list {
      out += "<li><span class=\"rule\">\(escape(f.rule.id))</span> \(inlineCode(f.message))"
      if let file = f.file {
        out += " <code>\(escape(file + (f.line.map { ":\($0)" } ?? "")))</code>"
      }
      out += "</li>\n"
    }
    return out + "</ul>\n</section>\n"
  }

  static func errors(_ report: AuditReport) -> String {
    let list = report.outcome.errors
    guard !list.isEmpty else { return "" }
    var out = "<section id=\"errors\" aria-labelledby=\"errors-h\">\n"
    out += "<h2 id=\"errors-h\">Inputs that could not be audited</h2>\n<ul class=\"plain\">\n"
    for e in list {
      out += "<li><code>\(escape(e.input))</code> \(escape(e.message))</li>\n"
    }
    return out + "</ul>\n</section>\n"
  }

  // MARK: - Formatting

  /// The text settings of a run that sweeps them (SPEC §3.8), as the
  /// matrix counts them: every value of each dimension of
  /// ``SceneDimension/textSettings`` in the run (or in a check) by every
  /// value of the next, the first dimension major
  /// (``AuditSettings/textSettingColumns`` order). A cell carries its
  /// counts per setting in this order (`data-tf`, `data-tn`, `data-tw`:
  /// failing checks, checks, warnings; `data-tn` is one number when every
  /// setting has as many checks), and the page's script sums those the
  /// text setting filters choose.
  struct TextColumns {
    /// Each text setting dimension's values, as words in its order.
    var values: [[String]]

    init(_ report: AuditReport) {
      var settings = Set(report.settings.textSettingColumns)
      for r in report.outcome.results.sceneHeads() { settings.insert(r.textSetting) }
      values = SceneDimension.textSettings.map { d in
        var words: [Int: String] = [:]
        for s in settings { words[d.settingRank!(s)] = d.settingWord!(s) }
        return words.keys.sorted().map { words[$0]! }
      }
    }

    var count: Int { values.reduce(1) { $0 * $1.count } }

    func index(_ r: CheckResult) -> Int {
      zip(values, r.textSetting.words).reduce(0) { $0 * $1.0.count + $1.0.firstIndex(of: $1.1)! }
    }

    /// The matrix section's: each dimension's values, space-separated
    /// (`data-textsizes`, `data-bolds`).
    var sectionAttributes: String {
      zip(SceneDimension.textSettings, values).map { d, words in
        " data-\(d.filterName)s=\"\(words.joined(separator: " "))\""
      }.joined()
    }

    /// The line that says which text settings the matrix counts; the script
    /// rewrites it when a text size or Bold Text is chosen.
    var scope: String {
      let parts = zip(SceneDimension.textSettings, values).map { d, words in
        (words: d.runPhrase(words), several: words.count > 1)
      }
      var joined = parts.first?.words ?? ""
      for (before, part) in zip(parts, parts.dropFirst()) {
        joined += (before.several && part.several ? " × " : ", ") + part.words
      }
      let text =
        count == 1
        ? "Counting the run’s one text setting: "
          + parts.map(\.words).joined(separator: ", ") + "."
        : "Counting all \(count) text settings together (\(joined)): choose a "
          + SceneDimension.textSettings.map(\.phrase).joined(separator: " or ")
          + " in the filters to count only those."
      return "<p class=\"scope\" id=\"matrix-scope\" aria-live=\"polite\">\(text)</p>\n"
    }

    /// A cell's counts per setting, as attributes.
    static func cellAttributes(_ counts: [Counts]) -> String {
      func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: " ") }
      let totals = counts.map(\.total)
      var out = " data-tf=\"\(list(counts.map(\.fail)))\" data-tn=\""
      out += totals.allSatisfy({ $0 == totals[0] }) ? "\(totals[0])\"" : "\(list(totals))\""
      if counts.contains(where: { $0.warn > 0 }) {
        out += " data-tw=\"\(list(counts.map(\.warn)))\""
      }
      return out
    }

    /// How many of a cell's settings have a check and how many of those a
    /// failing one: the line under its count (when it counts several) and
    /// the words for its label.
    static func span(_ counts: [Counts]) -> (line: String, label: String) {
      let settings = counts.filter { $0.total > 0 }.count
      let failing = counts.filter { $0.fail > 0 }.count
      guard settings > 1 else { return ("", "") }
      return (
        "<span class=\"ts\">\(failing) of \(settings) settings</span>",
        " over \(settings) text settings, \(failing) of them with a failing check"
      )
    }
  }

  /// A row of the matrix: a wallpaper, under a profile.
  /// A matrix cell's attributes, the filters a click on it sets: each
  /// dimension of ``SceneDimension/matrix`` (its row's and its column's) in
  /// list order, `none` where it has no value.
  static func cellAttributes(_ row: MatrixRow, _ column: MatrixColumn) -> String {
    var words: [String: String] = [:]
    for (d, w) in row.values { words[d.key] = w }
    for (d, w) in column.values { words[d.key] = w ?? "none" }
    return SceneDimension.matrix.map { d in
      "data-\(d.filterName)=\"\(escape(words[d.key] ?? "none"))\" "
    }.joined()
  }

  /// A matrix's caption: `All layouts` for every section (`id` empty),
  /// else the section's label, title and id (`Layout Home (home)`).
  static func caption(_ report: AuditReport, section id: String) -> String {
    let d = SceneDimension.section
    return id.isEmpty
      ? "All \(d.phrase)s" : "\(d.label) \(report.title(ofSection: id) ?? id) (\(id))"
  }

  /// `s` with its first letter upper-case (`Wallpaper · profile`).
  static func capitalized(_ s: String) -> String {
    s.prefix(1).uppercased() + s.dropFirst()
  }

  /// `part / whole` as a percentage with three decimals, computed in integers
  /// (the same on every platform and locale).
  static func percent(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "0" }
    let thousandths = (part * 100_000 + whole / 2) / whole
    let frac = abs(thousandths % 1000)
    let pad = frac < 10 ? "00" : (frac < 100 ? "0" : "")
    return "\(thousandths < 0 ? "-" : "")\(abs(thousandths) / 1000).\(pad)\(frac)%"
  }
}
