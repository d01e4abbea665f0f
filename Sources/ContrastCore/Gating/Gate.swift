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

/// What fails a run (`--fail-on`, the settings key `failOn`).
public enum FailOn: String, Sendable, Hashable, CaseIterable {
  /// A failing check fails the run, and a stale baseline entry (the default).
  case error
  /// As `error`, and also a check whose verdict is `review` (its interval
  /// holds its threshold) that no baseline accepts.
  case review
  /// As `review`, and also a lint finding of severity warning
  /// (`glass-on-glass`, `target-size`, ...) or a decorative item below its
  /// line: a lint can fail CI.
  case warning
  /// Nothing the audit finds fails the run; only an input that could not be
  /// audited does (exit 2). For reports that inform and never gate.
  case never

  /// Whether a check to review fails the run: under `review`, and under
  /// `warning`, which fails on everything `review` does.
  public var gatesReviews: Bool { self == .review || self == .warning }
}

/// The gate and why, in words: the one truth the exit status, stdout's
/// verdict, the Markdown and HTML headlines and JUnit all state.
public struct GateVerdict: Sendable, Hashable {
  /// What the run's outputs count, as the gate weighs them.
  public struct Counts: Sendable, Hashable {
    /// Inputs that could not be audited.
    public var inputErrors = 0
    /// Failing checks no baseline accepts.
    public var newFailures = 0
    /// Failing checks the baseline accepts.
    public var acceptedFailures = 0
    /// Checks to review (``Verdict/review``) no baseline accepts.
    public var newReviews = 0
    /// Checks to review that the baseline accepts.
    public var acceptedReviews = 0
    /// Baseline entries whose checks pass now (or whose items are gone).
    public var staleEntries = 0
    /// Whether the caller removes the stale entries, so they do not fail.
    public var pruningStaleEntries = false
    /// Whether a baseline was applied at all.
    public var hasBaseline = false
    /// Decorative items below their line (verdict `warn`).
    public var decorativeWarnings = 0
    /// Lint findings whose rule's severity is `warning`.
    public var lintWarnings = 0
    /// What fails the run.
    public var failOn = FailOn.error

    public init() {}
  }

  public var gate: Gate
  /// Why the gate is what it is, each reason naming a count: first what
  /// fails the run, then what was let through (accepted failures, pruned
  /// entries). Empty for a run with nothing to say (every check passes).
  public var reasons: [String]
  /// How many baseline entries are stale and fail the run.
  public var failingStaleEntries: Int

  /// The gate of `counts`: an input error outweighs a failure, which
  /// outweighs a pass. A failure is a check no baseline accepts, or a stale
  /// baseline entry that is not being pruned; with `failOn` `warning` also
  /// a warning (lint or decorative); with `never`, nothing but an input error.
  public init(_ counts: Counts) {
    var failing: [String] = []
    var letThrough: [String] = []
    let gating = counts.failOn != .never
    if counts.inputErrors > 0 {
      failing.append(Self.count(counts.inputErrors, "input", "inputs") + " could not be audited")
    }
    var failures: [String] = []
    if counts.newFailures > 0 {
      let n = counts.newFailures
      failures.append(
        counts.hasBaseline
          ? Self.count(n, "new failure", "new failures") + " (not in the baseline)"
          : Self.count(n, "check fails", "checks fail"))
    }
    let stale = counts.pruningStaleEntries ? 0 : counts.staleEntries
    if stale > 0 {
      failures.append(
        Self.count(stale, "stale baseline entry", "stale baseline entries")
          + " (\(stale == 1 ? "its check passes" : "their checks pass") now)")
    }
    failingStaleEntries = gating ? stale : 0
    var warnings: [String] = []
    let reviewing = counts.failOn.gatesReviews
    if reviewing, counts.newReviews > 0 {
      warnings.append(
        Self.count(counts.newReviews, "check to review", "checks to review")
          + (counts.hasBaseline ? " not in the baseline" : "")
          + " (--fail-on \(counts.failOn.rawValue))")
    }
    if counts.failOn == .warning {
      if counts.decorativeWarnings > 0 {
        warnings.append(
          Self.count(counts.decorativeWarnings, "decorative warning", "decorative warnings")
            + " (--fail-on warning)")
      }
      if counts.lintWarnings > 0 {
        warnings.append(
          Self.count(counts.lintWarnings, "lint warning", "lint warnings")
            + " (--fail-on warning)")
      }
    }
    if gating {
      failing += failures + warnings
    } else {
      letThrough += failures.map { $0 + ", not gating (--fail-on never)" }
    }
    if counts.acceptedFailures > 0 {
      letThrough.append(
        Self.count(counts.acceptedFailures, "failure", "failures") + " accepted by the baseline")
    }
    if reviewing && gating && counts.acceptedReviews > 0 {
      letThrough.append(
        Self.count(counts.acceptedReviews, "review", "reviews") + " accepted by the baseline")
    }
    if counts.pruningStaleEntries && counts.staleEntries > 0 {
      letThrough.append(
        Self.count(counts.staleEntries, "stale baseline entry", "stale baseline entries")
          + " pruned")
    }
    if counts.inputErrors > 0 {
      gate = .inputError
    } else if gating && (counts.newFailures > 0 || stale > 0 || !warnings.isEmpty) {
      gate = .fail
    } else {
      gate = .pass
    }
    reasons = failing + letThrough
  }

  /// The gate in one or two words: `passing`, `failing`, `input errors`.
  public var word: String {
    switch gate {
    case .pass: "passing"
    case .fail: "failing"
    case .inputError: "input errors"
    }
  }

  /// The verdict with its reasons: `failing: 2 stale baseline entries
  /// (their checks pass now)`, or `passing` alone.
  public var headline: String {
    reasons.isEmpty ? word : "\(word): " + reasons.joined(separator: "; ")
  }

  /// `1 check fails`, `3 checks fail`.
  static func count(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
  }
}

extension AuditReport {
  /// The gate of this report and why (``GateVerdict``).
  public var verdict: GateVerdict {
    let s = summary
    var c = GateVerdict.Counts()
    c.inputErrors = s.errors
    c.newFailures = s.newFailures
    c.acceptedFailures = s.failed - s.newFailures
    c.newReviews = s.newReviews
    c.acceptedReviews = s.reviews - s.newReviews
    c.hasBaseline = baselineOutcome != nil
    c.staleEntries = baselineOutcome?.stale.count ?? 0
    c.pruningStaleEntries = pruningBaseline
    c.decorativeWarnings = s.warnings
    c.lintWarnings = gatingFindings.count
    c.failOn = failOn
    return GateVerdict(c)
  }

  /// Whether a check to review fails the run (`--fail-on review` or
  /// `warning`).
  public var gatesReviews: Bool { failOn.gatesReviews }

  /// The lint findings that fail the run under `failOn` `warning`: those of
  /// rules of severity warning (none under the other settings).
  public var gatingFindings: [Finding] {
    failOn == .warning ? outcome.findings.filter { $0.rule.severity == .warning } : []
  }

  /// Whether a failing check fails the run: not when the baseline accepts
  /// it, nor under `failOn` `never`.
  public func gates(_ r: CheckResult) -> Bool {
    switch r.verdict {
    case .pass: false
    case .fail: !isAcceptedByBaseline(r) && failOn != .never
    case .warn: failOn == .warning
    case .review: !isAcceptedByBaseline(r) && failOn.gatesReviews
    }
  }

  /// The gate of this report: an input error outweighs a failure, which
  /// outweighs a pass.
  public var gate: Gate { verdict.gate }

  /// The baseline entries that fail this run as stale (none while they are
  /// being pruned).
  public var failingStaleEntries: [Baseline.Entry] {
    pruningBaseline || failOn == .never ? [] : baselineOutcome?.stale ?? []
  }
}
