extension GaussianBlur {
  /// The standard deviation, in small-grid pixels, of the Gaussian applied after
  /// averaging `k x k` blocks so that, with bilinear enlargement, the whole has
  /// standard deviation `sigma` full-resolution pixels (see ``GaussianBlur``).
  static func shrunkSigma(sigma: Double, blockSize k: Int) -> Double {
    let added = k % 2 == 0 ? Double(k * k) / 4 : Double(k * k - 1) / 4
    return (sigma * sigma - added).squareRoot() / Double(k)
  }

  /// The small-grid extents of the shrink path for one region (see ``GaussianBlur``).
  struct ShrinkPlan {
    let imageWidth: Int
    let imageHeight: Int
    let blockSize: Int
    /// `w(0) ... w(R)` of the small-grid Gaussian, in `Float`.
    let weights: [Float]
    let radius: Int
    /// Small-grid indices run from -1 to lastColumn / lastRow: the blocks wholly outside
    /// the image on each side, beyond which the grid repeats them (clamp-to-edge).
    let lastColumn: Int
    let lastRow: Int
    /// The blurred grid samples that bilinear interpolation over the region reads.
    let blurredColumns: ClosedRange<Int>
    let blurredRows: ClosedRange<Int>
    /// The block averages that the blur of those samples reads.
    let averagedColumns: ClosedRange<Int>
    let averagedRows: ClosedRange<Int>

    init(imageWidth: Int, imageHeight: Int, rect: PixelRect, sigma: Double, blockSize k: Int) {
      let kernel = GaussianKernel(sigma: shrunkSigma(sigma: sigma, blockSize: k))
      let radius = kernel.radius
      self.imageWidth = imageWidth
      self.imageHeight = imageHeight
      self.blockSize = k
      self.weights = kernel.floatWeights
      self.radius = radius
      lastColumn = (imageWidth + k - 1) / k
      lastRow = (imageHeight + k - 1) / k
      blurredColumns = leftSample(rect.x, k)...(leftSample(rect.maxX - 1, k) + 1)
      blurredRows = leftSample(rect.y, k)...(leftSample(rect.maxY - 1, k) + 1)
      averagedColumns =
        max(
          -1, blurredColumns.lowerBound - radius)...min(
          lastColumn, blurredColumns.upperBound + radius)
      averagedRows =
        max(-1, blurredRows.lowerBound - radius)...min(lastRow, blurredRows.upperBound + radius)
    }

    /// Samples of the block-average grid.
    var averagedCount: Int { 3 * averagedColumns.count * averagedRows.count }
    /// Samples of the blurred grid.
    var blurredCount: Int { 3 * blurredColumns.count * blurredRows.count }
  }

  /// The small-grid sample at or left of full-resolution coordinate `x`:
  /// `floor(u)` with `u = (x + 0.5) / k - 0.5 = (2x + 1 - k) / (2k)`.
  @inline(__always)
  static func leftSample(_ x: Int, _ k: Int) -> Int {
    floorDiv(2 * x + 1 - k, 2 * k)
  }

  /// Shrink by `k` and blur exactly (steps 1 and 2 of ``GaussianBlur``): writes the block
  /// averages of `plan.averagedColumns x plan.averagedRows` to `averaged` and their blur
  /// over `plan.blurredColumns x plan.blurredRows` to `blurred`, both row-major
  /// interleaved RGB.
  static func shrinkBlur(
    _ image: RGBImage, plan: ShrinkPlan, averaged: UnsafeMutablePointer<Float>,
    into blurred: UnsafeMutablePointer<Float>, workers: Int
  ) {
    averageBlocks(
      image, blockSize: plan.blockSize, columns: plan.averagedColumns, rows: plan.averagedRows,
      into: averaged, workers: workers)
    blurSmallGrid(averaged, plan: plan, into: blurred, workers: workers)
  }

  /// Block averages `A(j, l)` for `j` in `columns`, `l` in `rows`, stored row-major,
  /// interleaved RGB. Block `(j, l)` averages pixels `[jk, jk + k) x [lk, lk + k)` of the
  /// clamp-to-edge extension of the image: per image column, the sum of the block's `k`
  /// rows in order, in `Double`; then, from 0, the sum of those column sums in order;
  /// times `1 / k²`, rounded to `Float`.
  private static func averageBlocks(
    _ image: RGBImage, blockSize k: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
    into result: UnsafeMutablePointer<Float>, workers: Int
  ) {
    let width = image.width
    let height = image.height
    let gridWidth = columns.count
    // Image columns that the blocks cover.
    let colLo = max(0, columns.lowerBound * k)
    let colHi = min(width, (columns.upperBound + 1) * k)
    let readCount = 3 * (colHi - colLo)
    let scale = 1 / Double(k * k)
    // Blocks wholly inside the image, except the row's last, take the vector path: it
    // reads one sample past the block's last column and writes one past its blue.
    let firstVector = max(columns.lowerBound, 0)
    let lastVector = min(columns.upperBound - 1, width / k - 1)
    image.samples.withUnsafeBufferPointer { source in
      let src = source.baseAddress!
      forEachBand(count: rows.count, costPerItem: k * readCount, workers: workers) { band in
        // Column sums of two rows of blocks, each with one more sum than read, so that the
        // vector path may read past the last.
        let sums = UnsafeMutablePointer<Double>.allocate(capacity: 2 * (readCount + 1))
        let sums2 = sums + (readCount + 1)
        sums[readCount] = 0
        sums2[readCount] = 0
        // The rows of a block, a group at a time (k can be large).
        let group = min(k, 32)
        let lines = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: 2 * group)
        let lines2 = lines + group
        defer {
          sums.deallocate()
          lines.deallocate()
        }
        /// Points `into[0 ..< count]` at the image rows `m ..< m + count` of row `row` of
        /// blocks, clamped into the image.
        func pointRows(
          of row: Int, from m: Int, count: Int, into: UnsafeMutablePointer<UnsafePointer<Float>>
        ) {
          let l = rows.lowerBound + row
          for i in 0..<count {
            let y = min(max(l * k + m + i, 0), height - 1)
            into[i] = src + 3 * (y * width + colLo)
          }
        }
        /// The column sums of row `row` of blocks, into `sums`.
        func sumColumns(of row: Int) {
          var m = 0
          while m < k {
            let count = min(group, k - m)
            pointRows(of: row, from: m, count: count, into: lines)
            FastEngine.columnSums(
              lines, count: count, length: readCount, continuing: m > 0, into: sums)
            m += count
          }
        }
        /// The block averages of row `row` of blocks from its column sums.
        func average(_ row: Int, sums: UnsafeMutablePointer<Double>) {
          let out = result + 3 * gridWidth * row
          for (c, j) in columns.enumerated() {
            let start = j * k
            if j >= firstVector && j <= lastVector {
              RowKernels.blockSum(
                sums + 3 * (start - colLo), count: k, scale: scale, into: out + 3 * c)
              continue
            }
            var r = 0.0
            var g = 0.0
            var b = 0.0
            for x in start..<(start + k) {
              let p = sums + 3 * (min(max(x, 0), width - 1) - colLo)
              r += p[0]
              g += p[1]
              b += p[2]
            }
            out[3 * c] = Float(r * scale)
            out[3 * c + 1] = Float(g * scale)
            out[3 * c + 2] = Float(b * scale)
          }
        }
        // Rows of blocks in pairs half the band apart: reading the rows of two distant
        // rows of blocks together is faster than reading those of one (measured here: the
        // sigma 30 field 4.2 ms instead of 4.6 on one thread), and each sum keeps its order.
        let half = (band.count + 1) / 2
        for t in 0..<half {
          let row = band.lowerBound + t
          let row2 = row + half
          if row2 < band.upperBound && k <= group {
            pointRows(of: row, from: 0, count: k, into: lines)
            pointRows(of: row2, from: 0, count: k, into: lines2)
            FastEngine.columnSums(lines, lines2, count: k, length: readCount, into: sums, sums2)
            average(row, sums: sums)
            average(row2, sums: sums2)
          } else {
            sumColumns(of: row)
            average(row, sums: sums)
            if row2 < band.upperBound {
              sumColumns(of: row2)
              average(row2, sums: sums)
            }
          }
        }
      }
    }
  }

  /// The exact separable Gaussian of the block averages `averaged` (indices
  /// `plan.averagedColumns x plan.averagedRows`), clamp-to-edge at indices `-1` and
  /// `lastColumn` / `lastRow`, evaluated on `plan.blurredColumns x plan.blurredRows`:
  /// per grid row, the column pass sums the `2R + 1` rows it needs, the edge columns are
  /// replicated, and the row pass writes the row.
  private static func blurSmallGrid(
    _ averaged: UnsafePointer<Float>, plan: ShrinkPlan, into result: UnsafeMutablePointer<Float>,
    workers: Int
  ) {
    let radius = plan.radius
    let columns = plan.averagedColumns
    let rows = plan.averagedRows
    let outputColumns = plan.blurredColumns
    let outputRows = plan.blurredRows
    let gridWidth = columns.count
    let outWidth = outputColumns.count
    // The padded row starts at grid column outputColumns.lowerBound - radius; the averaged
    // columns are a contiguous part of it, the rest repeats its first or last column
    // (-1 or lastColumn).
    let inside = columns.lowerBound - (outputColumns.lowerBound - radius)
    let lastRow = plan.lastRow
    plan.weights.withUnsafeBufferPointer { w in
      let taps = w.baseAddress!
      forEachBand(
        count: outputRows.count, costPerItem: 3 * (gridWidth + outWidth) * (radius + 1),
        workers: workers
      ) { band in
        separableBand(
          band, weights: taps, radius: radius, sourceColumns: gridWidth, inside: inside,
          outWidth: outWidth,
          source: { row in
            let l = min(max(outputRows.lowerBound + row, -1), lastRow)
            return averaged + 3 * gridWidth * (l - rows.lowerBound)
          },
          destination: { row in result + 3 * outWidth * row })
      }
    }
  }

  /// Bilinear interpolation (step 3 of ``GaussianBlur``) of the blurred small grid `grid`
  /// (indices `columns x rows`, row-major interleaved RGB) at the centres of `rect`'s pixels,
  /// written row by row to `dst`.
  ///
  /// Per output row: the two grid rows around it are interpolated at the row's fraction
  /// `t` (`a + t(b - a)`) over the grid columns that the row reads, giving `L`, and the
  /// differences `D = R - L` of neighbouring columns are taken; then each pixel is
  /// `L + s D` of its left column at its column fraction `s`.
  static func enlarge(
    _ grid: UnsafePointer<Float>, columns: Range<Int>, rows: Range<Int>, blockSize k: Int,
    rect: PixelRect, into dst: UnsafeMutablePointer<Float>, workers: Int
  ) {
    let gridWidth = columns.count
    let outWidth = rect.width
    let layout = EnlargedRow(x: rect.x, width: outWidth, blockSize: k)
    let lineWidth = layout.lineWidth
    let columnOffset = 3 * (layout.firstColumn - columns.lowerBound)
    layout.fractions.withUnsafeBufferPointer { fractionBuffer in
      layout.pattern.withUnsafeBufferPointer { patternBuffer in
        let fractions = fractionBuffer.baseAddress!
        let pattern = patternBuffer.baseAddress!
        forEachBand(count: rect.height, costPerItem: 3 * outWidth, workers: workers) { band in
          // One sample more than used in each, read by the fourth lane of the last run.
          let line = UnsafeMutablePointer<Float>.allocate(capacity: 3 * lineWidth + 1)
          let delta = UnsafeMutablePointer<Float>.allocate(capacity: 3 * lineWidth + 1)
          defer {
            line.deallocate()
            delta.deallocate()
          }
          line[3 * lineWidth] = 0
          delta.update(repeating: 0, count: 3 * lineWidth + 1)
          for oy in band {
            let numerator = 2 * (rect.y + oy) + 1 - k
            let l = floorDiv(numerator, 2 * k)
            let t = Float(numerator - 2 * k * l) / Float(2 * k)
            let upper = grid + (3 * gridWidth * (l - rows.lowerBound) + columnOffset)
            RowKernels.lerp(upper, upper + 3 * gridWidth, t: t, count: 3 * lineWidth, into: line)
            RowKernels.difference(line + 3, line, count: 3 * (lineWidth - 1), into: delta)
            layout.write(
              line: line, delta: delta, fractions: fractions, pattern: pattern,
              into: dst + 3 * outWidth * oy)
          }
        }
      }
    }
  }

  /// Where the pixels of an enlarged row take their values from: pixels `x ..< x + width`
  /// of a row, block size `k`.
  ///
  /// Pixel `x` lies between grid columns `J(x) = leftSample(x, k)` and `J(x) + 1`, at
  /// fraction `s(x) = ((2x + 1 - k) - 2k J(x)) / (2k)`. The `k` pixels from
  /// `kJ + floor(k/2)` share `J` (a run), and their fractions depend only on their place
  /// in it. Whole runs are written as vectors of four samples: the run's `L` and `D`
  /// repeated (`RGBR GBRG BRGB`) and the fractions from ``pattern``; the last vector can
  /// spill up to three samples into the next run, which is written after it. The partial
  /// runs at either end, and the last whole run when its spill would leave the row, are
  /// written pixel by pixel.
  struct EnlargedRow {
    let blockSize: Int
    /// The first grid column read and the number read.
    let firstColumn: Int
    let lineWidth: Int
    let width: Int
    /// Pixels before the first whole run.
    let head: Int
    /// Whole runs written as vectors, from pixel `head`.
    let vectorRuns: Int
    /// Vectors of four samples per run: `ceil(3k / 4)`.
    let chunks: Int
    /// `s` per pixel.
    let fractions: [Float]
    /// `s` per sample of a run, in vectors of four (the spilled lanes hold 0).
    let pattern: [RowKernels.Quad]

    init(x: Int, width: Int, blockSize k: Int) {
      blockSize = k
      self.width = width
      firstColumn = leftSample(x, k)
      lineWidth = leftSample(x + width - 1, k) + 2 - firstColumn
      var fractions = [Float](repeating: 0, count: width)
      for ox in 0..<width {
        let numerator = 2 * (x + ox) + 1 - k
        let j = floorDiv(numerator, 2 * k)
        fractions[ox] = Float(numerator - 2 * k * j) / Float(2 * k)
      }
      self.fractions = fractions
      // The first pixel whose left column differs from its left neighbour's.
      var head = 0
      while head < width && leftSample(x + head - 1, k) == leftSample(x + head, k) {
        head += 1
      }
      self.head = head
      var runs = (width - head) / k
      if k == 2 {
        // Runs of two pixels are written in pairs: four pixels, three whole vectors.
        chunks = 3
        runs -= runs % 2
      } else {
        chunks = (3 * k + 3) / 4
        let spill = 4 * chunks - 3 * k
        if runs > 0 && 3 * (width - head - runs * k) < spill { runs -= 1 }
      }
      vectorRuns = runs
      var pattern = [RowKernels.Quad](repeating: .zero, count: chunks)
      if runs > 0 {
        for n in 0..<min(3 * k * (k == 2 ? 2 : 1), 4 * chunks) {
          pattern[n / 4][n % 4] = fractions[head + n / 3]
        }
      }
      self.pattern = pattern
    }

    /// Writes the row's `3 * width` samples to `dst` from `line` (`L` per grid column from
    /// ``firstColumn``, interleaved RGB) and `delta` (`D`, likewise); both must be readable
    /// one sample past their last column.
    @inline(__always)
    func write(
      line: UnsafePointer<Float>, delta: UnsafePointer<Float>, fractions: UnsafePointer<Float>,
      pattern: UnsafePointer<RowKernels.Quad>, into dst: UnsafeMutablePointer<Float>
    ) {
      let k = blockSize
      var ox = 0
      // Pixel by pixel up to the first whole run.
      while ox < head {
        writePixel(ox, line: line, delta: delta, fractions: fractions, into: dst)
        ox += 1
      }
      if k == 2 && vectorRuns > 0 {
        // Two runs, left columns J and J + 1: from P = L(J), L(J + 1).r and
        // Q = L(J + 1), L(J + 2).r the vectors are P0 P1 P2 P0, P1 P2 Q0 Q1, Q2 Q0 Q1 Q2.
        var o = 3 * columnIndex(head)
        let f0 = pattern[0]
        let f1 = pattern[1]
        let f2 = pattern[2]
        for _ in 0..<(vectorRuns / 2) {
          let lp = RowKernels.loadQuad(line + o)
          let lq = RowKernels.loadQuad(line + (o + 3))
          let dp = RowKernels.loadQuad(delta + o)
          let dq = RowKernels.loadQuad(delta + (o + 3))
          let out = UnsafeMutableRawPointer(dst + 3 * ox)
          let l0 = RowKernels.Quad(lp[0], lp[1], lp[2], lp[0])
          let d0 = RowKernels.Quad(dp[0], dp[1], dp[2], dp[0])
          out.storeBytes(of: l0 + f0 * d0, as: RowKernels.Quad.self)
          let l1 = RowKernels.Quad(lp[1], lp[2], lq[0], lq[1])
          let d1 = RowKernels.Quad(dp[1], dp[2], dq[0], dq[1])
          out.storeBytes(of: l1 + f1 * d1, toByteOffset: 16, as: RowKernels.Quad.self)
          let l2 = RowKernels.Quad(lq[2], lq[0], lq[1], lq[2])
          let d2 = RowKernels.Quad(dq[2], dq[0], dq[1], dq[2])
          out.storeBytes(of: l2 + f2 * d2, toByteOffset: 32, as: RowKernels.Quad.self)
          ox += 4
          o += 6
        }
      } else if vectorRuns > 0 {
        // The left column of the first whole run, as an offset into `line`.
        var o = 3 * columnIndex(head)
        for _ in 0..<vectorRuns {
          let lq = RowKernels.loadQuad(line + o)
          let dq = RowKernels.loadQuad(delta + o)
          let l0 = RowKernels.Quad(lq[0], lq[1], lq[2], lq[0])
          let l1 = RowKernels.Quad(lq[1], lq[2], lq[0], lq[1])
          let l2 = RowKernels.Quad(lq[2], lq[0], lq[1], lq[2])
          let d0 = RowKernels.Quad(dq[0], dq[1], dq[2], dq[0])
          let d1 = RowKernels.Quad(dq[1], dq[2], dq[0], dq[1])
          let d2 = RowKernels.Quad(dq[2], dq[0], dq[1], dq[2])
          let out = UnsafeMutableRawPointer(dst + 3 * ox)
          var q = 0
          while q + 3 <= chunks {
            out.storeBytes(of: l0 + pattern[q] * d0, toByteOffset: 16 * q, as: RowKernels.Quad.self)
            out.storeBytes(
              of: l1 + pattern[q + 1] * d1, toByteOffset: 16 * (q + 1), as: RowKernels.Quad.self)
            out.storeBytes(
              of: l2 + pattern[q + 2] * d2, toByteOffset: 16 * (q + 2), as: RowKernels.Quad.self)
            q += 3
          }
          if q < chunks {
            out.storeBytes(of: l0 + pattern[q] * d0, toByteOffset: 16 * q, as: RowKernels.Quad.self)
            if q + 1 < chunks {
              out.storeBytes(
                of: l1 + pattern[q + 1] * d1, toByteOffset: 16 * (q + 1), as: RowKernels.Quad.self)
            }
          }
          ox += k
          o += 3
        }
      }
      while ox < width {
        writePixel(ox, line: line, delta: delta, fractions: fractions, into: dst)
        ox += 1
      }
    }

    /// The index, from ``firstColumn``, of pixel `ox`'s left grid column.
    @inline(__always)
    private func columnIndex(_ ox: Int) -> Int {
      // Pixels at or after the first whole run: runs of k from `head`.
      ox < head ? 0 : (head == 0 ? 0 : 1) + (ox - head) / blockSize
    }

    @inline(__always)
    private func writePixel(
      _ ox: Int, line: UnsafePointer<Float>, delta: UnsafePointer<Float>,
      fractions: UnsafePointer<Float>, into dst: UnsafeMutablePointer<Float>
    ) {
      let o = 3 * columnIndex(ox)
      let s = fractions[ox]
      dst[3 * ox] = line[o] + s * delta[o]
      dst[3 * ox + 1] = line[o + 1] + s * delta[o + 1]
      dst[3 * ox + 2] = line[o + 2] + s * delta[o + 2]
    }
  }
}
