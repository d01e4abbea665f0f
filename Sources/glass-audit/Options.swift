import ArgumentParser
import ContrastCore
import Foundation

extension ConformanceLevel: ExpressibleByArgument {}
extension VerdictStatistic: ExpressibleByArgument {}
extension LargeTextRule: ExpressibleByArgument {}
extension FailOn: ExpressibleByArgument {}

/// `--color auto|always|never`: `auto` colours a stream only when it is a
/// terminal and `NO_COLOR` is unset or empty; the other two decide alone.
enum ColorMode: String, CaseIterable, ExpressibleByArgument, Sendable {
  case auto, always, never

  /// Whether a stream is coloured.
  func colors(terminal: Bool, noColor: Bool) -> Bool {
    switch self {
    case .auto: terminal && !noColor
    case .always: true
    case .never: false
    }
  }
}

/// `--format json,md` (repeatable, and `--format json md`): report formats.
struct ReportFormatList: ExpressibleByArgument {
  var formats: [ReportFormat]

  init?(argument: String) {
    var out: [ReportFormat] = []
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      guard let f = ReportFormat(rawValue: part.trimmingCharacters(in: .whitespaces)) else {
        return nil
      }
      if !out.contains(f) { out.append(f) }
    }
    guard !out.isEmpty else { return nil }
    formats = out
  }

  static var allValueStrings: [String] { ReportFormat.allCases.map(\.rawValue) }

  /// The formats of every `--format`, in order, each once.
  static func flatten(_ lists: [ReportFormatList]) -> [ReportFormat] {
    var out: [ReportFormat] = []
    for f in lists.flatMap(\.formats) where !out.contains(f) { out.append(f) }
    return out
  }
}

/// A report file format of `--format`.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
  case json, md, html, junit, sarif, sqlite

  var fileName: String {
    switch self {
    case .json: "report.json"
    case .md: "report.md"
    case .html: "report.html"
    case .junit: "junit.xml"
    case .sarif: "report.sarif"
    case .sqlite: "report.sqlite"
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

/// `--text-sizes large,AX5` or `all`: text sizes (SPEC §3.8), ascending.
struct TextSizeList: ExpressibleByArgument {
  var sizes: [TextSize]

  init?(argument: String) {
    var out = Set<TextSize>()
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      guard let s = TextSize.parseList(part.trimmingCharacters(in: .whitespaces)) else {
        return nil
      }
      out.formUnion(s)
    }
    guard !out.isEmpty else { return nil }
    sizes = out.sorted()
  }

  static var allValueStrings: [String] { TextSize.allCases.map(\.rawValue) + ["all"] }
}

/// `--bold-text off,on`: Bold Text settings (SPEC §3.8), off first.
struct BoldTextList: ExpressibleByArgument {
  var values: [Bool]

  init?(argument: String) {
    var out = Set<Bool>()
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      switch part.trimmingCharacters(in: .whitespaces) {
      case "off": out.insert(false)
      case "on": out.insert(true)
      default: return nil
      }
    }
    guard !out.isEmpty else { return nil }
    values = out.sorted { !$0 && $1 }
  }

  static var allValueStrings: [String] { ["off", "on"] }
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

/// What the positional paths of `run` stand for: a folder of layouts or a
/// layout file (`.yml`, `.yaml`, `.json`) is `--layouts`; a PNG, or a folder
/// of PNGs (or with a `matrix.yml`), is `--wallpapers`.
struct PathArguments: Equatable {
  var layouts: String?
  var wallpapers: String?

  static let layoutExtensions: Set<String> = ["yml", "yaml", "json"]

  /// Sorts `paths`; a path that is missing, of neither kind, of both kinds
  /// (a folder holding layouts and PNGs), or a second one of a kind, is a
  /// usage error naming it.
  static func classify(_ paths: [String]) throws -> PathArguments {
    var out = PathArguments()
    for path in paths {
      let kind = try kind(of: path)
      let slot = kind == .layouts ? \PathArguments.layouts : \PathArguments.wallpapers
      if let other = out[keyPath: slot] {
        throw ValidationError(
          "'\(other)' and '\(path)' both name \(kind.rawValue): give one folder or file of each "
            + "(or use --layouts and --wallpapers)")
      }
      out[keyPath: slot] = path
    }
    return out
  }

  enum Kind: String { case layouts, wallpapers }

  static func kind(of path: String) throws -> Kind {
    let name = (path as NSString).lastPathComponent
    let ext = (name as NSString).pathExtension.lowercased()
    if Files.isDirectory(path) {
      let layouts = ((try? Files.list(path, extensions: layoutExtensions)) ?? [])
        .filter { !["matrix.yml", "glass-audit.yml"].contains($0.lastComponent.description) }
      let pngs = (try? Files.list(path, extensions: ["png"])) ?? []
      let hasMatrix = Files.exists(Files.join(path, "matrix.yml"))
      switch (!layouts.isEmpty, !pngs.isEmpty || hasMatrix) {
      case (true, false): return .layouts
      case (false, true): return .wallpapers
      case (true, true):
        throw ValidationError(
          "'\(path)' holds both layout files and PNGs: say which it is with --layouts or "
            + "--wallpapers")
      case (false, false):
        throw ValidationError(
          "'\(path)' holds no layout files (.yml, .yaml, .json) and no PNG wallpapers")
      }
    }
    guard Files.exists(path) else { throw ValidationError("no such file or folder: '\(path)'") }
    if ext == "png" { return .wallpapers }
    if layoutExtensions.contains(ext) { return .layouts }
    throw ValidationError(
      "'\(path)' is neither a layout file (.yml, .yaml, .json) nor a PNG wallpaper")
  }
}
