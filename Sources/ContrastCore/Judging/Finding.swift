/// A lint finding: something about a layout, profile or wallpaper that a
/// person should know, which is not a contrast result and not an error.
///
/// Its rule (`Rule`, category `.lint`) names the kind of finding in every
/// report.
public struct Finding: Sendable, Hashable, Codable {
  public var rule: Rule
  public var layout: String?
  public var element: String?
  public var item: String?
  public var wallpaper: String?
  public var message: String
  /// The input file the finding is about (as given, relative when possible).
  public var file: String?
  /// 1-based line in `file`, when known.
  public var line: Int?

  public init(
    rule: Rule, layout: String? = nil, element: String? = nil, item: String? = nil,
    wallpaper: String? = nil, message: String, file: String? = nil, line: Int? = nil
  ) {
    self.rule = rule
    self.layout = layout
    self.element = element
    self.item = item
    self.wallpaper = wallpaper
    self.message = message
    self.file = file
    self.line = line
  }
}
