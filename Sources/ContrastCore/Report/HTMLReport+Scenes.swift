import Foundation

extension HTMLReport {
  /// An item's check in a scene at a text setting (SPEC §3.8).
  struct ItemKey: Hashable {
    var scene: SceneKey
    var element: String
    var item: String
    var setting = TextSetting.default

    init(scene: SceneKey, element: String, item: String, setting: TextSetting = .default) {
      self.scene = scene
      self.element = element
      self.item = item
      self.setting = setting
    }

    init(_ r: CheckResult) {
      self.init(scene: SceneKey(r), element: r.element, item: r.item, setting: r.textSetting)
    }

    /// The check of `box` in `scene`: at the box's text setting.
    init(scene: SceneKey, box: PreviewBox) {
      self.init(scene: scene, element: box.element, item: box.item, setting: box.setting)
    }
  }

  /// The previews shown, by layout: each layout's previews worst scene first
  /// (by the lowest judged ratio / threshold of its failing checks, then
  /// scene order), allotted as the audit draws them
  /// (`ScenePreviewRenderer.allot`: every layout's worst scene before any
  /// layout's second), at most `maximumPreviews` and `maximumImageBytes` of
  /// PNG (at least one); and how many scenes with a failure are not shown.
  static func shownPreviews(_ report: AuditReport) -> (
    shown: [String: [ScenePreview]], hidden: Int
  ) {
    var worst: [SceneKey: Double] = [:]
    for r in report.outcome.results where r.verdict == .fail {
      let k = SceneKey(r)
      worst[k] = min(worst[k] ?? .infinity, r.judgedRatio / r.threshold)
    }
    var byKey: [SceneKey: ScenePreview] = [:]
    for p in report.outcome.previews { byKey[p.key] = p }
    let photos = Set(report.outcome.previews.filter(\.photo).map(\.key))
    let allotted = ScenePreviewRenderer.allot(
      report.outcome.previews.map { (worst[$0.key] ?? .infinity, $0.key) },
      limit: maximumPreviews, preferred: { photos.contains($0) })
    var shown: [String: [ScenePreview]] = [:]
    var count = 0
    var bytes = 0
    for key in allotted {
      guard let p = byKey[key] else { continue }
      bytes += p.preview.count + p.heatmap.count
      if count > 0 && bytes > maximumImageBytes { break }
      shown[key.section, default: []].append(p)
      count += 1
    }
    let shownFailing = shown.values.joined().filter { worst[$0.key] != nil }.count
    return (shown, max(0, worst.count - shownFailing))
  }

  /// The items that cannot pass on any wallpaper in some scene (the same
  /// items as the `never-passes` findings), each linked to its layout's
  /// section; reachable from the summary.
  static func neverPasses(_ report: AuditReport, items: [ItemFailure]) -> String {
    let never = items.filter { $0.worst.verdict == .fail && $0.neverPasses }
    guard !never.isEmpty else { return "" }
    var out = "<section id=\"never\" aria-labelledby=\"never-h\">\n"
    out += "<h2 id=\"never-h\">Never passes on any wallpaper</h2>\n"
    out +=
      "<p class=\"note\">These items cannot reach their threshold over any wallpaper in at "
      + "least one scene (the highest ratio the model can give them there is below it): a "
      + "design error, not a wallpaper problem.</p>\n<ul class=\"plain never\">\n"
    for i in never {
      guard let r = i.neverPassing else { continue }
      out +=
        "<li><a href=\"#\(escape(sectionAnchor(i.section)))\"><b>\(escape(i.path))</b></a>"
        + "\(escape(i.vibrantNote)): at most "
        + "<b>\(WCAG.displayRatio(r.bounds.max))</b>, needs \(JSONValue.format(r.threshold)) "
        + "(\(escape(r.sceneDescription)))"
      if !i.fix.isEmpty { out += " <span class=\"fix\">Fix: \(inlineCode(i.fix))</span>" }
      out += "</li>\n"
    }
    return out + "</ul>\n</section>\n"
  }

  /// `layout-<id>`: the anchor of a section (a layout's).
  static func sectionAnchor(_ id: String) -> String {
    "\(SceneDimension.section.filterName)-" + id
  }

  /// A section per layout with a failing or warning item, layouts in order
  /// of their worst item.
  static func sections(_ report: AuditReport, items: [ItemFailure]) -> String {
    var out = "<section id=\"layouts\" aria-labelledby=\"layouts-h\">\n"
    out += "<h2 id=\"layouts-h\">Failing items by layout</h2>\n"
    guard !items.isEmpty else {
      let why = "No item fails or warns: every check passes."
      return out + "<p class=\"note\">\(why)</p>\n</section>\n"
    }
    let (shown, hidden) = shownPreviews(report)
    var note =
      "One section per screen, worst first. Each item is listed once: its worst ratio (the "
      + "<b>\(escape(report.settings.statistic.rawValue))</b> of its pixels) and the scene it is "
      + "in, how many of its scenes fail, its bounds (the lowest and highest ratio it can reach "
      + "over any wallpaper there) \(inlineCode(ItemFailures.fixPhrase(report))). Above its"
      + " table: the worst scene of the layout, "
      + "modelled (each text item’s words drawn in its colour, each icon’s frame filled in its "
      + "colour; the numbers in the margins are the items of the table that fail in this scene, "
      + "dashed frames pass; select a picture to open it full size), and its heatmap: "
      + "<span class=\"key red\">red</span> pixels are below the item’s threshold (brighter is "
      + "further below), <span class=\"key green\">green</span> pixels pass. Filters show the "
      + "items that fail under each value chosen."
    if hidden > 0 {
      note +=
        " \(hidden) more scene\(hidden == 1 ? "" : "s") with a failure "
        + "\(hidden == 1 ? "has" : "have") no preview here; report.json has every check."
    }
    out += "<p class=\"note\">\(note)</p>\n"
    // An item's check in a scene at a text setting (a card draws one);
    // `sceneText`, the checks of each scene that fail or warn (the text
    // settings a scene's card shows under). Only the scenes with a preview
    // card are looked up: a map of every check would hold the whole matrix
    // again (gigabytes at a team's scale).
    let carded = Set(shown.values.joined().map(\.key))
    var byItem: [ItemKey: CheckResult] = [:]
    var sceneText: [SceneKey: [CheckResult]]? =
      report.settings.sweepsTextSettings ? [:] : nil
    for r in report.outcome.results {
      guard carded.contains(SceneKey(r)) else { continue }
      let k = ItemKey(r)
      if let old = byItem[k], !ItemFailures.worseFirst(r, old) { continue }
      byItem[k] = r
    }
    if sceneText != nil {
      for r in report.outcome.results where r.verdict != .pass {
        let scene = SceneKey(r)
        guard carded.contains(scene) else { continue }
        sceneText![scene, default: []].append(r)
      }
    }
    for (id, list) in ItemFailures.bySection(items) {
      out += section(
        report, id: id, items: list, previews: shown[id] ?? [], byItem: byItem,
        sceneText: sceneText)
    }
    return out + "</section>\n"
  }

  /// The filter values of a set of checks, as `data-f-*` attributes holding
  /// JSON arrays (an item matches a filter when one of its checks has the
  /// value); the text size and Bold Text values of `text` when given (a run
  /// that sweeps them).
  static func filterAttributes(
    _ checks: [CheckResult], verdicts: [Verdict], text: [CheckResult]? = nil
  ) -> String {
    func list(_ name: String, _ values: [String]) -> String {
      var seen = Set<String>()
      let unique = values.filter { seen.insert($0).inserted }
      var json = "["
      for (n, v) in unique.enumerated() {
        if n > 0 { json += "," }
        Escaping.json(v, into: &json)
      }
      json += "]"
      return " data-f-\(name)=\"\(escape(json))\""
    }
    return SceneDimension.filtered.map { d in
      list(d.filterName, checks.map { d.filterWord(of: $0) })
    }.joined() + list("verdict", verdicts.map(\.rawValue))
      + (text.map { checks in
        let settings = checks.map(\.textSetting)
        return SceneDimension.textSettings.map { d in
          list(
            d.filterName,
            settings.sorted { d.settingRank!($0) < d.settingRank!($1) }.map { d.settingWord!($0) })
        }.joined()
      } ?? "")
  }

  static func section(
    _ report: AuditReport, id: String, items: [ItemFailure], previews: [ScenePreview],
    byItem: [ItemKey: CheckResult], sceneText: [SceneKey: [CheckResult]]?
  ) -> String {
    let title = report.title(ofSection: id) ?? id
    let anchor = sectionAnchor(id)
    let failing = items.filter { $0.worst.verdict == .fail }
    let checks = failing.reduce(0) { $0 + $1.failingScenes }
    var numbers: [String: Int] = [:]
    for (n, i) in items.enumerated() { numbers[i.element + "\u{1F}" + i.item] = n + 1 }
    var out =
      "<section class=\"layout\" id=\"\(escape(anchor))\" "
      + "data-\(SceneDimension.section.filterName)=\"\(escape(id))\" "
      + "aria-labelledby=\"\(escape(anchor))-h\">\n"
    out +=
      "<header class=\"layout-h\"><h3 id=\"\(escape(anchor))-h\">\(escape(title))"
      + (title != id ? " <code class=\"id\">\(escape(id))</code>" : "") + "</h3>"
    let warnings = items.count - failing.count
    out +=
      "<p class=\"meta\">\(failing.count) failing item\(failing.count == 1 ? "" : "s") · "
      + "\(checks) failing check\(checks == 1 ? "" : "s")"
      + (warnings > 0 ? " · \(warnings) warning item\(warnings == 1 ? "" : "s")" : "")
    if let file = report.file(ofSection: id) ?? items.first?.worst.file {
      out += " · <code>\(escape(file))</code>"
    }
    out += "</p></header>\n<div class=\"layout-body\">\n"
    if previews.isEmpty {
      out +=
        "<p class=\"note nopreview\">"
        + (report.outcome.previews.isEmpty
          ? "No previews were drawn for this run."
          : "No preview for this layout: the page holds at most \(maximumPreviews) scenes and "
            + "\(JSONValue.format(Double(maximumImageBytes) / 1_000_000)) MB of pictures, worst "
            + "layouts first.")
        + "</p>\n"
    } else {
      out += "<div class=\"cards\">\n"
      out += card(
        previews[0], report: report, byItem: byItem, numbers: numbers, sceneText: sceneText)
      if previews.count > 1 {
        let more = previews.count - 1
        out +=
          "<details class=\"more\"><summary>\(more) more scene\(more == 1 ? "" : "s") of this "
          + "layout, worst first</summary>\n"
        for p in previews.dropFirst() {
          out += card(p, report: report, byItem: byItem, numbers: numbers, sceneText: sceneText)
        }
        out += "</details>\n"
      }
      out += "</div>\n"
    }
    out += itemTable(report, items: items, text: sceneText != nil)
    out += "</div>\n</section>\n"
    return out
  }

  static func itemTable(_ report: AuditReport, items: [ItemFailure], text: Bool) -> String {
    var out = "<div class=\"table-wrap\">\n<table class=\"results\">\n<thead><tr>"
    let columns: [(String, String)] = [
      ("#", "num"), ("Item", "text"), ("Worst", "num"), ("Worst scene", "text"),
      ("Fails in", "num"), ("Bounds", "num"), ("Fix", "text"),
    ]
    out += sortableHeads(columns)
    out += "</tr></thead>\n<tbody>\n"
    for (n, i) in items.prefix(maximumItemRowsPerSection).enumerated() {
      let r = i.worst
      out += "<tr\(filterAttributes(i.checks, verdicts: [r.verdict], text: text ? i.checks : nil))>"
      out +=
        "<td class=\"num\" data-v=\"\(n + 1)\"><span class=\"n \(r.verdict.rawValue)\">\(n + 1)"
        + "</span></td>"
      out +=
        "<td class=\"item\"><span class=\"badge \(r.verdict.rawValue)\">\(r.verdict.rawValue)"
        + "</span> <b>\(escape(i.element)) › \(escape(i.item))</b>"
        + (i.vibrant ? " <i>vibrant</i>" : "")
        + "<code class=\"where\">\(escape(":\(r.line)"))</code></td>"
      out +=
        "<td class=\"num\" data-v=\"\(JSONValue.format(r.judgedRatio))\"><b class=\"ratio\">"
        + "\(WCAG.displayRatio(r.judgedRatio))</b><span class=\"sub\">needs "
        + "\(JSONValue.format(r.threshold))</span></td>"
      out += sceneCell(r)
      out +=
        "<td class=\"num\" data-v=\"\(i.failingScenes)\">\(i.failingScenes)"
        + "<span class=\"muted\">/\(i.scenes)</span></td>"
      out +=
        "<td class=\"num\" data-v=\"\(JSONValue.format(r.bounds.max))\">"
        + "\(WCAG.displayRatio(r.bounds.min))–\(WCAG.displayRatio(r.bounds.max))"
        + (i.neverPasses && r.verdict == .fail
          ? "<span class=\"sub never-tag\">never passes</span>" : "") + "</td>"
      out += "<td class=\"fix\">\(inlineCode(i.fix))</td>"
      out += "</tr>\n"
    }
    out += "</tbody>\n</table>\n</div>\n"
    if items.count > maximumItemRowsPerSection {
      out +=
        "<p class=\"note\">\(items.count - maximumItemRowsPerSection) more items of this layout "
        + "are not shown here; report.json has every result.</p>\n"
    }
    return out
  }

  /// A sortable table's header cells: per column its name and kind (`num`
  /// or `text`), a button the page's script sorts by.
  static func sortableHeads(_ columns: [(String, String)]) -> String {
    var out = ""
    for (i, (name, kind)) in columns.enumerated() {
      out +=
        "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" data-col=\"\(i)\" "
        + "data-kind=\"\(kind)\">\(escape(name))<span class=\"arrow\" aria-hidden=\"true\">"
        + "</span></button></th>"
    }
    return out
  }

  /// A check's scene cell: its wallpaper, its scene's words and the trust
  /// of its verdict (with the path of the weakest number as a title).
  static func sceneCell(_ r: CheckResult) -> String {
    "<td class=\"scene\">\(escape(r.sceneImage)) <span class=\"muted\">"
      + "(\(escape(r.sceneDescription)))</span><span class=\"sub trust \(r.trust.rawValue)\""
      + (r.trustBasis.isEmpty ? "" : " title=\"\(escape(r.trustBasis))\"")
      + ">trust: \(escape(r.trust.rawValue))</span></td>"
  }

  static func card(
    _ p: ScenePreview, report: AuditReport, byItem: [ItemKey: CheckResult],
    numbers: [String: Int], sceneText: [SceneKey: [CheckResult]]? = nil
  ) -> String {
    let k = p.key
    let boxes = drawnBoxes(p, byItem: byItem)
    let results = boxes.compactMap { byItem[ItemKey(scene: k, box: $0)] }
    let verdicts = Set(results.map(\.verdict)).sorted().reversed()
    let first = results.first
    var out = "<article class=\"card\" id=\"scene-\(escape(k.id))\""
    if let first {
      out += filterAttributes(
        [first], verdicts: Array(verdicts), text: sceneText.map { $0[k] ?? results })
    }
    out += ">\n"
    // A run that sweeps text settings names the one drawn (the frames are
    // its items'); the scene's description leaves it to that line.
    var described = first
    if sceneText != nil { described?.textSetting = .default }
    let drawn = boxes.first.map { Array(zip(SceneDimension.textSettings, $0.setting.words)) }
    let setting = drawn.map { $0.map { "\($0.phrase) \($1)" }.joined(separator: ", ") }
    // (The scene, not its first item: its glass setting named whatever
    // that item is drawn on.)
    let words = described?.sceneWords(onGlass: true)
    var scene = words.map { "\(k.sceneImage) (\($0))" } ?? k.sceneImage
    out +=
      "<header><h4>Worst scene: \(escape(k.sceneImage))</h4>"
      + "<p class=\"tags\">\(escape(words ?? ""))</p>"
    if sceneText != nil, let drawn, let setting {
      scene += ", \(setting)"
      out +=
        "<p class=\"tags drawn\">Drawn at "
        + drawn.map { "\($0.phrase) <b>\(escape($1))</b>" }.joined(separator: ", ")
        + ": the setting of its worst check</p>"
    }
    out += "</header>\n"
    out += "<div class=\"pics\">\n"
    let title = report.title(ofSection: k.section) ?? k.section
    let badges = BadgePlan(p, boxes: boxes, numbers: numbers)
    out += figure(
      p, png: p.preview, caption: "Modelled preview",
      alt: "Modelled preview of \(title) on \(scene)", labels: true, boxes: boxes,
      byItem: byItem, badges: badges, suffix: "p")
    out += figure(
      p, png: p.heatmap, caption: "Contrast heatmap",
      alt: "Heatmap of pixels below the threshold in \(title) on \(scene)", labels: false,
      boxes: boxes, byItem: byItem, badges: badges, suffix: "h")
    out += legend(p, boxes: boxes, byItem: byItem, badges: badges)
    out += "</div>\n</article>\n"
    return out
  }

  /// Beside a card's pictures: its numbered items (each badge, the item, its
  /// ratio and what it needs), and how the pictures are drawn.
  static func legend(
    _ p: ScenePreview, boxes: [PreviewBox], byItem: [ItemKey: CheckResult], badges: BadgePlan
  ) -> String {
    var out = "<div class=\"legend\">\n"
    let listed = badges.badges.sorted { $0.number < $1.number }
    if !listed.isEmpty {
      out += "<ol class=\"items\">\n"
      for b in listed {
        let box = boxes[b.box]
        let r = byItem[ItemKey(scene: p.key, box: box)]
        out +=
          "<li><span class=\"n \(box.verdict.rawValue)\">\(b.number)</span> "
          + "<b>\(escape(box.element)) › \(escape(box.item))</b>"
        if let r, r.vibrant { out += " <i>vibrant</i>" }
        if let r {
          out +=
            " <span class=\"ratio\">\(WCAG.displayRatio(r.judgedRatio))</span> "
            + "<span class=\"needs\">needs \(JSONValue.format(r.threshold))</span>"
        }
        out += "</li>\n"
      }
      out += "</ol>\n"
    }
    out +=
      "<p class=\"how\">Numbers sit beside the items they name, in the margin, with a line "
      + "to each. Text is drawn in its colour in its item’s frame; icons are drawn as their "
      + "frame filled in the icon’s colour (SF Symbols cannot be drawn here); dashed frames "
      + "pass. Select a picture to open it full size.</p>\n"
    if boxes.contains(where: { byItem[ItemKey(scene: p.key, box: $0)]?.vibrant == true }) {
      out +=
        "<p class=\"how\">Vibrant items are drawn here in their tint; iOS draws each of their "
        + "pixels as a colour matrix of the glass behind it, chosen by the tint, and the audit "
        + "judges them so (their ratios and the heatmap are those pixels’).</p>\n"
    }
    return out + "</div>\n"
  }

  /// Where a card's numbered badges go: in a margin left or right of the
  /// picture (the side nearer the item's centre, left for a centred one),
  /// each at its item's height, moved apart where two would touch, joined
  /// to its item by a line, so a badge never covers the words it names. In
  /// picture pixels, the margins `gutter` wide each side.
  struct BadgePlan {
    struct Badge {
      /// Index in the card's boxes.
      var box: Int
      var number: Int
      var left: Bool
      /// The badge's centre height and the item's, picture pixels.
      var y: Double
      var itemY: Double
    }

    var width: Int
    var height: Int
    var gutter: Int
    /// A badge's diameter, picture pixels (the page scales it with the
    /// picture).
    var diameter: Double
    var badges: [Badge]

    /// The width of picture and margins.
    var totalWidth: Int { width + 2 * gutter }

    init(_ p: ScenePreview, boxes: [PreviewBox], numbers: [String: Int]) {
      width = max(1, p.width)
      height = max(1, p.height)
      gutter = max(8, (width * 8 + 50) / 100)
      diameter = Double(width + 2 * gutter) * 0.046
      var placed: [Badge] = []
      for (i, b) in boxes.enumerated() where b.verdict != .pass && !b.rect.isEmpty {
        guard let n = numbers[b.element + "\u{1F}" + b.item] else { continue }
        let centreY = Double(b.rect.y) + Double(b.rect.height) / 2
        placed.append(
          Badge(
            box: i, number: n, left: 2 * b.rect.x + b.rect.width <= width, y: centreY,
            itemY: centreY))
      }
      let spacing = diameter * 1.15
      let top = spacing / 2
      let bottom = Double(height) - spacing / 2
      for side in [true, false] {
        let order = placed.indices.filter { placed[$0].left == side }.sorted {
          let (a, b) = (placed[$0], placed[$1])
          return a.itemY != b.itemY ? a.itemY < b.itemY : a.number < b.number
        }
        // Down from the top, then up from the bottom: as near each item's
        // height as the others allow.
        var last = -Double.infinity
        for i in order {
          placed[i].y = max(placed[i].y, last + spacing, top)
          last = placed[i].y
        }
        var next = Double.infinity
        for i in order.reversed() {
          placed[i].y = min(placed[i].y, next - spacing, bottom)
          next = placed[i].y
        }
      }
      badges = placed
    }
  }

  /// The boxes a card draws: those of one text setting (SPEC §3.8), one per
  /// item. A scene of a run that sweeps text settings is drawn at the
  /// setting of its worst check (`SceneSnapshot.drawing(worstOf:)`), so its
  /// boxes share it; boxes of several settings (a snapshot of every
  /// measurement) are narrowed to the setting of the worst check among
  /// theirs (``ItemFailures/worseFirst(_:_:)``), or the first box's when
  /// none has a check.
  static func drawnBoxes(_ p: ScenePreview, byItem: [ItemKey: CheckResult]) -> [PreviewBox] {
    guard let head = p.boxes.first else { return [] }
    var setting = head.setting
    if p.boxes.contains(where: { $0.setting != setting }) {
      var worst: CheckResult?
      for b in p.boxes {
        guard let r = byItem[ItemKey(scene: p.key, box: b)] else { continue }
        if let w = worst, !ItemFailures.worseFirst(r, w) { continue }
        worst = r
      }
      if let worst { setting = worst.textSetting }
    }
    return onePerItem(p.boxes.filter { $0.setting == setting })
  }

  /// One box per item: a run that sweeps text settings has a box per
  /// setting (its frame grows with the size); the item's first box with its
  /// worst verdict (fail, then warn, then pass) is kept, which is its
  /// smallest text setting with that verdict. Items stay in their order; a
  /// run of one text setting has one box per item already.
  static func onePerItem(_ boxes: [PreviewBox]) -> [PreviewBox] {
    func rank(_ v: Verdict) -> Int { v == .fail ? 2 : (v == .warn ? 1 : 0) }
    var index: [String: Int] = [:]
    var out: [PreviewBox] = []
    for b in boxes {
      let k = b.element + "\u{1F}" + b.item
      if let i = index[k] {
        if rank(b.verdict) > rank(out[i].verdict) { out[i] = b }
      } else {
        index[k] = out.count
        out.append(b)
      }
    }
    return out
  }

  /// A CSS colour from a resolved item colour: `#RRGGBB` or `#RRGGBBAA`
  /// only (anything else is not put into a style attribute).
  static func cssColor(_ hex: String) -> String? {
    let digits = hex.dropFirst()
    guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8,
      digits.allSatisfy(\.isHexDigit)
    else { return nil }
    return hex
  }

  static func figure(
    _ p: ScenePreview, png: [UInt8], caption: String, alt: String, labels: Bool,
    boxes: [PreviewBox], byItem: [ItemKey: CheckResult], badges: BadgePlan, suffix: String
  ) -> String {
    let data = Data(png).base64EncodedString()
    let id = "zoom-\(p.key.id)-\(suffix)"
    let total = badges.totalWidth
    // Shown 360 px wide (the margins beside), opened at the picture's size.
    let shown = (360 * total + badges.width / 2) / badges.width
    var out =
      "<figure id=\"\(escape(id))\" style=\"--fw:\(shown)px;--zw:\(max(shown, total))px\">\n"
    out +=
      "<a class=\"close\" href=\"#scene-\(escape(p.key.id))\">Close</a>"
      + "<a class=\"zoom\" href=\"#\(escape(id))\" "
      + "aria-label=\"\(escape("Open full size: \(alt)"))\">"
    out += "<div class=\"frame\" style=\"aspect-ratio:\(total)/\(badges.height)\">"
    out += leaders(badges, boxes: boxes)
    let gutter = percent(badges.gutter, of: total)
    out +=
      "<div class=\"pic\" style=\"left:\(gutter);width:\(percent(badges.width, of: total))\">"
    out +=
      "<img src=\"data:image/png;base64,\(data)\" width=\"\(p.width)\" height=\"\(p.height)\" "
      + "alt=\"\(escape(alt))\">"
    // Failing boxes last, so they sit on top of passing ones.
    let ordered = boxes.filter { $0.verdict == .pass } + boxes.filter { $0.verdict != .pass }
    for b in ordered where !b.rect.isEmpty {
      let r = byItem[ItemKey(scene: p.key, box: b)]
      let ratio = r.map { WCAG.displayRatio($0.judgedRatio) } ?? ""
      let label =
        "\(b.element) › \(b.item)\(r?.vibrant == true ? " (vibrant)" : "") \(ratio)"
      var style =
        "left:\(percent(b.rect.x, of: p.width));top:\(percent(b.rect.y, of: p.height));"
        + "width:\(percent(b.rect.width, of: p.width));"
        + "height:\(percent(b.rect.height, of: p.height))"
      // An icon or decoration: its frame filled in its colour.
      let color = r.flatMap { cssColor($0.color) }
      let filled = labels && b.text == nil && r?.kind != .text && color != nil
      if filled, let color { style += ";background:\(color)" }
      out +=
        "<div class=\"box \(b.verdict.rawValue)\(filled ? " icon" : "")\" style=\"\(style)\" "
        + "title=\"\(escape(label))\" aria-hidden=\"true\">"
      if labels, let words = b.text, let color {
        out += "<span class=\"w\" style=\"color:\(color)\">\(escape(words))</span>"
      }
      out += "</div>"
    }
    out += "</div>"
    for badge in badges.badges {
      let b = boxes[badge.box]
      let x = badge.left ? badges.gutter / 2 : total - badges.gutter / 2
      out +=
        "<span class=\"badge-n \(b.verdict.rawValue)\" style=\"left:\(percent(x, of: total));"
        + "top:\(percent(Int(badge.y.rounded()), of: badges.height))\" "
        + "title=\"\(escape("\(b.element) › \(b.item)"))\" aria-hidden=\"true\">"
        + "\(badge.number)</span>"
    }
    out += "</div></a>\n<figcaption>\(escape(caption))</figcaption>\n</figure>\n"
    return out
  }

  /// The lines from each badge to its item's nearer side, as an SVG over
  /// the picture and its margins (picture pixels).
  static func leaders(_ plan: BadgePlan, boxes: [PreviewBox]) -> String {
    guard !plan.badges.isEmpty else { return "" }
    var path = ""
    let r = plan.diameter / 2
    for badge in plan.badges {
      let rect = boxes[badge.box].rect
      let x0 =
        badge.left ? Double(plan.gutter) / 2 + r : Double(plan.totalWidth - plan.gutter / 2) - r
      let x1 = plan.gutter + (badge.left ? rect.x : rect.maxX)
      path += "M\(Int(x0.rounded())) \(Int(badge.y.rounded()))L\(x1) \(Int(badge.itemY.rounded()))"
    }
    return
      "<svg class=\"leaders\" viewBox=\"0 0 \(plan.totalWidth) \(plan.height)\" "
      + "aria-hidden=\"true\"><path class=\"halo\" d=\"\(path)\"/><path d=\"\(path)\"/></svg>"
  }

}
