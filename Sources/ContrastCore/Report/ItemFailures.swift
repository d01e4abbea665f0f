/// The unit of every human report (issue 15): one item (layout › element ›
/// item) with all its checks folded, so a report answers "what must I fix"
/// rather than "which single check is worst".
///
/// An item's worst check is its lowest judged ratio / threshold among the
/// checks of `verdict` (then report order); its fix is that check's
/// `Remedy.text(for:)`; its scene is labelled only through
/// `CheckResult.sceneDescription`, so new matrix dimensions reach every
/// report without a change here.
public struct ItemFailure: Sendable {
  public var layout: String
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
  /// The item cannot reach its threshold on any wallpaper in its worst
  /// scene (SPEC §3.5: a design error, not a wallpaper problem).
  public var neverPasses: Bool { worst.bounds.max < worst.threshold }
  /// The one actionable fix: the remedy of the worst check.
  public var fix: String { Remedy.text(for: worst) }
  /// `layout › element › item`.
  public var path: String { "\(layout) › \(element) › \(item)" }
  /// Where the worst check is: `wallpaper (light, normal, clear glass)`.
  public var worstScene: String { "\(worst.wallpaper) (\(worst.sceneDescription))" }
}

public enum ItemFailures {
  /// The items with at least one check of `verdict`, worst first (by the
  /// worst check's ratio / threshold, then report order of that check).
  public static func items(_ report: AuditReport, verdict: Verdict = .fail) -> [ItemFailure] {
    struct Key: Hashable {
      var layout: String
      var element: String
      var item: String
    }
    var totals: [Key: Int] = [:]
    var groups: [Key: [CheckResult]] = [:]
    for r in report.outcome.results {
      let k = Key(layout: r.layout, element: r.element, item: r.item)
      totals[k, default: 0] += 1
      if r.verdict == verdict { groups[k, default: []].append(r) }
    }
    let items = groups.map { k, rs in
      let sorted = rs.sorted(by: worseFirst)
      return ItemFailure(
        layout: k.layout, element: k.element, item: k.item, checks: sorted,
        scenes: totals[k] ?? rs.count, gating: rs.filter(report.gates).count)
    }
    return items.sorted { worseFirst($0.worst, $1.worst) }
  }

  /// The same items grouped by layout: layouts in order of their worst item,
  /// each layout's items worst first.
  public static func byLayout(_ items: [ItemFailure]) -> [(layout: String, items: [ItemFailure])] {
    var order: [String] = []
    var groups: [String: [ItemFailure]] = [:]
    for i in items {
      if groups[i.layout] == nil { order.append(i.layout) }
      groups[i.layout, default: []].append(i)
    }
    return order.map { ($0, groups[$0]!) }
  }

  /// Worst first: lower judged ratio / threshold, then report order.
  static func worseFirst(_ a: CheckResult, _ b: CheckResult) -> Bool {
    let x = a.judgedRatio / a.threshold
    let y = b.judgedRatio / b.threshold
    return x != y ? x < y : CheckResult.reportOrder(a, b)
  }

  /// The failing scenes of an item, compactly (`wallpaper (scene) ratio`),
  /// the first `limit` worst first, then how many more.
  public static func sceneList(_ i: ItemFailure, limit: Int) -> [String] {
    var out = i.checks.prefix(limit).map {
      "\($0.wallpaper) (\($0.sceneDescription)) \(WCAG.displayRatio($0.judgedRatio))"
    }
    if i.checks.count > limit { out.append("and \(i.checks.count - limit) more") }
    return out
  }
}
