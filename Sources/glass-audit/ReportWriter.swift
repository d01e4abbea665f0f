import ArgumentParser
import ContrastCore
import Foundation

/// Writes a report set and ends the command with the exit status of SPEC §5.
enum ReportWriter {
  static func finish(
    _ report: AuditReport, formats: [ReportFormat], outDir: String, console: Console,
    after: ([String]) throws -> Void = { _ in }
  ) throws {
    // The texts are rendered side by side (each is a pure function of the
    // report), then written one by one in the order asked for.
    let texts = renderAll(report, formats: formats)
    var written: [String] = []
    do {
      for (format, text) in zip(formats, texts) {
        let path = Files.join(outDir, format.fileName)
        try Files.writeAtomically(text, to: path)
        written.append(path)
      }
      try after(written)
    } catch {
      console.error("\(error)")
      throw ExitCode(2)
    }
    let env = ProcessInfo.processInfo.environment
    if env["GITHUB_ACTIONS"] == "true" {
      for line in GitHubAnnotations.lines(report) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
      }
    }
    if let summaryPath = env["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
      appendStepSummary(MarkdownReport.render(report), to: summaryPath, console: console)
    }
    print(Summary.text(report, written: written, color: console.stdoutColor))
    let s = report.summary
    if s.errors > 0 { throw ExitCode(2) }
    if s.newFailures > 0 { throw ExitCode(1) }
  }

  /// Each format's text, in the order of `formats`, rendered side by side
  /// (each is a pure function of the report).
  static func renderAll(_ report: AuditReport, formats: [ReportFormat]) -> [String] {
    formats.parallelMap(workers: formats.count) { format in
      switch format {
      case .json: JSONReport.render(report)
      case .md: MarkdownReport.render(report)
      case .html: HTMLReport.render(report)
      case .junit: JUnitReport.render(report)
      case .sarif: SARIFReport.render(report)
      }
    }
  }

  private static func appendStepSummary(_ text: String, to path: String, console: Console) {
    guard let handle = FileHandle(forWritingAtPath: path) else {
      console.error("warning: cannot append to GITHUB_STEP_SUMMARY '\(path)'")
      return
    }
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    try? handle.close()
  }
}
