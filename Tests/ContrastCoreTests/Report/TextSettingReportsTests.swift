import Testing

@testable import ContrastCore

/// The human reports of a run that sweeps text sizes and Bold Text (issue
/// 18, SPEC §3.8): the matrix keeps its size, a "by text setting" table
/// counts each setting, and the HTML filters by them; a run of the default
/// text setting shows none of it.
@Suite struct TextSettingReportsTests {
  static func check(
    layout: String = "tabs", item: String, wallpaper: String = "dusk",
    kind: ContentKind = .text, verdict: Verdict, size: TextSize, bold: Bool
  ) -> CheckResult {
    var c = ReportFixtures.check(
      layout: layout, item: item, wallpaper: wallpaper, kind: kind, verdict: verdict,
      ratio: verdict == .pass ? 5 : 2, threshold: kind == .decorative ? 3 : 4.5)
    c.textSize = size
    c.boldText = bold
    return c
  }

  /// Hand-counted, per text setting:
  /// - large, off: 3 checks, none fails, no failing item;
  /// - large, on: 2 checks, 1 fails (tabs › label), 1 failing item;
  /// - xxxLarge, off: 3 checks, 2 fail (tabs › title on two wallpapers),
  ///   1 failing item;
  /// - AX5, off: 4 checks, 3 fail (tabs › title, tabs › label, home ›
  ///   hero) and a warning, 3 failing items;
  /// - xxxLarge on and AX5 on have no check (no row).
  static var swept: AuditReport {
    let results = [
      check(item: "title", verdict: .pass, size: .large, bold: false),
      check(item: "label", verdict: .pass, size: .large, bold: false),
      check(item: "label", wallpaper: "dawn", verdict: .pass, size: .large, bold: false),
      check(item: "title", verdict: .pass, size: .large, bold: true),
      check(item: "label", verdict: .fail, size: .large, bold: true),
      check(item: "title", verdict: .fail, size: .xxxLarge, bold: false),
      check(item: "title", wallpaper: "dawn", verdict: .fail, size: .xxxLarge, bold: false),
      check(item: "label", verdict: .pass, size: .xxxLarge, bold: false),
      check(item: "title", verdict: .fail, size: .ax5, bold: false),
      check(item: "label", verdict: .fail, size: .ax5, bold: false),
      check(item: "rule", kind: .decorative, verdict: .warn, size: .ax5, bold: false),
      check(layout: "home", item: "hero", verdict: .fail, size: .ax5, bold: false),
    ].sorted(by: CheckResult.reportOrder)
    var report = ReportFixtures.report(results)
    report.settings = AuditSettings(
      textSizes: [.large, .xxxLarge, .ax5], boldText: [false, true])
    return report
  }

  /// The same checks all at the default text setting.
  static var unswept: AuditReport {
    var report = swept
    for i in report.outcome.results.indices {
      report.outcome.results[i].textSize = .default
      report.outcome.results[i].boldText = false
    }
    report.settings = AuditSettings()
    return report
  }

  @Test func theCountsPerTextSettingAreHandCounted() {
    let rows = ItemFailures.byTextSetting(Self.swept)
    #expect(rows.map(\.setting.textSize) == [.large, .large, .xxxLarge, .ax5])
    #expect(rows.map(\.setting.boldText) == [false, true, false, false])
    #expect(rows.map(\.setting.words)[1] == ["large", "on"])
    #expect(rows.map(\.failing) == [0, 1, 2, 3])
    #expect(rows.map(\.checks) == [3, 2, 3, 4])
    #expect(rows.map(\.failingItems) == [0, 1, 1, 3])
    #expect(rows.map(\.warnings) == [0, 0, 0, 1])
    let home = ItemFailures.byTextSetting(Self.swept, perSection: true)["home"] ?? []
    #expect(home.map(\.setting.textSize) == [.ax5])
    #expect(home.map(\.failing) == [1])
  }

  /// The console's summary takes the items without sorting each item's
  /// checks: the same items in the same order, each with the same worst
  /// check and counts, the rest of its checks in report order.
  @Test func itemsWithoutSortingTheirChecksKeepTheWorstFirst() {
    let ratios: [Double] = [2.5, 1.5, 3.0, 1.5, 2.0, 1.2, 4.0, 1.2]
    var results: [CheckResult] = []
    for (n, r) in ratios.enumerated() {
      var c = ReportFixtures.check(
        layout: "tabs", item: n % 2 == 0 ? "title" : "label", wallpaper: "w\(n)",
        verdict: .fail, ratio: r, threshold: 4.5)
      c.textSize = TextSize.allCases[n % TextSize.allCases.count]
      results.append(c)
    }
    results.sort(by: CheckResult.reportOrder)
    let report = ReportFixtures.report(results)
    let sorted = ItemFailures.items(report)
    let summary = ItemFailures.items(report, sortingChecks: false)
    #expect(summary.map(\.path) == sorted.map(\.path))
    #expect(summary.map(\.worst.wallpaper) == sorted.map(\.worst.wallpaper))
    #expect(summary.map(\.failingScenes) == sorted.map(\.failingScenes))
    #expect(summary.map(\.scenes) == sorted.map(\.scenes))
    #expect(summary.map(\.gating) == sorted.map(\.gating))
    // label: 1.5 (w1), 1.5 (w3), 1.2 (w5), 1.2 (w7): w5 is the worst of
    // two at 1.2 by report order.
    let label = summary.first { $0.item == "label" }!
    #expect(label.worst.wallpaper == "w5")
    let rest = Array(label.checks.dropFirst())
    #expect(
      rest.map(\.wallpaper)
        == results.filter { $0.item == "label" && $0.wallpaper != "w5" }.map(\.wallpaper))
    #expect(
      sorted.first { $0.item == "label" }!.checks.map(\.wallpaper) == ["w5", "w7", "w1", "w3"])
  }

  /// JUnit sorts only the scenes it lists: the leading worst are the
  /// first of the full (stable) sort, ties included, the rest follow in
  /// their order, and none is lost.
  @Test func theLeadingWorstAreThoseOfTheFullSort() {
    // Ratios with ties (one wallpaper each, so report order breaks them).
    let ratios: [Double] = [2.5, 1.5, 3.0, 1.5, 2.0, 1.2, 4.0, 1.2, 1.5, 0.9, 2.0, 1.2]
    let checks = ratios.enumerated().map { n, r in
      ReportFixtures.check(
        layout: "tabs", item: "title", wallpaper: "w\(n)", verdict: .fail, ratio: r,
        threshold: 4.5)
    }
    let sorted = checks.sorted(by: ItemFailures.worseFirst)
    for k in [1, 3, 5, 11, 12, 20] {
      let lead = ItemFailures.worstFirst(checks, leading: k)
      #expect(lead.count == checks.count)
      let n = min(k, checks.count)
      #expect(lead.prefix(n).map(\.wallpaper) == sorted.prefix(n).map(\.wallpaper), "k \(k)")
      if k < checks.count {
        let first = Set(sorted.prefix(n).map(\.wallpaper))
        #expect(
          lead.dropFirst(n).map(\.wallpaper)
            == checks.map(\.wallpaper).filter { !first.contains($0) }, "k \(k)")
      }
    }
    // 0.9, then the three at 1.2 in report order (wallpaper ids as text).
    #expect(sorted.prefix(4).map(\.wallpaper) == ["w9", "w11", "w5", "w7"])
  }

  @Test func theMarkdownHasATableByTextSetting() {
    let md = MarkdownReport.render(Self.swept)
    #expect(md.contains("## By text setting"))
    #expect(
      md.contains(
        """
        | text size | Bold Text | failing checks | failing items |
        |---|---|---:|---:|
        | large | off | ✅ 0/3 | 0 |
        | large | on | ❌ 1/2 | 1 |
        | xxxLarge | off | ❌ 2/3 | 1 |
        | AX5 | off | ❌ 3/4 | 3 |

        """))
    #expect(md.contains("text size **large**, Bold Text **on**"))
    #expect(md.contains("every text setting of the run counted together"))
    // The matrix is not multiplied: a row per wallpaper, as without the sweep.
    let plain = MarkdownReport.render(Self.unswept)
    func matrixRows(_ s: String) -> [Substring] {
      s.split(separator: "\n").filter { $0.hasPrefix("| dawn |") || $0.hasPrefix("| dusk |") }
    }
    #expect(matrixRows(md).count == 2)
    #expect(matrixRows(plain).count == 2)
    #expect(!plain.contains("By text setting"))
    #expect(!plain.contains("counted together"))
  }

  @Test func theHTMLFiltersByTextSizeAndBoldTextOnlyWhenSwept() {
    let html = HTMLReport.render(Self.swept)
    #expect(html.contains("<select id=\"f-textsize\" data-filter=\"textsize\">"))
    #expect(
      html.contains(
        "<option value=\"large\">large</option><option value=\"xxxLarge\">xxxLarge</option>"
          + "<option value=\"AX5\">AX5</option>"))
    #expect(html.contains("<select id=\"f-bold\" data-filter=\"bold\">"))
    #expect(html.contains("\"verdict\", \"textsize\", \"bold\"];"))
    // The item rows: tabs › label fails at large with Bold Text, and at AX5.
    #expect(
      html.contains(
        "data-f-textsize=\"[&quot;large&quot;,&quot;AX5&quot;]\" "
          + "data-f-bold=\"[&quot;off&quot;,&quot;on&quot;]\""))
    // The table of every layout, then home's alone.
    #expect(
      html.contains(
        "data-textsize=\"AX5\" data-bold=\"off\" aria-label=\"Text size AX5, Bold Text off: 3 of "
          + "4 checks fail, 1 warn\" aria-pressed=\"false\">3/4</button></td>"
          + "<td class=\"count\">3</td>"))
    #expect(
      html.contains(
        "<div class=\"matrix-wrap texts-wrap\" data-matrix=\"home\" hidden>\n<table class=\"matrix texts\">"
      ))
    #expect(html.contains("aria-label=\"Text size AX5, Bold Text off: 1 of 1 checks fail\""))

    let plain = HTMLReport.render(Self.unswept)
    for absent in ["f-textsize", "f-bold", "data-f-textsize", "tpick", "By text setting", "texts"] {
      #expect(!plain.contains(absent), "\(absent)")
    }
    #expect(plain.contains("\"profile\", \"verdict\"];"))
  }

  @Test func aSweptMarkdownStaysWithinAComment() {
    // 100 layouts of 30 items on 2 wallpapers, in 2 appearances, at 24 text
    // settings: 288,000 checks (12,000 a setting).
    let base = ItemReportsTests.large(layouts: 100, items: 30, wallpapers: 2)
    var results: [CheckResult] = []
    results.reserveCapacity(base.outcome.results.count * 24)
    for size in TextSize.allCases {
      for bold in [false, true] {
        for var r in base.outcome.results {
          r.textSize = size
          r.boldText = bold
          results.append(r)
        }
      }
    }
    var report = base
    report.outcome.results = CheckColumns(results)
    report.settings = AuditSettings(textSizes: TextSize.allCases, boldText: [false, true])
    let md = MarkdownReport.render(report)
    #expect(md.utf8.count <= 65_536, "\(md.utf8.count)")
    #expect(md.contains("| AX5 | on | ❌ 12000/12000 | 3000 |"))
  }

  @Test func aPreviewDrawsOneBoxPerItemWhateverTheTextSettings() {
    func box(_ item: String, _ verdict: Verdict, y: Int) -> PreviewBox {
      PreviewBox(
        element: "bar", item: item, verdict: verdict,
        rect: PixelRect(x: 0, y: y, width: 10, height: 4))
    }
    // An item's box at each of three text settings (its frame grows), then
    // another item's single box.
    let boxes = [
      box("title", .pass, y: 0), box("title", .fail, y: 1), box("title", .fail, y: 2),
      box("badge", .warn, y: 9),
    ]
    let kept = HTMLReport.onePerItem(boxes)
    #expect(kept.map(\.item) == ["title", "badge"])
    #expect(kept.map(\.verdict) == [.fail, .warn])
    #expect(kept.map(\.rect.y) == [1, 9])
  }

  /// One matrix row per wallpaper (light, normal, Liquid Glass default) of
  /// the layout tabs at four text settings, hand-counted:
  /// - dusk, large off: title pass, label pass: 0 of 2 fail;
  /// - dusk, large on: title pass, label fail (2.5): 1 of 2;
  /// - dusk, AX5 off: title fail (2.0), label fail (3.0): 2 of 2;
  /// - dusk, AX5 on: title fail (1.5), label pass, rule warns: 1 of 3;
  ///   so dusk: 4 of 9 fail, 1 warns, failing at 3 of the 4 settings;
  /// - dawn: title passes at each setting: 0 of 4, at none of the 4.
  static var cells: AuditReport {
    func at(
      _ item: String, on wallpaper: String = "dusk", _ verdict: Verdict, ratio: Double,
      _ size: TextSize, _ bold: Bool, kind: ContentKind = .text, line: Int
    ) -> CheckResult {
      var c = ReportFixtures.check(
        item: item, wallpaper: wallpaper, kind: kind, verdict: verdict, ratio: ratio,
        threshold: kind == .decorative ? 3 : 4.5, line: line, liquidGlass: .default)
      c.textSize = size
      c.boldText = bold
      return c
    }
    var results = [
      at("title", .pass, ratio: 6, .large, false, line: 10),
      at("label", .pass, ratio: 5, .large, false, line: 12),
      at("title", .pass, ratio: 5.5, .large, true, line: 10),
      at("label", .fail, ratio: 2.5, .large, true, line: 12),
      at("title", .fail, ratio: 2, .ax5, false, line: 10),
      at("label", .fail, ratio: 3, .ax5, false, line: 12),
      at("title", .fail, ratio: 1.5, .ax5, true, line: 10),
      at("label", .pass, ratio: 4.6, .ax5, true, line: 12),
      at("rule", .warn, ratio: 1.2, .ax5, true, kind: .decorative, line: 14),
    ]
    for (size, bold) in [(TextSize.large, false), (.large, true), (.ax5, false), (.ax5, true)] {
      results.append(at("title", on: "dawn", .pass, ratio: 7, size, bold, line: 10))
    }
    var report = ReportFixtures.report(results.sorted(by: CheckResult.reportOrder))
    report.settings = AuditSettings(
      modes: [.normal], appearances: [.light], liquidGlass: [.default],
      textSizes: [.large, .ax5], boldText: [false, true])
    return report
  }

  @Test func theMatrixCellsCarryTheirCountsPerTextSetting() {
    let html = HTMLReport.render(Self.cells)
    let profile: String = Profile.defaultName
    // The settings in order: large off, large on, AX5 off, AX5 on.
    #expect(
      html.contains(
        "<section id=\"matrix\" aria-labelledby=\"matrix-h\" "
          + "data-textsizes=\"large AX5\" data-bolds=\"off on\">"))
    let duskCell: String =
      "<td class=\"cell fail\"><button type=\"button\" class=\"pick\" data-wallpaper=\"dusk\" "
      + "data-appearance=\"light\" data-mode=\"normal\" data-glass=\"default\" "
      + "data-profile=\"\(profile)\" aria-label=\"dusk, light, normal, Liquid "
      + "Glass default: 4 of 9 checks fail over 4 text settings, 3 of them with a failing "
      + "check, 1 warn\" aria-pressed=\"false\" data-tf=\"0 1 2 1\" data-tn=\"2 2 2 3\" "
      + "data-tw=\"0 0 0 1\">4/9<span class=\"ts\">3 of 4 settings</span></button></td>"
    #expect(html.contains(duskCell))
    let dawnCell: String =
      "<td class=\"cell pass\"><button type=\"button\" class=\"pick\" data-wallpaper=\"dawn\" "
      + "data-appearance=\"light\" data-mode=\"normal\" data-glass=\"default\" "
      + "data-profile=\"\(profile)\" aria-label=\"dawn, light, normal, Liquid "
      + "Glass default: 0 of 4 checks fail over 4 text settings, 0 of them with a failing "
      + "check\" aria-pressed=\"false\" data-tf=\"0 0 0 0\" data-tn=\"1\">0/4"
      + "<span class=\"ts\">0 of 4 settings</span></button></td>"
    #expect(html.contains(dawnCell))
    #expect(
      html.contains(
        "<p class=\"scope\" id=\"matrix-scope\" aria-live=\"polite\">Counting all 4 text "
          + "settings together (2 text sizes × Bold Text off and on): choose a text size or Bold "
          + "Text in the filters to count only those.</p>"))
    // The script sums the chosen settings' counts into the cells.
    #expect(html.contains("function syncMatrix()"))
    #expect(html.contains("document.querySelectorAll(\".pick[data-tf]\")"))

    // The default text setting alone: no counts per setting, no scope line.
    var plain = Self.cells
    plain.outcome.results = CheckColumns(
      plain.outcome.results.filter { $0.textSize == .large && !$0.boldText })
    plain.settings = AuditSettings(modes: [.normal], appearances: [.light], liquidGlass: [.default])
    let one = HTMLReport.render(plain)
    for absent in [
      "data-tf", "data-tn", "data-textsizes", "matrix-scope", "class=\"ts\"", "syncMatrix",
    ] {
      #expect(!one.contains(absent), "\(absent)")
    }
    #expect(
      one.contains(
        "aria-label=\"dusk, light, normal, Liquid Glass default: 0 of 2 checks "
          + "fail\" aria-pressed=\"false\">0/2</button></td>"))
  }

  /// The scene dusk of `cells`: its worst check is tabs › title at AX5 with
  /// Bold Text (1.5 / 4.5), before title at AX5 off (2 / 4.5) and label at
  /// large on (2.5 / 4.5).
  static var dusk: SceneKey {
    SceneKey(
      layout: "tabs", wallpaper: "dusk", appearance: .light, mode: .normal,
      liquidGlass: .default)
  }

  static func box(_ item: String, _ verdict: Verdict, _ size: TextSize, _ bold: Bool, y: Int)
    -> PreviewBox
  {
    PreviewBox(
      element: "bar", item: item, verdict: verdict,
      rect: PixelRect(x: 0, y: y, width: 10, height: 4), text: item,
      setting: TextSetting(textSize: size, boldText: bold))
  }

  @Test func theWorstTextSettingOfAScene() throws {
    let checks = Self.cells.outcome.results.filter { SceneKey($0) == Self.dusk }
    let worst = try #require(SceneSnapshot.worstTextSetting(checks))
    #expect(worst.textSize == .ax5)
    #expect(worst.boldText)
    // Without the failures at AX5 on, title at AX5 off (2 / 4.5) is the worst.
    let fewer = checks.filter { !($0.textSize == .ax5 && $0.boldText) }
    let next = try #require(SceneSnapshot.worstTextSetting(fewer))
    #expect(next.textSize == .ax5)
    #expect(!next.boldText)
    // Only passes: the lowest ratio / threshold (label at large off, 5 / 4.5).
    let passing = checks.filter { $0.verdict == .pass && !$0.boldText }
    let best = try #require(SceneSnapshot.worstTextSetting(passing))
    #expect(best.textSize == .large)
    #expect(!best.boldText)
    #expect(SceneSnapshot.worstTextSetting([]) == nil)
  }

  @Test func aPreviewCardNamesTheTextSettingItDraws() {
    // The audit draws the scene at AX5 with Bold Text: its boxes are those.
    var report = Self.cells
    report.outcome.previews = [
      ScenePreview(
        key: Self.dusk, width: 40, height: 80, preview: [1, 2, 3], heatmap: [4, 5, 6],
        boxes: [
          Self.box("title", .fail, .ax5, true, y: 10), Self.box("label", .pass, .ax5, true, y: 30),
        ])
    ]
    let html = HTMLReport.render(report)
    #expect(
      html.contains(
        "<header><h4>Worst scene: dusk</h4><p class=\"tags\">light, normal, default glass</p>"
          + "<p class=\"tags drawn\">Drawn at text size <b>AX5</b>, Bold Text <b>on</b>: the "
          + "setting of its worst check</p></header>"))
    // The boxes' ratios are those of the checks at AX5 on (title 1.5, label 4.6).
    #expect(html.contains("title=\"bar › title 1.50\""))
    #expect(html.contains("title=\"bar › label 4.60\""))
    #expect(!html.contains("title=\"bar › title 2.00\""))
    #expect(
      html.contains(
        "alt=\"Modelled preview of tabs on dusk (light, normal, default glass), "
          + "text size AX5, Bold Text on\""))

    // Boxes of every setting (a snapshot not narrowed to one): the card
    // draws those of the worst check's setting, AX5 on, one per item.
    report.outcome.previews[0].boxes = [
      Self.box("title", .pass, .large, false, y: 1), Self.box("label", .pass, .large, false, y: 2),
      Self.box("title", .pass, .large, true, y: 3), Self.box("label", .fail, .large, true, y: 4),
      Self.box("title", .fail, .ax5, false, y: 5), Self.box("label", .fail, .ax5, false, y: 6),
      Self.box("title", .fail, .ax5, true, y: 7), Self.box("label", .pass, .ax5, true, y: 8),
    ]
    var byItem: [HTMLReport.ItemKey: CheckResult] = [:]
    for r in report.outcome.results { byItem[HTMLReport.ItemKey(r)] = r }
    let drawn = HTMLReport.drawnBoxes(report.outcome.previews[0], byItem: byItem)
    #expect(drawn.map(\.item) == ["title", "label"])
    #expect(drawn.map(\.rect.y) == [7, 8])
    let again = HTMLReport.render(report)
    #expect(again.contains("Drawn at text size <b>AX5</b>, Bold Text <b>on</b>"))
    #expect(again.contains("title=\"bar › title 1.50\""))

    // A run of the default text setting names none.
    var plain = Self.cells
    plain.outcome.results = CheckColumns(
      plain.outcome.results.filter { $0.textSize == .large && !$0.boldText })
    plain.settings = AuditSettings(modes: [.normal], appearances: [.light], liquidGlass: [.default])
    for i in plain.outcome.results.indices
    where plain.outcome.results[i].wallpaper == "dusk" && plain.outcome.results[i].item == "label" {
      plain.outcome.results[i].verdict = .fail
      plain.outcome.results[i].judgedRatio = 2.5
    }
    plain.outcome.previews = [
      ScenePreview(
        key: Self.dusk, width: 40, height: 80, preview: [1, 2, 3], heatmap: [4, 5, 6],
        boxes: [
          Self.box("title", .pass, .large, false, y: 10),
          Self.box("label", .fail, .large, false, y: 30),
        ])
    ]
    let one = HTMLReport.render(plain)
    #expect(one.contains("<p class=\"tags\">light, normal, default glass</p></header>"))
    #expect(!one.contains("Drawn at"))
    #expect(!one.contains("text size"))
  }
}
