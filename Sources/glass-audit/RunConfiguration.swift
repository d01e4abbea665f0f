import ContrastCore
import Foundation
import Yams

/// Settings of `glass-audit.yml` (all optional; flags override them).
///
/// ```yaml
/// layouts: layouts
/// wallpapers: wallpapers
/// out: reports
/// level: AA            # AA | AAA
/// statistic: min       # min | p05 | p10 | median
/// largeText: wcag      # wcag | hig
/// modes: [normal, reduceTransparency, increaseContrast, reduceTransparency+increaseContrast]
/// appearances: [light, dark]
/// profile: profiles/calibrated.yml
/// formats: [json, md, junit]
/// jobs: 2
/// pixelLimit: 100000000
/// ```
struct RunConfiguration {
  var layouts: String?
  var wallpapers: String?
  var out: String?
  var level: ConformanceLevel?
  var statistic: VerdictStatistic?
  var largeText: LargeTextRule?
  var modes: [AccessibilityMode]?
  var appearances: [Appearance]?
  var profile: String?
  var formats: [ReportFormat]?
  var jobs: Int?
  var pixelLimit: Int?

  static let keys = [
    "layouts", "wallpapers", "out", "level", "statistic", "largeText", "modes", "appearances",
    "profile", "formats", "jobs", "pixelLimit",
  ]

  /// Reads the file, reporting every problem at once.
  static func load(_ path: String) throws(DiagnosticList) -> RunConfiguration {
    var config = RunConfiguration()
    var problems: [Diagnostic] = []
    let text: String
    do { text = try Files.read(path) } catch {
      throw DiagnosticList([Diagnostic(file: path, line: 0, column: 0, message: "cannot read")])
    }
    let root: Node?
    do { root = try Yams.compose(yaml: text) } catch {
      throw DiagnosticList([
        Diagnostic(file: path, line: 0, column: 0, message: "not valid YAML: \(error)")
      ])
    }
    guard let root else { return config }
    guard let map = root.mapping else {
      throw DiagnosticList([
        Diagnostic(
          file: path, line: root.mark?.line ?? 0, column: root.mark?.column ?? 0,
          message: "expected a mapping of settings")
      ])
    }
    func fail(_ node: Node, _ message: String) {
      problems.append(
        Diagnostic(
          file: path, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message))
    }
    func list(_ node: Node) -> [String] {
      if let s = node.sequence { return s.compactMap(\.string) }
      return (node.string ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    for (k, v) in map {
      guard let key = k.string else { continue }
      let value = v.string ?? ""
      switch key {
      case "layouts": config.layouts = value
      case "wallpapers": config.wallpapers = value
      case "out": config.out = value
      case "profile": config.profile = value
      case "level":
        config.level = ConformanceLevel(rawValue: value)
        if config.level == nil { fail(v, "level: '\(value)' is not AA or AAA") }
      case "statistic":
        config.statistic = VerdictStatistic(rawValue: value)
        if config.statistic == nil {
          fail(v, "statistic: '\(value)' is not one of min, p05, p10, median")
        }
      case "largeText":
        config.largeText = LargeTextRule(rawValue: value)
        if config.largeText == nil { fail(v, "largeText: '\(value)' is not wcag or hig") }
      case "modes":
        var modes: [AccessibilityMode] = []
        for name in list(v) {
          if let m = AccessibilityMode(rawValue: name) {
            modes.append(m)
          } else {
            fail(
              v,
              "modes: unknown mode '\(name)'"
                + DidYouMean.hint(for: name, among: AccessibilityMode.allCases.map(\.rawValue)))
          }
        }
        config.modes = modes.sorted()
      case "appearances":
        var appearances: [Appearance] = []
        for name in list(v) {
          if let a = Appearance(rawValue: name) {
            appearances.append(a)
          } else {
            fail(v, "appearances: unknown appearance '\(name)' (light or dark)")
          }
        }
        config.appearances = appearances.sorted()
      case "formats":
        var formats: [ReportFormat] = []
        for name in list(v) {
          if let f = ReportFormat(rawValue: name) {
            formats.append(f)
          } else {
            fail(v, "formats: unknown format '\(name)' (json, md, junit)")
          }
        }
        config.formats = formats
      case "jobs":
        config.jobs = Int(value)
        if config.jobs == nil || config.jobs! < 1 {
          fail(v, "jobs: '\(value)' is not a count >= 1")
        }
      case "pixelLimit":
        config.pixelLimit = Int(value)
        if config.pixelLimit == nil || config.pixelLimit! < 1 {
          fail(v, "pixelLimit: '\(value)' is not a count >= 1")
        }
      default:
        fail(k, "unknown key '\(key)'" + DidYouMean.hint(for: key, among: keys))
      }
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    return config
  }
}
