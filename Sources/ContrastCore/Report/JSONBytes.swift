/// JSON text as UTF-8 bytes, appended straight into one reusable buffer:
/// the fast path of report.json's results
/// (``JSONReport/write(_:chunkSize:bytes:)``), which makes no `JSONValue`
/// and no `String` per value. Each function appends the bytes that
/// ``JSONValue`` writes for the same value (its reference; held equal by
/// `JSONReportBytesTests`): strings as ``Escaping/json(_:into:)`` escapes
/// them, numbers as ``JSONValue/format(_:)`` formats them.
///
/// The buffer is its own (not an array, whose every append checks that it
/// is not shared): it grows by doubling and is freed with the value, which
/// cannot be copied.
struct JSONBytes: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written; valid until the next change.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// Forgets the bytes written, keeping the buffer.
  mutating func removeAll() { count = 0 }

  /// Room for `n` more bytes, returned as where they go; the caller writes
  /// them and adds them to ``count``.
  @inline(__always)
  private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
    if count + n > capacity { grow(to: count + n) }
    return base + count
  }

  private mutating func grow(to needed: Int) {
    var size = capacity * 2
    while size < needed { size *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    bigger.initialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity = size
  }

  @inline(__always)
  mutating func append(_ b: UInt8) {
    room(1).pointee = b
    count += 1
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return }
    room(bytes.count).update(from: start, count: bytes.count)
    count += bytes.count
  }

  /// Text that is already JSON (punctuation, a key, a literal).
  @inline(__always)
  mutating func raw(_ s: StaticString) {
    append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  /// JSON text made elsewhere (a ``JSONValue`` rendered), as it is.
  mutating func raw(_ s: String) {
    var s = s
    s.withUTF8 { append($0) }
  }

  /// A new line, then a comma before it unless `first`, then two spaces
  /// per level (a literal's prefix: 16 levels; more are never written).
  @inline(__always)
  private mutating func newLine(level: Int, comma: Bool) {
    let text: StaticString = ",\n                                "
    precondition(level <= 16, "JSONBytes indents at most 16 levels")
    let skip = comma ? 0 : 1
    append(UnsafeBufferPointer(start: text.utf8Start + skip, count: 2 + 2 * level - skip))
  }

  /// Two spaces per level, as ``JSONValue`` indents.
  mutating func indent(_ level: Int) {
    let spaces: StaticString = "                                "
    precondition(level <= 16, "JSONBytes indents at most 16 levels")
    append(UnsafeBufferPointer(start: spaces.utf8Start, count: 2 * level))
  }

  /// The start of an object's member: `,` after the member before it (none
  /// before the `first`), a new line, the member's indentation and its key
  /// (a name of ours that needs no escape), as ``JSONValue`` writes an
  /// object's members.
  mutating func key(_ k: StaticString, level: Int, first: Bool = false) {
    newLine(level: level, comma: !first)
    append(0x22)
    raw(k)
    raw("\": ")
  }

  /// The end of an object or array whose members are at `level + 1`.
  mutating func close(_ bracket: StaticString, level: Int) {
    newLine(level: level, comma: false)
    raw(bracket)
  }

  mutating func bool(_ b: Bool) {
    b ? raw("true") : raw("false")
  }

  mutating func null() { raw("null") }

  /// `s` as a JSON string literal, quotes included: the bytes of
  /// ``Escaping/json(_:into:)``. Text of printable ASCII without `"` or `\`
  /// (ids, hex colours, enum names: nearly every string of a report) needs
  /// no escape and is copied as it is; anything else, non-ASCII included
  /// (which may hold a hidden character), goes through `Escaping.json`.
  mutating func string(_ s: String) {
    var s = s
    let copied = s.withUTF8 { utf8 -> Bool in
      guard utf8.allSatisfy(JSONBytes.needsNoEscape) else { return false }
      let to = room(utf8.count + 2)
      to[0] = 0x22
      if let start = utf8.baseAddress { (to + 1).update(from: start, count: utf8.count) }
      to[utf8.count + 1] = 0x22
      count += utf8.count + 2
      return true
    }
    guard !copied else { return }
    var escaped = ""
    Escaping.json(s, into: &escaped)
    raw(escaped)
  }

  /// Printable ASCII other than `"` and `\`.
  @inline(__always)
  static func needsNoEscape(_ b: UInt8) -> Bool {
    b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C
  }

  /// `.string` or `null`, as `JSONValue.optional` writes it.
  mutating func string(_ s: String?) {
    if let s { string(s) } else { null() }
  }

  /// An integer in decimal, as `String(i)`.
  mutating func int(_ i: Int) {
    if i < 0 { append(0x2D) }
    digits(UInt64(i.magnitude))
  }

  /// `v` in decimal, no leading zeros ("0" for zero).
  private mutating func digits(_ v: UInt64) {
    guard v >= 10 else {
      append(0x30 + UInt8(v))
      return
    }
    var length = 1
    var power: UInt64 = 10
    while length < 20 && v >= power {
      length += 1
      power = power &* 10
    }
    let to = room(length)
    var v = v
    for i in stride(from: length - 1, through: 0, by: -1) {
      to[i] = 0x30 + UInt8(v % 10)
      v /= 10
    }
    count += length
  }

  /// A number as ``JSONValue/format(_:)`` formats it ("%.6f", trailing
  /// zeros and a bare point dropped, `-0` as `0`, `null` when not finite).
  /// Below 2^43 in magnitude it is made here from the exact value;
  /// larger values (none in a report) are formatted by `format` itself.
  mutating func number(_ d: Double) {
    guard d.isFinite, let q = JSONBytes.millionths(d.magnitude) else {
      raw(JSONValue.format(d))
      return
    }
    if d < 0 && q != 0 { append(0x2D) }
    digits(q / 1_000_000)
    var fraction = q % 1_000_000
    guard fraction != 0 else { return }
    // Six decimals, their trailing zeros dropped.
    var length = 6
    while fraction % 10 == 0 {
      fraction /= 10
      length -= 1
    }
    let to = room(length + 1)
    to[0] = 0x2E
    for i in stride(from: length, through: 1, by: -1) {
      to[i] = 0x30 + UInt8(fraction % 10)
      fraction /= 10
    }
    count += length + 1
  }

  /// `.number` or `null`, as `JSONValue.optional` writes it.
  mutating func number(_ d: Double?) {
    if let d { number(d) } else { null() }
  }

  /// `m` (finite, not negative) times 10^6, rounded to the nearest integer
  /// and to the even one on a tie, as C's "%.6f" rounds the exact binary
  /// value; nil from 2^43 on (where the product may not fit in 63 bits).
  ///
  /// `m` is `significand * 2^e` exactly, with `e` at most -10 below 2^43,
  /// so `m * 10^6` is `significand * 10^6` (under 2^73, in two words)
  /// shifted right by `-e`: the integer part is kept and the bits shifted
  /// out decide the rounding, against exactly one half.
  static func millionths(_ m: Double) -> UInt64? {
    guard m < 0x1p43 else { return nil }
    guard m != 0 else { return 0 }
    let significand = m.significandBitPattern | (m.isNormal ? 1 << 52 : 0)
    let shift = m.isNormal ? 1075 - Int(m.exponentBitPattern) : 1074
    // Below one half of a millionth, whatever the bits: 0.
    guard shift < 74 else { return 0 }
    let (high, low) = significand.multipliedFullWidth(by: 1_000_000)
    let q: UInt64
    let rest: (UInt64, UInt64)  // the bits shifted out, (high, low)
    let half: (UInt64, UInt64)
    if shift < 64 {
      q = (high << (64 - shift)) | (low >> shift)
      rest = (0, low & ((1 << shift) - 1))
      half = (0, 1 << (shift - 1))
    } else {
      let s = shift - 64
      q = high >> s
      rest = (high & ((1 << s) - 1), low)
      half = s == 0 ? (0, 1 << 63) : (1 << (s - 1), 0)
    }
    return rest > half || (rest == half && q & 1 == 1) ? q + 1 : q
  }
}
