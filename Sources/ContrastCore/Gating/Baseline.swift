import Foundation

/// Failures a team has accepted for now, so CI fails only on new ones
/// (SPEC §5: exit status 1 does not count failures the baseline accepts).
///
/// The file is JSON, written deterministically (entries sorted by
/// fingerprint, no timestamp):
/// ```json
/// {"schemaVersion": 1, "tool": "glass-audit", "accepted": [
///   {"fingerprint": "tabs/bar/label/dusk/light/normal", "layout": "tabs",
///    "element": "bar", "item": "label", "wallpaper": "dusk",
///    "appearance": "light", "mode": "normal", "ratio": 2.87}]}
/// ```
/// An entry matches a check by `CheckResult.fingerprint` (layout, element,
/// item, wallpaper, appearance, mode, and the Liquid Glass setting and
/// profile where they are not the default), never by ratio or line, so
/// editing the layout file elsewhere or a small change of ratio keeps it
/// accepted. An entry written before the setting and the profile existed has
/// neither field: it means the `default` setting and the default profile,
/// which is what its fingerprint names.
/// Entries for other settings and profiles carry `liquidGlass` (`clear`,
/// `tinted` or the number) and `profile`.
public struct Baseline: Sendable, Hashable {
  public static let schemaVersion = 1

  /// One accepted failure.
  public struct Entry: Sendable, Hashable {
    /// `CheckResult.fingerprint` of the accepted check.
    public var fingerprint: String
    public var layout: String
    public var element: String
    public var item: String
    public var wallpaper: String
    public var appearance: String
    public var mode: String
    /// The Liquid Glass setting's label; nil for `default` and for none.
    public var liquidGlass: String?
    /// The profile's name; nil for the default profile.
    public var profile: String?
    /// The text size's name; nil for `large` (SPEC §3.8).
    public var textSize: String?
    /// Whether Bold Text was on.
    public var boldText = false
    /// The judged ratio when the failure was accepted (information only).
    public var ratio: Double?

    public init(
      fingerprint: String, layout: String, element: String, item: String, wallpaper: String,
      appearance: String, mode: String, liquidGlass: String? = nil, profile: String? = nil,
      ratio: Double? = nil, textSize: String? = nil, boldText: Bool = false
    ) {
      self.liquidGlass = liquidGlass == LiquidGlassSetting.default.label ? nil : liquidGlass
      self.textSize = textSize == TextSize.default.rawValue ? nil : textSize
      self.boldText = boldText
      self.profile = profile == Profile.defaultName ? nil : profile
      self.fingerprint = fingerprint
      self.layout = layout
      self.element = element
      self.item = item
      self.wallpaper = wallpaper
      self.appearance = appearance
      self.mode = mode
      self.ratio = ratio
    }

    /// The entry accepting `result` as it failed.
    public init(_ result: CheckResult) {
      self.init(
        fingerprint: result.fingerprint, layout: result.layout, element: result.element,
        item: result.item, wallpaper: result.wallpaper, appearance: result.appearance.rawValue,
        mode: result.mode.rawValue, liquidGlass: result.liquidGlass?.label,
        profile: result.profile, ratio: result.judgedRatio, textSize: result.textSize.rawValue,
        boldText: result.boldText)
    }

    /// The setting and profile parts of the fingerprint, as
    /// ``CheckResult/variantParts(liquidGlass:profile:)`` writes them.
    var variantParts: [String] {
      CheckResult.variantParts(
        liquidGlassLabel: liquidGlass, profileName: profile, textSizeName: textSize,
        boldText: boldText)
    }

    /// The fingerprint the entry's own fields give.
    var derivedFingerprint: String {
      ([layout, element, item, wallpaper, appearance, mode] + variantParts).joined(separator: "/")
    }

    /// The scene the entry belongs to.
    var sceneKey: String {
      Baseline.sceneKey([layout, wallpaper, appearance, mode] + variantParts)
    }
  }

  /// The accepted failures, sorted by fingerprint, one per fingerprint.
  public private(set) var entries: [Entry]

  /// Fingerprints of the accepted failures.
  public var fingerprints: Set<String> { Set(entries.map(\.fingerprint)) }

  /// A baseline of `entries`, sorted by fingerprint; of two entries with the
  /// same fingerprint the first is kept.
  public init(entries: [Entry] = []) {
    var seen = Set<String>()
    self.entries = entries.filter { seen.insert($0.fingerprint).inserted }
      .sorted { $0.fingerprint < $1.fingerprint }
  }

  /// A baseline accepting every failing check of `report` (warnings and
  /// passes are not recorded).
  public static func recording(_ report: AuditReport) -> Baseline {
    Baseline(entries: report.outcome.results.filter { $0.verdict == .fail }.map(Entry.init))
  }

  /// The baseline file's text.
  public func render() -> String {
    JSONValue.object([
      ("schemaVersion", .int(Baseline.schemaVersion)),
      ("tool", .string(toolName)),
      (
        "accepted",
        .array(
          entries.map { e in
            var pairs: [(String, JSONValue)] = [
              ("fingerprint", .string(e.fingerprint)), ("layout", .string(e.layout)),
              ("element", .string(e.element)), ("item", .string(e.item)),
              ("wallpaper", .string(e.wallpaper)), ("appearance", .string(e.appearance)),
              ("mode", .string(e.mode)),
            ]
            if let g = e.liquidGlass { pairs.append(("liquidGlass", .string(g))) }
            if let p = e.profile { pairs.append(("profile", .string(p))) }
            if let t = e.textSize { pairs.append(("textSize", .string(t))) }
            if e.boldText { pairs.append(("boldText", .bool(true))) }
            if let r = e.ratio { pairs.append(("ratio", .number(r))) }
            return .object(pairs)
          })
      ),
    ]).rendered()
  }

  /// Marks each failing result `known` when the baseline accepts it and
  /// `new` otherwise (other results `new`), and sorts the entries that no
  /// longer match a failure into stale and unmatched.
  ///
  /// An entry is stale when its scene (layout, wallpaper, appearance, mode)
  /// was audited in `results` and the check no longer fails there (it passes,
  /// warns, or the item is gone): it can be pruned. An entry whose scene has
  /// no result at all (another shard's, or an appearance or mode not run) is
  /// unmatched: this run says nothing about it, so it must be kept.
  public func apply(to results: inout [CheckResult]) -> BaselineOutcome {
    let accepted = fingerprints
    var failing = Set<String>()
    var scenes = Set<String>()
    var outcome = BaselineOutcome()
    for i in results.indices {
      let r = results[i]
      scenes.insert(
        Baseline.sceneKey(
          [r.layout, r.wallpaper, r.appearance.rawValue, r.mode.rawValue]
            + CheckResult.variantParts(
              liquidGlass: r.liquidGlass, profile: r.profile, textSize: r.textSize,
              boldText: r.boldText)))
      guard r.verdict == .fail else {
        results[i].baseline = "new"
        continue
      }
      failing.insert(r.fingerprint)
      if accepted.contains(r.fingerprint) {
        results[i].baseline = "known"
        outcome.known += 1
      } else {
        results[i].baseline = "new"
        outcome.new += 1
      }
    }
    for e in entries where !failing.contains(e.fingerprint) {
      if scenes.contains(e.sceneKey) {
        outcome.stale.append(e)
      } else {
        outcome.unmatched.append(e)
      }
    }
    return outcome
  }

  static func sceneKey(_ parts: [String]) -> String {
    parts.joined(separator: "\u{1F}")
  }

  /// The baseline without the `stale` entries (by fingerprint).
  public func pruned(stale: [Entry]) -> Baseline {
    let drop = Set(stale.map(\.fingerprint))
    return Baseline(entries: entries.filter { !drop.contains($0.fingerprint) })
  }
}

/// What applying a baseline to a run's results found.
public struct BaselineOutcome: Sendable, Hashable {
  /// Failing checks the baseline accepts.
  public var known = 0
  /// Failing checks it does not.
  public var new = 0
  /// Entries whose scene was audited and whose check no longer fails:
  /// safe to prune.
  public var stale: [Baseline.Entry] = []
  /// Entries whose scene this run did not audit: kept, not judged.
  public var unmatched: [Baseline.Entry] = []

  public init() {}
}

extension Baseline {
  /// Reads and parses the baseline file at `path`.
  public static func load(contentsOf path: String) throws(Diagnostic) -> Baseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw Diagnostic(
        file: path, line: 0, column: 0,
        message: exists
          ? "cannot read the baseline file"
          : "no baseline file here (write one with --write-baseline)")
    }
    return try parse(data: data, file: path)
  }

  /// Parses baseline text; `file` names it in errors.
  public static func parse(text: String, file: String) throws(Diagnostic) -> Baseline {
    try parse(data: Data(text.utf8), file: file)
  }

  static func parse(data: Data, file: String) throws(Diagnostic) -> Baseline {
    func fail(_ message: String, line: Int = 0, column: Int = 0) -> Diagnostic {
      Diagnostic(
        file: file, line: line, column: column, message: "invalid baseline: \(message)")
    }
    let decoded: FileModel
    do {
      decoded = try JSONDecoder().decode(FileModel.self, from: data)
    } catch let error as DecodingError {
      switch error {
      case .keyNotFound(let key, let context):
        throw fail("\(path(context.codingPath + [key])): missing")
      case .valueNotFound(_, let context):
        throw fail("\(path(context.codingPath)): is null")
      case .typeMismatch(let type, let context):
        throw fail("\(path(context.codingPath)): expected \(typeName(type))")
      case .dataCorrupted(let context) where context.codingPath.isEmpty:
        let detail = syntaxError(in: data) ?? context.debugDescription
        let (line, column) = position(of: detail, in: data)
        throw fail("not valid JSON (\(detail))", line: line, column: column)
      case .dataCorrupted(let context):
        throw fail("\(path(context.codingPath)): \(context.debugDescription)")
      @unknown default:
        throw fail("\(error)")
      }
    } catch {
      throw fail("\(error)")
    }
    guard decoded.schemaVersion == schemaVersion else {
      throw fail(
        "schemaVersion \(decoded.schemaVersion) is not supported (this glass-audit reads "
          + "\(schemaVersion))")
    }
    if let tool = decoded.tool, tool != toolName {
      throw fail("written by '\(tool)', not \(toolName)")
    }
    var entries: [Entry] = []
    for (i, e) in decoded.accepted.enumerated() {
      var setting: String?
      if let text = e.liquidGlass {
        guard let g = LiquidGlassSetting(parsing: text) else {
          throw fail(
            "accepted[\(i)].liquidGlass: '\(text)' is not clear, default, tinted or a number "
              + "in [0, 1]")
        }
        setting = g.label
      }
      if let text = e.textSize, TextSize(rawValue: text) == nil {
        throw fail(
          "accepted[\(i)].textSize: '\(text)' is not a text size ("
            + TextSize.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      let entry = Entry(
        fingerprint: e.fingerprint, layout: e.layout, element: e.element, item: e.item,
        wallpaper: e.wallpaper, appearance: e.appearance, mode: e.mode,
        liquidGlass: setting, profile: e.profile, ratio: e.ratio, textSize: e.textSize,
        boldText: e.boldText ?? false)
      guard entry.fingerprint == entry.derivedFingerprint else {
        throw fail(
          "accepted[\(i)]: fingerprint '\(e.fingerprint)' does not match its fields "
            + "(expected '\(entry.derivedFingerprint)')")
      }
      entries.append(entry)
    }
    return Baseline(entries: entries)
  }

  private struct FileModel: Decodable {
    var schemaVersion: Int
    var tool: String?
    var accepted: [EntryModel]
  }

  private struct EntryModel: Decodable {
    var fingerprint: String
    var layout: String
    var element: String
    var item: String
    var wallpaper: String
    var appearance: String
    var mode: String
    var liquidGlass: String?
    var profile: String?
    var ratio: Double?
    var textSize: String?
    var boldText: Bool?
  }

  /// `accepted[2].layout` for a coding path.
  private static func path(_ keys: [any CodingKey]) -> String {
    var out = ""
    for k in keys {
      if let i = k.intValue {
        out += "[\(i)]"
      } else {
        out += (out.isEmpty ? "" : ".") + k.stringValue
      }
    }
    return out.isEmpty ? "the top level" : out
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "an integer"
    case is Double.Type: "a number"
    case is [Any].Type: "an array"
    default: type == [String: Any].self ? "an object" : "\(type)"
    }
  }

  /// What JSONSerialization says is wrong with `data` ("Invalid value around
  /// character 13."): JSONDecoder does not say where on every platform.
  private static func syntaxError(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }
  }

  /// 1-based line and column of the "around character N" a JSON syntax
  /// error names (N is a 0-based byte offset); (0, 0) when it names none.
  private static func position(of detail: String, in data: Data) -> (Int, Int) {
    guard let range = detail.range(of: "character ") else { return (0, 0) }
    let digits = detail[range.upperBound...].prefix { $0.isNumber }
    guard let offset = Int(digits), offset <= data.count else { return (0, 0) }
    var line = 1
    var lineStart = 0
    for (i, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
      line += 1
      lineStart = i + 1
    }
    return (line, offset - lineStart + 1)
  }
}

extension CheckResult {
  /// Whether the check fails and the run's baseline accepts the failure.
  public var isAcceptedByBaseline: Bool { verdict == .fail && baseline == "known" }
}
