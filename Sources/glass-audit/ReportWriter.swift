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
    _ report: AuditReport, formats: [ReportFormat], jsonChecks: JSONChecks, outDir: String,
    console: Console, after: () throws -> Void = {}
  ) throws {
    // Each text is made as its file is written, one after another (the
    // order asked for), so at most one is in memory, and report.json never
    // whole: memory stays bounded by the wallpaper, not the matrix.
    var written: [String] = []
    do {
      written = try ReportSet.publish(
        formats.map { ($0.fileName, ReportContent.report($0, report, jsonChecks: jsonChecks)) },
        in: outDir)
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

extension JSONChecks: ExpressibleByArgument {}
