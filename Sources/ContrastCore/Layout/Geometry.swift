/// Pixel coverage of frames given in points (SPEC §2.2).
///
/// A frame in points maps to pixels by `px = pt * scale`. A pixel `i` belongs
/// to a frame when its centre `i + 0.5` lies in the half-open interval
/// `[x0, x1)` (and likewise in y), so two frames that share an edge never share
/// a pixel, and a frame narrower than a pixel may hold none.
public enum LayoutGeometry {
  /// Values beyond this many pixels are clamped before conversion to `Int`, so
  /// an absurd frame cannot trap; no canvas comes near it.
  static let pixelLimit = 1e15

  /// The pixel columns and rows whose centres lie in the half-open frame
  /// `[x * scale, maxX * scale) x [y * scale, maxY * scale)`.
  ///
  /// Formula: with `x0 = x * scale` and `x1 = maxX * scale`, the columns are
  /// `ceil(x0 - 0.5) ..< ceil(x1 - 0.5)` (empty when the upper bound is not
  /// above the lower); rows likewise. The count per axis is therefore
  /// `max(0, ceil(x1 - 0.5) - ceil(x0 - 0.5))`.
  ///
  /// The result is not clipped to the canvas: indices may be negative or
  /// beyond the canvas size. A 10 x 10 pt frame at the origin at scale 3 gives
  /// `0..<30` on both axes; a frame from x 0.1 to 0.4 pt at scale 1 gives an
  /// empty x range (no centre 0.5 lies in `[0.1, 0.4)`).
  public static func pixelRange(of rect: RectInPoints, scale: Double) -> (
    x: Range<Int>, y: Range<Int>
  ) {
    (
      x: axisRange(from: rect.x * scale, to: rect.maxX * scale),
      y: axisRange(from: rect.y * scale, to: rect.maxY * scale)
    )
  }

  /// The number of pixel centres in the frame (columns times rows).
  public static func pixelCount(of rect: RectInPoints, scale: Double) -> Int {
    let r = pixelRange(of: rect, scale: scale)
    return r.x.count * r.y.count
  }

  /// Indices `i` with `lower <= i + 0.5 < upper`.
  static func axisRange(from lower: Double, to upper: Double) -> Range<Int> {
    let first = index(atOrAbove: lower - 0.5)
    let end = index(atOrAbove: upper - 0.5)
    return first..<max(first, end)
  }

  private static func index(atOrAbove value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -pixelLimit), pixelLimit).rounded(.up))
  }
}

extension ElementShape {
  /// The radius of the corner arcs in `frame`, pt: 0 for `rect`; the given
  /// radius clamped to `[0, short side / 2]` for `roundedRect`; half the short
  /// side for `capsule` and `circle`.
  public func cornerRadius(in frame: RectInPoints) -> Double {
    let half = max(0, min(frame.width, frame.height) / 2)
    switch self {
    case .rect: return 0
    case .roundedRect(let r): return min(max(r, 0), half)
    case .capsule, .circle: return half
    }
  }

  /// Whether a point (in points, canvas coordinates) lies inside this shape
  /// drawn in `frame`. Used with pixel centres: `x = (i + 0.5) / scale`.
  ///
  /// Every shape is first limited to the half-open frame `[x0, x1) x [y0, y1)`,
  /// so a shape never holds a pixel its frame does not hold. Then:
  /// - `rect`: the half-open frame itself.
  /// - `roundedRect`, `capsule`: in each corner square of side r (the radius
  ///   from `cornerRadius(in:)`), only the points within distance r of the
  ///   arc's centre; the arc itself is inside (inclusive).
  /// - `circle`: the points within distance `short side / 2` of the frame's
  ///   centre, outline inclusive (then limited to the half-open frame, which
  ///   only removes the right and bottom tangent points).
  ///
  /// A frame of zero or negative width or height contains no point.
  public func contains(pointInPoints x: Double, y: Double, frame: RectInPoints) -> Bool {
    guard frame.x <= x, x < frame.maxX, frame.y <= y, y < frame.maxY else { return false }
    switch self {
    case .rect:
      return true
    case .roundedRect, .capsule:
      return Self.insideCorners(x: x, y: y, frame: frame, radius: cornerRadius(in: frame))
    case .circle:
      let r = cornerRadius(in: frame)
      let dx = x - (frame.x + frame.width / 2)
      let dy = y - (frame.y + frame.height / 2)
      return dx * dx + dy * dy <= r * r
    }
  }

  /// Whether a point lies in the closed shape (outline included on every
  /// side), with `tolerance` pt of slack for rounding. Used by the lint, which
  /// asks whether an item's frame corners are inside its element.
  func containsClosed(
    pointInPoints x: Double, y: Double, frame: RectInPoints, tolerance: Double = 1e-9
  ) -> Bool {
    guard frame.x - tolerance <= x, x <= frame.maxX + tolerance,
      frame.y - tolerance <= y, y <= frame.maxY + tolerance
    else { return false }
    switch self {
    case .rect:
      return true
    case .roundedRect, .capsule:
      return Self.insideCorners(
        x: x, y: y, frame: frame, radius: cornerRadius(in: frame), tolerance: tolerance)
    case .circle:
      let r = cornerRadius(in: frame) + tolerance
      let dx = x - (frame.x + frame.width / 2)
      let dy = y - (frame.y + frame.height / 2)
      return dx * dx + dy * dy <= r * r
    }
  }

  /// Whether a point already inside the frame is outside none of the four
  /// corner regions cut off by arcs of radius `radius`.
  private static func insideCorners(
    x: Double, y: Double, frame: RectInPoints, radius r: Double, tolerance: Double = 0
  ) -> Bool {
    guard r > 0 else { return true }
    let cx: Double
    if x < frame.x + r {
      cx = frame.x + r
    } else if x > frame.maxX - r {
      cx = frame.maxX - r
    } else {
      return true
    }
    let cy: Double
    if y < frame.y + r {
      cy = frame.y + r
    } else if y > frame.maxY - r {
      cy = frame.maxY - r
    } else {
      return true
    }
    let dx = x - cx
    let dy = y - cy
    let limit = r + tolerance
    return dx * dx + dy * dy <= limit * limit
  }
}
