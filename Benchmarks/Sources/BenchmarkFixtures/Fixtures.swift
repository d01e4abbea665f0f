import ContrastCore
import Foundation
import Yams

/// The repository's bundled inputs, found from this file's place in the tree
/// (`Benchmarks/Sources/BenchmarkFixtures/Fixtures.swift`), so the benchmarks
/// run from any working directory.
public enum Fixtures {
  /// The root of the glass-audit repository.
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The phone-size canvas the blur benchmarks use (iPhone 16 Pro Max / 15 Pro Max, 3x).
  public static let canvasWidth = 1290
  public static let canvasHeight = 2796

  /// `root/relative`.
  public static func path(_ relative: String) -> String {
    (root as NSString).appendingPathComponent(relative)
  }

  /// The decoded wallpaper `wallpapers/<name>.png`; stops the benchmark when it
  /// cannot be read (a missing fixture is a broken checkout, not a measurement).
  public static func wallpaper(_ name: String) -> RGBImage {
    let file = path("wallpapers/\(name).png")
    do {
      return try PNGDecoder.decode(contentsOf: file).image
    } catch {
      fatalError("cannot decode \(file): \(error)")
    }
  }

  /// The default profile (`profiles/ios26.yml`, embedded in ContrastCore).
  public static func profile() -> Profile {
    do {
      return try ProfileLoader.loadDefault()
    } catch {
      fatalError("cannot load the default profile: \(error)")
    }
  }

  /// The layout `layouts/<name>.yml`.
  public static func layout(_ name: String, profile: Profile) -> Layout {
    let file = path("layouts/\(name).yml")
    let result = LayoutLoader.load(contentsOf: file, profile: profile)
    guard let layout = result.layout else {
      fatalError("cannot load \(file): \(result.errors)")
    }
    return layout
  }

  /// Every layout in `layouts/`, in file-name order.
  public static func allLayouts(profile: Profile) -> [Layout] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path("layouts"))) ?? []
    return names.filter { $0.hasSuffix(".yml") }.sorted().map {
      layout(String($0.dropLast(4)), profile: profile)
    }
  }

  /// The wallpapers of `wallpapers/matrix.yml`, decoded when the auditor asks for
  /// them (as `glass-audit run` does), so only the ones being audited are in memory.
  public static func matrix() -> [WallpaperInput] {
    let folder = path("wallpapers")
    let file = (folder as NSString).appendingPathComponent("matrix.yml")
    guard let text = try? String(contentsOfFile: file, encoding: .utf8),
      let root = try? Yams.load(yaml: text) as? [String: Any],
      let entries = root["wallpapers"] as? [[String: Any]]
    else {
      fatalError("cannot read \(file)")
    }
    return entries.map { entry in
      guard let name = entry["file"] as? String else { fatalError("\(file): entry without 'file'") }
      let png = (folder as NSString).appendingPathComponent(name)
      let appearances = (entry["appearances"] as? [String])?.compactMap(Appearance.init(rawValue:))
      return WallpaperInput(
        id: entry["id"] as? String ?? String(name.dropLast(4)),
        category: entry["category"] as? String, file: "wallpapers/\(name)",
        appearances: appearances
      ) {
        let d = try PNGDecoder.decode(contentsOf: png)
        return (d.image, d.hadTransparency)
      }
    }
  }
}
