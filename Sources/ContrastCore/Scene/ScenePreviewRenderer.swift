import Foundation

/// Draws the pictures of one scene for the HTML report (SPEC §4): the modelled
/// materials over the placed wallpaper, and a heatmap of where contrast falls
/// below each item's threshold.
///
/// The preview is the placed wallpaper W with, inside every element's shape
/// (in layout order, later elements on top), the modelled background exactly
/// as `SceneEvaluator` measures it: `rendering.background(backdrop:)` over
/// the mixture B = (1 - m) W + m M (or the Reduce Transparency mean), and
/// `borderBackground` in the border band. Text is not painted (there are no
/// glyphs); each item's box is returned instead, for the report to overlay.
///
/// The preview is downscaled to at most `maxWidth` pixels wide
/// (``previewWidth``; never upscaled) by exact area averaging
/// (`Placement.aspectFill` onto a canvas of the same aspect ratio). The
/// heatmap, at the same size, is that preview's Rec. 709 luma at 35 %, with
/// faint green in proportion to the share of each
/// pixel's area covered by passing measured pixels (passing items, and the
/// passing pixels of failing ones), and red wherever a measured pixel is below
/// its item's threshold: each output pixel takes the worst canvas pixel it
/// overlaps (not the average), so thin failing text stays visible. Red
/// strength grows with `log(threshold / ratio) / log(threshold)`: 0 just
/// below the threshold, 1 at a ratio of 1. Only the items' pixels are
/// visited for the heatmap. Same snapshot, same bytes.
/// A scene's preview and heatmap as 8-bit RGB pixels, before PNG encoding.
public struct DrawnScene: Sendable {
  public var key: SceneKey
  public var width: Int
  public var height: Int
  public var preview: [UInt8]
  public var heatmap: [UInt8]
  public var boxes: [PreviewBox]

  /// The PNG-encoded preview, each picture a palette PNG of at most 256
  /// colours (``PreviewPalette``); nil if encoding fails.
  public func encoded() -> ScenePreview? {
    func png(_ rgb: [UInt8]) -> [UInt8]? {
      let (indices, palette) = PreviewPalette.reduce(rgb)
      return try? PNGEncoder.encodeIndexed8(
        width: width, height: height, indices: indices, palette: palette)
    }
    guard let p = png(preview), let h = png(heatmap) else { return nil }
    return ScenePreview(
      key: key, width: width, height: height, preview: p, heatmap: h, boxes: boxes)
  }
}

public enum ScenePreviewRenderer {
  /// The width the audit draws its pictures at, pixels: the page shows them
  /// 360 px wide, and at this size when one is opened.
  public static let previewWidth = 480

  /// The preview and heatmap of `snapshot`, or nil when the canvas is empty
  /// or the PNG cannot be encoded.
  public static func render(
    _ snapshot: SceneSnapshot, maxWidth: Int = previewWidth
  ) -> ScenePreview? {
    draw(snapshot, maxWidth: maxWidth)?.encoded()
  }

  /// The preview and heatmap of `snapshot` as 8-bit pixels, not yet PNG: the
  /// audit keeps only the worst scenes' pictures and encodes just those.
  public static func draw(_ snapshot: SceneSnapshot, maxWidth: Int = previewWidth) -> DrawnScene? {
    let full = snapshot.canvas.image
    guard full.width > 0, full.height > 0, maxWidth > 0 else { return nil }
    let map = Downscale(sourceWidth: full.width, sourceHeight: full.height, maxWidth: maxWidth)
    let canvas = snapshot.canvas
    let base = canvas.downscaled(width: map.width, height: map.height)
    // Composed in the canvas's scratch copy; only the canvas rows that read
    // an element's rows are resampled again.
    let preview = canvas.withScratchImage { composed in
      let changed = compose(snapshot, into: &composed)
      let p = Placement.aspectFill(
        composed, canvasWidth: map.width, canvasHeight: map.height, reusing: base,
        changedRows: changed.map { $0.y..<$0.maxY })
      return (p, changed)
    }
    let measured = failures(snapshot, map: map)
    let heat = heatmapBytes(preview, severity: measured.severity, passShare: measured.passShare)

    let boxes = snapshot.measurements.map { m in
      PreviewBox(
        element: m.result.element, item: m.result.item, verdict: m.result.verdictBeforeReview,
        rect: map.rect(of: m.pixelRect), text: words(of: m.result, in: snapshot.layout),
        setting: m.result.textSetting)
    }
    return DrawnScene(
      key: snapshot.key, width: map.width, height: map.height,
      preview: PNGEncoder.rgb8(preview), heatmap: heat, boxes: boxes)
  }

  /// The words a text item shows: its `text:` when the layout gives it, else
  /// its id; nil for icons and decorations.
  static func words(of r: CheckResult, in layout: Layout) -> String? {
    guard r.kind == .text else { return nil }
    let item = layout.elements.first { $0.id == r.element }?.content.first { $0.id == r.item }
    return item?.text ?? r.item
  }

  /// Which scenes to draw (issue 15): at most `limit`, allotted per layout
  /// so that every layout with a failing scene gets its worst one before any
  /// layout gets a second: round 1 takes each layout's worst scene, round 2
  /// each layout's second worst, and so on, layouts in order of their worst
  /// scene (severity = judged ratio / threshold, lower is worse; then scene
  /// order). Among equally bad scenes (the same severity in thousandths,
  /// ``tier(_:)``) those `preferred` come first: the audit prefers a
  /// photograph to a synthetic wallpaper, which tells a designer more.
  /// Deterministic.
  public static func allot(
    _ severities: [(severity: Double, key: SceneKey)], limit: Int,
    preferred: (SceneKey) -> Bool = { _ in false }
  ) -> [SceneKey] {
    let sorted = severities.map { (tier(of: $0.severity), preferred($0.key), $0) }.sorted {
      if $0.0 != $1.0 { return $0.0 < $1.0 }
      if $0.1 != $1.1 { return $0.1 }
      let (a, b) = ($0.2, $1.2)
      return a.severity != b.severity ? a.severity < b.severity : a.key < b.key
    }.map(\.2)
    var order: [String] = []
    var bySection: [String: [SceneKey]] = [:]
    for s in sorted {
      if bySection[s.key.section] == nil { order.append(s.key.section) }
      bySection[s.key.section, default: []].append(s.key)
    }
    var out: [SceneKey] = []
    var round = 0
    while out.count < limit {
      var any = false
      for id in order {
        let keys = bySection[id]!
        guard round < keys.count else { continue }
        any = true
        out.append(keys[round])
        if out.count == limit { break }
      }
      if !any { break }
      round += 1
    }
    return out
  }

  /// A severity in whole thousandths, rounded down (`Int.max` past any
  /// ratio: a scene with no failing check): scenes of one tier are equally
  /// bad to a reader, their worst ratios within 0.005 of a 4.5 threshold.
  static func tier(of severity: Double) -> Int {
    guard severity.isFinite, severity < 1e9 else { return .max }
    return Int((severity * 1000).rounded(.down))
  }

  /// Whether a wallpaper of this `matrix.yml` category is a photograph
  /// rather than a synthetic one (solid, gradient, pattern, noise, vivid);
  /// a wallpaper with no category is taken as a photograph.
  public static func isPhoto(category: String?) -> Bool {
    category == nil || category == "photo"
  }

  /// The placed wallpaper with every element's modelled background inside its
  /// shape, full canvas size.
  static func compose(_ snapshot: SceneSnapshot, vectorUnit: Bool = true) -> RGBImage {
    var out = snapshot.canvas.image
    _ = compose(snapshot, into: &out, vectorUnit: vectorUnit)
    return out
  }

  /// Writes the modelled backgrounds into `out`, a copy of the placed
  /// wallpaper, and returns the rectangles it may have changed.
  ///
  /// `vectorUnit: false` keeps to the readable reference (what runs without
  /// the vector loops).
  static func compose(
    _ snapshot: SceneSnapshot, into out: inout RGBImage, vectorUnit: Bool = true
  ) -> [PixelRect] {
    let canvas = snapshot.canvas
    let wallpaper = canvas.image
    var changed: [PixelRect] = []
    for (element, rendering) in snapshot.renderedElements {
      if case .wallpaper = rendering.surface, rendering.borderWidthInPixels == 0 { continue }
      let source = canvas.backdrop(of: element, rendering: rendering)
      let r = source.mask.rect
      guard !r.isEmpty else { continue }
      changed.append(r)
      // The same operations as `SceneEvaluator.collect` then
      // `BackgroundEvaluator.background`: on the vector unit
      // (``FastEngine/compose(_:wallpaper:mask:blurred:mix:into:)``), else
      // the reference pixel by pixel.
      let kernel = PixelKernel(rendering: rendering, color: RGBA(.black))
      let reference = BackgroundEvaluator(rendering)
      let width = wallpaper.width
      let mean = source.usesBackdrop ? source.mean : nil
      let blurred = source.usesBackdrop && mean == nil ? source.blurred : nil
      let g = blurred?.samples ?? []
      // Under Reduce Transparency, or behind an opaque fill or tint, the
      // background does not depend on the pixel: one per mask code.
      let constant: (inside: RGB, band: RGB)? =
        (mean ?? (kernel.constantInside == nil ? nil : .black))
        .map {
          (
            reference.background(backdrop: $0, wallpaper: $0, code: 1),
            reference.background(backdrop: $0, wallpaper: $0, code: 2)
          )
        }
      if constant == nil && vectorUnit
        && FastEngine.compose(
          kernel, wallpaper: wallpaper, mask: source.mask, blurred: blurred, mix: source.mix,
          into: &out)
      {
        continue
      }
      wallpaper.samples.withUnsafeBufferPointer { w in
        g.withUnsafeBufferPointer { g in
          source.mask.codes.withUnsafeBufferPointer { codes in
            out.samples.withUnsafeMutableBufferPointer { o in
              for y in r.y..<r.maxY {
                for x in r.x..<r.maxX {
                  let code = codes[(y - r.y) * r.width + (x - r.x)]
                  guard code != 0 else { continue }
                  let k = 3 * (y * width + x)
                  let c: RGB
                  if let constant {
                    c = code == 1 ? constant.inside : constant.band
                  } else {
                    let wp = RGB(r: Double(w[k]), g: Double(w[k + 1]), b: Double(w[k + 2]))
                    let b = source.backdrop(x: x, y: y, wallpaper: wp, code: code, blurred: g)
                    c = reference.background(backdrop: b, wallpaper: wp, code: code)
                  }
                  o[k] = Float(c.r)
                  o[k + 1] = Float(c.g)
                  o[k + 2] = Float(c.b)
                }
              }
            }
          }
        }
      }
    }
    return changed
  }

  /// Per output pixel: the worst failure severity in [0, 1] of the canvas
  /// pixels it overlaps (-1 where none fails), and the share of its area
  /// covered by measured pixels that pass (by pixel centre). Only the items'
  /// pixels are visited.
  static func failures(_ snapshot: SceneSnapshot, map: Downscale) -> (
    severity: [Float], passShare: [Float]
  ) {
    let count = map.width * map.height
    var worst = [Float](repeating: -1, count: count)
    var passes = [Int](repeating: 0, count: count)
    // Written through buffers (no copy of the arrays in the loops).
    worst.withUnsafeMutableBufferPointer { worst in
      passes.withUnsafeMutableBufferPointer { passes in
        for m in snapshot.measurements {
          let rect = m.pixelRect
          guard !rect.isEmpty else { continue }
          let threshold = m.result.threshold
          // Where each column and row of the rectangle lands: the output
          // pixel holding its centre, and the output pixels it overlaps
          // (each depends on x or on y alone).
          let centreColumns = (rect.x..<rect.maxX).map { map.centre(x: $0, y: 0).0 }
          let centreRows = (rect.y..<rect.maxY).map { map.centre(x: 0, y: $0).1 }
          if let samples = m.samples {
            // The ratios the audit measured, when it kept them; one entry
            // stands for a run of pixels, row-major.
            let ratios =
              m.entryRatios
              ?? samples.entryRatios(rendering: m.rendering, color: m.color, ink: m.ink)
            let coverColumns = (rect.x..<rect.maxX).map { map.outputColumns(of: $0) }
            let coverRows = (rect.y..<rect.maxY).map { map.outputRows(of: $0) }
            var x = 0
            var y = 0
            for (k, ratio) in ratios.enumerated() {
              let passing = WCAG.passes(ratio, threshold: threshold)
              let v = passing ? 0 : Float(severity(ratio: ratio, threshold: threshold))
              for _ in 0..<samples.count(at: k) {
                if passing {
                  passes[centreRows[y] * map.width + centreColumns[x]] += 1
                } else {
                  for j in coverRows[y] {
                    for i in coverColumns[x] where worst[j * map.width + i] < v {
                      worst[j * map.width + i] = v
                    }
                  }
                }
                x += 1
                if x == rect.width {
                  x = 0
                  y += 1
                }
              }
            }
          } else if m.result.verdictBeforeReview == .pass {
            for j in centreRows {
              for i in centreColumns { passes[j * map.width + i] += 1 }
            }
          }
        }
      }
    }
    // Canvas pixels per output pixel: 1 / s^2.
    let area = map.scale * map.scale
    let share = passes.map { Float(min(1, Double($0) * area)) }
    return (worst, share)
  }

  /// How far below `threshold` a ratio is: `log(threshold / ratio) /
  /// log(threshold)` clamped to [0, 1] (0 at the threshold, 1 at 1:1).
  static func severity(ratio: Double, threshold: Double) -> Double {
    guard threshold > 1, ratio > 0 else { return 1 }
    return min(max(log(threshold / ratio) / log(threshold), 0), 1)
  }

  static let greyLevel: Float = 0.35
  static let passColor: (Float, Float, Float) = (0.25, 0.85, 0.45)
  static let passAlpha: Float = 0.35
  static let failColor: (Float, Float, Float) = (1, 0.12, 0.1)

  /// ``heatmap(_:severity:passShare:)``'s 8-bit bytes
  /// (`PNGEncoder.rgb8` of it), made in one pass: the same operations per
  /// pixel, each sample turned into its byte as it is made, so no float
  /// image is copied or written.
  static func heatmapBytes(_ preview: RGBImage, severity: [Float], passShare: [Float]) -> [UInt8] {
    let count = preview.pixelCount
    precondition(severity.count >= count && passShare.count >= count)
    return preview.samples.withUnsafeBufferPointer { samples in
      severity.withUnsafeBufferPointer { severity in
        passShare.withUnsafeBufferPointer { passShare in
          [UInt8](unsafeUninitializedCapacity: 3 * count) { out, initialized in
            for p in 0..<count {
              let k = 3 * p
              let y =
                greyLevel
                * (0.2126 * samples[k] + 0.7152 * samples[k + 1] + 0.0722 * samples[k + 2])
              var c = (y, y, y)
              let g = passAlpha * passShare[p]
              c.0 += g * (passColor.0 - c.0)
              c.1 += g * (passColor.1 - c.1)
              c.2 += g * (passColor.2 - c.2)
              if severity[p] >= 0 {
                let a = 0.45 + 0.55 * severity[p]
                c.0 += a * (failColor.0 - c.0)
                c.1 += a * (failColor.1 - c.1)
                c.2 += a * (failColor.2 - c.2)
              }
              out[k] = PNGEncoder.fastByte(from: c.0)
              out[k + 1] = PNGEncoder.fastByte(from: c.1)
              out[k + 2] = PNGEncoder.fastByte(from: c.2)
            }
            initialized = 3 * count
          }
        }
      }
    }
  }

  /// The heatmap from the downscaled preview: its Rec. 709 luma at 35 %,
  /// green at alpha 0.35 x the passing share, then red at alpha
  /// 0.45 + 0.55 severity where a pixel fails. The readable reference of
  /// ``heatmapBytes(_:severity:passShare:)``, which `draw` calls.
  static func heatmap(_ preview: RGBImage, severity: [Float], passShare: [Float]) -> RGBImage {
    var out = preview
    for p in 0..<preview.pixelCount {
      let k = 3 * p
      let y =
        greyLevel
        * (0.2126 * preview.samples[k] + 0.7152 * preview.samples[k + 1] + 0.0722
          * preview.samples[k + 2])
      var c = (y, y, y)
      let g = passAlpha * passShare[p]
      c.0 += g * (passColor.0 - c.0)
      c.1 += g * (passColor.1 - c.1)
      c.2 += g * (passColor.2 - c.2)
      if severity[p] >= 0 {
        let a = 0.45 + 0.55 * severity[p]
        c.0 += a * (failColor.0 - c.0)
        c.1 += a * (failColor.1 - c.1)
        c.2 += a * (failColor.2 - c.2)
      }
      out.samples[k] = c.0
      out.samples[k + 1] = c.1
      out.samples[k + 2] = c.2
    }
    return out
  }

  /// The mapping `Placement.aspectFill` uses from a canvas to its preview:
  /// scale `s = max(w / W, h / H)`, offsets `ox = (W - w / s) / 2`,
  /// `oy = (H - h / s) / 2`; output pixel `i` covers `[ox + i / s, ox + (i + 1) / s)`.
  struct Downscale {
    let sourceWidth: Int
    let sourceHeight: Int
    /// Output size: `min(maxWidth, W)` wide, the height in proportion (at least 1).
    let width: Int
    let height: Int
    let scale: Double
    let offsetX: Double
    let offsetY: Double

    init(sourceWidth: Int, sourceHeight: Int, maxWidth: Int) {
      self.sourceWidth = sourceWidth
      self.sourceHeight = sourceHeight
      let w = min(maxWidth, sourceWidth)
      let h = max(1, Int((Double(sourceHeight) * Double(w) / Double(sourceWidth)).rounded()))
      width = w
      height = h
      let widthGoverns = w * sourceHeight >= h * sourceWidth
      scale =
        widthGoverns ? Double(w) / Double(sourceWidth) : Double(h) / Double(sourceHeight)
      offsetX = (Double(sourceWidth) - Double(w) / scale) / 2
      offsetY = (Double(sourceHeight) - Double(h) / scale) / 2
    }

    /// The output columns / rows a canvas column / row overlaps (with
    /// positive area; empty when it lies in the crop).
    func outputColumns(of x: Int) -> Range<Int> {
      Self.cover(x, offset: offsetX, scale: scale, count: width)
    }
    func outputRows(of y: Int) -> Range<Int> {
      Self.cover(y, offset: offsetY, scale: scale, count: height)
    }

    /// The output pixel holding the centre of canvas pixel `(x, y)`, clamped.
    func centre(x: Int, y: Int) -> (Int, Int) {
      let i = Int(((Double(x) + 0.5 - offsetX) * scale).rounded(.down))
      let j = Int(((Double(y) + 0.5 - offsetY) * scale).rounded(.down))
      return (min(max(i, 0), width - 1), min(max(j, 0), height - 1))
    }

    private static func cover(_ x: Int, offset: Double, scale: Double, count: Int) -> Range<Int> {
      let lo = Int(((Double(x) - offset) * scale + 1e-9).rounded(.down))
      let hi = Int(((Double(x + 1) - offset) * scale - 1e-9).rounded(.up))
      let a = max(lo, 0)
      let b = min(hi, count)
      return a < b ? a..<b : a..<a
    }

    /// A canvas pixel rectangle in output pixels, rounded outwards and
    /// clipped to the output.
    func rect(of r: PixelRect) -> PixelRect {
      let x0 = Int(((Double(r.x) - offsetX) * scale + 1e-9).rounded(.down))
      let y0 = Int(((Double(r.y) - offsetY) * scale + 1e-9).rounded(.down))
      let x1 = Int(((Double(r.maxX) - offsetX) * scale - 1e-9).rounded(.up))
      let y1 = Int(((Double(r.maxY) - offsetY) * scale - 1e-9).rounded(.up))
      return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }
  }
}
