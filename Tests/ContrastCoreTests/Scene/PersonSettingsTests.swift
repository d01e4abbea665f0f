import Foundation
import Testing

@testable import ContrastCore

/// The settings a person has (SPEC §3.8): text size, Bold Text, targets and
/// the release before Liquid Glass. Known answers from Apple's Dynamic Type
/// table (HIG, Typography, "iOS, iPadOS Dynamic Type sizes") and WCAG 2.2's
/// definition of large-scale text (18 pt, or 14 pt bold; iOS points as CSS
/// px: 24, or 56/3 bold).
@Suite struct PersonSettingsTests {
  static let profile: Profile = try! ProfileLoader.loadDefault()
  static let ios18: Profile = try! ProfileLoader.load(named: "ios18")

  /// Apple's table, as the HIG publishes it: per role, xSmall ... xxxLarge,
  /// AX1 ... AX5, points.
  static let appleTable: [String: [Double]] = [
    "largeTitle": [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
    "title": [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
    "title2": [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
    "title3": [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
    "headline": [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
    "body": [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
    "callout": [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
    "subheadline": [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
    "footnote": [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
    "caption": [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
    "caption2": [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
  ]

  static let frame = RectInPoints(x: 4, y: 4, width: 20, height: 10)

  static func text(_ role: String, size: Double? = nil, fixed: Bool = false) -> ContentItem {
    var item = ContentItem(
      id: role, kind: .text, role: role, sizeInPoints: size, color: .same("label"),
      frame: frame)
    item.fixedSize = fixed
    return item
  }

  // MARK: Text size

  @Test(arguments: [profile, ios18])
  func everyRoleHasApplesSizeAtEveryTextSize(_ profile: Profile) {
    #expect(Set(profile.textRoles.keys) == Set(Self.appleTable.keys))
    for (name, sizes) in Self.appleTable {
      let role = profile.textRoles[name]!
      #expect(
        TextSize.allCases.map { profile.size(of: role, at: $0) } == sizes, "\(name)")
    }
  }

  @Test func largeTextIsDecidedAgainAtEachSize() {
    let p = Self.profile
    let body = Self.text("body")
    // body: 23 pt at xxxLarge is not large (< 24); 28 pt at AX1 is.
    let at = { (size: TextSize) in
      p.requirement(of: body, settings: AuditSettings(), textSize: size)
    }
    #expect(!at(.xxxLarge).largeText)
    #expect(at(.xxxLarge).threshold == 4.5)
    #expect(at(.ax1).largeText)
    #expect(at(.ax1).threshold == 3)
    // largeTitle: 34 pt at large is large; 31 pt at xSmall still is.
    #expect(p.requirement(of: Self.text("largeTitle"), settings: AuditSettings()).largeText)
    #expect(
      p.requirement(of: Self.text("title2"), settings: AuditSettings(), textSize: .xSmall)
        .largeText == false)
  }

  @Test func anItemsOwnSizeScalesByItsRolesRatioUnlessFixed() {
    let p = Self.profile
    // 20 pt body at AX1: 20 x 28/17 = 32.9 pt, large; fixed, it stays 20.
    let own = Self.text("body", size: 20)
    let scaled = p.requirement(of: own, settings: AuditSettings(), textSize: .ax1)
    #expect(abs(scaled.sizeInPoints! - 20 * 28 / 17) < 1e-12)
    #expect(scaled.largeText)
    let fixed = p.requirement(
      of: Self.text("body", size: 20, fixed: true), settings: AuditSettings(), textSize: .ax1)
    #expect(fixed.sizeInPoints == 20)
    #expect(!fixed.largeText)
  }

  @Test func framesGrowInTheDirectionOfGrow() {
    var item = Self.text("body")
    #expect(item.frame(scaledBy: 2) == RectInPoints(x: 4, y: 4, width: 20, height: 20))
    item.grow = .up
    #expect(item.frame(scaledBy: 2) == RectInPoints(x: 4, y: -6, width: 20, height: 20))
    item.grow = .both
    #expect(item.frame(scaledBy: 2) == RectInPoints(x: 4, y: -1, width: 20, height: 20))
  }

  // MARK: Bold Text

  @Test func aHeadlineAtXLargeIsLargeTextOnlyUnderBoldText() {
    // The issue's example: headline at xLarge is 19 pt semibold, not large
    // (WCAG: 24 pt, or 18.67 pt bold); under Bold Text it is bold, and
    // 19 >= 56/3, so it is large.
    let p = Self.profile
    let headline = Self.text("headline")
    let plain = p.requirement(of: headline, settings: AuditSettings(), textSize: .xLarge)
    #expect(plain.sizeInPoints == 19 && plain.weight == .semibold && !plain.largeText)
    #expect(plain.threshold == 4.5)
    let bold = p.requirement(
      of: headline, settings: AuditSettings(), textSize: .xLarge, boldText: true)
    #expect(bold.weight == .bold && bold.largeText)
    #expect(bold.threshold == 3)
    // At large (17 pt) even bold is below 18.67.
    #expect(
      !p.requirement(of: headline, settings: AuditSettings(), boldText: true).largeText)
  }

  @Test func boldTextMapsEachWeightOneStepHeavierAsTheProfileSays() {
    let w = Self.profile.boldTextWeights
    #expect(w[.regular] == .semibold)
    #expect(w[.semibold] == .bold)
    #expect(w[.bold] == .heavy)
    #expect(w[.heavy] == .black)
    #expect(Self.profile.provenance["boldText.regular"]?.trust == .assumption)
    #expect(Self.profile.provenance["textRoles.headline.sizes.xLarge"]?.trust == .apple)
  }

  // MARK: Targets

  @Test func aTargetAboveWCAGRaisesTheThresholdAndOneBelowLeavesIt() {
    let p = Self.profile
    let targets = ContrastTargets([
      "headline": .init(ratio: 7, file: "a.yml", line: 3, column: 13),
      "body": .init(ratio: 3.5, file: "a.yml", line: 4, column: 9),
      "icon": .init(ratio: 2, file: "a.yml", line: 5, column: 9),
      "decorative": .init(ratio: 2.5, file: "a.yml", line: 6, column: 15),
    ])
    let s = AuditSettings()
    let headline = p.requirement(of: Self.text("headline"), settings: s, targets: targets)
    #expect(headline.threshold == 7 && headline.thresholdSource == .target)
    let body = p.requirement(of: Self.text("body"), settings: s, targets: targets)
    #expect(body.threshold == 4.5 && body.thresholdSource == .wcag)
    let icon = ContentItem(id: "i", kind: .icon, color: .same("label"), frame: Self.frame)
    #expect(p.requirement(of: icon, settings: s, targets: targets).threshold == 3)
    let deco = ContentItem(id: "d", kind: .decorative, color: .same("label"), frame: Self.frame)
    let d = p.requirement(of: deco, settings: s, targets: targets)
    #expect(d.threshold == 2.5 && d.thresholdSource == .target && d.warnsOnly)
    // The item's own minimumRatio wins over the targets.
    var own = Self.text("headline")
    own.minimumRatio = 5
    #expect(p.requirement(of: own, settings: s, targets: targets).threshold == 5)
  }

  @Test func aTargetBelowWCAGIsAWarningNamingBothNumbersAndItsPlace() throws {
    let yaml = """
      version: 1
      layout: t
      device: iphone-16
      targets: {body: 3.5, icon: 3}
      elements:
        - id: bar
          material: none
          frame: {x: 0, y: 0, width: 100, height: 40}
          content:
            - {id: label, role: body, color: label, frame: {x: 0, y: 0, width: 50, height: 20}}
            - {id: note, role: footnote, color: label, minimumRatio: 2.5, frame: {x: 0, y: 20, width: 50, height: 10}}
      """
    let loaded = LayoutLoader.load(text: yaml, file: "layouts/t.yml", profile: Self.profile)
    let layout = try #require(loaded.layout, "\(loaded.errors)")
    let found = SettingsLint.findings(
      layouts: [layout], profiles: [Self.profile], settings: AuditSettings()
    ).filter { $0.rule == .targetBelowWCAG }
    #expect(found.count == 2)
    let messages = found.map(\.message).sorted()
    #expect(messages[0].hasPrefix("layouts/t.yml:11:64: the target 2.5:1 of item 'note'"))
    #expect(messages[0].contains("below WCAG AA's 4.5:1 for text"))
    #expect(messages[1].hasPrefix("layouts/t.yml:4:17: the target 3.5:1 of item 'label'"))
  }

  // MARK: The release before Liquid Glass

  static func glass(fallback: ElementFallback?) -> Element {
    var e = Element(
      id: "bar", material: "glass.regular", frame: RectInPoints(x: 0, y: 0, width: 40, height: 20),
      tint: .same("#FF9500"),
      overrides: [.reduceTransparency: ModeOverride(fill: .same("#F2F2F7"))],
      content: [Self.text("body")])
    e.fallback = fallback
    return e
  }

  @Test func ios18HasNoLiquidGlassAndItsStandardMaterialsAreAssumptions() {
    #expect(!Self.ios18.hasLiquidGlass)
    #expect(Self.ios18.materials["glass.regular"] == nil)
    #expect(Self.ios18.materials["ultraThin"] == Self.profile.materials["ultraThin"])
    #expect(Self.ios18.provenance["materials.ultraThin.light.saturation"]?.trust == .assumption)
    #expect(AuditSettings().liquidGlassSettings(for: .normal, hasLiquidGlass: false) == [nil])
  }

  @Test func aGlassElementDrawsItsFallbackUnderIOS18() throws {
    let p = Self.ios18
    let material = try p.rendering(
      of: Self.glass(fallback: .material("ultraThin")), appearance: .light, mode: .normal, scale: 1)
    #expect(material.materialName == "ultraThin")
    guard case .material(let pipeline, _) = material.surface else {
      Issue.record("expected a material")
      return
    }
    // The element's tint is glass's .tint(): it does not carry over.
    #expect(pipeline.tint == nil)
    let none = try p.rendering(
      of: Self.glass(fallback: ElementFallback.none), appearance: .dark, mode: .normal, scale: 1)
    #expect(none.surface == .wallpaper)
    let fill = try p.rendering(
      of: Self.glass(fallback: .fill(.same("#FFFFFF"))), appearance: .light, mode: .normal,
      scale: 1)
    #expect(fill.surface == .appFill(RGBA(.white, alpha: 1), tint: nil))
    // The mode's override applies after the fallback: its fill wins.
    let rt = try p.rendering(
      of: Self.glass(fallback: .material("ultraThin")), appearance: .light,
      mode: .reduceTransparency, scale: 1)
    #expect(rt.materialName == "fill")
    // iOS 27 still draws the glass.
    let glass = try Self.profile.rendering(
      of: Self.glass(fallback: .material("ultraThin")), appearance: .light, mode: .normal,
      scale: 1)
    #expect(glass.materialName == "glass.regular")
  }

  @Test func withoutAFallbackItsItemsGetNoResultAndAFinding() {
    let layout = Layout(
      id: "t", title: "t", canvas: Canvas(widthInPoints: 40, heightInPoints: 20, scale: 1),
      elements: [Self.glass(fallback: nil)], file: "t.yml")
    let image = RGBImage(width: 40, height: 20, filledWith: (1, 1, 1))
    let canvas = WallpaperCanvas(wallpaperID: "w", image: image, canvas: layout.canvas)
    let normal = SceneEvaluator.measure(
      layout: layout, canvas: canvas, appearance: .light, mode: .normal, profile: Self.ios18,
      settings: AuditSettings())
    #expect(normal.isEmpty)
    // Under Reduce Transparency the app draws its own fill: no fallback needed.
    let rt = SceneEvaluator.measure(
      layout: layout, canvas: canvas, appearance: .light, mode: .reduceTransparency,
      profile: Self.ios18, settings: AuditSettings())
    #expect(rt.count == 1)
    let findings = SettingsLint.findings(
      layouts: [layout], profiles: [Self.profile, Self.ios18], settings: AuditSettings())
    let noFallback = findings.filter { $0.rule == .noFallback }
    #expect(noFallback.count == 1)
    #expect(noFallback.first?.message.contains("profile 'ios18'") == true)
  }

  // MARK: Sharing the pixels across text sizes

  /// Every text size measured with the others (the union's pixels, sliced)
  /// gives exactly what it gives measured alone.
  @Test func eachSizeMeasuredWithTheOthersEqualsItMeasuredAlone() {
    let canvasSize = Canvas(widthInPoints: 60, heightInPoints: 60, scale: 2)
    var item = Self.text("body")
    item.frame = RectInPoints(x: 3, y: 10, width: 30, height: 12)
    item.grow = .both
    let element = Element(
      id: "card", material: "glass.regular",
      frame: RectInPoints(x: 2, y: 2, width: 50, height: 50), content: [item])
    let layout = Layout(
      id: "t", title: "t", canvas: canvasSize, elements: [element], file: "t.yml")
    // A seeded noisy wallpaper with a gradient (so no two rows are alike).
    let image = NoiseWallpaper.overGradient(seed: 0x9E37_79B9_7F4A_7C15)
    let canvas = WallpaperCanvas(wallpaperID: "w", image: image, canvas: canvasSize)
    let all = AuditSettings(textSizes: TextSize.allCases, boldText: [false, true])
    let together = SceneEvaluator.measure(
      layout: layout, canvas: canvas, appearance: .dark, mode: .normal, profile: Self.profile,
      settings: all, cache: SampleCache())
    #expect(together.count == 24)
    for m in together {
      let alone = SceneEvaluator.measure(
        layout: layout, canvas: canvas, appearance: .dark, mode: .normal, profile: Self.profile,
        settings: AuditSettings(textSizes: [m.result.textSize], boldText: [m.result.boldText]))
      #expect(alone.count == 1)
      #expect(alone[0].result.contrast == m.result.contrast, "\(m.result.textSize)")
      #expect(alone[0].result.pixelCount == m.result.pixelCount)
      #expect(alone[0].result.threshold == m.result.threshold)
    }
  }

  // MARK: Identity

  @Test func identityAddsTheTextSettingsOnlyWhereTheyAreNotTheDefault() {
    #expect(CheckResult.variantParts(liquidGlass: .default, profile: "ios27") == [])
    #expect(
      CheckResult.variantParts(
        liquidGlass: .clear, profile: "ios18",
        textSetting: TextSetting(textSize: .ax3, boldText: true))
        == ["liquidGlass=clear", "profile=ios18", "textSize=AX3", "boldText=on"])
    #expect(
      CheckResult.variantParts(
        liquidGlass: nil, profile: "ios27", textSetting: TextSetting(textSize: .large)) == [])
  }

  @Test func anOldBaselineEntryMeansLargeAndBoldTextOff() throws {
    let old = try Baseline.parse(text: BaselineDimensionsTests.oldText, file: "old.json")
    var results = [ReportFixtures.check(liquidGlass: .default)]
    var bold = ReportFixtures.check(liquidGlass: .default)
    bold.boldText = true
    var ax = ReportFixtures.check(liquidGlass: .default)
    ax.textSize = .ax1
    results += [bold, ax]
    let column = old.apply(to: results).column
    #expect(results.map { column.state(of: $0) } == [.known, .new, .new])
    let recorded = Baseline.recording(ReportFixtures.report([bold, ax]))
    let parsed = try Baseline.parse(text: recorded.render(), file: "b.json")
    #expect(parsed == recorded)
    #expect(
      Set(parsed.entries.map(\.fingerprint)) == [
        "tabs/bar/label/dusk/light/normal/boldText=on",
        "tabs/bar/label/dusk/light/normal/textSize=AX1",
      ])
  }
}

/// A swept scene's preview is drawn at the text setting of its worst check
/// (issue 18): the audit names that setting, and drawing measures it alone,
/// so every failing item of the drawing carries its pixels for the heatmap.
@Suite struct SweptPreviewTests {
  /// The snapshots a previewer was given.
  final class Seen: @unchecked Sendable {
    let lock = NSLock()
    var snapshots: [SceneSnapshot] = []
    func add(_ s: SceneSnapshot) {
      lock.lock()
      snapshots.append(s)
      lock.unlock()
    }
  }

  @Test func aSweptSceneIsDrawnAtItsWorstSettingWithEveryFailingItemsPixels() throws {
    let profile = try ProfileLoader.load(named: "ios27")
    let canvas = Canvas(widthInPoints: 60, heightInPoints: 60, scale: 1)
    // Two grey text items on thin material over a seeded noisy wallpaper:
    // they fail in places, at every text size.
    let items = ["a", "b"].enumerated().map { i, id in
      ContentItem(
        id: id, kind: .text, role: "body", color: .same("#8E8E93"),
        frame: RectInPoints(x: 5, y: 5 + 25 * Double(i), width: 45, height: 12))
    }
    let element = Element(
      id: "card", material: "thin", frame: RectInPoints(x: 0, y: 0, width: 60, height: 60),
      content: items)
    var samples: [Float] = []
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<(60 * 60) {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let v = Float(seed >> 40 & 0xFF) / 255
      samples += [v, v, v]
    }
    let image = RGBImage(width: 60, height: 60, samples: samples)
    let seen = Seen()
    var request = AuditRequest(
      profiles: [profile],
      settings: AuditSettings(
        modes: [.normal], appearances: [.light, .dark], liquidGlass: [.default],
        textSizes: [.xSmall, .large, .ax5], boldText: [false, true]),
      layouts: [Layout(id: "l", title: "l", canvas: canvas, elements: [element], file: "l.yml")],
      wallpapers: [WallpaperInput(id: "w", file: "w.png") { (image, false) }])
    request.previewLimit = 10
    request.previewer = { snapshot in
      seen.add(snapshot)
      return nil
    }
    let report = AuditPipeline.run(request)
    let scenes = Set(
      report.outcome.results.filter { $0.verdict == .fail }.map { "\($0.appearance)" })
    try #require(!scenes.isEmpty)
    #expect(seen.snapshots.count == scenes.count)
    for snapshot in seen.snapshots {
      let checks = report.outcome.results.filter {
        $0.appearance == snapshot.key.appearance
      }
      let worst = try #require(SceneSnapshot.worstTextSetting(checks))
      // Drawn at the worst check's setting, measured at it alone.
      #expect(snapshot.textSetting == worst)
      #expect(snapshot.measurements.allSatisfy { $0.result.textSetting == worst })
      let failing = snapshot.measurements.filter { $0.result.verdict == .fail }
      #expect(!failing.isEmpty)
      // Every failing item keeps its pixels, so the heatmap shows where.
      #expect(failing.allSatisfy { $0.samples != nil }, "\(snapshot.key)")
      // The drawing's checks are the audit's own, not measured again: each
      // is the report's check of that item and setting, its numbers
      // rounded as the report carries them.
      for m in snapshot.measurements {
        let r = try #require(
          checks.first {
            $0.element == m.result.element && $0.item == m.result.item
              && $0.textSetting == m.result.textSetting
          })
        #expect(m.result.contrast == r.contrast && m.result.judgedRatio == r.judgedRatio)
        #expect(m.result.verdict == r.verdict && m.result.bounds == r.bounds)
        #expect(m.result.judgedRatio == quantize(m.result.judgedRatio))
      }
    }
  }
}
