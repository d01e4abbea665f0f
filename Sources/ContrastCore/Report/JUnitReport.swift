/// `junit.xml`: one testcase per item (layout › element › item; issue 15,
/// which makes SPEC §4's "per check" per item so the file stays small at
/// any matrix size), in the dialect GitHub test-report actions, GitLab and
/// Jenkins read: a `testsuite` per layout, `classname` = layout.element,
/// `file` = the layout file; a failing item carries its worst scene's ratio,
/// threshold, statistic and remedy, how many of its scenes fail, and those
/// scenes worst first (at most `maximumListedScenes`, then a count); inputs
/// that could not be audited are `error` testcases of a suite of their own.
///
/// It fails exactly as the gate does (`AuditReport.verdict`): an item fails
/// when one of its checks gates; an item whose failures are all accepted by
/// the baseline (or any failing item under `--fail-on never`) is
/// `<skipped>` with the reason; each stale baseline entry that fails the run is a
/// failing testcase of the `baseline` suite; under `--fail-on warning` a
/// decorative warning is a `<failure>`, and each warning finding a failing
/// testcase of the `findings` suite.
///
/// An item whose checks are at worst to review (issue 29 part 4: neither
/// pass nor fail) is `<skipped>` with its interval, the element GitHub's
/// test-report actions, GitLab and Jenkins all show as neither passed nor
/// failed; under `--fail-on review` (or `warning`) it is a `<failure
/// type="review">`.
public enum JUnitReport {
  /// At most this many failing scenes are listed in an item's testcase; the
  /// rest are counted, so a testcase stays small at any matrix size.
  public static let maximumListedScenes = 12

  public static func render(_ report: AuditReport) -> String {
    let items = itemGroups(report)
    var bySection: [String: [[CheckResult]]] = [:]
    for i in items { bySection[i[0].section, default: []].append(i) }
    let s = report.summary
    let stale = report.failingStaleEntries
    let findings = report.gatingFindings
    let outcomes = items.map { outcome($0, report: report) }
    let gating = outcomes.filter(\.fails).count
    let skipped = outcomes.filter(\.skips).count
    var out = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    out.append(
      "<testsuites name=\"glass-audit\" "
        + "tests=\"\(items.count + s.errors + stale.count + findings.count)\" "
        + "failures=\"\(gating + stale.count + findings.count)\" errors=\"\(s.errors)\" "
        + "skipped=\"\(skipped)\">")
    for id in bySection.keys.sorted() {
      let groups = bySection[id]!
      let outcomes = groups.map { outcome($0, report: report) }
      let failures = outcomes.filter(\.fails).count
      let skipped = outcomes.filter(\.skips).count
      let file = groups.first?.first?.file ?? ""
      out.append(
        "  <testsuite name=\"\(xml(id))\" tests=\"\(groups.count)\" "
          + "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" "
          + "file=\"\(xml(file))\">")
      for checks in groups {
        out += testcase(checks, report: report)
      }
      out.append("  </testsuite>")
    }
    if !stale.isEmpty {
      out.append(
        "  <testsuite name=\"baseline\" tests=\"\(stale.count)\" failures=\"\(stale.count)\" "
          + "errors=\"0\" skipped=\"0\">")
      for e in stale {
        let file = report.file(ofSection: e.section).map { " file=\"\(xml($0))\"" } ?? ""
        let message =
          "stale baseline entry: this accepted failure passes now (or its item is gone); "
          + "remove it with --prune-baseline"
        out.append(
          "    <testcase classname=\"baseline\" name=\"\(xml("stale entry " + e.fingerprint))\"\(file)>"
        )
        out.append(
          "      <failure type=\"stale-baseline\" message=\"\(xml(message))\">"
            + xml(e.fingerprint) + "</failure>")
        out.append("    </testcase>")
      }
      out.append("  </testsuite>")
    }
    if !findings.isEmpty {
      out.append(
        "  <testsuite name=\"findings\" tests=\"\(findings.count)\" "
          + "failures=\"\(findings.count)\" errors=\"0\" skipped=\"0\">")
      for f in findings {
        let place = f.place.compactMap { $0 }
        let name = "\(f.rule.id)" + (place.isEmpty ? "" : ": " + place.joined(separator: " › "))
        var head = "    <testcase classname=\"findings\" name=\"\(xml(name))\""
        if let file = f.file { head += " file=\"\(xml(file))\"" }
        if let line = f.line { head += " line=\"\(line)\"" }
        out.append(head + ">")
        out.append(
          "      <failure type=\"lint\" message=\"\(xml(f.rule.summary + " (--fail-on warning)"))\">"
            + xml(f.message) + "</failure>")
        out.append("    </testcase>")
      }
      out.append("  </testsuite>")
    }
    if !report.outcome.errors.isEmpty {
      out.append(
        "  <testsuite name=\"inputs\" tests=\"\(s.errors)\" failures=\"0\" errors=\"\(s.errors)\" "
          + "skipped=\"0\">")
      for e in report.outcome.errors {
        out.append(
          "    <testcase classname=\"inputs\" name=\"\(xml(e.input))\" file=\"\(xml(e.input))\">")
        out.append(
          "      <error type=\"input\" message=\"\(xml(e.message))\">\(xml(e.message))</error>")
        out.append("    </testcase>")
      }
      out.append("  </testsuite>")
    }
    out.append("</testsuites>")
    return out.joined(separator: "\n") + "\n"
  }

  /// What an item's testcase says.
  enum Outcome: Equatable {
    case pass
    /// Warnings only, not gating.
    case warning
    /// Warnings only, gating (`--fail-on warning`).
    case gatingWarning
    case failure
    /// Failing, but none of its failures gates (baseline, --fail-on never).
    case skipped
    /// At worst to review, not gating: `<skipped>`.
    case review
    /// At worst to review, gating (`--fail-on review`): `<failure>`.
    case gatingReview

    /// Whether the testcase is a `<failure>`.
    var fails: Bool { self == .failure || self == .gatingWarning || self == .gatingReview }
    /// Whether it is `<skipped>`.
    var skips: Bool { self == .skipped || self == .review }
  }

  /// Every item's checks (layout, element, item), in report order.
  static func itemGroups(_ report: AuditReport) -> [[CheckResult]] {
    let results = report.outcome.results
    let index = ItemIndex(results)
    var groups = [[CheckResult]](repeating: [], count: index.keys.count)
    for i in results.indices { groups[index.of[i]].append(results[i]) }
    return groups
  }

  static func outcome(_ checks: [CheckResult], report: AuditReport) -> Outcome {
    let failing = checks.filter { $0.verdict == .fail }
    if failing.contains(where: report.gates) { return .failure }
    if !failing.isEmpty { return .skipped }
    let reviews = checks.filter { $0.verdict == .review }
    if reviews.contains(where: report.gates) { return .gatingReview }
    if !reviews.isEmpty { return .review }
    let warnings = checks.filter { $0.verdict == .warn }
    if warnings.contains(where: report.gates) { return .gatingWarning }
    return warnings.isEmpty ? .pass : .warning
  }

  /// One item's testcase: its worst failing scene in the message, every
  /// failing scene (capped at `maximumListedScenes`) in the body.
  static func testcase(_ checks: [CheckResult], report: AuditReport) -> [String] {
    let first = checks[0]
    let name = "\(first.element) › \(first.item)"
    let head =
      "    <testcase classname=\"\(xml(first.section)).\(xml(first.element))\" "
      + "name=\"\(xml(name))\" file=\"\(xml(first.file))\" line=\"\(first.line)\""
    let kind = outcome(checks, report: report)
    let verdict: Verdict =
      switch kind {
      case .warning, .gatingWarning: .warn
      case .review, .gatingReview: .review
      default: .fail
      }
    // (Only the worst scenes are listed: they alone are sorted.)
    let bad = ItemFailures.worstFirst(
      checks.filter { $0.verdict == verdict }, leading: maximumListedScenes)
    guard let r = bad.first, kind != .pass else { return [head + "/>"] }
    let item = ItemFailure(
      section: r.section, element: r.element, item: r.item, checks: bad, scenes: checks.count,
      gating: bad.filter(report.gates).count,
      neverPassing: verdict == .fail ? ItemFailures.neverPassing(bad) : nil,
      fix: report.fixText(for: r))
    let scenes = ItemFailures.sceneList(item, limit: maximumListedScenes)
    let count = "\(bad.count) of \(checks.count) scenes"
    var out = [head + ">"]
    if verdict == .warn {
      let warning =
        "warning: decorative item below \(JSONValue.format(r.threshold)):1 "
        + "(\(WCAG.displayRatio(r.judgedRatio)):1) in \(count)"
      let body = ([warning] + scenes).joined(separator: "\n")
      if item.gating > 0 {
        out.append(
          "      <failure type=\"warning\" message=\"\(xml(warning + " (--fail-on warning)"))\">"
            + "\(xml(body))</failure>")
      } else {
        out.append("      <system-out>\(xml(body))</system-out>")
      }
      out.append("    </testcase>")
      return out
    }
    let stat = report.settings.statistic.rawValue
    if verdict == .review {
      return out + review(r, item: item, count: count, scenes: scenes, report: report)
    }
    let message =
      "contrast \(WCAG.displayRatio(r.judgedRatio)):1 (\(stat)) is below "
      + "\(JSONValue.format(r.threshold)):1; fails in \(count)"
    var detail = [
      "\(r.item) (\(r.kind.rawValue)\(r.role.map { ", \($0)" } ?? ""), colour \(r.color)) on "
        + "\(r.material) of \(r.element)",
      "worst: \(r.scenePhrase); trust \(r.trust.rawValue)"
        + (r.trustBasis.isEmpty ? "" : " (\(r.trustBasis))"),
      "\(stat) \(WCAG.displayRatio(r.judgedRatio)), min \(WCAG.displayRatio(r.contrast.min)), "
        + "median \(WCAG.displayRatio(r.contrast.median)), failing pixels "
        + "\(JSONValue.format(r.contrast.failingFraction * 100))%",
      "threshold \(JSONValue.format(r.threshold)); bounds over any wallpaper "
        + "\(WCAG.displayRatio(r.bounds.min))–\(WCAG.displayRatio(r.bounds.max))"
        + neverPassesNote(item),
    ]
    let fix = item.fix
    if !fix.isEmpty { detail.append("fix: \(fix)") }
    let accepted = bad.count - item.gating
    if kind == .failure && accepted > 0 {
      detail.append("\(accepted) of these failures are accepted by the baseline")
    }
    detail.append("failing scenes, worst first:")
    detail += scenes.map { "  \($0)" }
    detail.append("at \(r.file):\(r.line)")
    if kind == .skipped {
      let why =
        bad.allSatisfy(report.isAcceptedByBaseline)
        ? "accepted by the baseline: " : "not gating (--fail-on never): "
      out.append(
        "      <skipped message=\"\(xml(why + message))\">"
          + xml(detail.joined(separator: "\n")) + "</skipped>")
    } else {
      out.append(
        "      <failure type=\"contrast\" message=\"\(xml(message))\">"
          + xml(detail.joined(separator: "\n")) + "</failure>")
    }
    out.append("    </testcase>")
    return out
  }

  /// Escapes text for XML attributes and content (``Escaping/xml(_:)``).
  public static func xml(_ s: String) -> String { Escaping.xml(s) }
}

extension JUnitReport {
  /// The body of an item's testcase whose checks are at worst to review:
  /// `<skipped>`, or `<failure type="review">` when reviews gate.
  static func review(
    _ r: CheckResult, item: ItemFailure, count: String, scenes: [String], report: AuditReport
  ) -> [String] {
    let stat = report.settings.statistic.rawValue
    let i = r.interval
    let message =
      "review: contrast \(WCAG.displayRatio(r.judgedRatio)):1 (\(stat)) may be "
      + "\(WCAG.displayRatio(i.min)) to \(WCAG.displayRatio(i.max)), which holds the threshold "
      + "\(JSONValue.format(r.threshold)):1, in \(count)"
    var detail = [
      "\(r.item) (\(r.kind.rawValue)\(r.role.map { ", \($0)" } ?? ""), colour \(r.color)) on "
        + "\(r.material) of \(r.element)",
      "worst: \(r.scenePhrase); trust \(r.trust.rawValue)"
        + (r.trustBasis.isEmpty ? "" : " (\(r.trustBasis))")
        + "; the material's colour may be \(JSONValue.format(r.uncertainty)) levels off",
      "scenes to review, worst first:",
    ]
    detail += scenes.map { "  \($0)" }
    detail.append("at \(r.file):\(r.line)")
    let body = xml(detail.joined(separator: "\n"))
    return [
      item.gating > 0
        ? "      <failure type=\"review\" message=\"\(xml(message + " (--fail-on \(report.failOn.rawValue))"))\">"
          + body + "</failure>"
        : "      <skipped message=\"\(xml(message))\">" + body + "</skipped>",
      "    </testcase>",
    ]
  }

  /// `; never passes on any wallpaper in <scene> (at most X:1, needs T:1)`,
  /// or nothing when every scene of the item can pass somewhere.
  static func neverPassesNote(_ item: ItemFailure) -> String {
    guard let n = item.neverPassing else { return "" }
    return "; never passes on any wallpaper in \(n.sceneDescription) (at most "
      + "\(WCAG.displayRatio(n.bounds.max)):1, needs \(JSONValue.format(n.threshold)):1)"
  }
}
