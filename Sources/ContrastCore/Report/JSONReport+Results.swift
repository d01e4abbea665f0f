/// report.json's fast path: the bytes of ``JSONReport/render(_:)`` written
/// straight into a reusable buffer, a result at a time, with no `JSONValue`
/// tree and no `String` per result. The `JSONValue` tree
/// (``JSONReport/value(_:)``, ``JSONReport/result(_:)``) is its readable
/// reference; `JSONReportBytesTests` holds the two equal byte for byte.
extension JSONReport {
  /// The bytes of ``render(_:)``, handed to `chunk` in pieces of about
  /// `chunkSize` bytes or more (the buffer is reused: a piece is valid only
  /// during the call). The results are written one by one, so report.json
  /// is never whole in memory (at 100 screens x 100 wallpapers it is
  /// gigabytes); the other members are small and written by their
  /// `JSONValue`s.
  public static func write(
    _ report: AuditReport, chunkSize: Int = 1 << 20, bytes chunk: (UnsafeRawBufferPointer) -> Void
  ) {
    var out = JSONBytes(capacity: chunkSize + chunkSize / 4)
    func flush(_ out: inout JSONBytes, atLeast limit: Int) {
      guard out.count >= limit, out.count > 0 else { return }
      chunk(out.bytes)
      out.removeAll()
    }
    // As JSONValue writes an object at level 0.
    out.raw("{")
    for (i, (key, value)) in members(report).enumerated() {
      out.raw(i == 0 ? "\n" : ",\n")
      out.indent(1)
      out.string(key)
      out.raw(": ")
      if key == resultsKey {
        writeResults(report.outcome.results, into: &out) { flush(&$0, atLeast: chunkSize) }
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

  /// The results as the lazy array of ``members(_:)`` writes them at level
  /// 1, `flush` called with the buffer after each.
  static func writeResults(
    _ results: [CheckResult], into out: inout JSONBytes, flush: (inout JSONBytes) -> Void
  ) {
    guard !results.isEmpty else {
      out.raw("[]")
      return
    }
    out.raw("[\n")
    for (i, r) in results.enumerated() {
      out.indent(2)
      write(r, into: &out)
      out.raw(i + 1 < results.count ? ",\n" : "\n")
      flush(&out)
    }
    out.indent(1)
    out.raw("]")
  }

  /// One result as ``result(_:)`` renders it at level 2 (an element of
  /// the results): the same members in the same order.
  static func write(_ r: CheckResult, into out: inout JSONBytes) {
    out.raw("{")
    for (i, d) in SceneDimension.all.enumerated() {
      out.key(d.staticKey, level: 3, first: i == 0)
      switch d.value(of: r) {
      case .text(let t): out.string(t)
      case .number(let n): out.number(n)
      case .flag(let b): out.bool(b)
      case .none: out.null()
      }
    }
    out.key("element", level: 3)
    out.string(r.element)
    out.key("item", level: 3)
    out.string(r.item)
    out.key("kind", level: 3)
    out.string(r.kind.rawValue)
    out.key("role", level: 3)
    out.string(r.role)
    out.key("largeText", level: 3)
    out.bool(r.largeText)
    out.key("threshold", level: 3)
    out.number(r.threshold)
    out.key("thresholdSource", level: 3)
    out.string(r.thresholdSource.rawValue)

    let c = r.contrast
    out.key("contrast", level: 3)
    out.raw("{")
    out.key("min", level: 4, first: true)
    out.number(c.min)
    out.key("p05", level: 4)
    out.number(c.p05)
    out.key("p10", level: 4)
    out.number(c.p10)
    out.key("median", level: 4)
    out.number(c.median)
    out.key("mean", level: 4)
    out.number(c.mean)
    out.key("max", level: 4)
    out.number(c.max)
    out.key("failingFraction", level: 4)
    out.number(c.failingFraction)
    out.close("}", level: 3)

    let b = r.bounds
    out.key("bounds", level: 3)
    out.raw("{")
    out.key("min", level: 4, first: true)
    out.number(b.min)
    out.key("max", level: 4)
    out.number(b.max)
    out.close("}", level: 3)

    out.key("verdict", level: 3)
    out.string(r.verdict.rawValue)
    out.key("baseline", level: 3)
    out.string(r.baseline)
    out.key("trust", level: 3)
    out.string(r.trust.rawValue)
    out.key("trustBasis", level: 3)
    out.string(r.trustBasis)
    out.key("pixels", level: 3)
    out.int(r.pixelCount)
    out.key("color", level: 3)
    out.string(r.color)
    out.key("material", level: 3)
    out.string(r.material)
    out.key("file", level: 3)
    out.string(r.file)
    out.key("line", level: 3)
    out.int(r.line)
    if let m = r.remedy {
      out.key("remedy", level: 3)
      write(m, into: &out)
    }
    out.close("}", level: 2)
  }

  /// A result's remedy as ``result(_:)`` renders it at level 3.
  static func write(_ m: Remedy, into out: inout JSONBytes) {
    out.raw("{")
    out.key("alphaProperty", level: 4, first: true)
    out.string(m.alphaProperty)
    out.key("alphaColor", level: 4)
    out.string(m.alphaColor)
    out.key("currentAlpha", level: 4)
    out.number(m.currentAlpha)
    out.key("alpha", level: 4)
    out.number(m.alpha)
    out.key("alphaRatio", level: 4)
    out.number(m.alphaRatio)
    out.key("color", level: 4)
    out.string(m.color)
    out.key("colorRatio", level: 4)
    out.number(m.colorRatio)
    out.key("colorName", level: 4)
    out.string(m.colorName)
    out.key("material", level: 4)
    out.string(m.material)
    out.key("currentMaterial", level: 4)
    out.string(m.currentMaterial)
    out.key("materialRatio", level: 4)
    out.number(m.materialRatio)
    out.key("largeTextSize", level: 4)
    out.number(m.largeTextSize)
    out.key("largeTextWeight", level: 4)
    out.string(m.largeTextWeight)
    out.key("largeTextThreshold", level: 4)
    out.number(m.largeTextThreshold)
    out.key("largeTextRatio", level: 4)
    out.number(m.largeTextRatio)
    out.key("combinedMaterial", level: 4)
    out.string(m.combinedMaterial)
    out.key("combinedColorName", level: 4)
    out.string(m.combinedColorName)
    out.key("combinedColor", level: 4)
    out.string(m.combinedColor)
    out.key("combinedRatio", level: 4)
    out.number(m.combinedRatio)
    out.key("tried", level: 4)
    let tried = m.tried ?? []
    if tried.isEmpty {
      out.raw("[]")
    } else {
      out.raw("[\n")
      for (i, t) in tried.enumerated() {
        out.indent(5)
        out.string(t)
        out.raw(i + 1 < tried.count ? ",\n" : "\n")
      }
      out.indent(4)
      out.raw("]")
    }
    out.close("}", level: 3)
  }
}
