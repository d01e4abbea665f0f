import ArgumentParser
import ContrastCore
import Foundation

struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join the reports of a sharded run (--shard K/N) into one report set.",
    discussion: """
      Each DIR holds the report.sqlite of one shard (the default formats write it; it \
      holds every check and the remedy search, which report.json does not). All N \
      shards must be present, each once, run with the same settings over the same \
      inputs; otherwise nothing is written and the reason is printed (exit 2). The \
      merged reports are those a single unsharded run writes with --no-verify-fixes: a \
      shard does not re-audit fixes, and the reports say so ('glass-audit fix --dry-run' \
      does). Exit status as for 'run'.
      """
  )

  @Argument(help: "Folders holding one shard's report.sqlite each (or the files).")
  var directories: [String]

  @Option(name: [.short, .long], help: "Output folder for the merged reports.")
  var out: String = "reports"

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "Report formats to write, comma-separated or repeated (default: all but html): json,"
        + " md, junit, sarif, sqlite, html.",
      valueName: "list"))
  var formats: [ReportFormatList] = []

  @Option(
    help: ArgumentHelp(
      "Which checks report.json lists: failing or all (as for 'run').", valueName: "which"))
  var jsonChecks: JSONChecks = .failing

  @Option(
    help: ArgumentHelp(
      "What fails the run: error, review, warning or never (as for 'run').",
      valueName: "level"))
  var failOn: FailOn = .error

  @Option(help: "Colour on stdout and stderr: auto (a terminal without NO_COLOR), always, never.")
  var color: ColorMode = .auto

  @Flag(help: "Leave the timestamp out of report.json.")
  var deterministic = false

  @Flag(
    help: ArgumentHelp(
      "Re-audit each failing item's fix over the whole matrix, as 'run' does (a shard does"
        + " not): reads the shards' layouts, wallpapers, profiles and settings file as 'run'"
        + " reads them (or as --config, --layouts, --wallpapers, --profile say), and is refused"
        + " when they are not what the shards audited."))
  var verifyFixes = false

  @Option(help: "With --verify-fixes: the shards' settings file (default: glass-audit.yml).")
  var config: String?

  @Option(help: "With --verify-fixes: the shards' layouts folder or file.")
  var layouts: String?

  @Option(help: "With --verify-fixes: the shards' wallpapers folder or PNG file.")
  var wallpapers: String?

  @Option(help: ArgumentHelp("With --verify-fixes: the shards' profiles.", valueName: "list"))
  var profile: String?

  func validate() throws {
    if directories.isEmpty { throw ValidationError("give at least one shard folder") }
    if !verifyFixes, config != nil || layouts != nil || wallpapers != nil || profile != nil {
      throw ValidationError(
        "--config, --layouts, --wallpapers and --profile say where --verify-fixes reads the"
          + " shards' inputs: give --verify-fixes too")
    }
  }

  /// The merged run's fixes re-audited over the inputs read here, which must
  /// be the shards' (the same digest of layouts, wallpapers, profiles and
  /// targets); nil, with the reason on stderr, when they are not.
  func verifiedFixes(of report: AuditReport, console: Console) throws -> VerifiedFixes? {
    var args: [String] = []
    for (flag, value) in [
      ("--config", config), ("--layouts", layouts), ("--wallpapers", wallpapers),
      ("--profile", profile),
    ] {
      if let value { args += [flag, value] }
    }
    let matrix: MatrixOptions
    do {
      matrix = try MatrixOptions.parse(args)
    } catch {
      console.error("merge --verify-fixes: \(MatrixOptions.message(for: error))")
      throw ExitCode.validationFailure
    }
    let configuration = try matrix.configuration(console: console)
    let profiles = try matrix.profiles(configuration, console: console)
    let inputs = try matrix.request(
      configuration, settings: report.settings, profiles: profiles)
    guard inputs.request.inputsDigest == report.inputsDigest else {
      console.error(
        "merge --verify-fixes refused: the layouts, wallpapers, profiles or targets read here"
          + " (layouts '\(layouts ?? configuration.layouts ?? "layouts")', wallpapers"
          + " '\(wallpapers ?? configuration.wallpapers ?? "wallpapers")') are not those the"
          + " shards audited; give the shards' --config, --layouts, --wallpapers and --profile")
      throw ExitStatus.inputError
    }
    guard report.summary.failed > 0 else { return nil }
    var request = inputs.request
    let texts = FixVerification.readTexts(
      of: &request, files: inputs.layoutFiles, console: console
    ).texts
    console.status("glass-audit: verifying each failing item's fix over the whole matrix\n")
    let outcome = FixVerification.fix(
      request, texts: texts, reader: profiles.layoutReader,
      before: request.layouts.count == inputs.request.layouts.count ? report : nil,
      console: console)
    return VerifiedFixes(outcome, texts: texts)
  }

  func run() throws {
    let console = Console(quiet: false, color: color)
    var shards: [(report: AuditReport, file: String)] = []
    var problems: [String] = []
    for dir in directories {
      let file = Files.isDirectory(dir) ? Files.join(dir, "report.sqlite") : dir
      guard Files.exists(file) else {
        problems.append(
          "'\(file)' does not exist: merge reads each shard's report.sqlite (run the shards"
            + " with a --format list that has sqlite, or without --format)")
        continue
      }
      do {
        shards.append((try SQLiteReport.read(try Files.readBytes(file), file: file), file))
      } catch let d as Diagnostic {
        problems.append(d.description)
      } catch {
        problems.append("cannot read '\(file)': \(error.localizedDescription)")
      }
    }
    guard problems.isEmpty else {
      for p in problems { console.error("merge refused: \(p)") }
      throw ExitStatus.inputError
    }
    var report: AuditReport
    do {
      report = try AuditPipeline.merge(
        shards,
        timestamp: deterministic ? nil : Date().ISO8601Format(), failOn: failOn)
    } catch {
      for p in error.problems { console.error("merge refused: \(p)") }
      throw ExitStatus.inputError
    }
    if verifyFixes { report.fixes = try verifiedFixes(of: report, console: console) }
    do {
      try Files.prepareOutputDirectory(out)
    } catch {
      console.error("\(error)")
      throw ExitStatus.inputError
    }
    try ReportWriter.write(
      report,
      formats: formats.isEmpty
        ? ReportFormat.allCases.filter { $0 != .html } : ReportFormatList.flatten(formats),
      jsonChecks: jsonChecks,
      outDir: out, console: console)
    try ExitStatus.end(report.gate)
  }
}
