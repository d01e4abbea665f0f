import ArgumentParser
import ContrastCore

struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check the layouts and the profile without auditing any wallpaper.",
    discussion: """
      Prints every error of every file (file:line:column: message) and the lint findings. \
      Paths (folders of layouts or layout files) may be given without --layouts: \
      glass-audit validate layouts/tabs.yml.

      Exit status: 0 all valid; 1 with --fail-on warning, a finding of severity warning; \
      2 a layout or the profile is invalid.
      """
  )

  @Argument(help: ArgumentHelp("Layout files or folders of layouts.", valueName: "path"))
  var paths: [String] = []

  @Option(help: "Folder of layout files (or one file); default: layouts.")
  var layouts: String?

  @Option(
    help:
      "A shipped profile by name (ios27, ios26, ios18) or a file laid over the default.")
  var profile: String?

  @Option(
    help: ArgumentHelp(
      "What fails: error (an invalid file, exit 2), warning (also a finding of severity"
        + " warning, exit 1) or never. Default: error.",
      valueName: "level"))
  var failOn: FailOn = .error

  @Option(help: "Colour on stdout and stderr: auto (a terminal without NO_COLOR), always, never.")
  var color: ColorMode = .auto

  @Flag(name: [.short, .long], help: "Print only errors, not findings.")
  var quiet = false

  func validate() throws {
    if !paths.isEmpty, let layouts {
      throw ValidationError("give the layouts as paths or with --layouts '\(layouts)', not both")
    }
  }

  func run() throws {
    let console = Console(quiet: quiet, color: color)
    let loaded: Profile
    do {
      if let profile {
        loaded = try ProfileLoader.load(named: profile)
      } else {
        loaded = try ProfileLoader.loadDefault()
      }
    } catch {
      console.error(error.description)
      throw ExitStatus.inputError
    }
    // Layouts name glass materials: a profile without Liquid Glass (ios18)
    // reads them with the default's names and judges their fallbacks.
    let reading = loaded.hasLiquidGlass ? loaded : ((try? ProfileLoader.loadDefault()) ?? loaded)
    var result = Discovery.Layouts()
    for path in paths.isEmpty ? [layouts ?? "layouts"] : paths {
      let one = Discovery.layouts(in: path, profile: reading)
      result.files += one.files
      result.layouts += one.layouts
      result.findings += one.findings
      result.errors += one.errors
    }
    // Targets below WCAG's threshold (at the default text size and level)
    // and glass without a fallback under a release before Liquid Glass.
    result.findings += SettingsLint.findings(
      layouts: result.layouts, profiles: [loaded], settings: AuditSettings()
    ).filter { $0.rule != .clippedText }
    for e in result.errors {
      console.error(Console.describe(e))
    }
    if !quiet {
      for f in result.findings {
        let place = f.file.map { "\($0)\(f.line.map { ":\($0)" } ?? ""): " } ?? ""
        console.out("\(place)\(f.rule) (\(f.rule.severity.rawValue)): \(f.message)")
      }
    }
    let profileName = profile ?? "default profile (\(ProfileLoader.defaultProfilePath))"
    console.out(
      "\(result.layouts.count) layouts valid, \(result.errors.count) invalid, "
        + "\(result.findings.count) findings; \(profileName) valid")
    var counts = GateVerdict.Counts()
    counts.inputErrors = result.errors.count
    counts.lintWarnings = result.findings.filter { $0.rule.severity == .warning }.count
    counts.failOn = failOn
    let verdict = GateVerdict(counts)
    if verdict.gate == .fail { console.out(verdict.headline) }
    try ExitStatus.end(verdict.gate)
  }
}
