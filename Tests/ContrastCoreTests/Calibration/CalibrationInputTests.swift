import Foundation
import Testing

@testable import ContrastCore

/// Bad input (issue 13, item 4): each a clear error naming the file and the
/// reason, never a crash or a profile.
@Suite struct CalibrationInputTests {
  static let target = CalibrationTarget(material: "glass.regular", appearance: .light)

  static func base() throws -> Profile { try ProfileLoader.loadDefault() }

  /// A good capture of ios27's own glass over a photo, to spoil.
  static func capture(layout: Layout? = nil) throws -> Capture {
    CaptureSynthesis.capture(
      name: "cap", wallpaper: CaptureSynthesis.photo(seed: 3), truth: try base(), target: target,
      seed: 5, layout: layout)
  }

  /// The one error `inputs` give.
  static func error(
    _ inputs: [CalibrationInput], target: CalibrationTarget = target,
    options: CalibrationOptions = CalibrationOptions()
  ) throws -> Diagnostic {
    let base = try base()
    do {
      _ = try Calibration.calibrate(inputs, target: target, base: base, options: options)
    } catch {
      #expect(error.diagnostics.count == 1)
      return try #require(error.diagnostics.first)
    }
    Issue.record("calibration succeeded")
    return Diagnostic(file: "", line: 0, column: 0, message: "")
  }

  @Test func aWallpaperOfAnotherShapeThanTheScreenshotIsRefused() throws {
    var c = try Self.capture()
    c.wallpaper = CaptureSynthesis.photo(width: 100, height: 80, seed: 3)
    let e = try Self.error([.capture(c)])
    #expect(e.file == "cap/wallpaper.png")
    #expect(e.message.contains("mismatched sizes: the wallpaper is 100 x 80 px"))
    #expect(e.message.contains("cap/screenshot.png 120 x 80 px"))
  }

  @Test func aWallpaperOfTheSameShapeAtAnotherSizeIsPlacedAsRunPlacesIt() throws {
    var c = try Self.capture()
    c.wallpaper = CaptureSynthesis.flat(RGB(gray: 0.5), width: 240, height: 160)
    c.screenshot = CaptureSynthesis.screenshot(
      wallpaper: c.wallpaper, layout: c.layout, truth: try Self.base(), target: Self.target,
      seed: 2)
    let result = try Calibration.calibrate([.capture(c)], target: Self.target, base: Self.base())
    #expect(result.samples > 0)
  }

  @Test func aScreenshotOfAnotherDeviceScaleIsRefused() throws {
    var c = try Self.capture()
    c.screenshot = CaptureSynthesis.flat(RGB(gray: 0.5), width: 240, height: 160)
    let e = try Self.error([.capture(c)])
    #expect(e.file == "cap/screenshot.png")
    #expect(e.message.contains("240 x 160 px: the layout's canvas (120 x 80 pt) at scale 2"))
    #expect(e.message.contains("cap/layout.yml gives scale 1"))
    #expect(e.message.contains("another device scale"))
  }

  @Test func aScreenshotOfAnotherScreenIsRefused() throws {
    var c = try Self.capture()
    c.screenshot = CaptureSynthesis.flat(RGB(gray: 0.5), width: 130, height: 70)
    let e = try Self.error([.capture(c)])
    #expect(e.file == "cap/screenshot.png")
    #expect(e.message.contains("130 x 70 px, but the canvas of cap/layout.yml is 120 x 80 px"))
  }

  @Test func anElementOffScreenIsRefusedWithItsLine() throws {
    var layout = CaptureSynthesis.layout(material: "glass.regular")
    layout.elements[2].frame = RectInPoints(x: 130, y: 10, width: 30, height: 30)
    let e = try Self.error([.capture(try Self.capture(layout: layout))])
    #expect(e.file == "cap/layout.yml")
    #expect(e.line == 16)
    #expect(e.message.contains("element 'dot' is off-screen"))
  }

  @Test func anElementWithoutUsablePixelIsRefused() throws {
    var layout = CaptureSynthesis.layout(material: "glass.regular")
    // Its content covers the whole face.
    layout.elements[1].content = [
      ContentItem(
        id: "label", kind: .text, color: .same("label"),
        frame: RectInPoints(x: 0, y: 0, width: 64, height: 30))
    ]
    let e = try Self.error([.capture(try Self.capture(layout: layout))])
    #expect(e.file == "cap/layout.yml")
    #expect(e.line == 12)
    #expect(e.message.contains("element 'pill' has no usable pixel"))
    #expect(e.message.contains("3 pt inside its outline"))
  }

  @Test func aLayoutWithoutTheMaterialIsRefused() throws {
    let e = try Self.error(
      [.capture(try Self.capture())],
      target: CalibrationTarget(material: "thin", appearance: .light))
    #expect(e.file == "cap/layout.yml")
    #expect(e.message.contains("no element is drawn with thin in normal mode"))
    #expect(e.message.contains("'bar' (glass.regular)"))
  }

  @Test func aFitThatDoesNotConvergeIsRefused() throws {
    var options = CalibrationOptions()
    options.maximumIterations = 1
    let e = try Self.error([.capture(try Self.capture())], options: options)
    #expect(e.file == "cap")
    #expect(e.message.contains("the fit did not converge after 1 Levenberg-Marquardt steps"))
  }

  @Test func dataTheModelCannotReproduceAreRefused() throws {
    var c = try Self.capture()
    var g = CaptureSynthesis.Generator(state: 9)
    c.screenshot.samples = c.screenshot.samples.map { _ in Float(g.uniform()) }
    let e = try Self.error([.capture(c)])
    #expect(e.file == "cap")
    #expect(e.message.contains("the best fit leaves"))
    #expect(e.message.contains("levels rms (the limit is 8.00)"))
  }

  @Test func measurementsWithoutARowOfTheTargetAreRefused() throws {
    let table = CalibrationMeasurements(
      file: "m.csv",
      measurements: [
        FidelityMeasurement(
          line: 2, source: "T", material: "glass.regular", appearance: .dark, setting: 0.5,
          widthInPoints: 48, heightInPoints: 48, backdrop: [0, 0, 0], observed: [32, 32, 32])
      ])
    let e = try Self.error([.measurements(table)])
    #expect(e.file == "m.csv")
    #expect(
      e.message.contains("no row measures glass.regular light in normal mode, Liquid Glass 0.5"))
  }

  @Test func anUnknownMaterialIsRefusedWithASuggestion() throws {
    let e = try Self.error(
      [.capture(try Self.capture())],
      target: CalibrationTarget(material: "glass.reglar", appearance: .light))
    #expect(e.message.contains("unknown material 'glass.reglar' (did you mean 'glass.regular'?)"))
  }

  @Test func theModeColumnIsReadAndAnUnknownModeNamed() throws {
    let header =
      "material,appearance,glassTint,shapeWidthPt,shapeHeightPt,backdropR,backdropG,backdropB,"
      + "observedR,observedG,observedB,mode\n"
    let table = try CalibrationMeasurements(
      text: header + "thin,dark,,,,0,0,0,32,32,32,\n"
        + "thin,dark,,,,0,0,0,30,30,30,increaseContrast\n",
      file: "m.csv")
    #expect(table.modes == [.normal, .increaseContrast])
    do {
      _ = try CalibrationMeasurements(
        text: header + "thin,dark,,,,0,0,0,32,32,32,increasContrast\n", file: "m.csv")
      Issue.record("an unknown mode was read")
    } catch {
      #expect(
        error.description
          == "m.csv:2:1: mode: unknown mode 'increasContrast' (did you mean "
          + "'increaseContrast'?); expected normal, reduceTransparency, increaseContrast, "
          + "reduceTransparency+increaseContrast or nothing (normal)")
    }
  }

  @Test func aCaptureFolderMissingAFileIsRefusedNamingIt() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "calibrate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(
      PNGEncoder.encodeRGB8(width: 2, height: 2, pixels: [UInt8](repeating: 9, count: 12))
    ).write(to: dir.appendingPathComponent("wallpaper.png"))
    let base = try Self.base()
    do {
      _ = try CaptureLoader.load(folder: dir.path, profile: base)
      Issue.record("loaded")
    } catch {
      #expect(error.diagnostics.first?.file == dir.path + "/screenshot.png")
      #expect(error.diagnostics.first?.message.hasPrefix("missing: a capture folder holds") == true)
    }
  }

  /// Calibration cannot fit a vibrancy tint's matrix (issue 30): with a
  /// vibrant item on the glass it says so, and keeps the profile's numbers.
  @Test func aVibrantItemIsNotFittedAndSaysSo() throws {
    var layout = CaptureSynthesis.layout(material: Self.target.material)
    layout.elements[0].content[0].vibrant = true
    let result = try Calibration.calibrate(
      [.capture(try Self.capture(layout: layout))], target: Self.target, base: try Self.base())
    let note = try #require(result.kept.first { $0.reason.contains("vibrancy") })
    #expect(
      note.reason.contains(
        "calibrate cannot fit a vibrancy tint's matrix from captures yet"))
    #expect(note.reason.contains("the 1 vibrant item included"))
    // Without one, no such note.
    let plain = try Calibration.calibrate(
      [.capture(try Self.capture())], target: Self.target, base: try Self.base())
    #expect(!plain.kept.contains { $0.reason.contains("vibrancy") })
  }

  @Test func noInputIsRefused() throws {
    let e = try Self.error([])
    #expect(e.message == "nothing to calibrate: give capture folders or measurement files")
  }
}
