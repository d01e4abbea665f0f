/// One problem found in an input file, located by line and column.
///
/// Printed as `file:line:column: message`, the form editors and CI
/// annotations understand: `layouts/tabs.yml:14:9: unknown key 'cornerRadus'
/// (did you mean 'cornerRadius'?)`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file as given (relative when possible).
  public var file: String
  /// 1-based line; 0 when unknown.
  public var line: Int
  /// 1-based column; 0 when unknown.
  public var column: Int
  public var message: String

  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    if line > 0 { return "\(file):\(line):\(column): \(message)" }
    return "\(file): \(message)"
  }
}

/// Every problem of one input file, reported at once.
public struct DiagnosticList: Error, Sendable, Hashable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
