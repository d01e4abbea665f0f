/// The largest values a layout may hold (README, "Limits"). A value beyond
/// one is a layout error at its `file:line:column`: no id, title or text
/// can make a report grow without bound, and no frame or size is larger
/// than what a screen can be.
public enum LayoutLimits {
  /// The longest layout, element or item id, in characters (Unicode
  /// scalars).
  public static let maximumIDLength = 100
  /// The longest layout title, in characters.
  public static let maximumTitleLength = 200
  /// The longest `text` of an item, in characters.
  public static let maximumTextLength = 1_000
  /// The largest distance from the origin of any frame edge, and the
  /// largest width, height, corner radius or border, in points: the
  /// largest canvas (`Canvas.maximumSideInPixels`) at scale 1.
  public static let maximumPoints = Double(Canvas.maximumSideInPixels)
  /// The largest text size, in points.
  public static let maximumTextSizeInPoints = 1_000.0
}
