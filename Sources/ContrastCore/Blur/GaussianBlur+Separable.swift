extension GaussianBlur {
  /// The separable Gaussian over the output rows `band`, columns first, then rows.
  ///
  /// For output row `o`, `source(o + d)` for `d` in `-radius ... radius` are the rows the
  /// column pass sums (the closure clamps the index to the edge); they hold
  /// `sourceColumns` pixels, which are pixels `inside ..< inside + sourceColumns` of the
  /// padded row the row pass reads (`outWidth + 2 * radius` pixels, interleaved RGB); the
  /// pixels before and after them repeat the first and last (clamp-to-edge). The row pass
  /// writes `outWidth` pixels to `destination(o)`.
  ///
  /// Rows are taken in pairs so that each source row loaded serves two column sums, and
  /// in blocks of ``separableBlock`` rows whose column pass runs in strips of
  /// ``separableStrip`` floats: a strip's `2 radius + block` source rows stay in the
  /// cache while the block's pairs read them (a pass over whole rows reads `2 radius + 2`
  /// rows of up to 15 KB each for every pair, more than the cache keeps, and waited on
  /// memory: about 1.5x the time at radius 44, `Benchmarks/kernel/column-strips.c`).
  /// Every output sample is computed by the same operations either way.
  @inline(__always)
  static func separableBand(
    _ band: Range<Int>, weights: UnsafePointer<Float>, radius: Int, sourceColumns: Int,
    inside: Int, outWidth: Int, source: (Int) -> UnsafePointer<Float>,
    destination: (Int) -> UnsafeMutablePointer<Float>
  ) {
    let padWidth = outWidth + 2 * radius
    let block = separableBlock
    // The block's source rows (`source` taken once each), and the pair's
    // rows within a strip.
    let blockLines = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(
      capacity: 2 * radius + block)
    let lines = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: 2 * radius + 2)
    let padded = UnsafeMutablePointer<Float>.allocate(capacity: 3 * padWidth * block)
    defer {
      blockLines.deallocate()
      lines.deallocate()
      padded.deallocate()
    }
    let count = 3 * sourceColumns
    var o = band.lowerBound
    while o < band.upperBound {
      let rows = Swift.min(block, band.upperBound - o)
      for t in 0..<(2 * radius + rows) { blockLines[t] = source(o + t - radius) }
      // The column pass of the block's rows, a strip of columns at a time.
      var strip = 0
      while strip < count {
        let width = Swift.min(separableStrip, count - strip)
        var r = 0
        while r < rows {
          let pair = r + 1 < rows
          for t in 0...(2 * radius + (pair ? 1 : 0)) {
            lines[t] = blockLines[r + t] + strip
          }
          let first = padded + 3 * padWidth * r + 3 * inside + strip
          // On the vector unit when it runs (``FastEngine``), else the Swift
          // loops: the same bits.
          if pair {
            if !FastEngine.symmetricSumPair(
              rows: lines, weights: weights, radius: radius, count: width, into: first,
              first + 3 * padWidth)
            {
              RowKernels.symmetricSumPair(
                rows: lines, weights: weights, radius: radius, count: width, into: first,
                first + 3 * padWidth)
            }
          } else if !FastEngine.symmetricSum(
            rows: lines, weights: weights, radius: radius, count: width, into: first)
          {
            RowKernels.symmetricSum(
              rows: lines, weights: weights, radius: radius, count: width, into: first)
          }
          r += pair ? 2 : 1
        }
        strip += width
      }
      // Then each row padded by its edge pixels and its row pass.
      for r in 0..<rows {
        let row = padded + 3 * padWidth * r
        let left = row + 3 * inside
        let right = row + 3 * (inside + sourceColumns - 1)
        for p in 0..<inside {
          row[3 * p] = left[0]
          row[3 * p + 1] = left[1]
          row[3 * p + 2] = left[2]
        }
        for p in (inside + sourceColumns)..<padWidth {
          row[3 * p] = right[0]
          row[3 * p + 1] = right[1]
          row[3 * p + 2] = right[2]
        }
        let target = destination(o + r)
        if !FastEngine.symmetricSum(
          center: row + 3 * radius, stride: 3, weights: weights, radius: radius,
          count: 3 * outWidth, into: target)
        {
          RowKernels.symmetricSum(
            center: row + 3 * radius, stride: 3, weights: weights, radius: radius,
            count: 3 * outWidth, into: target)
        }
      }
      o += rows
    }
  }

  /// Output rows whose column pass ``separableBand(_:weights:radius:sourceColumns:inside:outWidth:source:destination:)``
  /// makes together, strip by strip.
  static let separableBlock = 32
  /// Floats of each row a strip of the column pass covers (a multiple of the widest
  /// vector loop's 32).
  static let separableStrip = 768
}
