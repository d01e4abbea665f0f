import Foundation
import Testing

@testable import ContrastCore

@Suite("Synthetic wallpapers")
struct SyntheticWallpapersTests {
  /// The full-size matrix, generated once for the suite.
  static let full = SyntheticWallpapers.all()

  static func wallpaper(_ id: String) -> SyntheticWallpapers.Wallpaper {
    full.first { $0.id == id }!
  }

  /// The colour of pixel `(x, y)`.
  static func pixel(_ w: SyntheticWallpapers.Wallpaper, _ x: Int, _ y: Int) -> [UInt8] {
    let i = 3 * (y * w.width + x)
    return Array(w.rgb8[i..<i + 3])
  }

  @Test func twoCallsGiveIdenticalBytes() {
    let same = SyntheticWallpapers.all() == Self.full
    #expect(same)
  }

  @Test func defaultSizeIsAnIPhone16ProInPortrait() {
    #expect(Self.full.count == 14)
    for w in Self.full {
      #expect(w.width == 1206 && w.height == 2622, "\(w.id)")
      #expect(w.rgb8.count == 3 * 1206 * 2622, "\(w.id)")
    }
  }

  @Test(arguments: [(2, 2), (3, 5), (17, 9), (402, 874)])
  func otherSizesHaveTheirByteCount(width: Int, height: Int) {
    for w in SyntheticWallpapers.all(width: width, height: height) {
      #expect(w.width == width && w.height == height)
      #expect(w.rgb8.count == 3 * width * height, "\(w.id)")
    }
  }

  @Test func categoriesCoverTheSpecExceptPhoto() {
    let categories = Set(Self.full.map(\.category))
    #expect(
      categories == ["solid-light", "solid-dark", "gradient", "pattern", "noise", "vivid"])
    #expect(SyntheticWallpapers.catalog.map(\.id) == Self.full.map(\.id))
    #expect(SyntheticWallpapers.catalog.map(\.category) == Self.full.map(\.category))
  }

  @Test func idsAreUniqueAndKebabCase() {
    let ids = Self.full.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      let words = id.split(separator: "-", omittingEmptySubsequences: false)
      let kebab = words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      }
      #expect(kebab, "\(id)")
    }
  }

  @Test(arguments: [
    ("solid-light", [0xF2, 0xF2, 0xF7] as [UInt8]),
    ("solid-white", [0xFF, 0xFF, 0xFF]),
    ("solid-dark", [0x1C, 0x1C, 0x1E]),
    ("solid-black", [0x00, 0x00, 0x00]),
  ])
  func solidColoursAreExact(id: String, rgb: [UInt8]) {
    let w = Self.wallpaper(id)
    var exact = true
    var i = 0
    while i < w.rgb8.count {
      exact = exact && w.rgb8[i] == rgb[0] && w.rgb8[i + 1] == rgb[1] && w.rgb8[i + 2] == rgb[2]
      i += 3
    }
    #expect(exact)
  }

  @Test func checkerboardHasEightPixelSquaresStartingBlack() {
    let w = Self.wallpaper("checkerboard-8px")
    let black: [UInt8] = [0, 0, 0]
    let white: [UInt8] = [255, 255, 255]
    #expect(Self.pixel(w, 0, 0) == black)
    #expect(Self.pixel(w, 7, 7) == black)
    #expect(Self.pixel(w, 8, 0) == white)
    #expect(Self.pixel(w, 15, 7) == white)
    #expect(Self.pixel(w, 0, 8) == white)
    #expect(Self.pixel(w, 8, 8) == black)
    #expect(Self.pixel(w, 16, 0) == black)
    #expect(Self.pixel(w, 1205, 2621) == white)  // (150 + 327) is odd
    let values = Set(w.rgb8)
    #expect(values == [0, 255])
  }

  @Test func diagonalStripesAreSixPixelBands() {
    let w = Self.wallpaper("diagonal-stripes-6px")
    #expect(Self.pixel(w, 0, 0) == [0, 0, 0])
    #expect(Self.pixel(w, 5, 0) == [0, 0, 0])
    #expect(Self.pixel(w, 6, 0) == [255, 255, 255])
    #expect(Self.pixel(w, 0, 6) == [255, 255, 255])
    #expect(Self.pixel(w, 3, 9) == [0, 0, 0])
  }

  @Test func fineStripesAlternateEveryColumn() {
    let w = Self.wallpaper("stripes-1px")
    for x in 0..<4 {
      let v: UInt8 = x % 2 == 0 ? 0 : 255
      #expect(Self.pixel(w, x, 0) == [v, v, v])
      #expect(Self.pixel(w, x, 2621) == [v, v, v])
    }
  }

  @Test func gradientsRunBetweenTheirEndColours() {
    let dusk = Self.wallpaper("gradient-dusk")
    #expect(Self.pixel(dusk, 600, 0) == [0x4B, 0x2C, 0x83])
    #expect(Self.pixel(dusk, 600, 2621) == [0xFF, 0x92, 0x48])
    let teal = Self.wallpaper("gradient-teal-navy")
    #expect(Self.pixel(teal, 0, 1000) == [0x30, 0xB0, 0xC7])
    #expect(Self.pixel(teal, 1205, 1000) == [0x0A, 0x1F, 0x44])
    let diagonal = Self.wallpaper("gradient-diagonal-light")
    #expect(Self.pixel(diagonal, 0, 0) == [0xFF, 0xFF, 0xFF])
    #expect(Self.pixel(diagonal, 1205, 2621) == [0xC7, 0xD7, 0xF0])
    let radial = Self.wallpaper("gradient-radial")
    #expect(Self.pixel(radial, 602, 1310) == [0xFF, 0xD6, 0xA5])
    #expect(Self.pixel(radial, 0, 0) == [0x3A, 0x1C, 0x71])
    #expect(Self.pixel(radial, 1205, 2621) == [0x3A, 0x1C, 0x71])
  }

  @Test func mixRoundsHalvesUp() {
    let a = SyntheticWallpapers.RGB8(0, 10, 255)
    let b = SyntheticWallpapers.RGB8(255, 11, 0)
    #expect(SyntheticWallpapers.mix(a, b, 0, over: 2) == a)
    #expect(SyntheticWallpapers.mix(a, b, 2, over: 2) == b)
    // 127.5 -> 128, 10.5 -> 11, 127.5 -> 128
    #expect(SyntheticWallpapers.mix(a, b, 1, over: 2) == .init(128, 11, 128))
  }

  @Test func noiseIsGreyWithinSixtyFourOf128AndCoversTheRange() {
    let w = Self.wallpaper("noise-grey")
    var counts = [Int](repeating: 0, count: 256)
    var i = 0
    var grey = true
    while i < w.rgb8.count {
      grey = grey && w.rgb8[i] == w.rgb8[i + 1] && w.rgb8[i] == w.rgb8[i + 2]
      counts[Int(w.rgb8[i])] += 1
      i += 3
    }
    #expect(grey)
    #expect(counts[0..<64].allSatisfy { $0 == 0 })
    #expect(counts[193...].allSatisfy { $0 == 0 })
    #expect(counts[64...192].allSatisfy { $0 > 0 })
    let mean =
      Double(zip(counts.indices, counts).map { $0 * $1 }.reduce(0, +))
      / Double(w.width * w.height)
    #expect(abs(mean - 128) < 0.1)
  }

  @Test func vividQuadrantsArePrimaries() {
    let w = Self.wallpaper("vivid-quadrants")
    #expect(Self.pixel(w, 0, 0) == [255, 0, 0])
    #expect(Self.pixel(w, 602, 1310) == [255, 0, 0])
    #expect(Self.pixel(w, 603, 0) == [0, 255, 0])
    #expect(Self.pixel(w, 0, 1311) == [0, 0, 255])
    #expect(Self.pixel(w, 1205, 2621) == [255, 255, 0])
  }

  @Test func hueSweepStartsRedAndPassesThePrimaries() {
    #expect(SyntheticWallpapers.hue(0) == .init(255, 0, 0))
    #expect(SyntheticWallpapers.hue(255) == .init(255, 255, 0))
    #expect(SyntheticWallpapers.hue(510) == .init(0, 255, 0))
    #expect(SyntheticWallpapers.hue(765) == .init(0, 255, 255))
    #expect(SyntheticWallpapers.hue(1020) == .init(0, 0, 255))
    #expect(SyntheticWallpapers.hue(1275) == .init(255, 0, 255))
    #expect(SyntheticWallpapers.hue(1529) == .init(255, 0, 1))
    let w = Self.wallpaper("vivid-hue-sweep")
    #expect(Self.pixel(w, 0, 0) == [255, 0, 0])
  }

  @Test func integerSquareRootIsExactFloor() {
    for n in 0..<10_000 {
      let r = SyntheticWallpapers.integerSquareRoot(n)
      #expect(r * r <= n && (r + 1) * (r + 1) > n, "\(n)")
    }
    let big = 2621 * 2621 + 1205 * 1205
    let r = SyntheticWallpapers.integerSquareRoot(big)
    #expect(r * r <= big && (r + 1) * (r + 1) > big)
  }

  @Test func splitMix64MatchesTheReferenceForSeed1234567() {
    // Rosetta Code, "Pseudo-random numbers/Splitmix64".
    var random = SyntheticWallpapers.SplitMix64(seed: 1_234_567)
    let expected: [UInt64] = [
      6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
      4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
    ]
    #expect((0..<5).map { _ in random.next() } == expected)
  }

  /// `<package root>/wallpapers`, the package root found from this file.
  static let committedFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("wallpapers")

  @Test func committedPNGsHoldTheGeneratedPixels() throws {
    for w in Self.full {
      let path = Self.committedFolder.appendingPathComponent("\(w.id).png").path
      let decoded = try PNGDecoder.decode(contentsOf: path, displayName: "\(w.id).png")
      #expect(decoded.image.width == w.width && decoded.image.height == w.height, "\(w.id)")
      let bytes = decoded.image.samples.map { UInt8(($0 * 255).rounded()) }
      // A Bool, not `bytes == w.rgb8` in #expect: a diff of millions of bytes never ends.
      let same = bytes == w.rgb8
      #expect(same, "\(w.id).png is stale: run glass-audit wallpapers --out wallpapers")
    }
  }
}
