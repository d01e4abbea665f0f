import Testing

@testable import ContrastCore

/// The Liquid Glass setting and the profile as dimensions of the matrix
/// (SPEC §2.3, §3.3): every scene in normal and increaseContrast runs under
/// each setting, the reduce-transparency modes once; every result names its
/// setting and profile.
@Suite struct MatrixDimensionsTests {
  static let ios27 = try! ProfileLoader.load(named: "ios27")
  static let ios26 = try! ProfileLoader.load(named: "ios26")
  static let canvas = Canvas(widthInPoints: 60, heightInPoints: 40, scale: 1)

  /// Glass, a standard material and no material side by side, each with one
  /// black text item.
  static let layout: Layout = {
    func element(_ id: String, _ material: String, x: Double) -> Element {
      Element(
        id: id, material: material, frame: RectInPoints(x: x, y: 0, width: 20, height: 40),
        content: [
          ContentItem(
            id: "t", kind: .text, color: .same("#000000"),
            frame: RectInPoints(x: 2, y: 2, width: 16, height: 10))
        ])
    }
    return Layout(
      id: "l", title: "l", canvas: canvas,
      elements: [
        element("g", "glass.regular", x: 0), element("s", "thin", x: 20),
        element("n", "none", x: 40),
      ],
      file: "l.yml")
  }()

  /// A mid-grey wallpaper with a darker stripe, so blurs matter.
  static let wallpaper: WallpaperInput = {
    var image = RGBImage(width: 60, height: 40, filledWith: (0.45, 0.45, 0.45))
    for y in 0..<40 {
      for x in 0..<60 where (x / 5) % 2 == 0 {
        let k = 3 * (y * 60 + x)
        image.samples[k] = 0.2
        image.samples[k + 1] = 0.25
        image.samples[k + 2] = 0.3
      }
    }
    let decoded = image
    return WallpaperInput(id: "w", file: "w.png") { (decoded, false) }
  }()

  static func run(
    profiles: [Profile] = [ios27], liquidGlass: [LiquidGlassSetting] = LiquidGlassSetting.named,
    modes: [AccessibilityMode] = AccessibilityMode.allCases
  ) -> AuditReport {
    AuditPipeline.run(
      AuditRequest(
        profiles: profiles,
        settings: AuditSettings(
          modes: modes, appearances: [.dark], liquidGlass: liquidGlass),
        layouts: [layout], wallpapers: [wallpaper]))
  }

  @Test func normalAndIncreaseContrastRunUnderEverySettingReduceTransparencyOnce() {
    let report = Self.run()
    let results = report.outcome.results
    // 3 items x (2 modes x 3 settings + 2 reduce-transparency modes).
    #expect(results.count == 3 * 8)
    #expect(report.outcome.scenes == 8)
    for mode in AccessibilityMode.allCases {
      let settings = Set(results.filter { $0.mode == mode }.map(\.liquidGlass))
      if mode.reducesTransparency {
        #expect(settings == [nil])
      } else {
        #expect(settings == [.clear, .default, .tinted])
      }
    }
    #expect(results.allSatisfy { $0.profile == "ios27" })
  }

  @Test func theSettingChangesGlassOnly() {
    let results = Self.run(modes: [.normal]).outcome.results
    func ratios(_ element: String) -> [Double] {
      results.filter { $0.element == element }.sorted {
        LiquidGlassSetting.precedes($0.liquidGlass, $1.liquidGlass)
      }.map(\.contrast.mean)
    }
    // Glass: SOURCES.md D1, light lifts and dark compresses toward tinted;
    // the three settings draw three different faces.
    #expect(Set(ratios("g")).count == 3)
    // A standard material and no material draw the same in every setting.
    #expect(Set(ratios("s")).count == 1)
    #expect(Set(ratios("n")).count == 1)
    #expect(ratios("n").count == 3)
  }

  @Test func oneFixCoversEverySettingWhereTheItemFails() throws {
    let results = Self.run(modes: [.normal]).outcome.results.filter {
      $0.element == "g" && $0.verdict == .fail
    }
    try #require(results.count >= 2)
    // SPEC §3.6: the fix must pass in every scene where the item fails,
    // whichever setting the person chose; so every setting names the same.
    #expect(Set(results.map(\.remedy)).count == 1)
    #expect(results[0].remedy?.color != nil || results[0].remedy?.alpha != nil)
  }

  @Test func aNumberIsASettingOfItsOwnBetweenTheNamedOnes() {
    let results = Self.run(
      liquidGlass: [.tinted, LiquidGlassSetting(value: 0.25)!, .clear],
      modes: [.normal]
    ).outcome.results
    #expect(
      results.filter { $0.element == "g" }.map { $0.liquidGlass?.label }
        == ["clear", "0.25", "tinted"])
  }

  @Test func severalProfilesJudgeEverySceneUnderEach() {
    let report = Self.run(profiles: [Self.ios27, Self.ios26], liquidGlass: [.default])
    #expect(report.profileNames == ["ios27", "ios26"])
    let results = report.outcome.results
    #expect(results.count == 2 * 3 * 4)
    #expect(Set(results.map(\.profile)) == ["ios27", "ios26"])
    // Each check has its own identity, and the default profile's keeps the
    // identity it had before profiles were a dimension.
    #expect(Set(results.map(\.fingerprint)).count == results.count)
    #expect(results.contains { $0.fingerprint == "l/g/t/w/dark/normal" })
    #expect(results.contains { $0.fingerprint == "l/g/t/w/dark/normal/profile=ios26" })
    // iOS 26's dark glass (codenameone's panel) is not iOS 27's.
    let glass = results.filter { $0.element == "g" && $0.mode == .normal }
    #expect(Set(glass.map(\.contrast.mean)).count == 2)
  }

  @Test func theReportReadsBackWithItsSettingsAndProfiles() throws {
    let report = Self.run(profiles: [Self.ios27, Self.ios26])
    let loaded = try ReportReader.parse(JSONReport.render(report), file: "r.json")
    #expect(loaded.report.settings == report.settings)
    #expect(loaded.report.profileNames == ["ios27", "ios26"])
    // Remedies are attached from the remedy searches when a merge finishes.
    #expect(loaded.report.outcome.results == report.outcome.results.map(Self.withoutRemedy))
  }

  static func withoutRemedy(_ r: CheckResult) -> CheckResult {
    var r = r
    r.remedy = nil
    return r
  }

  @Test func aResultWrittenBeforeTheSettingReadsAsTheDefaultSetting() throws {
    var report = Self.run(liquidGlass: [.default], modes: [.normal, .reduceTransparency])
    var text = JSONReport.render(report)
    text = text.replacingOccurrences(of: "      \"liquidGlass\": \"default\",\n", with: "")
      .replacingOccurrences(of: "      \"liquidGlass\": null,\n", with: "")
    #expect(!text.contains("\"liquidGlass\": \"default\",\n      \"profile\""))
    let loaded = try ReportReader.parse(text, file: "old.json")
    report.timestamp = nil
    #expect(loaded.report.outcome.results == report.outcome.results.map(Self.withoutRemedy))
  }
}

@Suite struct LiquidGlassSettingTests {
  @Test func namesAndNumbersParse() {
    #expect(LiquidGlassSetting(parsing: "clear")?.value == 0)
    #expect(LiquidGlassSetting(parsing: "default")?.value == 0.5)
    #expect(LiquidGlassSetting(parsing: "tinted")?.value == 1)
    #expect(LiquidGlassSetting(parsing: "0.5") == .default)
    #expect(LiquidGlassSetting(parsing: "0.75")?.label == "0.75")
    for bad in ["", "1.5", "-0.1", "nan", "inf", "Clear", "0,5"] {
      #expect(LiquidGlassSetting(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test func settingsAreSortedAndUniqueAndNeverEmpty() {
    let s = AuditSettings(liquidGlass: [.tinted, .clear, .tinted])
    #expect(s.liquidGlass == [.clear, .tinted])
    #expect(AuditSettings(liquidGlass: []).liquidGlass == [.default])
    #expect(s.liquidGlassSettings(for: .reduceTransparency) == [nil])
    #expect(s.liquidGlassSettings(for: .increaseContrast) == [.clear, .tinted])
  }
}
