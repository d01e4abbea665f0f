/// `junit.xml`: one testcase per check (SPEC §4), in the dialect GitHub
/// test-report actions, GitLab and Jenkins read: a `testsuite` per layout,
/// `classname` = layout.element, `file` = the layout file; failures carry the
/// ratio, threshold, statistic and remedy; inputs that could not be audited
/// are `error` testcases of a suite of their own.
///
/// It fails exactly as the gate does (`AuditReport.verdict`): a failure the
/// baseline accepts (or any failure under `--fail-on never`) is `<skipped>`
/// with the reason; each stale baseline entry that fails the run is a
/// failing testcase of the `baseline` suite; under `--fail-on warning` a
/// decorative warning is a `<failure>`, and each warning finding a failing
/// testcase of the `findings` suite.
public enum JUnitReport {
  public static func render(_ report: AuditReport) -> String {
    let results = report.outcome.results
    var byLayout: [String: [CheckResult]] = [:]
    for r in results { byLayout[r.layout, default: []].append(r) }
    let s = report.summary
    let stale = report.failingStaleEntries
    let findings = report.gatingFindings
    let gating = results.filter(report.gates).count
    let skipped = results.filter { $0.verdict == .fail && !report.gates($0) }.count
    var out = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    out.append(
      "<testsuites name=\"glass-audit\" "
        + "tests=\"\(s.checks + s.errors + stale.count + findings.count)\" "
        + "failures=\"\(gating + stale.count + findings.count)\" errors=\"\(s.errors)\" "
        + "skipped=\"\(skipped)\">")
    for layout in byLayout.keys.sorted() {
      let rs = byLayout[layout]!
      let failures = rs.filter(report.gates).count
      let skipped = rs.filter { $0.verdict == .fail && !report.gates($0) }.count
      let file = rs.first?.file ?? ""
      out.append(
        "  <testsuite name=\"\(xml(layout))\" tests=\"\(rs.count)\" "
          + "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" "
          + "file=\"\(xml(file))\">")
      for r in rs {
        let name =
          "\(r.element) › \(r.item) on \(r.wallpaper) (\(r.sceneDescription))"
        let head =
          "    <testcase classname=\"\(xml(r.layout)).\(xml(r.element))\" name=\"\(xml(name))\" "
          + "file=\"\(xml(r.file))\" line=\"\(r.line)\""
        switch r.verdict {
        case .pass:
          out.append(head + "/>")
        case .warn:
          let warning =
            "warning: decorative item below \(JSONValue.format(r.threshold)):1 "
            + "(\(WCAG.displayRatio(r.judgedRatio)):1)"
          out.append(head + ">")
          if report.gates(r) {
            out.append(
              "      <failure type=\"warning\" message=\"\(xml(warning + " (--fail-on warning)"))\">"
                + "\(xml(warning))</failure>")
          } else {
            out.append("      <system-out>\(xml(warning))</system-out>")
          }
          out.append("    </testcase>")
        case .fail:
          let stat = report.settings.statistic.rawValue
          let message =
            "contrast \(WCAG.displayRatio(r.judgedRatio)):1 (\(stat)) is below "
            + "\(JSONValue.format(r.threshold)):1"
          var detail = [
            "\(r.item) (\(r.kind.rawValue)\(r.role.map { ", \($0)" } ?? ""), colour \(r.color)) on "
              + "\(r.material) of \(r.element)",
            "wallpaper \(r.wallpaper), \(r.sceneDescription); trust \(r.trust.rawValue)"
              + (r.trustBasis.isEmpty ? "" : " (\(r.trustBasis))"),
            "\(stat) \(WCAG.displayRatio(r.judgedRatio)), min \(WCAG.displayRatio(r.contrast.min)), "
              + "median \(WCAG.displayRatio(r.contrast.median)), failing pixels "
              + "\(JSONValue.format(r.contrast.failingFraction * 100))%",
            "threshold \(JSONValue.format(r.threshold)); bounds over any wallpaper "
              + "\(WCAG.displayRatio(r.bounds.min))–\(WCAG.displayRatio(r.bounds.max))",
          ]
          let fix = Remedy.text(for: r)
          if !fix.isEmpty { detail.append("fix: \(fix)") }
          detail.append("at \(r.file):\(r.line)")
          out.append(head + ">")
          if !report.gates(r) {
            let why =
              r.isAcceptedByBaseline
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
        }
      }
      out.append("  </testsuite>")
    }
    if !stale.isEmpty {
      out.append(
        "  <testsuite name=\"baseline\" tests=\"\(stale.count)\" failures=\"\(stale.count)\" "
          + "errors=\"0\" skipped=\"0\">")
      for e in stale {
        let file = report.layoutFiles[e.layout].map { " file=\"\(xml($0))\"" } ?? ""
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
        let place = [f.layout, f.element, f.item, f.wallpaper].compactMap { $0 }
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

  /// Escapes text for XML attributes and content (``Escaping/xml(_:)``).
  public static func xml(_ s: String) -> String { Escaping.xml(s) }
}
