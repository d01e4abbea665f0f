/// A decoded PNG file: its pixels and what the report should say about it.
public struct DecodedPNG: Sendable, Equatable {
  /// The pixels as gamma-encoded sRGB floats in `[0, 1]`, flattened over
  /// black when the file had transparency.
  public var image: RGBImage
  /// `true` when at least one pixel had alpha below 255 and was therefore
  /// flattened over black (`c * a / 255` on the encoded values).
  public var hadTransparency: Bool
  /// Warnings libpng raised while decoding (for example an ancillary chunk
  /// with a bad CRC that it ignored), in the order seen, without repeats.
  public var warnings: [String]
  /// The name the file was decoded under, used in messages.
  public var name: String

  public init(image: RGBImage, hadTransparency: Bool, warnings: [String], name: String) {
    self.image = image
    self.hadTransparency = hadTransparency
    self.warnings = warnings
    self.name = name
  }
}
