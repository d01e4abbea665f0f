import Foundation
import Testing

@testable import ContrastCore

/// ``AuditCache`` (issue 29 part 8): audits that share one (`fix`'s rounds)
/// decode and place each wallpaper once, and every result is the bits an
/// audit without it gives.
@Suite struct AuditCacheTests {
  /// Counts the decodings of the wallpapers.
  final class Decodings: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
  }

  /// Wallpapers of 48 x 36 pixels (placed on the layouts' canvases of
  /// other sizes: resampled): a ramp, seeded noise, a flat grey and a
  /// translucent one (its finding comes from the cache too).
  static func wallpapers(_ decodings: Decodings) -> [WallpaperInput] {
    func input(
      _ id: String, translucent: Bool = false, _ value: @escaping @Sendable (Int, Int, Int) -> Float
    )
      -> WallpaperInput
    {
      WallpaperInput(id: id, file: "\(id).png") {
        decodings.add()
        var samples: [Float] = []
        for y in 0..<36 {
          for x in 0..<48 {
            for c in 0..<3 { samples.append(value(x, y, c)) }
          }
        }
        return (RGBImage(width: 48, height: 36, samples: samples), translucent)
      }
    }
    return [
      input("ramp") { x, y, c in Float(x + y + 10 * c) / 120 },
      input("noise") { x, y, c in
        var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ c &* 83_492_791)
        h = (h ^ (h >> 13)) &* 1_274_126_177
        return Float(h % 1000) / 999
      },
      input("flat") { _, _, _ in 0.62 },
      input("veil", translucent: true) { x, _, c in c == 2 ? 0.9 : Float(x) / 47 },
    ]
  }

  static let layouts = [
    """
    version: 1
    layout: tall
    title: Tall
    canvas: {width: 30, height: 50, scale: 1}
    elements:
      - id: bar
        material: glass.regular
        frame: {x: 0, y: 0, width: 30, height: 14}
        content:
          - {id: title, role: headline, color: label, frame: {x: 2, y: 2, width: 24, height: 10}}
      - id: card
        material: thin
        frame: {x: 2, y: 20, width: 26, height: 24}
        shape: roundedRect
        cornerRadius: 6
        content:
          - {id: a, role: body, color: secondaryLabel, frame: {x: 2, y: 2, width: 20, height: 9}}
          - {id: b, role: caption, color: systemBlue, frame: {x: 2, y: 12, width: 20, height: 8}}
    """,
    """
    version: 1
    layout: wide
    title: Wide
    canvas: {width: 56, height: 28, scale: 1}
    elements:
      - id: pill
        material: glass.clear
        frame: {x: 4, y: 4, width: 48, height: 20}
        shape: capsule
        content:
          - {id: t, role: body, color: white, frame: {x: 8, y: 5, width: 30, height: 10}}
    """,
  ]

  static func request(_ decodings: Decodings, cache: AuditCache?) throws -> AuditRequest {
    let profile = RemedyFixesTests.ios27
    let layouts = try layouts.enumerated().map { i, text in
      try #require(LayoutLoader.load(text: text, file: "l\(i).yml", profile: profile).layout)
    }
    var request = AuditRequest(
      profiles: [profile],
      settings: AuditSettings(
        modes: [.normal, .increaseContrast, .reduceTransparency], appearances: [.light, .dark],
        liquidGlass: [.default]),
      layouts: layouts, wallpapers: wallpapers(decodings))
    request.workers = 2
    request.cache = cache
    return request
  }

  /// The report as report.json writes it, every check listed.
  static func json(_ report: AuditReport) -> String {
    JSONReport.render(report, checks: .all)
  }

  @Test func auditsSharingACacheGiveTheBitsOfAnAuditWithout() throws {
    let plain = Self.json(AuditPipeline.run(try Self.request(Decodings(), cache: nil)))
    let decodings = Decodings()
    let cache = AuditCache()
    let first = Self.json(AuditPipeline.run(try Self.request(decodings, cache: cache)))
    #expect(decodings.value == 4)
    // Every wallpaper held on both canvases: the second audit decodes none.
    #expect(cache.placedCount == 8)
    let second = Self.json(AuditPipeline.run(try Self.request(decodings, cache: cache)))
    #expect(decodings.value == 4)
    #expect(first == plain)
    #expect(second == plain)
    #expect(plain.contains("translucent pixels"))
  }

  @Test func aCacheWithoutRoomChangesNothing() throws {
    let plain = Self.json(AuditPipeline.run(try Self.request(Decodings(), cache: nil)))
    // Room for three placed wallpapers (30 x 50 or 56 x 28 pixels, 3
    // floats each): the others are decoded and placed again, as without it.
    let decodings = Decodings()
    let cache = AuditCache(budget: 3 * 30 * 50 * 3 * 4)
    let first = Self.json(AuditPipeline.run(try Self.request(decodings, cache: cache)))
    let held = cache.placedCount
    #expect(held >= 1 && held < 8)
    #expect(cache.bytesHeld <= cache.budget)
    let second = Self.json(AuditPipeline.run(try Self.request(decodings, cache: cache)))
    #expect(decodings.value > 4)
    #expect(first == plain)
    #expect(second == plain)
    let none = AuditCache(budget: 0)
    #expect(Self.json(AuditPipeline.run(try Self.request(Decodings(), cache: none))) == plain)
    #expect(none.placedCount == 0)
  }
}
