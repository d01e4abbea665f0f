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
    let full = ShapeMask.pixelRect(of: frame, scale: scale)
    let r = full.intersection(PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight))
    rect = r
    var codes = [UInt8](repeating: 0, count: max(0, r.width * r.height))
    let borderPt = borderInPixels / scale
    let inner = RectInPoints(
      x: frame.x + borderPt, y: frame.y + borderPt, width: frame.width - 2 * borderPt,
      height: frame.height - 2 * borderPt)
    let innerShape: ElementShape
    switch shape {
    case .roundedRect:
      innerShape = .roundedRect(cornerRadius: shape.cornerRadius(in: frame) - borderPt)
    default: innerShape = shape
    }
    for j in 0..<r.height {
      let py = (Double(r.y + j) + 0.5) / scale
      for i in 0..<r.width {
        let px = (Double(r.x + i) + 0.5) / scale
        guard shape.contains(pointInPoints: px, y: py, frame: frame) else { continue }
        let inBand = borderPt > 0 && !innerShape.contains(pointInPoints: px, y: py, frame: inner)
        codes[j * r.width + i] = inBand ? 2 : 1
      }
    }
    self.codes = codes
  }

  /// The code (0 outside, 1 inside, 2 border) of canvas pixel `(x, y)`.
  @inlinable
  public func code(x: Int, y: Int) -> UInt8 {
    guard x >= rect.x, x < rect.maxX, y >= rect.y, y < rect.maxY else { return 0 }
    return codes[(y - rect.y) * rect.width + (x - rect.x)]
  }

  /// Which codes the pixels of `rect` hold, bit `1 << code` (as
  /// ``ItemSamples/pixelKinds``: a pixel off the mask's rectangle is
  /// outside); nil for an empty `rect`. The scan stops at the first row
  /// with a pixel outside the shape, with bit 1 alone (what the others hold
  /// then unread).
  public func kinds(in rect: PixelRect) -> UInt8? {
    guard !rect.isEmpty else { return nil }
    if rect.intersection(self.rect) != rect { return 1 }
    return codes.withUnsafeBufferPointer { codes in
      var seen: UInt8 = 0  // the OR of the codes seen, all 1 or 2
      for y in rect.y..<rect.maxY {
        let start = (y - self.rect.y) * self.rect.width + rect.x - self.rect.x
        var all: UInt8 = 0xFF
        for c in codes[start..<(start + rect.width)] {
          all &= c == 0 ? 0 : 0xFF
          seen |= c
        }
        if all == 0 { return 1 }
      }
      return (seen & 1 != 0 ? 2 : 0) | (seen & 2 != 0 ? 4 : 0)
    }
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
