@testable import ContrastCore

/// Small hand-made reports for the report writers' tests.
enum ReportFixtures {
  static func check(
    layout: String = "tabs", element: String = "bar", item: String = "label",
    wallpaper: String = "dusk", appearance: Appearance = .light, mode: AccessibilityMode = .normal,
    kind: ContentKind = .text, verdict: Verdict = .fail, ratio: Double = 2.879,
    threshold: Double = 4.5, remedy: Remedy? = nil,
    file: String = "layouts/tabs.yml", line: Int = 12, liquidGlass: LiquidGlassSetting? = nil,
    profile: String = Profile.defaultName
  ) -> CheckResult {
    CheckResult(
      layout: layout, wallpaper: wallpaper, appearance: appearance, mode: mode,
      element: element, item: item, kind: kind, role: kind == .text ? "body" : nil,
      largeText: false, threshold: threshold,
      contrast: ContrastStatistics(
        min: ratio, p05: ratio, p10: ratio, median: ratio, mean: ratio, max: ratio,
        failingFraction: verdict == .pass ? 0 : 1),
      bounds: ContrastBounds(min: 1, max: 21), verdict: verdict,
      judgedRatio: ratio, pixelCount: 100, color: "#777777", material: "regular",
      remedy: remedy, file: file, line: line, liquidGlass: liquidGlass, profile: profile)
  }

  /// A report of `results`; those of `known` that fail (or are to review)
  /// are accepted by a baseline (its state column: ``BaselineColumn``).
  static func report(
    _ results: [CheckResult], findings: [Finding] = [], errors: [InputError] = [],
    known: [CheckResult] = []
  ) -> AuditReport {
    var report = AuditReport(
      settings: AuditSettings(), profileNames: ["ios26"],
      outcome: AuditOutcome(
        results: results, findings: findings, errors: errors, scenes: 1, blursComputed: 0,
        blursRequested: 0))
    report.baselineColumn = BaselineColumn(known: Set(known.map(\.fingerprint)))
    return report
  }

  /// Two failures (one worse), a pass, a decorative warning, a finding.
  static var mixed: AuditReport {
    report(
      [
        check(item: "title", ratio: 3.2, line: 10),
        check(item: "label", ratio: 1.5, line: 12),
        check(item: "badge", kind: .icon, verdict: .pass, ratio: 5, threshold: 3, line: 14),
        check(item: "rule", kind: .decorative, verdict: .warn, ratio: 1.2, threshold: 3, line: 16),
      ],
      findings: [
        Finding(
          rule: .targetSize, layout: "tabs", element: "bar", message: "bar is 40x40 pt",
          file: "layouts/tabs.yml", line: 8)
      ])
  }
}
