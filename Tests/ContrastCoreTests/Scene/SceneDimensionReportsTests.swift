import Foundation
import Testing

@testable import ContrastCore

/// How the reports show the list's dimensions: the matrix's columns, the
/// filters and the text settings come from ``SceneDimension``, in the words
/// SPEC §4's reports have always printed.
@Suite struct SceneDimensionReportsTests {
  typealias F = ReportFixtures

  @Test func everyDimensionHasOneRoleAndItsOwnFilter() {
    #expect(SceneDimension.columns.map(\.key) == ["appearance", "mode", "liquidGlass"])
    #expect(SceneDimension.textSettings.map(\.key) == ["textSize", "boldText"])
    #expect(
      SceneDimension.matrix.map(\.filterName)
        == ["wallpaper", "appearance", "mode", "glass", "profile"])
    let names = SceneDimension.all.map(\.filterName)
    #expect(Set(names).count == names.count && !names.contains(""))
  }

  /// Two modes with Liquid Glass settings, one without (Reduce
  /// Transparency draws no glass), in each appearance.
  @Test func theMatrixColumnsOfARunReadAsTheReportsPrintThem() {
    let st = AuditSettings(
      modes: [.normal, .reduceTransparency], appearances: [.light, .dark],
      liquidGlass: [.clear])
    let columns = st.matrixColumns
    #expect(
      columns.map(\.heading) == [
        "light normal clear", "light RT –", "dark normal clear", "dark RT –",
      ])
    #expect(columns.map(\.group) == ["light", "light", "dark", "dark"])
    #expect(columns.map(\.shortHeading) == ["normal clear", "RT", "normal clear", "RT"])
    #expect(columns[0].title == "normal, Liquid Glass clear")
    #expect(columns[1].description == "light, Reduce Transparency")
    // A check's column is the run's column of its scene.
    let r = F.check(mode: .reduceTransparency, liquidGlass: nil)
    #expect(MatrixColumn(r) == columns[1])
  }

  @Test func aColumnWithoutASettingAddsTheFiltersNoneOption() {
    let glass = SceneDimension.columns[2]
    let withRT = AuditSettings(modes: [.normal, .reduceTransparency], liquidGlass: [.clear])
    #expect(
      glass.filterOptions(withRT).map(\.value) == ["clear", "none"]
        && glass.filterOptions(withRT).last?.text == "none (Reduce Transparency)")
    #expect(glass.filterOptions(AuditSettings(modes: [.normal])).allSatisfy { $0.value != "none" })
    let mode = SceneDimension.columns[1]
    #expect(
      mode.filterOptions(AuditSettings(modes: [.increaseContrast])).map(\.text)
        == ["Increase Contrast"])
  }

  @Test func aTextSettingReadsAsItsDimensionsWordsInReportOrder() {
    let ax5Bold = TextSetting(textSize: .ax5, boldText: true)
    #expect(ax5Bold.words == ["AX5", "on"])
    #expect(TextSetting.default.words == ["large", "off"])
    #expect(TextSetting(textSize: .large, boldText: true) < TextSetting(textSize: .xLarge))
    #expect(TextSetting(textSize: .large) < TextSetting(textSize: .large, boldText: true))
    let st = AuditSettings(textSizes: [.ax1, .small], boldText: [true, false])
    #expect(
      st.textSettingColumns.map(\.words) == [
        ["small", "off"], ["small", "on"], ["AX1", "off"], ["AX1", "on"],
      ])
    let size = SceneDimension.textSettings[0]
    let bold = SceneDimension.textSettings[1]
    #expect(size.runPhrase(["xLarge"]) == "text size xLarge")
    #expect(size.runPhrase(["large", "AX5"]) == "2 text sizes")
    #expect(bold.runPhrase(["off", "on"]) == "Bold Text off and on")
  }

  /// A scene's id is the form report.html's anchors have always had.
  @Test func aSceneKeysIdAndOrderFollowTheList() {
    let plain = SceneKey(layout: "tabs", wallpaper: "dusk", appearance: .light, mode: .normal)
    #expect(plain.id == "tabs--dusk--light--normal")
    let clear = SceneKey(
      layout: "tabs", wallpaper: "dusk", appearance: .dark, mode: .increaseContrast,
      liquidGlass: .clear, profile: "ios26")
    #expect(clear.id == "tabs--dusk--dark--increaseContrast--liquidGlass=clear--profile=ios26")
    #expect(plain < clear && !(clear < plain))
    var r = F.check(mode: .increaseContrast, liquidGlass: .clear, profile: "ios26")
    r.textSetting = TextSetting(textSize: .ax5, boldText: true)
    let key = SceneKey(r)
    #expect(key.mode == .increaseContrast && key.liquidGlass == .clear && key.profile == "ios26")
    #expect(!key.id.contains("textSize") && !key.id.contains("boldText"))
  }
}
