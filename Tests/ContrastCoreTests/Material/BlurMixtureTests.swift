import Testing

@testable import ContrastCore

/// A material's blur read for one element: the curves at its short side and
/// the Liquid Glass setting, the remainder, pixels; and the canonical form
/// that makes equal mixtures compare equal.
@Suite struct BlurMixtureTests {
  static let profile = try! ProfileLoader.loadDefault()

  /// Regular glass's mixture at a short side and setting, on a canvas of
  /// scale 1 (pixels are points).
  static func regular(_ side: Double?, _ setting: Double) -> BlurMixture {
    profile.materials["glass.regular"]!.light.blur.resolved(
      shortSideInPoints: side, liquidGlass: setting, scale: 1)
  }

  /// A narrow Gaussian taking the remainder of the wide one's (14.8 pt) share.
  static func mixture(_ narrow: Double, wideShare: Double) -> BlurMixture {
    BlurMixture([
      .init(sigmaInPixels: narrow, weight: 1 - wideShare),
      .init(sigmaInPixels: 14.8, weight: wideShare),
    ])
  }

  /// Equal weights, and sigmas within the 6 significant digits the
  /// profile writes its assumed cells to.
  static func near(_ a: BlurMixture, _ b: BlurMixture) -> Bool {
    a.components.count == b.components.count
      && zip(a.components, b.components).allSatisfy {
        abs($0.sigmaInPixels - $1.sigmaInPixels) < 5e-6 && abs($0.weight - $1.weight) < 1e-12
      }
  }

  /// SOURCES.md D1 at the grid's points: 3.9 / 4.6 / 7.8 pt at the default
  /// (48, 96, 180 pt), 1.8 -> 7.7 pt along the slider at 48 pt, the
  /// assumed cells 1.8 and 7.7 scaled by 4.6 / 3.9 and 7.8 / 3.9; wide
  /// share 0.25, 0.55, 0.8. (At 180 pt tinted the "narrow" 15.4 pt is the
  /// wider of the two.)
  @Test(arguments: [
    (48.0, 0.0, 1.8, 0.25), (48, 0.5, 3.9, 0.55), (48, 1, 7.7, 0.8),
    (96, 0, 1.8 * 4.6 / 3.9, 0.25), (96, 0.5, 4.6, 0.55), (96, 1, 7.7 * 4.6 / 3.9, 0.8),
    (180, 0, 3.6, 0.25), (180, 0.5, 7.8, 0.55), (180, 1, 15.4, 0.8),
  ])
  func regularGlassIsReadAtTheGridsPoints(
    side: Double, setting: Double, narrow: Double, wideShare: Double
  ) {
    let read = Self.regular(side, setting)
    #expect(Self.near(read, Self.mixture(narrow, wideShare: wideShare)), "\(read)")
  }

  /// Between the points the grid is bilinear (by setting, then by size);
  /// beyond the short sides it holds, and full screen reads as the largest.
  @Test func regularGlassIsBilinearBetweenAndHeldBeyond() {
    // 72 pt, s = 0.25: rows at 0.25 are (1.8 + 3.9) / 2 = 2.85 (48 pt) and
    // (1.8 x 4.6 / 3.9 + 4.6) / 2 = 3.36154 (96 pt); halfway, 3.10577.
    // The wide share is (0.25 + 0.55) / 2 = 0.4.
    let between = (2.85 + (1.8 * 4.6 / 3.9 + 4.6) / 2) / 2
    #expect(Self.near(Self.regular(72, 0.25), Self.mixture(between, wideShare: 0.4)), "between")
    // 138 pt, s = 0.75: (4.6 + 7.7 x 4.6 / 3.9) / 2 and (7.8 + 15.4) / 2, halfway.
    let upper = ((4.6 + 7.7 * 4.6 / 3.9) / 2 + (7.8 + 15.4) / 2) / 2
    let read = Self.regular(138, 0.75)
    #expect(abs(read.components[0].sigmaInPixels - upper) < 5e-6)
    #expect(abs(read.components[1].weight - 0.675) < 1e-12)
    #expect(Self.near(Self.regular(20, 0.5), Self.mixture(3.9, wideShare: 0.55)), "below 48 pt")
    #expect(Self.near(Self.regular(400, 1), Self.mixture(15.4, wideShare: 0.8)), "above 180 pt")
    #expect(Self.near(Self.regular(nil, 0.5), Self.mixture(7.8, wideShare: 0.55)), "full screen")
  }

  @Test func sigmasAreInPixelsAndTheRemainderFillsToOne() {
    let blur = MaterialBlur([
      BlurComponent(sigmaInPoints: 2, share: .table(.setting, [.init(0, 0.1), .init(1, 0.3)])),
      BlurComponent(sigmaInPoints: 0, share: nil),
      BlurComponent(sigmaInPoints: 10, share: 0.5),
    ])
    let read = blur.resolved(shortSideInPoints: 50, liquidGlass: 0.5, scale: 3)
    #expect(
      read.components == [
        .init(sigmaInPixels: 0, weight: 1 - (0.2 + 0.5)), .init(sigmaInPixels: 6, weight: 0.2),
        .init(sigmaInPixels: 30, weight: 0.5),
      ])
    #expect(read.blurredShare == 0.2 + 0.5)
    #expect(read.blurredComponents.map(\.sigmaInPixels) == [6, 30])
  }

  /// The shorthand r, m is (1 - m) sharp and m at sigma r; r = 0 or m = 0
  /// is the sharp wallpaper.
  @Test func theShorthandIsTheSharpWallpaperAndOneGaussian() {
    let read = MaterialBlur.shorthand(radiusInPoints: 8, mix: 0.25)
      .resolved(shortSideInPoints: nil, liquidGlass: 0.5, scale: 2)
    #expect(
      read.components == [
        .init(sigmaInPixels: 0, weight: 0.75), .init(sigmaInPixels: 16, weight: 0.25),
      ])
    for (r, m) in [(0.0, 0.5), (8, 0)] {
      let sharp = MaterialBlur.shorthand(radiusInPoints: r, mix: m)
        .resolved(shortSideInPoints: nil, liquidGlass: 0.5, scale: 2)
      #expect(sharp == .sharp && sharp.blurredShare == 0 && sharp.blurredComponents.isEmpty)
    }
  }

  @Test func equalMixturesCompareEqualWhateverTheOrder() {
    let a = BlurMixture([
      .init(sigmaInPixels: 12, weight: 0.3), .init(sigmaInPixels: 0, weight: 0.2),
      .init(sigmaInPixels: 4, weight: 0.5),
    ])
    let b = BlurMixture([
      .init(sigmaInPixels: 4, weight: 0.5), .init(sigmaInPixels: 12, weight: 0.3),
      .init(sigmaInPixels: 0, weight: 0.2), .init(sigmaInPixels: 7, weight: 0),
    ])
    #expect(a == b && a.hashValue == b.hashValue)
    #expect(a.components.map(\.sigmaInPixels) == [0, 4, 12])
    // One component per sigma: equal sigmas' weights add.
    let split = BlurMixture([
      .init(sigmaInPixels: 4, weight: 0.25), .init(sigmaInPixels: 0, weight: 0.5),
      .init(sigmaInPixels: 4, weight: 0.25),
    ])
    #expect(
      split
        == BlurMixture([.init(sigmaInPixels: 0, weight: 0.5), .init(sigmaInPixels: 4, weight: 0.5)])
    )
    #expect(a != split)
  }
}
