/// `report.sqlite`: every check of a run in a real SQLite database, for the
/// questions a team asks of a run that no fixed report answers ("what
/// fails at AX5 with Bold Text on the photos?"). Its schema is
/// docs/report-sqlite.md's.
///
/// The database is made in its file, at the path the CLI gives (in the
/// report set's staging folder): the one file the library writes, through
/// SQLite, which fills it in one transaction with every value bound (never
/// spliced into SQL) and holds no more of it in memory than its page cache
/// (``cacheKiB``), so a team's run of millions of checks is not held
/// whole. No journal and no sync: the CLI's staging folder and rename make
/// the set atomic, and a failed file is never published. Nothing in it
/// varies but the report: no timestamp of its own, SQLite's default page
/// size, no journal; so the same report gives the same bytes, in a file or
/// in memory (``bytes(_:)``, for the tests).
public enum SQLiteReport {
  /// The schema's version, in the database's `PRAGMA user_version` and in
  /// the `run` table.
  public static let schemaVersion = 2

  /// The most memory SQLite's page cache takes while the file is filled
  /// (also the size of each sorted run when an index is made; a bigger
  /// index is sorted in SQLite's temporary files, removed when it is done).
  static let cacheKiB = 16384

  /// Makes the report's database in a new file at `path`, which must not
  /// exist yet. Throws SQLite's error when it cannot be made (the file
  /// exists or cannot be created, the disk is full); what was written of
  /// it is then left for the caller to remove (it is never a whole report).
  public static func write(_ report: AuditReport, toFileAt path: String) throws {
    let db = try SQLiteDatabase(creatingFileAt: path)
    try db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -\(cacheKiB);")
    try fill(db, report)
  }

  /// The database's bytes, as its file holds them, made in memory.
  public static func bytes(_ report: AuditReport) throws -> [UInt8] {
    let db = try SQLiteDatabase()
    try fill(db, report)
    return try db.withBytes { Array($0) }
  }

  /// Fills the empty database `db` with `report`.
  static func fill(_ db: SQLiteDatabase, _ report: AuditReport) throws {
    try db.exec("PRAGMA journal_mode = OFF; PRAGMA user_version = \(schemaVersion);")
    try db.exec("BEGIN")
    try db.exec(schema)
    try insertRun(report, into: db)
    try insertChecks(
      report.outcome.results, fixes: report.fixes, baseline: report.baselineColumn, into: db)
    try insertItems(report, into: db)
    try insertInputs(report.outcome.results, into: db)
    try insertFindings(report.outcome.findings, into: db)
    try insertErrors(report.outcome.errors, into: db)
    try insertRemedySearch(report.outcome.remedySearch, into: db)
    // The indices after the rows: one sort each, not a tree grown a row
    // at a time.
    try db.exec(indices)
    try db.exec("COMMIT")
  }

  /// A column per dimension of the matrix (``SceneDimension/all``), in its
  /// order, named by its key in snake case (`aB`: `a_b`):
  /// its word as text (null where it has none: the Liquid Glass setting
  /// under Reduce Transparency), a flag (Bold Text) as 0 or 1.
  static let dimensionColumns = SceneDimension.all.map { d in
    "  \(columnName(d.key)) " + (d.wordIsFlag ? "INTEGER NOT NULL" : "TEXT") + ","
  }.joined(separator: "\n")

  /// A dimension's key as a column's name: `aB` as `a_b`.
  static func columnName(_ key: String) -> String {
    var out = ""
    for c in key {
      if c.isUppercase {
        out += "_" + c.lowercased()
      } else {
        out.append(c)
      }
    }
    return out
  }

  /// The columns of the section (a layout's id) and of the image (a
  /// wallpaper's name), and of the text settings, comma-separated.
  private static let section = columnName(SceneDimension.section.key)
  private static let image = columnName(SceneDimension.image.key)
  private static let textSettings = SceneDimension.textSettings.map { columnName($0.key) }
    .joined(separator: ", ")

  /// The tables (docs/report-sqlite.md says what each column means).
  static let schema = """
    CREATE TABLE run (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL,
      value
    );
    CREATE TABLE checks (
      id INTEGER PRIMARY KEY,
    \(dimensionColumns)
      scene TEXT NOT NULL,
      element TEXT NOT NULL,
      item TEXT NOT NULL,
      kind TEXT NOT NULL,
      role TEXT,
      vibrant INTEGER NOT NULL,
      large_text INTEGER NOT NULL,
      threshold REAL,
      threshold_source TEXT NOT NULL,
      contrast_min REAL,
      contrast_p05 REAL,
      contrast_p10 REAL,
      contrast_median REAL,
      contrast_mean REAL,
      contrast_max REAL,
      failing_fraction REAL,
      judged_ratio REAL,
      bounds_min REAL,
      bounds_max REAL,
      interval_min REAL,
      interval_max REAL,
      uncertainty REAL NOT NULL,
      verdict TEXT NOT NULL,
      baseline TEXT NOT NULL,
      trust TEXT NOT NULL,
      trust_basis TEXT NOT NULL,
      pixels INTEGER NOT NULL,
      color TEXT NOT NULL,
      material TEXT NOT NULL,
      file TEXT NOT NULL,
      line INTEGER NOT NULL,
      fix TEXT,
      remedy_alpha_property TEXT,
      remedy_alpha_color TEXT,
      remedy_current_alpha REAL,
      remedy_alpha REAL,
      remedy_alpha_ratio REAL,
      remedy_color TEXT,
      remedy_color_ratio REAL,
      remedy_color_name TEXT,
      remedy_material TEXT,
      remedy_current_material TEXT,
      remedy_material_ratio REAL,
      remedy_large_text_size REAL,
      remedy_large_text_weight TEXT,
      remedy_large_text_threshold REAL,
      remedy_large_text_ratio REAL,
      remedy_combined_material TEXT,
      remedy_combined_color_name TEXT,
      remedy_combined_color TEXT,
      remedy_combined_ratio REAL,
      remedy_tried TEXT
    );
    CREATE TABLE items (
      id INTEGER PRIMARY KEY,
      \(section) TEXT NOT NULL,
      element TEXT NOT NULL,
      item TEXT NOT NULL,
      kind TEXT NOT NULL,
      role TEXT,
      vibrant INTEGER NOT NULL,
      file TEXT NOT NULL,
      line INTEGER NOT NULL,
      verdict TEXT NOT NULL,
      scenes INTEGER NOT NULL,
      failing_scenes INTEGER NOT NULL,
      warning_scenes INTEGER NOT NULL,
      review_scenes INTEGER NOT NULL,
      gating_scenes INTEGER NOT NULL,
      rank INTEGER,
      worst_check INTEGER NOT NULL REFERENCES checks (id),
      worst_\(image) TEXT NOT NULL,
      worst_scene TEXT NOT NULL,
      worst_ratio REAL,
      worst_threshold REAL,
      severity REAL,
      never_passes INTEGER NOT NULL,
      fix TEXT
    );
    CREATE TABLE inputs (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      name TEXT NOT NULL,
      file TEXT,
      checks INTEGER NOT NULL,
      failing INTEGER NOT NULL
    );
    CREATE TABLE findings (
      id INTEGER PRIMARY KEY,
      rule TEXT NOT NULL,
      severity TEXT NOT NULL,
    \(Finding.coordinateKeys.map { "  \(columnName($0)) TEXT," }.joined(separator: "\n"))
      element TEXT,
      item TEXT,
      message TEXT NOT NULL,
      file TEXT,
      line INTEGER
    );
    CREATE TABLE input_errors (
      id INTEGER PRIMARY KEY,
      input TEXT NOT NULL,
      message TEXT NOT NULL
    );
    CREATE TABLE remedy_search (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL,
      state TEXT NOT NULL
    );
    """

  /// The indices of the questions a team asks.
  static let indices = """
    CREATE INDEX checks_by_verdict ON checks (verdict);
    CREATE INDEX checks_by_item ON checks (item);
    CREATE INDEX checks_by_\(image) ON checks (\(image));
    CREATE INDEX checks_by_text_setting ON checks (\(textSettings));
    CREATE INDEX checks_by_\(section)_element_item ON checks (\(section), element, item);
    CREATE INDEX items_by_verdict ON items (verdict);
    """

  /// The parameters of a statement, bound in order from the first.
  struct Row {
    let statement: SQLiteDatabase.Statement
    var index: Int32 = 0

    init(_ statement: SQLiteDatabase.Statement) { self.statement = statement }

    mutating func next() -> Int32 {
      index += 1
      return index
    }
    mutating func add(_ v: String) throws { try statement.bind(next(), v) }
    mutating func add(_ v: String?) throws { try statement.bind(next(), v) }
    mutating func add(_ v: Int) throws { try statement.bind(next(), v) }
    mutating func add(_ v: Int?) throws { try statement.bind(next(), v) }
    mutating func add(_ v: Double) throws { try statement.bind(next(), v) }
    mutating func add(_ v: Double?) throws { try statement.bind(next(), v) }
    mutating func add(_ v: Bool) throws { try statement.bind(next(), v) }

    /// Inserts the row and makes the statement ready for the next.
    mutating func insert() throws {
      try statement.step()
      try statement.reset()
      index = 0
    }
  }

  /// `INSERT INTO table VALUES (?, ...)` with `count` parameters.
  static func insert(into table: String, count: Int, _ db: SQLiteDatabase) throws -> Row {
    let marks = Array(repeating: "?", count: count).joined(separator: ", ")
    return Row(try db.prepare("INSERT INTO \(table) VALUES (\(marks))"))
  }
}
