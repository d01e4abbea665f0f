import Testing

@testable import ContrastCore

@Suite("Preview palette")
struct PreviewPaletteTests {
  /// Seeded noise over every channel: far more than 256 colours.
  static func noise(pixels: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<(3 * pixels)).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  @Test func fewColoursAreKeptExactly() {
    let rgb: [UInt8] = [10, 20, 30, 250, 0, 0, 10, 20, 30, 0, 0, 0]
    let (indices, palette) = PreviewPalette.reduce(rgb)
    #expect(palette == [10, 20, 30, 250, 0, 0, 0, 0, 0])
    #expect(indices == [0, 1, 0, 2])
  }

  @Test func manyColoursBecome256CloseOnes() {
    let rgb = Self.noise(pixels: 20_000, seed: 7)
    let (indices, palette) = PreviewPalette.reduce(rgb)
    #expect(palette.count == 3 * 256)
    #expect(indices.count == 20_000)
    // Each pixel's palette colour lies near it: uniform noise over the
    // cube in 256 boxes leaves sides of about 256 / 6.3 = 40 per channel.
    var worst = 0
    for p in 0..<indices.count {
      let i = Int(indices[p])
      for k in 0..<3 { worst = max(worst, abs(Int(rgb[3 * p + k]) - Int(palette[3 * i + k]))) }
    }
    #expect(worst <= 48)
  }

  @Test func aGradientKeepsItsEnds() {
    // 1,000 greys and blues: the darkest stays within a cell of black.
    var rgb: [UInt8] = []
    for i in 0..<1000 {
      let grey = UInt8(i % 256)
      let blue = UInt8(i * 255 / 999)
      rgb += [grey, grey, blue]
    }
    let (indices, palette) = PreviewPalette.reduce(rgb)
    let first = 3 * Int(indices[0])
    #expect(palette[first..<first + 3].allSatisfy { $0 < 8 })
  }

  @Test func theSamePixelsGiveTheSamePalette() {
    let rgb = Self.noise(pixels: 5_000, seed: 3)
    let a = PreviewPalette.reduce(rgb)
    let b = PreviewPalette.reduce(rgb)
    #expect(a.indices == b.indices && a.palette == b.palette)
  }

  /// Pixels drawn from `colours` (interleaved `R, G, B`) by a seeded
  /// generator, in runs of 1 to 4 equal pixels.
  static func drawn(from colours: [UInt8], pixels: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    var out: [UInt8] = []
    while out.count < 3 * pixels {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let c = Int(state >> 33) % (colours.count / 3)
      for _ in 0...Int((state >> 20) & 3) where out.count < 3 * pixels {
        out += colours[3 * c..<3 * c + 3]
      }
    }
    return out
  }

  /// `count` distinct colours, spread over the cube (and a few that differ
  /// in one bit of one channel).
  static func distinct(_ count: Int, seed: UInt64) -> [UInt8] {
    var seen = Set<[UInt8]>()
    var out: [UInt8] = []
    var state = seed
    while seen.count < count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var c = [UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 40), 0]
      c[2] = seen.count % 7 == 0 ? 1 : UInt8(truncatingIfNeeded: state >> 24)
      if seen.insert(c).inserted { out += c }
    }
    return out
  }

  static func expectSame(_ rgb: [UInt8], _ comment: Comment) {
    let fast = PreviewPalette.exactly(rgb)
    let reference = PreviewPalette.exactlyReference(rgb)
    #expect(fast?.indices == reference?.indices, comment)
    #expect(fast?.palette == reference?.palette, comment)
    #expect((fast == nil) == (reference == nil), comment)
  }

  /// The exact palette's table (`exactly`) against its reference, a
  /// dictionary per pixel: the same palette in first-occurrence order, the
  /// same indices, and nil at the same images.
  @Test func exactColoursEqualTheReference() throws {
    // Noise: far more than 256 colours.
    Self.expectSame(Self.noise(pixels: 20_000, seed: 11), "noise")
    // No pixel, one pixel, one colour.
    Self.expectSame([], "empty")
    Self.expectSame([1, 2, 3], "one pixel")
    Self.expectSame([UInt8](repeating: 0, count: 3 * 5_000), "black")
    Self.expectSame([UInt8](repeating: 255, count: 3 * 5_000), "white")
    for seed: UInt64 in 1...6 {
      // Exactly 256 colours, each at least once, then repeated in any order.
      let all = Self.distinct(256, seed: seed)
      let image256 = all + Self.drawn(from: all, pixels: 10_000, seed: seed)
      Self.expectSame(image256, "256 colours, seed \(seed)")
      let fast = try #require(PreviewPalette.exactly(image256))
      #expect(fast.palette == all)
      // 257: the extra colour last, first, or in the middle.
      let extra: [UInt8] = [7, 7, 7]
      Self.expectSame(image256 + extra, "257 colours, the last new, seed \(seed)")
      Self.expectSame(extra + image256, "257 colours, the first new, seed \(seed)")
      let middle = 3 * 5_000
      Self.expectSame(
        Array(image256[..<middle]) + extra + Array(image256[middle...]),
        "257 colours, seed \(seed)")
      #expect(PreviewPalette.exactly(image256 + extra) == nil)
      // Fewer colours, repeated in runs; and 300 colours.
      for n in [2, 3, 100, 255] {
        let colours = Self.distinct(n, seed: seed &+ UInt64(n))
        Self.expectSame(
          Self.drawn(from: colours, pixels: 7_000, seed: seed), "\(n) colours, seed \(seed)")
      }
      Self.expectSame(
        Self.drawn(from: Self.distinct(300, seed: seed), pixels: 7_000, seed: seed),
        "300 colours, seed \(seed)")
    }
  }
}
