/// Why an image could not be encoded as PNG.
public enum PNGEncodingError: Error, CustomStringConvertible, Equatable, Sendable {
  /// Width or height is not in `1...limit`, where `limit` keeps a row of
  /// 8-bit RGBA within libpng's signed 32-bit row stride.
  case invalidSize(width: Int, height: Int)
  /// The pixel array does not hold `width * height * channels` bytes.
  case sampleCountMismatch(expected: Int, actual: Int)
  /// libpng refused to write; `message` is its own message, trimmed.
  case encode(message: String)

  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      return "cannot encode PNG: invalid size \(width)x\(height)"
    case .sampleCountMismatch(let expected, let actual):
      return "cannot encode PNG: expected \(expected) samples, got \(actual)"
    case .encode(let message):
      return "cannot encode PNG: \(message)"
    }
  }
}
