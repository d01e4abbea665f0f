/// Everything a run reports: its settings, results, findings and errors.
public struct AuditReport: Sendable {
  public var settings: AuditSettings
  /// The profiles the run judged under, in run order (SPEC §4.1 `profiles`).
  public var profileNames: [String]
  public var outcome: AuditOutcome
  /// ISO 8601 time of the run; nil with `--deterministic`.
  public var timestamp: String?
  /// Layout id -> file and title, for reports that link to layouts.
  public var layoutFiles: [String: String]
  public var layoutTitles: [String: String]
  /// A digest of the inputs (layouts, wallpaper list, profile), so shard
  /// reports of different inputs are never merged.
  public var inputsDigest: String = ""
  /// This report's shard (1-based index, count), when the run was sharded.
  public var shard: ShardSpec?
  /// What applying the run's baseline found; nil without a baseline.
  public var baselineOutcome: BaselineOutcome?
  /// Each check's baseline state (``baselineState(of:)``), a column beside
  /// the results: the run's baseline applied, or the states a shard's report
  /// carried (a merge); empty, every check `new`, without either.
  public var baselineColumn = BaselineColumn()
  /// Whether the baseline's stale entries are being pruned by the caller.
  public var pruningBaseline = false
  /// What fails the run (`--fail-on`); not part of report.json.
  public var failOn = FailOn.error
  /// Each failing item's fix as `glass-audit fix` verified it
  /// (`run` by default); nil: the remedy search's fixes, not re-audited.
  public var fixes: VerifiedFixes?

  /// The fix every report prints for `r`: its item's verified fix when the
  /// run verified them and `r` fails, else the remedy search's
  /// (`Remedy.text(for:)`), empty for none.
  public func fixText(for r: CheckResult) -> String {
    VerifiedFixes.text(for: r, in: fixes)
  }

  public init(
    settings: AuditSettings, profileNames: [String] = [], outcome: AuditOutcome,
    timestamp: String? = nil, layoutFiles: [String: String] = [:],
    layoutTitles: [String: String] = [:]
  ) {
    self.settings = settings
    self.profileNames = profileNames
    self.outcome = outcome
    self.timestamp = timestamp
    self.layoutFiles = layoutFiles
    self.layoutTitles = layoutTitles
  }

  /// Counts of SPEC §4.1's summary.
  public struct Summary: Sendable, Hashable {
    public var scenes = 0
    public var checks = 0
    public var passed = 0
    public var failed = 0
    public var warnings = 0
    /// Checks whose interval holds their threshold (issue 29 part 4).
    public var reviews = 0
    public var errors = 0
    /// Failures not accepted by a baseline (what the exit status counts).
    public var newFailures = 0
    /// Reviews not accepted by a baseline (what `--fail-on review` counts).
    public var newReviews = 0
  }

  public var summary: Summary {
    var s = Summary()
    s.scenes = outcome.scenes
    s.checks = outcome.results.count
    for r in outcome.results {
      switch r.verdict {
      case .pass: s.passed += 1
      case .fail:
        s.failed += 1
        if !isAcceptedByBaseline(r) { s.newFailures += 1 }
      case .warn: s.warnings += 1
      case .review:
        s.reviews += 1
        if !isAcceptedByBaseline(r) { s.newReviews += 1 }
      }
    }
    s.errors = outcome.errors.count
    return s
  }

  /// Failing results, worst first: by how far below the threshold (ratio of
  /// the judged value to the threshold), then in report order.
  public var failuresWorstFirst: [CheckResult] {
    outcome.results.filter { $0.verdict == .fail }.sorted {
      let a = $0.judgedRatio / $0.threshold
      let b = $1.judgedRatio / $1.threshold
      return a != b ? a < b : CheckResult.reportOrder($0, $1)
    }
  }
}
