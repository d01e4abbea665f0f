import ContrastCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts a run's report files into the output folder as one set: a reader
/// (or a kill, or a failed write) finds either the whole previous set or
/// the whole new one, never a mix (README, "Output folder").
///
/// The set is written into a fresh hidden folder beside the output folder
/// (`.reports.glass-audit-PID`), the output folder's other files are
/// carried into it as hard links, and the two folders are swapped with one
/// `renameat2(RENAME_EXCHANGE)` (Linux 3.15 and later; `renamex_np` with
/// `RENAME_SWAP` on macOS). The old set, now under the hidden name, is
/// then removed. A run killed at any moment leaves such a hidden folder at
/// worst; the next run removes it, first moving back into the output folder
/// anything else it holds that the output folder lacks (a file added while
/// the run swapped), so nothing but report files is ever deleted.
///
/// Where the swap cannot be used (the output folder holds subfolders or is
/// `.`, its parent is not writable, or the folders are on a file system
/// without the swap) the files are replaced one by one, each atomically,
/// as before: a kill can then leave a mix of two runs' files. Where only
/// the swap is missing, the old folder is renamed away and the new one
/// into place: a kill between the two renames leaves no output folder, and
/// the next run puts the old one back.
enum ReportSet {
  /// Every report file name a run may write.
  static let reportNames = Set(ReportFormat.allCases.map(\.fileName))

  /// The infix of the hidden folders beside the output folder.
  static let marker = ".glass-audit-"

  /// Writes `files` (name, bytes) as the report set of `outDir`, and
  /// returns the paths written (in the order given). Report files of
  /// formats not in `files` are not part of the new set.
  static func publish(_ files: [(name: String, content: ReportContent)], in outDir: String)
    throws -> [String]
  {
    let paths = files.map { Files.join(outDir, $0.name) }
    let out = resolved(outDir)
    let parent = (out as NSString).deletingLastPathComponent
    let base = (out as NSString).lastPathComponent
    removeLeftovers(of: out)
    guard canSwap(out: out, parent: parent, base: base) else {
      for (file, path) in zip(files, paths) { try Files.writeAtomically(file.content, to: path) }
      return paths
    }
    let staging = Files.join(parent, ".\(base)\(marker)\(getpid())")
    do {
      try build(staging: staging, files: files, carryingFrom: out)
      do {
        try swap(staging, out)
      } catch {
        removeFolder(staging, keepingIn: nil)
        throw error
      }
    } catch {
      throw CLIError("the reports were not written, '\(outDir)' holds the previous ones: \(error)")
    }
    removeFolder(staging, keepingIn: out)
    return paths
  }

  // MARK: - Steps

  /// `path` with symbolic links resolved (so a linked output folder is
  /// swapped where it really is), or as given when it cannot be.
  static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  /// Whether the set can be swapped in: a named folder (not `.` or `/`)
  /// whose parent is writable and which holds no subfolder and no name
  /// that is not UTF-8.
  static func canSwap(out: String, parent: String, base: String) -> Bool {
    guard !base.isEmpty, base != ".", base != "..", base != "/", !parent.isEmpty,
      access(parent, W_OK) == 0, Files.isDirectory(out) || !Files.exists(out)
    else { return false }
    let names = entries(of: out)
    guard names.count == rawEntryCount(of: out) else { return false }
    return names.allSatisfy { name in
      var info = stat()
      return lstat(Files.join(out, name), &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }
  }

  /// Creates `staging` with the new files and hard links to (or copies of
  /// the links of) the other entries of `out`; removes it on failure.
  static func build(
    staging: String, files: [(name: String, content: ReportContent)], carryingFrom out: String
  ) throws {
    removeFolder(staging, keepingIn: nil)
    var info = stat()
    let mode = stat(out, &info) == 0 ? info.st_mode & 0o7777 : 0o755
    guard mkdir(staging, 0o700) == 0 else {
      throw CLIError("cannot create '\(staging)': \(String(cString: strerror(errno)))")
    }
    do {
      try writeAll(files, into: staging)
      for name in entries(of: out) where !reportNames.contains(name) && !isOurs(name) {
        try carry(Files.join(out, name), to: Files.join(staging, name))
      }
      guard chmod(staging, mode) == 0 else {
        throw CLIError("cannot set the mode of '\(staging)': \(String(cString: strerror(errno)))")
      }
    } catch {
      removeFolder(staging, keepingIn: nil)
      throw error
    }
  }

  /// The reports, most costly first (as a run makes them: report.json
  /// streamed a result at a time, the HTML with its previews, the JUnit
  /// cases, the Markdown, SARIF's groups); any other file after them.
  static let costOrder = [
    "report.json", "report.sqlite", "report.html", "junit.xml", "report.md", "report.sarif",
  ]

  /// Writes `files` into `folder` on two threads, each taking the next
  /// file not yet taken in ``costOrder`` and making and writing it whole,
  /// so two cores share the run's serial end (the longest first: neither
  /// waits long for the other) and at most two report texts are in memory
  /// at once. The first failure in file order is thrown.
  static func writeAll(_ files: [(name: String, content: ReportContent)], into folder: String)
    throws
  {
    func rank(_ i: Int) -> Int { costOrder.firstIndex(of: files[i].name) ?? costOrder.count }
    let order = files.indices.sorted { (rank($0), $0) < (rank($1), $1) }
    // Each file's failure, with the file's place.
    let failures = order.parallelMap(workers: 2) { i -> (Int, any Error)? in
      do {
        try write(files[i].content, to: Files.join(folder, files[i].name))
        return nil
      } catch {
        return (i, error)
      }
    }
    if let first = failures.compactMap({ $0 }).min(by: { $0.0 < $1.0 }) { throw first.1 }
  }

  /// Writes `content` to a new file at `path`, a chunk at a time as it is
  /// made, reporting any short write (a full disk, a file size limit) as an
  /// error; after the first failed write the rest is not written. A file
  /// its content makes itself (report.sqlite) is made at `path`.
  static func write(_ content: ReportContent, to path: String) throws {
    let produce: @Sendable ((UnsafeRawBufferPointer) -> Void) throws -> Void
    switch content.source {
    case .file(let make): return try make(path)
    case .bytes(let p): produce = p
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      throw CLIError("cannot write '\(path)': \(reason)", reason: reason)
    }
    var failure: String?
    do {
      try produce { bytes in
        guard failure == nil else { return }
        failure = writeAll(fd, bytes)
      }
    } catch {
      close(fd)
      throw error
    }
    if let reason = failure {
      close(fd)
      throw CLIError("cannot write '\(path)': \(reason)", reason: reason)
    }
    guard close(fd) == 0 else {
      let reason = String(cString: strerror(errno))
      throw CLIError("cannot write '\(path)': \(reason)", reason: reason)
    }
  }

  /// Writes all of `bytes` to `fd`; the reason when a write fails.
  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
    var done = 0
    while done < bytes.count {
      let n = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return String(cString: strerror(n < 0 ? errno : ENOSPC)) }
      done += n
    }
    return nil
  }

  /// Carries one entry of the output folder into the new one: a hard link
  /// to a file, a copy of a symbolic link.
  static func carry(_ source: String, to target: String) throws {
    var info = stat()
    guard lstat(source, &info) == 0 else { return }  // gone meanwhile
    if (info.st_mode & S_IFMT) == S_IFLNK {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink(source, &buffer, buffer.count - 1)
      guard n >= 0, symlink(buffer, target) == 0 else {
        throw CLIError("cannot keep '\(source)': \(String(cString: strerror(errno)))")
      }
    } else if link(source, target) != 0 {
      throw CLIError("cannot keep '\(source)': \(String(cString: strerror(errno)))")
    }
  }

  /// Puts `staging` in the place of `out` (and `out` in the place of
  /// `staging`), in one step where the system can.
  static func swap(_ staging: String, _ out: String) throws {
    guard Files.exists(out) else {
      guard rename(staging, out) == 0 else {
        throw CLIError("cannot create '\(out)': \(String(cString: strerror(errno)))")
      }
      return
    }
    if exchange(staging, out) { return }
    // No swap on this system or file system: move the old set away, then
    // the new one in (a kill between the two leaves the old one beside).
    let old = staging + "-old"
    removeFolder(old, keepingIn: nil)
    guard rename(out, old) == 0 else {
      throw CLIError("cannot replace '\(out)': \(String(cString: strerror(errno)))")
    }
    guard rename(staging, out) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = rename(old, out)
      throw CLIError("cannot replace '\(out)': \(reason)")
    }
    _ = rename(old, staging)
  }

  /// Swaps two folders atomically; false when the system or the file
  /// system cannot.
  static func exchange(_ a: String, _ b: String) -> Bool {
    #if canImport(Glibc)
      typealias RenameAt2 =
        @convention(c) (
          Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
        return false
      }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let atCurrentDirectory: Int32 = -100  // AT_FDCWD
      let exchange: UInt32 = 2  // RENAME_EXCHANGE
      return renameat2(atCurrentDirectory, a, atCurrentDirectory, b, exchange) == 0
    #elseif canImport(Darwin)
      return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
    #else
      return false
    #endif
  }

  // MARK: - Leftovers

  /// Whether `name` is one of the hidden files this tool writes in an
  /// output folder (`.report.json.tmp-PID` of a one-by-one write).
  static func isOurs(_ name: String) -> Bool {
    reportNames.contains { name.hasPrefix(".\($0).tmp-") }
  }

  /// The process id a leftover's name ends with, when it is still running
  /// and is not this one.
  static func isInUse(_ name: String) -> Bool {
    let digits = name.split(separator: "-").last { Int32($0) != nil }
    guard let digits, let pid = Int32(digits), pid != getpid() else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }

  /// Removes what killed runs left: hidden folders beside `out` (after
  /// putting back an old set that was moved away, and moving back anything
  /// but report files that `out` lacks) and hidden temporary files in it.
  /// Leftovers of a run still going are left alone.
  static func removeLeftovers(of out: String) {
    let parent = (out as NSString).deletingLastPathComponent
    let prefix = "." + (out as NSString).lastPathComponent + marker
    let leftovers = entries(of: parent.isEmpty ? "." : parent).filter {
      $0.hasPrefix(prefix) && !isInUse($0)
    }
    if !Files.exists(out), let old = leftovers.first(where: { $0.hasSuffix("-old") }) {
      _ = rename(Files.join(parent, old), out)
    }
    guard !leftovers.isEmpty || Files.exists(out) else { return }
    // What the leftovers hold besides report files goes back into `out`.
    if !Files.exists(out) { mkdir(out, 0o755) }
    for name in leftovers where Files.exists(Files.join(parent, name)) {
      removeFolder(Files.join(parent, name), keepingIn: out)
    }
    for name in entries(of: out) where isOurs(name) && !isInUse(name) {
      unlink(Files.join(out, name))
    }
  }

  /// Removes a hidden folder of this tool: its report files and temporary
  /// files are deleted; anything else is moved into `keepingIn` when that
  /// lacks it, or deleted when it is a link to the same file there (carried
  /// in); what is left keeps the folder.
  static func removeFolder(_ folder: String, keepingIn out: String?) {
    guard Files.isDirectory(folder) else { return }
    for name in entries(of: folder) {
      let path = Files.join(folder, name)
      if reportNames.contains(name) || isOurs(name) {
        unlink(path)
        continue
      }
      guard let out else {
        // A folder that never became the output one holds only links.
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { unlink(path) }
        continue
      }
      let target = Files.join(out, name)
      var here = stat()
      var there = stat()
      if lstat(target, &there) != 0 {
        _ = rename(path, target)
      } else if lstat(path, &here) == 0, here.st_ino == there.st_ino, here.st_dev == there.st_dev {
        unlink(path)
      }
    }
    rmdir(folder)
  }

  /// The names in `folder` but `.` and `..` that are UTF-8 (none when it
  /// cannot be read).
  static func entries(of folder: String) -> [String] {
    rawEntries(of: folder).compactMap { bytes in
      let name = String(decoding: bytes, as: UTF8.self)
      return Array(name.utf8) == bytes ? name : nil
    }
  }

  static func rawEntryCount(of folder: String) -> Int { rawEntries(of: folder).count }

  /// The names in `folder` but `.` and `..`, as bytes.
  static func rawEntries(of folder: String) -> [[UInt8]] {
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names
  }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
  #else
    Darwin.write(fd, buffer, count)
  #endif
}
