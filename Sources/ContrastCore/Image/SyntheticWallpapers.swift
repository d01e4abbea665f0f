/// The synthetic wallpapers of the matrix (SPEC §2.1): solid colours,
/// gradients, patterns, noise and vivid colours, as 8-bit sRGB pixels.
///
/// Every image is computed with integer arithmetic only (no `sin`, `pow` or
/// other libm calls, no system random numbers), so the same size gives the
/// same bytes on every platform. The noise comes from a SplitMix64 generator
/// with a fixed seed, written out below.
///
/// The default size is a phone in portrait: 1206 x 2622 pixels, the
/// iPhone 16 Pro screen (402 x 874 pt at scale 3).
public enum SyntheticWallpapers {
  /// One generated wallpaper.
  public struct Wallpaper: Sendable, Equatable {
    /// Kebab-case id, also the file name without `.png`: `checkerboard-8px`.
    public let id: String
    /// Category of `matrix.yml`: `solid-light`, `solid-dark`, `gradient`,
    /// `pattern`, `noise` or `vivid` (never `photo`).
    public let category: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Interleaved 8-bit sRGB `R, G, B` pixels, row-major, origin top-left:
    /// `3 * width * height` bytes.
    public let rgb8: [UInt8]
  }

  /// Default width in pixels (iPhone 16 Pro, portrait).
  public static let defaultWidth = 1206
  /// Default height in pixels (iPhone 16 Pro, portrait).
  public static let defaultHeight = 2622

  /// The ids of ``all(width:height:)``, in order, with their categories.
  public static let catalog: [(id: String, category: String)] = generators.map {
    ($0.id, $0.category)
  }

  /// All synthetic wallpapers at the given size, in a fixed order.
  ///
  /// - Precondition: `width >= 2` and `height >= 2`.
  public static func all(
    width: Int = defaultWidth,
    height: Int = defaultHeight
  ) -> [Wallpaper] {
    precondition(width >= 2 && height >= 2, "a wallpaper needs at least 2 x 2 pixels")
    return generators.map { generator in
      Wallpaper(
        id: generator.id, category: generator.category, width: width, height: height,
        rgb8: generator.render(width, height))
    }
  }

  // MARK: - The matrix

  private struct Generator: Sendable {
    let id: String
    let category: String
    let render: @Sendable (_ width: Int, _ height: Int) -> [UInt8]
  }

  private static let generators: [Generator] = [
    Generator(id: "solid-light", category: "solid-light") {
      solid($0, $1, RGB8(0xF2, 0xF2, 0xF7))  // systemGroupedBackground, light
    },
    Generator(id: "solid-white", category: "solid-light") {
      solid($0, $1, RGB8(0xFF, 0xFF, 0xFF))
    },
    Generator(id: "solid-dark", category: "solid-dark") {
      solid($0, $1, RGB8(0x1C, 0x1C, 0x1E))  // secondarySystemBackground, dark
    },
    Generator(id: "solid-black", category: "solid-dark") {
      solid($0, $1, RGB8(0x00, 0x00, 0x00))
    },
    Generator(id: "gradient-dusk", category: "gradient") {
      verticalGradient($0, $1, from: RGB8(0x4B, 0x2C, 0x83), to: RGB8(0xFF, 0x92, 0x48))
    },
    Generator(id: "gradient-teal-navy", category: "gradient") {
      horizontalGradient($0, $1, from: RGB8(0x30, 0xB0, 0xC7), to: RGB8(0x0A, 0x1F, 0x44))
    },
    Generator(id: "gradient-diagonal-light", category: "gradient") {
      diagonalGradient($0, $1, from: RGB8(0xFF, 0xFF, 0xFF), to: RGB8(0xC7, 0xD7, 0xF0))
    },
    Generator(id: "gradient-radial", category: "gradient") {
      radialGradient($0, $1, centre: RGB8(0xFF, 0xD6, 0xA5), edge: RGB8(0x3A, 0x1C, 0x71))
    },
    Generator(id: "checkerboard-8px", category: "pattern") {
      checkerboard($0, $1, squareInPixels: 8)
    },
    Generator(id: "diagonal-stripes-6px", category: "pattern") {
      diagonalStripes($0, $1, bandInPixels: 6)
    },
    Generator(id: "stripes-1px", category: "pattern") {
      verticalStripes($0, $1, stripeInPixels: 1)
    },
    Generator(id: "noise-grey", category: "noise") {
      greyNoise($0, $1, mean: 128, amplitude: 64, seed: 0x6C61_7373_2D6E_6F69)
    },
    Generator(id: "vivid-quadrants", category: "vivid") {
      quadrants(
        $0, $1,
        RGB8(0xFF, 0x00, 0x00), RGB8(0x00, 0xFF, 0x00),
        RGB8(0x00, 0x00, 0xFF), RGB8(0xFF, 0xFF, 0x00))
    },
    Generator(id: "vivid-hue-sweep", category: "vivid") {
      hueSweep($0, $1)
    },
  ]

  // MARK: - Painters

  /// An 8-bit sRGB colour.
  struct RGB8: Equatable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
      self.r = r
      self.g = g
      self.b = b
    }
  }

  /// Fills a `width x height` image with `color(x, y)`.
  private static func paint(
    _ width: Int, _ height: Int, _ color: (_ x: Int, _ y: Int) -> RGB8
  ) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 3 * width * height)
    bytes.withUnsafeMutableBufferPointer { buffer in
      var i = 0
      for y in 0..<height {
        for x in 0..<width {
          let c = color(x, y)
          buffer[i] = c.r
          buffer[i + 1] = c.g
          buffer[i + 2] = c.b
          i += 3
        }
      }
    }
    return bytes
  }

  private static func solid(_ width: Int, _ height: Int, _ c: RGB8) -> [UInt8] {
    paint(width, height) { _, _ in c }
  }

  /// `round(a + (b - a) * t / n)` per channel, for `0 <= t <= n`, `n > 0`,
  /// in integers (halves round up).
  static func mix(_ a: RGB8, _ b: RGB8, _ t: Int, over n: Int) -> RGB8 {
    func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Int(a) * (n - t) + Int(b) * t + n / 2) / n)
    }
    return RGB8(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
  }

  /// `from` on the top row, `to` on the bottom row, linear in between.
  private static func verticalGradient(
    _ width: Int, _ height: Int, from: RGB8, to: RGB8
  ) -> [UInt8] {
    let rows = (0..<height).map { mix(from, to, $0, over: height - 1) }
    return paint(width, height) { _, y in rows[y] }
  }

  /// `from` in the left column, `to` in the right column, linear in between.
  private static func horizontalGradient(
    _ width: Int, _ height: Int, from: RGB8, to: RGB8
  ) -> [UInt8] {
    let columns = (0..<width).map { mix(from, to, $0, over: width - 1) }
    return paint(width, height) { x, _ in columns[x] }
  }

  /// `from` in the top-left corner, `to` in the bottom-right corner,
  /// linear in `x + y`.
  private static func diagonalGradient(
    _ width: Int, _ height: Int, from: RGB8, to: RGB8
  ) -> [UInt8] {
    let n = width + height - 2
    let steps = (0...n).map { mix(from, to, $0, over: n) }
    return paint(width, height) { x, y in steps[x + y] }
  }

  /// `centre` at the image centre, `edge` at the corners, linear in the
  /// distance from the centre. Distances are measured in half pixels between
  /// pixel centres and rounded down by an integer square root.
  private static func radialGradient(
    _ width: Int, _ height: Int, centre: RGB8, edge: RGB8
  ) -> [UInt8] {
    // Pixel centre (x + 0.5, y + 0.5), image centre (w / 2, h / 2); doubled.
    let maxDx = width - 1
    let maxDy = height - 1
    let n = integerSquareRoot(maxDx * maxDx + maxDy * maxDy)
    let steps = (0...n).map { mix(centre, edge, $0, over: n) }
    return paint(width, height) { x, y in
      let dx = 2 * x + 1 - width
      let dy = 2 * y + 1 - height
      return steps[integerSquareRoot(dx * dx + dy * dy)]
    }
  }

  /// Black and white squares of `squareInPixels`; the top-left one is black.
  private static func checkerboard(_ width: Int, _ height: Int, squareInPixels s: Int) -> [UInt8] {
    paint(width, height) { x, y in ((x / s + y / s) % 2 == 0) ? .black : .white }
  }

  /// Black and white bands of `bandInPixels` (measured along a row) running
  /// from top-right to bottom-left; the band through the top-left pixel is
  /// black.
  private static func diagonalStripes(_ width: Int, _ height: Int, bandInPixels b: Int) -> [UInt8] {
    paint(width, height) { x, y in ((x + y) / b % 2 == 0) ? .black : .white }
  }

  /// Vertical black and white stripes of `stripeInPixels`; the left one is
  /// black.
  private static func verticalStripes(
    _ width: Int, _ height: Int, stripeInPixels s: Int
  ) -> [UInt8] {
    paint(width, height) { x, _ in (x / s % 2 == 0) ? .black : .white }
  }

  /// Grey pixels `mean + u` with `u` uniform over the integers
  /// `-amplitude...amplitude`, drawn row by row from SplitMix64(`seed`).
  private static func greyNoise(
    _ width: Int, _ height: Int, mean: Int, amplitude: Int, seed: UInt64
  ) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    let span = UInt64(2 * amplitude + 1)
    return paint(width, height) { _, _ in
      let v = UInt8(mean - amplitude + Int(random.next(below: span)))
      return RGB8(v, v, v)
    }
  }

  /// Four quadrants split at `width / 2` and `height / 2`.
  private static func quadrants(
    _ width: Int, _ height: Int,
    _ topLeft: RGB8, _ topRight: RGB8, _ bottomLeft: RGB8, _ bottomRight: RGB8
  ) -> [UInt8] {
    paint(width, height) { x, y in
      if y < height / 2 {
        return x < width / 2 ? topLeft : topRight
      } else {
        return x < width / 2 ? bottomLeft : bottomRight
      }
    }
  }

  /// Fully saturated hues from red at the top through yellow, green, cyan,
  /// blue and magenta back towards red at the bottom (HSV with S = V = 1,
  /// 1530 steps of one 8-bit unit).
  private static func hueSweep(_ width: Int, _ height: Int) -> [UInt8] {
    let rows = (0..<height).map { y in hue(y * 1530 / height) }
    return paint(width, height) { _, y in rows[y] }
  }

  /// The colour of hue step `p` in `0..<1530` (six sextants of 255 steps).
  static func hue(_ p: Int) -> RGB8 {
    let f = UInt8(p % 255)
    switch p / 255 {
    case 0: return RGB8(255, f, 0)
    case 1: return RGB8(255 - f, 255, 0)
    case 2: return RGB8(0, 255, f)
    case 3: return RGB8(0, 255 - f, 255)
    case 4: return RGB8(f, 0, 255)
    default: return RGB8(255, 0, 255 - f)
    }
  }

  /// `floor(sqrt(n))` for `n >= 0`, exactly, by Newton's method on integers.
  static func integerSquareRoot(_ n: Int) -> Int {
    guard n > 1 else { return n }
    var x = n
    var y = (x + 1) / 2
    while y < x {
      x = y
      y = (x + n / x) / 2
    }
    return x
  }
}

extension SyntheticWallpapers.RGB8 {
  static let black = Self(0, 0, 0)
  static let white = Self(255, 255, 255)
}

extension SyntheticWallpapers {
  /// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
  /// generators", OOPSLA 2014), as in Vigna's reference `splitmix64.c`.
  /// The tests draw their seeded random inputs from it too.
  struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
      state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// A number in `0..<bound`: the high 64 bits of `next() * bound`
    /// (Lemire's multiply-shift, without rejection: the bias is below
    /// `bound / 2^64`).
    mutating func next(below bound: UInt64) -> UInt64 {
      next().multipliedFullWidth(by: bound).high
    }
  }
}
