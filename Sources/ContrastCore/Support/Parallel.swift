import Dispatch
import Foundation

extension Array where Element: Sendable {
  /// `transform` of every element, in order, computed on up to `workers`
  /// threads: each thread takes the next element not yet taken, so long and
  /// short items balance out. The result does not depend on the split.
  public func parallelMap<Result: Sendable>(
    workers: Int, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    guard !isEmpty else { return [] }
    let slots = ResultSlots<Result>(count: count)
    let next = AtomicCounter()
    DispatchQueue.concurrentPerform(iterations: Swift.min(Swift.max(1, workers), count)) { _ in
      while true {
        let i = next.increment() - 1
        guard i < count else { return }
        slots.set(i, transform(self[i]))
      }
    }
    return slots.values()
  }
}

/// One slot per element of a parallel map; each slot is written by exactly
/// one thread, under the lock.
private final class ResultSlots<Result>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ i: Int, _ value: Result) {
    lock.lock()
    slots[i] = value
    lock.unlock()
  }

  func values() -> [Result] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
