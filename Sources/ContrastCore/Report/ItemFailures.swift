/// The unit of every human report (issue 15): one item (layout › element ›
/// item) with all its checks folded, so a report answers "what must I fix"
/// rather than "which single check is worst".
///
/// An item's worst check is its lowest judged ratio / threshold among the
/// checks of `verdict` (then report order); its fix is the report's for
/// that check (`AuditReport.fixText(for:)`: the item's verified fix, else
/// the remedy search's); its scene is labelled only through
/// `CheckResult.sceneDescription`, so new matrix dimensions reach every
/// report without a change here.
public struct ItemFailure: Sendable {
  /// The item's section (``SceneDimension/section``: its layout's id).
  public var section: String
  public var element: String
  public var item: String
  /// The item's checks that have the verdict (fail, or warn), worst first.
  public var checks: [CheckResult]
  /// How many checks the item has in the run (every verdict).
  public var scenes: Int
  /// How many of `checks` fail the gate (not accepted by a baseline, and
  /// gating under `--fail-on`).
  public var gating: Int

  /// The worst check.
  public var worst: CheckResult { checks[0] }
  /// How many of the item's checks have the verdict.
  public var failingScenes: Int { checks.count }
  /// The worst check's ratio over its threshold: below 1 fails.
  public var severity: Double { worst.judgedRatio / worst.threshold }
  /// Of the item's checks, one whose threshold is above the highest ratio
  /// the model can give it over any wallpaper (SPEC §3.5: a design error,
  /// not a wallpaper problem): of those, the one with the greatest bound,
  /// the "best possible" the `never-passes` finding states. Nil when every
  /// scene of the item can pass on some wallpaper.
  public var neverPassing: CheckResult?
  /// The item cannot reach its threshold on any wallpaper in some scene
  /// (not only its worst): the reports' "never passes" list, their ⛔ mark
  /// and the `never-passes` finding name the same items.
  public var neverPasses: Bool { neverPassing != nil }
  /// The one actionable fix: the report's for the worst check
  /// (``AuditReport/fixText(for:)``).
  public var fix: String
  /// `layout › element › item`.
  public var path: String { "\(section) › \(element) › \(item)" }
  /// Whether the item is vibrant (issue 30): every report for people says
  /// so beside its name (``vibrantNote``).
  public var vibrant: Bool { worst.vibrant }
  /// ` (vibrant)` after a vibrant item's name, plain text; empty otherwise
  /// (a report without vibrant items is unchanged).
  public var vibrantNote: String { vibrant ? " (vibrant)" : "" }
  /// Where the worst check is: `wallpaper (light, normal, clear glass)`.
  public var worstScene: String { worst.sceneName }
}

public enum ItemFailures {
  /// The items with at least one check of `verdict`, worst first (by the
  /// worst check's ratio / threshold, then report order of that check).
  /// With `sortingChecks` false, an item's worst check still comes first
  /// but the rest stay in report order (for a summary that shows only the
  /// worst: no sort of every item's checks).
  public static func items(
    _ report: AuditReport, verdict: Verdict = .fail, sortingChecks: Bool = true
  ) -> [ItemFailure] {
    let results = report.outcome.results
    let index = ItemIndex(results)
    var totals = [Int](repeating: 0, count: index.keys.count)
    var groups = [[CheckResult]](repeating: [], count: index.keys.count)
    for i in results.indices {
      let k = index.of[i]
      totals[k] += 1
      if results.verdicts[i] == verdict { groups[k].append(results[i]) }
    }
    let items = groups.indices.compactMap { k -> ItemFailure? in
      let rs = groups[k]
      guard !rs.isEmpty else { return nil }
      let key = index.keys[k]
      let checks = worstFirst(rs, leading: sortingChecks ? rs.count : 1)
      return ItemFailure(
        section: key.section, element: key.element, item: key.item,
        checks: checks, scenes: totals[k], gating: rs.filter(report.gates).count,
        neverPassing: neverPassing(rs), fix: report.fixText(for: checks[0]))
    }
    return items.sorted { worseFirst($0.worst, $1.worst) }
  }

  /// What the reports for people say of the fix they print, with code in
  /// backticks: the remedy search's (checked where the item fails, not
  /// where it passes), or the one `glass-audit fix` keeps
  /// (`run`, outside a shard and without `--no-verify-fixes`).
  public static func fixPhrase(_ report: AuditReport) -> String {
    report.fixes == nil
      ? "and its fix (the least change of each kind that passes in every scene where it fails;"
        + " not re-audited where it passes, as in a shard, a merge or `run --no-verify-fixes`:"
        + " `glass-audit fix --dry-run` re-audits it)"
      : "and its fix as `glass-audit fix` keeps it, re-audited over the whole matrix (passes"
        + " everywhere the item fails, and no passing check fails), or why no change is safe"
  }

  /// The same items grouped by section (layout): sections in order of
  /// their worst item, each section's items worst first.
  public static func bySection(_ items: [ItemFailure]) -> [(
    section: String, items: [ItemFailure]
  )] {
    var order: [String] = []
    var groups: [String: [ItemFailure]] = [:]
    for i in items {
      if groups[i.section] == nil { order.append(i.section) }
      groups[i.section, default: []].append(i)
    }
    return order.map { ($0, groups[$0]!) }
  }

  /// Of `checks` (in report order), the first with the greatest bound among
  /// those whose bound is below their threshold
  /// (``ItemFailure/neverPassing``).
  static func neverPassing(_ checks: [CheckResult]) -> CheckResult? {
    var best: CheckResult?
    for r in checks where r.bounds.max < r.threshold {
      if best.map({ r.bounds.max > $0.bounds.max }) ?? true { best = r }
    }
    return best
  }

  /// Worst first: lower judged ratio / threshold, then report order.
  static func worseFirst(_ a: CheckResult, _ b: CheckResult) -> Bool {
    let x = a.judgedRatio / a.threshold
    let y = b.judgedRatio / b.threshold
    return x != y ? x < y : CheckResult.reportOrder(a, b)
  }

  /// `checks` with its `leading` worst (``worseFirst``) first, in that
  /// order, then the others in their order: the first `leading` are those
  /// of `checks.sorted(by: worseFirst)` (a stable sort), without sorting
  /// every check.
  static func worstFirst(_ checks: [CheckResult], leading k: Int) -> [CheckResult] {
    guard checks.count > k else { return checks.sorted(by: worseFirst) }
    // The positions of the k worst so far, worst first (a later check
    // enters only when strictly worse than one of them: stable).
    var kept: [Int] = []
    kept.reserveCapacity(k + 1)
    for i in checks.indices {
      if kept.count == k, !worseFirst(checks[i], checks[kept[k - 1]]) { continue }
      var at = kept.count
      while at > 0, worseFirst(checks[i], checks[kept[at - 1]]) { at -= 1 }
      kept.insert(i, at: at)
      if kept.count > k { kept.removeLast() }
    }
    let leading = Set(kept)
    return kept.map { checks[$0] }
      + checks.indices.lazy.filter { !leading.contains($0) }.map { checks[$0] }
  }

  /// The failing scenes of an item, compactly (`wallpaper (scene) ratio`),
  /// the first `limit` worst first, then how many more.
  public static func sceneList(_ i: ItemFailure, limit: Int) -> [String] {
    var out = i.checks.prefix(limit).map {
      "\($0.sceneName) \(WCAG.displayRatio($0.judgedRatio))"
    }
    if i.checks.count > limit { out.append("and \(i.checks.count - limit) more") }
    return out
  }
}

/// One text setting of a run (SPEC §3.8: a text size with Bold Text off or
/// on) and its share of the checks: the row of the reports' "by text
/// setting" table, so a designer sees at which text size items start to
/// fail without the matrix growing by a column per setting.
public struct TextSettingCounts: Sendable, Equatable {
  public var setting: TextSetting
  /// Checks under this setting that fail.
  public var failing: Int
  /// Checks under this setting that warn.
  public var warnings: Int
  /// Every check under this setting.
  public var checks: Int
  /// Items (layout › element › item) with a failing check under this setting.
  public var failingItems: Int
}

extension ItemFailures {
  /// The text settings that have a check, in report order
  /// (``TextSetting``'s, as `AuditSettings.textSettingColumns`), each with
  /// its counts.
  public static func byTextSetting(_ report: AuditReport) -> [TextSettingCounts] {
    byTextSetting(report, perSection: false)[""] ?? []
  }

  /// The same for every section too (by its id; `""`: every section), in
  /// one pass over the results.
  public static func byTextSetting(_ report: AuditReport, perSection: Bool) -> [String:
    [TextSettingCounts]]
  {
    struct Setting: Hashable {
      var group: String
      var setting: TextSetting
    }
    // A run of checks shares its scene, so its text setting and section.
    let results = report.outcome.results
    let index = ItemIndex(results)
    var counts: [Setting: TextSettingCounts] = [:]
    var failingItems: [Setting: Set<Int>] = [:]
    for run in results.sceneRuns() {
      let r = results[run.lowerBound]
      var warnings = 0
      var failing: [Int] = []
      for i in run {
        switch results.verdicts[i] {
        case .fail: failing.append(index.of[i])
        case .warn: warnings += 1
        case .pass, .review: break
        }
      }
      for group in perSection ? ["", r.section] : [""] {
        let k = Setting(group: group, setting: r.textSetting)
        var c =
          counts[k]
          ?? TextSettingCounts(
            setting: k.setting, failing: 0, warnings: 0, checks: 0, failingItems: 0)
        c.checks += run.count
        c.failing += failing.count
        c.warnings += warnings
        counts[k] = c
        if !failing.isEmpty { failingItems[k, default: []].formUnion(failing) }
      }
    }
    var out: [String: [TextSettingCounts]] = [:]
    for (k, c) in counts {
      var c = c
      c.failingItems = failingItems[k]?.count ?? 0
      out[k.group, default: []].append(c)
    }
    return out.mapValues { $0.sorted { $0.setting < $1.setting } }
  }
}
