import ContrastCore
import Foundation

/// Runs the built `glass-audit` binary in a temporary folder.
struct CLIHarness {
  /// The package root, from this file's path.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The binary SwiftPM built beside the test bundle.
  static let binary: URL = {
    var candidates: [URL] = []
    let bundleDir = Bundle.main.bundleURL
    candidates.append(bundleDir.appendingPathComponent("glass-audit"))
    candidates.append(bundleDir.deletingLastPathComponent().appendingPathComponent("glass-audit"))
    for arg in [CommandLine.arguments.first].compactMap({ $0 }) {
      var dir = URL(fileURLWithPath: arg).deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(dir.appendingPathComponent("glass-audit"))
        dir = dir.deletingLastPathComponent()
      }
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/glass-audit"))
    for c in candidates where FileManager.default.isExecutableFile(atPath: c.path) {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: c.path, isDirectory: &isDir), !isDir.boolValue {
        return c
      }
    }
    return packageRoot.appendingPathComponent(".build/debug/glass-audit")
  }()

  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glass-audit-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  func path(_ relative: String) -> String { dir.appendingPathComponent(relative).path }

  func write(_ relative: String, _ text: String) throws {
    let url = dir.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func write(_ relative: String, bytes: [UInt8]) throws {
    let url = dir.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// A flat-colour PNG of the given size.
  func writeSolidPNG(_ relative: String, width: Int, height: Int, rgb: (UInt8, UInt8, UInt8))
    throws
  {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 3)
    for _ in 0..<(width * height) { pixels += [rgb.0, rgb.1, rgb.2] }
    try write(
      relative, bytes: try PNGEncoder.encodeRGB8(width: width, height: height, pixels: pixels))
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path(relative), encoding: .utf8)
  }

  func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the binary (or `executable`) with `arguments` in the temporary folder.
  func run(
    _ arguments: [String], environment: [String: String] = [:], executable: URL = Self.binary
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = dir
    var env = ProcessInfo.processInfo.environment
    env["GITHUB_ACTIONS"] = nil
    env["GITHUB_STEP_SUMMARY"] = nil
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
      stderr: String(decoding: e, as: UTF8.self))
  }

  func remove() { try? FileManager.default.removeItem(at: dir) }
}

/// Small layouts for the end-to-end tests.
enum Fixtures {
  /// Black body text straight on the wallpaper: 21:1 on white, passes.
  static let passing = """
    version: 1
    layout: plain
    title: Plain text
    canvas: {width: 40, height: 80, scale: 2}
    elements:
      - id: panel
        material: none
        frame: {x: 0, y: 0, width: 40, height: 80}
        content:
          - id: label
            kind: text
            color: "#000000"
            frame: {x: 4, y: 4, width: 30, height: 10}
    """

  /// White text on light regular glass: never above 3.83:1, fails AA body text.
  static let failing = """
    version: 1
    layout: glass-title
    title: White on glass
    canvas: {width: 40, height: 80, scale: 2}
    elements:
      - id: bar
        material: glass.regular
        frame: {x: 0, y: 0, width: 40, height: 30}
        content:
          - id: title
            kind: text
            role: body
            color: white
            frame: {x: 4, y: 4, width: 30, height: 10}
    """

  /// Two errors: an unknown key and an unknown material.
  static let invalid = """
    version: 1
    layout: broken
    canvas: {width: 40, height: 80, scale: 2}
    elements:
      - id: bar
        material: glass.regular
        cornerRadus: 4
        frame: {x: 0, y: 0, width: 40, height: 30}
      - id: other
        material: glas.clear
        frame: {x: 0, y: 40, width: 40, height: 30}
    """
}

extension CLIHarness {
  /// report.json's checks (as `--json-checks all` or the failing ones list
  /// them), each with the members of its item and its look that it points
  /// to by `itemIndex` and `lookIndex`: one object a check, as scripts
  /// join them.
  static func checks(of report: [String: Any]) -> [[String: Any]] {
    let items = report["items"] as? [[String: Any]] ?? []
    let looks = report["looks"] as? [[String: Any]] ?? []
    return (report["checks"] as? [[String: Any]] ?? []).map { c in
      var r = c
      if let k = c["itemIndex"] as? Int, items.indices.contains(k) {
        for key in ["layout", "element", "item", "kind", "role", "vibrant", "file", "line"] {
          r[key] = items[k][key]
        }
      }
      if let l = c["lookIndex"] as? Int, looks.indices.contains(l) {
        for (key, v) in looks[l] { r[key] = v }
      }
      return r
    }
  }
}
