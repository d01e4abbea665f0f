/// What one audit is asked to do: the inputs as loaded, the settings, and
/// how to run (workers, previews, baseline, shard). The caller (the CLI)
/// reads the files and the machine; the pipeline reads neither.
public struct AuditRequest: Sendable {
  /// The profiles every scene is judged under (SPEC §2.3), at least one, in
  /// the order the run names them.
  public var profiles: [Profile]
  public var settings: AuditSettings
  public var layouts: [Layout]
  /// Every wallpaper of the matrix; a shard audits its slice of them.
  public var wallpapers: [WallpaperInput]
  /// Inputs that could not be loaded before the audit (layout files, the
  /// wallpaper folder): reported with the rest, never stopping it.
  public var inputErrors: [InputError] = []
  /// Lint findings from loading the layouts.
  public var inputFindings: [Finding] = []
  /// Design-system targets for every layout (`glass-audit.yml`'s
  /// `targets`); a layout's own are laid over them key by key (SPEC §3.8).
  public var targets = ContrastTargets()
  /// Wallpapers audited in parallel (1 = serial).
  public var workers = 1
  /// Draws a scene with a failing check (for the HTML report); nil for none.
  public var previewer: (@Sendable (SceneSnapshot) -> DrawnScene?)?
  /// At most this many scenes are drawn, the worst first.
  public var previewLimit = 0
  /// The elements (`layout/element`) whose failing checks are given the
  /// remedy search (SPEC §3.6); nil: every one.
  public var remedyElements: Set<String>?
  /// Per layout id, the appearances it is audited in; nil: the run's.
  public var layoutAppearances: [String: Set<Appearance>]?
  /// Per layout id, the columns of scenes (appearance, mode, profile) it is
  /// not audited in: `fix`'s trials where they draw as the run stands.
  public var skippedScenes: [String: Set<SceneColumn>]?
  /// Whether a check whose bounds (SPEC §3.5) pass its threshold on any
  /// wallpaper is proved rather than measured: its pixels not collected,
  /// its element not blurred when every item of it is proved, its
  /// statistics the bounds' (`SceneEvaluator.proof`).
  /// Only `fix`'s trials, which read of such a check only that it does not
  /// fail: never a report's audit.
  var provesPassingByBounds = false
  /// Failures this baseline accepts do not fail the run.
  public var baseline: Baseline?
  /// Whether the caller removes the baseline's stale entries (checks that
  /// pass now), so that they do not fail the run.
  public var pruningBaseline = false
  /// What fails the run (`--fail-on`).
  public var failOn = FailOn.error
  /// Audit only this slice of the wallpapers.
  public var shard: ShardSpec?
  /// A digest of the inputs, so shard reports of other inputs never merge.
  public var inputsDigest = ""
  /// The run's time for report.json; nil for deterministic reports.
  public var timestamp: String?
  /// What this audit shares with others of the same wallpapers (placed
  /// wallpapers, masks, bounds: `fix`'s rounds); nil for none. It changes
  /// how often things are made, never a result.
  public var cache: AuditCache?

  public init(
    profiles: [Profile], settings: AuditSettings, layouts: [Layout],
    wallpapers: [WallpaperInput]
  ) {
    self.profiles = profiles
    self.settings = settings
    self.layouts = layouts
    self.wallpapers = wallpapers
  }

  /// A request judged under one profile.
  public init(
    profile: Profile, settings: AuditSettings, layouts: [Layout], wallpapers: [WallpaperInput]
  ) {
    self.init(profiles: [profile], settings: settings, layouts: layouts, wallpapers: wallpapers)
  }

  /// The wallpapers this run audits: all of them, or the shard's slice.
  public var auditedWallpapers: [WallpaperInput] {
    shard.map { $0.slice(wallpapers) } ?? wallpapers
  }
}

/// The one way an audit is made: decode, place, blur, render, sample,
/// judge, gate. `run` audits and returns the finished report; `merge` joins
/// the reports of a sharded run into the report a single run writes.
public enum AuditPipeline {
  /// Audits `request` and returns its finished report: every result judged
  /// and rounded as report.json carries it, the bounds findings, remedies,
  /// previews, the baseline applied, everything in report order.
  /// `progress` is called after each wallpaper with the number done.
  public static func run(
    _ request: AuditRequest, progress: (@Sendable (Int) -> Void)? = nil
  ) -> AuditReport {
    var settings = request.settings
    settings.hasProfileWithoutLiquidGlass = request.profiles.contains { !$0.hasLiquidGlass }
    var auditor = Auditor(
      profiles: request.profiles, settings: settings, layouts: request.layouts,
      jobs: request.workers)
    auditor.targets = request.targets
    auditor.previewer = request.previewer
    auditor.previewLimit = request.previewLimit
    auditor.remedyElements = request.remedyElements
    auditor.layoutAppearances = request.layoutAppearances
    auditor.cache = request.cache
    auditor.skippedScenes = request.skippedScenes
    auditor.provesPassingByBounds = request.provesPassingByBounds
    var outcome = auditor.run(wallpapers: request.auditedWallpapers, progress: progress)
    outcome.errors += request.inputErrors
    outcome.findings +=
      request.inputFindings
      + SettingsLint.findings(
        layouts: request.layouts, profiles: request.profiles, settings: settings,
        targets: request.targets)
    return finish(
      outcome,
      Finishing(
        settings: settings, profileNames: request.profiles.map(\.name),
        timestamp: request.timestamp, failOn: request.failOn,
        inputsDigest: request.inputsDigest, shard: request.shard,
        layoutFiles: Dictionary(request.layouts.map { ($0.id, $0.file) }) { a, _ in a },
        layoutTitles: Dictionary(request.layouts.map { ($0.id, $0.title) }) { a, _ in a },
        baseline: request.baseline, pruningBaseline: request.pruningBaseline))
  }

  /// What ``finish(_:_:)`` makes a report with, beside the outcome.
  struct Finishing {
    var settings: AuditSettings
    var profileNames: [String]
    var timestamp: String?
    var failOn: FailOn
    var inputsDigest: String
    var shard: ShardSpec?
    var layoutFiles: [String: String] = [:]
    var layoutTitles: [String: String] = [:]
    var baseline: Baseline?
    var pruningBaseline = false
    /// The baseline states the results already have (a merge: the states
    /// its shards' reports carry), which ``baseline`` replaces.
    var baselineColumn = BaselineColumn()
  }

  /// The one finishing step of ``run(_:progress:)`` and
  /// ``merge(_:timestamp:failOn:)``: the bounds findings of every result
  /// (SPEC §3.5), every failing result given its group's remedy and all in
  /// report order (``AuditOutcome/finalize()``),
  /// what fails the run, and the baseline applied. A merged report is made
  /// here as an unsharded one is, so the two are the same bytes.
  static func finish(_ outcome: consuming AuditOutcome, _ f: Finishing) -> AuditReport {
    var outcome = outcome
    outcome.findings += Auditor.boundsFindings(outcome.results)
    outcome.finalize()
    var report = AuditReport(
      settings: f.settings, profileNames: f.profileNames, outcome: consume outcome,
      timestamp: f.timestamp, layoutFiles: f.layoutFiles, layoutTitles: f.layoutTitles)
    report.inputsDigest = f.inputsDigest
    report.shard = f.shard
    report.failOn = f.failOn
    report.baselineColumn = f.baselineColumn
    if let baseline = f.baseline {
      report.apply(baseline)
      report.pruningBaseline = f.pruningBaseline
    }
    return report
  }

  /// Why shard reports could not be merged: every problem found, each
  /// naming the files concerned.
  public struct MergeRefusal: Error, Sendable, Hashable {
    public var problems: [String]
  }

  /// Joins the reports of every shard of one sharded run (each `file` names
  /// its report in messages) into the report a single unsharded run writes,
  /// byte for byte, failing as `failOn` says (`--fail-on`).
  ///
  /// - Throws: ``MergeRefusal`` when a report is not a shard, a shard is
  ///   missing or repeated, or the shards ran with other settings or inputs.
  public static func merge(
    _ shards: [(report: AuditReport, file: String)], timestamp: String?, failOn: FailOn
  ) throws(MergeRefusal) -> AuditReport {
    let problems = mergeProblems(shards)
    guard problems.isEmpty else { throw MergeRefusal(problems: problems) }
    let first = shards[0].report
    var outcome = AuditOutcome(results: [], findings: [], errors: [], scenes: 0)
    for s in shards {
      let o = s.report.outcome
      outcome.results += o.results
      // Each shard's bounds findings saw only its own wallpapers; the
      // finishing step finds them again over every result.
      outcome.findings += o.findings.filter { !Rule.boundsRules.contains($0.rule) }
      outcome.errors += o.errors
      outcome.scenes += o.scenes
      outcome.remedySearch.merge(o.remedySearch)
    }
    return finish(
      outcome,
      Finishing(
        settings: first.settings, profileNames: first.profileNames, timestamp: timestamp,
        failOn: failOn, inputsDigest: first.inputsDigest, shard: nil,
        baselineColumn: .union(shards.map(\.report.baselineColumn))))
  }

  /// Why these shard reports cannot be merged (empty when they can).
  static func mergeProblems(_ shards: [(report: AuditReport, file: String)]) -> [String] {
    var problems: [String] = []
    guard let first = shards.first else { return ["no shard reports"] }
    for s in shards where s.report.shard == nil {
      problems.append("'\(s.file)' is not a shard report (it was run without --shard)")
    }
    guard problems.isEmpty, let count = first.report.shard?.count else { return problems }
    var seen: [Int: String] = [:]
    for s in shards {
      let r = s.report
      let shard = r.shard!
      if shard.count != count {
        problems.append(
          "'\(s.file)' is shard \(shard.index)/\(shard.count), but '\(first.file)' is of \(count)"
        )
      }
      if let other = seen[shard.index] {
        problems.append("shard \(shard.index) appears twice: '\(other)' and '\(s.file)'")
      }
      seen[shard.index] = s.file
      if r.settings != first.report.settings || r.profileNames != first.report.profileNames {
        problems.append("'\(s.file)' ran with other settings than '\(first.file)'")
      }
      if r.inputsDigest != first.report.inputsDigest {
        problems.append(
          "'\(s.file)' audited other inputs than '\(first.file)' (inputs digest "
            + "\(r.inputsDigest) vs \(first.report.inputsDigest))")
      }
    }
    let missing = (1...count).filter { seen[$0] == nil }
    if !missing.isEmpty {
      problems.append(
        "missing shard\(missing.count > 1 ? "s" : "") "
          + missing.map { "\($0)/\(count)" }.joined(separator: ", "))
    }
    return problems
  }
}
