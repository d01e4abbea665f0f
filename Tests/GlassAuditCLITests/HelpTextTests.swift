import Foundation
import Testing

/// Every command's `--help` reads as prose: Argument Parser wraps a
/// discussion at 80 columns but keeps its source's line breaks, so a
/// source line longer than that leaves a short orphan line in the middle of
/// a paragraph ("it\nholds\nevery check", as `merge --help` once printed).
@Suite struct HelpTextTests {
  static let commands = [
    "run", "fix", "merge", "validate", "contrast", "wallpapers", "fidelity", "calibrate", "init",
  ]

  @Test(arguments: commands) func noParagraphHasAnOrphanLine(_ command: String) throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let r = try h.run([command, "--help"], environment: ["COLUMNS": "80"])
    #expect(r.status == 0)
    let head = r.stdout.components(separatedBy: "\nUSAGE:")[0]
    #expect(head.hasPrefix("OVERVIEW:"))
    for paragraph in head.components(separatedBy: "\n\n") {
      let lines = paragraph.split(separator: "\n")
      // Every line but a paragraph's last fills half the width at least.
      for line in lines.dropLast() {
        #expect(line.count >= 40, "\(command) --help: short line '\(line)' in '\(paragraph)'")
      }
    }
  }
}
