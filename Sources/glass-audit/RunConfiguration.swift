import ContrastCore

/// Settings of `glass-audit.yml` (all optional; flags override them), as the
/// run command uses them. The file's format and checks are
/// `AuditConfiguration`'s.
struct RunConfiguration {
  var layouts: String?
  var wallpapers: String?
  var out: String?
  var level: ConformanceLevel?
  var statistic: VerdictStatistic?
  var largeText: LargeTextRule?
  var modes: [AccessibilityMode]?
  var appearances: [Appearance]?
  var profiles: [String]?
  var liquidGlass: [LiquidGlassSetting]?
  var formats: [ReportFormat]?
  var jobs: Int?
  var pixelLimit: Int?
  var failOn: FailOn?
  var textSizes: [TextSize]?
  var boldText: [Bool]?
  var targets: ContrastTargets?

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
      layouts: file.layouts, wallpapers: file.wallpapers, out: file.out, level: file.level,
      statistic: file.statistic, largeText: file.largeText, modes: file.modes,
      appearances: file.appearances, profiles: file.profiles, liquidGlass: file.liquidGlass,
      formats: file.formats?.compactMap(ReportFormat.init(rawValue:)), jobs: file.jobs,
      pixelLimit: file.pixelLimit, failOn: file.failOn, textSizes: file.textSizes,
      boldText: file.boldText, targets: file.targets)
  }
}
