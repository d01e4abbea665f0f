import ArgumentParser
import ContrastCore
import Foundation

extension ConformanceLevel: ExpressibleByArgument {}
extension VerdictStatistic: ExpressibleByArgument {}
extension LargeTextRule: ExpressibleByArgument {}

/// A report file format of `--format`.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
  case json, md, html, junit, sarif

  var fileName: String {
    switch self {
    case .json: "report.json"
    case .md: "report.md"
    case .html: "report.html"
    case .junit: "junit.xml"
    case .sarif: "report.sarif"
    }
  }
}

/// `--modes normal,reduceTransparency` and the like.
struct ModeList: ExpressibleByArgument {
  var modes: [AccessibilityMode]

  init?(argument: String) {
    var out: [AccessibilityMode] = []
    for part in argument.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let m = AccessibilityMode(rawValue: name) ?? ModeList.alias(name) else { return nil }
      if !out.contains(m) { out.append(m) }
    }
    guard !out.isEmpty else { return nil }
    modes = out.sorted()
  }

  static func alias(_ s: String) -> AccessibilityMode? {
    switch s {
    case "rt": .reduceTransparency
    case "ic": .increaseContrast
    case "rt+ic", "both": .reduceTransparencyIncreaseContrast
    default: nil
    }
  }

  static var allValueStrings: [String] { AccessibilityMode.allCases.map(\.rawValue) }
}

/// `--appearances light,dark`.
struct AppearanceList: ExpressibleByArgument {
  var appearances: [Appearance]

  init?(argument: String) {
    var out: [Appearance] = []
    for part in argument.split(separator: ",") {
      guard let a = Appearance(rawValue: part.trimmingCharacters(in: .whitespaces)) else {
        return nil
      }
      if !out.contains(a) { out.append(a) }
    }
    guard !out.isEmpty else { return nil }
    appearances = out.sorted()
  }

  static var allValueStrings: [String] { Appearance.allCases.map(\.rawValue) }
}

/// `--liquid-glass clear,default,tinted` (or numbers in [0, 1]).
struct LiquidGlassList: ExpressibleByArgument {
  var settings: [LiquidGlassSetting]

  init?(argument: String) {
    var out: [LiquidGlassSetting] = []
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      guard let s = LiquidGlassSetting(parsing: part.trimmingCharacters(in: .whitespaces)) else {
        return nil
      }
      if !out.contains(s) { out.append(s) }
    }
    guard !out.isEmpty else { return nil }
    settings = out.sorted()
  }

  static var allValueStrings: [String] { LiquidGlassSetting.named.map(\.label) }
}

/// `--profile ios26,ios27`: shipped profile names or profile files, in order.
struct ProfileList: ExpressibleByArgument {
  var names: [String]

  init?(argument: String) {
    var out: [String] = []
    for part in argument.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces)
      if !name.isEmpty && !out.contains(name) { out.append(name) }
    }
    guard !out.isEmpty else { return nil }
    names = out
  }
}
