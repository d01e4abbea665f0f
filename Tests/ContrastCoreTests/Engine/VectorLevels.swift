import Foundation

@testable import ContrastCore

/// The fast engine's instruction-set levels, for tests that hold every
/// level's loops to the same bits.
enum VectorLevels {
  /// One level-switching test at a time (the cap is the process's).
  private static let lock = NSLock()

  /// The levels this CPU runs, widest first: AVX-512 and AVX2 where it has
  /// them, else only the portable loops.
  static var available: [FastEngine.VectorLevel] {
    lock.lock()
    defer { lock.unlock() }
    return levels()
  }

  /// ``available``, with the lock held (the cap is raised to read the CPU's
  /// level, then restored).
  private static func levels() -> [FastEngine.VectorLevel] {
    let previous = FastEngine.limitLevel(.avx512)
    defer { FastEngine.limitLevel(previous) }
    let top = FastEngine.level
    return top == .portable ? [.portable] : [.avx512, .avx2].filter { $0 <= top }
  }

  /// Runs `body` once per level of ``available``, with the level capped at
  /// it, and restores the cap.
  static func each(_ body: (FastEngine.VectorLevel) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    for level in levels() {
      let previous = FastEngine.limitLevel(level)
      body(FastEngine.level)
      FastEngine.limitLevel(previous)
    }
  }

  /// ``each(_:)`` for the contrast model's loops: at AVX-512 once per way
  /// they read the luminance table (``FastEngine/TableReads``), whichever
  /// the CPU would choose. `body` gets the level's and the reads' names.
  static func eachTableRead(_ body: (String) -> Void) {
    each { level in
      guard level == .avx512 else { return body("\(level)") }
      for reads in FastEngine.TableReads.allCases {
        let chosen = FastEngine.chooseTableReads(reads)
        body("\(level) (\(FastEngine.tableReads))")
        FastEngine.chooseTableReads(chosen)
      }
    }
  }

  /// Runs `body` at the level as it stands, with the lock held: a test that
  /// reads which loops run (``FastEngine/vectorized``) must not see another
  /// test's cap come and go between its measurement and its reading.
  static func holding<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// Runs `body` with the level capped at ``FastEngine/VectorLevel/portable``
  /// (the Swift reference), and restores the cap.
  static func portable<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    let previous = FastEngine.limitLevel(.portable)
    defer { FastEngine.limitLevel(previous) }
    return body()
  }
}
