import Foundation

extension HTMLReport {
  struct ItemKey: Hashable {
    var scene: SceneKey
    var element: String
    var item: String
  }

  /// The previews shown, worst scene first (by the lowest judged ratio /
  /// threshold of its failing checks, then scene order), at most
  /// `maximumPreviews` and `maximumImageBytes` of PNG (at least one); and how
  /// many scenes with a failure are not shown.
  static func shownPreviews(_ report: AuditReport) -> (shown: [ScenePreview], hidden: Int) {
    var worst: [SceneKey: Double] = [:]
    for r in report.outcome.results where r.verdict == .fail {
      let k = SceneKey(r)
      worst[k] = min(worst[k] ?? .infinity, r.judgedRatio / r.threshold)
    }
    let sorted = report.outcome.previews.sorted {
      let a = worst[$0.key] ?? .infinity
      let b = worst[$1.key] ?? .infinity
      return a != b ? a < b : $0.key < $1.key
    }
    let failingScenes = worst.count
    var shown: [ScenePreview] = []
    var bytes = 0
    for p in sorted.prefix(maximumPreviews) {
      bytes += p.preview.count + p.heatmap.count
      if !shown.isEmpty && bytes > maximumImageBytes { break }
      shown.append(p)
    }
    return (shown, max(0, failingScenes - shown.count))
  }

  static func scenes(_ report: AuditReport) -> String {
    let (shown, hidden) = shownPreviews(report)
    var byItem: [ItemKey: CheckResult] = [:]
    for r in report.outcome.results {
      let k = SceneKey(r)
      byItem[ItemKey(scene: k, element: r.element, item: r.item)] = r
    }
    var out = "<section id=\"scenes\" aria-labelledby=\"scenes-h\">\n"
    out += "<h2 id=\"scenes-h\">Failing scenes</h2>\n"
    if shown.isEmpty {
      let why =
        report.summary.failed == 0
        ? "No scene has a failing check." : "No previews were drawn for this run."
      return out + "<p class=\"note\">\(why)</p>\n</section>\n"
    }
    var note =
      "Worst first. Left: the modelled materials over the wallpaper (text is not drawn; "
      + "numbered boxes mark the failing items, dashed ones the passing items). Right: the heatmap: "
      + "<span class=\"key red\">red</span> pixels are below the item’s threshold (brighter is "
      + "further below), <span class=\"key green\">green</span> pixels pass."
    if hidden > 0 {
      note +=
        " \(hidden) more scene\(hidden == 1 ? "" : "s") with a failure "
        + "\(hidden == 1 ? "is" : "are") not shown; see the table below and report.json."
    }
    out += "<p class=\"note\">\(note)</p>\n<div class=\"cards\">\n"
    for p in shown {
      out += card(p, report: report, byItem: byItem)
    }
    out += "</div>\n</section>\n"
    return out
  }

  static func card(
    _ p: ScenePreview, report: AuditReport, byItem: [ItemKey: CheckResult]
  ) -> String {
    let k = p.key
    let results = p.boxes.compactMap {
      byItem[ItemKey(scene: k, element: $0.element, item: $0.item)]
    }
    let verdicts = Set(results.map(\.verdict)).sorted().reversed().map(\.rawValue)
    let failing = results.filter { $0.verdict != .pass }.sorted {
      let a = $0.judgedRatio / $0.threshold
      let b = $1.judgedRatio / $1.threshold
      return a != b ? a < b : CheckResult.reportOrder($0, $1)
    }
    var numbers: [ItemKey: Int] = [:]
    for (i, r) in failing.enumerated() {
      numbers[ItemKey(scene: k, element: r.element, item: r.item)] = i + 1
    }
    let title = report.layoutTitles[k.layout] ?? k.layout
    var out =
      "<article class=\"card\" id=\"scene-\(escape(k.id))\" data-layout=\"\(escape(k.layout))\" "
      + "data-wallpaper=\"\(escape(k.wallpaper))\" data-appearance=\"\(k.appearance.rawValue)\" "
      + "data-mode=\"\(escape(k.mode.rawValue))\" "
      + "data-glass=\"\(escape(glassValue(k.liquidGlass)))\" data-profile=\"\(escape(k.profile))\" "
      + "data-verdicts=\"\(verdicts.joined(separator: " "))\">\n"
    out +=
      "<header>\n<h3>\(escape(title)) <span class=\"on\">on</span> \(escape(k.wallpaper))</h3>\n"
    out +=
      "<p class=\"tags\"><span class=\"tag\">\(k.appearance.rawValue)</span>"
      + "<span class=\"tag\">\(escape(modeName(k.mode)))</span>"
      + (k.liquidGlass.map { "<span class=\"tag\">Liquid Glass \(escape($0.label))</span>" } ?? "")
      + (report.profileNames.count > 1 ? "<span class=\"tag\">\(escape(k.profile))</span>" : "")
    if title != k.layout { out += "<span class=\"tag id\">\(escape(k.layout))</span>" }
    out += "</p>\n</header>\n<div class=\"pics\">\n"
    let scene =
      "\(title) on \(k.wallpaper), \(k.appearance.rawValue), \(modeName(k.mode))"
      + (k.liquidGlass.map { ", Liquid Glass \($0.label)" } ?? "")
    out += figure(
      p, png: p.preview, caption: "Modelled preview", alt: "Modelled preview of \(scene)",
      labels: true, byItem: byItem, numbers: numbers)
    out += figure(
      p, png: p.heatmap, caption: "Contrast heatmap",
      alt: "Heatmap of pixels below the threshold in \(scene)", labels: false, byItem: byItem,
      numbers: numbers)
    out += "</div>\n"
    if !failing.isEmpty {
      out += "<ol class=\"items\">\n"
      for (i, r) in failing.enumerated() {
        out +=
          "<li><span class=\"n \(r.verdict.rawValue)\" aria-hidden=\"true\">\(i + 1)</span>"
          + "<span class=\"badge \(r.verdict.rawValue)\">\(r.verdict.rawValue)</span> "
          + "<b>\(escape(r.element)) › \(escape(r.item))</b> "
          + "<span class=\"ratio\">\(WCAG.displayRatio(r.judgedRatio))</span> "
          + "<span class=\"needs\">needs \(JSONValue.format(r.threshold))</span>"
        let fix = Remedy.text(for: r)
        if !fix.isEmpty { out += "<span class=\"fix\">Fix: \(escape(fix))</span>" }
        out += "</li>\n"
      }
      out += "</ol>\n"
    }
    out += "</article>\n"
    return out
  }

  static func figure(
    _ p: ScenePreview, png: [UInt8], caption: String, alt: String, labels: Bool,
    byItem: [ItemKey: CheckResult], numbers: [ItemKey: Int]
  ) -> String {
    let data = Data(png).base64EncodedString()
    var out = "<figure>\n<div class=\"frame\">"
    out +=
      "<img src=\"data:image/png;base64,\(data)\" width=\"\(p.width)\" height=\"\(p.height)\" "
      + "alt=\"\(escape(alt))\">"
    // Failing boxes last, so they sit on top of passing ones.
    let ordered = p.boxes.filter { $0.verdict == .pass } + p.boxes.filter { $0.verdict != .pass }
    for b in ordered where !b.rect.isEmpty {
      let itemKey = ItemKey(scene: p.key, element: b.element, item: b.item)
      let r = byItem[itemKey]
      let ratio = r.map { WCAG.displayRatio($0.judgedRatio) } ?? ""
      let label = "\(b.element) › \(b.item) \(ratio)"
      let style =
        "left:\(percent(b.rect.x, of: p.width));top:\(percent(b.rect.y, of: p.height));"
        + "width:\(percent(b.rect.width, of: p.width));"
        + "height:\(percent(b.rect.height, of: p.height))"
      out +=
        "<div class=\"box \(b.verdict.rawValue)\" style=\"\(style)\" title=\"\(escape(label))\" "
        + "aria-hidden=\"true\">"
      if let n = numbers[itemKey] {
        let below = b.rect.y * 100 < p.height * 6 ? " below" : ""
        let end = b.rect.x * 2 > p.width ? " end" : ""
        out += "<span class=\"label\(below)\(end)\"><span class=\"n\">\(n)</span>"
        if labels { out += "<span class=\"t\">\(escape(label))</span>" }
        out += "</span>"
      }
      out += "</div>"
    }
    out += "</div>\n<figcaption>\(escape(caption))</figcaption>\n</figure>\n"
    return out
  }
}
