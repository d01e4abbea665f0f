import ArgumentParser
import ContrastCore
import Foundation

/// The options that say what is audited and how: the inputs (layouts,
/// wallpapers, profiles, settings file) and the matrix's settings. `run`
/// and `fix` share them, and read them into an ``AuditRequest`` the same
/// way.
struct MatrixOptions: ParsableArguments {
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

  func validate() throws {
    let named = try PathArguments.classify(paths)
    if let path = named.layouts, let layouts {
      throw ValidationError("'\(path)' and --layouts '\(layouts)' both name the layouts")
    }
    if let path = named.wallpapers, let wallpapers {
      throw ValidationError("'\(path)' and --wallpapers '\(wallpapers)' both name the wallpapers")
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
    if let pixelLimit, pixelLimit < 1 {
      throw ValidationError("--pixel-limit must be at least 1, got \(pixelLimit)")
    }
  }

  /// The settings file (`--config`, else glass-audit.yml when present);
  /// an unreadable one is an input error, printed.
  func configuration(console: Console) throws -> RunConfiguration {
    let configPath = config ?? (Files.exists("glass-audit.yml") ? "glass-audit.yml" : nil)
    guard let configPath else { return RunConfiguration() }
    do {
      return try RunConfiguration.load(configPath)
    } catch {
      console.error(error.description)
      throw ExitStatus.inputError
    }
  }

  /// The matrix's settings: flags over the settings file over defaults.
  func settings(_ configuration: RunConfiguration) -> AuditSettings {
    AuditSettings(
      level: level ?? configuration.level ?? .aa,
      statistic: statistic ?? configuration.statistic ?? .min,
      largeText: largeText ?? configuration.largeText ?? .wcag,
      modes: modes?.modes ?? configuration.modes ?? AccessibilityMode.allCases,
      appearances: appearances?.appearances ?? configuration.appearances ?? Appearance.allCases,
      liquidGlass: liquidGlass?.settings ?? configuration.liquidGlass ?? LiquidGlassSetting.named,
      textSizes: textSizes?.sizes ?? configuration.textSizes ?? [.default],
      boldText: boldText?.values ?? configuration.boldText ?? [false])
  }

  /// The run's profiles, each judged in full, and the one layouts are read
  /// with; an invalid profile stops the run (nothing can be audited without
  /// it), every one of them printed.
  func profiles(_ configuration: RunConfiguration, console: Console) throws -> Profiles {
    let names = profile?.names ?? configuration.profiles ?? [Profile.defaultName]
    var loaded: [Profile] = []
    var failed = false
    for name in names {
      do {
        loaded.append(try ProfileLoader.load(named: name))
      } catch {
        console.error(error.description)
        failed = true
      }
    }
    if failed { throw ExitStatus.inputError }
    var seenNames: [String: String] = [:]
    for (p, name) in zip(loaded, names) {
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
    let reader =
      loaded.first(where: \.hasLiquidGlass)
      ?? ((try? ProfileLoader.loadDefault()) ?? loaded[0])
    return Profiles(names: names, loaded: loaded, layoutReader: reader)
  }

  struct Profiles {
    var names: [String]
    var loaded: [Profile]
    /// The profile layouts are read with.
    var layoutReader: Profile
  }

  /// The request of the matrix: the layouts and wallpapers found (each
  /// unreadable one an input error of the request, the others audited),
  /// the targets of the settings file and the inputs' digest. `keeping`:
  /// the wallpapers will be decoded again (previews, the fixes' rounds), so
  /// their 8-bit samples are kept between decodes (``KeptWallpapers``).
  func request(
    _ configuration: RunConfiguration, settings: AuditSettings, profiles: Profiles,
    keeping: Bool = false
  ) throws -> Inputs {
    let named = try PathArguments.classify(paths)
    let layoutDir = layouts ?? named.layouts ?? configuration.layouts ?? "layouts"
    let loaded = Discovery.layouts(in: layoutDir, profile: profiles.layoutReader)
    let wallpaperPath = wallpapers ?? named.wallpapers ?? configuration.wallpapers ?? "wallpapers"
    let limit = pixelLimit ?? configuration.pixelLimit ?? PNGDecoder.defaultPixelLimit
    let budget = MemoryBudget(bytes: memoryBudget?.bytes ?? MemoryBudget.defaultBytes)
    let kept = keeping ? KeptWallpapers() : nil
    let matrix = Discovery.wallpapers(
      at: wallpaperPath, pixelLimit: limit, budget: budget, kept: kept)
    kept?.wallpaperCount = matrix.inputs.count
    var request = AuditRequest(
      profiles: profiles.loaded, settings: settings, layouts: loaded.layouts,
      wallpapers: matrix.inputs)
    request.inputErrors = loaded.errors + matrix.errors
    request.inputFindings = loaded.findings + matrix.findings
    request.targets = configuration.targets ?? ContrastTargets()
    request.inputsDigest = Discovery.digest(
      layoutFiles: loaded.files, wallpapers: matrix.inputs,
      profiles: profiles.names.map {
        ($0, ProfileLoader.shippedProfileText($0) ?? (try? Files.read($0)) ?? "<unreadable>")
      }, targets: request.targets)
    request.workers = jobs ?? configuration.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    return Inputs(
      request: request, wallpaperFindings: matrix.findings, wallpaperPath: wallpaperPath,
      layoutFiles: loaded.files)
  }

  struct Inputs {
    var request: AuditRequest
    /// The wallpaper folder's findings, printed as warnings by the CLI.
    var wallpaperFindings: [Finding]
    var wallpaperPath: String
    /// The layout files' paths as the file system holds them (for `fix`,
    /// which reads and writes them again).
    var layoutFiles: [InputPath]

    /// Prints every input that could not be read (an error each) and the
    /// wallpaper folder's findings (a warning each), before the audit.
    func printProblems(_ console: Console) {
      for e in request.inputErrors { console.error(Console.describe(e)) }
      for f in wallpaperFindings {
        console.error("warning: \(f.file ?? wallpaperPath): \(f.message)")
      }
    }
  }
}

/// The vector loops' cap from the environment (CI compares the reports of
/// every level): `GLASS_AUDIT_PORTABLE=1`, or `GLASS_AUDIT_VECTOR=avx2`.
enum VectorLevel {
  static func applyEnvironment() {
    let environment = ProcessInfo.processInfo.environment
    if environment["GLASS_AUDIT_PORTABLE"]?.hasPrefix("1") == true {
      FastEngine.limitLevel(.portable)
    } else if environment["GLASS_AUDIT_VECTOR"] == "avx2" {
      FastEngine.limitLevel(.avx2)
    }
  }
}
