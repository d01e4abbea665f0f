/// `report.md`: a summary for a pull-request comment and for designers
/// (SPEC §4): the counts, the matrix, the failures worst first with their
/// numbers, bounds and remedies, the findings and the errors.
public enum MarkdownReport {
  /// At most this many failure rows; the rest are counted.
  public static let maximumFailureRows = 50

  public static func render(_ report: AuditReport) -> String {
    let s = report.summary
    let st = report.settings
    var out: [String] = []
    let gate = report.verdict
    let mark: String
    switch gate.gate {
    case .pass: mark = "✅"
    case .fail: mark = "❌"
    case .inputError: mark = "❗"
    }
    out.append("# glass-audit report: \(mark) \(cell(gate.headline))")
    out.append("")
    out.append(
      "**\(s.checks) checks: \(s.passed) passed, \(s.failed) failed, \(s.warnings) warnings, "
        + "\(s.errors) errors** over \(s.scenes) scenes.")
    out.append("")
    out.append(
      "WCAG 2.2 level \(st.level.rawValue), judged on the `\(st.statistic.rawValue)` ratio of each "
        + "item's pixels; large text by the `\(st.largeText.rawValue)` rule; "
        + profilesText(report.profileNames) + "; Liquid Glass "
        + st.liquidGlass.map(\.label).joined(separator: ", ")
        + " (Reduce Transparency draws no glass: `–`). Ratios are floored to two decimals.")
    out.append("")
    let failingTrust = Dictionary(
      grouping: report.outcome.results.filter { $0.verdict == .fail }, by: \.trust)
    if !failingTrust.isEmpty {
      out.append(
        "Failures by the trust of their verdict: "
          + VerdictTrust.allCases.compactMap { t in
            failingTrust[t].map { "\($0.count) `\(t.rawValue)`" }
          }.joined(separator: ", ") + ".")
      out.append("")
    }
    out += matrix(report)
    out += failures(report)
    out += staleEntries(report)
    out += findings(report)
    if !report.outcome.errors.isEmpty {
      out.append("## Inputs that could not be audited")
      out.append("")
      for e in report.outcome.errors {
        out.append("- `\(code(e.input))`: \(cell(e.message))")
      }
      out.append("")
    }
    return out.joined(separator: "\n")
  }

  /// "profile `ios27`" or "profiles `ios26`, `ios27`".
  static func profilesText(_ names: [String]) -> String {
    (names.count == 1 ? "profile " : "profiles ")
      + names.map { "`\(code($0))`" }.joined(separator: ", ")
  }

  /// A matrix column: appearance, mode and the setting when it has one.
  static func columnKey(
    _ a: Appearance, _ m: AccessibilityMode, _ g: LiquidGlassSetting?
  ) -> String {
    "\(a.rawValue)|\(m.rawValue)|\(g.displayLabel)"
  }

  static func matrix(_ report: AuditReport) -> [String] {
    let combos = report.settings.appearances.flatMap { a in
      report.settings.modeColumns.map { (a, $0.mode, $0.liquidGlass) }
    }
    let severalProfiles = report.profileNames.count > 1
    var wallpapers: [String] = []
    var cells: [String: (pass: Int, fail: Int, warn: Int)] = [:]
    for r in report.outcome.results {
      let row = severalProfiles ? "\(r.wallpaper) · \(r.profile)" : r.wallpaper
      if !wallpapers.contains(row) { wallpapers.append(row) }
      let k = "\(row)|" + columnKey(r.appearance, r.mode, r.liquidGlass)
      var c = cells[k] ?? (0, 0, 0)
      switch r.verdict {
      case .pass: c.pass += 1
      case .fail: c.fail += 1
      case .warn: c.warn += 1
      }
      cells[k] = c
    }
    guard !wallpapers.isEmpty else { return [] }
    wallpapers.sort()
    var out = [
      "## Matrix", "",
      "Failing checks / checks, per wallpaper\(severalProfiles ? " · profile" : ""), appearance, "
        + "mode and Liquid Glass setting.",
      "",
    ]
    out.append(
      "| wallpaper\(severalProfiles ? " · profile" : "") | "
        + combos.map { "\($0.0.rawValue) \(modeLabel($0.1)) \($0.2.displayLabel)" }
        .joined(separator: " | ") + " |")
    out.append("|---|" + combos.map { _ in "---:" }.joined(separator: "|") + "|")
    for w in wallpapers {
      var row = "| \(cell(w)) |"
      for (a, m, g) in combos {
        guard let c = cells["\(w)|" + columnKey(a, m, g)] else {
          row += " – |"
          continue
        }
        let total = c.pass + c.fail + c.warn
        row += c.fail > 0 ? " ❌ \(c.fail)/\(total) |" : " ✅ 0/\(total) |"
      }
      out.append(row)
    }
    out.append("")
    return out
  }

  static func failures(_ report: AuditReport) -> [String] {
    let failing = report.failuresWorstFirst
    guard !failing.isEmpty else { return ["## Failures", "", "None.", ""] }
    var out = ["## Failures, worst first", ""]
    out.append(
      "Trust is the weakest among the profile numbers a verdict rests on: `exact` (none: the "
        + "app's own colours over the wallpaper), `apple` (published by Apple), "
        + "`third-party-measurement` (measured on Apple's renders, or fitted to such "
        + "measurements), `assumption` (the profile's own; no public measurement).")
    out.append("")
    let severalProfiles = report.profileNames.count > 1
    out.append(
      "| layout | element › item | wallpaper | appearance | mode | glass |"
        + (severalProfiles ? " profile |" : "")
        + " ratio | needs | bounds | trust | fix |")
    out.append(
      "|---|---|---|---|---|---|" + (severalProfiles ? "---|" : "") + "---:|---:|---|---|---|")
    for r in failing.prefix(maximumFailureRows) {
      let ratio = WCAG.displayRatio(r.judgedRatio)
      let bounds = "\(WCAG.displayRatio(r.bounds.min))–\(WCAG.displayRatio(r.bounds.max))"
      out.append(
        "| \(cell(r.layout)) | \(cell(r.element)) › \(cell(r.item)) | \(cell(r.wallpaper)) | "
          + "\(r.appearance.rawValue) | \(modeLabel(r.mode)) | \(r.liquidGlass.displayLabel) | "
          + (severalProfiles ? "\(cell(r.profile)) | " : "")
          + "\(ratio) | \(threshold(r.threshold)) | \(bounds) | \(trustText(r)) | "
          + "\(cell(Remedy.text(for: r))) |")
    }
    if failing.count > maximumFailureRows {
      out.append("")
      out.append("… and \(failing.count - maximumFailureRows) more in `report.json`.")
    }
    out.append("")
    return out
  }

  /// The baseline entries that fail the run as stale, by fingerprint.
  static func staleEntries(_ report: AuditReport) -> [String] {
    let stale = report.failingStaleEntries
    guard !stale.isEmpty else { return [] }
    var out = [
      "## Stale baseline entries", "",
      "These accepted failures pass now (or their items are gone); they fail the run until "
        + "they are removed with `--prune-baseline`.",
      "",
    ]
    for e in stale { out.append("- `\(code(e.fingerprint))`") }
    out.append("")
    return out
  }

  static func findings(_ report: AuditReport) -> [String] {
    guard !report.outcome.findings.isEmpty else { return [] }
    var out = ["## Findings", ""]
    for f in report.outcome.findings {
      var place = ""
      if let file = f.file { place = " (`\(code(file))\(f.line.map { ":\($0)" } ?? "")`)" }
      out.append("- **\(f.rule.id)**: \(cell(f.message))\(place)")
    }
    out.append("")
    return out
  }

  /// `third-party-measurement`, or `assumption (increaseContrast.glassFill)`
  /// with the weakest number's path.
  static func trustText(_ r: CheckResult) -> String {
    r.trust == .assumption && !r.trustBasis.isEmpty
      ? "\(r.trust.rawValue) (`\(code(r.trustBasis))`)" : r.trust.rawValue
  }

  static func modeLabel(_ m: AccessibilityMode) -> String {
    switch m {
    case .normal: "normal"
    case .reduceTransparency: "RT"
    case .increaseContrast: "IC"
    case .reduceTransparencyIncreaseContrast: "RT+IC"
    }
  }

  static func threshold(_ t: Double) -> String { JSONValue.format(t) }

  /// Escapes text for a Markdown table cell (``Escaping/markdownCell(_:)``).
  static func cell(_ s: String) -> String { Escaping.markdownCell(s) }

  /// Escapes text for a code span (``Escaping/markdownCode(_:)``).
  static func code(_ s: String) -> String { Escaping.markdownCode(s) }
}
