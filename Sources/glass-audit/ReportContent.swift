import ContrastCore

/// A file's bytes as they are made: `produce` hands them, in order and a
/// piece at a time, to the function it is given (a piece is valid only
/// during that call). The reports are made only when their file is written,
/// two at a time on two threads (``ReportSet/writeAll(_:into:)``), and
/// report.json a check at a time into one reused buffer, so at most two
/// report texts, and never the whole of report.json, are in memory at once.
///
/// Making a file's bytes may fail (report.sqlite's database, out of
/// memory): `produce` then throws before handing any piece, and the set is
/// not published.
struct ReportContent: Sendable {
  let produce: @Sendable ((UnsafeRawBufferPointer) -> Void) throws -> Void

  init(bytes produce: @escaping @Sendable ((UnsafeRawBufferPointer) -> Void) throws -> Void) {
    self.produce = produce
  }

  init(text: @escaping @Sendable () -> String) {
    self.produce = { chunk in
      var text = text()
      text.withUTF8 { chunk(UnsafeRawBufferPointer($0)) }
    }
  }

  /// The content of `format`'s file for `report`; what the report before
  /// it let go of is given back to the system first.
  static func report(_ format: ReportFormat, _ report: AuditReport, jsonChecks: JSONChecks)
    -> ReportContent
  {
    let made = content(format, report, jsonChecks: jsonChecks)
    return ReportContent { chunk in
      HeapSettings.releaseFreedMemory()
      try made.produce(chunk)
    }
  }

  private static func content(
    _ format: ReportFormat, _ report: AuditReport, jsonChecks: JSONChecks
  ) -> ReportContent {
    switch format {
    case .json: ReportContent { JSONReport.write(report, checks: jsonChecks, bytes: $0) }
    case .md: ReportContent { MarkdownReport.render(report) }
    case .html: ReportContent { HTMLReport.render(report) }
    case .junit: ReportContent { JUnitReport.render(report) }
    case .sarif: ReportContent { SARIFReport.render(report) }
    case .sqlite:
      ReportContent { chunk in
        do {
          try SQLiteReport.write(report, bytes: chunk)
        } catch {
          throw CLIError("cannot make report.sqlite: \(error)")
        }
      }
    }
  }
}
