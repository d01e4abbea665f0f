/// The fixes `glass-audit fix` would make, attached to a run's report
/// (`run --verify-fixes`, issue 29 part 2): per failing item the change the
/// fixer kept after re-auditing it over the whole matrix, or why no change
/// is safe, in the words every report prints, and the change as a
/// replacement of lines of the layout file (SARIF's `fixes`).
///
/// Every report reads an item's fix through ``AuditReport/fixText(for:)``:
/// with these attached, a failing check's fix is its item's verified one,
/// the same text in stdout, report.md, report.html, report.json,
/// report.sqlite, SARIF and JUnit; without them, the remedy search's
/// (`Remedy.text(for:)`).
public struct VerifiedFixes: Sendable {
  /// One failing item's verified fix.
  public struct Entry: Sendable, Hashable {
    /// What every report prints as the item's fix.
    public var text: String
    /// The change, as the layout holds it; nil when no change is safe.
    public var written: String?
    /// The layout file, and the change to it as one replacement of whole
    /// lines (the file's text with only this item's change applied); nil
    /// when no change is safe or the file could not be edited.
    public var file: String
    public var replacement: LineReplacement?
  }

  /// By item (`layout/element/item`).
  public var entries: [String: Entry]

  public init(entries: [String: Entry] = [:]) { self.entries = entries }

  /// The fixes of `outcome` (``LayoutFixer/fix(_:texts:load:progress:)``),
  /// their replacements worked out on `texts`, the layout files as read.
  public init(_ outcome: FixOutcome, texts: [String: String]) {
    entries = [:]
    // The changes kept for each element (a change to the element fixes
    // the other items it passes everywhere: `fixedByOther`).
    var elementChanges: [String: [FixCandidate]] = [:]
    for f in outcome.items {
      if let c = f.applied, c.changesElement {
        elementChanges["\(f.layout)/\(f.element)", default: []].append(c)
      }
    }
    for f in outcome.items {
      let key = "\(f.layout)/\(f.element)/\(f.item)"
      let changes: [FixCandidate]
      let text: String
      if let c = f.applied {
        changes = [c]
        text =
          "`\(c.written)` (verified: re-audited over the whole matrix, it passes in"
          + " \(Self.scenes(f.failingBefore)) where it fails and no passing check fails)"
      } else if f.fixedByOther, let cs = elementChanges["\(f.layout)/\(f.element)"] {
        changes = cs
        text =
          "`\(cs.map(\.written).joined(separator: ", "))` (the change to its element that"
          + " `glass-audit fix` makes for another item; verified: it passes in"
          + " \(Self.scenes(f.failingBefore)) where it fails and no passing check fails)"
      } else {
        changes = []
        let tried = f.tried.map { "`\($0.written)`: \($0.why)" }
        text =
          tried.isEmpty
          ? "no safe fix: \(f.unavailable.isEmpty ? "nothing to try" : f.unavailable)"
          : "no safe fix (re-audited over the whole matrix): tried "
            + tried.joined(separator: "; ")
      }
      var replacement: LineReplacement?
      if !changes.isEmpty, let before = texts[f.file],
        let after = try? LayoutTextEditor.apply(changes.flatMap(\.edits), to: before, file: f.file)
      {
        replacement = LineReplacement(from: before, to: after)
      }
      entries[key] = Entry(
        text: text, written: changes.isEmpty ? nil : changes.map(\.written).joined(separator: ", "),
        file: f.file, replacement: replacement)
    }
  }

  /// The fix every report prints for `r`: its item's verified fix when
  /// `fixes` has one and `r` fails, else the remedy search's
  /// (`Remedy.text(for:)`), empty for none.
  static func text(for r: CheckResult, in fixes: VerifiedFixes?) -> String {
    fixes?.entry(for: r)?.text ?? Remedy.text(for: r)
  }

  /// ``text(for:in:)``, nil when `r` has neither a verified fix nor a
  /// remedy (report.json's and report.sqlite's null).
  static func textIfAny(for r: CheckResult, in fixes: VerifiedFixes?) -> String? {
    r.remedy == nil && fixes?.entry(for: r) == nil ? nil : text(for: r, in: fixes)
  }

  /// `the scene`, `both scenes`, `all 7 scenes`.
  static func scenes(_ n: Int) -> String {
    n == 1 ? "the scene" : n == 2 ? "both scenes" : "all \(n) scenes"
  }

  /// The verified fix of `r`'s item when `r` fails and its item has one.
  public func entry(for r: CheckResult) -> Entry? {
    guard r.verdict == .fail else { return nil }
    return entries["\(r.layout)/\(r.element)/\(r.item)"]
  }
}

/// A change of a text as one replacement: from the start of line
/// `startLine` to line `endLine`, column `endColumn` (1-based, columns in
/// UTF-16 code units, as SARIF counts them by default), replaced by
/// `inserted`. The lines both texts share at the start and at the end are
/// not part of it; it ends at the start of a line (`endColumn` 1) unless it
/// reaches the end of a text that has no line end there.
public struct LineReplacement: Sendable, Hashable {
  public var startLine: Int
  public var endLine: Int
  public var endColumn: Int
  public var inserted: String

  public init(startLine: Int, endLine: Int, endColumn: Int, inserted: String) {
    self.startLine = startLine
    self.endLine = endLine
    self.endColumn = endColumn
    self.inserted = inserted
  }

  /// The replacement that turns `old` into `new`; nil when they are equal.
  /// Lines end at `\n` (a `\r` before it stays part of its line).
  public init?(from old: String, to new: String) {
    guard old != new else { return nil }
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    var prefix = 0
    while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    if suffix > 0 {
      // Whole lines, each with its line end.
      startLine = prefix + 1
      endLine = a.count - suffix + 1
      endColumn = 1
      inserted = b[prefix..<(b.count - suffix)].map { $0 + "\n" }.joined()
    } else {
      // To the end of the text (no line end after its last line): from the
      // last shared line, so that its line end is replaced too.
      if prefix > 0 { prefix -= 1 }
      startLine = prefix + 1
      endLine = a.count
      endColumn = a[a.count - 1].utf16.count + 1
      inserted = b[prefix...].joined(separator: "\n")
    }
  }

  /// `old` with the replacement made, as a SARIF consumer makes it.
  public func apply(to old: String) -> String {
    let lines = old.split(separator: "\n", omittingEmptySubsequences: false)
    func offset(line: Int, column: Int) -> Int {
      lines[0..<(line - 1)].reduce(0) { $0 + $1.utf16.count + 1 } + column - 1
    }
    let u = Array(old.utf16)
    let from = offset(line: startLine, column: 1)
    let to = offset(line: endLine, column: endColumn)
    return String(decoding: u[0..<from], as: UTF16.self) + inserted
      + String(decoding: u[to...], as: UTF16.self)
  }
}
