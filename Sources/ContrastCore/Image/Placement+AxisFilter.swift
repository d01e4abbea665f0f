extension Placement {
  /// Resampling taps along one axis of a placement.
  ///
  /// Canvas index `i` reads the contiguous wallpaper indices
  /// `firstIndices[i] ..< firstIndices[i] + (tapStarts[i + 1] - tapStarts[i])`
  /// with weights `weights[tapStarts[i] ..< tapStarts[i + 1]]`, and the
  /// weighted sum is divided by `divisor`. Weights are non-negative whole
  /// numbers (exact in `Double`) summing to `divisor` for every canvas
  /// index; no tap has weight zero.
  struct AxisFilter: Sendable {
    /// Wallpaper index of the first tap of each canvas index.
    var firstIndices: [Int] = []
    /// Where each canvas index's weights start in `weights`; one entry more
    /// than there are canvas indices.
    var tapStarts: [Int] = [0]
    /// Tap weights, in units of `1 / divisor`.
    var weights: [Double] = []
    /// The sum of the weights of every canvas index.
    var divisor: Double

    /// Number of canvas indices.
    var count: Int { firstIndices.count }

    /// The smallest wallpaper index any tap reads.
    var lowestIndex: Int { firstIndices.min() ?? 0 }

    /// The largest wallpaper index any tap reads.
    var highestIndex: Int {
      var highest = 0
      for i in 0..<count {
        highest = max(highest, firstIndices[i] + tapStarts[i + 1] - tapStarts[i] - 1)
      }
      return highest
    }

    init(divisor: Double) {
      self.divisor = divisor
    }

    /// Adds the taps of the next canvas index.
    mutating func append(firstIndex: Int, weights newWeights: some Sequence<Double>) {
      firstIndices.append(firstIndex)
      weights.append(contentsOf: newWeights)
      tapStarts.append(weights.count)
    }

    /// Exact area average (box filter) for `s = N / D <= 1`.
    ///
    /// Lengths are counted in units of `1 / (2N)` wallpaper pixels, so that
    /// the crop offset `ox = (W - C D / N) / 2` is `N W - C D` units and canvas
    /// pixel `i` covers `[ox + 2 i D, ox + 2 (i + 1) D)` units: every bound is
    /// an integer. Wallpaper pixel `j` covers `[2N j, 2N (j + 1))` units and
    /// weighs its overlap with that interval; the weights sum to `2D`.
    static func areaAverage(wallpaperCount: Int, canvasCount: Int, scale: ScaleRatio) -> Self {
      let n = scale.canvasSide
      let d = scale.wallpaperSide
      let pixel = 2 * n
      let crop = n * wallpaperCount - canvasCount * d
      assert(n <= d && crop >= 0, "area average needs s <= 1 and a non-negative crop")
      var filter = Self(divisor: Double(2 * d))
      filter.firstIndices.reserveCapacity(canvasCount)
      filter.tapStarts.reserveCapacity(canvasCount + 1)
      filter.weights.reserveCapacity(canvasCount * (d / n + 2))
      for i in 0..<canvasCount {
        let low = crop + 2 * i * d
        let high = low + 2 * d
        let first = low / pixel
        let last = (high - 1) / pixel
        assert(first >= 0 && last < wallpaperCount, "area outside the wallpaper")
        filter.append(
          firstIndex: first,
          weights: (first...last).lazy.map { j in
            Double(min(high, pixel * (j + 1)) - max(low, pixel * j))
          }
        )
      }
      return filter
    }

    /// Bilinear interpolation at canvas pixel centres for `s = N / D > 1`.
    ///
    /// In units of `1 / (2N)` wallpaper pixels the sample position
    /// `u = (i + 0.5) / s - 0.5 + ox` is the integer `(2i + 1) D - N + N W - C D`,
    /// so its whole part `j` and its fraction `r / 2N` are exact; the taps are
    /// `j` with weight `2N - r` and `j + 1` with weight `r`, indices clamped
    /// to `[0, W - 1]` (taps landing on the same pixel merge). Weights sum
    /// to `2N`.
    static func bilinear(wallpaperCount: Int, canvasCount: Int, scale: ScaleRatio) -> Self {
      let n = scale.canvasSide
      let d = scale.wallpaperSide
      let pixel = 2 * n
      let crop = n * wallpaperCount - canvasCount * d
      assert(n > d && crop >= 0, "bilinear needs s > 1 and a non-negative crop")
      var filter = Self(divisor: Double(pixel))
      filter.firstIndices.reserveCapacity(canvasCount)
      filter.tapStarts.reserveCapacity(canvasCount + 1)
      filter.weights.reserveCapacity(2 * canvasCount)
      let lastIndex = wallpaperCount - 1
      for i in 0..<canvasCount {
        let position = (2 * i + 1) * d - n + crop
        let whole = position >= 0 ? position / pixel : -((pixel - 1 - position) / pixel)
        let fraction = position - whole * pixel
        let left = min(max(whole, 0), lastIndex)
        let right = min(max(whole + 1, 0), lastIndex)
        if fraction == 0 || left == right {
          filter.append(firstIndex: left, weights: CollectionOfOne(Double(pixel)))
        } else {
          filter.append(firstIndex: left, weights: [Double(pixel - fraction), Double(fraction)])
        }
      }
      return filter
    }
  }
}
