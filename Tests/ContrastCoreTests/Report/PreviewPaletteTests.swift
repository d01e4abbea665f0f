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
}
