import Testing

@testable import ContrastCore

@Suite struct BaselineTests {
  typealias F = ReportFixtures

  @Test func recordsFailuresOnlySortedByFingerprint() {
    let b = Baseline.recording(F.mixed)
    #expect(
      b.entries.map(\.fingerprint)
        == ["tabs/bar/label/dusk/light/normal", "tabs/bar/title/dusk/light/normal"])
    #expect(b.entries[0].ratio == 1.5)
  }

  @Test func roundTripsThroughItsText() throws {
    let b = Baseline.recording(F.mixed)
    let text = b.render()
    #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"tool\": \"glass-audit\",\n"))
    let parsed = try Baseline.parse(text: text, file: "baseline.json")
    #expect(parsed == b)
    #expect(parsed.render() == text)
  }

  @Test func marksAcceptedFailuresKnownAndOthersNew() {
    let baseline = Baseline(entries: [Baseline.Entry(F.check(item: "label"))])
    // A passing check its entry names is not known: only a failure (or a
    // check to review) is.
    let results = [
      F.check(item: "label"), F.check(item: "title"),
      F.check(item: "ok", verdict: .pass, ratio: 9),
    ]
    let (outcome, column) = baseline.apply(to: results)
    #expect(results.map { column.state(of: $0) } == [.known, .new, .new])
    #expect(outcome.known == 1)
    #expect(outcome.new == 1)
    #expect(outcome.stale.isEmpty && outcome.unmatched.isEmpty)
    var report = F.report(results)
    report.apply(baseline)
    #expect(report.summary.failed == 2)
    #expect(report.summary.newFailures == 1)
    #expect(report.outcome.results.map { report.baselineState(of: $0) } == [.known, .new, .new])
    #expect(
      F.report([F.check(item: "ok", verdict: .pass, ratio: 9)], known: [F.check(item: "ok")])
        .baselineState(of: F.check(item: "ok", verdict: .pass, ratio: 9)) == .new)
  }

  @Test func passingCheckInAnAuditedSceneIsStale() {
    let baseline = Baseline(entries: [Baseline.Entry(F.check(item: "label"))])
    let results = [F.check(item: "label", verdict: .pass, ratio: 5)]
    let outcome = baseline.apply(to: results).outcome
    #expect(outcome.stale.map(\.item) == ["label"])
    #expect(outcome.unmatched.isEmpty)
  }

  @Test func removedItemInAnAuditedSceneIsStale() {
    let baseline = Baseline(entries: [Baseline.Entry(F.check(item: "gone"))])
    let results = [F.check(item: "label", verdict: .pass, ratio: 5)]
    #expect(baseline.apply(to: results).outcome.stale.map(\.item) == ["gone"])
  }

  @Test func sceneNotAuditedIsUnmatchedNotStale() {
    // Another shard's wallpaper, and a mode this run left out.
    let baseline = Baseline(entries: [
      Baseline.Entry(F.check(wallpaper: "noon")),
      Baseline.Entry(F.check(mode: .increaseContrast)),
    ])
    let results = [F.check(verdict: .pass, ratio: 5)]
    let outcome = baseline.apply(to: results).outcome
    #expect(outcome.stale.isEmpty)
    #expect(outcome.unmatched.count == 2)
  }

  @Test func pruneDropsOnlyStaleEntries() {
    let baseline = Baseline(entries: [
      Baseline.Entry(F.check(item: "fixed")), Baseline.Entry(F.check(item: "still")),
      Baseline.Entry(F.check(item: "elsewhere", wallpaper: "noon")),
    ])
    let results = [F.check(item: "fixed", verdict: .pass, ratio: 5), F.check(item: "still")]
    let outcome = baseline.apply(to: results).outcome
    let pruned = baseline.pruned(stale: outcome.stale)
    #expect(pruned.entries.map(\.item) == ["elsewhere", "still"])
  }

  @Test func duplicateEntriesCollapse() {
    let e = Baseline.Entry(F.check())
    #expect(Baseline(entries: [e, e]).entries.count == 1)
  }

  func error(_ text: String) -> Diagnostic? {
    do {
      _ = try Baseline.parse(text: text, file: "ci/baseline.json")
      return nil
    } catch {
      return error
    }
  }

  @Test func syntaxErrorNamesFileLineAndColumn() throws {
    let d = try #require(error("{\n  \"schemaVersion\": 1,,\n}"))
    #expect(d.file == "ci/baseline.json")
    #expect(d.line == 2)
    #expect(d.column == 22)
    #expect(d.description.hasPrefix("ci/baseline.json:2:22: invalid baseline: not valid JSON"))
  }

  @Test func missingKeyIsNamedWithItsPath() throws {
    let text = """
      {"schemaVersion": 1, "accepted": [{"fingerprint": "a/b/c/d/light/normal", "layout": "a",
        "element": "b", "item": "c", "wallpaper": "d", "appearance": "light"}]}
      """
    let d = try #require(error(text))
    #expect(d.description == "ci/baseline.json: invalid baseline: accepted[0].mode: missing")
  }

  @Test func wrongTypeIsNamed() throws {
    let d = try #require(error(#"{"schemaVersion": "one", "accepted": []}"#))
    #expect(d.message == "invalid baseline: schemaVersion: expected an integer")
    let e = try #require(error(#"{"schemaVersion": 1, "accepted": {}}"#))
    #expect(e.message == "invalid baseline: accepted: expected an array")
  }

  @Test func newerSchemaAndOtherToolsAreRefused() throws {
    let d = try #require(error(#"{"schemaVersion": 2, "accepted": []}"#))
    #expect(d.message.contains("schemaVersion 2 is not supported"))
    let e = try #require(error(#"{"schemaVersion": 1, "tool": "other", "accepted": []}"#))
    #expect(e.message.contains("'other'"))
  }

  @Test func fingerprintMustMatchItsFields() throws {
    let text = """
      {"schemaVersion": 1, "accepted": [{"fingerprint": "x/b/c/d/light/normal", "layout": "a",
        "element": "b", "item": "c", "wallpaper": "d", "appearance": "light", "mode": "normal"}]}
      """
    let d = try #require(error(text))
    #expect(d.message.contains("accepted[0]: fingerprint 'x/b/c/d/light/normal' does not match"))
  }

  @Test func emptyFileIsNotJSON() throws {
    let d = try #require(error(""))
    #expect(d.message.hasPrefix("invalid baseline: not valid JSON"))
  }

  @Test func missingFileSaysSo() throws {
    do {
      _ = try Baseline.load(contentsOf: "/nonexistent/baseline.json")
      Issue.record("loaded a missing file")
    } catch {
      #expect(error.file == "/nonexistent/baseline.json")
      #expect(error.message.contains("no baseline file"))
    }
  }
}

/// Baselines across the Liquid Glass setting and the profile (SPEC §3.3):
/// an entry written before they existed means the default setting and the
/// default profile.
@Suite struct BaselineDimensionsTests {
  typealias F = ReportFixtures

  /// A baseline entry as glass-audit wrote it before the setting existed.
  static let oldText = """
    {"schemaVersion": 1, "tool": "glass-audit", "accepted": [
      {"fingerprint": "tabs/bar/label/dusk/light/normal", "layout": "tabs", "element": "bar",
       "item": "label", "wallpaper": "dusk", "appearance": "light", "mode": "normal",
       "ratio": 2.5}]}
    """

  @Test func anOldEntryAcceptsTheDefaultSettingOnly() throws {
    let old = try Baseline.parse(text: Self.oldText, file: "old.json")
    let results = [
      F.check(liquidGlass: .clear), F.check(liquidGlass: .default),
      F.check(liquidGlass: .tinted), F.check(liquidGlass: .default, profile: "ios26"),
    ]
    let (outcome, column) = old.apply(to: results)
    #expect(results.map { column.state(of: $0) } == [.new, .known, .new, .new])
    #expect(outcome.known == 1 && outcome.stale.isEmpty && outcome.unmatched.isEmpty)
  }

  @Test func entriesOfOtherSettingsAndProfilesRoundTrip() throws {
    let failing = [
      F.check(liquidGlass: .clear), F.check(liquidGlass: LiquidGlassSetting(value: 0.25)),
      F.check(liquidGlass: .default, profile: "ios26"),
      F.check(mode: .reduceTransparency),
    ]
    let b = Baseline.recording(F.report(failing))
    #expect(
      Set(b.entries.map(\.fingerprint)) == [
        "tabs/bar/label/dusk/light/normal/liquidGlass=clear",
        "tabs/bar/label/dusk/light/normal/liquidGlass=0.25",
        "tabs/bar/label/dusk/light/normal/profile=ios26",
        "tabs/bar/label/dusk/light/reduceTransparency",
      ])
    let text = b.render()
    #expect(text.contains("\"liquidGlass\": \"clear\""))
    #expect(text.contains("\"profile\": \"ios26\""))
    let parsed = try Baseline.parse(text: text, file: "b.json")
    #expect(parsed == b)
    let outcome = parsed.apply(to: failing).outcome
    #expect(outcome.known == 4)
  }

  @Test func aFixedCheckOfOneSettingIsStaleInItsOwnSceneOnly() throws {
    let b = Baseline(entries: [Baseline.Entry(F.check(liquidGlass: .clear))])
    let passingClear = [F.check(verdict: .pass, ratio: 9, liquidGlass: .clear)]
    #expect(b.apply(to: passingClear).outcome.stale.count == 1)
    let onlyDefault = [F.check(verdict: .pass, ratio: 9, liquidGlass: .default)]
    let o = b.apply(to: onlyDefault).outcome
    #expect(o.stale.isEmpty && o.unmatched.count == 1)
  }

  @Test func anUnknownSettingIsAnErrorNamingTheEntry() {
    let text = Self.oldText.replacingOccurrences(
      of: "\"ratio\": 2.5", with: "\"liquidGlass\": \"frosted\", \"ratio\": 2.5")
    #expect {
      try Baseline.parse(text: text, file: "b.json")
    } throws: { error in
      "\(error)".contains("b.json") && "\(error)".contains("accepted[0].liquidGlass: 'frosted'")
    }
  }

  /// The baseline over columns (one string per code) against the
  /// row-by-row reference: the same known, new, stale and unmatched, and
  /// the same state column.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func columnsApplyAsTheRowsDo(seed: UInt64) {
    let rows = CheckColumnsTests.checks(seed: seed, count: 600)
    let acceptable = rows.filter(\.isAcceptable)
    let passing = rows.filter { !$0.isAcceptable }
    var elsewhere = rows[5]
    elsewhere.wallpaper = "a wallpaper this run did not audit"
    elsewhere.verdict = .fail
    let baseline = Baseline(
      entries: acceptable.enumerated().filter { $0.offset % 3 == 0 }.map {
        Baseline.Entry($0.element)
      }
        + passing.prefix(7).map { Baseline.Entry($0) } + [Baseline.Entry(elsewhere)])
    let columns = CheckColumns(rows)
    let fast = baseline.apply(to: columns)
    let reference = baseline.apply(to: rows)
    #expect(fast.outcome == reference.outcome)
    #expect(fast.column == reference.column)
    #expect(reference.outcome.known > 0 && reference.outcome.new > 0)
    #expect(!reference.outcome.stale.isEmpty && !reference.outcome.unmatched.isEmpty)
    #expect(
      columns.map { fast.column.state(of: $0) } == rows.map { reference.column.state(of: $0) })
  }
}
