import Foundation

/// Reads material profiles (SPEC §2.3): the YAML files that hold the
/// material model, the colour tables, device presets, text roles and
/// large-text limits, every number with its provenance.
///
/// ## Format (version 1)
///
/// ```yaml
/// version: 1
/// name: ios27
/// materials:
///   glass.regular:
///     kind: glass                  # glass | standard
///     source: "fidelity/fit/params.json ..."
///     trust: third-party-measurement
///     light:
///       blur:                      # B = sum_k w_k G_k(W), SPEC §3.1
///         - sigma: {by: shortSide, table: [[48, 3.9], [180, 7.8]]}  # takes the remainder
///         - {sigma: 14.8, share: {by: setting, table: [[0, 0.25], [1, 0.8]]}}
///       white: {by: setting, table: [[0, 1.1288], [0.5, 1.02477], [1, 1.01331]]}
///       black: 0.518575
///       saturation: 1.19362
///       lumaCap: {by: shortSide, table: [[48, 0.60], [150, 0.47]]}
///       fill: none                 # or {color: "#FFFFFF", alpha: 0.18}
///     dark: ...
///   regular:
///     kind: standard
///     source: ...
///     trust: ...
///     light: {blurRadius: 30, blurMix: 1, saturation: 1.52, brightness: 0.1,
///             plateShare: 0.75, stops: [0.89, 0.86, 0.87, 0.81]}   # the blur's shorthand
/// colors:
///   source: "SPEC §2.3: Apple's HIG colour table"
///   trust: apple
///   secondaryLabel:
///     light: {color: "#3C3C43", alpha: 0.60}
///     dark: {color: "#EBEBF5", alpha: 0.60}
///     increaseContrast: {light: ..., dark: ...}  # or: unchanged (the default)
/// ```
///
/// - Top-level keys: `version` (1), `name`, `materials`, `increaseContrast`
///   (`glassFill` {light, dark}, `minimumFillAlpha`, `minimumPlateShare`,
///   `border` pt), `border`
///   (the separator colour {light, dark}), `defaultTintAlpha`, `colors`,
///   `devices` (name: {width, height (pt), scale}), `textRoles` (name: {size
///   (pt), weight}), `defaultTextRole`, `largeText` (`wcag` and `hig`:
///   {minimumSize, minimumBoldSize} pt), `minimumTarget` (pt); optional
///   `fit` ({measurements: FILE, residuals: [{material, appearance,
///   setting, count, mean, max}]}, the errors the profile states for its
///   fit, levels 0-255).
/// - A glass material's appearances hold `blur`, `white`, `black`,
///   `saturation`, `lumaCap` and `fill`; a standard one's `blur`,
///   `saturation`, `brightness`, `plateShare` and `stops` (2 to 8 plate
///   levels at evenly spaced luma). All are required. `white`, `black`,
///   `saturation` and `lumaCap` are curves (SPEC §3.2): a number, `{by:
///   shortSide|setting, table: [[x, v], ...]}`, or `{grid: {shortSide:
///   [...], setting: [...], values: [[...], ...]}}` (`values[i][j]` at
///   shortSide[i], setting[j]), x strictly increasing; linear between
///   points, held beyond the ends. An override replaces a curve whole.
/// - `blur` (SPEC §3.1) is a non-empty list of Gaussians `{sigma: CURVE,
///   share: CURVE}`: sigma the standard deviation in pt (>= 0; 0 is the
///   sharp wallpaper), share its weight in [0, 1]. Exactly one component
///   omits `share` and takes the remainder, 1 minus the others' shares,
///   which must not exceed 1 at any short side or setting. The shorthand
///   `blurRadius: r` with `blurMix: m` (both, in place of `blur`) is
///   [{sigma: 0, share: 1 - m}, {sigma: r, share: m}]. An override that
///   names `blur` replaces the whole list and the base's shorthand; one
///   that names `blurRadius` or `blurMix` replaces the base's list.
/// - Provenance: every number and colour has a `source` (free text) and a
///   `trust` (`apple`, `third-party-measurement`, `assumption`). Any mapping
///   may hold `source:` and `trust:`, which apply to every value inside it
///   unless a mapping further in sets its own; a single value may be
///   written `{value: 0.6, source: ..., trust: ...}`. A value with no source
///   or no trust at any level is an error. `source`, `trust` and `value`
///   are reserved keys. `Profile.provenance` is keyed by the dotted path of
///   each value (`materials.glass.regular.light.white`,
///   `colors.secondaryLabel.light.alpha`, `border.dark.color`).
/// - Colours: `"#RRGGBB"` (opaque; quote it, as an unquoted `#` starts a YAML
///   comment) or `{color: "#RRGGBB", alpha: A}`, alpha in [0, 1].
/// - Ranges: alphas, `blurMix`, blur shares, `lumaCap`, `plateShare`,
///   `minimumFillAlpha` and `minimumPlateShare` in [0, 1];
///   `blurRadius`, blur sigmas, `saturation`, borders and `minimumBoldSize`
///   >= 0; sizes, scales and the target > 0.
/// - Overrides (`merged(base:baseFile:override:overrideFile:)`): the
///   override is laid over the base key by key at the YAML level; it
///   replaces only the values it names and may add whole materials, colours,
///   devices and roles (a material whose `kind` changes is replaced whole).
///   Provenance is resolved in each file before the merge, so an override's
///   `source:` never relabels the base's values; an override value given
///   with no provenance is recorded as `assumption`, sourced to its file.
///   `version` is optional in an override.
///
/// Every problem of a file is reported at once, each as
/// `file:line:column: path: message`, with "did you mean" for unknown keys.
/// A profile of a newer version is refused with that one message.
public enum ProfileLoader {
  /// The profile format version this build reads.
  public static let currentVersion = 1

  /// Where the default profile lives in the package, and the file name its
  /// diagnostics and reports use.
  public static let defaultProfilePath = "profiles/ios27.yml"

  /// The text of `profiles/ios27.yml`, embedded so the tool works from any
  /// directory (a package resource, `Material/Profiles/`, which the file
  /// links to; a test keeps the two identical byte for byte).
  public static var defaultProfileText: String { embeddedProfiles[0].text }

  /// The names of the profiles shipped with the tool (SPEC §2.3), the
  /// default first: `ios27`, `ios26`.
  public static var shippedProfileNames: [String] { embeddedProfiles.map(\.name) }

  /// The text of the shipped profile `name` (`profiles/NAME.yml`,
  /// embedded), or nil when no profile of that name ships.
  public static func shippedProfileText(_ name: String) -> String? {
    embeddedProfiles.first { $0.name == name }?.text
  }

  /// The profile `--profile` names: a shipped profile by name (`ios27`,
  /// `ios26`), else the file at that path laid over the default profile.
  ///
  /// - Throws: the file cannot be read, or every problem of the profile.
  public static func load(named nameOrPath: String) throws(DiagnosticList) -> Profile {
    if let text = shippedProfileText(nameOrPath) {
      return try load(yaml: text, file: "profiles/\(nameOrPath).yml")
    }
    return try mergedOverDefault(contentsOf: nameOrPath)
  }

  /// Materials every complete profile defines (SPEC §3.2).
  public static let requiredMaterials = [
    "glass.regular", "glass.clear", "ultraThin", "thin", "regular", "thick", "chrome",
  ]

  /// Semantic colours every complete profile defines (SPEC §2.3).
  public static let requiredColors = [
    "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "link",
    "systemBlue", "systemRed", "systemGreen", "systemOrange", "systemPurple", "systemYellow",
    "systemPink", "white", "black",
  ]

  /// The default profile (the embedded `profiles/ios27.yml`).
  public static func loadDefault() throws(DiagnosticList) -> Profile {
    try load(yaml: defaultProfileText, file: defaultProfilePath)
  }

  /// A complete profile from its YAML text; `file` names it in diagnostics.
  ///
  /// - Throws: every problem of the text at once.
  public static func load(yaml text: String, file: String) throws(DiagnosticList) -> Profile {
    var builder = ProfileTreeBuilder(file: file)
    guard let tree = builder.parse(text) else {
      throw DiagnosticList(sorted(builder.diagnostics))
    }
    let root = tree.root
    var decoder = ProfileDecoder(
      file: file, inherited: tree.inherited, diagnostics: builder.diagnostics)
    if let newer = newerVersion(root, file: file) { throw DiagnosticList([newer]) }
    checkVersion(root, required: true, into: &decoder)
    guard let profile = decoder.profile(root) else {
      throw DiagnosticList(sorted(decoder.diagnostics))
    }
    return profile
  }

  /// A complete profile from a file. `displayName` (default: `path`) names
  /// it in diagnostics.
  ///
  /// - Throws: the file cannot be read, or every problem of its text.
  public static func load(
    contentsOf path: String, displayName: String? = nil
  ) throws(DiagnosticList) -> Profile {
    let name = displayName ?? path
    return try load(yaml: readText(path, displayName: name), file: name)
  }

  /// `override` laid over `base` key by key at the YAML level (see the
  /// type's documentation), then read as one profile.
  ///
  /// - Throws: every problem of both texts at once.
  public static func merged(
    base baseText: String, baseFile: String, override overrideText: String, overrideFile: String
  ) throws(DiagnosticList) -> Profile {
    var baseBuilder = ProfileTreeBuilder(file: baseFile)
    let base = baseBuilder.parse(baseText)
    var overrideBuilder = ProfileTreeBuilder(file: overrideFile)
    let override = overrideBuilder.parse(
      overrideText,
      inherited: .init(source: "\(overrideFile) (no source given)", trust: .assumption))
    let parsed = baseBuilder.diagnostics + overrideBuilder.diagnostics
    guard let base, let override else { throw DiagnosticList(sorted(parsed)) }
    let newer = [
      newerVersion(base.root, file: baseFile), newerVersion(override.root, file: overrideFile),
    ]
    if !newer.compactMap({ $0 }).isEmpty { throw DiagnosticList(newer.compactMap { $0 }) }
    let tree = base.merged(with: override)
    var decoder = ProfileDecoder(file: baseFile, inherited: tree.inherited, diagnostics: parsed)
    checkVersion(base.root, required: true, into: &decoder)
    checkVersion(override.root, required: false, into: &decoder)
    guard var profile = decoder.profile(tree.root) else {
      throw DiagnosticList(sorted(decoder.diagnostics))
    }
    // The base's stated fit describes the base's materials: an override
    // that changes a material and states no fit of its own has none.
    if override.root["materials"] != nil && override.root["fit"] == nil {
      profile.fitResiduals = []
      profile.fitMeasurements = nil
    }
    // Nor do its held-out errors: a changed material's colour error is no
    // longer known, and reads as a measured number no hold-out covers.
    if let changed = override.root["materials"]?.entries, override.root["uncertainty"] == nil {
      for name in changed.compactMap(\.name) {
        for a in Appearance.allCases { profile.uncertainty.measured["\(name).\(a.rawValue)"] = nil }
      }
    }
    return profile
  }

  /// `override` laid over the default profile.
  public static func mergedOverDefault(
    override text: String, overrideFile: String
  ) throws(DiagnosticList) -> Profile {
    try merged(
      base: defaultProfileText, baseFile: defaultProfilePath, override: text,
      overrideFile: overrideFile)
  }

  /// The file at `path` laid over the default profile.
  public static func mergedOverDefault(
    contentsOf path: String, displayName: String? = nil
  ) throws(DiagnosticList) -> Profile {
    let name = displayName ?? path
    return try mergedOverDefault(
      override: readText(path, displayName: name), overrideFile: name)
  }

  // MARK: Internals

  static func readText(_ path: String, displayName: String) throws(DiagnosticList) -> String {
    do {
      return try SourceText.decode(try InputPath(path).readAll(), file: displayName)
    } catch let error as Diagnostic {
      throw DiagnosticList([error])
    } catch {
      throw DiagnosticList([
        Diagnostic(
          file: displayName, line: 1, column: 1, message: "cannot read the profile: \(error)")
      ])
    }
  }

  /// The refusal of a profile newer than this build, if it is one.
  static func newerVersion(_ root: YAMLNode, file: String) -> Diagnostic? {
    guard let value = root["version"], let s = value.scalar,
      let version = Int(s.text), version > currentVersion
    else { return nil }
    let at = value.mark
    return Diagnostic(
      file: file, line: at.line, column: at.column,
      message:
        "version: profile version \(version) is newer than this glass-audit understands "
        + "(\(currentVersion)); update glass-audit or write a version \(currentVersion) profile")
  }

  /// Reports a missing (when `required`) or invalid `version`.
  static func checkVersion(_ root: YAMLNode, required: Bool, into decoder: inout ProfileDecoder) {
    guard let value = root["version"] else {
      if required {
        decoder.report(
          root.mark, "", "missing key 'version' (write 'version: \(currentVersion)')")
      }
      return
    }
    guard let s = value.scalar, s.isPlain, let version = Int(s.text),
      version >= 1
    else {
      decoder.report(
        value.mark, "version",
        "expected the whole number \(currentVersion), got \(decoder.describe(value))")
      return
    }
  }

  /// Diagnostics by file (in order of first appearance), then line and column.
  static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    YAMLReader.sorted(diagnostics)
  }
}
