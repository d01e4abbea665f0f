@testable import ContrastCore

/// The library's SplitMix64, so test inputs are the same on every run.
typealias SeededGenerator = SyntheticWallpapers.SplitMix64

/// The images the blur is checked on (SPEC §3.1 "every test image").
enum BlurTestImage: String, CaseIterable, CustomStringConvertible {
  /// Uniform `[0, 1]` per channel, seeded.
  case noise
  /// Black left half, white right half.
  case verticalEdge
  /// Black top half, white bottom half.
  case horizontalEdge
  /// Black above the diagonal from the top-left to the bottom-right corner, white below.
  case diagonalEdge
  /// A white square of a tenth of the width on black, centred.
  case smallSquare
  /// Black, with white in the last two columns: a hard edge at the image border.
  case borderStripe

  var description: String { rawValue }

  func make(width: Int, height: Int, seed: UInt64 = 7) -> RGBImage {
    var samples = [Float](repeating: 0, count: 3 * width * height)
    var generator = SeededGenerator(seed: seed)
    let side = max(width / 10, 1)
    let left = (width - side) / 2
    let top = (height - side) / 2
    for y in 0..<height {
      for x in 0..<width {
        let i = 3 * (y * width + x)
        switch self {
        case .noise:
          for c in 0..<3 { samples[i + c] = Float.random(in: 0...1, using: &generator) }
          continue
        case .verticalEdge:
          if 2 * x < width { continue }
        case .horizontalEdge:
          if 2 * y < height { continue }
        case .diagonalEdge:
          if x * height >= y * width { continue }
        case .smallSquare:
          if x < left || x >= left + side || y < top || y >= top + side { continue }
        case .borderStripe:
          if x < width - 2 { continue }
        }
        samples[i] = 1
        samples[i + 1] = 1
        samples[i + 2] = 1
      }
    }
    return RGBImage(width: width, height: height, samples: samples)
  }
}

/// The largest `|a - b|` over all samples.
func largestDifference(_ a: RGBImage, _ b: RGBImage) -> Float {
  precondition(a.width == b.width && a.height == b.height)
  var largest: Float = 0
  for (x, y) in zip(a.samples, b.samples) {
    largest = max(largest, abs(x - y))
  }
  return largest
}

/// The pixels of `rect` (inside `image`) as an image.
func crop(_ image: RGBImage, to rect: PixelRect) -> RGBImage {
  var samples = [Float]()
  for y in rect.y..<rect.maxY {
    let start = 3 * (y * image.width + rect.x)
    samples += image.samples[start..<(start + 3 * rect.width)]
  }
  return RGBImage(width: rect.width, height: rect.height, samples: samples)
}
