import ContrastCore

/// A file's contents as they are made, in one of two ways: its bytes
/// handed, in order and a piece at a time, to the function `produce` is
/// given (a piece is valid only during that call); or, for report.sqlite,
/// the file made whole at the path `make` is given, by SQLite, whose page
/// cache (not the whole database) is all of it in memory. The reports are
/// made only when their file is written, two at a time on two threads
/// (``ReportSet/writeAll(_:into:)``), and report.json a check at a time
/// into one reused buffer, so at most two report texts, and never the
/// whole of report.json or report.sqlite, are in memory at once.
///
/// Making a file may fail (report.sqlite's database, a full disk):
/// `produce` then throws before handing any piece, `make` with the file
/// partly written, and the set is not published.
struct ReportContent: Sendable {
  enum Source: Sendable {
    case bytes(@Sendable ((UnsafeRawBufferPointer) -> Void) throws -> Void)
    case file(@Sendable (String) throws -> Void)
  }

  let source: Source

  init(bytes produce: @escaping @Sendable ((UnsafeRawBufferPointer) -> Void) throws -> Void) {
    source = .bytes(produce)
  }

  /// A file that `make` creates (it must not exist) and fills at the path
  /// it is given, throwing when it cannot.
  init(file make: @escaping @Sendable (String) throws -> Void) {
    source = .file(make)
  }

  init(text: @escaping @Sendable () -> String) {
    source = .bytes { chunk in
      var text = text()
      text.withUTF8 { chunk(UnsafeRawBufferPointer($0)) }
    }
  }

  /// The same content, `first` run before it is made.
  func after(_ first: @escaping @Sendable () -> Void) -> ReportContent {
    switch source {
    case .bytes(let produce):
      ReportContent(bytes: { chunk in
        first()
        try produce(chunk)
      })
    case .file(let make):
      ReportContent(file: { path in
        first()
        try make(path)
      })
    }
  }

  /// The content of `format`'s file for `report`; what the report before
  /// it let go of is given back to the system first.
  static func report(_ format: ReportFormat, _ report: AuditReport, jsonChecks: JSONChecks)
    -> ReportContent
  {
    content(format, report, jsonChecks: jsonChecks).after { HeapSettings.releaseFreedMemory() }
  }

  private static func content(
    _ format: ReportFormat, _ report: AuditReport, jsonChecks: JSONChecks
  ) -> ReportContent {
    switch format {
    case .json: ReportContent(bytes: { JSONReport.write(report, checks: jsonChecks, bytes: $0) })
    case .md: ReportContent { MarkdownReport.render(report) }
    case .html: ReportContent { HTMLReport.render(report) }
    case .junit: ReportContent { JUnitReport.render(report) }
    case .sarif: ReportContent { SARIFReport.render(report) }
    case .sqlite:
      ReportContent(file: { path in
        do {
          try SQLiteReport.write(report, toFileAt: path)
        } catch {
          let reason = "\(error)"
          throw CLIError("cannot write '\(path)': \(reason)", reason: reason)
        }
      })
    }
  }
}
