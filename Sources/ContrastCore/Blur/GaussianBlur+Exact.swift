extension GaussianBlur {
  /// The exact separable convolution of the reference kernel, in `Float`, for small `σ`.
  ///
  /// Columns first, then rows: for each output row, the `2R + 1` image rows it
  /// needs (clamped) are summed over the region's columns plus `R` either side
  /// (clamped to the image), the result is padded by clamp-to-edge replication, and the
  /// row pass writes the output row. `dst` receives `3 * rect.width * rect.height`
  /// samples, row by row.
  static func exactBlur(
    _ image: RGBImage, rect: PixelRect, sigma: Double, into dst: UnsafeMutablePointer<Float>,
    workers: Int
  ) {
    let kernel = GaussianKernel(sigma: sigma)
    let weights = kernel.floatWeights
    let radius = kernel.radius
    let width = image.width
    let height = image.height
    let outWidth = rect.width
    // Image columns the row pass reads.
    let colLo = max(0, rect.x - radius)
    let colHi = min(width, rect.maxX + radius)

    image.samples.withUnsafeBufferPointer { source in
      weights.withUnsafeBufferPointer { w in
        let src = source.baseAddress!
        let taps = w.baseAddress!
        forEachBand(
          count: rect.height, costPerItem: 3 * outWidth * (radius + 1), workers: workers
        ) { band in
          separableBand(
            band, weights: taps, radius: radius, sourceColumns: colHi - colLo,
            inside: colLo - (rect.x - radius), outWidth: outWidth,
            source: { row in
              let y = min(max(rect.y + row, 0), height - 1)
              return src + 3 * (y * width + colLo)
            },
            destination: { row in dst + 3 * outWidth * row })
        }
      }
    }
  }
}
