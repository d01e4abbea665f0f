import Foundation

/// A team's capture of one screen for `glass-audit calibrate` (SPEC §3.7):
/// the wallpaper the screen shows, the screenshot of that screen with glass
/// over it (`xcrun simctl io booted screenshot`), and the layout naming the
/// glass elements on it.
public struct Capture: Sendable {
  /// The capture's name in messages and sources (its folder, as given).
  public var name: String
  /// The three files as messages name them.
  public var wallpaperFile: String
  public var screenshotFile: String
  public var layoutFile: String
  /// The wallpaper as decoded (8-bit sRGB as floats); placed on the
  /// layout's canvas exactly as `run` places it.
  public var wallpaper: RGBImage
  /// The screenshot, canvas-sized.
  public var screenshot: RGBImage
  public var layout: Layout

  public init(
    name: String, wallpaperFile: String, screenshotFile: String, layoutFile: String,
    wallpaper: RGBImage, screenshot: RGBImage, layout: Layout
  ) {
    self.name = name
    self.wallpaperFile = wallpaperFile
    self.screenshotFile = screenshotFile
    self.layoutFile = layoutFile
    self.wallpaper = wallpaper
    self.screenshot = screenshot
    self.layout = layout
  }
}

/// Reads capture folders: `wallpaper.png`, `screenshot.png` and one layout,
/// `layout.yml` (or `layout.yaml`, `layout.json`).
public enum CaptureLoader {
  public static let wallpaperName = "wallpaper.png"
  public static let screenshotName = "screenshot.png"
  /// The layout's possible names, in the order they are looked for.
  public static let layoutNames = ["layout.yml", "layout.yaml", "layout.json"]

  /// The capture in `folder`; its layout is read against `profile` (device
  /// presets, materials, colours).
  ///
  /// - Throws: a missing or unreadable file, a PNG that does not decode, a
  ///   screenshot with translucent pixels, or every problem of the layout;
  ///   each message names its file.
  public static func load(
    folder: String, profile: Profile, pixelLimit: Int = PNGDecoder.defaultPixelLimit
  ) throws(DiagnosticList) -> Capture {
    func path(_ name: String) -> String {
      folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
    }
    func failure(_ file: String, _ message: String) -> DiagnosticList {
      DiagnosticList([Diagnostic(file: file, line: 0, column: 0, message: message)])
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw failure(
        folder,
        "not a capture folder (expected a folder holding \(wallpaperName), \(screenshotName) and "
          + "\(layoutNames[0]), or a measurements .csv file)")
    }
    let contents =
      "a capture folder holds \(wallpaperName), \(screenshotName) and \(layoutNames[0])"
    for name in [wallpaperName, screenshotName]
    where !FileManager.default.fileExists(atPath: path(name)) {
      throw failure(path(name), "missing: \(contents)")
    }
    guard
      let layoutName = layoutNames.first(where: { FileManager.default.fileExists(atPath: path($0)) }
      )
    else {
      throw failure(path(layoutNames[0]), "missing: \(contents)")
    }
    let wallpaperFile = path(wallpaperName)
    let screenshotFile = path(screenshotName)
    let layoutFile = path(layoutName)
    let wallpaper: DecodedPNG
    let screenshot: DecodedPNG
    do {
      wallpaper = try PNGDecoder.decode(contentsOf: wallpaperFile, pixelLimit: pixelLimit)
      screenshot = try PNGDecoder.decode(contentsOf: screenshotFile, pixelLimit: pixelLimit)
    } catch {
      let message: String
      switch error {
      case .unreadable(_, let reason): message = "cannot read the file: \(reason)"
      case .decode(_, let reason): message = "cannot decode the PNG: \(reason)"
      default: message = error.description
      }
      throw failure(error.file, message)
    }
    if screenshot.hadTransparency {
      throw failure(
        screenshotFile,
        "the screenshot has translucent pixels; a screenshot of the screen is opaque "
          + "(`xcrun simctl io booted screenshot` writes one)")
    }
    let loaded = LayoutLoader.load(contentsOf: layoutFile, profile: profile)
    guard let layout = loaded.layout else { throw DiagnosticList(loaded.errors) }
    return Capture(
      name: folder, wallpaperFile: wallpaperFile, screenshotFile: screenshotFile,
      layoutFile: layoutFile, wallpaper: wallpaper.image, screenshot: screenshot.image,
      layout: layout)
  }
}

/// The face of one element of a capture: where calibration reads it.
struct CaptureFace {
  var element: Element
  var rendering: ElementRendering
  /// The element frame's pixels on the canvas (the rectangle its blurs cover).
  var rect: PixelRect
  /// The usable pixels, as canvas indices `y * width + x`, row-major.
  var pixels: [Int]
  /// How far inside the outline the face is read, pt.
  var marginInPoints: Double
}

extension Capture {
  /// The wallpaper placed on the layout's canvas as `run` places it
  /// (aspect-fill, SPEC §2.1), after checking that the screenshot is that
  /// canvas and that the wallpaper fills it without cropping.
  ///
  /// - Throws: a screenshot of another size or device scale, a wallpaper of
  ///   another shape than the screenshot.
  func placedWallpaper() throws(DiagnosticList) -> WallpaperCanvas {
    let canvas = layout.canvas
    let width = canvas.widthInPixels
    let height = canvas.heightInPixels
    func failure(_ file: String, _ message: String) -> DiagnosticList {
      DiagnosticList([Diagnostic(file: file, line: 0, column: 0, message: message)])
    }
    let shot = (screenshot.width, screenshot.height)
    let points =
      "\(Self.number(canvas.widthInPoints)) x \(Self.number(canvas.heightInPoints)) pt"
    if shot != (width, height) {
      let scaleX = Double(shot.0) / canvas.widthInPoints
      let scaleY = Double(shot.1) / canvas.heightInPoints
      if abs(scaleX - scaleY) * canvas.heightInPoints < 1, shot.0 > 0 {
        throw failure(
          screenshotFile,
          "the screenshot is \(shot.0) x \(shot.1) px: the layout's canvas (\(points)) at scale "
            + "\(Self.number(scaleX.rounded() == scaleX ? scaleX : (scaleX * 100).rounded() / 100)), "
            + "but \(layoutFile) gives scale \(Self.number(canvas.scale)) (\(width) x \(height) px): "
            + "a screenshot of another device scale; take it on the layout's device, or give the "
            + "layout that device")
      }
      throw failure(
        screenshotFile,
        "the screenshot is \(shot.0) x \(shot.1) px, but the canvas of \(layoutFile) is "
          + "\(width) x \(height) px (\(points) at scale \(Self.number(canvas.scale))): the "
          + "screenshot and the layout must be of the same screen")
    }
    guard wallpaper.width > 0, wallpaper.height > 0 else {
      throw failure(wallpaperFile, "the wallpaper has no pixel")
    }
    let s = max(Double(width) / Double(wallpaper.width), Double(height) / Double(wallpaper.height))
    let crop = max(
      Double(wallpaper.width) * s - Double(width), Double(wallpaper.height) * s - Double(height))
    if crop > 1 {
      throw failure(
        wallpaperFile,
        "mismatched sizes: the wallpaper is \(wallpaper.width) x \(wallpaper.height) px and "
          + "\(screenshotFile) \(width) x \(height) px; placed as `run` places it (aspect-fill) "
          + "the wallpaper would lose \(Int(crop.rounded())) px to cropping, so the screenshot "
          + "cannot be of it: capture the wallpaper at the screenshot's size")
    }
    let placed = Placement.aspectFill(wallpaper, canvasWidth: width, canvasHeight: height)
    return WallpaperCanvas(wallpaperID: name, image: placed, canvas: canvas)
  }

  /// The faces to read: every element drawn with `target`'s material in its
  /// mode, each read at least `faceMargin` pt inside its outline (and 1 pt
  /// inside any border band the mode draws), `contentMargin` pt clear of its
  /// content items' frames, and `faceMargin` pt clear of every other
  /// element's frame.
  ///
  /// - Throws: no element of the material, an element off the canvas, an
  ///   element with no usable pixel (each naming the layout file and line).
  func faces(
    target: CalibrationTarget, profile: Profile, faceMargin: Double, contentMargin: Double
  ) throws(DiagnosticList) -> [CaptureFace] {
    let canvas = layout.canvas
    let scale = canvas.scale
    let width = canvas.widthInPixels
    let height = canvas.heightInPixels
    let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    var faces: [CaptureFace] = []
    var problems: [Diagnostic] = []
    for element in layout.elements {
      guard
        let rendering = try? profile.rendering(
          of: element, appearance: target.appearance, mode: target.mode, scale: scale,
          liquidGlass: target.liquidGlass),
        case .material = rendering.surface, rendering.materialName == target.material
      else { continue }
      let named = "element '\(element.id)'"
      let frameRect = ShapeMask.pixelRect(of: element.frame, scale: scale)
      let rect = frameRect.intersection(whole)
      if rect.isEmpty {
        let f = element.frame
        problems.append(
          Diagnostic(
            file: layoutFile, line: element.line, column: 1,
            message:
              "\(named) is off-screen: its frame (x \(Self.number(f.x)), y \(Self.number(f.y)), "
              + "\(Self.number(f.width)) x \(Self.number(f.height)) pt) lies outside the canvas "
              + "\(Self.number(canvas.widthInPoints)) x \(Self.number(canvas.heightInPoints)) pt"))
        continue
      }
      let border = rendering.borderWidthInPixels / scale
      let margin = max(faceMargin, border > 0 ? border + 1 : 0)
      let mask = ShapeMask(
        frame: element.frame, shape: element.shape, borderInPixels: margin * scale, scale: scale,
        canvasWidth: width, canvasHeight: height)
      let content = element.content.map {
        Self.grown($0.frame.offsetBy(dx: element.frame.x, dy: element.frame.y), by: contentMargin)
      }
      let others = layout.elements.filter { $0 != element }.map {
        Self.grown($0.frame, by: faceMargin)
      }
      let blockers = content + others
      var pixels: [Int] = []
      for j in 0..<mask.rect.height {
        let y = mask.rect.y + j
        let py = (Double(y) + 0.5) / scale
        for i in 0..<mask.rect.width where mask.codes[j * mask.rect.width + i] == 1 {
          let x = mask.rect.x + i
          let px = (Double(x) + 0.5) / scale
          let blocked = blockers.contains {
            $0.x <= px && px < $0.maxX && $0.y <= py && py < $0.maxY
          }
          if !blocked { pixels.append(y * width + x) }
        }
      }
      if pixels.isEmpty {
        problems.append(
          Diagnostic(
            file: layoutFile, line: element.line, column: 1,
            message:
              "\(named) has no usable pixel: no pixel centre of its face lies \(Self.number(margin)) "
              + "pt inside its outline (the rim iOS draws lies within 1.5 pt of it), "
              + "\(Self.number(contentMargin)) pt clear of its content and \(Self.number(faceMargin)) "
              + "pt clear of other elements, on the screen"))
        continue
      }
      faces.append(
        CaptureFace(
          element: element, rendering: rendering, rect: rect, pixels: pixels,
          marginInPoints: margin))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    if faces.isEmpty {
      let listed = layout.elements.map { "'\($0.id)' (\($0.material))" }.joined(separator: ", ")
      throw DiagnosticList([
        Diagnostic(
          file: layoutFile, line: 0, column: 0,
          message:
            "no element is drawn with \(target.material) in \(target.mode.rawValue) mode"
            + (listed.isEmpty ? "" : "; its elements: \(listed)"))
      ])
    }
    return faces
  }

  static func grown(_ r: RectInPoints, by d: Double) -> RectInPoints {
    RectInPoints(x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d)
  }

  /// A number as messages write it: no trailing `.0`.
  static func number(_ v: Double) -> String { JSONValue.format(v) }
}
