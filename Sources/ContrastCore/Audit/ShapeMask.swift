/// Which pixels of a canvas lie inside an element's shape, and which of those
/// lie in its border band (SPEC §2.2, §3.2).
///
/// A pixel belongs to a shape when its centre `((i + 0.5) / scale,
/// (j + 0.5) / scale)` in points does: a rect is the half-open frame; a
/// rounded rect or capsule also excludes the points of each corner square
/// farther than the radius from the arc's centre; a circle is the closed disc
/// of diameter = short side, centred. The border band of width `b` is the
/// shape minus the shape inset by `b` on every side (corner radii shrink by
/// `b`, a circle's diameter by `2b`).
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
    for j in 0..<r.height {
      let py = (Double(r.y + j) + 0.5) / scale
      for i in 0..<r.width {
        let px = (Double(r.x + i) + 0.5) / scale
        guard ShapeMask.contains(shape, frame: frame, x: px, y: py, inset: 0) else { continue }
        let inBand =
          borderPt > 0
          && !(inner.width > 0 && inner.height > 0
            && ShapeMask.contains(shape, frame: inner, x: px, y: py, inset: borderPt))
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

  /// The pixels whose centres lie in the half-open frame `[x0, x1) x [y0, y1)`
  /// (in px = pt x scale), not clipped to any canvas: index i is in when
  /// `x0 <= i + 0.5 < x1`, i.e. `ceil(x0 - 0.5) <= i < ceil(x1 - 0.5)`.
  public static func pixelRect(of frame: RectInPoints, scale: Double) -> PixelRect {
    let x0 = Int((frame.x * scale - 0.5).rounded(.up))
    let x1 = Int((frame.maxX * scale - 0.5).rounded(.up))
    let y0 = Int((frame.y * scale - 0.5).rounded(.up))
    let y1 = Int((frame.maxY * scale - 0.5).rounded(.up))
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// Whether a point (pt) lies in `shape` drawn in `frame`. `inset` is how much
  /// the frame was inset from the element's own (corner radii shrink by it).
  public static func contains(
    _ shape: ElementShape, frame: RectInPoints, x: Double, y: Double, inset: Double
  ) -> Bool {
    let short = min(frame.width, frame.height)
    switch shape {
    case .circle:
      let cx = frame.x + frame.width / 2
      let cy = frame.y + frame.height / 2
      let dx = x - cx
      let dy = y - cy
      return dx * dx + dy * dy <= (short / 2) * (short / 2)
    case .rect, .roundedRect, .capsule:
      guard x >= frame.x, x < frame.maxX, y >= frame.y, y < frame.maxY else { return false }
      var radius: Double
      switch shape {
      case .roundedRect(let r): radius = max(0, r - inset)
      case .capsule: radius = short / 2
      default: radius = 0
      }
      radius = min(radius, short / 2)
      guard radius > 0 else { return true }
      let cx = x < frame.x + radius ? frame.x + radius : (x > frame.maxX - radius ? frame.maxX - radius : x)
      let cy = y < frame.y + radius ? frame.y + radius : (y > frame.maxY - radius ? frame.maxY - radius : y)
      let dx = x - cx
      let dy = y - cy
      return dx * dx + dy * dy <= radius * radius
    }
  }
}
