import ContrastCore

/// A file's text as it is made: `produce` hands its pieces, in order, to the
/// function it is given. The reports are made only when their file is
/// written, one after another, and report.json a result at a time, so no two
/// report texts, and never the whole of report.json, are in memory at once.
struct ReportContent {
  let produce: ((String) -> Void) -> Void

  init(produce: @escaping ((String) -> Void) -> Void) {
    self.produce = produce
  }

  init(text: @escaping () -> String) {
    self.produce = { $0(text()) }
  }

  /// The content of `format`'s file for `report`; what the report before
  /// it let go of is given back to the system first.
  static func report(_ format: ReportFormat, _ report: AuditReport) -> ReportContent {
    let made = content(format, report)
    return ReportContent { chunk in
      HeapSettings.releaseFreedMemory()
      made.produce(chunk)
    }
  }

  private static func content(_ format: ReportFormat, _ report: AuditReport) -> ReportContent {
    switch format {
    case .json: ReportContent { JSONReport.write(report, chunk: $0) }
    case .md: ReportContent { MarkdownReport.render(report) }
    case .html: ReportContent { HTMLReport.render(report) }
    case .junit: ReportContent { JUnitReport.render(report) }
    case .sarif: ReportContent { SARIFReport.render(report) }
    }
  }
}
