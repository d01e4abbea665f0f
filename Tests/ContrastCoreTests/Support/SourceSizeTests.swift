import Foundation
import Testing

/// Issue 28 part 7: no Swift source file over 800 lines, so that each
/// stays one reading (profiles and other data live in resources, not in
/// Swift strings).
@Suite struct SourceSizeTests {
  static let maximumLines = 800

  @Test func noSwiftSourceFileIsOver800Lines() throws {
    let files = try RuleLiteralScanTests.sources()
    // The scan reads the sources (not none).
    #expect(files.count > 100)
    for file in files {
      let lines =
        file.text.split(separator: "\n", omittingEmptySubsequences: false).count
        - (file.text.hasSuffix("\n") ? 1 : 0)
      #expect(lines <= Self.maximumLines, "\(file.path) has \(lines) lines")
    }
  }
}
