/// The background luminances of an item's entries, indexed so that the
/// remedy search can judge an opaque colour under the `min` statistic
/// without a pass over them.
///
/// With an opaque colour of luminance `fg`, a ratio falls as a background's
/// luminance nears `fg` from either side (monotone on each side, in floating
/// point too: `(fg + 0.05) / (b + 0.05)` below it, `(b + 0.05) / (fg + 0.05)`
/// at or above it, each rounding monotone), so the least ratio of all is
/// that of the greatest luminance below `fg` or of the least at or above it. The index keeps the least and greatest
/// luminance of each of ``buckets`` equal slices of [0, 1], and for each
/// slice the greatest luminance of the slices below it and the least of
/// those above: those two neighbours of `fg` are then read, not searched,
/// unless `fg`'s own slice holds luminances on both sides of it. Then the
/// slice's extremes can still show a failure (they are luminances of the
/// set); otherwise the index cannot tell and the caller scans.
struct LuminanceIndex: Sendable, Equatable {
  /// Slices of [0, 1]: a slice is 1/1024 wide, so that a colour inside a
  /// slice that holds luminances on both sides of it fails any threshold
  /// above about 1.02 at one of the slice's extremes.
  static let buckets = 1024

  /// Per slice, its least and greatest luminance (+inf and -inf when empty).
  private let least: [Double]
  private let greatest: [Double]
  /// Per slice, the greatest luminance of the slices below it (-inf when
  /// none) and the least of the slices above it (+inf when none).
  private let greatestBelow: [Double]
  private let leastAbove: [Double]
  /// False when a luminance is not finite: every question is then left to
  /// the scan.
  private let usable: Bool

  /// `fast`: the slices from the C loop (``FastEngine/luminanceSlices(_:least:greatest:)``),
  /// else from ``slicesReference(_:least:greatest:)``.
  init(_ luminances: [Double], fast: Bool = true) {
    let n = Self.buckets
    var least = [Double](repeating: .infinity, count: n)
    var greatest = [Double](repeating: -.infinity, count: n)
    let usable = luminances.withUnsafeBufferPointer { x in
      least.withUnsafeMutableBufferPointer { least in
        greatest.withUnsafeMutableBufferPointer { greatest in
          fast
            ? FastEngine.luminanceSlices(x, least: least, greatest: greatest)
            : Self.slicesReference(x, least: least, greatest: greatest)
        }
      }
    }
    var greatestBelow = [Double](repeating: -.infinity, count: n)
    var leastAbove = [Double](repeating: .infinity, count: n)
    for b in 1..<n { greatestBelow[b] = Swift.max(greatestBelow[b - 1], greatest[b - 1]) }
    for b in stride(from: n - 2, through: 0, by: -1) {
      leastAbove[b] = Swift.min(leastAbove[b + 1], least[b + 1])
    }
    self.least = least
    self.greatest = greatest
    self.greatestBelow = greatestBelow
    self.leastAbove = leastAbove
    self.usable = usable
  }

  /// Each luminance lowers its slice's least and raises its greatest when
  /// beyond them; false at a luminance that is not finite. The reference
  /// of ``FastEngine/luminanceSlices(_:least:greatest:)``.
  static func slicesReference(
    _ luminances: UnsafeBufferPointer<Double>, least: UnsafeMutableBufferPointer<Double>,
    greatest: UnsafeMutableBufferPointer<Double>
  ) -> Bool {
    for x in luminances {
      guard x.isFinite else { return false }
      let b = bucket(x, slices: least.count)
      least[b] = Swift.min(least[b], x)
      greatest[b] = Swift.max(greatest[b], x)
    }
    return true
  }

  /// The slice of the finite luminance `x`: monotone in `x`, so a
  /// luminance in a lower slice is below every luminance of a higher one.
  static func bucket(_ x: Double, slices: Int = buckets) -> Int {
    // (x * slices is exact for a power of two; out-of-range luminances
    // join the end slices.)
    let scaled = x * Double(slices)
    guard scaled >= 1 else { return 0 }
    guard scaled < Double(slices) else { return slices - 1 }
    return Int(scaled)
  }

  /// Whether no luminance gives a ratio below `threshold` with foreground
  /// luminance `fg` (as ``RemedySearch/worstFailing(foreground:backgrounds:threshold:limit:)``
  /// decides: none below), and, when it passes, the least ratio of all;
  /// nil when the index cannot tell.
  func judge(foreground fg: Double, threshold: Double) -> (passes: Bool, lowest: Double)? {
    guard usable, !fg.isNaN else { return nil }
    let b = Self.bucket(fg)
    var below = greatestBelow[b]
    var above = leastAbove[b]
    let lo = least[b]
    let hi = greatest[b]
    if lo <= hi {
      if hi < fg {
        below = hi
      } else if lo >= fg {
        above = lo
      } else {
        // Luminances on both sides of fg in its slice: the nearest are
        // unknown, but an extreme that fails is a failure.
        let worse = Swift.min(
          PixelKernel.ratio(foreground: fg, background: lo),
          PixelKernel.ratio(foreground: fg, background: hi))
        return worse < threshold ? (false, worse) : nil
      }
    }
    var lowest = Double.infinity
    if below > -.infinity { lowest = PixelKernel.ratio(foreground: fg, background: below) }
    if above < .infinity {
      lowest = Swift.min(lowest, PixelKernel.ratio(foreground: fg, background: above))
    }
    return (!(lowest < threshold), lowest)
  }
}
