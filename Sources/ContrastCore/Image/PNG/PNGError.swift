/// Why a PNG file could not be turned into an image.
///
/// Every message names the file as the caller gave it (`name` or
/// `displayName`), so the message can be shown to a user as it is.
public enum PNGError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The file could not be read; `reason` is the system's description of the
  /// error, such as `No such file or directory`.
  case unreadable(file: String, reason: String)
  /// libpng refused the data; `message` is libpng's own message, trimmed.
  case decode(file: String, message: String)
  /// The header declares more than `limit` pixels. Raised before any pixel
  /// buffer is allocated.
  case tooLarge(file: String, width: Int, height: Int, limit: Int)
  /// Decoding would take `bytes` (the file and its pixel buffers), more
  /// than the whole memory budget of `budget` bytes. Raised before the file
  /// is read.
  case overBudget(file: String, width: Int, height: Int, bytes: Int, budget: Int)

  /// The file name carried by the error.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .decode(let file, _), .tooLarge(let file, _, _, _),
      .overBudget(let file, _, _, _, _):
      return file
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "cannot read '\(file)': \(reason)"
    case .decode(let file, let message):
      return "cannot decode '\(file)': \(message)"
    case .tooLarge(let file, let width, let height, let limit):
      let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
      let count = overflow ? "more than \(Int.max)" : "\(pixels)"
      return "cannot decode '\(file)': \(width)x\(height) is \(count) pixels, "
        + "above the limit of \(limit) (raise it with --pixel-limit)"
    case .overBudget(let file, let width, let height, let bytes, let budget):
      return "cannot decode '\(file)': \(width)x\(height) takes \(MemoryBudget.format(bytes)) "
        + "to decode (\(bytes) bytes), above the memory budget of \(MemoryBudget.format(budget)) "
        + "(raise it with --memory-budget)"
    }
  }
}
