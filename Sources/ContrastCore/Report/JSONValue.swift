import Foundation

/// A JSON value with ordered object keys, written deterministically: keys in
/// the order given, numbers with at most six decimals (trailing zeros
/// dropped), strings escaped per RFC 8259, two-space indentation.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case int(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])
  /// An array whose elements are made one at a time as they are written, so
  /// that a long one (report.json's results at a team's scale) is never whole
  /// in memory: ``stream(chunkSize:_:)`` hands the text on in chunks.
  case lazyArray(count: Int, element: @Sendable (Int) -> JSONValue)
  /// A value written on one line: objects as `{"a": 1, "b": [2, 3]}`,
  /// arrays as `[1, 2]` (a row of a long table, one per line).
  case inline(JSONValue)
  /// A value written on one line with no space: `{"a":1,"b":[2,3]}` (a row
  /// of a table a hundred thousand rows long).
  case compact(JSONValue)

  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

  /// `.string` or `.null`.
  public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
  /// `.number` or `.null`.
  public static func optional(_ d: Double?) -> JSONValue { d.map(JSONValue.number) ?? .null }

  /// The value as JSON text, ending in a newline at the top level.
  public func rendered() -> String {
    var out = ""
    write(into: &out, indent: 0)
    out.append("\n")
    return out
  }

  /// The value as JSON text (the bytes of ``rendered()``), handed to `chunk`
  /// in pieces of about `chunkSize` UTF-8 bytes or more, cut only between
  /// the elements of arrays.
  public func stream(chunkSize: Int = 1 << 20, _ chunk: (String) -> Void) {
    stream(indent: 0, chunkSize: chunkSize) { last, text in
      if last {
        var text = text
        text.append("\n")
        chunk(text)
      } else {
        chunk(text)
      }
    }
  }

  /// The value as written at `indent` inside a larger document (as the
  /// value of an object member at `indent`, no newline after it), handed to
  /// `chunk` as ``stream(chunkSize:_:)`` hands it, with `true` for the last
  /// piece (which may be empty).
  func stream(indent: Int, chunkSize: Int, _ chunk: (_ last: Bool, String) -> Void) {
    var out = ""
    out.reserveCapacity(chunkSize + chunkSize / 4)
    withoutActuallyEscaping(chunk) { chunk in
      var flush: Flush? = Flush(limit: chunkSize) { chunk(false, $0) }
      write(into: &out, indent: indent, flush: &flush)
    }
    chunk(true, out)
  }

  /// Hands the text written so far on once it is long enough.
  private struct Flush {
    let limit: Int
    let chunk: (String) -> Void

    func callAsFunction(_ out: inout String) {
      guard out.utf8.count >= limit else { return }
      chunk(out)
      out.removeAll(keepingCapacity: true)
    }
  }

  private func write(into out: inout String, indent: Int) {
    var none: Flush? = nil
    write(into: &out, indent: indent, flush: &none)
  }

  private func write(into out: inout String, indent: Int, flush: inout Flush?) {
    switch self {
    case .null: out.append("null")
    case .bool(let b): out.append(b ? "true" : "false")
    case .int(let i): out.append(String(i))
    case .number(let d): out.append(JSONValue.format(d))
    case .string(let s): JSONValue.escape(s, into: &out)
    case .array(let items):
      if items.isEmpty {
        out.append("[]")
        return
      }
      out.append("[\n")
      for (i, v) in items.enumerated() {
        out.append(JSONValue.indentation(indent + 1))
        v.write(into: &out, indent: indent + 1, flush: &flush)
        out.append(i + 1 < items.count ? ",\n" : "\n")
        flush?.callAsFunction(&out)
      }
      out.append(JSONValue.indentation(indent))
      out.append("]")
    case .object(let pairs):
      if pairs.isEmpty {
        out.append("{}")
        return
      }
      out.append("{\n")
      for (i, (k, v)) in pairs.enumerated() {
        out.append(JSONValue.indentation(indent + 1))
        JSONValue.escape(k, into: &out)
        out.append(": ")
        v.write(into: &out, indent: indent + 1, flush: &flush)
        out.append(i + 1 < pairs.count ? ",\n" : "\n")
      }
      out.append(JSONValue.indentation(indent))
      out.append("}")
    case .lazyArray(let count, let element):
      if count == 0 {
        out.append("[]")
        return
      }
      out.append("[\n")
      for i in 0..<count {
        out.append(JSONValue.indentation(indent + 1))
        element(i).write(into: &out, indent: indent + 1, flush: &flush)
        out.append(i + 1 < count ? ",\n" : "\n")
        flush?.callAsFunction(&out)
      }
      out.append(JSONValue.indentation(indent))
      out.append("]")
    case .inline(let v): v.writeInline(into: &out)
    case .compact(let v): v.writeInline(into: &out, compact: true)
    }
  }

  /// The value on one line: `, ` between members and elements, `: ` after
  /// a key; `,` and `:` when `compact`.
  private func writeInline(into out: inout String, compact: Bool = false) {
    let comma = compact ? "," : ", "
    switch self {
    case .null, .bool, .number, .int, .string:
      var none: Flush? = nil
      write(into: &out, indent: 0, flush: &none)
    case .array(let items):
      out.append("[")
      for (i, v) in items.enumerated() {
        if i > 0 { out.append(comma) }
        v.writeInline(into: &out, compact: compact)
      }
      out.append("]")
    case .lazyArray(let count, let element):
      out.append("[")
      for i in 0..<count {
        if i > 0 { out.append(comma) }
        element(i).writeInline(into: &out, compact: compact)
      }
      out.append("]")
    case .object(let pairs):
      out.append("{")
      for (i, (k, v)) in pairs.enumerated() {
        if i > 0 { out.append(comma) }
        JSONValue.escape(k, into: &out)
        out.append(compact ? ":" : ": ")
        v.writeInline(into: &out, compact: compact)
      }
      out.append("}")
    case .inline(let v): v.writeInline(into: &out, compact: compact)
    case .compact(let v): v.writeInline(into: &out, compact: true)
    }
  }

  /// Two spaces per level; the first levels made once.
  private static let indents = (0..<16).map { String(repeating: "  ", count: $0) }

  private static func indentation(_ level: Int) -> String {
    level < indents.count ? indents[level] : String(repeating: "  ", count: level)
  }

  /// A number with at most six decimals, trailing zeros dropped; non-finite
  /// values become `null` (JSON has no infinity).
  public static func format(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    // C's "%.6f" (what `String(format:)` formats with, without its cost); the
    // longest, -1.8e308, takes 317 characters.
    let capacity = 400
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
      let text = buffer.baseAddress!
      var end = Int(withVaList([d]) { vsnprintf(text, capacity, "%.6f", $0) })
      // Six decimals always follow the point: drop their trailing zeros, then
      // a bare point.
      while text[end - 1] == 0x30 { end -= 1 }
      if text[end - 1] == 0x2E { end -= 1 }
      if end == 2 && text[0] == 0x2D && text[1] == 0x30 { return "0" }
      return String(
        decoding: UnsafeRawBufferPointer(start: text, count: end), as: UTF8.self)
    }
  }

  static func escape(_ s: String, into out: inout String) { Escaping.json(s, into: &out) }
}
