import Testing

@testable import ContrastCore

/// The item pixels collected by the C loop (`FastEngine.collect`) against
/// the Swift loop:
/// the same entries (colour bit for bit, mask code, pixel count), for blurred
/// backdrops, Reduce Transparency means and plain wallpaper, with rectangles
/// reaching past the shape, its rectangle and the canvas.
@Suite struct CollectTests {
  @Test func collectedEntriesEqualTheSwiftLoop() {
    let profile = try! ProfileLoader.loadDefault()
    let size = Canvas(widthInPoints: 60, heightInPoints: 40, scale: 1)
    let elements = [
      Element(
        id: "glass", material: "glass.regular",
        frame: RectInPoints(x: 5, y: 4, width: 30, height: 14), shape: .capsule),
      Element(
        id: "plain", material: "none", frame: RectInPoints(x: 38, y: 20, width: 20, height: 18),
        overrides: [.increaseContrast: ModeOverride(borderInPoints: 2)]),
    ]
    let layout = Layout(id: "t", title: "t", canvas: size, elements: elements, file: "t.yml")
    var rng = SeededGenerator(seed: 4)
    // Noise with flat patches, so that runs form.
    let samples = (0..<(60 * 40)).flatMap { i -> [Float] in
      if (i / 60) % 7 < 3 && i % 60 > 30 { return [0.25, 0.5, 0.75] }
      return (0..<3).map { _ in Float(rng.next() % 256) / 255 }
    }
    let canvas = WallpaperCanvas(
      wallpaperID: "w", image: RGBImage(width: 60, height: 40, samples: samples), canvas: size)
    let rects = [
      PixelRect(x: 0, y: 0, width: 60, height: 40), PixelRect(x: 3, y: 2, width: 20, height: 9),
      PixelRect(x: 30, y: 10, width: 30, height: 30), PixelRect(x: 10, y: 8, width: 1, height: 1),
    ]
    var compared = 0
    for appearance in Appearance.allCases {
      for mode in AccessibilityMode.allCases {
        for (element, rendering) in profile.renderedElements(
          of: layout, appearance: appearance, mode: mode)
        {
          let source = canvas.backdrop(of: element, rendering: rendering)
          for rect in rects {
            let swift = Self.reference(
              rect: rect, image: canvas.image, mask: source.mask, source: source)
            let fast = SceneEvaluator.collect(
              rect: rect, image: canvas.image, mask: source.mask, source: source)
            #expect(fast.count == swift.count && fast.pixelCount == swift.pixelCount)
            #expect(fast.codes == swift.codes && fast.counts == swift.counts)
            let a = (0..<fast.count).map { fast.color(at: $0) }
            let b = (0..<swift.count).map { swift.color(at: $0) }
            #expect(
              a.map { [$0.r, $0.g, $0.b].map(\.bitPattern) }
                == b.map { [$0.r, $0.g, $0.b].map(\.bitPattern) })
            compared += fast.count
          }
        }
      }
    }
    #expect(compared > 10_000)

    // The Reduce Transparency mean: the shape's pixels summed row-major, per
    // channel, divided by their number.
    for element in elements {
      let mask = canvas.mask(of: element, borderInPixels: 0)
      var sum = (0.0, 0.0, 0.0)
      var n = 0
      for j in 0..<mask.rect.height {
        for i in 0..<mask.rect.width where mask.codes[j * mask.rect.width + i] != 0 {
          let k = 3 * ((mask.rect.y + j) * 60 + mask.rect.x + i)
          sum.0 += Double(samples[k])
          sum.1 += Double(samples[k + 1])
          sum.2 += Double(samples[k + 2])
          n += 1
        }
      }
      let mean = canvas.meanInside(element)
      #expect(n > 100)
      #expect(
        [mean.r, mean.g, mean.b].map(\.bitPattern)
          == [sum.0 / Double(n), sum.1 / Double(n), sum.2 / Double(n)].map(\.bitPattern))
    }
  }

  /// Collecting into a builder that already holds entries: the open run
  /// continues when the first pixel extends it, and every count comes out as
  /// the Swift loop's.
  @Test func collectingAfterAppendsContinuesTheOpenRun() {
    let profile = try! ProfileLoader.loadDefault()
    let size = Canvas(widthInPoints: 40, heightInPoints: 20, scale: 1)
    let glass = Element(
      id: "glass", material: "glass.regular",
      frame: RectInPoints(x: 3, y: 2, width: 30, height: 14), shape: .capsule)
    let layout = Layout(id: "t", title: "t", canvas: size, elements: [glass], file: "t.yml")
    var rng = SeededGenerator(seed: 12)
    let image = RGBImage(
      width: 40, height: 20,
      samples: (0..<(3 * 40 * 20)).map { _ in Float(rng.next() % 4) / 3 })
    let canvas = WallpaperCanvas(wallpaperID: "w", image: image, canvas: size)
    var checked = 0
    for mode in AccessibilityMode.allCases {
      for (element, rendering) in profile.renderedElements(
        of: layout, appearance: .light, mode: mode)
      {
        let source = canvas.backdrop(of: element, rendering: rendering)
        let rect = PixelRect(x: 1, y: 1, width: 37, height: 17)
        let plain = Self.reference(rect: rect, image: image, mask: source.mask, source: source)
        let first = plain.color(at: 0)
        let code = plain.codes[0]
        // The rect's own first pixel three times (the run goes on), or
        // another colour (a new run starts).
        for prefix in [(first, code), (RGB(r: 0.5, g: 0.25, b: 2), UInt8(1))] {
          let capacity = 3 + rect.width * rect.height
          let expected = ItemSamples(capacity: capacity) { out in
            for _ in 0..<3 { out.append(prefix.0.r, prefix.0.g, prefix.0.b, code: prefix.1) }
            Self.reference(rect: rect, image: image, mask: source.mask, source: source, into: &out)
          }
          let fast = ItemSamples(capacity: capacity) { out in
            for _ in 0..<3 { out.append(prefix.0.r, prefix.0.g, prefix.0.b, code: prefix.1) }
            SceneEvaluator.collect(
              rect: rect, image: image, mask: source.mask, source: source, into: &out)
          }
          #expect(fast.counts == expected.counts)
          #expect(fast.codes == expected.codes)
          #expect(
            (0..<fast.count).map { fast.color(at: $0).r.bitPattern }
              == (0..<expected.count).map { expected.color(at: $0).r.bitPattern })
          #expect(fast.pixelCount == capacity)
          checked += 1
        }
      }
    }
    #expect(checked >= 8)
  }

  /// Both comparisons at every vector level this CPU has: with AVX-512 the
  /// C loop takes eight pixels at a time (runs crossing chunks and rows,
  /// rows ending mid-chunk, rectangles past the mask's), else one.
  @Test func everyLevelCollectsTheSwiftLoopsEntries() {
    var levels: [FastEngine.VectorLevel] = []
    VectorLevels.each { level in
      levels.append(level)
      collectedEntriesEqualTheSwiftLoop()
      collectingAfterAppendsContinuesTheOpenRun()
    }
    #expect(!levels.isEmpty)
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

  /// The reference: `SceneEvaluator.collect` as a Swift loop (the code it
  /// replaced), through ``ItemSamples/Builder``.
  static func reference(
    rect: PixelRect, image: RGBImage, mask: ShapeMask, source: ElementBackdrop
  ) -> ItemSamples {
    ItemSamples(capacity: rect.width * rect.height) { out in
      reference(rect: rect, image: image, mask: mask, source: source, into: &out)
    }
  }

  static func reference(
    rect: PixelRect, image: RGBImage, mask: ShapeMask, source: ElementBackdrop,
    into out: inout ItemSamples.Builder
  ) {
    let m = mask.rect
    let width = image.width
    let blurredSamples = source.blurred?.samples ?? []
    // Inside the shape the backdrop is B, the mean, or the wallpaper itself.
    let mean = source.usesBackdrop ? source.mean : nil
    let blurred = source.usesBackdrop && mean == nil ? source.blurred : nil
    let mix = source.mix
    do {
      image.samples.withUnsafeBufferPointer { w in
        blurredSamples.withUnsafeBufferPointer { g in
          mask.codes.withUnsafeBufferPointer { codes in
            for y in rect.y..<rect.maxY {
              let insideRows = y >= m.y && y < m.maxY
              for x in rect.x..<rect.maxX {
                let code =
                  insideRows && x >= m.x && x < m.maxX
                  ? codes[(y - m.y) * m.width + (x - m.x)] : 0
                if code != 0, let mean {
                  // Reduce Transparency: the wallpaper is not read at all.
                  out.append(mean.r, mean.g, mean.b, code: code)
                  continue
                }
                let k = 3 * (y * width + x)
                let w0 = Double(w[k])
                let w1 = Double(w[k + 1])
                let w2 = Double(w[k + 2])
                if code != 0, let blurred {
                  let j = 3 * ((y - m.y) * blurred.width + (x - m.x))
                  out.append(
                    (1 - mix) * w0 + mix * Double(g[j]), (1 - mix) * w1 + mix * Double(g[j + 1]),
                    (1 - mix) * w2 + mix * Double(g[j + 2]), code: code)
                } else {
                  out.append(w0, w1, w2, code: code)
                }
              }
            }
          }
        }
      }
    }
  }
}
