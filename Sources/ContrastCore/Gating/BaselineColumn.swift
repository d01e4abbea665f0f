/// A check's baseline state, as every report writes it (`baseline` in
/// report.json, report.sqlite and SARIF).
public enum BaselineState: String, Sendable, Hashable {
  /// No baseline accepts the check (every check of a run without one).
  case new
  /// The run's baseline accepts the check: it fails, or is to review, and
  /// its fingerprint is an entry's.
  case known
}

/// The baseline state of a run's checks, a column beside its results
/// (issue 28): a result is built once, complete, and never changed after;
/// what the baseline says of it is kept here, by fingerprint, so a report
/// reading any subset of the results finds each one's state.
///
/// A check is ``BaselineState/known`` when it is acceptable (it fails, or is
/// to review) and its fingerprint is in ``known``; every other check is
/// ``BaselineState/new``. Without a baseline the column is empty and no
/// fingerprint is made.
public struct BaselineColumn: Sendable, Hashable {
  /// The fingerprints of the acceptable checks the baseline accepts.
  public var known: Set<String>

  public init(known: Set<String> = []) {
    self.known = known
  }

  /// The state of `r`.
  public func state(of r: CheckResult) -> BaselineState {
    // (A fingerprint is a join of strings: none is made for a check that
    // cannot be known.)
    !known.isEmpty && r.isAcceptable && known.contains(r.fingerprint) ? .known : .new
  }

  /// The column joining `columns` (a merge of shards, each a slice of the
  /// run's scenes).
  static func union(_ columns: [BaselineColumn]) -> BaselineColumn {
    BaselineColumn(known: columns.reduce(into: Set<String>()) { $0.formUnion($1.known) })
  }
}

extension AuditReport {
  /// The baseline state of `r`, as every report writes it.
  public func baselineState(of r: CheckResult) -> BaselineState {
    baselineColumn.state(of: r)
  }

  /// Whether the check fails (or is to review) and the run's baseline
  /// accepts it.
  public func isAcceptedByBaseline(_ r: CheckResult) -> Bool {
    baselineColumn.state(of: r) == .known
  }

  /// Applies `baseline` to the results, which it does not change: the
  /// outcome (``baselineOutcome``) and the state column (``baselineColumn``).
  mutating func apply(_ baseline: Baseline) {
    let applied = baseline.apply(to: outcome.results)
    baselineOutcome = applied.outcome
    baselineColumn = applied.column
  }
}
