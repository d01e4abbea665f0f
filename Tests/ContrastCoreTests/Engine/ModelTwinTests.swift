import Testing

@testable import ContrastCore

/// The contrast model is written once, as readable Swift
/// (`BackgroundEvaluator.ratio`: SPEC §3.2-§3.4 step by step); the C vector
/// loops (`PixelKernel`, eight entries at a time with AVX-512, four with
/// AVX2) are its fast twin. Here the two give the same bits, every ratio,
/// background luminance and statistic, for every material of the default
/// profile, no material and an app fill, every mode, both appearances, with
/// and without tint and border, on seeded random backdrops and shapes, at
/// every vector level the CPU has: the reports must not change by a byte
/// whichever loops run.
@Suite struct ModelTwinTests {
  static let profile = try! ProfileLoader.loadDefault()

  /// The default profile under Liquid Glass settings whose curves and
  /// blurs differ (clear, between, the default and tinted); every scene
  /// test below covers each.
  static let settings: [(name: String, profile: Profile, liquidGlass: Double)] = [
    ("clear", profile, 0), ("quarter", profile, 0.25), ("default", profile, 0.5),
    ("tinted", profile, 1),
  ]

  /// Text colours: opaque (the luminance taken once) and translucent.
  static let colors: [RGBA] = [
    RGBA(.black), RGBA(.white), RGBA(r: 0.23, g: 0.23, b: 0.26, alpha: 0.6),
  ]

  /// Uniform in [lo, hi), from the seeded test generator.
  static func unit(_ g: inout SeededGenerator, _ lo: Double = 0, _ hi: Double = 1) -> Double {
    lo + (hi - lo) * Double(g.next() >> 11) / Double(1 << 53)
  }

  static func color(_ g: inout SeededGenerator) -> RGB {
    RGB(r: unit(&g), g: unit(&g), b: unit(&g))
  }

  /// The same override in every mode.
  static func everyMode(_ o: ModeOverride) -> [AccessibilityMode: ModeOverride] {
    Dictionary(uniqueKeysWithValues: AccessibilityMode.allCases.map { ($0, o) })
  }

  /// Every material of `profile` (plain; tinted, translucent and opaque;
  /// bordered; tinted and bordered), no material, and an app fill (plain,
  /// opaque, tinted, bordered), all with one frame and shape.
  static func elements(
    of profile: Profile, frame: RectInPoints, shape: ElementShape
  ) -> [Element] {
    let border = everyMode(ModeOverride(borderInPoints: 2))
    var out: [Element] = []
    for m in profile.materials.keys.sorted() {
      func element(_ tint: String?, _ overrides: [AccessibilityMode: ModeOverride]) -> Element {
        Element(
          id: "\(m)-\(out.count)", material: m, frame: frame, shape: shape,
          tint: tint.map { .same($0) }, overrides: overrides)
      }
      out += [
        element(nil, [:]), element("#3478F6", [:]), element("#FF9500FF", [:]),
        element(nil, border), element("#3478F6", border),
      ]
    }
    out.append(Element(id: "none", material: "none", frame: frame, shape: shape))
    for fill in [
      ModeOverride(fill: .same("#1C1C1EDD")), ModeOverride(fill: .same("#FFFFFF")),
      ModeOverride(tint: .same("#00000044"), fill: .same("#F2F2F7CC")),
      ModeOverride(borderInPoints: 2, fill: .same("#1C1C1EDD")),
    ] {
      out.append(
        Element(
          id: "fill-\(out.count)", material: "glass.regular", frame: frame, shape: shape,
          overrides: everyMode(fill)))
    }
    return out
  }

  /// A seeded random wallpaper: noise, with flat patches (runs of equal
  /// pixels) and a vertical gradient band.
  static func wallpaper(width: Int, height: Int, seed: UInt64) -> RGBImage {
    var g = SeededGenerator(seed: seed)
    let patch = (x: Int(g.next() % UInt64(width)), y: Int(g.next() % UInt64(height)))
    let flat = color(&g)
    var samples: [Float] = []
    for y in 0..<height {
      for x in 0..<width {
        let c: RGB
        if abs(x - patch.x) < width / 4 && abs(y - patch.y) < height / 5 {
          c = flat
        } else if x % 17 < 3 {
          c = RGB(r: Double(y) / Double(height), g: 0.5, b: 1 - Double(y) / Double(height))
        } else {
          c = color(&g)
        }
        samples += [Float(c.r), Float(c.g), Float(c.b)]
      }
    }
    return RGBImage(width: width, height: height, samples: samples)
  }

  /// A seeded random frame inside a `width` x `height` canvas (at least
  /// `smallest` points a side) and shape.
  static func shape(
    width: Int, height: Int, smallest: Int, seed: UInt64
  ) -> (RectInPoints, ElementShape) {
    var g = SeededGenerator(seed: seed)
    let w = smallest + Int(g.next() % UInt64(width - smallest - 2))
    let h = smallest + Int(g.next() % UInt64(height - smallest - 2))
    let x = 1 + Int(g.next() % UInt64(width - w - 1))
    let y = 1 + Int(g.next() % UInt64(height - h - 1))
    let shapes: [ElementShape] = [
      .rect, .roundedRect(cornerRadius: 1 + unit(&g, 0, Double(min(w, h)) / 2)), .capsule, .circle,
    ]
    return (
      RectInPoints(x: Double(x), y: Double(y), width: Double(w), height: Double(h)),
      shapes[Int(g.next() % 4)]
    )
  }

  /// The statistics by their definition (SPEC §3.5): the extremes, the
  /// nearest-rank percentiles of the pixels (each entry counted for its
  /// pixels) from a sort, the mean as the sum of ratio x pixels in entry
  /// order over the pixels, and the share of pixels below `threshold`.
  static func statistics(_ ratios: [Double], counts: [Int], threshold: Double) -> [Double] {
    let pixels = counts.reduce(0, +)
    var failing = 0
    for (r, c) in zip(ratios, counts) where r < threshold { failing += c }
    let order = ratios.indices.sorted { ratios[$0] < ratios[$1] }
    func value(atPercent q: Int) -> Double {
      let rank = max((q * pixels + 99) / 100, 1)
      var seen = 0
      for k in order {
        seen += counts[k]
        if seen >= rank { return ratios[k] }
      }
      return .nan
    }
    return [
      ratios.min()!, value(atPercent: 5), value(atPercent: 10), value(atPercent: 50),
      exactMean(ratios, counts: counts), ratios.max()!, Double(failing) / Double(pixels),
    ]
  }

  /// The mean of ratio x count from their exact sum in units of 2^-52
  /// (the standard library's 128-bit integer), made a double as RatioSum
  /// documents: the high 64 bits times 2^64 plus the low, times 2^-52.
  static func exactMean(_ ratios: [Double], counts: [Int]) -> Double {
    let pixels = counts.reduce(0, +)
    guard #available(macOS 15.0, iOS 18.0, *) else {
      var sum = RatioSum()
      for (r, c) in zip(ratios, counts) { sum.add(r, count: c) }
      return sum.mean(over: pixels)
    }
    var sum: UInt128 = 0
    for (r, c) in zip(ratios, counts) { sum += UInt128(UInt64(r * 0x1p52)) * UInt128(c) }
    let high = UInt64(sum >> 64)
    let low = UInt64(truncatingIfNeeded: sum)
    return (Double(high) * 0x1p64 + Double(low)) * 0x1p-52 / Double(pixels)
  }

  static func bits(_ s: ContrastStatistics) -> [UInt64] {
    [s.min, s.p05, s.p10, s.median, s.mean, s.max, s.failingFraction].map { $0.bitPattern }
  }

  /// Every rendering of every element variant over seeded random backdrops
  /// and shapes, with an opaque and a translucent colour: the vector loops'
  /// ratios, fused statistics, background luminances and failing scans
  /// against the reference, bit for bit.
  @Test(arguments: [(UInt64(1), 10, 64, 48), (2, 24, 64, 48), (3, 66, 96, 80)])
  func everyRenderingGivesTheReferenceBits(seed: UInt64, smallest: Int, width: Int, height: Int) {
    let size = Canvas(widthInPoints: Double(width), heightInPoints: Double(height), scale: 1)
    let canvas = WallpaperCanvas(
      wallpaperID: "w", image: Self.wallpaper(width: width, height: height, seed: seed),
      canvas: size)
    let (frame, shape) = Self.shape(width: width, height: height, smallest: smallest, seed: seed)
    let lum = FastLuminance.shared
    var compared = 0
    var fused = 0
    var keptLuminances = 0
    for setting in Self.settings {
      let layout = Layout(
        id: "t", title: "t", canvas: size,
        elements: Self.elements(of: setting.profile, frame: frame, shape: shape), file: "t.yml")
      for appearance in Appearance.allCases {
        for mode in AccessibilityMode.allCases {
          for (element, rendering) in setting.profile.renderedElements(
            of: layout, appearance: appearance, mode: mode, liquidGlass: setting.liquidGlass)
          {
            let source = canvas.backdrop(of: element, rendering: rendering)
            let m = source.mask.rect
            // Two pixels of wallpaper round the shape's rectangle (code 0).
            let rect = PixelRect(x: m.x - 2, y: m.y - 2, width: m.width + 4, height: m.height + 4)
              .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            let samples = SceneEvaluator.collect(
              rect: rect, image: canvas.image, mask: source.mask, source: source)
            let reference = BackgroundEvaluator(rendering)
            let codes = samples.codes
            let luminances = (0..<samples.count).map { k in
              let c = samples.color(at: k)
              return lum.luminance(reference.background(backdrop: c, wallpaper: c, code: codes[k]))
            }
            for color in [Self.colors[0], Self.colors[2]] {
              let ratios = (0..<samples.count).map { k in
                let c = samples.color(at: k)
                return reference.ratio(
                  backdrop: c, wallpaper: c, code: codes[k], color: color, lum: lum)
              }
              let what = "\(setting.name) \(element.id) \(appearance) \(mode) \(color)"
              // A threshold some entries equal exactly (they pass).
              let threshold = ratios[ratios.count / 2]
              let expected = Self.statistics(ratios, counts: samples.counts, threshold: threshold)
              let odd = Array(stride(from: 1, to: samples.count, by: 2))
              VectorLevels.eachTableRead { level in
                let kernel = PixelKernel(rendering: rendering, color: color)
                let measured = samples.measure(
                  rendering: rendering, color: color, threshold: threshold)
                #expect(
                  measured.ratios.map { $0.bitPattern } == ratios.map { $0.bitPattern },
                  "\(what) at \(level)")
                #expect(
                  Self.bits(measured.statistics) == expected.map { $0.bitPattern },
                  "\(what) at \(level)")
                #expect(
                  kernel.backgroundLuminances(samples).map { $0.bitPattern }
                    == luminances.map { $0.bitPattern }, "\(what) at \(level)")
                let some = kernel.failing(
                  samples, among: odd, threshold: threshold, rank: .max, stopAtRank: false)
                #expect(some.entries.map { $0.index } == odd.filter { ratios[$0] < threshold })
                #expect(
                  some.entries.map { $0.ratio.bitPattern }
                    == odd.filter { ratios[$0] < threshold }.map { ratios[$0].bitPattern })
                // The luminances the same loop kept for the remedy search
                // (some pixel failing): the reference's.
                if let kept = measured.luminances {
                  #expect(
                    kept.map { $0.bitPattern } == luminances.map { $0.bitPattern },
                    "\(what) at \(level)")
                  keptLuminances += 1
                }
                if measured.buckets != nil { fused += 1 }
                compared += samples.count
              }
            }
          }
        }
      }
    }
    #expect(compared > 100_000)
    // The largest shapes have enough entries for the fused statistics loop.
    if smallest >= 66 && VectorLevels.available != [.portable] {
      #expect(fused > 100)
      #expect(keptLuminances > 50)
    }
  }

  // MARK: - Arbitrary entries

  static let glass = MaterialParameters(
    kind: .glass, blurRadiusInPoints: 8, blurMix: 0.5, saturation: 1.25, white: 1.112,
    black: 0.403, lumaCap: 0.851, fill: RGBA(.white, alpha: 0.18))
  static let standard = MaterialParameters(
    kind: .standard, blurRadiusInPoints: 30, saturation: 1.8, brightness: -0.07,
    fill: RGBA(r: 0.1, g: 0.1, b: 0.12, alpha: 0.4))

  /// Standard materials with seeded random plates: 2 to 8 stops (some
  /// outside [0, 1]), shares in [0, 1] and the ends 0 and 1.
  static let plates: [MaterialParameters] = {
    var g = SeededGenerator(seed: 77)
    return (2...8).map { n in
      let share = n == 2 ? 1 : n == 3 ? 0 : unit(&g)
      return MaterialParameters(
        kind: .standard, blurRadiusInPoints: 30, saturation: .constant(unit(&g, 0, 2.2)),
        brightness: unit(&g, -0.15, 0.15), plateShare: share,
        plateStops: (0..<n).map { _ in unit(&g, -0.1, 1.1) })
    }
  }()

  /// Renderings of every surface kind, with and without fill, tint, border,
  /// including ones no profile gives (no material with a border).
  static let renderings: [ElementRendering] = {
    let border = RGBA(r: 0.2, g: 0.3, b: 0.9, alpha: 0.7)
    func material(_ p: MaterialParameters, fill: RGBA?, tint: RGBA?) -> ElementRendering.Surface {
      .material(
        MaterialPipeline(parameters: p, fill: fill, tint: tint),
        blur: p.blur.resolved(shortSideInPoints: 48, liquidGlass: 0.5, scale: 3))
    }
    let surfaces: [ElementRendering.Surface] =
      [
        .wallpaper,
        material(glass, fill: glass.fill, tint: nil),
        material(glass, fill: nil, tint: RGBA(r: 0, g: 0.48, b: 1, alpha: 0.6)),
        material(glass, fill: RGBA(.white, alpha: 1), tint: nil),
        material(standard, fill: standard.fill, tint: nil),
        material(standard, fill: nil, tint: nil),
      ] + plates.map { material($0, fill: nil, tint: nil) } + [
        material(plates[4], fill: nil, tint: RGBA(r: 0, g: 0.48, b: 1, alpha: 0.6)),
        .appFill(RGBA(.white), tint: nil),
        .appFill(RGBA(r: 0.11, g: 0.11, b: 0.12, alpha: 0.85), tint: RGBA(.black, alpha: 0.3)),
      ]
    return surfaces.flatMap { s in
      [0.0, 3.0].map { width in
        ElementRendering(
          surface: s, reducesTransparency: false, borderWidthInPixels: width,
          borderColor: border, materialName: "t")
      }
    }
  }()

  static let moreColors: [RGBA] =
    colors + [
      RGBA(r: 1, g: 0.58, b: 0, alpha: 1), RGBA(.white, alpha: 0.3),
    ]

  /// Random entries with every mask code, including backdrops outside the
  /// RGB cube (the material's levels can leave it) and exact 0 and 1.
  static func samples(count: Int, seed: UInt64) -> ItemSamples {
    var mix = SeededGenerator(seed: seed)
    return ItemSamples(capacity: count) { b in
      for _ in 0..<count {
        let code = UInt8(mix.next() % 3)
        var back = color(&mix)
        if mix.next() % 8 == 0 { back = RGB(r: 0, g: 1, b: unit(&mix, -0.2, 1.2)) }
        b.append(back.r, back.g, back.b, code: code)
      }
    }
  }

  /// Arbitrary entries, every length modulo eight (the vector loops' tails),
  /// at every level: the ratios and background luminances are the
  /// reference's bit for bit.
  @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 998, 1001])
  func arbitraryEntriesGiveTheReferenceBits(count: Int) {
    let samples = Self.samples(count: count, seed: UInt64(100 + count))
    #expect(samples.count == count)
    let lum = FastLuminance.shared
    let codes = samples.codes
    VectorLevels.eachTableRead { level in
      for rendering in Self.renderings {
        let reference = BackgroundEvaluator(rendering)
        let luminances = (0..<count).map { k in
          let c = samples.color(at: k)
          return lum.luminance(reference.background(backdrop: c, wallpaper: c, code: codes[k]))
        }
        for color in Self.moreColors {
          let kernel = PixelKernel(rendering: rendering, color: color)
          let ratios = (0..<count).map { k in
            let c = samples.color(at: k)
            return reference.ratio(
              backdrop: c, wallpaper: c, code: codes[k], color: color, lum: lum)
          }
          #expect(
            kernel.ratios(samples).map { $0.bitPattern } == ratios.map { $0.bitPattern }, "\(level)"
          )
          #expect(
            kernel.backgroundLuminances(samples).map { $0.bitPattern }
              == luminances.map { $0.bitPattern }, "\(level)")
        }
      }
    }
  }

  /// Samples in stretches of a random colour and mask code, one to `longest`
  /// steps each, `steps` in all: `step` appends the stretch's `j`-th
  /// (one pixel or more; it may draw from the generator too).
  static func stretches(
    steps: Int, longest: UInt64, capacity: Int, _ g: inout SeededGenerator,
    step: (inout ItemSamples.Builder, inout SeededGenerator, RGB, UInt8, Int) -> Void
  ) -> ItemSamples {
    ItemSamples(capacity: capacity) { b in
      var k = 0
      while k < steps {
        let c = color(&g)
        let code = UInt8(g.next() % 3)
        let length = Swift.min(1 + Int(g.next() % longest), steps - k)
        for j in 0..<length { step(&b, &g, c, code, j) }
        k += length
      }
    }
  }

  /// The fused statistics loop on large items, with and without runs, and
  /// with stretches of entries whose ratios share a bucket (a smooth
  /// backdrop: the histogram's runs), at every level: the statistics by
  /// their definition, bit for bit.
  @Test func fusedStatisticsFollowTheirDefinition() {
    var g = SeededGenerator(seed: 21)
    // Runs of up to four pixels of one colour.
    let runs = Self.stretches(steps: 30_000, longest: 4, capacity: 30_000, &g) { b, _, c, code, _ in
      b.append(c.r, c.g, c.b, code: code)
    }
    // Stretches of up to 40 entries a millionth apart, each entry one to
    // three pixels.
    let smooth = Self.stretches(steps: 20_000, longest: 40, capacity: 60_000, &g) {
      b, g, c, code, j in
      let d = 1e-6 * Double(j)
      for _ in 0...(g.next() % 3) {
        b.append(c.r * (1 - d), c.g * (1 - d), c.b * (1 - d), code: code)
      }
    }
    var fused = 0
    for samples in [Self.samples(count: 9_001, seed: 8), runs, smooth] {
      for rendering in Self.renderings {
        for color in Self.colors {
          let ratios = (0..<samples.count).map {
            samples.ratio(at: $0, rendering: rendering, color: color)
          }
          let threshold = ratios[ratios.count / 2]
          let expected = Self.statistics(ratios, counts: samples.counts, threshold: threshold)
          VectorLevels.eachTableRead { level in
            let measured = samples.measure(
              rendering: rendering, color: color, threshold: threshold)
            #expect(
              measured.ratios.map { $0.bitPattern } == ratios.map { $0.bitPattern }, "\(level)")
            #expect(Self.bits(measured.statistics) == expected.map { $0.bitPattern }, "\(level)")
            if let buckets = measured.buckets {
              #expect(
                Self.difference(buckets.histogram, Self.histogram(ratios, counts: samples.counts))
                  == nil, "\(level)")
              fused += 1
            }
          }
        }
      }
    }
    if VectorLevels.available != [.portable] { #expect(fused > 0) }
  }

  /// BucketSelect's histogram by its definition: per bucket of the ratios'
  /// bit patterns (`(bits >> shift) - base`) the pixels it holds, then the
  /// entries.
  static func histogram(_ ratios: [Double], counts: [Int]) -> [Int] {
    let buckets = BucketSelect.bucketCount
    var h = [Int](repeating: 0, count: 2 * buckets)
    for (r, c) in zip(ratios, counts) {
      let key = Int((r.bitPattern >> BucketSelect.shift) - BucketSelect.base)
      h[key] += c
      h[buckets + key] += 1
    }
    return h
  }

  /// The first counter where two histograms differ, in words; nil when
  /// they are the same (a whole histogram is too long for a message).
  static func difference(_ a: [Int], _ b: [Int]) -> String? {
    guard a.count == b.count else { return "\(a.count) counters against \(b.count)" }
    guard let k = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
    let buckets = BucketSelect.bucketCount
    let what = k < buckets ? "pixels of bucket \(k)" : "entries of bucket \(k - buckets)"
    return "\(what): \(a[k]) against \(b[k])"
  }

  /// Entries that stand for many pixels: the vector loop packs a bucket's
  /// pixels and entries into one counter, which holds below 2^40 pixels and
  /// counts below 2^32; at or past either the scalar loops count. Either
  /// way the statistics and the histogram follow their definition, bit for
  /// bit, at every level (pixels just below 2^40, a count of 2^33, and
  /// pixels past 2^40 of counts below 2^32), on arbitrary entries and on
  /// entries a billionth apart (one bucket holds nearly all the pixels).
  @Test func fusedStatisticsWithManyPixelsFollowTheirDefinition() {
    let n = 9_001
    let rendering = Self.renderings[0]
    let color = Self.colors[0]
    let justBelow = ((1 << 40) - 1) / n
    let nearlyFlat = { () -> ItemSamples in
      let c = RGB(r: 0.31, g: 0.52, b: 0.73)
      return ItemSamples(capacity: n) { b in
        for j in 0..<n {
          let d = 1e-9 * Double(j)
          b.append(c.r - d, c.g - d, c.b - d, code: 1)
        }
      }
    }
    for (name, count) in [
      ("just below 2^40 pixels", { (_: Int) in justBelow }),
      ("a count of 2^33", { (k: Int) in k == 17 ? 1 << 33 : 3 }),
      ("past 2^40 pixels", { (k: Int) in (1 << 31) + k }),
    ] {
      for samples in [Self.samples(count: n, seed: 12), nearlyFlat()] {
        #expect(samples.count == n)
        for k in 0..<samples.count { samples.storage.counts[k] = count(k) }
        samples.storage.pixels = samples.counts.reduce(0, +)
        let ratios = (0..<samples.count).map {
          samples.ratio(at: $0, rendering: rendering, color: color)
        }
        let threshold = ratios[ratios.count / 2]
        let expected = Self.statistics(ratios, counts: samples.counts, threshold: threshold)
        VectorLevels.eachTableRead { level in
          let measured = samples.measure(rendering: rendering, color: color, threshold: threshold)
          #expect(
            Self.bits(measured.statistics) == expected.map { $0.bitPattern },
            "\(name) at \(level)")
          if let buckets = measured.buckets {
            #expect(
              Self.difference(buckets.histogram, Self.histogram(ratios, counts: samples.counts))
                == nil, "\(name) at \(level)")
          }
        }
      }
    }
  }

  /// The remedy search's starting set under `min` (the entries at most the
  /// 256th least ratio, the first 512 in index order): the C selection
  /// gives the reference's indices, with ties at the cut and counts on
  /// either side of `k`; and both agree with a sort of the ratios.
  @Test func leastEntriesAgreeWithTheReference() {
    let samples = Self.samples(count: 999, seed: 7)
    for rendering in Self.renderings {
      let ratios = samples.entryRatios(rendering: rendering, color: RGBA(r: 0.5, g: 0.5, b: 0.5))
      // Rounded copies tie often; a flat run ties everywhere.
      let rounded = ratios.map { ($0 * 4).rounded() / 4 }
      let flat = [Double](repeating: 2.5, count: 700) + [1.5]
      for list in [ratios, rounded, flat] {
        for n in [1, 2, 255, 256, 257, 600, list.count] where n <= list.count {
          let some = Array(list.prefix(n))
          for (k, limit) in [(Swift.min(256, n), 512), (1, 3), (n, 512), (Swift.min(7, n), 0)] {
            let fast = PixelKernel.leastEntries(some, k: k, limit: limit)
            let reference = RemedySearch.leastEntriesReference(some, k: k, limit: limit)
            #expect(fast == reference, "n \(n) k \(k) limit \(limit)")
            // The k-th least by sorting: every chosen ratio at most it, and
            // every entry left out before the last chosen one above it.
            let cut = some.sorted()[k - 1]
            #expect(reference.allSatisfy { some[$0] <= cut })
            let last = reference.last ?? -1
            #expect((0..<(last + 1)).filter { some[$0] <= cut } == reference, "n \(n) k \(k)")
            #expect(reference.count == Swift.min(limit, some.filter { $0 <= cut }.count))
          }
        }
      }
    }
    // Long lists, where the C pass first picks a pivot from a sample: in
    // order either way (a gradient), shuffled with ties, and one whose
    // sampled places hold the least values (the sample misjudges; the
    // selection over every value answers).
    let n = 20_000
    let rising = (0..<n).map { 1 + Double($0) / 1000 }
    var shuffled = rising.map { ($0 * 8).rounded() / 8 }
    var generator = SyntheticWallpapers.SplitMix64(seed: 5)
    shuffled.shuffle(using: &generator)
    let misjudged: [Double] = (0..<n).map { (i: Int) -> Double in
      i % (n / 1024) == 0 ? 1 + Double(i) / 1e6 : 5
    }
    for list in [rising, Array(rising.reversed()), shuffled, misjudged] {
      for (k, limit) in [(256, 512), (1, 3), (5000, 100)] {
        let fast = PixelKernel.leastEntries(list, k: k, limit: limit)
        #expect(fast == RemedySearch.leastEntriesReference(list, k: k, limit: limit), "k \(k)")
        let cut = list.sorted()[k - 1]
        #expect(fast == Array(list.indices.filter { list[$0] <= cut }.prefix(limit)), "k \(k)")
      }
    }
    #expect(PixelKernel.leastEntries([], k: 1, limit: 5) == nil)
    #expect(PixelKernel.leastEntries([1, 2], k: 3, limit: 5) == nil)
  }

  /// The starting set's scan once the cut is known (the measurement's
  /// histogram gives it): the C pass, eight entries at a time, lists the
  /// reference's indices for every length (blocks and a tail), cut (below
  /// every entry, on ties, above every entry, NaN) and limit, NaN entries
  /// never at most a cut.
  @Test func entriesAtMostACutAgreeWithTheReference() {
    var generator = SyntheticWallpapers.SplitMix64(seed: 11)
    let long = (0..<1000).map { _ in Double(generator.next() % 64) / 8 + 1 }
    var withNaN = long
    for i in stride(from: 3, to: withNaN.count, by: 37) { withNaN[i] = .nan }
    var checked = 0
    for list in [long, withNaN, [Double](repeating: 2.5, count: 19)] {
      for n in [0, 1, 7, 8, 9, 16, 17, 100, list.count] where n <= list.count {
        let some = Array(list.prefix(n))
        for cut in [0.5, 1, 2.5, 3.125, 9, .infinity, .nan] {
          for limit in [0, 1, 3, 8, 512, 2000] {
            let fast = PixelKernel.entries(some, atMost: cut, limit: limit)
            let reference = RemedySearch.entriesReference(some, atMost: cut, limit: limit)
            let same = fast == reference
            #expect(same, "n \(n) cut \(cut) limit \(limit)")
            if !reference.isEmpty { checked += 1 }
          }
        }
      }
    }
    // Not a comparison of empty lists alone.
    #expect(checked > 100)
  }

  @Test func failingScansAgreeWithTheRatios() {
    let samples = Self.samples(count: 999, seed: 42)
    for rendering in Self.renderings {
      let color = RGBA(r: 0.5, g: 0.5, b: 0.5)
      let ratios = samples.entryRatios(rendering: rendering, color: color)
      let kernel = PixelKernel(rendering: rendering, color: color)
      let all = kernel.failingAll(samples, threshold: 3)
      #expect(all.entries.map(\.index) == ratios.indices.filter { ratios[$0] < 3 })
      #expect(all.lowest == ratios.min())
      // The remedy search's scan keeps the worst misses only: the same as
      // taking them from the list of every miss (ties of ratio by index).
      for limit in [1, 7, 512, 2000] {
        // (1: no ratio is below it, the scan's pass without its heap.)
        for threshold in [1.0, 1.5, 3.0, 30.0] {
          let kept = kernel.worstFailing(samples, threshold: threshold, limit: limit)
          let misses = kernel.failingAll(samples, threshold: threshold).entries
          let expected = RemedySearch.lowest(limit, of: misses)
          #expect(kept.worst.map(\.index) == expected.map(\.index), "limit \(limit)")
          #expect(kept.worst.map(\.ratio) == expected.map(\.ratio), "limit \(limit)")
          #expect(kept.fails == !misses.isEmpty)
          #expect(kept.lowest == ratios.min())
        }
      }
      // The remedy search's judgement of an opaque colour by its index of
      // background luminances: what a pass over every one decides (and
      // its least ratio when it passes), or nothing.
      let backgrounds = PixelKernel(rendering: rendering, color: RGBA(.black))
        .backgroundLuminances(samples)
      let index = LuminanceIndex(backgrounds)
      // The C loop's slices are the reference's (repeated luminances, the
      // ends of [0, 1] and beyond them too).
      for some in [backgrounds, backgrounds.reversed() + [0, 1, 1.5, -0.25, 0.5, 0.5], []] {
        #expect(LuminanceIndex(some) == LuminanceIndex(some, fast: false))
      }
      let sorted = backgrounds.sorted()
      // Colours at, between and beside the backgrounds, and in their slices.
      let between = zip(sorted, sorted.dropFirst()).prefix(40).map { ($0 + $1) / 2 }
      let beside = sorted.prefix(40).flatMap { [$0.nextUp, $0.nextDown, $0 + 1e-5] }
      for fg in [0.0, 0.01, 0.18, 0.5, 0.9, 1.0] + sorted.prefix(40) + between + beside {
        for threshold in [1.0001, 1.2, 3.0, 4.5, 7.0] {
          let scan = RemedySearch.reference(
            foreground: fg, backgrounds: backgrounds, threshold: threshold, limit: 1)
          // (Undecided only where a slice's extremes pass: a tiny threshold.)
          guard let judged = index.judge(foreground: fg, threshold: threshold) else {
            #expect(threshold < 1.02, "fg \(fg) threshold \(threshold) undecided")
            continue
          }
          #expect(judged.passes == !scan.fails, "fg \(fg) threshold \(threshold)")
          if judged.passes {
            #expect(judged.lowest.bitPattern == scan.lowest.bitPattern, "fg \(fg)")
          }
        }
      }
      // Backgrounds on both sides of a colour in its slice, with extremes
      // that pass a tiny threshold: the index cannot tell.
      let straddled = LuminanceIndex([0.5, 0.5003])
      #expect(straddled.judge(foreground: 0.5001, threshold: 1.0001) == nil)
      #expect(straddled.judge(foreground: 0.5001, threshold: 3)?.passes == false)
      // Neither side empty, nor a slice: the neighbours are the nearest.
      let apart = LuminanceIndex([0.02, 0.9])
      let middle = apart.judge(foreground: 0.3, threshold: 2)
      #expect(middle?.passes == true)
      #expect(middle?.lowest == WCAG.contrastRatio(luminance: 0.9, 0.3))
      for fast in [true, false] {
        for bad in [Double.nan, .infinity, -.infinity] {
          let index = LuminanceIndex([0.2, 0.21, bad, 0.6], fast: fast)
          #expect(index.judge(foreground: 0.9, threshold: 2) == nil, "\(bad)")
        }
      }
      // The scan of an opaque colour over those luminances in the vector
      // loops: the reference's bits at every level (counts that end
      // inside a vector; repeated luminances, so ties of ratio by index).
      let repeated = backgrounds + backgrounds.prefix(37) + [0, 1, 0.18, 0.18]
      VectorLevels.each { level in
        for n in [0, 1, 7, 8, 13, repeated.count] {
          let some = Array(repeated.prefix(n))
          for fg in [0.0, 0.18, 0.5, 1.0] + Array(backgrounds.prefix(5)) {
            for (threshold, limit) in [(1.2, 512), (3.0, 1), (4.5, 7), (7.0, 512), (30.0, 2000)] {
              let expected = RemedySearch.reference(
                foreground: fg, backgrounds: some, threshold: threshold, limit: limit)
              let got = RemedySearch.worstFailing(
                foreground: fg, backgrounds: some, threshold: threshold, limit: limit)
              #expect(got.worst.map(\.index) == expected.worst.map(\.index), "\(level) n \(n)")
              #expect(got.worst.map(\.ratio) == expected.worst.map(\.ratio), "\(level) n \(n)")
              #expect(got.fails == expected.fails && got.lowest == expected.lowest)
            }
          }
        }
      }
      // Ties: every ratio equal, so the first `limit` indices are kept.
      let tied = PixelKernel.worstFailing(count: 50, threshold: 2, limit: 5) { _ in 1.5 }
      #expect(tied.worst.map(\.index) == [0, 1, 2, 3, 4])
      let odd = Array(stride(from: 1, to: 999, by: 2))
      let some = kernel.failing(
        samples, among: odd, threshold: 3, rank: .max, stopAtRank: false)
      #expect(some.entries.map { $0.index } == odd.filter { ratios[$0] < 3 })
      #expect(some.lowest == odd.map { ratios[$0] }.min())
      // Stopping at rank 1 ends the scan at the first failing entry.
      let first = kernel.failing(samples, among: odd, threshold: 3, rank: 1, stopAtRank: true)
      if let f = odd.first(where: { ratios[$0] < 3 }) {
        #expect(first.entries.map(\.index) == [f])
      } else {
        #expect(first.entries.isEmpty)
      }
    }
  }

  /// With an opaque colour a ratio depends on the background only through
  /// its luminance: the luminances and the colour's give every ratio bit for
  /// bit, and the lightness remedy found from them is the model's.
  @Test func backgroundLuminancesGiveTheRatiosAndTheSameRemedies() {
    // Dark backdrops, so that light colours can pass.
    var g = SeededGenerator(seed: 5)
    let samples = ItemSamples(capacity: 999) { b in
      for _ in 0..<999 {
        b.append(
          Self.unit(&g, 0, 0.3), Self.unit(&g, 0, 0.3), Self.unit(&g, 0, 0.3),
          code: UInt8(g.next() % 3))
      }
    }
    let lum = FastLuminance.shared
    var searched = 0
    for rendering in Self.renderings {
      for color in Self.moreColors where color.alpha == 1 {
        let kernel = PixelKernel(rendering: rendering, color: color)
        let luminances = kernel.backgroundLuminances(samples)
        let ratios = samples.entryRatios(rendering: rendering, color: color)
        let fg = lum.luminance(color.rgb)
        for k in 0..<samples.count {
          let r = PixelKernel.ratio(foreground: fg, background: luminances[k])
          #expect(r.bitPattern == ratios[k].bitPattern, "entry \(k)")
        }
        let search = RemedySearch(
          samples: samples, rendering: rendering, color: color, threshold: 3, statistic: .min)
        let backgrounds = search.backgroundLuminances()
        #expect(backgrounds == luminances)
        for target in [0.0, 1.0] {
          let byModel = search.minimalLightnessStep(toward: target)
          let byLuminance = search.minimalLightnessStep(toward: target, backgrounds: backgrounds)
          #expect(byModel?.value == byLuminance?.value && byModel?.judged == byLuminance?.judged)
          if byModel != nil { searched += 1 }
        }
      }
    }
    #expect(searched > 10, "some searches must find a passing colour")
  }
}
