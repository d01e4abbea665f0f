import Foundation
import Testing

/// End-to-end: ids, titles, texts and file names carrying workflow commands,
/// escape sequences and other hidden characters (issue 14) reach stdout and
/// stderr only escaped, and never as a command the GitHub runner obeys.
@Suite(.serialized) struct HostileOutputTests {
  static let payloads = [
    "a\n::stop-commands::x", "b\n::add-mask::secret", "c\r::error::forged",
    "d ##[add-mask]secret", "e\u{1B}[2J\u{1B}]0;title\u{07}", "f\u{7F}g", "h\u{9B}31mi",
    "j\u{2028}k", "l\u{202E}txt",
  ]

  /// YAML's double-quoted form of `s` (escapes for everything not printable ASCII).
  static func yamlQuoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case " "..."~": out.unicodeScalars.append(u)
      default: out += String(format: "\\u%04X", u.value)
      }
    }
    return out + "\""
  }

  static var hostileLayout: String {
    var items = ""
    for (i, p) in payloads.enumerated() {
      items += """

              - id: \(yamlQuoted("item\(i) " + p))
                color: white
                text: \(yamlQuoted(p))
                frame: {x: 2, y: \(2 + 4 * i), width: 30, height: 4}
        """
    }
    return """
      version: 1
      layout: hostile
      title: \(yamlQuoted("Hostile " + payloads[0]))
      canvas: {width: 40, height: 80, scale: 1}
      elements:
        - id: \(yamlQuoted("bar" + payloads[1]))
          material: glass.regular
          frame: {x: 0, y: 0, width: 40, height: 80}
          content:\(items)
      """
  }

  /// The problems of one output stream as the runner reads it (lines split
  /// at `\n` and `\r`): a command it would obey, or a raw hidden character.
  static func problems(_ text: String, annotations: Bool) -> [String] {
    var found: [String] = []
    for line in text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    ) {
      let trimmed = line.drop { $0.isWhitespace }
      if trimmed.hasPrefix("::") {
        let ours = annotations && (line.hasPrefix("::error file=") || line.hasPrefix("::notice::"))
        if !ours { found.append("command: \(line)") }
      }
      if line.contains("##[") { found.append("v1 command: \(line)") }
      if line.unicodeScalars.contains(where: {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{202E}"
      }) {
        found.append("hidden character: \(line.debugDescription)")
      }
    }
    return found
  }

  @Test func hostileIdsAndFileNamesReachTheTerminalAndTheRunnerOnlyEscaped() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try h.write("layouts/hostile.yml", Self.hostileLayout)
    for (i, p) in Self.payloads.enumerated() where !p.contains("/") {
      try h.writeSolidPNG("wallpapers/w\(i) \(p).png", width: 8, height: 16, rgb: (250, 250, 250))
    }
    try h.write("wallpapers/broken \(Self.payloads[1]) \(Self.payloads[4]).png", bytes: [1, 2, 3])
    let summary = h.path("summary.md")
    let r = try h.run(
      ["run", "--quiet"],
      environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(Self.problems(r.stdout, annotations: false) == [])
    #expect(Self.problems(r.stderr, annotations: true) == [])
    #expect(r.stderr.contains("::error file="))
    #expect(r.stdout.contains(#"\u{1B}[2J"#) || r.stderr.contains(#"\u{1B}[2J"#))
    let validate = try h.run(["validate"])
    #expect(validate.status == 0, "\(validate.stderr)")
    #expect(Self.problems(validate.stdout + validate.stderr, annotations: false) == [])
  }
}
