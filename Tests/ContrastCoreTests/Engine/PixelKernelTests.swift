import Testing

@testable import ContrastCore

/// The fast per-pixel loops (`PixelKernel`, scalar and two lanes at a time)
/// against the readable reference (`BackgroundEvaluator.ratio`, which spells
/// out SPEC §3.2-§3.4 step by step): every ratio must be equal bit for bit,
/// since the reports must not change by a byte when the loops get faster.
@Suite struct PixelKernelTests {
  /// Uniform in [lo, hi), from the seeded test generator.
  static func unit(_ g: inout SeededGenerator, _ lo: Double = 0, _ hi: Double = 1) -> Double {
    lo + (hi - lo) * Double(g.next() >> 11) / Double(1 << 53)
  }

  static func color(_ g: inout SeededGenerator) -> RGB {
    RGB(r: unit(&g), g: unit(&g), b: unit(&g))
  }

  static let glass = MaterialParameters(
    kind: .glass, blurRadiusInPoints: 8, blurMix: 0.5, saturation: 1.25, white: 1.112,
    black: 0.403, lumaCap: 0.851, fill: RGBA(.white, alpha: 0.18))
  static let standard = MaterialParameters(
    kind: .standard, blurRadiusInPoints: 30, saturation: 1.8, brightness: -0.07,
    fill: RGBA(r: 0.1, g: 0.1, b: 0.12, alpha: 0.4))

  /// Renderings of every surface kind, with and without fill, tint, border.
  static let renderings: [ElementRendering] = {
    let border = RGBA(r: 0.2, g: 0.3, b: 0.9, alpha: 0.7)
    func material(_ p: MaterialParameters, fill: RGBA?, tint: RGBA?) -> ElementRendering.Surface {
      .material(
        MaterialPipeline(parameters: p, fill: fill, tint: tint), blurSigmaInPixels: 24,
        blurMix: p.blurMix)
    }
    let surfaces: [ElementRendering.Surface] = [
      .wallpaper,
      material(glass, fill: glass.fill, tint: nil),
      material(glass, fill: nil, tint: RGBA(r: 0, g: 0.48, b: 1, alpha: 0.6)),
      material(glass, fill: RGBA(.white, alpha: 1), tint: nil),
      material(standard, fill: standard.fill, tint: nil),
      material(standard, fill: nil, tint: nil),
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

  static let colors: [RGBA] = [
    RGBA(.black), RGBA(.white), RGBA(r: 0.23, g: 0.23, b: 0.26, alpha: 0.6),
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

  @Test(arguments: [1, 2, 7, 1000])
  func ratiosEqualTheReferenceBitForBit(count: Int) {
    let samples = Self.samples(count: count, seed: UInt64(count))
    #expect(samples.count == count)
    var compared = 0
    for rendering in Self.renderings {
      for color in Self.colors {
        let fast = samples.entryRatios(rendering: rendering, color: color)
        let kernel = PixelKernel(rendering: rendering, color: color)
        for k in 0..<count {
          let reference = samples.ratio(at: k, rendering: rendering, color: color)
          #expect(
            fast[k].bitPattern == reference.bitPattern, "entry \(k): \(fast[k]) vs \(reference)")
          #expect(kernel.ratio(samples.storage, k).bitPattern == reference.bitPattern)
          compared += 1
        }
      }
    }
    #expect(compared == count * Self.renderings.count * Self.colors.count)
  }

  @Test func backgroundsEqualTheReferenceBitForBit() {
    var g = SeededGenerator(seed: 3)
    for rendering in Self.renderings {
      let kernel = PixelKernel(rendering: rendering, color: RGBA(.black))
      let reference = BackgroundEvaluator(rendering)
      for _ in 0..<200 {
        let c = Self.color(&g)
        for code: UInt8 in [1, 2] {
          let fast = kernel.background(c, code: code)
          let slow = reference.background(backdrop: c, wallpaper: c, code: code)
          #expect(
            [fast.r, fast.g, fast.b].map(\.bitPattern)
              == [slow.r, slow.g, slow.b].map(\.bitPattern))
        }
      }
    }
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
      let odd = Array(stride(from: 1, to: 999, by: 2))
      let some = kernel.failing(
        samples, among: odd, threshold: 3, rank: .max, stopAtRank: false)
      #expect(some.entries.map(\.index) == odd.filter { ratios[$0] < 3 })
      #expect(some.lowest == odd.map { ratios[$0] }.min())
      // Stopping at rank 1 visits entries up to the first failing one only.
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
      for color in Self.colors where color.alpha == 1 {
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

  /// The vector loops (CPixelKernel) against the Swift loops, bit for bit,
  /// at every instruction-set level the CPU has (eight entries at a time with
  /// AVX-512, four with AVX2), for every rendering and colour and every
  /// length modulo eight (the tail repeats the last entry). On a CPU without
  /// AVX2 both are the Swift loops.
  @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 998, 1001])
  func vectorLoopsEqualTheSwiftLoopsBitForBit(count: Int) {
    let samples = Self.samples(count: count, seed: UInt64(100 + count))
    VectorLevels.each { level in
      print("PixelKernel vector level: \(level) (3 AVX-512, 2 AVX2, 0 none)")
      for rendering in Self.renderings {
        for color in Self.colors {
          let kernel = PixelKernel(rendering: rendering, color: color)
          #expect(
            kernel.ratios(samples).map(\.bitPattern)
              == kernel.portableRatios(samples).map(\.bitPattern), "level \(level)")
          #expect(
            kernel.backgroundLuminances(samples).map(\.bitPattern)
              == kernel.portableBackgroundLuminances(samples).map(\.bitPattern),
            "level \(level)")
        }
      }
    }
  }

  /// The ratios and statistics measured in one vector loop against the
  /// separate Swift path (portable ratios, then ``ContrastStatistics``), bit
  /// for bit, on items large enough for it, with and without runs.
  @Test func fusedMeasurementEqualsTheSeparateSteps() {
    var g = SeededGenerator(seed: 21)
    let runs = ItemSamples(capacity: 30_000) { b in
      var k = 0
      while k < 30_000 {
        let c = Self.color(&g)
        let code = UInt8(g.next() % 3)
        let length = Swift.min(1 + Int(g.next() % 4), 30_000 - k)
        for _ in 0..<length { b.append(c.r, c.g, c.b, code: code) }
        k += length
      }
    }
    var fused = 0
    VectorLevels.each { _ in
      for samples in [Self.samples(count: 9_001, seed: 8), runs] {
        for rendering in Self.renderings {
          for color in Self.colors {
            let kernel = PixelKernel(rendering: rendering, color: color)
            let ratios = kernel.portableRatios(samples)
            // A threshold some entries equal exactly (they pass).
            let threshold = ratios[ratios.count / 2]
            let reference = ContrastStatistics(
              ratios: ratios, counts: samples.counts, threshold: threshold)
            let measured = samples.measure(
              rendering: rendering, color: color, threshold: threshold)
            #expect(measured.ratios.map(\.bitPattern) == ratios.map(\.bitPattern))
            let a = measured.statistics
            #expect(
              [a.min, a.p05, a.p10, a.median, a.mean, a.max, a.failingFraction].map(\.bitPattern)
                == [
                  reference.min, reference.p05, reference.p10, reference.median, reference.mean,
                  reference.max, reference.failingFraction,
                ].map(\.bitPattern))
            if kernel.measure(samples, threshold: threshold) != nil { fused += 1 }
          }
        }
      }
    }
    if PixelKernel.vectorized { #expect(fused > 0) }
    #expect(VectorLevels.available.count >= 1)
  }

  @Test func runsOfIdenticalPixelsAreStoredOnce() {
    let samples = ItemSamples(capacity: 5) { b in
      b.append(0.5, 0.5, 0.5, code: 1)
      b.append(0.5, 0.5, 0.5, code: 1)
      b.append(0.5, 0.5, 0.5, code: 2)
      b.append(0.5, 0.5, 0.5, code: 2)
      b.append(0.5, 0.5, 0.25, code: 2)
    }
    #expect(samples.count == 3)
    #expect(samples.counts == [2, 2, 1])
    #expect(samples.codes == [1, 2, 2])
    #expect(samples.pixelCount == 5)
  }
}
