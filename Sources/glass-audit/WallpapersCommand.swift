import ArgumentParser
import ContrastCore
import Foundation

struct WallpapersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wallpapers",
    abstract: "Write the synthetic wallpapers of the matrix as PNG files.",
    discussion: """
      Each wallpaper is written as <id>.png in --out (created if missing), first to \
      .<id>.png.tmp beside it, then renamed over any existing file. The same size \
      always gives the same pixels. The default size, 1206 x 2622, is an iPhone 16 \
      Pro in portrait.
      """
  )

  @Option(help: "Folder to write the PNG files into.")
  var out: String = "wallpapers"

  @Option(help: "Width of each wallpaper in pixels.")
  var width: Int = SyntheticWallpapers.defaultWidth

  @Option(help: "Height of each wallpaper in pixels.")
  var height: Int = SyntheticWallpapers.defaultHeight

  func validate() throws {
    guard (2...16_384).contains(width), (2...16_384).contains(height) else {
      throw ValidationError(
        "--width and --height must be between 2 and 16384 pixels, got \(width) x \(height)")
    }
  }

  func run() throws {
    let folder = URL(fileURLWithPath: out, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw WallpapersCommandError.cannotCreateFolder(out, reason: error.localizedDescription)
    }
    for wallpaper in SyntheticWallpapers.all(width: width, height: height) {
      let png = try PNGEncoder.encodeRGB8(
        width: wallpaper.width, height: wallpaper.height, pixels: wallpaper.rgb8)
      let name = "\(wallpaper.id).png"
      let path = (out as NSString).appendingPathComponent(name)
      try writeAtomically(
        png, to: path, temporary: (out as NSString).appendingPathComponent(".\(name).tmp"))
      Console(quiet: false).out(path)
    }
  }

  /// Writes `bytes` to `temporary`, then renames it to `path`, so a reader
  /// never sees a half-written file.
  private func writeAtomically(_ bytes: [UInt8], to path: String, temporary: String) throws {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    } catch {
      throw WallpapersCommandError.cannotWrite(temporary, reason: error.localizedDescription)
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw WallpapersCommandError.cannotWrite(path, reason: reason)
    }
  }
}

/// Why `glass-audit wallpapers` could not write its files.
enum WallpapersCommandError: Error, CustomStringConvertible {
  case cannotCreateFolder(String, reason: String)
  case cannotWrite(String, reason: String)

  var description: String {
    switch self {
    case .cannotCreateFolder(let path, let reason):
      return "\(path): cannot create folder: \(reason)"
    case .cannotWrite(let path, let reason):
      return "\(path): cannot write: \(reason)"
    }
  }
}
