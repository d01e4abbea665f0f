import ContrastCore

/// Settings of `glass-audit.yml` (all optional; flags override them), as the
/// run command uses them. The file's format and checks are
/// `AuditConfiguration`'s.
@dynamicMemberLookup
struct RunConfiguration {
  /// The file's settings, read through as the run's (`configuration.jobs`).
  var file = AuditConfiguration()
  /// The report formats, known to the run.
  var formats: [ReportFormat]?

  subscript<T>(dynamicMember path: KeyPath<AuditConfiguration, T>) -> T { file[keyPath: path] }

  static let keys = AuditConfiguration.keys

  /// Reads the file, reporting every problem at once.
  static func load(_ path: String) throws(DiagnosticList) -> RunConfiguration {
    let text: String
    do {
      text = try SourceText.decode(try InputPath(path).readAll(), file: path)
    } catch let error as Diagnostic {
      throw DiagnosticList([error])
    } catch {
      throw DiagnosticList([SourceText.unreadable(path, reason: "\(error)")])
    }
    let file = try AuditConfiguration.parse(
      text, file: path, formatNames: ReportFormat.allCases.map(\.rawValue))
    return RunConfiguration(
      file: file, formats: file.formats?.compactMap(ReportFormat.init(rawValue:)))
  }
}
