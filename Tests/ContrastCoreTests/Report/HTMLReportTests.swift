import Foundation
import Testing

@testable import ContrastCore

/// The HTML report and the scene previews it shows.
@Suite struct HTMLReportTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()
  /// 40 x 20 pt at 2x: 80 x 40 pixels.
  static let canvas = Canvas(widthInPoints: 40, heightInPoints: 20, scale: 2)

  /// Left half: no material, a black label on the black wallpaper (fails at
  /// 1:1). Right half: regular glass with a black label (passes: light
  /// regular glass over black is about 130/255).
  static func layout(id: String = "t", element: String = "plain") -> Layout {
    let plain = Element(
      id: element, material: "none", frame: RectInPoints(x: 0, y: 0, width: 20, height: 20),
      content: [
        ContentItem(
          id: "ghost", kind: .text, color: .same("#000000"),
          frame: RectInPoints(x: 2, y: 4, width: 12, height: 8), line: 3)
      ])
    let glass = Element(
      id: "glass", material: "glass.regular",
      frame: RectInPoints(x: 20, y: 0, width: 20, height: 20),
      content: [
        ContentItem(
          id: "label", kind: .text, color: .same("#000000"),
          frame: RectInPoints(x: 4, y: 4, width: 12, height: 8), line: 7)
      ])
    return Layout(id: id, title: id, canvas: canvas, elements: [plain, glass], file: "t.yml")
  }

  static func snapshot(_ layout: Layout) -> SceneSnapshot {
    let image = RGBImage(width: 80, height: 40, filledWith: (0, 0, 0))
    let wallpaper = WallpaperCanvas(wallpaperID: "black", image: image, canvas: layout.canvas)
    let measured = SceneEvaluator.measure(
      layout: layout, canvas: wallpaper, appearance: .light, mode: .normal, profile: profile,
      settings: AuditSettings())
    let key = SceneKey(layout: layout.id, wallpaper: "black", appearance: .light, mode: .normal)
    return SceneSnapshot(
      key: key, layout: layout, profile: profile, canvas: wallpaper, measurements: measured)
  }

  static func report(_ layout: Layout, title: String? = nil) -> AuditReport {
    let snap = snapshot(layout)
    let previews = ScenePreviewRenderer.render(snap, maxWidth: 40).map { [$0] } ?? []
    let outcome = AuditOutcome(
      results: snap.measurements.map(\.result), findings: [], errors: [], scenes: 1,
      blursComputed: 0, blursRequested: 0, previews: previews)
    return AuditReport(
      settings: AuditSettings(), profileNames: ["ios26"], outcome: outcome,
      layoutFiles: [layout.id: layout.file], layoutTitles: [layout.id: title ?? layout.title])
  }

  static func decode(_ png: [UInt8]) throws -> RGBImage {
    try PNGDecoder.decode(png, name: "preview.png").image
  }

  // MARK: - Escaping

  @Test func escapeReplacesTheFiveSpecialCharacters() {
    #expect(
      HTMLReport.escape(#"<a href="x">'&'</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    #expect(HTMLReport.escape("plain › text") == "plain › text")
  }

  @Test func backtickSpansBecomeCodeAndStayEscaped() {
    #expect(
      HTMLReport.inlineCode("tint `black` (#000000) or `<b>&`")
        == "tint <code>black</code> (#000000) or <code>&lt;b&gt;&amp;</code>")
    #expect(HTMLReport.inlineCode("a `lone backtick") == "a `lone backtick")
    #expect(HTMLReport.inlineCode("`x` and `y` `") == "<code>x</code> and <code>y</code> `")
    #expect(HTMLReport.inlineCode("no code") == "no code")
  }

  @Test func aScriptTitleShowsAsText() {
    let html = HTMLReport.render(
      Self.report(Self.layout(id: "evil"), title: "<script>alert(1)</script>"))
    #expect(!html.contains("<script>alert(1)"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.components(separatedBy: "<script").count == 2)
  }

  @Test func quotesInIdsStayInsideTheirAttributes() {
    let html = HTMLReport.render(
      Self.report(Self.layout(id: #"x" onmouseover="alert(1)"#, element: "e'q")))
    #expect(!html.contains(#"" onmouseover="alert(1)"#))
    #expect(html.contains(#"data-layout="x&quot; onmouseover=&quot;alert(1)""#))
    #expect(html.contains("e&#39;q › ghost"))
    #expect(!html.contains("e'q"))
  }

  // MARK: - Self-contained

  @Test func thePageLoadsNothingFromOutside() throws {
    let html = HTMLReport.render(Self.report(Self.layout()))
    #expect(!html.contains("http://"))
    #expect(!html.contains("https://"))
    #expect(!html.lowercased().contains("<link"))
    #expect(!html.lowercased().contains("<script src"))
    #expect(!html.contains("url("))
    #expect(!html.contains("@import"))
    for src in html.components(separatedBy: "src=\"").dropFirst() {
      #expect(src.hasPrefix("data:image/png;base64,"))
    }
    for href in html.components(separatedBy: "href=\"").dropFirst() {
      #expect(href.hasPrefix("#"))
    }
    #expect(html.contains("Content-Security-Policy"))
  }

  @Test func previewsAreEmbeddedAsDataURIs() throws {
    let report = Self.report(Self.layout())
    let preview = try #require(report.outcome.previews.first)
    let html = HTMLReport.render(report)
    #expect(html.contains("data:image/png;base64,\(Data(preview.preview).base64EncodedString())"))
    #expect(html.contains("data:image/png;base64,\(Data(preview.heatmap).base64EncodedString())"))
    #expect(html.contains("plain › ghost 1.00"))
  }

  @Test func anIconIsDrawnAsItsFrameFilledInItsColour() {
    var layout = Self.layout()
    layout.elements[0].content[0].kind = .icon
    layout.elements[0].content[0].color = .same("#202020")
    let html = HTMLReport.render(Self.report(layout))
    #expect(html.contains("background:#202020\" title=\"plain › ghost"))
    #expect(html.contains("class=\"box fail icon\""))
    #expect(html.contains("(SF Symbols cannot be drawn here)"))
  }

  @Test func eachPictureLinksToItsFullSizeView() {
    let report = Self.report(Self.layout())
    let id = report.outcome.previews[0].key.id
    let html = HTMLReport.render(report)
    for suffix in ["p", "h"] {
      #expect(html.contains("<figure id=\"zoom-\(id)-\(suffix)\""))
      #expect(html.contains("<a class=\"zoom\" href=\"#zoom-\(id)-\(suffix)\""))
    }
    #expect(html.contains("figure:target .frame { width: var(--zw);"))
  }

  @Test func badgesSitInTheMarginsApartAndNeverOnAFrame() {
    // Three failing items at one height on the right, one on the left.
    let key = SceneKey(layout: "t", wallpaper: "w", appearance: .light, mode: .normal)
    let boxes = [
      PreviewBox(
        element: "bar", item: "a", verdict: .fail,
        rect: PixelRect(x: 300, y: 20, width: 40, height: 20)),
      PreviewBox(
        element: "bar", item: "b", verdict: .fail,
        rect: PixelRect(x: 350, y: 20, width: 40, height: 20)),
      PreviewBox(
        element: "bar", item: "c", verdict: .warn,
        rect: PixelRect(x: 420, y: 22, width: 40, height: 20)),
      PreviewBox(
        element: "bar", item: "d", verdict: .fail,
        rect: PixelRect(x: 10, y: 990, width: 100, height: 20)),
      PreviewBox(
        element: "bar", item: "e", verdict: .pass,
        rect: PixelRect(x: 10, y: 500, width: 100, height: 20)),
    ]
    let p = ScenePreview(key: key, width: 480, height: 1000, preview: [], heatmap: [], boxes: boxes)
    let numbers = [
      "bar\u{1F}a": 1, "bar\u{1F}b": 2, "bar\u{1F}c": 3, "bar\u{1F}d": 4, "bar\u{1F}e": 5,
    ]
    let plan = HTMLReport.BadgePlan(p, boxes: boxes, numbers: numbers)
    // Passing items get no badge.
    #expect(plan.badges.map(\.number).sorted() == [1, 2, 3, 4])
    let spacing = plan.diameter * 1.15
    for b in plan.badges {
      #expect(b.left == (b.number == 4))
      #expect(b.y >= spacing / 2 - 1e-9 && b.y <= Double(p.height) - spacing / 2 + 1e-9)
      for o in plan.badges where o.number != b.number && o.left == b.left {
        #expect(abs(o.y - b.y) >= spacing - 1e-9)
      }
    }
    // The margin holds a whole badge: it never reaches the picture.
    #expect(Double(plan.gutter) >= plan.diameter)
    // The one at the bottom moves up to stay inside.
    #expect(plan.badges.first { $0.number == 4 }!.y < 1000)
  }

  @Test func withoutPreviewsThePageSaysSo() {
    var report = Self.report(Self.layout())
    report.outcome.previews = []
    let html = HTMLReport.render(report)
    #expect(!html.contains("data:image"))
    #expect(html.contains("No previews were drawn"))
  }

  @Test func theSameReportGivesTheSameBytes() {
    let a = HTMLReport.render(Self.report(Self.layout()))
    let b = HTMLReport.render(Self.report(Self.layout()))
    #expect(a == b)
  }

  @Test func percentIsExactToThreeDecimals() {
    #expect(HTMLReport.percent(1, of: 3) == "33.333%")
    #expect(HTMLReport.percent(2, of: 40) == "5.000%")
    #expect(HTMLReport.percent(40, of: 40) == "100.000%")
  }

  // MARK: - Previews

  @Test func previewAndHeatmapDecodeAtTheDownscaledSize() throws {
    let p = try #require(ScenePreviewRenderer.render(Self.snapshot(Self.layout()), maxWidth: 40))
    #expect(p.width == 40 && p.height == 20)
    let preview = try Self.decode(p.preview)
    let heat = try Self.decode(p.heatmap)
    #expect(preview.width == 40 && preview.height == 20)
    #expect(heat.width == 40 && heat.height == 20)
  }

  @Test func previewPaintsTheModelledGlass() throws {
    let p = try #require(ScenePreviewRenderer.render(Self.snapshot(Self.layout()), maxWidth: 40))
    let preview = try Self.decode(p.preview)
    // Outside any material: the black wallpaper. Regular light glass over
    // black: Apple's anchor of 130/255 (SPEC §3.2).
    #expect(preview[2, 2] == (0, 0, 0))
    let glass = preview[30, 10]
    #expect(abs(Double(glass.0) * 255 - 130) <= 3)
  }

  @Test func heatmapIsRedWhereAFailingItemIsAndGreenWhereOnePasses() throws {
    let p = try #require(ScenePreviewRenderer.render(Self.snapshot(Self.layout()), maxWidth: 40))
    let heat = try Self.decode(p.heatmap)
    // The ghost label covers pt x 2..<14, y 4..<12: preview pixels the same
    // (80 px canvas at 2x, shown 40 px wide).
    let red = heat[6, 7]
    #expect(red.0 > 0.8 && red.1 < 0.3 && red.2 < 0.3)
    // The glass label: pt x 24..<36.
    let green = heat[30, 7]
    #expect(green.1 > green.0 && green.1 > green.2)
    // Not measured: grey.
    let grey = heat[30, 17]
    #expect(grey.0 == grey.1 && grey.1 == grey.2)
  }

  @Test func boxesAreInPreviewPixels() throws {
    let p = try #require(ScenePreviewRenderer.render(Self.snapshot(Self.layout()), maxWidth: 40))
    let ghost = try #require(p.boxes.first { $0.item == "ghost" })
    #expect(ghost.verdict == .fail)
    #expect(ghost.rect == PixelRect(x: 2, y: 4, width: 12, height: 8))
    let label = try #require(p.boxes.first { $0.item == "label" })
    #expect(label.verdict == .pass)
    #expect(label.rect == PixelRect(x: 24, y: 4, width: 12, height: 8))
  }

  @Test func theSameSceneGivesTheSamePNGBytes() throws {
    let a = try #require(ScenePreviewRenderer.render(Self.snapshot(Self.layout())))
    let b = try #require(ScenePreviewRenderer.render(Self.snapshot(Self.layout())))
    #expect(a == b)
    // A canvas narrower than maxWidth is not upscaled.
    #expect(a.width == 80 && a.height == 40)
  }

  @Test func thinFailingLinesSurviveTheDownscale() throws {
    // One-pixel failing line at 4x reduction: the max keeps it red.
    var layout = Self.layout()
    layout.elements[0].content[0].frame = RectInPoints(x: 2, y: 4, width: 12, height: 0.5)
    let p = try #require(ScenePreviewRenderer.render(Self.snapshot(layout), maxWidth: 20))
    let heat = try Self.decode(p.heatmap)
    let red = heat[3, 2]
    #expect(red.0 > 0.8 && red.1 < 0.3)
  }
}
