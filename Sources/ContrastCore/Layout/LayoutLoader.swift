import Foundation

/// What reading one layout file gives: the layout when the file is valid,
/// every error of the file otherwise, and the lint findings of a valid layout.
public struct LayoutLoadResult: Sendable, Hashable {
  /// The layout; nil when `errors` is not empty.
  public var layout: Layout?
  /// Every problem of the file, in file order, each with its line and column.
  public var errors: [Diagnostic]
  /// Lint findings (`LayoutLint`) of a valid layout; empty when there are errors.
  public var findings: [Finding]
  /// The line of the layout's id (`layout:`) when the layout is valid; 0 otherwise.
  public var idLine = 0
  /// The column of the layout's id when the layout is valid; 0 otherwise.
  public var idColumn = 0

  public init(layout: Layout?, errors: [Diagnostic], findings: [Finding]) {
    self.layout = layout
    self.errors = errors
    self.findings = findings
  }
}

/// Reads layout files (SPEC §2.2), YAML or JSON.
///
/// The loader never throws and never prints: a bad file gives diagnostics
/// (`file:line:column: field: message`), all of them at once, with "did you
/// mean" suggestions for misspelt keys and names. JSON is read with the same
/// YAML parser (JSON is YAML 1.2 flow syntax); tabs in a `.json` file are read
/// as spaces, since JSON allows them as whitespace and forbids them inside
/// strings.
///
/// Choices this reader makes where the spec is silent:
/// - `title` is optional and defaults to the layout id.
/// - `cornerRadius` is an error on `capsule` and `circle` (their radius is
///   fixed by the shape) and on `rect` unless it is 0; `roundedRect` requires it.
/// - `role`, `weight` and `size` are errors on icons and decorations (they are
///   judged at 3:1 whatever their size).
/// - a key with no value (`tint:`) is an error, with a hint for colours that
///   an unquoted `#` starts a YAML comment.
/// - numbers must be written as numbers: `"12"` in quotes is a type error.
public enum LayoutLoader {
  /// The newest layout format version this build reads.
  public static let currentVersion = 1

  /// Reads a layout from its text. `file` names it in diagnostics and findings.
  public static func load(text: String, file: String, profile: Profile) -> LayoutLoadResult {
    let root: YAMLNode?
    do {
      root = try YAMLDocument.parse(text, file: file)
    } catch {
      return failure(error.diagnostic(file: file))
    }
    guard let root else {
      return failure(
        Diagnostic(
          file: file, line: 1, column: 1,
          message: "the file is empty; a layout starts with 'version: \(currentVersion)'"))
    }
    var reader = LayoutReader(file: file, profile: profile)
    let layout = reader.readLayout(root)
    let errors = reader.sortedDiagnostics()
    guard errors.isEmpty, let layout else { return failure(errors) }
    var result = LayoutLoadResult(
      layout: layout, errors: [], findings: LayoutLint.findings(for: layout, profile: profile))
    (result.idLine, result.idColumn) = reader.idPlace
    return result
  }

  /// Reads a layout from the bytes of its file: UTF-8 text, or one
  /// diagnostic at the first byte that is not (its line, column and byte
  /// offset).
  public static func load(bytes: [UInt8], file: String, profile: Profile) -> LayoutLoadResult {
    do {
      return load(text: try SourceText.decode(bytes, file: file), file: file, profile: profile)
    } catch {
      return failure(error)
    }
  }

  /// Reads a layout file. Diagnostics and findings name it `displayName`
  /// (for example a path relative to the project) or, when nil, `path`.
  /// A file that cannot be read is one diagnostic at line 1, column 1
  /// with the system's reason.
  public static func load(contentsOf path: String, displayName: String? = nil, profile: Profile)
    -> LayoutLoadResult
  {
    load(contentsOf: InputPath(path), displayName: displayName ?? path, profile: profile)
  }

  /// Reads the layout file at `path` (any bytes), named `displayName`, or
  /// when nil as `path` shows (``InputPath/description``).
  public static func load(contentsOf path: InputPath, displayName: String? = nil, profile: Profile)
    -> LayoutLoadResult
  {
    let name = displayName ?? path.description
    do {
      return load(bytes: try path.readAll(), file: name, profile: profile)
    } catch {
      return failure(SourceText.unreadable(name, reason: error.reason))
    }
  }

  private static func failure(_ diagnostic: Diagnostic) -> LayoutLoadResult {
    failure([diagnostic])
  }

  private static func failure(_ diagnostics: [Diagnostic]) -> LayoutLoadResult {
    LayoutLoadResult(layout: nil, errors: diagnostics, findings: [])
  }
}
