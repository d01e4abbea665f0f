extension GaussianBlur {
  /// The standard deviation, in small-grid pixels, of the Gaussian applied after
  /// averaging `k x k` blocks so that, with bilinear enlargement, the whole has
  /// standard deviation `sigma` full-resolution pixels (see ``GaussianBlur``).
  static func shrunkSigma(sigma: Double, blockSize k: Int) -> Double {
    let added = k % 2 == 0 ? Double(k * k) / 4 : Double(k * k - 1) / 4
    return (sigma * sigma - added).squareRoot() / Double(k)
  }

  /// Shrink by `k`, blur exactly, enlarge bilinearly (see ``GaussianBlur``).
  static func shrinkBlur(
    _ image: RGBImage, rect: PixelRect, sigma: Double, blockSize k: Int, parallel: Bool
  ) -> RGBImage {
    let kernel = GaussianKernel(sigma: shrunkSigma(sigma: sigma, blockSize: k))
    let weights = kernel.floatWeights
    let radius = kernel.radius
    let width = image.width
    let height = image.height
    // Small-grid indices run from -1 to lastColumn / lastRow: the blocks wholly outside
    // the image on each side, beyond which the grid repeats them (clamp-to-edge).
    let lastColumn = (width + k - 1) / k
    let lastRow = (height + k - 1) / k
    // Full-resolution pixel x lies between small-grid samples floor(u) and floor(u) + 1,
    // u = (x + 0.5) / k - 0.5 = (2x + 1 - k) / (2k).
    let blurredCols =
      floorDiv(
        2 * rect.x + 1 - k, 2 * k)...(floorDiv(
        2 * (rect.maxX - 1) + 1 - k, 2 * k) + 1)
    let blurredRows =
      floorDiv(
        2 * rect.y + 1 - k, 2 * k)...(floorDiv(
        2 * (rect.maxY - 1) + 1 - k, 2 * k) + 1)
    let averagedCols =
      max(
        -1, blurredCols.lowerBound - radius)...min(
        lastColumn, blurredCols.upperBound + radius)
    let averagedRows =
      max(
        -1, blurredRows.lowerBound - radius)...min(
        lastRow, blurredRows.upperBound + radius)

    let averaged = averageBlocks(
      image, blockSize: k, columns: averagedCols, rows: averagedRows, parallel: parallel)
    defer { averaged.deallocate() }
    let blurred = blurSmallGrid(
      averaged, columns: averagedCols, rows: averagedRows, lastColumn: lastColumn,
      lastRow: lastRow, weights: weights, radius: radius, outputColumns: blurredCols,
      outputRows: blurredRows, parallel: parallel)
    defer { blurred.deallocate() }
    return enlarge(
      blurred, columns: blurredCols, rows: blurredRows, blockSize: k, rect: rect,
      parallel: parallel)
  }

  /// Block averages `A(j, l)` for `j` in `columns`, `l` in `rows`, stored row-major,
  /// interleaved RGB. Block `(j, l)` averages pixels `[jk, jk + k) x [lk, lk + k)` of the
  /// clamp-to-edge extension of the image, summed in `Double`.
  private static func averageBlocks(
    _ image: RGBImage, blockSize k: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
    parallel: Bool
  ) -> UnsafeMutablePointer<Float> {
    let width = image.width
    let height = image.height
    let gridWidth = columns.count
    let result = UnsafeMutablePointer<Float>.allocate(capacity: 3 * gridWidth * rows.count)
    // Image columns that the blocks cover.
    let colLo = max(0, columns.lowerBound * k)
    let colHi = min(width, (columns.upperBound + 1) * k)
    let readCount = 3 * (colHi - colLo)
    let scale = 1 / Double(k * k)
    image.samples.withUnsafeBufferPointer { source in
      let src = source.baseAddress!
      forEachBand(count: rows.count, costPerItem: k * readCount, parallel: parallel) { band in
        let sums = UnsafeMutablePointer<Double>.allocate(capacity: readCount)
        defer { sums.deallocate() }
        for row in band {
          let l = rows.lowerBound + row
          // Column sums over the block's k rows, each clamped into the image.
          for m in 0..<k {
            let y = min(max(l * k + m, 0), height - 1)
            let line = src + 3 * (y * width + colLo)
            if m == 0 {
              for n in 0..<readCount { sums[n] = Double(line[n]) }
            } else {
              for n in 0..<readCount { sums[n] += Double(line[n]) }
            }
          }
          let out = result + 3 * gridWidth * row
          for (c, j) in columns.enumerated() {
            var r = 0.0
            var g = 0.0
            var b = 0.0
            let start = j * k
            if start >= 0 && start + k <= width {
              var p = sums + 3 * (start - colLo)
              for _ in 0..<k {
                r += p[0]
                g += p[1]
                b += p[2]
                p += 3
              }
            } else {
              for x in start..<(start + k) {
                let p = sums + 3 * (min(max(x, 0), width - 1) - colLo)
                r += p[0]
                g += p[1]
                b += p[2]
              }
            }
            out[3 * c] = Float(r * scale)
            out[3 * c + 1] = Float(g * scale)
            out[3 * c + 2] = Float(b * scale)
          }
        }
      }
    }
    return result
  }

  /// The exact separable Gaussian of the small grid `grid` (indices `columns` x `rows`),
  /// clamp-to-edge at indices `-1` and `lastColumn` / `lastRow`, evaluated on
  /// `outputColumns` x `outputRows`.
  private static func blurSmallGrid(
    _ grid: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
    lastColumn: Int, lastRow: Int, weights: [Float], radius: Int,
    outputColumns: ClosedRange<Int>, outputRows: ClosedRange<Int>, parallel: Bool
  ) -> UnsafeMutablePointer<Float> {
    let gridWidth = columns.count
    let outWidth = outputColumns.count
    let result = UnsafeMutablePointer<Float>.allocate(capacity: 3 * outWidth * outputRows.count)
    let padWidth = outWidth + 2 * radius
    weights.withUnsafeBufferPointer { w in
      let taps = w.baseAddress!
      forEachBand(
        count: outputRows.count, costPerItem: 3 * (gridWidth + outWidth) * (radius + 1),
        parallel: parallel
      ) { band in
        let lines = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(
          capacity: 2 * radius + 1)
        let columnSums = UnsafeMutablePointer<Float>.allocate(capacity: 3 * gridWidth)
        let padded = UnsafeMutablePointer<Float>.allocate(capacity: 3 * padWidth)
        defer {
          lines.deallocate()
          columnSums.deallocate()
          padded.deallocate()
        }
        for row in band {
          let l = outputRows.lowerBound + row
          for t in 0...(2 * radius) {
            let ll = min(max(l + t - radius, -1), lastRow)
            lines[t] = UnsafePointer(grid + 3 * gridWidth * (ll - rows.lowerBound))
          }
          RowKernels.symmetricSum(
            rows: lines, weights: taps, radius: radius, count: 3 * gridWidth, into: columnSums)
          // padded[p] is grid column outputColumns.lowerBound - radius + p, clamped.
          let firstColumn = outputColumns.lowerBound - radius
          for p in 0..<padWidth {
            let j = min(max(firstColumn + p, -1), lastColumn) - columns.lowerBound
            padded[3 * p] = columnSums[3 * j]
            padded[3 * p + 1] = columnSums[3 * j + 1]
            padded[3 * p + 2] = columnSums[3 * j + 2]
          }
          RowKernels.symmetricSum(
            center: padded + 3 * radius, stride: 3, weights: taps, radius: radius,
            count: 3 * outWidth, into: result + 3 * outWidth * row)
        }
      }
    }
    return result
  }

  /// Bilinear interpolation of the blurred small grid at the centres of `rect`'s pixels.
  private static func enlarge(
    _ grid: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
    blockSize k: Int, rect: PixelRect, parallel: Bool
  ) -> RGBImage {
    let gridWidth = columns.count
    let outWidth = rect.width
    let outCount = 3 * outWidth * rect.height
    // Per output column: offset of the left sample in a grid row, and the fraction.
    var offsets = [Int](repeating: 0, count: outWidth)
    var fractions = [Float](repeating: 0, count: outWidth)
    for ox in 0..<outWidth {
      let numerator = 2 * (rect.x + ox) + 1 - k
      let j = floorDiv(numerator, 2 * k)
      offsets[ox] = 3 * (j - columns.lowerBound)
      fractions[ox] = Float(numerator - 2 * k * j) / Float(2 * k)
    }
    let samples = [Float](unsafeUninitializedCapacity: outCount) { out, initialized in
      offsets.withUnsafeBufferPointer { offsetBuffer in
        fractions.withUnsafeBufferPointer { fractionBuffer in
          let dst = out.baseAddress!
          let offset = offsetBuffer.baseAddress!
          let fraction = fractionBuffer.baseAddress!
          forEachBand(count: rect.height, costPerItem: 3 * outWidth, parallel: parallel) {
            band in
            let line = UnsafeMutablePointer<Float>.allocate(capacity: 3 * gridWidth)
            defer { line.deallocate() }
            for oy in band {
              let numerator = 2 * (rect.y + oy) + 1 - k
              let l = floorDiv(numerator, 2 * k)
              let t = Float(numerator - 2 * k * l) / Float(2 * k)
              let upper = grid + 3 * gridWidth * (l - rows.lowerBound)
              RowKernels.lerp(upper, upper + 3 * gridWidth, t: t, count: 3 * gridWidth, into: line)
              var o = dst + 3 * outWidth * oy
              for ox in 0..<outWidth {
                let a = line + offset[ox]
                let s = fraction[ox]
                o[0] = a[0] + s * (a[3] - a[0])
                o[1] = a[1] + s * (a[4] - a[1])
                o[2] = a[2] + s * (a[5] - a[2])
                o += 3
              }
            }
          }
        }
      }
      initialized = outCount
    }
    return RGBImage(width: outWidth, height: rect.height, samples: samples)
  }
}
