/// What `glass-audit fix` did for one failing item.
public struct ItemFix: Sendable, Hashable {
  public var layout: String
  public var element: String
  public var item: String
  /// The layout file, and the item's line in it.
  public var file: String
  public var line: Int
  /// Scenes where it failed before the fix (failing checks).
  public var failingBefore: Int
  /// The change kept for it; nil when none was (see `tried`) or when
  /// another item's change fixed it (`fixedByOther`).
  public var applied: FixCandidate?
  /// A change kept for another item of its element passes it everywhere.
  public var fixedByOther = false
  /// Every change tried and not kept, with why.
  public var tried: [(written: String, why: String)] = []
  /// Why no change was proposed at all (every kind, a scene where it
  /// found none), when none was.
  public var unavailable = ""

  public var isFixed: Bool { applied != nil || fixedByOther }

  public static func == (a: ItemFix, b: ItemFix) -> Bool {
    a.layout == b.layout && a.element == b.element && a.item == b.item && a.applied == b.applied
      && a.fixedByOther == b.fixedByOther && a.tried.map(\.written) == b.tried.map(\.written)
      && a.tried.map(\.why) == b.tried.map(\.why)
  }

  public func hash(into h: inout Hasher) {
    h.combine(layout)
    h.combine(element)
    h.combine(item)
  }
}

/// The result of ``LayoutFixer/fix(_:texts:load:before:cache:progress:)``.
public struct FixOutcome: Sendable {
  /// The audit before the fix.
  public var before: AuditReport
  /// The failing items, worst first, and what was done for each.
  public var items: [ItemFix]
  /// The new text of every layout file the fix changed, by file.
  public var texts: [String: String]
  /// The checks that fail after the fix (every check of the run: those of
  /// the elements it changed re-audited, the rest as they were).
  public var failingAfter: Int
  /// Every check of the run after the fix.
  public var checksAfter: Int
  /// The re-audits made to try the changes (rounds).
  public var rounds: Int
  /// Layout files that could not be edited, with why.
  public var errors: [LayoutEditError]
  /// The columns of scenes of trials taken as they stood, not audited
  /// again (``FixScenes``).
  var skippedColumns = 0
}

/// `glass-audit fix`, as ESLint's `--fix` works: for every failing item,
/// a change that passes in every scene where it fails and breaks no check
/// that passes today, written into the layout file (ISSUE 29 part 1).
///
/// The candidates come from the audit's remedy search (``FixCandidates``);
/// none is kept on the search's word alone. Each round applies, per
/// element, either the next change of each of its open items that changes
/// the item alone, or one change to the element (the first open item's,
/// joined with the same change other items ask for: the larger alpha of
/// one tint), edits the layout's text, reads it back and audits the
/// changed elements again over every wallpaper, appearance, mode, setting,
/// profile and text setting of the run. An element's backdrop is the
/// wallpaper alone, so its checks do not depend on the other elements and
/// the rest of the run stands as it was. A change to an item is kept when
/// the item then passes everywhere; a change to the element when every item
/// that asked for it passes everywhere and no check of the element's items
/// that passed fails. A change not kept is recorded with why, and the item
/// goes on to its next; an item runs out of changes with none kept. After a
/// kept change to the element, the items still failing take their changes
/// from the new audit's remedy search.
public enum LayoutFixer {
  /// Fixes what `request` finds failing. `texts` are the layout files'
  /// texts by file (`Layout.file`); `load` reads a layout back from an
  /// edited text (as the run read it: the same profile). `before`, when
  /// given, is the audit of `request` already made (a run's own report):
  /// it is used instead of auditing again. The audits share `cache` (the
  /// request's, else one of ``AuditCache/defaultBudget``): each wallpaper is
  /// decoded and placed once for every round, as far as its budget holds.
  public static func fix(
    _ request: AuditRequest, texts: [String: String],
    load: (_ text: String, _ file: String) -> Layout?,
    before given: AuditReport? = nil, cache: AuditCache? = nil,
    progress: ((_ round: Int, _ trials: Int, _ elements: Int) -> Void)? = nil
  ) -> FixOutcome {
    fix(
      request, texts: texts, load: load, before: given, cache: cache,
      skipsUnchangedScenes: true, progress: progress)
  }

  /// ``fix(_:texts:load:before:cache:progress:)``; `skipsUnchangedScenes`
  /// false audits every trial in every scene (what taking the scenes it
  /// does not change as they stand must equal), `provesByBounds` false
  /// measures every check of a trial (what proving by bounds must equal).
  static func fix(
    _ request: AuditRequest, texts: [String: String],
    load: (_ text: String, _ file: String) -> Layout?,
    before given: AuditReport?, cache: AuditCache?, skipsUnchangedScenes: Bool,
    provesByBounds: Bool = true,
    checksPerAudit: Int = LayoutFixer.checksPerAudit,
    progress: ((_ round: Int, _ trials: Int, _ elements: Int) -> Void)?
  ) -> FixOutcome {
    var quiet = request
    quiet.previewer = nil
    quiet.previewLimit = 0
    quiet.baseline = nil
    quiet.cache = cache ?? request.cache ?? AuditCache()
    let before = given ?? AuditPipeline.run(quiet)
    // Of the run's checks, those of the elements with a failing item (the
    // only ones a fix changes) held, the others counted.
    var state = FixState(
      results: before.outcome.results, search: before.outcome.remedySearch,
      elements: Set(
        before.outcome.results.lazy.filter { $0.verdict == .fail }.map {
          "\($0.layout)/\($0.element)"
        }))
    let layouts = Dictionary(request.layouts.map { ($0.id, $0) }) { a, _ in a }
    // The failing items, worst first.
    var order: [String] = []
    var fixes: [String: ItemFix] = [:]
    for r in before.failuresWorstFirst {
      let k = FixState.itemKey(r)
      if fixes[k] != nil { continue }
      order.append(k)
      fixes[k] = ItemFix(
        layout: r.layout, element: r.element, item: r.item, file: r.file, line: r.line,
        failingBefore: state.failing(k).count)
    }
    var queues: [String: [FixCandidate]] = [:]
    for k in order {
      queues[k] = state.candidates(for: fixes[k]!, layouts: layouts)
      if queues[k]!.isEmpty {
        fixes[k]!.unavailable = state.unavailable(for: fixes[k]!, layouts: layouts)
      }
    }
    var kept: [String: [LayoutEdit]] = [:]  // by layout id
    var errors: [LayoutEditError] = []
    var rounds = 0
    var skippedColumns = 0
    while true {
      let plans = plan(order: order, fixes: fixes, queues: queues)
      if plans.isEmpty { break }
      rounds += 1
      // Every trial a layout of its own (`layout~n`) holding the one
      // element: the trials of an element share its blurs in the canvas.
      var trialLayouts: [Layout] = []
      var names: [String: (plan: Int, trial: Int)] = [:]
      var appearancesOf: [String: Set<Appearance>] = [:]
      var dropped: Set<Int> = []
      // Per layout, its text with the kept edits applied, and that text read
      // back, each made once a round (each edit parses the text again):
      // applying `kept + edits` is applying `edits` to it, the same text or
      // the same error.
      var keptTexts: [String: Result<String, LayoutEditError>] = [:]
      var keptLayouts: [String: Layout?] = [:]
      func keptText(_ layout: Layout, _ text: String) -> Result<String, LayoutEditError> {
        if let known = keptTexts[layout.id] { return known }
        let made = Result { () throws(LayoutEditError) -> String in
          try LayoutTextEditor.apply(kept[layout.id] ?? [], to: text, file: layout.file)
        }
        keptTexts[layout.id] = made
        return made
      }
      func keptLayout(_ layout: Layout, _ text: String) -> Layout? {
        if let known = keptLayouts[layout.id] { return known }
        let read = (try? keptText(layout, text).get()).flatMap { load($0, layout.file) }
        keptLayouts[layout.id] = .some(read)
        return read
      }
      for (p, plan) in plans.enumerated() {
        guard let layout = layouts[plan.layout], let text = texts[layout.file] else {
          dropped.insert(p)
          continue
        }
        for (t, trial) in plan.trials.enumerated() {
          var edited: String?
          do {
            edited = try LayoutTextEditor.apply(
              trial.change.edits, to: try keptText(layout, text).get(), file: layout.file)
          } catch {
            errors.append(error)
          }
          guard let edited, var l = load(edited, layout.file),
            var element = l.elements.first(where: { $0.id == plan.element })
          else {
            dropped.insert(p)
            continue
          }
          if !trial.change.changesElement {
            // (Items alone change: only theirs can.)
            let items = Set(trial.askedBy.map { fixes[$0]!.item })
            element.content = element.content.filter { items.contains($0.id) }
          }
          l.id = "\(plan.layout)~\(trialLayouts.count)"
          l.elements = [element]
          names[l.id] = (p, t)
          trialLayouts.append(l)
          if trial.change.appearances != Set(Appearance.allCases) {
            appearancesOf[l.id] = trial.change.appearances
          }
        }
      }
      var again = quiet
      again.layouts = trialLayouts
      // A trial's check whose bounds pass on any wallpaper cannot fail:
      // proved, not measured (all the fix reads of it is that it passes).
      again.provesPassingByBounds = provesByBounds
      again.inputErrors = []
      again.inputFindings = []
      again.layoutAppearances = appearancesOf
      // The remedy search only where a kept change to an element may need
      // it: its items still failing take their changes from it (not when
      // the trial is asked for by every open item of the element).
      again.remedyElements = Set(
        trialLayouts.filter { l in
          let (p, t) = names[l.id]!
          let plan = plans[p]
          guard plan.changesElement else { return false }
          let open = order.filter {
            fixes[$0]!.layout == plan.layout && fixes[$0]!.element == plan.element
              && !fixes[$0]!.isFixed
          }
          return Set(open) != Set(plan.trials[t].askedBy)
        }.map { "\($0.id)/\($0.elements[0].id)" })
      // The columns of scenes where a trial draws its items as they stand
      // (a tint under Reduce Transparency's fill, a colour in the
      // appearance it does not change): their checks are taken as they
      // stand, not audited again (not where the remedy search is read).
      var current: [String: Element] = [:]
      var skipped: [String: Set<SceneColumn>] = [:]
      for l in trialLayouts
      where skipsUnchangedScenes && !again.remedyElements!.contains("\(l.id)/\(l.elements[0].id)") {
        let plan = plans[names[l.id]!.plan]
        let key = "\(plan.layout)/\(plan.element)"
        if current[key] == nil {
          guard let layout = layouts[plan.layout], let text = texts[layout.file],
            let element = keptLayout(layout, text)?.elements.first(where: {
              $0.id == plan.element
            })
          else { continue }
          current[key] = element
        }
        let appearances = request.settings.appearances.filter {
          appearancesOf[l.id]?.contains($0) ?? true
        }
        let columns = FixScenes.unchanged(
          trial: l, current: current[key]!, profiles: request.profiles,
          settings: request.settings, appearances: appearances)
        if !columns.isEmpty { skipped[l.id] = columns }
        skippedColumns += columns.count
      }
      again.skippedScenes = skipped
      // Audited in batches of whole plans (an element's trials together:
      // they share its blurs), each of about `checksPerAudit` checks at
      // most, so that a large matrix's round does not hold every trial's
      // results at once; a plan's decision reads its own trials alone.
      var planChecks = [Int](repeating: 0, count: plans.count)
      for l in trialLayouts {
        planChecks[names[l.id]!.plan] += l.elements[0].content.count * checksPerItem(request)
      }
      for batch in batches(
        plans.indices, checksPerAudit: checksPerAudit, checks: { planChecks[$0] })
      {
        let inBatch = Set(batch)
        var part = again
        part.layouts = trialLayouts.filter { inBatch.contains(names[$0.id]!.plan) }
        // (Made when a trial reads it: a batch of plans with no trial, whose
        // layout could not be edited, audits nothing.)
        lazy var audit = AuditPipeline.run(part)
        var afters: [Int: [Int: FixState]] = [:]
        for l in part.layouts {
          let (p, t) = names[l.id]!
          var after = FixState(
            results: audit.outcome.results, search: audit.outcome.remedySearch, layout: l.id,
            readAs: plans[p].layout)
          let plan = plans[p]
          let items =
            plan.changesElement
            ? state.items(of: "\(plan.layout)/\(plan.element)") : plan.trials[t].askedBy
          // The scenes the trial draws as they stand, then the appearances
          // it does not change: as they stand.
          if let columns = skipped[l.id] {
            after.fill(from: state, items: items, columns: columns)
          }
          if let audited = appearancesOf[l.id] {
            after.fill(from: state, items: items, except: audited)
          }
          afters[p, default: [:]][t] = after
        }
        for p in batch {
          let plan = plans[p]
          let element = plan.layout + "/" + plan.element
          guard !dropped.contains(p), let after = afters[p] else {
            // Its layout could not be edited or read back: each trial is dropped.
            for trial in plan.trials {
              for k in trial.askedBy {
                queues[k]!.removeAll { $0 == trial.candidates[k] }
                fixes[k]!.tried.append(
                  (trial.change.written, "the layout could not be edited or read back"))
              }
            }
            continue
          }
          if plan.changesElement {
            // The first change (in the items' order) that serves every item
            // that asked for it, breaks nothing and lowers no other failing
            // item's contrast; none kept: each is dropped with why.
            var reasons: [String] = []
            var chosen: Int?
            for (t, trial) in plan.trials.enumerated() {
              let a = after[t]!
              let broken = state.broken(element: element, by: a)
              let still = trial.askedBy.filter { !a.failing($0).isEmpty }
              let worse = state.worsened(element: element, by: a, except: Set(trial.askedBy))
              if broken.isEmpty, still.isEmpty, worse.isEmpty {
                chosen = t
                break
              }
              reasons.append(
                Trial.why(still: still.map { a.failing($0).count }, broken: broken, worse: worse))
            }
            if let t = chosen {
              let trial = plan.trials[t]
              kept[plan.layout, default: []] += trial.change.edits
              state.take(element: element, from: after[t]!)
              for k in trial.askedBy {
                fixes[k]!.applied = trial.change
                queues[k] = []
              }
              // The items still failing: their changes from the new search.
              for k in order
              where fixes[k]!.layout == plan.layout && fixes[k]!.element == plan.element {
                if fixes[k]!.isFixed { continue }
                if state.failing(k).isEmpty {
                  fixes[k]!.fixedByOther = true
                  continue
                }
                let tried = Set(fixes[k]!.tried.map(\.written))
                queues[k] = state.candidates(
                  for: fixes[k]!, layouts: layouts, edited: kept[plan.layout]
                ).filter { !tried.contains($0.written) }
              }
            } else {
              for (t, trial) in plan.trials.enumerated() {
                for k in trial.askedBy {
                  queues[k]!.removeAll { $0 == trial.candidates[k] }
                  fixes[k]!.tried.append((trial.change.written, reasons[t]))
                }
              }
            }
            continue
          }
          // Changes to items alone: each item judged on its own checks.
          let a = after[0]!
          for (k, change) in plan.trials[0].candidates.sorted(by: { $0.key < $1.key }) {
            let now = a.checks(k)
            let failing = now.filter { $0.verdict == .fail }
            queues[k]!.removeAll { $0 == change }
            if !now.isEmpty, failing.isEmpty {
              kept[plan.layout, default: []] += change.edits
              state.take(item: k, from: a)
              fixes[k]!.applied = change
              queues[k] = []
            } else {
              let passedBefore = Set(
                state.checks(k).filter { $0.verdict != .fail }.map(\.fingerprint))
              let broken = failing.filter { passedBefore.contains($0.fingerprint) }
              let still = failing.count - broken.count
              fixes[k]!.tried.append(
                (
                  change.written,
                  now.isEmpty
                    ? "no check of it was audited"
                    : Trial.why(still: [still].filter { $0 > 0 }, broken: broken, worse: [])
                ))
            }
          }
        }
      }
      progress?(rounds, trialLayouts.count, plans.count)
      // An item another item's change passed everywhere.
      for k in order where !fixes[k]!.isFixed && state.failing(k).isEmpty {
        fixes[k]!.fixedByOther = true
      }
    }
    var newTexts: [String: String] = [:]
    for (layoutID, edits) in kept.sorted(by: { $0.key < $1.key }) {
      guard let layout = layouts[layoutID], let text = texts[layout.file],
        let edited = try? LayoutTextEditor.apply(edits, to: text, file: layout.file),
        edited != text
      else { continue }
      newTexts[layout.file] = edited
    }
    return FixOutcome(
      before: before, items: order.map { fixes[$0]! }, texts: newTexts,
      failingAfter: state.failingCount, checksAfter: state.count, rounds: rounds, errors: errors,
      skippedColumns: skippedColumns)
  }

  /// The most checks a round's audit makes at once (an estimate: a trial's
  /// items times ``checksPerItem(_:)``): about 300,000 results and their
  /// pixels, a fraction of what `run` holds for the bundled matrix's
  /// 14,112 checks times its scenes' pixels; a round past it is audited in
  /// several batches, the bundled matrix's rounds in one.
  static let checksPerAudit = 300_000

  /// At most the checks of one item over the run's matrix: every wallpaper
  /// times every mode, appearance, Liquid Glass setting, profile and text
  /// setting.
  static func checksPerItem(_ request: AuditRequest) -> Int {
    let s = request.settings
    return request.wallpapers.count * s.modes.count * s.appearances.count
      * max(1, s.liquidGlass.count) * max(1, request.profiles.count)
      * max(1, s.textSettingColumns.count)
  }

  /// The plans in order, in batches whose `checks` add up to at most
  /// `checksPerAudit` (a plan past it alone in its batch; a plan of none,
  /// whose layout could not be edited, with the one before).
  static func batches(
    _ plans: Range<Int>, checksPerAudit: Int, checks: (Int) -> Int
  ) -> [[Int]] {
    var out: [[Int]] = []
    var total = 0
    for p in plans {
      let c = checks(p)
      if out.isEmpty || (c > 0 && total + c > checksPerAudit) {
        out.append([])
        total = 0
      }
      out[out.count - 1].append(p)
      total += c
    }
    return out
  }

  /// This round's trials, per element: the next change of each open item
  /// that changes the item alone (one trial for them all: they cannot
  /// change each other's checks), or, when every open item's next change is
  /// to the element, each change to the element that its open items ask
  /// for before their next change to an item alone, in the items' order
  /// (worst first), the same change asked by several joined (a tint of one
  /// colour at the larger alpha).
  static func plan(
    order: [String], fixes: [String: ItemFix], queues: [String: [FixCandidate]]
  ) -> [Plan] {
    var byElement: [String: Plan] = [:]
    var elements: [String] = []
    for k in order where !fixes[k]!.isFixed && !(queues[k]?.isEmpty ?? true) {
      let f = fixes[k]!
      let e = "\(f.layout)/\(f.element)"
      if byElement[e] == nil {
        byElement[e] = Plan(layout: f.layout, element: f.element)
        elements.append(e)
      }
    }
    for e in elements {
      var plan = byElement[e]!
      let open = order.filter { k in
        let f = fixes[k]!
        return "\(f.layout)/\(f.element)" == e && !f.isFixed && !(queues[k]?.isEmpty ?? true)
      }
      let itemHeads = open.compactMap { k in queues[k]!.first.map { (k, $0) } }
        .filter { !$0.1.changesElement }
      if !itemHeads.isEmpty {
        var trial = Trial(
          change: FixCandidate(edits: [], changesElement: false, kind: "items", appearances: []))
        for (k, c) in itemHeads {
          trial.change.edits += c.edits
          trial.change.appearances.formUnion(c.appearances)
          trial.askedBy.append(k)
          trial.candidates[k] = c
        }
        plan.trials = [trial]
      } else {
        plan.changesElement = true
        for k in open {
          for c in queues[k]!.prefix(while: \.changesElement) {
            if let t = plan.trials.firstIndex(where: {
              !$0.askedBy.contains(k) && Trial.join($0.change, c) != nil
            }) {
              plan.trials[t].change = Trial.join(plan.trials[t].change, c)!
              plan.trials[t].askedBy.append(k)
              plan.trials[t].candidates[k] = c
            } else {
              var trial = Trial(change: c)
              trial.askedBy = [k]
              trial.candidates[k] = c
              plan.trials.append(trial)
            }
          }
        }
      }
      byElement[e] = plan
    }
    return elements.map { byElement[$0]! }
  }

  /// One element's trials in a round: changes to items alone (one trial),
  /// or changes to the element (one trial each).
  struct Plan {
    var layout: String
    var element: String
    var changesElement = false
    var trials: [Trial] = []
  }

  /// One change tried: the items that asked for it, and the candidate each
  /// asked with (a joined tint is each item's own alpha raised).
  struct Trial {
    var change: FixCandidate
    var askedBy: [String] = []
    var candidates: [String: FixCandidate] = [:]

    /// Two items' changes to one element as one, when they are the same
    /// change, or a tint of the same colours (the larger alpha of each).
    static func join(_ a: FixCandidate, _ b: FixCandidate) -> FixCandidate? {
      if a.edits == b.edits {
        var c = a
        c.appearances.formUnion(b.appearances)
        return c
      }
      guard a.kind == "tint", b.kind == "tint", a.edits.count == 1, b.edits.count == 1,
        let x = tintParts(a.edits[0].value), let y = tintParts(b.edits[0].value),
        x.keys == y.keys
      else { return nil }
      var fields: [LayoutValue.Field] = []
      for key in ["light", "dark", ""] where x[key] != nil {
        let (cx, ax) = x[key]!
        let (cy, ay) = y[key]!
        guard cx == cy else { return nil }
        let value = LayoutValue.color(ColorText.withAlpha(cx, max(ax, ay)))
        if key.isEmpty {
          return FixCandidate(
            edits: [LayoutEdit(element: a.edits[0].element, key: "tint", value: value)],
            changesElement: true, kind: "tint", appearances: a.appearances.union(b.appearances))
        }
        fields.append(LayoutValue.Field(key: key, value: value))
      }
      var c = a
      c.edits[0].value = .mapping(fields)
      c.appearances.formUnion(b.appearances)
      return c
    }

    /// A tint's colour and alpha per appearance (`""` for both).
    static func tintParts(_ v: LayoutValue) -> [String: (String, Double)]? {
      func one(_ v: LayoutValue) -> (String, Double)? {
        guard case .mapping(let f) = v, f.count == 2, case .text(let c) = f[0].value,
          case .number(let a) = f[1].value
        else { return nil }
        return (c, a)
      }
      if let p = one(v) { return ["": p] }
      guard case .mapping(let f) = v else { return nil }
      var out: [String: (String, Double)] = [:]
      for field in f {
        guard let p = one(field.value) else { return nil }
        out[field.key] = p
      }
      return out
    }

    /// Why a change was not kept.
    static func why(still: [Int], broken: [FixState.Check], worse: [FixState.Check]) -> String {
      var parts: [String] = []
      if !still.isEmpty {
        let n = still.reduce(0, +)
        parts.append("still fails in \(n) scene\(n == 1 ? "" : "s")")
      }
      if let first = broken.first?.result {
        let n = broken.count
        parts.append(
          "makes \(n) passing check\(n == 1 ? "" : "s") fail (\(first.item) on \(first.wallpaper),"
            + " \(first.sceneDescription))")
      }
      if let w = worse.first?.result {
        let items = Set(worse.map(\.result.item)).sorted().joined(separator: ", ")
        parts.append(
          "lowers the contrast of \(items), still failing, in \(worse.count) scene"
            + "\(worse.count == 1 ? "" : "s") (\(w.wallpaper), \(w.sceneDescription)): no one change"
            + " to the element serves them all")
      }
      return parts.joined(separator: "; ")
    }
  }
}
