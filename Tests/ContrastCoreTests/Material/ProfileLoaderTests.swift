import Foundation
import Testing

@testable import ContrastCore

/// The default profile's text with `old` (which must occur) replaced once by `new`.
private func defaultText(replacing old: String, with new: String) throws -> String {
  let text = ProfileLoader.defaultProfileText
  try #require(text.contains(old), "fixture edit: '\(old)' is not in the default profile")
  return text.replacing(old, with: new, maxReplacements: 1)
}

/// The 1-based line of the first occurrence of `needle` in `text`.
private func line(of needle: String, in text: String) throws -> Int {
  let range = try #require(text.firstRange(of: needle))
  return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
}

/// The diagnostics `body` throws (empty when it does not throw).
private func diagnostics(_ body: () throws -> Profile) -> [Diagnostic] {
  do {
    _ = try body()
    return []
  } catch let error as DiagnosticList {
    return error.diagnostics
  } catch {
    Issue.record("unexpected error \(error)")
    return []
  }
}

private func hex(_ text: String, alpha: Double = 1) -> RGBA {
  (try? RGBA(hex: text))!.withAlpha(alpha)
}

@Suite struct ProfileLoaderTests {
  let profile: Profile

  init() throws {
    profile = try ProfileLoader.loadDefault()
  }

  // MARK: The shipped default

  @Test func embeddedTextEqualsTheFileByteForByte() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let file = try Data(contentsOf: root.appendingPathComponent(ProfileLoader.defaultProfilePath))
    #expect(
      Array(file) == Array(ProfileLoader.defaultProfileText.utf8),
      "profiles/ios27.yml no longer links to the embedded resource")
  }

  @Test func everyShippedProfileIsItsFileAndLoadsByName() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    #expect(ProfileLoader.shippedProfileNames == ["ios27", "ios26", "ios18"])
    for name in ProfileLoader.shippedProfileNames {
      let file = try Data(contentsOf: root.appendingPathComponent("profiles/\(name).yml"))
      #expect(Array(file) == Array((ProfileLoader.shippedProfileText(name) ?? "").utf8), "\(name)")
      #expect(try ProfileLoader.load(named: name).name == name)
    }
  }

  /// SOURCES.md "iOS 26": codenameone's c' = clamp((Y + (c - Y) sat) scale +
  /// offset) is the glass form with L = 1, Black = offset / 255, White =
  /// scale + offset / 255, Sat = sat x scale.
  @Test func ios26RegularGlassIsCodenameOnesPanel() throws {
    let ios26 = try ProfileLoader.load(named: "ios26")
    let glass = try #require(ios26.materials["glass.regular"])
    func near(_ curve: ProfileCurve, _ v: Double) -> Bool {
      abs(curve.value(shortSideInPoints: nil, liquidGlass: 0.5) - v) < 1e-12
    }
    #expect(near(glass.light.black, 174.3 / 255) && near(glass.light.white, 0.303 + 174.3 / 255))
    #expect(near(glass.light.saturation, 1.95 * 0.303) && near(glass.light.lumaCap, 1))
    #expect(near(glass.dark.black, 28.4 / 255) && near(glass.dark.white, 0.238 + 28.4 / 255))
    #expect(near(glass.dark.saturation, 2.5 * 0.238))
    // Dark over white: 0.238 + 28.4 / 255 = 0.3494, 89 levels (SOURCES.md: 89).
    let out = MaterialPipeline(parameters: glass.dark, fill: nil, tint: nil).apply(.white)
    #expect(abs(out.r * 255 - 89) < 0.5)
    #expect(ios26.provenance["materials.glass.clear.light.white"]?.trust == .assumption)
    #expect(ios26.provenance["materials.thin.dark.stops[0]"]?.trust == .assumption)
    // No iOS 26 blur is measured: iOS 27's, as an assumption.
    for name in ["glass.regular", "glass.clear"] {
      #expect(ios26.materials[name]?.light.blur == profile.materials[name]?.light.blur, "\(name)")
      #expect(ios26.materials[name]?.dark.blur == profile.materials[name]?.dark.blur, "\(name)")
    }
    #expect(
      ios26.provenance["materials.glass.regular.light.blur[0].sigma.grid.values[0][1]"]?.trust
        == .assumption)
    #expect(ios26.provenance["materials.glass.regular.dark.blur[1].share"]?.trust == .assumption)
  }

  @Test func defaultLoadsFromTheFileToo() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let path = root.appendingPathComponent(ProfileLoader.defaultProfilePath).path
    #expect(try ProfileLoader.load(contentsOf: path) == profile)
  }

  @Test func defaultHasEveryMaterialAndColour() {
    #expect(profile.name == "ios27")
    #expect(Set(profile.materials.keys) == Set(ProfileLoader.requiredMaterials))
    #expect(Set(profile.colors.keys) == Set(ProfileLoader.requiredColors))
  }

  // Known answers below: fidelity/fit/params.json (the fit's own output)
  // and fidelity/SOURCES.md.

  @Test func regularGlassCarriesTheFittedCurves() throws {
    let glass = try #require(profile.materials["glass.regular"])
    #expect(glass.light.kind == .glass)
    #expect(
      glass.light.white
        == .table(
          .setting,
          [
            .init(0, 1.1288), .init(0.25, 1.06564), .init(0.5, 1.02477), .init(0.75, 1.0198),
            .init(1, 1.01331),
          ]))
    #expect(glass.light.lumaCap == .table(.setting, [.init(0, 0.812), .init(0.5, 0.932892)]))
    #expect(glass.light.fill == nil)
    #expect(
      glass.dark.white
        == .grid(
          shortSides: [48, 150], settings: [0, 0.25, 0.5, 0.75, 1],
          values: [
            [1.12176, 1.12176, 1.12176, 0.852471, 0.620602],
            [1.07249, 1.07249, 1.07249, 0.815742, 0.596115],
          ]))
    #expect(glass.dark.lumaCap == .table(.shortSide, [.init(48, 0.601964), .init(150, 0.471985)]))
    #expect(glass.dark.fill == nil)
  }

  /// SOURCES.md D1: the narrow sigma measured at 48 pt (1.8, 3.9, 7.7 at
  /// settings 0, 0.5, 1), 96 pt (4.6) and 180 pt (7.8) at the default, the
  /// other cells scaled by 4.6 / 3.9 and 7.8 / 3.9; the wide share 0.25,
  /// 0.55, 0.8; the wide sigma from fidelity/fit/edge.py (14.8 pt).
  @Test func regularGlassBlursWithTheMeasuredTwoScales() throws {
    let glass = try #require(profile.materials["glass.regular"])
    let components = glass.light.blur.components
    try #require(components.count == 2)
    guard case .grid(let sides, let settings, let values) = components[0].sigmaInPoints else {
      Issue.record("the narrow sigma is not a grid: \(components[0].sigmaInPoints)")
      return
    }
    #expect(sides == [48, 96, 180] && settings == [0, 0.5, 1])
    let d1 = [
      [1.8, 3.9, 7.7], [1.8 * 4.6 / 3.9, 4.6, 7.7 * 4.6 / 3.9],
      [1.8 * 7.8 / 3.9, 7.8, 7.7 * 7.8 / 3.9],
    ]
    for (row, expected) in zip(values, d1) {
      #expect(zip(row, expected).allSatisfy { abs($0 - $1) < 5e-6 }, "\(row) against \(expected)")
    }
    #expect(components[0].share == nil, "the narrow Gaussian takes the remainder")
    #expect(
      components[1]
        == BlurComponent(
          sigmaInPoints: 14.8,
          share: .table(.setting, [.init(0, 0.25), .init(0.5, 0.55), .init(1, 0.8)])))
    #expect(glass.dark.blur == glass.light.blur)
  }

  @Test func clearGlassIsOneCurveInBothAppearances() throws {
    let clear = try #require(profile.materials["glass.clear"])
    // SOURCES.md D1: sigma 1.3 pt keeping 95 %; the other 5 % blurred wide.
    let blur = MaterialBlur([
      BlurComponent(sigmaInPoints: 1.3, share: nil),
      BlurComponent(sigmaInPoints: 14.8, share: 0.05),
    ])
    #expect(clear.light.blur == blur && clear.dark.blur == blur)
    #expect([clear.light.white, clear.light.black, clear.light.lumaCap] == [1.08061, 0.124707, 1])
    #expect([clear.dark.white, clear.dark.black, clear.dark.lumaCap] == [1.08061, 0.124707, 1])
    // SOURCES.md D1: clear saturation 1.05 at 0 ... 0.5, 0.97 at 0.75, 0.92 at 1.
    let saturation = clear.light.saturation
    #expect(saturation.value(shortSideInPoints: nil, liquidGlass: 0.5) == 1.05)
    #expect(saturation.value(shortSideInPoints: nil, liquidGlass: 1) == 0.92)
    #expect(clear.light.fill == nil && clear.dark.fill == nil)
  }

  @Test func standardMaterialsCarryTheRecipesAndTheFittedPlates() throws {
    let names = ["ultraThin", "thin", "regular", "thick", "chrome"]
    let materials = try names.map { try #require(profile.materials[$0]) }
    #expect(materials.map(\.light.kind) == Array(repeating: .standard, count: 5))
    // The recipes (SOURCES.md D2 research table): blur, brightness, luminanceAmount.
    let blurs = [22.5, 30, 30, 45, 22.5].map { MaterialBlur.shorthand(radiusInPoints: $0, mix: 1) }
    #expect(materials.map(\.light.blur) == blurs)
    #expect(materials.map(\.dark.blur) == blurs)
    #expect(materials.map(\.light.brightness) == [0.12, 0.12, 0.10, 0.045, 0.10])
    #expect(materials.map(\.dark.brightness) == [0, 0, 0, 0, -0.1])
    #expect(materials.map(\.light.plateShare) == [0.5, 0.6, 0.75, 0.88, 0.75])
    #expect(materials.map(\.dark.plateShare) == [0.5, 0.6, 0.75, 0.88, 0.75])
    // The fit (params.json).
    #expect(materials.map(\.light.saturation) == [1.10826, 1.35089, 1.51906, 1.5078, 1.12109])
    #expect(materials.map(\.dark.saturation) == [1.09528, 1.34076, 1.5045, 1.51772, 2.02786])
    #expect(materials[4].dark.plateStops == [0.238377, 0.405133, 0.312148, 0.259574])
    #expect(materials.allSatisfy { $0.light.plateStops.count == 4 && $0.light.fill == nil })
  }

  @Test func increaseContrastBorderAndTint() {
    #expect(profile.increaseContrast.glassFill == AppearancePair(light: .white, dark: .black))
    #expect(profile.increaseContrast.minimumFillAlpha == 0.5)
    #expect(profile.increaseContrast.minimumPlateShare == 0.9)
    #expect(profile.increaseContrast.borderInPoints == 2)
    #expect(profile.borderColor.light == hex("#3C3C43", alpha: 0.29))
    #expect(profile.borderColor.dark == hex("#545458", alpha: 0.60))
    #expect(profile.defaultTintAlpha == 0.6)
  }

  @Test func semanticColoursAndTheirIncreaseContrastVariants() throws {
    let secondary = try #require(profile.colors["secondaryLabel"])
    #expect(secondary.normal.light == hex("#3C3C43", alpha: 0.60))
    #expect(secondary.normal.dark == hex("#EBEBF5", alpha: 0.60))
    #expect(secondary.increaseContrast.light == hex("#3C3C43", alpha: 0.80))
    #expect(secondary.increaseContrast.dark == hex("#EBEBF5", alpha: 0.80))
    let tertiary = try #require(profile.colors["tertiaryLabel"])
    #expect(profile.colors["placeholderText"]?.normal == tertiary.normal)
    #expect(profile.colors["placeholderText"]?.increaseContrast == tertiary.increaseContrast)
    #expect(tertiary.increaseContrast.dark.alpha == 0.56)
    #expect(profile.colors["quaternaryLabel"]?.normal.dark == hex("#EBEBF5", alpha: 0.16))
    #expect(profile.colors["quaternaryLabel"]?.increaseContrast.light.alpha == 0.36)
    #expect(profile.colors["systemBlue"]?.increaseContrast.dark == hex("#409CFF"))
    #expect(
      profile.colors["link"]?.normal == AppearancePair(light: hex("#007AFF"), dark: hex("#0984FF")))
    #expect(profile.colors["link"]?.increaseContrast.light == hex("#0040DD"))
    #expect(profile.colors["systemPink"]?.increaseContrast.light == hex("#D30F45"))
    for name in ["label", "white", "black"] {
      let color = try #require(profile.colors[name])
      #expect(color.increaseContrast == color.normal, "\(name) is unchanged")
    }
    #expect(profile.colors["label"]?.normal.dark == hex("#FFFFFF"))
  }

  @Test func devicesRolesAndLimits() throws {
    #expect(
      profile.devices["iphone-16-pro"] == Canvas(widthInPoints: 402, heightInPoints: 874, scale: 3))
    #expect(
      profile.devices["iphone-se-3"] == Canvas(widthInPoints: 375, heightInPoints: 667, scale: 2))
    #expect(
      profile.devices["ipad-air-11"] == Canvas(widthInPoints: 820, heightInPoints: 1180, scale: 2))
    #expect(profile.devices.count == 5)
    #expect(profile.textRoles["headline"]?.sizeInPoints == 17)
    #expect(profile.textRoles["headline"]?.weight == .semibold)
    #expect(profile.textRoles["largeTitle"]?.sizeInPoints == 34)
    #expect(profile.textRoles["largeTitle"]?.weight == .regular)
    #expect(profile.textRoles["caption2"]?.sizeInPoints == 11)
    #expect(profile.textRoles.count == 11)
    #expect(profile.defaultTextRole == "body")
    #expect(profile.largeText[.wcag] == LargeTextLimits(minimumSize: 24, minimumBoldSize: 56.0 / 3))
    #expect(profile.largeText[.hig] == LargeTextLimits(minimumSize: 18, minimumBoldSize: 0))
    #expect(profile.minimumTargetInPoints == 44)
  }

  // MARK: Provenance

  /// The paths of a curve written at `at`: the curve itself and each of its numbers.
  private func curvePaths(_ curve: ProfileCurve, at: String) -> [String] {
    var paths = [at]
    switch curve {
    case .constant: break
    case .table(_, let points):
      for i in points.indices { paths += ["\(at).table[\(i)][0]", "\(at).table[\(i)][1]"] }
    case .grid(let sides, let settings, _):
      paths += sides.indices.map { "\(at).grid.shortSide[\($0)]" }
      paths += settings.indices.map { "\(at).grid.setting[\($0)]" }
      for i in sides.indices {
        paths += settings.indices.map { "\(at).grid.values[\(i)][\($0)]" }
      }
    }
    return paths
  }

  /// The paths of a blur at `base`: the shorthand's two numbers when it is
  /// the shorthand of constants, else every component's curves.
  private func blurPaths(_ blur: MaterialBlur, at base: String) -> [String] {
    let c = blur.components
    if c.count == 2, c[0] == BlurComponent(sigmaInPoints: 0, share: nil),
      case .constant(let r) = c[1].sigmaInPoints, case .constant(let m)? = c[1].share,
      blur == .shorthand(radiusInPoints: r, mix: m)
    {
      return ["\(base).blurRadius", "\(base).blurMix"]
    }
    var paths: [String] = []
    for (i, component) in c.enumerated() {
      paths += curvePaths(component.sigmaInPoints, at: "\(base).blur[\(i)].sigma")
      if let share = component.share {
        paths += curvePaths(share, at: "\(base).blur[\(i)].share")
      }
    }
    return paths
  }

  /// The path of every number and colour the profile holds, as the format writes them.
  private func valuePaths(_ profile: Profile) -> [String] {
    var paths = ["defaultTintAlpha", "minimumTarget", "increaseContrast.minimumFillAlpha"]
    paths += ["increaseContrast.minimumPlateShare"]
    paths += ["increaseContrast.border", "increaseContrast.glassFill.light"]
    paths += ["increaseContrast.glassFill.dark", "border.light.color", "border.light.alpha"]
    paths += ["border.dark.color", "border.dark.alpha"]
    for (name, material) in profile.materials {
      for (appearance, p) in [("light", material.light), ("dark", material.dark)] {
        let base = "materials.\(name).\(appearance)"
        paths += blurPaths(p.blur, at: base)
        let curves: [(String, ProfileCurve)] =
          p.kind == .glass
          ? [
            ("white", p.white), ("black", p.black), ("saturation", p.saturation),
            ("lumaCap", p.lumaCap),
          ] : [("saturation", p.saturation)]
        for (key, curve) in curves {
          paths += curvePaths(curve, at: "\(base).\(key)")
        }
        if p.kind == .standard {
          paths += ["brightness", "plateShare"].map { "\(base).\($0)" }
          paths += p.plateStops.indices.map { "\(base).stops[\($0)]" }
        }
        if p.fill != nil {
          paths += ["color", "alpha"].map { "materials.\(name).\(appearance).fill.\($0)" }
        }
      }
    }
    for (name, color) in profile.colors {
      var variants = [("", color.normal)]
      if color.increaseContrast != color.normal {
        variants.append((".increaseContrast", color.increaseContrast))
      }
      for (variant, pair) in variants {
        for (appearance, c) in [("light", pair.light), ("dark", pair.dark)] {
          let base = "colors.\(name)\(variant).\(appearance)"
          paths += c.isOpaque ? [base] : [base + ".color", base + ".alpha"]
        }
      }
    }
    for name in profile.devices.keys {
      paths += ["width", "height", "scale"].map { "devices.\(name).\($0)" }
    }
    paths += profile.textRoles.keys.map { "textRoles.\($0).size" }
    for (name, role) in profile.textRoles {
      paths += role.sizesInPoints.keys.map { "textRoles.\(name).sizes.\($0.rawValue)" }
    }
    paths += profile.boldTextWeights.keys.map { "boldText.\($0.rawValue)" }
    for rule in ["wcag", "hig"] {
      paths += ["minimumSize", "minimumBoldSize"].map { "largeText.\(rule).\($0)" }
    }
    for (i, group) in profile.fitResiduals.enumerated() {
      paths += ["count", "mean", "max"].map { "fit.residuals[\(i)].\($0)" }
      if group.setting != nil { paths.append("fit.residuals[\(i)].setting") }
    }
    if profile.uncertainty != .unstated {
      paths += ["uncertainty.otherMeasured", "uncertainty.assumption"]
      paths += profile.uncertainty.measured.keys.map { key -> String in
        // `glass.regular.light` is measured.glass.regular.light.
        "uncertainty.measured.\(key)"
      }
    }
    if profile.vibrancy != nil {
      paths += [
        "identityScale", "tintLevel", "lightSpread", "grey.gain", "grey.slope", "grey.offset",
        "grey.curvature", "space", "reduceTransparency", "increaseContrast",
      ].map { "vibrancy.\($0)" }
    }
    return paths.sorted()
  }

  @Test func everyNumberHasAProvenance() {
    #expect(valuePaths(profile) == profile.provenance.keys.sorted())
    #expect(profile.provenance.values.allSatisfy { !$0.source.isEmpty })
  }

  @Test(arguments: [
    ("colors.systemBlue.light", Trust.apple),
    ("colors.systemBlue.increaseContrast.dark", .apple),
    ("colors.secondaryLabel.light.alpha", .apple),
    ("colors.secondaryLabel.increaseContrast.light.alpha", .assumption),
    ("colors.placeholderText.increaseContrast.dark.alpha", .assumption),
    ("textRoles.headline.size", .apple),
    ("materials.glass.regular.light.white", .thirdPartyMeasurement),
    ("materials.glass.regular.light.white.table[2][1]", .thirdPartyMeasurement),
    // Issue 29 part 3: both luma cap cells are measured (held above s = 0.5,
    // the assumption, has no beyondEnds); of dark white, 150 pt above s = 0.
    ("materials.glass.regular.light.lumaCap", .thirdPartyMeasurement),
    ("materials.glass.regular.light.lumaCap.table[1][1]", .thirdPartyMeasurement),
    ("materials.glass.regular.dark.white", .thirdPartyMeasurement),
    ("materials.glass.regular.dark.white.grid.values[0][4]", .thirdPartyMeasurement),
    ("materials.glass.regular.dark.white.grid.values[1][0]", .thirdPartyMeasurement),
    ("materials.glass.regular.dark.white.grid.values[1][1]", .assumption),
    ("materials.glass.regular.dark.white.grid.values[1][4]", .assumption),
    ("materials.glass.regular.dark.lumaCap", .thirdPartyMeasurement),
    ("materials.glass.regular.light.blur[0].sigma", .thirdPartyMeasurement),
    ("materials.glass.regular.light.blur[0].sigma.grid.values[0][0]", .thirdPartyMeasurement),
    ("materials.glass.regular.light.blur[0].sigma.grid.values[1][1]", .thirdPartyMeasurement),
    ("materials.glass.regular.light.blur[0].sigma.grid.values[1][0]", .assumption),
    ("materials.glass.regular.dark.blur[0].sigma.grid.values[2][1]", .thirdPartyMeasurement),
    ("materials.glass.regular.dark.blur[0].sigma.grid.values[2][2]", .assumption),
    ("materials.glass.regular.light.blur[1].sigma", .thirdPartyMeasurement),
    ("materials.glass.regular.dark.blur[1].share.table[2][1]", .thirdPartyMeasurement),
    ("materials.glass.clear.light.blur[0].sigma", .thirdPartyMeasurement),
    ("materials.glass.clear.light.blur[1].sigma", .assumption),
    ("materials.glass.clear.dark.blur[1].share", .thirdPartyMeasurement),
    ("materials.thin.light.blurRadius", .thirdPartyMeasurement),
    ("materials.glass.clear.dark.white", .thirdPartyMeasurement),
    ("materials.thin.light.saturation", .thirdPartyMeasurement),
    ("materials.thin.light.stops[3]", .thirdPartyMeasurement),
    ("materials.chrome.dark.brightness", .thirdPartyMeasurement),
    ("materials.chrome.dark.plateShare", .thirdPartyMeasurement),
    ("increaseContrast.minimumFillAlpha", .assumption),
    ("increaseContrast.minimumPlateShare", .assumption),
    ("fit.residuals[0].mean", .thirdPartyMeasurement),
    ("increaseContrast.border", .assumption),
    ("increaseContrast.glassFill.dark", .assumption),
    ("border.light.color", .apple),
    ("border.dark.alpha", .apple),
    ("defaultTintAlpha", .assumption),
    ("minimumTarget", .apple),
  ])
  func trustLevelsAreTheSpecs(path: String, trust: Trust) {
    #expect(profile.provenance[path]?.trust == trust)
  }

  @Test func sourcesNameWhereTheNumbersComeFrom() {
    #expect(
      profile.provenance["materials.glass.regular.light.white"]?.source
        .contains("fidelity/fit/params.json") == true)
    #expect(
      profile.provenance["materials.glass.regular.dark.white"]?.source
        .contains("assumption 1") == true)
    #expect(profile.provenance["materials.thick.light.stops[0]"]?.source.contains("D2") == true)
    #expect(
      profile.provenance["materials.glass.regular.dark.blur[1].sigma"]?.source
        .contains("fidelity/fit/edge.py") == true)
    #expect(profile.provenance["materials.thick.dark.blurMix"]?.source.contains("D2") == true)
    #expect(profile.provenance["largeText.wcag.minimumBoldSize"]?.source.contains("56/3") == true)
  }

  // MARK: Merging

  @Test func overrideChangesOnlyWhatItNames() throws {
    let merged = try ProfileLoader.mergedOverDefault(
      override: "materials: {glass.regular: {light: {white: 1.2}}}\n", overrideFile: "cal.yml")
    var expected = profile
    expected.materials["glass.regular"]?.light.white = 1.2
    // The number replaces the base's table whole, with the table's points.
    expected.provenance = expected.provenance.filter {
      !$0.key.hasPrefix("materials.glass.regular.light.white.")
    }
    expected.provenance["materials.glass.regular.light.white"] = Provenance(
      source: "cal.yml (no source given)", trust: .assumption)
    // The base's stated fit no longer describes a changed material.
    expected.fitResiduals = []
    expected.fitMeasurements = nil
    // Nor does its held-out error (the other materials' stay).
    expected.uncertainty.measured["glass.regular.light"] = nil
    expected.uncertainty.measured["glass.regular.dark"] = nil
    #expect(merged.uncertainty.measured["thick.dark"] == 8.8)
    #expect(merged == expected)
  }

  @Test func overrideSourceDoesNotRelabelTheBase() throws {
    let override = """
      version: 1
      materials:
        glass.regular:
          source: my calibration, iPhone 16 Pro captures
          trust: third-party-measurement
          dark: {fill: {color: "#000000", alpha: 0.1}}
      """
    let merged = try ProfileLoader.mergedOverDefault(override: override, overrideFile: "cal.yml")
    #expect(merged.materials["glass.regular"]?.dark.fill == hex("#000000", alpha: 0.1))
    #expect(
      merged.materials["glass.regular"]?.dark.white
        == profile.materials["glass.regular"]?.dark.white)
    #expect(
      merged.provenance["materials.glass.regular.dark.fill.alpha"]
        == Provenance(
          source: "my calibration, iPhone 16 Pro captures", trust: .thirdPartyMeasurement))
    #expect(
      merged.provenance["materials.glass.regular.dark.white"]
        == profile.provenance["materials.glass.regular.dark.white"])
  }

  @Test func anOverrideOfAMaterialDropsTheBasesStatedFit() throws {
    // ios27 states its fit's residuals; they describe its own materials.
    #expect(!profile.fitResiduals.isEmpty)
    let materials = try ProfileLoader.mergedOverDefault(
      override: "version: 1\nmaterials:\n  glass.regular:\n    dark: {black: 0.2}\n",
      overrideFile: "cal.yml")
    #expect(materials.fitResiduals.isEmpty)
    #expect(materials.fitMeasurements == nil)
    // An override that leaves the materials alone keeps the fit.
    let colours = try ProfileLoader.mergedOverDefault(
      override: "version: 1\ndefaultTintAlpha: 0.5\n", overrideFile: "tint.yml")
    #expect(colours.fitResiduals == profile.fitResiduals)
  }

  @Test func overrideAddsWholeEntries() throws {
    let override = """
      source: house style guide
      trust: assumption
      colors:
        brandTint: {light: "#FF9500", dark: {color: "#FF9F0A", alpha: 0.9}}
      devices:
        ipad-mini: {width: 744, height: 1133, scale: 2}
      materials:
        thin:
          kind: glass
          light: &p {blurRadius: 4, blurMix: 1, white: 1, black: 0, saturation: 1, lumaCap: 1, fill: none}
          dark: *p
      """
    let merged = try ProfileLoader.mergedOverDefault(override: override, overrideFile: "house.yml")
    #expect(merged.colors["brandTint"]?.normal.dark == hex("#FF9F0A", alpha: 0.9))
    #expect(merged.colors["brandTint"]?.increaseContrast == merged.colors["brandTint"]?.normal)
    #expect(merged.devices["ipad-mini"]?.widthInPoints == 744)
    #expect(merged.materials["thin"]?.light.kind == .glass)
    #expect(merged.provenance["materials.thin.light.brightness"] == nil)
    #expect(merged.provenance["devices.ipad-mini.scale"]?.source == "house style guide")
    #expect(merged.colors.count == profile.colors.count + 1)
  }

  @Test func overrideErrorsNameTheOverrideFile() throws {
    let found = diagnostics {
      try ProfileLoader.mergedOverDefault(
        override: "materials:\n  glass.regular:\n    light: {whte: 1.2}\n", overrideFile: "cal.yml")
    }
    #expect(
      found.map(\.description) == [
        "cal.yml:3:13: materials.glass.regular.light: unknown key 'whte' (did you mean 'white'?)"
      ])
  }

  // MARK: Errors

  @Test func unknownKeyGetsPlaceAndSuggestion() throws {
    let text = try defaultText(replacing: "      lumaCap: 1\n", with: "      lumaCp: 1\n")
    let found = diagnostics { try ProfileLoader.load(yaml: text, file: "profiles/p.yml") }
    let typo = try line(of: "lumaCp", in: text)
    #expect(
      found.map(\.description).contains(
        "profiles/p.yml:\(typo):7: materials.glass.clear.light: unknown key 'lumaCp'"
          + " (did you mean 'lumaCap'?)"))
    #expect(found.contains { $0.message.hasSuffix("missing key 'lumaCap'") })
  }

  @Test func everyErrorOfAFileIsReported() throws {
    var text = try defaultText(replacing: "saturation: 1.51772", with: "saturaton: 1.51772")
    text = text.replacing(
      "dark: {color: \"#545458\", alpha: 0.60}", with: "dark: {color: \"#54545G\", alpha: 0.60}")
    text = text.replacing("iphone-16: {width: 393", with: "iphone-16: {width: -393")
    text = text.replacing("    weight: semibold\n", with: "    weight: semibol\n")
    let found = diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }
    let messages = found.map(\.message)
    #expect(
      messages.contains { $0.contains("unknown key 'saturaton' (did you mean 'saturation'?)") })
    #expect(
      messages.contains(
        "border.dark.color: invalid colour '#54545G': expected \"#RRGGBB\" (6 hex digits)"))
    #expect(
      messages.contains("devices.iphone-16.width: -393 is out of range: expected a value > 0"))
    #expect(
      messages.contains(
        "textRoles.headline.weight: unknown value 'semibol' (did you mean 'semibold'?); expected "
          + "ultraLight, thin, light, regular, medium, semibold, bold, heavy, black"))
    #expect(found.map(\.line) == found.map(\.line).sorted(), "in file order")
  }

  @Test func badColoursAreRefused() throws {
    let eight = try defaultText(
      replacing: "light: {color: \"#3C3C43\", alpha: 0.29}", with: "light: \"#3C3C434A\"")
    #expect(
      diagnostics { try ProfileLoader.load(yaml: eight, file: "p.yml") }.map(\.message) == [
        "border.light: invalid colour '#3C3C434A': expected \"#RRGGBB\" (6 hex digits); give the "
          + "alpha apart: {color: \"#3C3C43\", alpha: ...}"
      ])
    let unquoted = try defaultText(replacing: "    light: \"#000000\"", with: "    light: #000000")
    let found = diagnostics { try ProfileLoader.load(yaml: unquoted, file: "p.yml") }
    #expect(
      found.map(\.message) == [
        "colors.label.light: expected a colour \"#RRGGBB\", got nothing (quote colours: an unquoted"
          + " # starts a YAML comment)"
      ])
  }

  @Test func outOfRangeAlphaIsRefused() throws {
    let text = try defaultText(
      replacing: "      fill: none\n", with: "      fill: {color: \"#FFFFFF\", alpha: 1.8}\n")
    let found = diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }
    let at = try line(of: "alpha: 1.8}", in: text)
    #expect(
      found.map(\.description) == [
        "p.yml:\(at):39: materials.glass.regular.light.fill.alpha: 1.8 is out of range: expected "
          + "a value in [0, 1]"
      ])
  }

  @Test func numberWithoutProvenanceIsRefused() throws {
    let text = try defaultText(
      replacing: """
        defaultTintAlpha:
          value: 0.6
        """,
      with: """
        defaultTintAlpha: 0.6
        defaultTintAlphaWas:
          value: 0.6
        """)
    let found = diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }
    #expect(
      found.contains {
        $0.message.hasPrefix("defaultTintAlpha: 0.6 has no provenance; give it a source")
      })
    #expect(found.contains { $0.message.contains("unknown key 'defaultTintAlphaWas'") })
    #expect(found.count == 2)
  }

  @Test func missingTrustIsRefused() throws {
    let text = try defaultText(
      replacing:
        "  source: \"SPEC §2.2: Apple's published screen sizes and scales\"\n  trust: apple\n",
      with: "  source: \"SPEC §2.2: Apple's published screen sizes and scales\"\n")
    let found = diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }
    #expect(found.count == 15, "5 devices x 3 numbers")
    #expect(found.allSatisfy { $0.message.contains("has a source but no trust") })
  }

  @Test func unknownTrustGetsSuggestion() throws {
    let text = try defaultText(replacing: "trust: apple", with: "trust: aple")
    #expect(
      diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }.map(\.message) == [
        "border.trust: unknown trust 'aple' (did you mean 'apple'?); expected apple, "
          + "third-party-measurement, assumption"
      ])
  }

  @Test func newerVersionIsRefusedAlone() throws {
    let text = try defaultText(replacing: "version: 1", with: "version: 2")
    let broken = text.replacing("saturation: 1.284", with: "saturaton: 1.284")
    let found = diagnostics { try ProfileLoader.load(yaml: broken, file: "p.yml") }
    let at = try line(of: "version: 2", in: broken)
    #expect(
      found.map(\.description) == [
        "p.yml:\(at):10: version: profile version 2 is newer than this glass-audit understands (1);"
          + " update glass-audit or write a version 1 profile"
      ])
    let override = diagnostics {
      try ProfileLoader.mergedOverDefault(override: "version: 3\n", overrideFile: "cal.yml")
    }
    #expect(
      override.map(\.description).first?.hasPrefix("cal.yml:1:10: version: profile version 3")
        == true)
  }

  @Test func missingRequiredEntriesAreNamed() throws {
    let text = try defaultText(replacing: "  chrome:\n", with: "  chrom:\n")
    let found = diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }
    #expect(found.map(\.message) == ["materials: missing material 'chrome'"])
    let noVersion = try defaultText(replacing: "version: 1\n", with: "")
    #expect(
      diagnostics { try ProfileLoader.load(yaml: noVersion, file: "p.yml") }.map(\.message) == [
        "missing key 'version' (write 'version: 1')"
      ])
  }

  @Test func keysOfTheOtherKindAreExplained() throws {
    let text = try defaultText(
      replacing: "      lumaCap: 1\n", with: "      lumaCap: 1\n      brightness: 0.1\n")
    #expect(
      diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }.map(\.message) == [
        "materials.glass.clear.light: unknown key 'brightness': 'brightness' applies to standard "
          + "materials; this one is glass"
      ])
  }

  @Test func yamlSyntaxErrorHasAPlace() {
    let found = diagnostics {
      try ProfileLoader.load(yaml: "version: 1\nname: [ios26\n", file: "p.yml")
    }
    #expect(found.count == 1)
    #expect(found.first?.line ?? 0 > 0)
    #expect(found.first?.message.hasPrefix("invalid YAML") == true)
  }

  @Test func duplicateKeyIsRefused() {
    let found = diagnostics {
      try ProfileLoader.mergedOverDefault(
        override: "materials:\n  glass.regular:\n    light: {white: 1.2, white: 3}\n",
        overrideFile: "cal.yml")
    }
    #expect(found.map(\.description) == ["cal.yml:3:13: duplicate key 'white' in one mapping"])
  }

  @Test func newColourWithATypoIsPointedAtTheKnownOne() {
    let found = diagnostics {
      try ProfileLoader.mergedOverDefault(
        override: "colors:\n  secondryLabel: {light: \"#000000\"}\n", overrideFile: "cal.yml")
    }
    #expect(
      found.map(\.description) == [
        "cal.yml:2:18: colors.secondryLabel: missing key 'dark' (did you mean 'secondaryLabel'?)"
      ])
  }

  @Test func quotedNumberIsExplained() throws {
    let text = try defaultText(
      replacing: "minimumFillAlpha: 0.5", with: "minimumFillAlpha: \"0.5\"")
    #expect(
      diagnostics { try ProfileLoader.load(yaml: text, file: "p.yml") }.map(\.message) == [
        "increaseContrast.minimumFillAlpha: expected a number, got the quoted text \"0.5\"; write "
          + "numbers without quotes"
      ])
  }

  @Test func unreadableFileIsADiagnostic() {
    let found = diagnostics {
      try ProfileLoader.load(contentsOf: "/nonexistent/profile.yml", displayName: "profile.yml")
    }
    #expect(found.count == 1)
    #expect(found.first?.file == "profile.yml")
    #expect(found.first?.message.hasPrefix("cannot read the profile") == true)
  }
}
