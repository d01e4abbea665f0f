import Testing

@testable import ContrastCore

/// Curves (SPEC §3.2): linear between points, held beyond the ends; a grid
/// reads each row by the setting, then the rows by the short side.
@Suite struct ProfileCurveTests {
  let bySide = ProfileCurve.table(.shortSide, [.init(48, 0.60), .init(150, 0.47)])
  let bySetting = ProfileCurve.table(.setting, [.init(0, 1), .init(0.5, 2), .init(1, 4)])

  @Test func aTableIsLinearBetweenItsPoints() {
    // 99 pt is half way from 48 to 150: (0.60 + 0.47) / 2.
    #expect(abs(bySide.value(shortSideInPoints: 99, liquidGlass: 0.5) - 0.535) < 1e-15)
    #expect(bySetting.value(shortSideInPoints: 10, liquidGlass: 0.75) == 3)
    #expect(bySetting.value(shortSideInPoints: 10, liquidGlass: 0.5) == 2)
  }

  @Test func aTableHoldsBeyondItsEnds() {
    #expect(bySide.value(shortSideInPoints: 20, liquidGlass: 0.5) == 0.60)
    #expect(bySide.value(shortSideInPoints: 400, liquidGlass: 0.5) == 0.47)
    // Full screen reads as beyond the largest entry.
    #expect(bySide.value(shortSideInPoints: nil, liquidGlass: 0.5) == 0.47)
    let one = ProfileCurve.table(.setting, [.init(0.3, 7)])
    #expect(one.value(shortSideInPoints: nil, liquidGlass: 0) == 7)
    #expect(one.value(shortSideInPoints: nil, liquidGlass: 1) == 7)
  }

  @Test func aGridIsBilinearAndHeld() {
    let grid = ProfileCurve.grid(
      shortSides: [50, 150], settings: [0, 1], values: [[1, 3], [5, 11]])
    // At 100 pt, s = 0.5: rows give 2 and 8, half way between them is 5.
    #expect(grid.value(shortSideInPoints: 100, liquidGlass: 0.5) == 5)
    #expect(grid.value(shortSideInPoints: 10, liquidGlass: 2) == 3)
    #expect(grid.value(shortSideInPoints: nil, liquidGlass: 0) == 5)
  }

  @Test func aConstantIsTheSameEverywhere() {
    let c: ProfileCurve = 0.25
    #expect(c.value(shortSideInPoints: 48, liquidGlass: 0) == 0.25)
    #expect(c.value(shortSideInPoints: nil, liquidGlass: 1) == 0.25)
  }

  @Test func curvesAreReadFromTheProfileFormat() throws {
    let override = """
      materials:
        glass.regular:
          light:
            white: {by: shortSide, table: [[48, 0.6], [150, 0.47]]}
            black:
              grid: {shortSide: [50, 150], setting: [0, 1], values: [[1, 3], [5, 11]]}
      """
    let p = try ProfileLoader.mergedOverDefault(override: override, overrideFile: "c.yml")
    let light = try #require(p.materials["glass.regular"]).light
    #expect(light.white == bySide)
    #expect(light.black.value(shortSideInPoints: 100, liquidGlass: 0.5) == 5)
  }

  @Test func pointsOutOfOrderAreRefused() {
    let override =
      "materials: {glass.regular: {light: {white: {by: setting, table: [[1, 2], [0.5, 3]]}}}}\n"
    #expect(throws: DiagnosticList.self) {
      try ProfileLoader.mergedOverDefault(override: override, overrideFile: "c.yml")
    }
  }
}
