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

  @Argument(
    help: ArgumentHelp(
      "Layouts and wallpapers: a folder of layouts or a layout file (.yml, .yaml, .json) is"
        + " --layouts; a PNG or a folder of PNGs is --wallpapers.",
      valueName: "path"))
  var paths: [String] = []

  @Option(help: "Folder of layout files (.yml, .yaml, .json).")
  var layouts: String?

  @Option(help: "Folder of wallpapers (.png, with an optional matrix.yml), or one PNG file.")
  var wallpapers: String?

  @Option(
    help:
      "Modes, comma-separated: normal, reduceTransparency, increaseContrast, reduceTransparency+increaseContrast."
  )
  var modes: ModeList?

  @Option(help: "Appearances, comma-separated: light, dark.")
  var appearances: AppearanceList?

  @Option(help: "WCAG level: AA or AAA.")
  var level: ConformanceLevel?

  @Option(help: "Statistic the verdict is judged on: min, p05, p10, median.")
  var statistic: VerdictStatistic?

  @Option(help: "Large-text rule: wcag or hig.")
  var largeText: LargeTextRule?

  @Option(
    help: ArgumentHelp(
      "Profiles, comma-separated, each judged in full: a shipped profile (ios27, the default;"
        + " ios26; ios18, the release before Liquid Glass, where elements draw their fallback)"
        + " or a profile file laid over the default (replaces only what it names).",
      valueName: "list"))
  var profile: ProfileList?

  @Option(
    name: .customLong("text-sizes"),
    help: ArgumentHelp(
      "Text sizes, comma-separated: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,"
        + " AX1 to AX5, or all (default: large, the iOS default). Sizes from Apple's Dynamic"
        + " Type table; frames grow with them.",
      valueName: "list"))
  var textSizes: TextSizeList?

  @Option(
    name: .customLong("bold-text"),
    help: ArgumentHelp(
      "Bold Text, comma-separated: off, on (default: off). On draws text one weight heavier.",
      valueName: "list"))
  var boldText: BoldTextList?

  @Option(
    name: .customLong("liquid-glass"),
    help: ArgumentHelp(
      "Liquid Glass settings, comma-separated: clear, default, tinted or numbers in [0, 1]"
        + " (default: all three). Reduce Transparency modes draw no glass and run once.",
      valueName: "list"))
  var liquidGlass: LiquidGlassList?

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
      "What fails the run: error (a failing check or a stale baseline entry), warning (also"
        + " lint warnings and decorative warnings) or never (only an input error exits"
        + " non-zero). Default: error.",
      valueName: "level"))
  var failOn: FailOn?

  @Option(help: "Colour on stdout and stderr: auto (a terminal without NO_COLOR), always, never.")
  var color: ColorMode = .auto

  @Option(help: "Wallpapers audited at once (default: the number of cores).")
  var jobs: Int?

  @Option(help: "Refuse PNGs with more pixels than this (default 100000000).")
  var pixelLimit: Int?

  @Option(
    help: ArgumentHelp(
      "Memory for decoding wallpapers, shared by all jobs (default 2G): bytes, or with K, M, G."
        + " A wallpaper that needs more is refused; one that does not fit yet waits.",
      valueName: "BYTES"))
  var memoryBudget: ByteCount?

  @Option(help: "Settings file (default: glass-audit.yml when present).")
  var config: String?

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

  @Flag(help: "Leave the timestamp out of report.json so identical inputs give identical bytes.")
  var deterministic = false

  @Flag(name: [.short, .long], help: "No progress on stderr.")
  var quiet = false

  func validate() throws {
    let named = try PathArguments.classify(paths)
    if let path = named.layouts, let layouts {
      throw ValidationError("'\(path)' and --layouts '\(layouts)' both name the layouts")
    }
    if let path = named.wallpapers, let wallpapers {
      throw ValidationError("'\(path)' and --wallpapers '\(wallpapers)' both name the wallpapers")
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
    if pruneBaseline && baseline == nil {
      throw ValidationError("--prune-baseline needs --baseline FILE")
    }
    if let pixelLimit, pixelLimit < 1 {
      throw ValidationError("--pixel-limit must be at least 1, got \(pixelLimit)")
    }
  }

  func run() throws {
    HeapSettings.keepLargeBlocks()
    // The vector loops' cap (CI compares the reports of every level).
    let environment = ProcessInfo.processInfo.environment
    if environment["GLASS_AUDIT_PORTABLE"]?.hasPrefix("1") == true {
      FastEngine.limitLevel(.portable)
    } else if environment["GLASS_AUDIT_VECTOR"] == "avx2" {
      FastEngine.limitLevel(.avx2)
    }
    let console = Console(quiet: quiet, color: color)
    let named = try PathArguments.classify(paths)
    var configuration = RunConfiguration()
    let configPath = config ?? (Files.exists("glass-audit.yml") ? "glass-audit.yml" : nil)
    if let configPath {
      do {
        configuration = try RunConfiguration.load(configPath)
      } catch {
        console.error(error.description)
        throw ExitStatus.inputError
      }
    }
    let settings = AuditSettings(
      level: level ?? configuration.level ?? .aa,
      statistic: statistic ?? configuration.statistic ?? .min,
      largeText: largeText ?? configuration.largeText ?? .wcag,
      modes: modes?.modes ?? configuration.modes ?? AccessibilityMode.allCases,
      appearances: appearances?.appearances ?? configuration.appearances ?? Appearance.allCases,
      liquidGlass: liquidGlass?.settings ?? configuration.liquidGlass ?? LiquidGlassSetting.named,
      textSizes: textSizes?.sizes ?? configuration.textSizes ?? [.default],
      boldText: boldText?.values ?? configuration.boldText ?? [false])
    let outDir = out ?? configuration.out ?? "reports"
    let formatList =
      formats.isEmpty
      ? (configuration.formats ?? ReportFormat.allCases) : ReportFormatList.flatten(formats)
    let jobCount = jobs ?? configuration.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let limit = pixelLimit ?? configuration.pixelLimit ?? PNGDecoder.defaultPixelLimit

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

    // The profiles: an invalid one stops the run (nothing can be audited without it).
    let profileNames = profile?.names ?? configuration.profiles ?? [Profile.defaultName]
    var loadedProfiles: [Profile] = []
    var failed = false
    for name in profileNames {
      do {
        loadedProfiles.append(try ProfileLoader.load(named: name))
      } catch {
        console.error(error.description)
        failed = true
      }
    }
    if failed { throw ExitStatus.inputError }
    var seenNames: [String: String] = [:]
    for (p, name) in zip(loadedProfiles, profileNames) {
      if let other = seenNames[p.name] {
        console.error(
          "glass-audit: profiles '\(other)' and '\(name)' are both named '\(p.name)'; give "
            + "one another `name:` so their results can be told apart")
        throw ExitStatus.inputError
      }
      seenNames[p.name] = name
    }
    // Layouts name glass materials: they are read with the first profile
    // that has Liquid Glass (or the default when none of the run's has:
    // `--profile ios18` alone still reads `material: glass.regular`).
    let loadedProfile =
      loadedProfiles.first(where: \.hasLiquidGlass)
      ?? ((try? ProfileLoader.loadDefault()) ?? loadedProfiles[0])

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

    let layoutDir = layouts ?? named.layouts ?? configuration.layouts ?? "layouts"
    let loaded = Discovery.layouts(in: layoutDir, profile: loadedProfile)
    let wallpaperPath = wallpapers ?? named.wallpapers ?? configuration.wallpapers ?? "wallpapers"
    let budget = MemoryBudget(bytes: memoryBudget?.bytes ?? MemoryBudget.defaultBytes)
    let matrix = Discovery.wallpapers(at: wallpaperPath, pixelLimit: limit, budget: budget)
    var request = AuditRequest(
      profiles: loadedProfiles, settings: settings, layouts: loaded.layouts,
      wallpapers: matrix.inputs)
    request.inputErrors = loaded.errors + matrix.errors
    request.inputFindings = loaded.findings + matrix.findings
    request.targets = configuration.targets ?? ContrastTargets()
    request.inputsDigest = Discovery.digest(
      layoutFiles: loaded.files, wallpapers: matrix.inputs,
      profiles: profileNames.map {
        ($0, ProfileLoader.shippedProfileText($0) ?? (try? Files.read($0)) ?? "<unreadable>")
      })
    request.shard = shard
    request.workers = jobCount
    request.baseline = loadedBaseline
    request.pruningBaseline = pruneBaseline
    request.failOn = failOn ?? configuration.failOn ?? .error
    request.timestamp = deterministic ? nil : Date().ISO8601Format()
    if formatList.contains(.html) {
      request.previewer = { ScenePreviewRenderer.draw($0) }
      request.previewLimit = HTMLReport.maximumPreviews
    }
    for e in request.inputErrors { console.error(Console.describe(e)) }
    for f in matrix.findings { console.error("warning: \(f.file ?? wallpaperPath): \(f.message)") }

    let progress = Progress(total: request.auditedWallpapers.count, console: console)
    let report = AuditPipeline.run(request) { done in progress.update(done) }
    progress.finish()
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
