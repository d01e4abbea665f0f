import Foundation
import Testing

@testable import ContrastCore

/// `fix`'s trials prove a check whose bounds (SPEC §3.5) pass its
/// threshold on any wallpaper instead of measuring it
/// (`AuditRequest.provesPassingByBounds`): the same checks come out, none
/// of the proved ones fails where it was measured, and the fixer decides
/// the same with it as without.
@Suite struct ProvedByBoundsTests {
  static func audit(proving: Bool) throws -> [CheckResult] {
    var request = try LayoutFixerCacheTests.request()
    request.provesPassingByBounds = proving
    return Array(AuditPipeline.run(request).outcome.results)
  }

  @Test func aProvedCheckIsOneThatPassesWhereMeasured() throws {
    let measured = try Self.audit(proving: false)
    let proved = try Self.audit(proving: true)
    // The same checks, in the same order.
    #expect(proved.map(\.fingerprint) == measured.map(\.fingerprint))
    var provedCount = 0
    for (p, m) in zip(proved, measured) where p.contrast != m.contrast {
      provedCount += 1
      // Proved: the statistics are the bounds', which the pixels' ratios
      // lie in (SPEC §3.5), and the threshold passes with room.
      #expect(p.contrast.min == p.bounds.min)
      #expect(p.bounds == m.bounds)
      #expect(p.bounds.min >= p.threshold, "\(p.fingerprint)")
      #expect(
        m.contrast.min >= p.bounds.min, "\(m.fingerprint): \(m.contrast.min) < \(p.bounds.min)")
      #expect(m.verdict != .fail, "\(m.fingerprint)")
      #expect(p.verdict != .fail)
    }
    // (Some checks are proved, and some are measured: the fixture tests both.)
    #expect(provedCount > 0)
    #expect(provedCount < measured.count)
    // No check the bounds do not prove fails by being proved.
    #expect(
      proved.filter { $0.verdict == .fail }.map(\.fingerprint)
        == measured.filter { $0.verdict == .fail }.map(\.fingerprint))
  }

  @Test func theFixerDecidesTheSameWhetherItProvesOrMeasures() throws {
    let request = try LayoutFixerCacheTests.request()
    let measuring = LayoutFixerCacheTests.fix(
      request, checksPerAudit: LayoutFixer.checksPerAudit, provesByBounds: false)
    let proving = LayoutFixerCacheTests.fix(
      request, checksPerAudit: LayoutFixer.checksPerAudit, provesByBounds: true)
    // (Changes are tried: the rounds run.)
    #expect(measuring.rounds > 0)
    #expect(LayoutFixerCacheTests.printed(proving) == LayoutFixerCacheTests.printed(measuring))
    #expect(proving.items == measuring.items)
  }
}
