/// What a finished audit means for a CI gate (SPEC §5's exit status).
public enum Gate: Sendable, Hashable {
  /// Every check passes, or fails only as the baseline accepts.
  case pass
  /// A check fails that no baseline accepts, or a baseline entry is stale
  /// (its check passes now) and is not being pruned.
  case fail
  /// An input could not be audited; every other input was.
  case inputError
}

extension AuditReport {
  /// The gate of this report: an input error outweighs a failure, which
  /// outweighs a pass.
  public var gate: Gate {
    let s = summary
    if s.errors > 0 { return .inputError }
    if s.newFailures > 0 { return .fail }
    if let b = baselineOutcome, !b.stale.isEmpty, !pruningBaseline { return .fail }
    return .pass
  }
}
