/// An image of gamma-encoded sRGB colours stored as 32-bit floats.
///
/// Pixels are interleaved `R, G, B` in row-major order, origin top-left,
/// so the red value of pixel `(x, y)` is `samples[3 * (y * width + x)]`.
/// Values are nominally in `[0, 1]`; nothing here clamps or rounds them.
public struct RGBImage: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Interleaved `R, G, B` samples, `3 * width * height` of them.
  public var samples: [Float] {
    didSet { samplesAreDecoded = false }
  }
  /// Set by the PNG decoders, whose samples are `v / 255` or `v a / 65025`
  /// (finite, not negative, `+0` for 0), and cleared by any change to
  /// ``samples``: ``Placement`` then takes them as they are without
  /// scanning them for a `-0`, an infinity or a NaN.
  var samplesAreDecoded = false
  /// The share of a ``MemoryBudget`` these pixels hold, when they were
  /// decoded under one; given back when the last copy of the image goes.
  var lease: MemoryBudget.Lease?

  /// Creates an image from interleaved samples.
  ///
  /// - Precondition: `samples.count == 3 * width * height`.
  public init(width: Int, height: Int, samples: [Float]) {
    precondition(width >= 0 && height >= 0, "negative image size")
    precondition(samples.count == 3 * width * height, "sample count does not match size")
    self.width = width
    self.height = height
    self.samples = samples
  }

  /// Creates an image filled with one colour.
  public init(width: Int, height: Int, filledWith color: (Float, Float, Float)) {
    var samples = [Float](repeating: 0, count: 3 * width * height)
    var i = 0
    while i < samples.count {
      samples[i] = color.0
      samples[i + 1] = color.1
      samples[i + 2] = color.2
      i += 3
    }
    self.init(width: width, height: height, samples: samples)
  }

  /// Number of pixels.
  public var pixelCount: Int { width * height }

  /// Same size and samples (a budget's lease aside).
  public static func == (a: RGBImage, b: RGBImage) -> Bool {
    a.width == b.width && a.height == b.height && a.samples == b.samples
  }

  /// The colour at pixel `(x, y)`.
  public subscript(x: Int, y: Int) -> (Float, Float, Float) {
    let i = 3 * (y * width + x)
    return (samples[i], samples[i + 1], samples[i + 2])
  }
}

/// A rectangle of whole pixels: `[x, x + width) x [y, y + height)`.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The part of this rectangle inside `other` (empty when they do not meet).
  public func intersection(_ other: PixelRect) -> PixelRect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// The smallest rectangle holding both (for rectangles that are not empty).
  public func union(_ other: PixelRect) -> PixelRect {
    let x0 = min(x, other.x)
    let y0 = min(y, other.y)
    return PixelRect(
      x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
