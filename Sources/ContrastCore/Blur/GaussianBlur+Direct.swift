extension GaussianBlur {
  /// The reference "true Gaussian" that the fast ``blur(_:region:sigmaInPixels:workers:)``
  /// is measured against.
  ///
  /// A separable convolution with the sampled kernel
  /// `w(i) = exp(-i² / (2σ²))` for `|i| <= max(ceil(4σ), 1)`, normalised to sum 1,
  /// applied along rows then columns with clamp-to-edge indices
  /// (`I(x, y) = I(min(max(x, 0), W - 1), min(max(y, 0), H - 1))`), all in `Double`,
  /// rounded to `Float` once at the end.
  ///
  /// Cost is `O(σ)` per pixel and it reads the region plus a margin of the
  /// radius, so keep it to tests and small regions.
  ///
  /// - Parameters:
  ///   - image: the image to blur.
  ///   - region: the pixels to evaluate, clipped to the image first; the result has the
  ///     clipped size (0 x 0 when the region misses the image).
  ///   - sigmaInPixels: the standard deviation in pixels; `<= 0` returns the region copied.
  public static func directConvolution(
    _ image: RGBImage, region: PixelRect, sigmaInPixels: Double
  ) -> RGBImage {
    let rect = clip(region, to: image)
    if rect.isEmpty { return RGBImage(width: 0, height: 0, samples: []) }
    if !(sigmaInPixels > 0) { return copy(image, rect: rect) }
    let kernel = GaussianKernel(sigma: sigmaInPixels)
    let radius = kernel.radius
    let width = image.width
    let height = image.height
    let outWidth = rect.width
    // Rows of the image that the column pass reaches.
    let rowLo = max(0, rect.y - radius)
    let rowHi = min(height - 1, rect.maxY - 1 + radius)
    var across = [Double](repeating: 0, count: 3 * outWidth * (rowHi - rowLo + 1))
    var result = [Float](repeating: 0, count: 3 * outWidth * rect.height)
    image.samples.withUnsafeBufferPointer { src in
      kernel.weights.withUnsafeBufferPointer { w in
        across.withUnsafeMutableBufferPointer { tmp in
          for y in rowLo...rowHi {
            let rowBase = 3 * width * y
            let tmpBase = 3 * outWidth * (y - rowLo)
            for ox in 0..<outWidth {
              let x = rect.x + ox
              var r = 0.0
              var g = 0.0
              var b = 0.0
              for i in -radius...radius {
                let xi = min(max(x + i, 0), width - 1)
                let weight = w[abs(i)]
                let s = rowBase + 3 * xi
                r += weight * Double(src[s])
                g += weight * Double(src[s + 1])
                b += weight * Double(src[s + 2])
              }
              tmp[tmpBase + 3 * ox] = r
              tmp[tmpBase + 3 * ox + 1] = g
              tmp[tmpBase + 3 * ox + 2] = b
            }
          }
          var accumulator = [Double](repeating: 0, count: 3 * outWidth)
          accumulator.withUnsafeMutableBufferPointer { acc in
            result.withUnsafeMutableBufferPointer { out in
              for oy in 0..<rect.height {
                let y = rect.y + oy
                for n in 0..<acc.count { acc[n] = 0 }
                for j in -radius...radius {
                  let yj = min(max(y + j, 0), height - 1)
                  let weight = w[abs(j)]
                  let base = 3 * outWidth * (yj - rowLo)
                  for n in 0..<acc.count { acc[n] += weight * tmp[base + n] }
                }
                let outBase = 3 * outWidth * oy
                for n in 0..<acc.count { out[outBase + n] = Float(acc[n]) }
              }
            }
          }
        }
      }
    }
    return RGBImage(width: outWidth, height: rect.height, samples: result)
  }
}
