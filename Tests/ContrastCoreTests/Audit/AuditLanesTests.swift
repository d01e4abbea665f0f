import Testing

@testable import ContrastCore

/// The last wallpapers of an audit are measured in lanes (`Auditor.audit`'s
/// `lanes`): of layouts when it has several, each lane blurring only its own
/// layouts' elements; else of modes. Either way every check is the one a
/// single lane makes, bit for bit, and lanes of layouts make no blur twice.
struct AuditLanesTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()

  /// A glass card with two text items, under the id `id`, `dy` points down.
  static func layout(_ id: String, dy: Double) -> Layout {
    let canvas = Canvas(widthInPoints: 60, heightInPoints: 90, scale: 2)
    let items = ["body", "footnote"].enumerated().map { k, role in
      ContentItem(
        id: role, kind: .text, role: role, color: .same("label"),
        frame: RectInPoints(x: 4 + 10 * Double(k), y: 4 + 8 * Double(k), width: 30, height: 7))
    }
    let element = Element(
      id: "card", material: "glass.regular",
      frame: RectInPoints(x: 2, y: 2 + dy, width: 50, height: 24), content: items)
    return Layout(id: id, title: id, canvas: canvas, elements: [element], file: "\(id).yml")
  }

  static func audit(_ layouts: [Layout], lanes: Int) -> PartialOutcome {
    let image = NoiseWallpaper.overGradient(seed: 0x2545_F491_4F6C_DD1D)
    let placed = Placement.aspectFill(
      image, canvasWidth: layouts[0].canvas.widthInPixels,
      canvasHeight: layouts[0].canvas.heightInPixels)
    let auditor = Auditor(
      profiles: [profile], settings: AuditSettings(), layouts: layouts, jobs: lanes)
    var partial = auditor.audit(
      WallpaperInput(id: "noise", file: "noise.png") { (placed, false) },
      bounds: BoundsCache(), masks: MaskCache(), lanes: lanes)
    partial.results.sortInReportOrder()
    return partial
  }

  static func same(_ a: PartialOutcome, _ b: PartialOutcome) {
    #expect(a.results.count == b.results.count && !a.results.isEmpty)
    #expect(a.scenes == b.scenes)
    for (x, y) in zip(a.results, b.results) {
      #expect(x.layout == y.layout && x.item == y.item && x.sceneDescription == y.sceneDescription)
      #expect(x.contrast == y.contrast && x.verdict == y.verdict && x.pixelCount == y.pixelCount)
    }
  }

  @Test func lanesOfLayoutsMakeEveryCheckAndNoBlurTwice() {
    let layouts = [Self.layout("top", dy: 0), Self.layout("bottom", dy: 60)]
    let one = Self.audit(layouts, lanes: 1)
    let two = Self.audit(layouts, lanes: 2)
    Self.same(one, two)
    // Each card's blurs once, whichever lane makes them.
    let alone = layouts.map { Self.audit([$0], lanes: 1).blursComputed }
    #expect(two.blursComputed == alone.reduce(0, +))
    #expect(two.blursRequested == one.blursRequested)
  }

  /// Two trials of one card (as a fix round makes them: the same shape,
  /// other layouts) go to one lane, and share its blurs.
  @Test func layoutsOfOneFootprintShareALane() {
    // (Costs that a split by items alone would put in two lanes: 2, 2, 1.)
    var trial = Self.layout("top~1", dy: 0)
    for k in trial.elements[0].content.indices {
      trial.elements[0].content[k].color = .same("secondaryLabel")
    }
    var bottom = Self.layout("bottom", dy: 60)
    bottom.elements[0].content = [bottom.elements[0].content[0]]
    let layouts = [Self.layout("top~0", dy: 0), trial, bottom]
    let one = Self.audit(layouts, lanes: 1)
    let two = Self.audit(layouts, lanes: 2)
    Self.same(one, two)
    let trials = Self.audit(Array(layouts[0...1]), lanes: 1).blursComputed
    #expect(two.blursComputed == trials + Self.audit([layouts[2]], lanes: 1).blursComputed)
  }

  @Test func lanesOfModesMakeEveryCheck() {
    let layouts = [Self.layout("top", dy: 0)]
    Self.same(Self.audit(layouts, lanes: 1), Self.audit(layouts, lanes: 2))
  }
}
