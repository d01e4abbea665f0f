import ContrastCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File system helpers of the CLI: discovery and atomic writes.
enum Files {
  /// Whether `path` is an existing directory.
  static func isDirectory(_ path: String) -> Bool {
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
  }

  static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// Files directly in `dir` whose extension is one of `extensions`, not
  /// hidden, sorted by name as shown (then by bytes). Names are kept as the
  /// file system's bytes, so a name that is not UTF-8 is read like any other.
  static func list(_ dir: String, extensions: Set<String>) throws -> [InputPath] {
    guard let stream = opendir(dir) else {
      throw CLIError("cannot list '\(dir)': \(String(cString: strerror(errno)))")
    }
    defer { closedir(stream) }
    var names: [InputPath] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        InputPath(bytes: Array(raw.prefix { $0 != 0 }))
      }
      guard name.bytes.first != UInt8(ascii: "."), extensions.contains(name.pathExtension) else {
        continue
      }
      names.append(name)
    }
    let folder = InputPath(dir)
    return names.sorted { a, b in
      a.description != b.description
        ? a.description < b.description : a.bytes.lexicographicallyPrecedes(b.bytes)
    }.map { folder.appending($0) }
  }

  static func join(_ dir: String, _ name: String) -> String {
    dir.hasSuffix("/") ? dir + name : dir + "/" + name
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  static func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Writes `text` to `path` atomically: to a temporary file beside it, then
  /// renamed over it, so a reader never sees half a file and a failure leaves
  /// the old file in place.
  static func writeAtomically(_ text: String, to path: String) throws {
    try writeAtomically(ReportContent { text }, to: path)
  }

  static func writeAtomically(_ content: ReportContent, to path: String) throws {
    let dir = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let tmp = join(dir.isEmpty ? "." : dir, ".\(name).tmp-\(getpid())")
    // Written directly (not through Foundation, whose own temporary file a
    // kill would leave under a name no run knows).
    unlink(tmp)
    do {
      try ReportSet.write(content, to: tmp)
    } catch {
      unlink(tmp)
      // Named by the file asked for: the temporary name means nothing to anyone.
      let reason = (error as? CLIError)?.reason ?? "\(error)"
      throw CLIError("cannot write '\(path)': \(reason)", reason: reason)
    }
    if rename(tmp, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(tmp)
      throw CLIError("cannot replace '\(path)': \(reason)")
    }
  }

  /// Writes `text` to the file at `path`, whose bytes need not be UTF-8 (a
  /// layout `fix` edits), atomically as above: a temporary file beside it,
  /// renamed over it; messages name the file as the reports do.
  static func writeAtomically(_ text: String, to path: InputPath) throws {
    let name = path.lastComponent.bytes
    let folder = Array(path.bytes.dropLast(name.count))
    let tmp = InputPath(bytes: folder + Array(".".utf8) + name + Array(".tmp-\(getpid())".utf8))
    _ = tmp.withCString { unlink($0) }
    let fd = tmp.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
    guard fd >= 0 else {
      throw CLIError("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    var failure = Array(text.utf8).withUnsafeBytes { ReportSet.writeAll(fd, $0) }
    if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure {
      _ = tmp.withCString { unlink($0) }
      throw CLIError("cannot write '\(path)': \(failure)")
    }
    let renamed = path.withCString { to in tmp.withCString { rename($0, to) } }
    if renamed != 0 {
      let reason = String(cString: strerror(errno))
      _ = tmp.withCString { unlink($0) }
      throw CLIError("cannot replace '\(path)': \(reason)")
    }
  }

  /// Creates `dir` if needed and checks that files can be written in it.
  static func prepareOutputDirectory(_ dir: String) throws {
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    } catch {
      throw CLIError("cannot create output folder '\(dir)': \(error.localizedDescription)")
    }
    guard access(dir, W_OK) == 0 else {
      throw CLIError("output folder '\(dir)' is not writable")
    }
  }

  /// Creates the folder of the file `path` if needed and checks that a file
  /// can be written there (a probe file created and removed), so a run
  /// learns before its audit that it could not save `what` (`the baseline`).
  static func prepareToWrite(_ path: String, what: String) throws {
    if isDirectory(path) {
      throw CLIError("cannot write \(what) '\(path)': it is a folder; give a file name")
    }
    let parent = (path as NSString).deletingLastPathComponent
    let dir = parent.isEmpty ? "." : parent
    if let problem = makeFolders(dir) {
      throw CLIError(
        "cannot write \(what) '\(path)': cannot create its folder '\(dir)': \(problem)")
    }
    let probe = join(dir, ".glass-audit-probe-\(getpid())")
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw CLIError(
        "cannot write \(what) '\(path)': its folder '\(dir)' is not writable "
          + "(\(String(cString: strerror(errno))))")
    }
    close(fd)
    unlink(probe)
  }
}

extension Files {
  /// Creates `dir` and the folders above it that are missing; nil when it
  /// exists afterwards, else why not, naming the folder that failed.
  static func makeFolders(_ dir: String) -> String? {
    var prefix = dir.hasPrefix("/") ? "/" : ""
    for part in dir.split(separator: "/") {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
      if isDirectory(prefix) { continue }
      if exists(prefix) { return "'\(prefix)' is a file, not a folder" }
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        return "'\(prefix)': \(String(cString: strerror(errno)))"
      }
    }
    return nil
  }
}

/// An error of the CLI that ends the run, with a message naming what and why.
struct CLIError: Error, CustomStringConvertible {
  var description: String
  /// The system's reason alone (`Permission denied`), when there is one.
  var reason: String?
  init(_ description: String, reason: String? = nil) {
    self.description = description
    self.reason = reason
  }
}
