/// A lint finding: something about a layout, profile or wallpaper that a
/// person should know, which is not a contrast result and not an error.
///
/// Rules (stable ids, used in every report):
/// - `content-outside-element`: an item's frame reaches outside its element's shape.
/// - `glass-on-glass`: two glass elements overlap (the seeds forbid stacking).
/// - `target-size`: an interactive element is smaller than 44x44 pt.
/// - `tint-on-none`: a tint on `material: none` (ignored).
/// - `no-color`: an item has no colour in an appearance (no result row for it).
/// - `no-pixels`: an item's frame holds no pixel centre (no result row for it).
/// - `never-passes`: an item cannot pass on any wallpaper (bounds, §3.5).
/// - `always-passes`: an item passes whatever the wallpaper shows.
/// - `transparent-wallpaper`: a wallpaper had translucent pixels, flattened over black.
public struct Finding: Sendable, Hashable, Codable {
  public var rule: String
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
    rule: String, layout: String? = nil, element: String? = nil, item: String? = nil,
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
