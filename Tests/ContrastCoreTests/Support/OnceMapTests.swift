import Foundation
import Testing

@testable import ContrastCore

@Suite struct OnceMapTests {
  /// Threads that ask for one key at once get one value, made once: the
  /// others wait for it (they do not make it again).
  @Test func aKeyAskedForByManyThreadsAtOnceIsMadeOnce() {
    let map = OnceMap<Int, [Int]>()
    let made = NSLock()
    nonisolated(unsafe) var makes = 0
    nonisolated(unsafe) var values = [[Int]?](repeating: nil, count: 8)
    let slots = NSLock()
    DispatchQueue.concurrentPerform(iterations: 8) { i in
      let v = map.value(for: i % 2) {
        made.lock()
        makes += 1
        made.unlock()
        // Long enough for the other threads to ask meanwhile.
        Thread.sleep(forTimeInterval: 0.05)
        return [i % 2, 7]
      }
      slots.lock()
      values[i] = v
      slots.unlock()
    }
    #expect(makes == 2)
    #expect(values.enumerated().allSatisfy { $0.element == [$0.offset % 2, 7] })
  }

  /// A value set first (a prefill's) is the one every later ask gets; a
  /// second set does not replace it.
  @Test func aSetValueIsKept() {
    let map = OnceMap<String, Double>()
    map.set(1.5, for: "a")
    map.set(2.5, for: "a")
    #expect(map.value(for: "a") { 9 } == 1.5)
    #expect(map.value(for: "b") { 9 } == 9)
    #expect(map.value(for: "b") { 10 } == 9)
  }
}
