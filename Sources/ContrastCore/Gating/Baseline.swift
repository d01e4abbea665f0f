import Foundation

/// Failures a team has accepted for now, so CI fails only on new ones
/// (SPEC §5: exit status 1 does not count failures the baseline accepts).
///
/// The file is JSON, written deterministically (entries sorted by
/// fingerprint, no timestamp): `schemaVersion`, `tool`, and `accepted`, an
/// entry per accepted failure holding its `fingerprint`, each dimension of
/// its scene by its key (``SceneDimension``) with its `element` and `item`
/// after the layout, and the `ratio` it failed with (docs/ci.md shows one).
/// An entry matches a check by `CheckResult.fingerprint` (its layout,
/// element and item, then each dimension of the scene: ``SceneDimension``),
/// never by ratio or line, so editing the layout file elsewhere or a small
/// change of ratio keeps it accepted. A dimension whose absence means its
/// default is written only where the check is not at it, so an entry written
/// before a dimension existed means its default, which is what its
/// fingerprint names.
public struct Baseline: Sendable, Hashable {
  public static let schemaVersion = 1

  /// One accepted failure.
  public struct Entry: Sendable, Hashable {
    /// `CheckResult.fingerprint` of the accepted check.
    public var fingerprint: String
    public var element: String
    public var item: String
    /// The check's scene: each dimension's word by its key
    /// (``SceneDimension``), a dimension whose absence means its default
    /// left out at its default (an entry written before it existed).
    public var coordinate: [String: String]
    /// The judged ratio when the failure was accepted (information only).
    public var ratio: Double?
    /// `review` when the accepted check was one to review (issue 29 part
    /// 4); nil for a failure (information only: an entry accepts its check
    /// by fingerprint, failing or to review).
    public var verdict: String?

    /// An entry of `coordinate`'s words (made canonical: each dimension
    /// whose absence means its default is dropped at it).
    init(
      fingerprint: String, element: String, item: String, coordinate: [String: String],
      ratio: Double?, verdict: String? = nil
    ) {
      self.fingerprint = fingerprint
      self.element = element
      self.item = item
      self.coordinate = coordinate
      self.ratio = ratio
      self.verdict = verdict
    }

    /// The entry accepting `result` as it failed.
    public init(_ result: CheckResult) {
      var words: [String: String] = [:]
      for d in SceneDimension.all where !(d.absentMeansDefault && d.isDefault(result)) {
        words[d.key] = d.word(of: result)
      }
      self.init(
        fingerprint: result.fingerprint, element: result.element, item: result.item,
        coordinate: words, ratio: result.judgedRatio,
        verdict: result.verdict == .review ? Verdict.review.rawValue : nil)
    }

    /// The entry's section (``SceneDimension/section``: its layout's id).
    public var section: String { coordinate[SceneDimension.section.key] ?? "" }

    /// The fingerprint the entry's own fields give, as
    /// ``CheckResult/identityParts`` makes it.
    var derivedFingerprint: String {
      ([section, element, item] + parts(SceneDimension.afterItem)).joined(separator: "/")
    }

    /// The scene the entry belongs to.
    var sceneKey: String { Baseline.sceneKey(parts(SceneDimension.all)) }

    /// The identity parts of `dimensions`, as ``CheckResult`` writes them.
    private func parts(_ dimensions: [SceneDimension]) -> [String] {
      dimensions.compactMap { d in
        coordinate[d.key].map { d.absentMeansDefault ? "\(d.key)=\($0)" : $0 }
      }
    }
  }

  /// The accepted failures, sorted by fingerprint, one per fingerprint.
  public private(set) var entries: [Entry]

  /// Whether it was read from a run's report (report.json or report.sqlite:
  /// its failing checks accepted) rather than a baseline file, which
  /// `--prune-baseline` must not rewrite as one.
  public private(set) var isReport = false

  /// Fingerprints of the accepted failures.
  public var fingerprints: Set<String> { Set(entries.map(\.fingerprint)) }

  /// A baseline of `entries`, sorted by fingerprint; of two entries with the
  /// same fingerprint the first is kept.
  public init(entries: [Entry] = []) {
    var seen = Set<String>()
    self.entries = entries.filter { seen.insert($0.fingerprint).inserted }
      .sorted { $0.fingerprint < $1.fingerprint }
  }

  /// A baseline accepting every failing check of `report` and every check to
  /// review (warnings and passes are not recorded).
  public static func recording(_ report: AuditReport) -> Baseline {
    Baseline(entries: report.outcome.results.filter(\.isAcceptable).map(Entry.init))
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
            // The fingerprint, the layout and the item in it, then the
            // rest of the scene.
            var pairs: [(String, JSONValue)] = [("fingerprint", .string(e.fingerprint))]
            for (i, d) in SceneDimension.all.enumerated() {
              if let w = e.coordinate[d.key] {
                pairs.append((d.key, d.wordIsFlag ? .bool(w == "on") : .string(w)))
              }
              if i == 0 { pairs += [("element", .string(e.element)), ("item", .string(e.item))] }
            }
            if let r = e.ratio { pairs.append(("ratio", .number(r))) }
            if let v = e.verdict { pairs.append(("verdict", .string(v))) }
            return .object(pairs)
          })
      ),
    ]).rendered()
  }

  /// What the baseline says of `results`, which it does not change: the
  /// state column (each failing result, or one to review, `known` when the
  /// baseline accepts it, every other result `new`: ``BaselineColumn``), and
  /// the outcome, which counts the failures known and new and sorts the
  /// entries that no longer match a failure into stale and unmatched.
  ///
  /// An entry is stale when its scene (its coordinate) was audited in
  /// `results` and the check no longer fails there (it passes, warns, or the
  /// item is gone): it can be pruned. An entry whose scene has no result at
  /// all (another shard's, or a value of a dimension the run did not sweep)
  /// is unmatched: this run says nothing about it, so it must be kept.
  public func apply(to results: some Sequence<CheckResult>) -> (
    outcome: BaselineOutcome, column: BaselineColumn
  ) {
    var applying = Applying(entries: entries, accepted: fingerprints)
    var scenes = Set<String>()
    for r in results {
      scenes.insert(
        Baseline.sceneKey(SceneDimension.all.compactMap { $0.identityPart(of: r) }))
      guard r.isAcceptable else { continue }
      applying.take(r.fingerprint, fails: r.verdict == .fail)
    }
    return applying.finished(scenes: scenes)
  }

  /// ``apply(to:)`` over columns: the same outcome and column, with each
  /// string made once per code instead of once per check. A check's scene
  /// key reads its layout and its scene (every dimension after the item
  /// reads the scene alone), so it is made once per pair of a layout and a
  /// scene object; an acceptable check's fingerprint is its item's part
  /// (layout, element, item) and its scene's, each made once per place and
  /// per scene object. `BaselineTests` holds it to the row-by-row reference.
  public func apply(to results: CheckColumns) -> (
    outcome: BaselineOutcome, column: BaselineColumn
  ) {
    var applying = Applying(entries: entries, accepted: fingerprints)
    let (places, placeOf) = results.placeCodes
    let sceneOf = results.sceneCodes.of
    var sectionIndex: [String: UInt64] = [:]
    let sectionOf = places.map { p in
      if let k = sectionIndex[p.section] { return k }
      let k = UInt64(sectionIndex.count)
      sectionIndex[p.section] = k
      return k
    }
    var itemPart = [String?](repeating: nil, count: places.count)
    var scenePart = [String?](repeating: nil, count: results.sceneCodes.objects.count)
    var pairs = Set<UInt64>()
    var scenes = Set<String>()
    for i in results.indices {
      let place = Int(placeOf[i])
      let scene = Int(sceneOf[i])
      if pairs.insert(sectionOf[place] << 32 | UInt64(scene)).inserted {
        let r = results[i]
        scenes.insert(
          Baseline.sceneKey(SceneDimension.all.compactMap { $0.identityPart(of: r) }))
      }
      let verdict = results.verdicts[i]
      guard verdict == .fail || verdict == .review else { continue }
      if itemPart[place] == nil || scenePart[scene] == nil {
        let parts = results[i].identityParts
        itemPart[place] = parts[..<3].joined(separator: "/")
        scenePart[scene] = parts[3...].joined(separator: "/")
      }
      applying.take(itemPart[place]! + "/" + scenePart[scene]!, fails: verdict == .fail)
    }
    return applying.finished(scenes: scenes)
  }

  /// What both ``apply(to:)`` take in of each acceptable check, and the
  /// entries sorted at the end.
  private struct Applying {
    let entries: [Entry]
    let accepted: Set<String>
    var failing = Set<String>()
    var column = BaselineColumn()
    var outcome = BaselineOutcome()

    /// An acceptable check (failing, or to review) by its fingerprint.
    mutating func take(_ fingerprint: String, fails: Bool) {
      failing.insert(fingerprint)
      let known = accepted.contains(fingerprint)
      if known { column.known.insert(fingerprint) }
      // (The counts are of failures; a review is marked alike.)
      guard fails else { return }
      if known { outcome.known += 1 } else { outcome.new += 1 }
    }

    /// The entries no acceptable check matched: stale where the run
    /// audited their scene (`scenes`, by scene key), else unmatched.
    func finished(scenes: Set<String>) -> (outcome: BaselineOutcome, column: BaselineColumn) {
      var outcome = outcome
      for e in entries where !failing.contains(e.fingerprint) {
        if scenes.contains(e.sceneKey) {
          outcome.stale.append(e)
        } else {
          outcome.unmatched.append(e)
        }
      }
      return (outcome, column)
    }
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
  /// Reads a baseline file, or a run's report.json (its listed failing
  /// checks: the failing ones in either of its forms) or report.sqlite,
  /// whose failing checks it accepts.
  public static func load(contentsOf path: String) throws(Diagnostic) -> Baseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw Diagnostic(
        file: path, line: 0, column: 0,
        message: exists
          ? "cannot read the baseline file"
          : "no baseline file here (write one with --write-baseline)")
    }
    // A run's report: its failing checks are the accepted ones.
    if data.starts(with: Array("SQLite format 3\u{0}".utf8)) {
      var b = recording(try SQLiteReport.read([UInt8](data), file: path))
      b.isReport = true
      return b
    }
    if let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      root["accepted"] == nil, root["summary"] != nil
    {
      let text = String(decoding: data, as: UTF8.self)
      var b = recording(try ReportReader.parse(text, file: path).report)
      b.isReport = true
      return b
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
      var words: [String: String] = [:]
      for d in SceneDimension.all {
        guard let w = e.words[d.key] else { continue }
        switch d.parseWord(w) {
        case .success(let canonical):
          // A default written out (a flag written `false`) is what its
          // absence means.
          let isDefault = d.absentMeansDefault && d.isDefaultWord(canonical)
          if !isDefault { words[d.key] = canonical }
        case .failure(let why):
          throw fail("accepted[\(i)].\(d.key): \(why.message)")
        }
      }
      let entry = Entry(
        fingerprint: e.fingerprint, element: e.element, item: e.item, coordinate: words,
        ratio: e.ratio, verdict: e.verdict)
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
    var element: String
    var item: String
    var ratio: Double?
    var verdict: String?
    /// Each dimension's word by its key; a flag's `on` or `off`.
    var words: [String: String] = [:]

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ name: String) { stringValue = name }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: Key.self)
      fingerprint = try c.decode(String.self, forKey: Key("fingerprint"))
      element = try c.decode(String.self, forKey: Key("element"))
      item = try c.decode(String.self, forKey: Key("item"))
      ratio = try c.decodeIfPresent(Double.self, forKey: Key("ratio"))
      verdict = try c.decodeIfPresent(String.self, forKey: Key("verdict"))
      for d in SceneDimension.all {
        let key = Key(d.key)
        if d.wordIsFlag {
          let flag =
            d.absentMeansDefault
            ? try c.decodeIfPresent(Bool.self, forKey: key)
            : try c.decode(Bool.self, forKey: key)
          if let flag { words[d.key] = flag ? "on" : "off" }
        } else {
          words[d.key] =
            d.absentMeansDefault
            ? try c.decodeIfPresent(String.self, forKey: key)
            : try c.decode(String.self, forKey: key)
        }
      }
    }
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
  /// Whether a baseline can accept the check: it fails, or is to review.
  var isAcceptable: Bool { verdict == .fail || verdict == .review }
}
