extension GaussianBlur {
  /// The exact separable convolution of the reference kernel, in `Float`, for small `σ`.
  ///
  /// Columns first, then rows: for each output row, the `2R + 1` image rows it
  /// needs (clamped) are summed over the region's columns plus `R` either side
  /// (clamped to the image), the result is padded by clamp-to-edge replication, and the
  /// row pass writes the output row.
  static func exactBlur(
    _ image: RGBImage, rect: PixelRect, sigma: Double, parallel: Bool
  ) -> RGBImage {
    let kernel = GaussianKernel(sigma: sigma)
    let weights = kernel.floatWeights
    let radius = kernel.radius
    let width = image.width
    let height = image.height
    let outWidth = rect.width
    // Image columns the row pass reads.
    let colLo = max(0, rect.x - radius)
    let colHi = min(width, rect.maxX + radius)
    let readCount = 3 * (colHi - colLo)
    let padCount = 3 * (outWidth + 2 * radius)
    let outCount = 3 * outWidth * rect.height

    let samples = [Float](unsafeUninitializedCapacity: outCount) { out, initialized in
      image.samples.withUnsafeBufferPointer { source in
        weights.withUnsafeBufferPointer { w in
          let src = source.baseAddress!
          let dst = out.baseAddress!
          let taps = w.baseAddress!
          forEachBand(
            count: rect.height, costPerItem: 3 * outWidth * (radius + 1), parallel: parallel
          ) { band in
            let rows = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(
              capacity: 2 * radius + 1)
            let columnSums = UnsafeMutablePointer<Float>.allocate(capacity: readCount)
            let padded = UnsafeMutablePointer<Float>.allocate(capacity: padCount)
            defer {
              rows.deallocate()
              columnSums.deallocate()
              padded.deallocate()
            }
            for oy in band {
              let y = rect.y + oy
              for t in 0...(2 * radius) {
                let yy = min(max(y + t - radius, 0), height - 1)
                rows[t] = src + 3 * (yy * width + colLo)
              }
              RowKernels.symmetricSum(
                rows: rows, weights: taps, radius: radius, count: readCount, into: columnSums)
              // padded[p] is column rect.x - radius + p, clamped into the image.
              let first = colLo - (rect.x - radius)
              for p in 0..<first {
                padded[3 * p] = columnSums[0]
                padded[3 * p + 1] = columnSums[1]
                padded[3 * p + 2] = columnSums[2]
              }
              (padded + 3 * first).update(from: columnSums, count: readCount)
              let lastColumn = columnSums + (readCount - 3)
              for p in (first + colHi - colLo)..<(outWidth + 2 * radius) {
                padded[3 * p] = lastColumn[0]
                padded[3 * p + 1] = lastColumn[1]
                padded[3 * p + 2] = lastColumn[2]
              }
              RowKernels.symmetricSum(
                center: padded + 3 * radius, stride: 3, weights: taps, radius: radius,
                count: 3 * outWidth, into: dst + 3 * outWidth * oy)
            }
          }
        }
      }
      initialized = outCount
    }
    return RGBImage(width: outWidth, height: rect.height, samples: samples)
  }
}
