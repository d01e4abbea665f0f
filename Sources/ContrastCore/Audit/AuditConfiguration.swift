/// The settings of `glass-audit.yml` (SPEC §6), all optional: a flag given
/// on the command line overrides the file's value.
///
/// ```yaml
/// layouts: layouts
/// wallpapers: wallpapers
/// out: reports
/// level: AA            # AA | AAA
/// statistic: min       # min | p05 | p10 | median
/// largeText: wcag      # wcag | hig
/// modes: [normal, reduceTransparency, increaseContrast, reduceTransparency+increaseContrast]
/// appearances: [light, dark]
/// profile: profiles/calibrated.yml   # or a list: [ios26, ios27]
/// liquidGlass: [clear, default, tinted]   # or numbers in [0, 1]
/// textSizes: [large, xxxLarge, AX5]        # or all (SPEC §3.8)
/// boldText: [off, on]
/// targets: {headline: 7, body: 4.5, icon: 3, decorative: 2.5}
/// formats: [json, md, junit]
/// jobs: 2
/// pixelLimit: 100000000
/// failOn: error        # error | review | warning | never
/// verifyFixes: true    # each failing item's fix re-audited as `fix` does (the default)
/// ```
///
/// Lists may also be written as one comma-separated text (`modes: normal,
/// increaseContrast`).
public struct AuditConfiguration: Sendable, Hashable {
  /// The layouts folder or file.
  public var layouts: String?
  /// The wallpapers folder or PNG file.
  public var wallpapers: String?
  /// The reports folder.
  public var out: String?
  public var level: ConformanceLevel?
  public var statistic: VerdictStatistic?
  public var largeText: LargeTextRule?
  /// The modes to audit, sorted.
  public var modes: [AccessibilityMode]?
  /// The appearances to audit, sorted.
  public var appearances: [Appearance]?
  /// The profiles to judge under: shipped names or files laid over the
  /// default, in the order given.
  public var profiles: [String]?
  /// The Liquid Glass settings, sorted.
  public var liquidGlass: [LiquidGlassSetting]?
  /// The text sizes, sorted (SPEC §3.8).
  public var textSizes: [TextSize]?
  /// Bold Text off and/or on, off first.
  public var boldText: [Bool]?
  /// A design system's contrast targets for every layout.
  public var targets: ContrastTargets?
  /// The report formats by name, in the order given (checked against the
  /// names the caller knows).
  public var formats: [String]?
  /// Parallel jobs, at least 1.
  public var jobs: Int?
  /// The largest wallpaper, in pixels, at least 1.
  public var pixelLimit: Int?
  /// What fails the run.
  public var failOn: FailOn?
  /// Whether `run` re-audits each failing item's fix (`--verify-fixes`; nil: it does,
  /// outside a shard).
  public var verifyFixes: Bool?

  /// The keys of the file.
  public static let keys = [
    "layouts", "wallpapers", "out", "level", "statistic", "largeText", "modes", "appearances",
    "profile", "liquidGlass", "textSizes", "boldText", "targets", "formats", "jobs",
    "pixelLimit", "failOn", "verifyFixes",
  ]

  public init() {}

  /// Reads the settings from their text; `file` names it in diagnostics and
  /// `formatNames` are the report formats the caller writes. An empty text
  /// gives no settings.
  ///
  /// - Throws: every problem of the text at once, each at its line and column.
  public static func parse(_ text: String, file: String, formatNames: [String])
    throws(DiagnosticList) -> AuditConfiguration
  {
    let root: YAMLNode?
    do {
      root = try YAMLDocument.parse(text, file: file)
    } catch {
      throw DiagnosticList([error.diagnostic(file: file)])
    }
    var config = AuditConfiguration()
    guard let root else { return config }
    var reader = YAMLReader(file: file)
    guard root.entries != nil else {
      reader.report(root, path: "", "expected a mapping of settings")
      throw DiagnosticList(reader.diagnostics)
    }
    guard
      let f = reader.fields(
        root, path: "", allowed: keys, what: "a mapping of settings", listChoices: false)
    else { throw DiagnosticList(reader.sortedDiagnostics()) }
    config.read(f, formatNames: formatNames, reader: &reader)
    if !reader.diagnostics.isEmpty { throw DiagnosticList(reader.sortedDiagnostics()) }
    return config
  }

  private mutating func read(
    _ f: YAMLReader.Fields, formatNames: [String], reader: inout YAMLReader
  ) {
    if let n = f["layouts"] { layouts = reader.string(n, path: "layouts") }
    if let n = f["wallpapers"] { wallpapers = reader.string(n, path: "wallpapers") }
    if let n = f["out"] { out = reader.string(n, path: "out") }
    if let n = f["profile"] {
      let names = reader.names(n, path: "profile", commaSeparated: true)
      var seen = Set<String>()
      profiles = names.map(\.0).filter { seen.insert($0).inserted }
      if names.isEmpty { reader.report(n, path: "profile", "names no profile") }
    }
    if let n = f["liquidGlass"] {
      var settings: [LiquidGlassSetting] = []
      let names = reader.names(n, path: "liquidGlass", commaSeparated: true)
      for (text, at) in names {
        if let s = LiquidGlassSetting(parsing: text) {
          settings.append(s)
        } else {
          reader.report(
            at, path: "liquidGlass",
            "'\(text)' is not clear, default, tinted or a number in [0, 1]")
        }
      }
      if names.isEmpty {
        reader.report(n, path: "liquidGlass", "names no setting")
      }
      liquidGlass = Array(Set(settings)).sorted()
    }
    if let n = f["textSizes"] {
      var sizes: [TextSize] = []
      let names = reader.names(n, path: "textSizes", commaSeparated: true)
      for (text, at) in names {
        if let parsed = TextSize.parseList(text) {
          sizes += parsed
        } else {
          reader.report(
            at, path: "textSizes",
            "unknown text size '\(text)'"
              + YAMLReader.choiceHint(
                for: text, among: TextSize.allCases.map(\.rawValue) + ["all"]))
        }
      }
      if names.isEmpty { reader.report(n, path: "textSizes", "names no text size") }
      textSizes = Array(Set(sizes)).sorted()
    }
    if let n = f["boldText"] {
      var values: [Bool] = []
      let names = reader.names(n, path: "boldText", commaSeparated: true)
      for (text, at) in names {
        switch text {
        case "off", "false": values.append(false)
        case "on", "true": values.append(true)
        default: reader.report(at, path: "boldText", "'\(text)' is not off or on")
        }
      }
      if names.isEmpty { reader.report(n, path: "boldText", "names no setting") }
      boldText = Array(Set(values)).sorted { !$0 && $1 }
    }
    if let n = f["targets"] {
      // The text roles a target may name are the default profile's (every
      // shipped profile has the same roles).
      let profile = try? ProfileLoader.loadDefault()
      if let profile {
        targets = LayoutReader.readTargets(n, path: "targets", profile: profile, yaml: &reader)
      }
    }
    if let n = f["level"] {
      level = Self.named(n, path: "level", reader: &reader) { "'\($0)' is not AA or AAA" }
    }
    if let n = f["statistic"] {
      statistic = Self.named(n, path: "statistic", reader: &reader) {
        "'\($0)' is not one of min, p05, p10, median"
      }
    }
    if let n = f["largeText"] {
      largeText = Self.named(n, path: "largeText", reader: &reader) {
        "'\($0)' is not wcag or hig"
      }
    }
    if let n = f["modes"] {
      let all = AccessibilityMode.allCases.map(\.rawValue)
      modes = Self.list(n, path: "modes", reader: &reader) {
        "unknown mode '\($0)'" + DidYouMean.hint(for: $0, among: all)
      }.sorted()
    }
    if let n = f["appearances"] {
      appearances = Self.list(n, path: "appearances", reader: &reader) {
        "unknown appearance '\($0)' (light or dark)"
      }.sorted()
    }
    if let n = f["formats"] {
      formats = []
      for (name, at) in reader.names(n, path: "formats", commaSeparated: true) {
        if formatNames.contains(name) {
          formats?.append(name)
        } else {
          reader.report(
            at, path: "formats",
            "unknown format '\(name)' (\(formatNames.joined(separator: ", ")))")
        }
      }
    }
    if let n = f["jobs"] { jobs = Self.count(n, path: "jobs", reader: &reader) }
    if let n = f["pixelLimit"] { pixelLimit = Self.count(n, path: "pixelLimit", reader: &reader) }
    if let n = f["failOn"] {
      failOn = Self.named(n, path: "failOn", reader: &reader) {
        "'\($0)' is not one of error, review, warning, never"
      }
    }
    if let n = f["verifyFixes"] {
      switch n.scalar?.text {
      case "true", "on": verifyFixes = true
      case "false", "off": verifyFixes = false
      default:
        reader.report(n, path: "verifyFixes", "'\(n.scalar?.text ?? "")' is not true or false")
      }
    }
  }

  /// A case of `T` by its name, or a report `problem(name)` at the value.
  private static func named<T: RawRepresentable>(
    _ node: YAMLNode, path: String, reader: inout YAMLReader, problem: (String) -> String
  ) -> T? where T.RawValue == String {
    let text = node.scalar?.text ?? ""
    guard let value = T(rawValue: text) else {
      reader.report(node, path: path, problem(text))
      return nil
    }
    return value
  }

  /// The cases of `T` a list names; each unknown name is reported at its node.
  private static func list<T: RawRepresentable>(
    _ node: YAMLNode, path: String, reader: inout YAMLReader, problem: (String) -> String
  ) -> [T] where T.RawValue == String {
    reader.names(node, path: path, commaSeparated: true).compactMap { name, at in
      guard let value = T(rawValue: name) else {
        reader.report(at, path: path, problem(name))
        return nil
      }
      return value
    }
  }

  /// A whole number >= 1.
  private static func count(_ node: YAMLNode, path: String, reader: inout YAMLReader) -> Int? {
    let text = node.scalar?.text ?? ""
    guard let value = Int(text), value >= 1 else {
      reader.report(node, path: path, "'\(text)' is not a count >= 1")
      return nil
    }
    return value
  }
}
