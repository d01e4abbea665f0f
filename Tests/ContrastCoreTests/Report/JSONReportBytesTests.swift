import Foundation
import Testing

@testable import ContrastCore

/// report.json's fast path (`JSONReport.write(_:chunkSize:bytes:)`, over
/// `JSONBytes`) against its reference, the `JSONValue` tree
/// (`JSONReport.render`): the same bytes on reports whose every string is
/// hostile and with every optional field present and absent, and each
/// writer function against the `JSONValue` / `Escaping` function it stands
/// for.
@Suite struct JSONReportBytesTests {
  /// The text of `write` into `JSONBytes`.
  static func text(_ write: (inout JSONBytes) -> Void) -> String {
    var out = JSONBytes()
    write(&out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// The bytes the fast path writes for `report`, with the pieces it handed on.
  static func fastBytes(_ report: AuditReport, checks: JSONChecks = .failing, chunkSize: Int)
    -> (bytes: [UInt8], pieces: Int)
  {
    var bytes: [UInt8] = []
    var pieces = 0
    JSONReport.write(report, checks: checks, chunkSize: chunkSize) { piece in
      bytes.append(contentsOf: piece)
      pieces += 1
    }
    return (bytes, pieces)
  }

  // MARK: - Numbers, integers, strings

  @Test func numbersAreFormattedAsJSONValueFormatsThem() {
    var values: [Double] = [
      0, -0.0, 1, -1, 4.5, 21, 0.1, 1.0 / 3, 2.0 / 3, 0.000_000_4, -0.000_000_4, 0.000_000_5,
      0.000_001, -0.000_001, 0.000_000_499_999_999, 123_456.789_012_3, 1e20, -1e20,
      .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
      .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      0x1p43, 0x1p43.nextDown, -0x1p43.nextDown, 0x1p43.nextUp, 0x1p-20, 0x1p-21, 0x1p-30,
      999_999.999_999_5, 9.999_999_5, 0.999_999_5, 0.999_999_499_999,
    ]
    // Exact ties of the sixth decimal (odd multiples of 1/2^k with k >= 7,
    // e.g. 1/128 = 0.0078125) round to even in "%.6f": every one of them
    // up to 2^-30, at several magnitudes.
    for k in 7...30 {
      let step = Double(sign: .plus, exponent: -k, significand: 1)
      for j in stride(from: 1, to: 4_001, by: 2) {
        let tie = Double(j) * step
        values += [tie, -tie, tie + 1_000, tie + 7]
      }
    }
    // Random bit patterns (every magnitude), values near six-decimal ties,
    // and random values in the range of ratios and fractions.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for i in 0..<60_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      switch i % 3 {
      case 0: values.append(Double(bitPattern: state))
      case 1: values.append((Double(Int64(truncatingIfNeeded: state >> 20)) + 0.5) / 1_000_000)
      default: values.append(Double(state >> 11) / Double(1 << 53) * 21)
      }
      values.append(values[values.count - 1].nextUp)
    }
    var mismatches: [Double] = []
    for d in values where Self.text({ $0.number(d) }) != JSONValue.format(d) {
      mismatches.append(d)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    // Optional numbers as JSONValue.optional writes them.
    #expect(
      Self.text { $0.number(nil as Double?) }
        == JSONValue.optional(nil as Double?).rendered().dropLast())
    #expect(Self.text { $0.number(Double?(2.5)) } == "2.5")
  }

  @Test func integersAreWrittenAsStringWritesThem() {
    var values = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -98_765, Int.max, Int.min, Int.min + 1]
    var state: UInt64 = 42
    for _ in 0..<5_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(Int(truncatingIfNeeded: state) >> Int(state % 63))
    }
    for i in values {
      #expect(Self.text { $0.int(i) } == String(i), "\(i)")
    }
  }

  @Test func stringsAreEscapedAsEscapingJSONEscapesThem() {
    var strings =
      EscapingTests.payloads + [
        "", "plain-id", "with space", "quote\"inside", "back\\slash", "\\\"", "\"",
        "tab\there", "é", "日本語", "😀 emoji", "mixed é\u{1B}", "#777777", "layouts/tabs.yml",
        String(repeating: "long-ascii-", count: 40), String(repeating: "é\u{85}", count: 30),
      ]
    // Every scalar up to U+00FF and the hidden ones above it, alone and inside text.
    let scalars =
      (0...0xFF).map { Unicode.Scalar($0)! } + [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}",
        "\u{2066}", "\u{2069}", "\u{FFFE}", "\u{FFFF}", "\u{10FFFF}",
      ]
    for u in scalars {
      strings.append(String(u))
      strings.append("a" + String(u) + "b")
    }
    for s in strings {
      var reference = ""
      Escaping.json(s, into: &reference)
      #expect(Self.text { $0.string(s) } == reference, "\(s.debugDescription)")
    }
    #expect(Self.text { $0.string(nil as String?) } == "null")
  }

  // MARK: - Whole reports

  /// Remedies with every field absent, every field present (hostile
  /// strings, numbers that need rounding) and `tried` nil, empty and full.
  static func remedies(_ p: [String]) -> [Remedy?] {
    var full = Remedy(
      alphaProperty: "tint" + p[0], alphaColor: "#000000" + p[1], currentAlpha: 0.25,
      alpha: 0.7, color: p[2], alphaRatio: 4.500_000_4, colorRatio: 1.0 / 3)
    full.colorName = "label\"" + p[3]
    full.material = "thick\\" + p[4]
    full.currentMaterial = p[5]
    full.materialRatio = 5.25
    full.largeTextSize = 19
    full.largeTextWeight = "bold" + p[6]
    full.largeTextThreshold = 3
    full.largeTextRatio = 3.000_000_5
    full.combinedMaterial = p[7]
    full.combinedColorName = p[8]
    full.combinedColor = p[9]
    full.combinedRatio = 7.123_456_789
    full.tried = ["material", "alpha" + p[10], "color", "largeText"]
    var emptyTried = Remedy()
    emptyTried.tried = []
    var oneTried = Remedy(alpha: 1)
    oneTried.tried = ["é\u{2028}"]
    return [nil, Remedy(), full, emptyTried, oneTried]
  }

  /// Checks whose every string field carries a payload of issue 14 (or
  /// quotes, backslashes, non-ASCII), with each optional field present and
  /// absent: role, Liquid Glass (none, named, a number), remedy.
  static func hostileResults() -> [CheckResult] {
    let p = EscapingTests.payloads + ["quo\"te", "back\\slash", "é日😀", "plain"]
    let glass: [LiquidGlassSetting?] = [
      nil, .clear, .default, .tinted, LiquidGlassSetting(value: 0.25)!,
      LiquidGlassSetting(value: 1.0 / 3)!,
    ]
    let remedies = remedies(p)
    return p.indices.flatMap { i in
      (0..<6).map { k -> CheckResult in
        let at = { (offset: Int) in p[(i + offset) % p.count] }
        var r = ReportFixtures.check(
          layout: "tabs" + at(0), element: "bar" + at(1), item: at(2), wallpaper: at(3),
          appearance: k % 2 == 0 ? .light : .dark,
          mode: AccessibilityMode.allCases[k % AccessibilityMode.allCases.count],
          kind: [ContentKind.text, .icon, .decorative][k % 3],
          verdict: Verdict.allCases[(i + k) % 3], ratio: 1 + Double(i * 7 + k) / 9,
          threshold: k == 5 ? 4.5 : 3,
          remedy: remedies[(i + k) % remedies.count], file: "layouts/" + at(5) + ".yml",
          line: i * 10 + k, liquidGlass: glass[k], profile: "ios26" + at(6))
        r.role = k == 0 ? nil : "body" + at(7)
        r.textSize = TextSize.allCases[(i + k) % TextSize.allCases.count]
        r.boldText = k % 2 == 1
        r.thresholdSource = k == 3 ? .target : .wcag
        r.trust = VerdictTrust.allCases[(i + k) % VerdictTrust.allCases.count]
        r.trustBasis = k == 2 ? "" : "increaseContrast." + at(8)
        r.color = "#ABCDEF" + at(9)
        r.material = "glass.regular" + at(10)
        r.bounds = ContrastBounds(min: 1.000_000_5, max: 21 - Double(k) / 7)
        r.contrast = ContrastStatistics(
          min: 1.0 / 7, p05: 0.007_812_5, p10: -0.0, median: Double(i), mean: 2.0 / 3,
          max: 20.999_999_9, failingFraction: Double(k) / 6)
        r.pixelCount = i * 1_000 + k
        return r
      }
    }
  }

  /// The hostile checks a baseline accepts: the second of each item's six
  /// (those to review: `known`, the others `new`).
  static func hostileKnown(_ results: [CheckResult]) -> [CheckResult] {
    results.indices.filter { $0 % 6 == 1 }.map { results[$0] }
  }

  /// Reports around the hostile checks: with and without a timestamp, a
  /// shard, the text settings and Liquid Glass columns that are written
  /// only when not the defaults, findings, input errors and a remedy search.
  static func hostileReports() -> [(String, AuditReport)] {
    let p = EscapingTests.payloads
    let results = hostileResults()
    var plain = ReportFixtures.report(results, known: hostileKnown(results))
    plain.inputsDigest = "sha256:" + p[0]

    var full = ReportFixtures.report(
      results,
      findings: [
        Finding(
          rule: .targetSize, layout: "tabs" + p[1], element: p[2], message: "small " + p[3],
          file: "layouts/" + p[4], line: 3),
        Finding(rule: .targetSize, message: "no place " + p[5]),
      ],
      errors: [InputError(input: "wallpapers/" + p[6] + ".png", message: p[7] + "\n" + p[8])],
      known: hostileKnown(results))
    full.timestamp = "2026-11-25T16:00:00Z" + p[9]
    full.shard = ShardSpec(index: 2, count: 3)
    full.profileNames = ["ios26", "ios18" + p[10]]
    full.settings = AuditSettings(
      liquidGlass: [.clear, LiquidGlassSetting(value: 0.25)!, .tinted],
      textSizes: [.small, .large, .ax5], boldText: [false, true])
    full.settings.hasProfileWithoutLiquidGlass = true
    var g = RemedyAccumulator.Group(baseColor: RGBA(.black))
    g.currentMaterial = "thin" + p[0]
    g.candidates["material:thick"] = RemedyCandidate(passes: true, ratio: 5.25, rank: 1)
    full.outcome.remedySearch = RemedyAccumulator(groups: ["tabs/bar" + p[1]: g])

    let none = ReportFixtures.report([])
    let one = ReportFixtures.report(Array(results.prefix(1)))
    return [("plain", plain), ("full", full), ("no results", none), ("one result", one)]
  }

  @Test(arguments: JSONChecks.allCases)
  func reportsWithHostileStringsAreTheReferenceBytes(checks: JSONChecks) throws {
    for (name, report) in Self.hostileReports() {
      let reference = Array(JSONReport.render(report, checks: checks).utf8)
      for size in [1, 7, 4_096, 1 << 20] {
        let (bytes, pieces) = Self.fastBytes(report, checks: checks, chunkSize: size)
        // Compared as one Bool: a failure names the first difference below,
        // not two arrays of hundreds of kilobytes.
        let same = bytes == reference
        #expect(same, "\(name), chunk size \(size)")
        if !same {
          let at =
            bytes.indices.first { $0 >= reference.count || bytes[$0] != reference[$0] }
            ?? bytes.count
          let context = String(
            decoding: bytes[max(0, at - 80)..<min(bytes.count, at + 40)], as: UTF8.self)
          Issue.record("\(name): first difference at byte \(at): …\(context)")
        }
        // The pieces are cut as the reference's stream cuts them: after
        // every result (and element of the small members) when the size is
        // 1, never when it is larger than the whole.
        let listed = report.outcome.results.count { checks.lists($0.verdict) }
        if size == 1 { #expect(pieces > listed, "\(name)") }
        if size == 1 << 20 { #expect(pieces == 1, "\(name)") }
      }
      // The text parses, and gives back the hostile strings.
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(reference)) as? [String: Any])
      let written = try #require(object["checks"] as? [[String: Any]])
      let items = try #require(object["items"] as? [[String: Any]])
      let listed = report.outcome.results.filter { checks.lists($0.verdict) }
      #expect(
        written.map { items[$0["itemIndex"] as! Int]["item"] as? String } == listed.map(\.item))
      #expect(written.map { $0["wallpaper"] as? String } == listed.map(\.wallpaper))
    }
  }

  @Test func theHostileReportsHoldEveryOptionalFieldBothWays() throws {
    // So that the comparison above covers each branch of the fast path.
    let results = Self.hostileResults()
    #expect(results.contains { $0.role == nil } && results.contains { $0.role != nil })
    #expect(results.contains { $0.liquidGlass == nil })
    #expect(results.contains { $0.liquidGlass?.isNamed == true })
    #expect(results.contains { $0.liquidGlass.map { !$0.isNamed } == true })
    #expect(results.contains { $0.remedy == nil })
    #expect(results.contains { $0.remedy?.tried == nil && $0.remedy != nil })
    #expect(results.contains { $0.remedy?.tried?.isEmpty == true })
    #expect(results.contains { ($0.remedy?.tried?.count ?? 0) > 1 })
    #expect(results.contains { $0.remedy?.combinedRatio != nil })
    #expect(results.contains { $0.remedy?.alpha != nil && $0.remedy?.color == nil })
    let full = try #require(Self.hostileReports().first { $0.0 == "full" }?.1)
    let acceptable = full.outcome.results.filter(\.isAcceptable)
    #expect(acceptable.contains { full.baselineState(of: $0) == .known })
    #expect(acceptable.contains { full.baselineState(of: $0) == .new })
    let text = JSONReport.render(full)
    for key in ["timestamp", "shard", "textSizes", "boldText", "withoutLiquidGlass"] {
      #expect(text.contains("\"\(key)\": "), "\(key)")
    }
  }
}
