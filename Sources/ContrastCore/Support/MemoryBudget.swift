import Foundation

/// Bytes of memory shared by every worker of a run (`--memory-budget`):
/// decoding a wallpaper reserves what it will allocate before allocating
/// it, and the decoded image keeps its share until its last copy is gone.
/// So the decoded wallpapers held at once never take more than the budget,
/// however many jobs run and however large the images; a reservation that
/// does not fit waits until others are released, and one larger than the
/// whole budget is refused at once (``reserve(_:)`` returns nil).
///
/// The caller must not wait for a reservation while it keeps another one
/// (an image decoded under the budget): each worker of the audit holds one
/// decoded wallpaper at a time, so waiting always ends.
public final class MemoryBudget: @unchecked Sendable {
  /// The budget of `glass-audit run` unless `--memory-budget` says
  /// otherwise: 2 GiB, which holds the decoding of an 8-bit file of the
  /// default pixel limit (100 MP at 16 bytes a pixel, 1.6 GB, and the file).
  public static let defaultBytes = 2 << 30

  /// The budget, in bytes.
  public let bytes: Int
  private let condition = NSCondition()
  private var used = 0
  private var peak = 0

  /// A budget of `bytes` (at least 1).
  public init(bytes: Int) {
    self.bytes = max(1, bytes)
  }

  /// The bytes reserved now.
  public var bytesInUse: Int {
    condition.lock()
    defer { condition.unlock() }
    return used
  }

  /// The most bytes ever reserved at once.
  public var peakBytesInUse: Int {
    condition.lock()
    defer { condition.unlock() }
    return peak
  }

  /// Reserves `count` bytes, waiting while fewer are free; nil, without
  /// waiting, when `count` is more than the whole budget.
  public func reserve(_ count: Int) -> Lease? {
    let count = max(0, count)
    guard count <= bytes else { return nil }
    condition.lock()
    while bytes - used < count { condition.wait() }
    used += count
    peak = max(peak, used)
    condition.unlock()
    return Lease(budget: self, count: count)
  }

  fileprivate func release(_ count: Int) {
    condition.lock()
    used -= count
    condition.broadcast()
    condition.unlock()
  }

  /// Bytes reserved from a budget, given back when the lease is released
  /// (or earlier, in part, with ``shrink(to:)``).
  public final class Lease: @unchecked Sendable {
    private let budget: MemoryBudget
    private let lock = NSLock()
    private var held: Int

    fileprivate init(budget: MemoryBudget, count: Int) {
      self.budget = budget
      self.held = count
    }

    /// The bytes held.
    public var count: Int {
      lock.lock()
      defer { lock.unlock() }
      return held
    }

    /// Gives back all but `count` bytes (nothing when it holds fewer).
    public func shrink(to count: Int) {
      lock.lock()
      let freed = max(0, held - max(0, count))
      held -= freed
      lock.unlock()
      if freed > 0 { budget.release(freed) }
    }

    deinit { budget.release(held) }
  }

  /// `text` as a number of bytes: digits with an optional unit, `K`, `M`,
  /// `G` or `T` (powers of 1024; `KiB`, `MB` and the like are read the same,
  /// case aside); nil when it is not one or is not positive.
  public static func parseBytes(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let value = Int(digits), value > 0 else { return nil }
    var unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).uppercased()
    if unit.hasSuffix("IB") {
      unit.removeLast(2)
    } else if unit.hasSuffix("B") {
      unit.removeLast()
    }
    let shifts = ["": 0, "K": 10, "M": 20, "G": 30, "T": 40]
    guard let shift = shifts[unit] else { return nil }
    let (result, overflow) = value.multipliedReportingOverflow(by: 1 << shift)
    return overflow ? nil : result
  }

  /// `bytes` for a message: `1.5 GiB`, `300 MiB`, `12 KiB` or `512 bytes`.
  public static func format(_ bytes: Int) -> String {
    let units = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")]
    for (shift, name) in units where bytes >= 1 << shift {
      let value = Double(bytes) / Double(1 << shift)
      let text = value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
      return "\(text.hasSuffix(".0") ? String(text.dropLast(2)) : text) \(name)"
    }
    return "\(bytes) bytes"
  }
}
