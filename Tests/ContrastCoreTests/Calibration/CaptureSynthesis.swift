import Foundation

@testable import ContrastCore

/// Captures drawn by the tool's own renderer (the audit's backdrop,
/// ``WallpaperCanvas/backdrop(of:rendering:)``, through the reference
/// model, ``BackgroundEvaluator``) from parameters a test chooses, then
/// made to look like a screenshot: a bright rim within 1.5 pt of each
/// outline, the content drawn in its frames, 8-bit rounding and one level
/// (standard deviation) of Gaussian noise from a seeded generator.
enum CaptureSynthesis {
  /// SplitMix64: a seeded, platform-independent generator.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992 }

    /// Standard normal (Box-Muller).
    mutating func normal() -> Double {
      (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
    }
  }

  /// The canvas of the tests: 120 x 80 pt at scale 1.
  static let canvas = Canvas(widthInPoints: 120, heightInPoints: 80, scale: 1)

  /// Three elements of `material`, short side 30 pt: a rounded bar with a
  /// title, a capsule and a circle.
  static func layout(material: String) -> Layout {
    Layout(
      id: "synthetic", title: "synthetic", canvas: canvas,
      elements: [
        Element(
          id: "bar", material: material, frame: RectInPoints(x: 6, y: 5, width: 108, height: 30),
          shape: .roundedRect(cornerRadius: 10),
          content: [
            ContentItem(
              id: "title", kind: .text, color: .same("label"),
              frame: RectInPoints(x: 12, y: 8, width: 44, height: 14))
          ], line: 3),
        Element(
          id: "pill", material: material, frame: RectInPoints(x: 6, y: 44, width: 64, height: 30),
          shape: .capsule, line: 12),
        Element(
          id: "dot", material: material, frame: RectInPoints(x: 82, y: 44, width: 30, height: 30),
          shape: .circle, line: 16),
      ], file: "layout.yml")
  }

  /// A colourful wallpaper with detail at several scales (a luma ramp from
  /// black at the left to white at the right, soft colour
  /// fields, stripes of a few points, fine grain), `seed` choosing it.
  static func photo(width: Int = 120, height: Int = 80, seed: UInt64) -> RGBImage {
    var g = Generator(state: seed)
    let blobs = (0..<7).map { _ in
      (
        x: g.uniform() * Double(width), y: g.uniform() * Double(height),
        r: 8 + g.uniform() * 25, c: [g.uniform(), g.uniform(), g.uniform()]
      )
    }
    var samples = [Float](repeating: 0, count: 3 * width * height)
    for y in 0..<height {
      for x in 0..<width {
        let ramp = min(max(1.3 * Double(x) / Double(width - 1) - 0.15, 0), 1)
        var c = [ramp, ramp, ramp]
        for b in blobs {
          let d2 = (Double(x) - b.x) * (Double(x) - b.x) + (Double(y) - b.y) * (Double(y) - b.y)
          let w = 0.6 * exp(-d2 / (2 * b.r * b.r))
          for k in 0..<3 { c[k] += w * (b.c[k] - 0.5) }
        }
        let stripes = 0.18 * sin(Double(x) * 0.9 + Double(y) * 0.35)
        let grain = 0.08 * (g.uniform() - 0.5)
        for k in 0..<3 {
          samples[3 * (y * width + x) + k] = Float(
            min(max(c[k] + stripes * (k == 1 ? -1 : 1) + grain, 0), 1))
        }
      }
    }
    return RGBImage(width: width, height: height, samples: samples)
  }

  /// One colour everywhere.
  static func flat(_ c: RGB, width: Int = 120, height: Int = 80) -> RGBImage {
    RGBImage(width: width, height: height, filledWith: (Float(c.r), Float(c.g), Float(c.b)))
  }

  /// `profile` with `material`'s `appearance` replaced by `parameters`.
  static func profile(
    _ profile: Profile, material: String, appearance: Appearance, _ parameters: MaterialParameters
  ) -> Profile {
    var p = profile
    var m = p.materials[material]!
    if appearance == .light { m.light = parameters } else { m.dark = parameters }
    p.materials[material] = m
    return p
  }

  /// The screenshot of `layout` over `wallpaper` as `truth` draws it in
  /// `target`'s appearance, mode and setting, 8-bit, with a rim, the
  /// content and `noise` levels of noise (seeded by `seed`).
  static func screenshot(
    wallpaper: RGBImage, layout: Layout, truth: Profile, target: CalibrationTarget,
    seed: UInt64, noise: Double = 1
  ) -> RGBImage {
    let c = layout.canvas
    let placed = Placement.aspectFill(
      wallpaper, canvasWidth: c.widthInPixels, canvasHeight: c.heightInPixels)
    let canvas = WallpaperCanvas(wallpaperID: "synthetic", image: placed, canvas: c)
    var out = placed.samples.map(Double.init)
    let width = placed.width
    for (element, rendering) in truth.renderedElements(
      of: layout, appearance: target.appearance, mode: target.mode,
      liquidGlass: target.liquidGlass)
    {
      let source = canvas.backdrop(of: element, rendering: rendering)
      let model = BackgroundEvaluator(rendering)
      let rim = ShapeMask(
        frame: element.frame, shape: element.shape, borderInPixels: 1.5 * c.scale,
        scale: c.scale, canvasWidth: width, canvasHeight: placed.height)
      let r = source.mask.rect
      let g = source.blurred?.samples ?? []
      g.withUnsafeBufferPointer { g in
        for y in r.y..<r.maxY {
          for x in r.x..<r.maxX {
            let code = source.mask.code(x: x, y: y)
            guard code != 0 else { continue }
            let k = 3 * (y * width + x)
            let wp = RGB(
              r: Double(placed.samples[k]), g: Double(placed.samples[k + 1]),
              b: Double(placed.samples[k + 2]))
            let b = source.backdrop(x: x, y: y, wallpaper: wp, code: code, blurred: g)
            var v = model.background(backdrop: b, wallpaper: wp, code: code)
            if rim.code(x: x, y: y) == 2 { v = RGB(r: 0.97, g: 0.97, b: 0.98) }
            out[k] = v.r
            out[k + 1] = v.g
            out[k + 2] = v.b
          }
        }
      }
      for item in element.content {
        let f = item.frame.offsetBy(dx: element.frame.x, dy: element.frame.y)
        let pixels = LayoutGeometry.pixelRange(of: f, scale: c.scale)
        for y in pixels.y {
          for x in pixels.x where (x + y) % 3 != 0 {
            for k in 0..<3 { out[3 * (y * width + x) + k] = 0.05 }
          }
        }
      }
    }
    var gen = Generator(state: seed)
    let samples = out.map { v -> Float in
      let level = (v * 255 + noise * gen.normal()).rounded()
      return Float(min(max(level, 0), 255) / 255)
    }
    return RGBImage(width: width, height: placed.height, samples: samples)
  }

  /// A capture of `truth` over `wallpaper`, ready to calibrate.
  static func capture(
    name: String, wallpaper: RGBImage, truth: Profile, target: CalibrationTarget, seed: UInt64,
    layout: Layout? = nil
  ) -> Capture {
    let layout = layout ?? Self.layout(material: target.material)
    return Capture(
      name: name, wallpaperFile: "\(name)/wallpaper.png", screenshotFile: "\(name)/screenshot.png",
      layoutFile: "\(name)/layout.yml", wallpaper: wallpaper,
      screenshot: screenshot(
        wallpaper: wallpaper, layout: layout, truth: truth, target: target, seed: seed),
      layout: layout)
  }
}
