import ArgumentParser
import ContrastCore
import Foundation

/// Writes a report set, the GitHub annotations and step summary, and the
/// summary on stdout; the exit status is ``ExitStatus``'s to decide.
enum ReportWriter {
  /// Writes `report` in `formats` into `outDir` as one set (`ReportSet`),
  /// then runs `after` (more files to write); a write that fails ends the
  /// command with ``ExitStatus/inputError`` and leaves the previous set.
  static func write(
    _ report: AuditReport, formats: [ReportFormat], outDir: String, console: Console,
    after: () throws -> Void = {}
  ) throws {
    // The texts are rendered side by side (each is a pure function of the
    // report), then written one by one in the order asked for.
    let texts = renderAll(report, formats: formats)
    var written: [String] = []
    do {
      written = try ReportSet.publish(
        zip(formats, texts).map { ($0.fileName, Array($1.utf8)) }, in: outDir)
      try after()
    } catch {
      console.error("\(error)")
      throw ExitStatus.inputError
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
