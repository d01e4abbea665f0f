import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What SQLite said when a call failed: its result code and its message
/// (`sqlite3_errmsg`), with what was being done.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
  public var code: Int32
  public var message: String

  public var description: String { "SQLite error \(code): \(message)" }
}

/// A value of a column as SQLite stored it.
enum SQLiteValue: Hashable, Sendable {
  case int(Int)
  case double(Double)
  case text(String)
  case null
}

/// A small wrapper of SQLite's C API (the system library, `CSQLite`): a
/// database in memory, or in a new file at a path given (report.sqlite,
/// the one file the library writes: SQLite fills it through its bounded
/// page cache), statements with bound parameters (every value goes in
/// bound, never spliced into SQL) and the database's bytes as a file would
/// hold them (`sqlite3_serialize`). Every failure is a thrown
/// ``SQLiteError`` carrying SQLite's message (and the system's reason for
/// a failed read or write), never a crash. One connection is used by one
/// thread at a time.
final class SQLiteDatabase {
  private var handle: OpaquePointer?

  /// A new, empty database in memory, held by SQLite's `memdb` file
  /// system as one contiguous buffer, so ``withBytes(_:)`` reads it
  /// without a copy. The name starts without `/`: the database is this
  /// connection's alone.
  convenience init() throws {
    try self.init(
      opening: "file:glass-audit-report?vfs=memdb",
      flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI)
    // memdb caps a database at 1 GiB unless told otherwise.
    var limit: Int64 = 1 << 46
    try check(sqlite3_file_control(handle, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit), "size limit")
  }

  /// A new, empty database in a new file at `path`, which must not exist
  /// yet: it is created here (exclusively, so no file is ever overwritten)
  /// and SQLite fills it, its pages passing through its page cache (as
  /// big as `PRAGMA cache_size` lets it grow), never all in memory.
  convenience init(creatingFileAt path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let code = errno
      throw SQLiteError(code: SQLITE_CANTOPEN, message: String(cString: strerror(code)))
    }
    close(fd)
    // A relative path is given from `./`, so that one starting `file:` is
    // not taken for a URI.
    let name = path.hasPrefix("/") ? path : "./" + path
    try self.init(opening: name, flags: SQLITE_OPEN_READWRITE)
  }

  /// A database read from `bytes` (a report.sqlite file's), in memory,
  /// read-only.
  convenience init(bytes: [UInt8]) throws {
    try self.init(opening: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    guard let copy = sqlite3_malloc64(UInt64(max(bytes.count, 1))) else {
      throw SQLiteError(code: SQLITE_NOMEM, message: "no memory for \(bytes.count) bytes")
    }
    bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
    try check(
      sqlite3_deserialize(
        handle, "main", copy.assumingMemoryBound(to: UInt8.self), Int64(bytes.count),
        Int64(bytes.count), flags),
      "deserialize")
  }

  private init(opening name: String, flags: Int32) throws {
    var db: OpaquePointer?
    let code = sqlite3_open_v2(name, &db, flags, nil)
    handle = db
    guard code == SQLITE_OK else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(name)"
      sqlite3_close_v2(db)
      handle = nil
      throw SQLiteError(code: code, message: message)
    }
  }

  deinit { sqlite3_close_v2(handle) }

  /// Throws SQLite's error for `code` unless it is `SQLITE_OK`.
  private func check(_ code: Int32, _ what: String) throws {
    guard code != SQLITE_OK else { return }
    throw error(code, what)
  }

  fileprivate func error(_ code: Int32, _ what: String) -> SQLiteError {
    let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no database"
    return SQLiteError(code: code, message: "\(what): \(message)\(systemReason(code))")
  }

  /// The system's reason when `code` is a failed read or write of the file
  /// (` (File too large)` after `disk I/O error`), else nothing.
  private func systemReason(_ code: Int32) -> String {
    let ioFailures = [SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN]
    guard let handle, ioFailures.contains(code & 0xFF) else { return "" }
    let system = sqlite3_system_errno(handle)
    return system == 0 ? "" : " (\(String(cString: strerror(system))))"
  }

  /// Runs `sql` (one or more statements, none with parameters).
  func exec(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      throw SQLiteError(code: code, message: text + systemReason(code))
    }
  }

  /// One statement of `sql`, to bind, step and reset.
  func prepare(_ sql: String) throws -> Statement {
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), "prepare")
    guard let statement else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "prepare: no statement in \(sql)")
    }
    return Statement(statement, database: self)
  }

  /// The rows of `sql` with `parameters` bound in order, each a column
  /// name to its value.
  func rows(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [[String: SQLiteValue]] {
    let statement = try prepare(sql)
    for (i, p) in parameters.enumerated() { try statement.bind(Int32(i + 1), p) }
    var out: [[String: SQLiteValue]] = []
    while try statement.step() {
      var row: [String: SQLiteValue] = [:]
      for c in 0..<statement.columnCount { row[statement.columnName(c)] = statement.value(c) }
      out.append(row)
    }
    return out
  }

  /// Calls `body` with the database's bytes, as a file of it would hold
  /// them (the memdb buffer itself when it is one: no copy; else a copy).
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    var size: Int64 = 0
    if let bytes = sqlite3_serialize(handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) {
      return try body(UnsafeRawBufferPointer(start: bytes, count: Int(size)))
    }
    guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
      throw SQLiteError(code: SQLITE_NOMEM, message: "serialize: no memory")
    }
    defer { sqlite3_free(bytes) }
    return try body(UnsafeRawBufferPointer(start: bytes, count: Int(size)))
  }

  /// A prepared statement. Parameters are numbered from 1, columns from 0.
  final class Statement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
      self.statement = statement
      self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    private func check(_ code: Int32) throws {
      guard code != SQLITE_OK else { return }
      throw database.error(code, "bind")
    }

    func bind(_ index: Int32, _ value: Int) throws {
      try check(sqlite3_bind_int64(statement, index, Int64(value)))
    }

    /// A number; not a number or an infinity is bound as null (as
    /// report.json writes `null`).
    func bind(_ index: Int32, _ value: Double) throws {
      guard value.isFinite else { return try bindNull(index) }
      try check(sqlite3_bind_double(statement, index, value))
    }

    func bind(_ index: Int32, _ value: Bool) throws { try bind(index, value ? 1 : 0) }

    /// Text, copied by SQLite (its bytes exactly, as UTF-8).
    func bind(_ index: Int32, _ value: String) throws {
      var text = value
      let code = text.withUTF8 { utf8 -> Int32 in
        // An empty buffer may have no address, which SQLite would take as
        // null: the empty text is bound from a literal.
        guard let base = utf8.baseAddress, utf8.count > 0 else {
          return sqlite3_bind_text(statement, index, "", 0, csqlite_transient())
        }
        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
          sqlite3_bind_text64(
            statement, index, $0, UInt64(utf8.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
      }
      try check(code)
    }

    func bind(_ index: Int32, _ value: Int?) throws {
      if let value { try bind(index, value) } else { try bindNull(index) }
    }

    func bind(_ index: Int32, _ value: Double?) throws {
      if let value { try bind(index, value) } else { try bindNull(index) }
    }

    func bind(_ index: Int32, _ value: String?) throws {
      if let value { try bind(index, value) } else { try bindNull(index) }
    }

    func bind(_ index: Int32, _ value: SQLiteValue) throws {
      switch value {
      case .int(let v): try bind(index, v)
      case .double(let v): try bind(index, v)
      case .text(let v): try bind(index, v)
      case .null: try bindNull(index)
      }
    }

    func bindNull(_ index: Int32) throws { try check(sqlite3_bind_null(statement, index)) }

    /// Runs the statement a step: true when a row is ready to read, false
    /// when it is done.
    @discardableResult
    func step() throws -> Bool {
      let code = sqlite3_step(statement)
      switch code {
      case SQLITE_ROW: return true
      case SQLITE_DONE: return false
      default: throw database.error(code, "step")
      }
    }

    /// Ready to run again, its parameters cleared to null.
    func reset() throws {
      let code = sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
      guard code == SQLITE_OK else { throw database.error(code, "reset") }
    }

    /// The columns of the row ``step()`` made ready.
    var columnCount: Int32 { sqlite3_column_count(statement) }
    func columnName(_ column: Int32) -> String {
      sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
    }
    func isNull(_ column: Int32) -> Bool {
      sqlite3_column_type(statement, column) == SQLITE_NULL
    }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    /// The column's value as stored.
    func value(_ column: Int32) -> SQLiteValue {
      switch sqlite3_column_type(statement, column) {
      case SQLITE_INTEGER: .int(int(column))
      case SQLITE_FLOAT: .double(double(column))
      case SQLITE_NULL: .null
      default: text(column).map(SQLiteValue.text) ?? .null
      }
    }

    /// The column's text, its bytes exactly (a NUL inside included).
    func text(_ column: Int32) -> String? {
      guard let bytes = sqlite3_column_text(statement, column) else { return nil }
      let count = Int(sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
  }
}
