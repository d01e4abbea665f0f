/// Which pixels of a canvas lie inside an element's shape, and which of those
/// lie in its border band (SPEC §2.2, §3.2).
///
/// A pixel belongs to a shape when its centre `((i + 0.5) / scale,
/// (j + 0.5) / scale)` in points does (`ElementShape.contains`). The border
/// band of width `b` is the shape minus the shape inset by `b` on every side:
/// corner radii shrink by `b`, a capsule stays a capsule of the inner frame,
/// a circle's diameter shrinks by `2b`.
public struct ShapeMask: Sendable {
  /// The pixels the mask covers: the frame's pixel range clipped to the canvas.
  public let rect: PixelRect
  /// Per pixel of `rect`, row-major: 0 outside, 1 inside, 2 inside and in the border band.
  public let codes: [UInt8]

  public init(
    frame: RectInPoints, shape: ElementShape, borderInPixels: Double, scale: Double,
    canvasWidth: Int, canvasHeight: Int
  ) {
    let geometry = Geometry(
      frame: frame, shape: shape, borderInPixels: borderInPixels, scale: scale,
      canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    rect = geometry.rect
    codes = geometry.codesByRowIntervals()
  }

  /// The pixels' codes, each pixel's centre tested (the reference the row
  /// intervals must reproduce, `ShapeMaskTests`).
  static func codesPixelByPixel(
    frame: RectInPoints, shape: ElementShape, borderInPixels: Double, scale: Double,
    canvasWidth: Int, canvasHeight: Int
  ) -> (rect: PixelRect, codes: [UInt8]) {
    let g = Geometry(
      frame: frame, shape: shape, borderInPixels: borderInPixels, scale: scale,
      canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    var codes = [UInt8](repeating: 0, count: g.rect.width * g.rect.height)
    for j in 0..<g.rect.height {
      for i in 0..<g.rect.width {
        codes[j * g.rect.width + i] = g.code(i, j)
      }
    }
    return (g.rect, codes)
  }

  /// The shape and its inset, in the mask's pixels.
  private struct Geometry {
    let frame: RectInPoints
    let shape: ElementShape
    let inner: RectInPoints
    let innerShape: ElementShape
    let banded: Bool
    let scale: Double
    let rect: PixelRect

    init(
      frame: RectInPoints, shape: ElementShape, borderInPixels: Double, scale: Double,
      canvasWidth: Int, canvasHeight: Int
    ) {
      let full = ShapeMask.pixelRect(of: frame, scale: scale)
      let r = full.intersection(PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight))
      rect = r
      let borderPt = borderInPixels / scale
      inner = RectInPoints(
        x: frame.x + borderPt, y: frame.y + borderPt, width: frame.width - 2 * borderPt,
        height: frame.height - 2 * borderPt)
      switch shape {
      case .roundedRect:
        innerShape = .roundedRect(cornerRadius: shape.cornerRadius(in: frame) - borderPt)
      default: innerShape = shape
      }
      banded = borderPt > 0
      self.frame = frame
      self.shape = shape
      self.scale = scale
    }

    func inShape(_ i: Int, _ py: Double) -> Bool {
      shape.contains(pointInPoints: (Double(rect.x + i) + 0.5) / scale, y: py, frame: frame)
    }

    func inInner(_ i: Int, _ py: Double) -> Bool {
      innerShape.contains(pointInPoints: (Double(rect.x + i) + 0.5) / scale, y: py, frame: inner)
    }

    /// The code of the mask's pixel (i, j): 0 outside, 2 in the band, 1 inside.
    func code(_ i: Int, _ j: Int) -> UInt8 {
      let py = (Double(rect.y + j) + 0.5) / scale
      guard inShape(i, py) else { return 0 }
      return banded && !inInner(i, py) ? 2 : 1
    }

    /// The same codes, a row at a time. Every shape is convex and its test
    /// (`ElementShape.contains`: the half-open frame, then a distance to a
    /// corner's or the circle's centre, each operation rounding
    /// monotonically) grows no smaller towards the row's inside, so the
    /// pixels of a row inside a shape are one run: found from each end,
    /// testing only the pixels outside it, the run between filled. The inset
    /// shape's run within it is found the same way.
    func codesByRowIntervals() -> [UInt8] {
      let w = rect.width
      var codes = [UInt8](repeating: 0, count: w * rect.height)
      codes.withUnsafeMutableBufferPointer { out in
        for j in 0..<rect.height {
          let py = (Double(rect.y + j) + 0.5) / scale
          var a = 0
          while a < w, !inShape(a, py) { a += 1 }
          guard a < w else { continue }
          var b = w - 1
          while b > a, !inShape(b, py) { b -= 1 }
          let row = j * w
          guard banded else {
            for i in a...b { out[row + i] = 1 }
            continue
          }
          var c = a
          while c <= b, !inInner(c, py) { c += 1 }
          for i in a...b { out[row + i] = 2 }
          guard c <= b else { continue }
          var d = b
          while d > c, !inInner(d, py) { d -= 1 }
          for i in c...d { out[row + i] = 1 }
        }
      }
      return codes
    }
  }

  /// The code (0 outside, 1 inside, 2 border) of canvas pixel `(x, y)`.
  @inlinable
  public func code(x: Int, y: Int) -> UInt8 {
    guard x >= rect.x, x < rect.maxX, y >= rect.y, y < rect.maxY else { return 0 }
    return codes[(y - rect.y) * rect.width + (x - rect.x)]
  }

  /// Which codes the pixels of `rect` hold, bit `1 << code` (as
  /// ``ItemSamples/pixelKinds``: a pixel off the mask's rectangle is
  /// outside); nil for an empty `rect`. When a pixel lies outside the
  /// shape, bit 1 alone (what the others hold then unread): read off
  /// ``insideCounts(in:)``, whose scan stops there.
  public func kinds(in rect: PixelRect) -> UInt8? {
    guard !rect.isEmpty else { return nil }
    return Self.kinds(insideCounts(in: rect))
  }

  /// ``kinds(in:)`` of a non-empty rectangle from its ``insideCounts(in:)``.
  static func kinds(_ counts: (inside: Int, band: Int)?) -> UInt8 {
    guard let counts else { return 1 }
    return (counts.inside > 0 ? 2 : 0) | (counts.band > 0 ? 4 : 0)
  }

  /// How many pixels of `rect` lie inside the shape off the border (code
  /// 1) and in the border band (code 2); nil when `rect` is empty or any of
  /// its pixels lies outside the shape.
  public func insideCounts(in rect: PixelRect) -> (inside: Int, band: Int)? {
    guard !rect.isEmpty, rect.intersection(self.rect) == rect else { return nil }
    return codes.withUnsafeBufferPointer { codes -> (inside: Int, band: Int)? in
      var inside = 0
      var band = 0
      for y in rect.y..<rect.maxY {
        let start = (y - self.rect.y) * self.rect.width + rect.x - self.rect.x
        for c in codes[start..<(start + rect.width)] {
          if c == 0 { return nil }
          if c == 1 { inside += 1 } else { band += 1 }
        }
      }
      return (inside, band)
    }
  }

  /// The pixels whose centres lie in the half-open frame (not clipped).
  public static func pixelRect(of frame: RectInPoints, scale: Double) -> PixelRect {
    let range = LayoutGeometry.pixelRange(of: frame, scale: scale)
    return PixelRect(
      x: range.x.lowerBound, y: range.y.lowerBound, width: range.x.count,
      height: range.y.count)
  }
}
