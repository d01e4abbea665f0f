#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The path of an input file as the file system holds it: bytes, which
/// need not be UTF-8 (a Linux file name is any bytes but `/` and NUL).
/// Files are opened by these bytes, and shown by ``description``, in which
/// bytes that are not UTF-8 read `\x{E9}` and hidden characters `\n` or
/// `\u{1B}` (``Escaping/fileName(bytes:)``), so a file with such a name is
/// read like any other and named safely in messages and reports.
public struct InputPath: Sendable, Hashable, CustomStringConvertible {
  /// The path's bytes, without a terminating NUL.
  public var bytes: [UInt8]

  /// The path whose bytes are the UTF-8 of `path`.
  public init(_ path: String) { bytes = Array(path.utf8) }

  /// The path of these bytes (a NUL, which no path holds, ends it).
  public init(bytes: [UInt8]) { self.bytes = Array(bytes.prefix { $0 != 0 }) }

  /// The path as shown in messages and reports.
  public var description: String { Escaping.fileName(bytes: bytes) }

  /// `name` inside this folder.
  public func appending(_ name: InputPath) -> InputPath {
    if bytes.isEmpty || bytes.last == UInt8(ascii: "/") {
      return InputPath(bytes: bytes + name.bytes)
    }
    return InputPath(bytes: bytes + [UInt8(ascii: "/")] + name.bytes)
  }

  /// The last component (after the last `/`).
  public var lastComponent: InputPath {
    InputPath(bytes: Array(bytes.split(separator: UInt8(ascii: "/")).last ?? []))
  }

  /// The last component without its extension (from its last `.`, when not
  /// its first byte).
  public var stem: InputPath {
    let name = lastComponent.bytes
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return lastComponent }
    return InputPath(bytes: Array(name[..<dot]))
  }

  /// The extension of the last component, lowercased ASCII; empty when none.
  public var pathExtension: String {
    let name = lastComponent.bytes
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return "" }
    return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
  }

  /// Runs `body` with the path as a NUL-terminated C string.
  public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// Why a file could not be read: the system's description of `errno`.
  public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `No such file or directory`, `Is a directory`, `not a regular file`...
    public var reason: String
    /// The reason.
    public var description: String { reason }
  }

  /// An open file, closed when the value is released.
  final class OpenFile {
    let descriptor: Int32
    init(_ descriptor: Int32) { self.descriptor = descriptor }
    deinit { close(descriptor) }

    /// The file's size in bytes, when it is a regular file (a folder, a
    /// pipe or a device is refused: reading one could block or never end).
    func size() throws(ReadError) -> Int {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { throw InputPath.lastError() }
      guard (info.st_mode & S_IFMT) == S_IFREG else {
        if (info.st_mode & S_IFMT) == S_IFDIR {
          throw ReadError(reason: String(cString: strerror(EISDIR)))
        }
        throw ReadError(reason: "not a regular file")
      }
      return Int(info.st_size)
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    func read(count: Int, at offset: Int) throws(ReadError) -> [UInt8] {
      var out = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let n = out.withUnsafeMutableBytes { buffer in
          pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
        }
        if n < 0 {
          if errno == EINTR { continue }
          throw InputPath.lastError()
        }
        if n == 0 { break }
        done += n
      }
      out.removeLast(count - done)
      return out
    }
  }

  /// Opens the file for reading (without blocking on a pipe).
  func open() throws(ReadError) -> OpenFile {
    let fd = withCString { openForReading($0) }
    guard fd >= 0 else { throw Self.lastError() }
    return OpenFile(fd)
  }

  /// The size of the file, in bytes.
  public func fileSize() throws(ReadError) -> Int { try open().size() }

  /// The whole content of the file.
  public func readAll() throws(ReadError) -> [UInt8] {
    let file = try open()
    let size = try file.size()
    var bytes = try file.read(count: size, at: 0)
    // A file that grew since `fstat`: read the rest.
    while true {
      let more = try file.read(count: 1 << 16, at: bytes.count)
      if more.isEmpty { return bytes }
      bytes += more
    }
  }

  static func lastError() -> ReadError { ReadError(reason: String(cString: strerror(errno))) }
}

private func openForReading(_ path: UnsafePointer<CChar>) -> Int32 {
  #if canImport(Glibc)
    Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  #elseif canImport(Musl)
    Musl.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  #else
    Darwin.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  #endif
}
