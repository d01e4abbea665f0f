import Foundation

/// Values made once per key, whichever thread asks first: a thread that
/// asks for a key another is making waits for that value instead of making
/// it again (two audit workers starting on the same layouts ask for the same
/// masks and bounds at once). A value must be a function of its key alone,
/// so which thread makes it changes no bit.
final class OnceMap<Key: Hashable, Value>: @unchecked Sendable {
  private final class Slot: @unchecked Sendable {
    let lock = NSLock()
    var value: Value?
  }
  private let lock = NSLock()
  private var slots: [Key: Slot] = [:]

  /// The value of `key`, made by `make` if no thread has made it.
  func value(for key: Key, make: () -> Value) -> Value {
    let slot = self.slot(key)
    slot.lock.lock()
    defer { slot.lock.unlock() }
    if let v = slot.value { return v }
    let v = make()
    slot.value = v
    return v
  }

  /// Holds `value` for `key` (made elsewhere, as a prefill makes them), if
  /// no value is held for it.
  func set(_ value: Value, for key: Key) {
    let slot = self.slot(key)
    slot.lock.lock()
    if slot.value == nil { slot.value = value }
    slot.lock.unlock()
  }

  private func slot(_ key: Key) -> Slot {
    lock.lock()
    defer { lock.unlock() }
    if let s = slots[key] { return s }
    let s = Slot()
    slots[key] = s
    return s
  }
}
