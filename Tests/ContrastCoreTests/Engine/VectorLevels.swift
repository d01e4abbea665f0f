import CPixelKernel
import Foundation

/// CPixelKernel's instruction-set levels (cpk_level), for tests that hold
/// every level's loops to the same bits.
enum VectorLevels {
  /// One level-switching test at a time (the cap is the process's).
  private static let lock = NSLock()

  /// The levels this CPU runs, widest first: 3 (AVX-512) and 2 (AVX2) where
  /// it has them, else only 0 (the portable loops).
  static var available: [Int32] {
    lock.lock()
    defer { lock.unlock() }
    return levels()
  }

  /// ``available``, with the lock held (the cap is raised to read the CPU's
  /// level, then restored).
  private static func levels() -> [Int32] {
    let previous = cpk_limit_level(3)
    defer { _ = cpk_limit_level(previous) }
    let top = cpk_level()
    return top == 0 ? [0] : [3, 2].filter { $0 <= top }
  }

  /// Runs `body` once per level of ``available``, with cpk_level() capped at
  /// it, and restores the cap.
  static func each(_ body: (Int32) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    for level in levels() {
      let previous = cpk_limit_level(level)
      body(cpk_level())
      _ = cpk_limit_level(previous)
    }
  }
}
