import Foundation
import Testing

@testable import ContrastCore

/// The table is the one place a rule id is spelled: no source file outside
/// `Sources/ContrastCore/Rules/` may hold one as a string literal.
@Suite struct RuleLiteralScanTests {
  /// Every Swift file under `Sources/`, by path relative to the package.
  static func sources() throws -> [(path: String, text: String)] {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Rules
      .deletingLastPathComponent()  // ContrastCoreTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
    let sources = root.appendingPathComponent("Sources")
    let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
    var out: [(String, String)] = []
    while let relative = walker.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      out.append(("Sources/" + relative, text))
    }
    return out.sorted { $0.0 < $1.0 }
  }

  static let rulesFolder = "Sources/ContrastCore/Rules/"

  @Test func theScanSeesTheSourcesAndTheTable() throws {
    let files = try Self.sources()
    #expect(files.contains { $0.path == "Sources/ContrastCore/Judging/Finding.swift" })
    #expect(files.contains { $0.path == "Sources/glass-audit/MergeCommand.swift" })
    let table = files.filter { $0.path.hasPrefix(Self.rulesFolder) }.map(\.text).joined()
    for rule in Rule.all {
      #expect(table.contains("\"\(rule.id)\""), "the table does not spell \(rule.id)")
    }
  }

  @Test func noRuleIdIsALiteralOutsideTheTable() throws {
    for file in try Self.sources() where !file.path.hasPrefix(Self.rulesFolder) {
      for rule in Rule.all {
        #expect(
          !file.text.contains("\"\(rule.id)\""),
          "\(file.path) spells the rule id \"\(rule.id)\"; use the table's Rule value")
      }
    }
  }
}
