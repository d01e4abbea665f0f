import Foundation
import Testing

@testable import ContrastCore

/// `fix`'s audits share an ``AuditCache`` and may take the run's own audit
/// (`before:`) instead of auditing again (issue 29 part 8): the outcome is
/// the same either way, and the same as with a cache that holds nothing.
@Suite struct LayoutFixerCacheTests {
  static let text = """
    version: 1
    layout: l
    title: L
    canvas: {width: 36, height: 44, scale: 1}
    elements:
      - id: bar
        material: glass.regular
        frame: {x: 0, y: 0, width: 36, height: 16}
        content:
          - {id: title, role: headline, color: white, frame: {x: 2, y: 3, width: 28, height: 10}}
          - {id: icon, kind: icon, color: systemBlue, frame: {x: 30, y: 4, width: 5, height: 8}}
      - id: card
        material: thin
        frame: {x: 2, y: 20, width: 32, height: 22}
        content:
          - {id: a, role: body, color: "#8E8E93", frame: {x: 2, y: 2, width: 26, height: 9}}
          - {id: b, role: caption, color: secondaryLabel, frame: {x: 2, y: 12, width: 26, height: 8}}
    """

  static func request(cache: AuditCache? = nil) throws -> AuditRequest {
    let profile = RemedyFixesTests.ios27
    let layout = try #require(LayoutLoader.load(text: text, file: "l.yml", profile: profile).layout)
    var request = AuditRequest(
      profiles: [profile],
      settings: AuditSettings(
        modes: [.normal, .increaseContrast], appearances: [.light, .dark],
        liquidGlass: [.default]),
      layouts: [layout],
      wallpapers: [
        LayoutFixerTests.wallpaper("flat", grey: 0.7),
        LayoutFixerTests.wallpaper("ramp") { x, y in Float(x + y) / 78 },
        LayoutFixerTests.wallpaper("waves") { x, y in Float((x * 7 + y * 3) % 11) / 10 },
      ])
    request.workers = 2
    request.cache = cache
    return request
  }

  static func fix(
    _ request: AuditRequest, before: AuditReport? = nil, cache: AuditCache? = nil
  ) -> FixOutcome {
    LayoutFixer.fix(
      request, texts: ["l.yml": text],
      load: { t, f in
        LayoutLoader.load(text: t, file: f, profile: RemedyFixesTests.ios27).layout
      }, before: before, cache: cache)
  }

  /// ``fix(_:before:cache:)`` through the fixer's internal switches: a
  /// round's budget of checks, and whether trials prove by bounds.
  static func fix(
    _ request: AuditRequest, checksPerAudit: Int, provesByBounds: Bool = true
  ) -> FixOutcome {
    LayoutFixer.fix(
      request, texts: ["l.yml": text],
      load: { t, f in
        LayoutLoader.load(text: t, file: f, profile: RemedyFixesTests.ios27).layout
      }, before: nil, cache: nil, skipsUnchangedScenes: true, provesByBounds: provesByBounds,
      checksPerAudit: checksPerAudit, progress: nil)
  }

  /// What `glass-audit fix` prints of an outcome, and what it writes.
  static func printed(_ o: FixOutcome) -> [String] {
    o.items.map { f in
      "\(f.layout)/\(f.element)/\(f.item) \(f.failingBefore) \(f.applied?.written ?? "-")"
        + " \(f.fixedByOther) \(f.tried.map { "\($0.written): \($0.why)" }) \(f.unavailable)"
    } + o.texts.sorted { $0.key < $1.key }.map { "\($0.key)\n\($0.value)" } + [
      "\(o.failingAfter) \(o.checksAfter) \(o.rounds) \(o.errors.count)"
        + " \(o.before.summary.failed)"
    ]
  }

  /// A round audited in batches (here one plan each: a budget of one
  /// check) decides as the round audited at once: a plan reads only its
  /// own element's trials.
  @Test func batchedRoundsGiveTheSameOutcome() throws {
    let request = try Self.request()
    let whole = Self.fix(request, checksPerAudit: LayoutFixer.checksPerAudit)
    let batched = Self.fix(request, checksPerAudit: 1)
    // (Both elements have an item that was tried: a round had two plans.)
    let tried = Set(
      whole.items.filter { $0.applied != nil || !$0.tried.isEmpty }.map(\.element))
    #expect(tried == ["bar", "card"], "\(Self.printed(whole))")
    #expect(Self.printed(batched) == Self.printed(whole))
    #expect(batched.items == whole.items)
  }

  @Test func batchesHoldWholePlansWithinTheBudget() {
    let checks = [5, 3, 9, 1, 1, 12, 0]
    #expect(
      LayoutFixer.batches(0..<7, checksPerAudit: 10, checks: { checks[$0] })
        == [[0, 1], [2, 3], [4], [5, 6]])
    #expect(LayoutFixer.batches(0..<3, checksPerAudit: 100, checks: { checks[$0] }) == [[0, 1, 2]])
    #expect(LayoutFixer.batches(0..<0, checksPerAudit: 10, checks: { checks[$0] }).isEmpty)
  }

  @Test func theRunsOwnAuditGivesTheSameOutcome() throws {
    let request = try Self.request()
    let alone = Self.fix(request)
    // (Some item fails and some change is tried: the rounds run.)
    #expect(!alone.items.isEmpty)
    #expect(alone.rounds > 0)
    let run = AuditPipeline.run(request)
    let given = Self.fix(request, before: run)
    #expect(Self.printed(given) == Self.printed(alone))
    #expect(given.items == alone.items)
  }

  @Test func aCacheThatHoldsNothingGivesTheSameOutcome() throws {
    let request = try Self.request()
    let cached = Self.fix(request, cache: AuditCache())
    let uncached = Self.fix(request, cache: AuditCache(budget: 0))
    #expect(Self.printed(cached) == Self.printed(uncached))
    // The request's own cache is taken when none is given.
    let shared = AuditCache()
    let viaRequest = Self.fix(try Self.request(cache: shared))
    #expect(Self.printed(viaRequest) == Self.printed(uncached))
    #expect(shared.placedCount == 3)
  }
}

/// `fix` does not audit a trial again in the scenes where it draws its
/// items as they stand (``FixScenes``): its outcome is the one of auditing
/// every scene, over random layouts, colours and wallpapers.
@Suite struct FixScenesTests {
  @Test func takingUnchangedScenesAsTheyStandChangesNoOutcome() throws {
    let profile = RemedyFixesTests.ios27
    let settings = AuditSettings(
      modes: [.normal, .reduceTransparency, .increaseContrast], appearances: [.light, .dark],
      liquidGlass: [.clear, .default])
    let materials = ["none", "thin", "regular", "glass.regular", "glass.clear", "ultraThin"]
    // (As written in YAML: hex colours quoted.)
    let colors = [
      "label", "secondaryLabel", "systemBlue", "white", "\"#8E8E93\"", "\"#3A3A3C\"",
      "\"#C7C7CC\"", "{light: label, dark: \"#8E8E93\"}", "{light: white, dark: label}",
    ]
    var rng = SeededGenerator(seed: 8)
    var skipped = 0
    for case_ in 0..<8 {
      var elements = ""
      for e in 0..<Int.random(in: 1...2, using: &rng) {
        let material = materials.randomElement(using: &rng)!
        let fill = Bool.random(using: &rng)
        elements += """
            - id: e\(e)
              material: \(material)
              frame: {x: 0, y: \(e * 20), width: 40, height: 20}

          """
        if fill {
          elements += """
                modes:
                  reduceTransparency: {fill: {light: "#F2F2F7", dark: "#1C1C1E"}}

            """
        }
        elements += "    content:\n"
        for i in 0..<Int.random(in: 1...2, using: &rng) {
          let color = colors.randomElement(using: &rng)!
          let role = ["body", "caption", "headline"].randomElement(using: &rng)!
          elements += """
                  - id: t\(i)
                    role: \(role)
                    color: \(color)
                    frame: {x: \(2 + i * 18), y: 4, width: 16, height: 10}

            """
        }
      }
      let text =
        "version: 1\nlayout: l\ntitle: L\ncanvas: {width: 40, height: 40, scale: 1}\n"
        + "elements:\n" + elements
      let layout = try #require(
        LayoutLoader.load(text: text, file: "l.yml", profile: profile).layout, "case \(case_)")
      let a = Double.random(in: 0...1, using: &rng)
      let b = Double.random(in: 0...1, using: &rng)
      let request = AuditRequest(
        profiles: [profile], settings: settings, layouts: [layout],
        wallpapers: [
          LayoutFixerTests.wallpaper("flat", grey: a),
          LayoutFixerTests.wallpaper("ramp") { x, y in Float(b) * Float(x + y) / 78 },
        ])
      func fix(skipping: Bool) -> FixOutcome {
        LayoutFixer.fix(
          request, texts: ["l.yml": text],
          load: { t, f in LayoutLoader.load(text: t, file: f, profile: profile).layout },
          before: nil, cache: nil, skipsUnchangedScenes: skipping, progress: nil)
      }
      let every = fix(skipping: false)
      let taken = fix(skipping: true)
      #expect(every.skippedColumns == 0)
      skipped += taken.skippedColumns
      #expect(
        LayoutFixerCacheTests.printed(taken) == LayoutFixerCacheTests.printed(every),
        "case \(case_)")
    }
    // (Some scenes were taken as they stood.)
    #expect(skipped > 0)
  }
}
