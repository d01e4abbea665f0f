import Foundation

/// `wallpapers/matrix.yml` (SPEC §2.1): the wallpapers of a folder with
/// their ids, categories and appearances.
///
/// ```yaml
/// wallpapers:
///   - file: photo-dunes.png
///     id: photo-dunes          # optional, default: the file name without extension
///     category: photo          # solid-light, solid-dark, gradient, photo, pattern, noise, vivid
///     appearances: [light]     # optional restriction
/// ```
public struct WallpaperMatrix: Sendable, Hashable {
  /// One wallpaper of the matrix.
  public struct Entry: Sendable, Hashable {
    /// The PNG file, relative to the matrix's folder.
    public var file: String
    /// The id reports name it by: `id`, else the file name without extension.
    public var id: String
    /// The category, one of `WallpaperMatrix.categories`, if given.
    public var category: String?
    /// The appearances it is paired with; nil for both.
    public var appearances: [Appearance]?

    public init(file: String, id: String, category: String?, appearances: [Appearance]?) {
      self.file = file
      self.id = id
      self.category = category
      self.appearances = appearances
    }
  }

  /// The wallpapers in file order.
  public var entries: [Entry]

  /// The categories a wallpaper may have.
  public static let categories = [
    "solid-light", "solid-dark", "gradient", "photo", "pattern", "noise", "vivid",
  ]
  /// The keys of one wallpaper.
  public static let keys = ["file", "id", "category", "appearances"]

  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// Reads the matrix from its text; `file` names it in diagnostics.
  ///
  /// - Throws: every problem of the text at once, each at its line and column.
  public static func parse(_ text: String, file: String) throws(DiagnosticList) -> WallpaperMatrix {
    let root: YAMLNode?
    do {
      root = try YAMLDocument.parse(text, file: file)
    } catch {
      throw DiagnosticList([error.diagnostic(file: file)])
    }
    guard let listNode = root?["wallpapers"], let list = listNode.items else {
      let at = root?["wallpapers"]?.mark
      throw DiagnosticList([
        Diagnostic(
          file: file, line: at?.line ?? 1, column: at?.column ?? 1,
          message: "expected 'wallpapers:' with a list")
      ])
    }
    var reader = YAMLReader(file: file)
    var entries: [Entry] = []
    var ids = Set<String>()
    for (i, node) in list.enumerated() {
      let path = "wallpapers[\(i)]"
      if let entry = read(node, path: path, ids: &ids, reader: &reader) { entries.append(entry) }
    }
    if !reader.diagnostics.isEmpty { throw DiagnosticList(reader.sortedDiagnostics()) }
    return WallpaperMatrix(entries: entries)
  }

  private static func read(
    _ node: YAMLNode, path: String, ids: inout Set<String>, reader: inout YAMLReader
  ) -> Entry? {
    guard node.entries != nil else {
      reader.report(node, path: path, "expected a mapping with 'file'")
      return nil
    }
    guard
      let f = reader.fields(
        node, path: path, allowed: keys, what: "a wallpaper", listChoices: false)
    else { return nil }
    guard let s = f["file"]?.scalar, !s.isNull, !s.text.isEmpty else {
      reader.report(node, path: path, "'file' is required")
      return nil
    }
    let file = s.text
    var id = (file as NSString).deletingPathExtension
    if let n = f["id"], let given = reader.string(n, path: "\(path).id") { id = given }
    if !ids.insert(id).inserted {
      reader.report(f["id"] ?? node, path: path, "duplicate id '\(id)'")
    }
    var category: String?
    if let n = f["category"], let c = reader.string(n, path: "\(path).category") {
      category = c
      if !categories.contains(c) {
        reader.report(
          n, path: "\(path).category",
          "unknown category '\(c)'" + DidYouMean.hint(for: c, among: categories))
      }
    }
    var appearances: [Appearance]?
    if let n = f["appearances"] {
      appearances = []
      for (name, at) in reader.names(n, path: "\(path).appearances") {
        if let a = Appearance(rawValue: name) {
          appearances?.append(a)
        } else {
          reader.report(at, path: "\(path).appearances", "'\(name)' is not light or dark")
        }
      }
    }
    return Entry(file: file, id: id, category: category, appearances: appearances)
  }
}
