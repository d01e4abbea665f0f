/// report.json's fast path: the bytes of ``JSONReport/render(_:checks:)``
/// written straight into a reusable buffer, a check at a time, with no
/// `JSONValue` tree and no `String` per check. The `JSONValue` tree
/// (``JSONReport/value(_:checks:)``, ``JSONReport/check(_:tables:n:)``) is
/// its readable reference; `JSONReportBytesTests` holds the two equal byte
/// for byte.
extension JSONReport {
  /// The bytes of ``render(_:checks:)``, handed to `chunk` in pieces of
  /// about `chunkSize` bytes or more (the buffer is reused: a piece is valid
  /// only during the call). The checks are written one by one, so
  /// report.json is never whole in memory (with `--json-checks all` at 100
  /// screens x 100 wallpapers it is gigabytes); the other members are
  /// written by their `JSONValue`s.
  public static func write(
    _ report: AuditReport, checks: JSONChecks = .failing, chunkSize: Int = 1 << 20,
    bytes chunk: (UnsafeRawBufferPointer) -> Void
  ) {
    var out = JSONBytes(capacity: chunkSize + chunkSize / 4)
    func flush(_ out: inout JSONBytes, atLeast limit: Int) {
      guard out.count >= limit, out.count > 0 else { return }
      chunk(out.bytes)
      out.removeAll()
    }
    let tables = Tables(report, checks: checks)
    // As JSONValue writes an object at level 0.
    out.raw("{")
    for (i, (key, value)) in members(report, tables: tables).enumerated() {
      out.raw(i == 0 ? "\n" : ",\n")
      out.indent(1)
      out.string(key)
      out.raw(": ")
      if key == checksKey {
        writeChecks(report.outcome.results, tables: tables, into: &out) {
          flush(&$0, atLeast: chunkSize)
        }
      } else {
        value.stream(indent: 1, chunkSize: chunkSize) { _, text in
          out.raw(text)
          flush(&out, atLeast: chunkSize)
        }
      }
    }
    out.raw("\n}\n")
    flush(&out, atLeast: 0)
  }

  /// The listed checks as the lazy array of ``members(_:tables:)`` writes
  /// them at level 1, `flush` called with the buffer after each: one line
  /// each, compact (no space after `:` or `,`: a full sweep lists a hundred
  /// thousand and more, issue 28 part 5).
  static func writeChecks(
    _ results: CheckColumns, tables t: Tables, into out: inout JSONBytes,
    flush: (inout JSONBytes) -> Void
  ) {
    guard !t.listed.isEmpty else {
      out.raw("[]")
      return
    }
    out.raw("[\n")
    let dimensions = SceneDimension.afterItem
    for (n, k) in t.listed.enumerated() {
      let r = results[k]
      out.indent(2)
      out.raw("{\"itemIndex\":")
      out.int(t.aggregates.itemOf[k])
      for d in dimensions {
        out.raw(",\"")
        out.raw(d.staticKey)
        out.raw("\":")
        switch d.value(of: r) {
        case .text(let s): out.string(s)
        case .number(let v): out.number(v)
        case .flag(let b): out.bool(b)
        case .none: out.null()
        }
      }
      out.raw(",\"lookIndex\":")
      out.int(t.lookOf[n])
      let c = r.contrast
      out.raw(",\"contrast\":{\"min\":")
      out.number(c.min)
      out.raw(",\"p05\":")
      out.number(c.p05)
      out.raw(",\"p10\":")
      out.number(c.p10)
      out.raw(",\"median\":")
      out.number(c.median)
      out.raw(",\"mean\":")
      out.number(c.mean)
      out.raw(",\"max\":")
      out.number(c.max)
      out.raw(",\"failingFraction\":")
      out.number(c.failingFraction)
      let interval = r.interval
      out.raw("},\"interval\":{\"min\":")
      out.number(interval.min)
      out.raw(",\"max\":")
      out.number(interval.max)
      out.raw("},\"verdict\":")
      out.string(r.verdict.rawValue)
      out.raw(",\"baseline\":")
      out.string(t.baseline.state(of: r).rawValue)
      out.raw(",\"pixels\":")
      out.int(r.pixelCount)
      out.raw(",\"remedyIndex\":")
      if let m = t.checkRemedy[n] { out.int(m) } else { out.null() }
      out.raw(n + 1 < t.listed.count ? "},\n" : "}\n")
      flush(&out)
    }
    out.indent(1)
    out.raw("]")
  }
}
