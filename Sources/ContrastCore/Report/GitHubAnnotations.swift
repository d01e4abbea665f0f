/// GitHub Actions workflow commands (SPEC §4): `::error file=…,line=…::`
/// lines that the runner turns into annotations on the pull request.
///
/// GitHub shows at most 10 error annotations per step, so the lines are
/// capped at `limit` error lines: inputs that could not be audited first
/// (`::error file=<input>::message`, the reason for exit status 2), then the
/// stale baseline entries that fail the run, then one line per failing item
/// (`ItemFailures`: distinct items, worst first, each at its worst check
/// that fails the gate, with its fix and how many of its scenes fail; none
/// under `--fail-on never`), then the items to review when they gate
/// (`--fail-on review`), then
/// one `::notice::` line counting what was left out, and one counting the
/// items to review when they do not gate.
/// The caller prints the lines on stderr when `GITHUB_ACTIONS` is `true`.
public enum GitHubAnnotations {
  /// The workflow-command lines, without newlines.
  public static func lines(_ report: AuditReport, limit: Int = 10) -> [String] {
    let limit = max(0, limit)
    var out: [String] = []
    let errors = report.outcome.errors
    for e in errors.prefix(limit) {
      out.append(
        "::error file=\(property(e.input)),title=\(property("cannot audit \(e.input)"))::"
          + data(e.message))
    }
    let stale = report.failingStaleEntries
    let staleRoom = limit - min(limit, errors.count)
    for e in stale.prefix(staleRoom) {
      let file = report.file(ofSection: e.section).map { "file=\(property($0))," } ?? ""
      out.append(
        "::error \(file)title=\(property("stale baseline entry: \(e.section) › \(e.element) › \(e.item)"))::"
          + data(
            "\(e.fingerprint) is accepted by the baseline but passes now (or its item is gone); "
              + "remove it with --prune-baseline"))
    }
    // One annotation per item: its worst gating check (failures, then
    // reviews where they gate).
    let reviews = ItemFailures.items(report, verdict: .review)
    let failures = (ItemFailures.items(report) + reviews).compactMap { i -> ItemFailure? in
      var i = i
      i.checks = i.checks.filter(report.gates)
      return i.checks.isEmpty ? nil : i
    }
    let room = staleRoom - min(staleRoom, stale.count)
    for i in failures.prefix(room) {
      let r = i.worst
      let title = "\(Rule.contrast(for: r.kind).id): \(i.path)"
      var text = SARIFReport.message(r, report: report)
      text +=
        r.verdict == .review
        ? " To review in \(i.failingScenes) of \(i.scenes) scenes."
        : " Fails in \(i.failingScenes) of \(i.scenes) scenes."
      out.append(
        "::error file=\(property(r.file)),line=\(r.line),title=\(property(title))::" + data(text))
    }
    let moreErrors = max(0, errors.count - limit)
    let moreStale = max(0, stale.count - staleRoom)
    let moreFailures = max(0, failures.count - room)
    if moreErrors > 0 {
      out.append(
        "::notice::\(moreErrors) more \(moreErrors == 1 ? "input" : "inputs") could not be "
          + "audited: see the step summary")
    }
    if moreStale > 0 {
      out.append(
        "::notice::\(moreStale) more stale baseline \(moreStale == 1 ? "entry" : "entries"): "
          + "see the step summary")
    }
    if moreFailures > 0 {
      out.append(
        "::notice::\(moreFailures) more failing \(moreFailures == 1 ? "item" : "items"): "
          + "see the step summary")
    }
    if !reviews.isEmpty && !report.gatesReviews {
      out.append(
        "::notice::\(reviews.count) \(reviews.count == 1 ? "item" : "items") to review: the "
          + "contrast's interval holds the threshold (see the step summary; --fail-on review "
          + "gates on them)")
    }
    return out
  }

  /// Escapes a command's message (``Escaping/workflowData(_:)``): `%`
  /// `\r` `\n` as `%25` `%0D` `%0A` (the runner's `escapeData`), other
  /// hidden characters shown escaped.
  public static func data(_ s: String) -> String { Escaping.workflowData(s) }

  /// Escapes a property value (``Escaping/workflowProperty(_:)``): as
  /// `data(_:)`, and `:` `,` as `%3A` `%2C` (the runner's `escapeProperty`).
  public static func property(_ s: String) -> String { Escaping.workflowProperty(s) }
}
