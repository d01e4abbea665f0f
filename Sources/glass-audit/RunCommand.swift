import ArgumentParser
import ContrastCore
import Foundation

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Audit layouts x wallpapers x modes x appearances and write the reports.",
    discussion: """
      Settings come from glass-audit.yml in the current folder when present; flags override \
      them.

      Paths may be given without flags: a folder of layouts or a layout file stands for \
      --layouts, a PNG or a folder of PNGs for --wallpapers \
      (glass-audit run layouts/ wallpapers/dusk.png).

      Exit status: 0 every check passes; 1 a check fails (not counting those a baseline \
      accepts; see --fail-on); 2 an input could not be audited (every other input is still \
      audited and reported); 64 a usage error.
      """
  )

  @OptionGroup var matrix: MatrixOptions

  @Option(name: [.short, .long], help: "Output folder for the reports.")
  var out: String?

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "Report formats to write, comma-separated or repeated (default: all): json, md, html,"
        + " junit, sarif, sqlite.",
      valueName: "list"))
  var formats: [ReportFormatList] = []

  @Option(
    help: ArgumentHelp(
      "Which checks report.json lists: failing (with every item's aggregate) or all"
        + " (report.sqlite always holds every check).",
      valueName: "which"))
  var jsonChecks: JSONChecks = .failing

  @Option(
    help: ArgumentHelp(
      "What fails the run: error (a failing check or a stale baseline entry), review (also a"
        + " check to review: its ratio's interval holds the threshold), warning (also lint"
        + " warnings and decorative warnings) or never (only an input error exits non-zero)."
        + " Default: error.",
      valueName: "level"))
  var failOn: FailOn?

  @Option(help: "Colour on stdout and stderr: auto (a terminal without NO_COLOR), always, never.")
  var color: ColorMode = .auto

  @Option(
    help: ArgumentHelp(
      "Audit only slice K of N (1-based) of the wallpapers; join the slices with 'merge'.",
      valueName: "K/N"),
    transform: { text in
      guard let s = ShardSpec(parsing: text) else {
        throw ValidationError("--shard must be K/N with 1 <= K <= N, got '\(text)'")
      }
      return s
    })
  var shard: ShardSpec?

  @Option(
    help: ArgumentHelp(
      "Accept the failures recorded in this baseline file, or in a run's report.json or"
        + " report.sqlite (they do not fail the run)."))
  var baseline: String?

  @Option(help: "Record the current failures into this baseline file.")
  var writeBaseline: String?

  @Flag(help: "Rewrite --baseline without its stale entries (checks that now pass).")
  var pruneBaseline = false

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Re-audit each failing item's fix over the whole matrix, as 'fix' does, so that every"
        + " report states the fix 'fix' would make (or why none is safe); on by default, not"
        + " in a shard. --no-verify-fixes saves that CPU (about one more run) and prints the"
        + " remedy search's fix, said to be re-audited only where the item fails."))
  var verifyFixes: Bool?

  @Flag(help: "Leave the timestamp out of report.json so identical inputs give identical bytes.")
  var deterministic = false

  @Flag(name: [.short, .long], help: "No progress on stderr.")
  var quiet = false

  func validate() throws {
    if pruneBaseline && baseline == nil {
      throw ValidationError("--prune-baseline needs --baseline FILE")
    }
    if verifyFixes == true && shard != nil {
      throw ValidationError(
        "--verify-fixes re-audits over every wallpaper, which a shard does not have: verify"
          + " after 'merge' with 'glass-audit fix --dry-run'")
    }
  }

  func run() throws {
    HeapSettings.keepLargeBlocks()
    VectorLevel.applyEnvironment()
    let console = Console(quiet: quiet, color: color)
    let configuration = try matrix.configuration(console: console)
    let settings = matrix.settings(configuration)
    let outDir = out ?? configuration.out ?? "reports"
    let formatList =
      formats.isEmpty
      ? (configuration.formats ?? ReportFormat.allCases) : ReportFormatList.flatten(formats)

    do {
      try Files.prepareOutputDirectory(outDir)
      // Before the audit, not after it: a baseline that cannot be saved is
      // known at once.
      if let writeBaseline { try Files.prepareToWrite(writeBaseline, what: "the baseline") }
      if pruneBaseline, let baseline, Files.exists(baseline) {
        try Files.prepareToWrite(baseline, what: "the baseline")
      }
    } catch {
      console.error("\(error)")
      throw ExitStatus.inputError
    }

    let profiles = try matrix.profiles(configuration, console: console)

    var loadedBaseline: Baseline?
    if let baseline {
      do {
        loadedBaseline = try Baseline.load(contentsOf: baseline)
      } catch {
        console.error(error.description)
        throw ExitStatus.inputError
      }
      if pruneBaseline, loadedBaseline?.isReport == true {
        console.error(
          "\(baseline): --prune-baseline rewrites a baseline file, and this is a run's report"
            + " (write a baseline of it with --write-baseline)")
        throw ExitStatus.inputError
      }
    }

    // Read before the audit: the fixes are verified on the texts audited.
    let verifying = (verifyFixes ?? configuration.verifyFixes ?? true) && shard == nil
    // (Decoded again by the previews and each of the fixes' rounds: kept.)
    let inputs = try matrix.request(
      configuration, settings: settings, profiles: profiles, keeping: verifying)
    var request = inputs.request
    request.shard = shard
    request.baseline = loadedBaseline
    request.pruningBaseline = pruneBaseline
    request.failOn = failOn ?? configuration.failOn ?? .error
    request.timestamp = deterministic ? nil : Date().ISO8601Format()
    if formatList.contains(.html) {
      request.previewer = { ScenePreviewRenderer.draw($0) }
      request.previewLimit = HTMLReport.maximumPreviews
    }
    inputs.printProblems(console)

    if shard != nil && verifyFixes == nil && configuration.verifyFixes != false {
      console.status(
        "glass-audit: a shard does not verify fixes (it holds a slice of the wallpapers); its"
          + " reports say so, and so does their merge\n")
    }
    var fixRequest = request
    // The fixer's rounds keep no placed wallpaper between them here: the
    // run's reports are held beside them (a wallpaper is made again for
    // each round from the 8-bit samples the run keeps, `KeptWallpapers`,
    // and placed again; `fix`, which holds no report, keeps some placed).
    fixRequest.cache = AuditCache(budget: 0)
    let layoutTexts =
      verifying
      ? FixVerification.readTexts(of: &fixRequest, files: inputs.layoutFiles, console: console)
        .texts : [:]
    let progress = Progress(total: request.auditedWallpapers.count, console: console)
    var report = AuditPipeline.run(request) { done in progress.update(done) }
    progress.finish()
    if verifying && report.summary.failed > 0 {
      console.status("glass-audit: verifying each failing item's fix over the whole matrix\n")
      let outcome = FixVerification.fix(
        fixRequest, texts: layoutTexts, reader: profiles.layoutReader,
        before: fixRequest.layouts.count == request.layouts.count ? report : nil,
        console: console)
      report.fixes = VerifiedFixes(outcome, texts: layoutTexts)
    }
    let inputErrors = Set(request.inputErrors)
    for e in report.outcome.errors where !inputErrors.contains(e) {
      console.error(Console.describe(e))
    }
    try ReportWriter.write(
      report, formats: formatList, jsonChecks: jsonChecks, outDir: outDir, console: console
    ) {
      if let path = writeBaseline {
        try Files.writeAtomically(Baseline.recording(report).render(), to: path)
        console.status("glass-audit: wrote baseline \(path)\n")
      }
      if let b = loadedBaseline, let o = report.baselineOutcome, let path = baseline {
        if !o.stale.isEmpty {
          if pruneBaseline {
            try Files.writeAtomically(b.pruned(stale: o.stale).render(), to: path)
            console.error(
              "glass-audit: pruned \(o.stale.count) stale entries from the baseline \(path)")
          } else {
            console.error(
              "glass-audit: \(o.stale.count) baseline entries are stale (those checks pass now); "
                + "run with --prune-baseline to remove them")
          }
        }
      }
    }
    try ExitStatus.end(report.gate)
  }
}
