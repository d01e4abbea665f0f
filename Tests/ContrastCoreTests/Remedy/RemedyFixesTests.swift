import Foundation
import Testing

@testable import ContrastCore

/// The fixes an app can apply (issue 15): a thicker material, a tint alpha,
/// a named colour, large text; each re-checked by the model on the failing
/// scenes and combined over all of them. Known answers are worked by hand
/// from WCAG 2.x's relative luminance, L = ((V + 0.055) / 1.055)^2.4 per
/// channel (V > 0.04045), ratio = (L1 + 0.05) / (L2 + 0.05), on solid
/// wallpapers (a Gaussian of a constant is that constant, so the backdrop
/// is the wallpaper's grey whatever the blur).
@Suite struct RemedyFixesTests {
  static let ios27 = try! ProfileLoader.load(named: "ios27")
  static let canvas = Canvas(widthInPoints: 40, heightInPoints: 40, scale: 1)

  /// WCAG's relative luminance of an encoded grey (the formula above).
  static func luminance(_ v: Double) -> Double {
    v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  /// ios27 with its standard materials in light made plain: `thin` shows
  /// the backdrop itself (plate share 0), `regular` a 0.5 grey plate and
  /// `thick` a white plate (share 1), so every background is worked by hand.
  static let plain: Profile = {
    var p = ios27
    p.materials["ultraThin"]!.light.plateShare = 0
    p.materials["ultraThin"]!.light.brightness = 0
    p.materials["thin"]!.light.plateShare = 0
    p.materials["thin"]!.light.brightness = 0
    p.materials["regular"]!.light.plateShare = 1
    p.materials["regular"]!.light.plateStops = [0.5, 0.5]
    p.materials["regular"]!.light.brightness = 0
    p.materials["thick"]!.light.plateShare = 1
    p.materials["thick"]!.light.plateStops = [1, 1]
    p.materials["thick"]!.light.brightness = 0
    return p
  }()

  static func wallpaper(_ id: String, grey v: Double) -> WallpaperInput {
    let image = RGBImage(width: 40, height: 40, filledWith: (Float(v), Float(v), Float(v)))
    return WallpaperInput(id: id, file: "\(id).png") { (image, false) }
  }

  static func element(
    _ material: String, tint: String? = nil, color: String, role: String = "body"
  ) -> Element {
    Element(
      id: "e", material: material, frame: RectInPoints(x: 0, y: 0, width: 40, height: 40),
      tint: tint.map(ColorSpec.same),
      content: [
        ContentItem(
          id: "t", kind: .text, role: role, color: .same(color),
          frame: RectInPoints(x: 10, y: 10, width: 10, height: 10))
      ])
  }

  /// The failing results of one element over the wallpapers, light normal.
  static func failures(
    _ element: Element, greys: [Double], profile: Profile = plain
  ) -> [CheckResult] {
    let report = AuditPipeline.run(
      AuditRequest(
        profiles: [profile],
        settings: AuditSettings(
          modes: [.normal], appearances: [.light], liquidGlass: [.default]),
        layouts: [Layout(id: "l", title: "l", canvas: canvas, elements: [element], file: "l.yml")],
        wallpapers: greys.enumerated().map { wallpaper("w\($0.offset)", grey: $0.element) }))
    return report.outcome.results.filter { $0.verdict == .fail }
  }

  @Test func aStandardMaterialGetsTheThinnestThickerMaterialThatPassesNotAFillAlpha() throws {
    // Black text on `thin` over grey 0.2: L = 0.0331, ratio 1.66 (fails).
    // `regular` shows a 0.5 grey: L = ((0.555 / 1.055)^2.4) = 0.2140,
    // ratio (0.2140 + 0.05) / 0.05 = 5.28, the first thicker that passes.
    let fails = Self.failures(Self.element("thin", color: "#000000"), greys: [0.2])
    let r = try #require(fails.first?.remedy)
    #expect(r.material == "regular")
    #expect(r.currentMaterial == "thin")
    let expected = (Self.luminance(0.5) + 0.05) / 0.05
    #expect(abs(try #require(r.materialRatio) - expected) < 1e-4)
    // An app cannot set a standard material's fill alpha.
    #expect(r.alphaProperty == nil && r.alpha == nil)
    #expect(!Remedy.text(for: fails[0]).contains("fill"))
    #expect(
      Remedy.text(for: fails[0]).hasPrefix(
        "`material: regular` (now `thin`) — reaches 5.28:1"))
  }

  @Test func aFallbacksMaterialFixIsWrittenAsTheFallback() throws {
    // The same scene as above under a profile before Liquid Glass: the
    // glass element draws its fallback `thin`, so the fix is the
    // fallback's (`fallback: regular`), not `material: regular`, which
    // would change what Liquid Glass draws too (issue 29 part 2).
    var profile = Self.plain
    profile.hasLiquidGlass = false
    profile.materials = profile.materials.filter { !$0.key.hasPrefix("glass.") }
    var element = Self.element("glass.regular", color: "#000000")
    element.fallback = .material("thin")
    let fails = Self.failures(element, greys: [0.2], profile: profile)
    let r = try #require(fails.first?.remedy)
    #expect(r.material == "regular" && r.currentMaterial == "thin")
    #expect(r.materialKey == "fallback")
    #expect(
      Remedy.text(for: fails[0]).hasPrefix(
        "`fallback: regular` (now `thin`) — reaches 5.28:1"))
    // A material drawn as itself keeps `material:`.
    let own = Self.failures(Self.element("thin", color: "#000000"), greys: [0.2], profile: profile)
    #expect(try #require(own.first?.remedy).materialKey == nil)
  }

  @Test func aTintAlphaIsTheLargestMinimumOverEveryFailingScene() throws {
    // Black text on `thin` (the backdrop itself) with a white tint at 0x1A.
    // Passing needs L(bg) >= 4.5 x 0.05 - 0.05 = 0.175, an encoded grey of
    // 1.055 x 0.175^(1/2.4) - 0.055 = 0.4553. Over grey 0.2 the background
    // is 0.2 + 0.8 a (a >= 0.3192: 0.32); over black it is a (a >= 0.4553:
    // 0.46). One fix for both: 0.46. The ratio it states is a floor: the
    // least of each scene's ratio at its own minimum (0.32 over grey 0.2
    // gives 0.456; 0.46 over black), which the larger alpha only raises.
    let fails = Self.failures(
      Self.element("thin", tint: "#FFFFFF1A", color: "#000000"), greys: [0.2, 0])
    #expect(fails.count == 2)
    let r = try #require(fails.first?.remedy)
    #expect(r.alphaProperty == "tint" && r.alphaColor == "#FFFFFF")
    #expect(r.alpha == 0.46)
    let worst = (Swift.min(Self.luminance(0.456), Self.luminance(0.46)) + 0.05) / 0.05
    #expect(abs(try #require(r.alphaRatio) - worst) < 1e-4)
    #expect(Remedy.text(for: fails[0]).contains("reaches at least 4.51:1"))
    #expect(Set(fails.map(\.remedy)).count == 1)
  }

  @Test func glassWithoutATintGetsATintNotItsFill() throws {
    let fails = Self.failures(Self.element("glass.regular", color: "#8E8E93"), greys: [0.6])
    let r = try #require(fails.first?.remedy)
    #expect(r.alphaProperty == "tint")
    #expect(r.currentAlpha == 0)
    #expect(Remedy.text(for: fails[0]).contains("(now none)"))
  }

  @Test func theNearestNamedColourThatPassesIsNamedWithItsHexAndRatio() throws {
    // systemBlue #007AFF on white (`none` over a white wallpaper):
    // L = 0.7152 x L(0x7A) + 0.0722 = 0.2114, ratio 1.05 / 0.2614 = 4.02:
    // fails 4.5. Of {systemRed 3.55, white 1.00, label 21}, only label
    // (#000000: 1.05 / 0.05 = 21) passes.
    var profile = Self.plain
    profile.colors = profile.colors.filter {
      ["systemBlue", "systemRed", "white", "label"].contains($0.key)
    }
    let fails = Self.failures(
      Self.element("none", color: "systemBlue"), greys: [1], profile: profile)
    let r = try #require(fails.first?.remedy)
    #expect(r.colorName == "label" && r.color == "#000000")
    #expect(abs(try #require(r.colorRatio) - 21) < 1e-9)
    // 4.02 passes large text's 3:1: WCAG's 14 pt bold is 18.67 CSS px, 19 pt.
    #expect(r.largeTextSize == 19 && r.largeTextWeight == "bold")
    #expect(r.largeTextThreshold == 3)
    let blue = 0.7152 * Self.luminance(Double(0x7A) / 255) + 0.0722
    #expect(abs(try #require(r.largeTextRatio) - 1.05 / (blue + 0.05)) < 1e-6)
  }

  @Test func largeTextIsOfferedOnlyWhenTheRatioReachedPassesItsThreshold() throws {
    // systemYellow #FFCC00 on white: L = 0.2126 + 0.7152 x L(0.8) = 0.6445,
    // ratio 1.05 / 0.6945 = 1.51 < 3: large text would still fail.
    let fails = Self.failures(Self.element("none", color: "#FFCC00"), greys: [1])
    let r = try #require(fails.first?.remedy)
    #expect(r.largeTextSize == nil)
    #expect(r.tried?.contains("largeText") == true)
  }

  @Test func aRawHexOnlyWhenNoNamedColourPasses() throws {
    // #777777 on `thin` over grey 0.5 fails. Of the named colours left,
    // systemBlue (L 0.2114 against 0.2140) and white (1.05 / 0.264 = 3.98)
    // fail 4.5; black text would pass (5.28), so a darker lightness does.
    var profile = Self.plain
    profile.colors = profile.colors.filter { ["systemBlue", "white"].contains($0.key) }
    let fails = Self.failures(
      Self.element("thin", color: "#777777"), greys: [0.5], profile: profile)
    let r = try #require(fails.first?.remedy)
    #expect(r.colorName == nil)
    let hex = try #require(r.color)
    let darker = try RGBA(hex: hex)
    #expect(darker.rgb.r < Double(0x77) / 255)
    #expect(try #require(r.colorRatio) >= 4.5)
  }

  @Test func aMaterialWithAColourWhenNeitherPassesAlone() throws {
    // #777777 with a 7:1 target on `thin` over black and over white. Alone:
    // `regular` (0.5 grey) gives 1.1:1, `thick` (white) 4.47:1; label
    // (#000000) fails on black, white on white. Together: `regular` with
    // label is black on 0.5 grey, (L(0.5) + 0.05) / 0.05 = 5.28:1 < 7;
    // `thick` with label is black on white, 1.05 / 0.05 = 21:1.
    var profile = Self.plain
    profile.colors = profile.colors.filter { ["label", "white"].contains($0.key) }
    var element = Self.element("thin", color: "#777777")
    element.content[0].minimumRatio = 7
    let fails = Self.failures(element, greys: [0, 1], profile: profile)
    let result = try #require(fails.first)
    let r = try #require(result.remedy)
    #expect(r.material == nil && r.colorName == nil)
    #expect(r.combinedMaterial == "thick" && r.combinedColorName == "label")
    #expect(r.combinedColor == "#000000")
    #expect(abs(try #require(r.combinedRatio) - 21) < 1e-4)
    #expect(
      Remedy.text(for: result).hasSuffix(
        "`material: thick` (now `thin`) with `color: label` (#000000) — reaches 21.00:1"
      ))
  }

  @Test func nothingPassingSaysSoAndNamesWhatWasTried() throws {
    // A 7:1 target on `thin` over black and over white: a single colour at
    // best reaches sqrt(1.05 x 0.05) / ... = 4.58:1 against both (L = 0.179),
    // so no colour passes; both plates made 0.5 grey give #777777 1.1:1,
    // black 5.28:1 and white 3.98:1, with any material; large text keeps
    // the item's own 7:1.
    var profile = Self.plain
    profile.materials["regular"]!.light.plateStops = [0.5, 0.5]
    profile.materials["thick"]!.light.plateStops = [0.5, 0.5]
    var element = Self.element("thin", color: "#777777")
    element.content[0].minimumRatio = 7
    let fails = Self.failures(element, greys: [0, 1], profile: profile)
    let result = try #require(fails.first)
    let r = try #require(result.remedy)
    #expect(r.material == nil && r.color == nil && r.alpha == nil && r.largeTextSize == nil)
    #expect(
      Remedy.text(for: result)
        == "no fix passes in every scene where it fails; tried a thicker material, "
        + "a system colour or a lightness of this hue, large text")
  }

  @Test func largeTextProposalsFollowWCAGAndTheHIG() {
    let wcag = Self.ios27.largeText[.wcag]!
    let hig = Self.ios27.largeText[.hig]!
    // WCAG: 18 pt (24 CSS px) or 14 pt bold (18.67 CSS px), iOS points as CSS px.
    let body = RemedyCandidates.largeTextProposals(size: 17, weight: .regular, limits: wcag)
    #expect(body.map(\.size) == [19, 24])
    #expect(body.map(\.weight) == [.bold, .regular])
    #expect(
      RemedyCandidates.largeTextProposals(size: 16, weight: .heavy, limits: wcag).map(\.size)
        == [19])
    #expect(RemedyCandidates.largeTextProposals(size: 28, weight: .regular, limits: wcag).isEmpty)
    // HIG: 18 pt, or bold at any size.
    let h = RemedyCandidates.largeTextProposals(size: 17, weight: .regular, limits: hig)
    #expect(h.map(\.size) == [17, 18] && h.map(\.weight) == [.bold, .regular])
  }

  @Test func equalColoursPreferTheOneThatAdapts() {
    // label is #000000 in light, like black: label adapts to dark mode.
    let names = RemedyCandidates.namedColors(
      nearest: RGBA(RGB(gray: 0.2)), in: Self.ios27, appearance: .light,
      increaseContrast: false
    ).map(\.name)
    let label = names.firstIndex(of: "label")
    let black = names.firstIndex(of: "black")
    #expect(label != nil && black != nil && label! < black!)
  }

  @Test func namedColoursTakeTheirIncreaseContrastVariant() throws {
    // Apple's HIG colour table: systemBlue is #007AFF / #0A84FF, and with
    // Increase Contrast #0040DD / #409CFF.
    func blue(_ appearance: Appearance, _ ic: Bool) -> String? {
      RemedyCandidates.namedColors(
        nearest: RGBA(RGB(gray: 0.5)), in: Self.ios27, appearance: appearance,
        increaseContrast: ic
      ).first { $0.name == "systemBlue" }?.color.hex
    }
    #expect(blue(.light, false) == "#007AFF")
    #expect(blue(.dark, false) == "#0A84FF")
    #expect(blue(.light, true) == "#0040DD")
    #expect(blue(.dark, true) == "#409CFF")
  }

  @Test func theThickerMaterialsFollowTheChain() {
    #expect(
      RemedyCandidates.thicker(than: "ultraThin", in: Self.ios27) == ["thin", "regular", "thick"])
    #expect(RemedyCandidates.thicker(than: "glass.clear", in: Self.ios27) == ["glass.regular"])
    #expect(RemedyCandidates.thicker(than: "thick", in: Self.ios27).isEmpty)
    #expect(RemedyCandidates.thicker(than: "chrome", in: Self.ios27).isEmpty)
  }

  @Test func theTextNamesTheLeastChangeFirst() {
    var m = Remedy(alphaProperty: "tint", alphaColor: "#000000", currentAlpha: 0, alpha: 0.42)
    m.alphaRatio = 4.519
    m.material = "thick"
    m.currentMaterial = "thin"
    m.materialRatio = 4.629
    m.color = "#000000"
    m.colorName = "label"
    m.colorRatio = 7.1
    m.largeTextSize = 19
    m.largeTextWeight = "bold"
    m.largeTextThreshold = 3
    m.largeTextRatio = 3.4
    let r = ReportFixtures.check(ratio: 2, remedy: m)
    #expect(
      Remedy.text(for: r)
        == "`material: thick` (now `thin`) — reaches 4.62:1; "
        + "or `tint: {color: \"#000000\", alpha: 0.42}` (now none) — reaches at least 4.51:1; "
        + "or `color: label` (#000000) — reaches 7.10:1; "
        + "or `size: 19, weight: bold` (large text, 3:1) — reaches 3.40:1")
  }

  @Test func candidatesCombineTheSameInAnyOrder() {
    func group(_ passes: Bool, _ ratio: Double) -> RemedyAccumulator {
      var g = RemedyAccumulator.Group(baseColor: RGBA(.black))
      g.candidates["material:thick"] = RemedyCandidate(passes: passes, ratio: ratio, rank: 1)
      g.candidates["color:label"] = RemedyCandidate(passes: true, ratio: ratio + 1, rank: 0)
      return RemedyAccumulator(groups: ["k": g])
    }
    let parts = [group(true, 5), group(true, 4.6), group(false, 9)]
    var forward = RemedyAccumulator()
    for p in parts { forward.merge(p) }
    var backward = RemedyAccumulator()
    for p in parts.reversed() { backward.merge(p) }
    #expect(forward == backward)
    let remedy = forward.remedies()["k"]
    #expect(remedy?.material == nil)
    #expect(remedy?.colorName == "label" && remedy?.colorRatio == 5.6)
  }

  @Test func candidatesRoundTripThroughReportJSON() throws {
    var g = RemedyAccumulator.Group(baseColor: RGBA(.black))
    g.currentMaterial = "thin"
    g.candidates["material:thick"] = RemedyCandidate(passes: true, ratio: 5.25, rank: 1)
    g.candidates["color:label"] = RemedyCandidate(
      passes: false, ratio: 3, value: "#000000", rank: 0)
    g.candidates["largeText:19:bold"] = RemedyCandidate(
      passes: true, ratio: 3.5, value: "3", rank: 0)
    let text = JSONReport.remedySearch(RemedyAccumulator(groups: ["k": g])).rendered()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let written = try #require(object["k"] as? [String: Any])
    let read = try #require(ReportReader.remedyGroup(written))
    // A failed candidate is kept by its key alone: it still fails, and the
    // group writes and fixes the same.
    #expect(read.candidates["color:label"]?.passes == false)
    #expect(read.candidates.filter(\.value.passes) == g.candidates.filter(\.value.passes))
    let again = JSONReport.remedySearch(RemedyAccumulator(groups: ["k": read])).rendered()
    #expect(again == text)
    #expect(
      RemedyAccumulator(groups: ["k": read]).remedies()
        == RemedyAccumulator(groups: ["k": g])
        .remedies())
  }

  @Test func aRemedyEncodedBeforeTheNewKindsStillDecodes() throws {
    let old = ##"{"alphaProperty":"fill","alphaColor":"#FFFFFF","currentAlpha":0,"alpha":0.5}"##
    let r = try JSONDecoder().decode(Remedy.self, from: Data(old.utf8))
    #expect(r.alpha == 0.5 && r.tried == nil && r.material == nil)
  }

  /// A fix spans every text setting where the item fails: a check that
  /// needs 4.5:1 may share its fix with scenes where the item is large text
  /// (3:1), so the least ratio the fix reaches over them can be 3.00:1.
  /// Its words then say the fix passes each scene's threshold, not that it
  /// reaches 3:1 beside a 4.5:1 failure; the large-text fix keeps its own
  /// threshold's words.
  @Test func aFixBelowThisChecksThresholdSaysItPassesEachScenesOwn() {
    var remedy = Remedy()
    remedy.alphaProperty = "tint"
    remedy.alphaColor = "#000000"
    remedy.currentAlpha = 0
    remedy.alpha = 0.7
    remedy.alphaRatio = 3.0
    remedy.largeTextSize = 24
    remedy.largeTextWeight = "regular"
    remedy.largeTextThreshold = 3
    remedy.largeTextRatio = 3.2
    func check(threshold: Double) -> CheckResult {
      CheckResult(
        layout: "l", wallpaper: "w", appearance: .light, mode: .normal, element: "e", item: "t",
        kind: .text, role: "body", largeText: false, threshold: threshold,
        contrast: ContrastStatistics(
          min: 1.2, p05: 1.2, p10: 1.2, median: 1.2, mean: 1.2, max: 1.2, failingFraction: 1),
        bounds: ContrastBounds(min: 1, max: 21), verdict: .fail, judgedRatio: 1.2, pixelCount: 1,
        color: "#8E8E93", material: "thin", remedy: remedy, file: "l.yml", line: 1)
    }
    let needs45 = Remedy.text(for: check(threshold: 4.5))
    #expect(
      needs45.contains(
        "`tint: {color: \"#000000\", alpha: 0.7}` (now none) — passes the threshold of every scene "
          + "where it fails (reaches at least 3.00:1 where that threshold is lower)"))
    #expect(needs45.contains("`size: 24` (large text, 3:1) — reaches 3.20:1"))
    // Where the check's own threshold is 3:1, the ratio is simply reached.
    #expect(
      Remedy.text(for: check(threshold: 3)).contains(
        "`tint: {color: \"#000000\", alpha: 0.7}` (now none) — reaches at least 3.00:1"))
  }
}
