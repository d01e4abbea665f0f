import ContrastCore
import Foundation
import Testing

/// End-to-end: `glass-audit calibrate` on capture folders and measurement
/// files, and the profile it writes used by `run` and `fidelity`.
@Suite(.serialized) struct CalibrateCommandTests {
  static let layout = """
    version: 1
    layout: capture
    title: Capture
    canvas: {width: 120, height: 80, scale: 1}
    elements:
      - id: bar
        material: glass.regular
        frame: {x: 6, y: 5, width: 108, height: 30}
        shape: roundedRect
        cornerRadius: 10
        content:
          - id: title
            kind: text
            color: label
            frame: {x: 12, y: 8, width: 44, height: 14}
      - id: pill
        material: glass.regular
        frame: {x: 6, y: 44, width: 64, height: 30}
        shape: capsule
    """

  /// A wallpaper with a luma ramp, colour and stripes, 8-bit.
  static let wallpaper: [UInt8] = (0..<(80 * 120)).flatMap { i -> [UInt8] in
    let x = Double(i % 120)
    let y = Double(i / 120)
    let ramp = min(max(1.3 * x / 119 - 0.15, 0), 1)
    let stripes = 0.15 * sin(x * 0.9 + y * 0.35)
    return [ramp + stripes, ramp - stripes, 1 - ramp + 0.5 * stripes].map {
      UInt8((min(max($0, 0), 1) * 255).rounded())
    }
  }

  /// The screenshot of `layout` over `wallpaper` drawn by the tool's model
  /// with `truth` (light, normal, default setting), rounded to 8 bits.
  static func screenshot(truth: Profile, layoutText: String = layout) throws -> [UInt8] {
    let layout = try #require(
      LayoutLoader.load(text: layoutText, file: "l.yml", profile: truth).layout)
    let image = RGBImage(width: 120, height: 80, samples: wallpaper.map { Float($0) / 255 })
    let canvas = WallpaperCanvas(wallpaperID: "w", image: image, canvas: layout.canvas)
    var out = image.samples.map(Double.init)
    for (element, rendering) in truth.renderedElements(
      of: layout, appearance: .light, mode: .normal)
    {
      let source = canvas.backdrop(of: element, rendering: rendering)
      let model = BackgroundEvaluator(rendering)
      let g = source.blurred?.samples ?? []
      let r = source.mask.rect
      g.withUnsafeBufferPointer { g in
        for y in r.y..<r.maxY {
          for x in r.x..<r.maxX {
            let code = source.mask.code(x: x, y: y)
            guard code != 0 else { continue }
            let k = 3 * (y * 120 + x)
            let wp = RGB(r: out[k], g: out[k + 1], b: out[k + 2])
            let c = model.background(
              backdrop: source.backdrop(x: x, y: y, wallpaper: wp, code: code, blurred: g),
              wallpaper: wp, code: code)
            (out[k], out[k + 1], out[k + 2]) = (c.r, c.g, c.b)
          }
        }
      }
    }
    return out.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
  }

  /// ios27 with light regular glass's white and black changed.
  static func truth() throws -> Profile {
    var p = try ProfileLoader.loadDefault()
    p.materials["glass.regular"]!.light.white = 1.07
    p.materials["glass.regular"]!.light.black = 0.47
    return p
  }

  func writeCapture(
    _ h: CLIHarness, _ folder: String, screenshot: [UInt8], width: Int = 120, height: Int = 80
  )
    throws
  {
    try h.write(
      "\(folder)/wallpaper.png",
      bytes: PNGEncoder.encodeRGB8(width: 120, height: 80, pixels: Self.wallpaper))
    try h.write(
      "\(folder)/screenshot.png",
      bytes: PNGEncoder.encodeRGB8(width: width, height: height, pixels: screenshot))
    try h.write("\(folder)/layout.yml", Self.layout)
  }

  @Test func capturesGiveAProfileThatRunAndFidelityAccept() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try writeCapture(h, "cap", screenshot: Self.screenshot(truth: Self.truth()))
    let args = [
      "calibrate", "cap", "--material", "glass.regular", "--appearance", "light", "--out",
      "team.yml",
    ]
    let r = try h.run(args)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout.contains("calibrate glass.regular light, normal mode, Liquid Glass 0.5 over ios27"))
    #expect(r.stdout.contains("faces read at least 3 pt inside each element's outline"))
    #expect(r.stdout.contains("cap    bar"))
    #expect(r.stdout.contains("wrote team.yml (profile team"))
    let written = try h.read("team.yml")
    let profile = try ProfileLoader.mergedOverDefault(override: written, overrideFile: "team.yml")
    let light = profile.materials["glass.regular"]!.light
    #expect(abs(light.white.value(shortSideInPoints: 30, liquidGlass: 0.5) - 1.07) < 0.01)
    #expect(abs(light.black.value(shortSideInPoints: 30, liquidGlass: 0.5) - 0.47) < 0.005)
    // Same inputs, same bytes.
    try h.write("team.yml", "")
    let again = try h.run(args)
    #expect(again.stdout == r.stdout)
    #expect(try h.read("team.yml") == written)

    let fidelity = try h.run([
      "fidelity", "--profile", "team.yml", "--measurements",
      CLIHarness.packageRoot.appendingPathComponent("fidelity/ios27-measurements.csv").path,
    ])
    #expect(fidelity.status == 0, "\(fidelity.stderr)")
    #expect(fidelity.stdout.contains("profile team: 126 measurements"))
    try h.write("layouts/capture.yml", Self.layout)
    try h.write(
      "wallpapers/w.png",
      bytes: PNGEncoder.encodeRGB8(width: 120, height: 80, pixels: Self.wallpaper))
    let run = try h.run([
      "run", "--layouts", "layouts", "--wallpapers", "wallpapers", "--profile", "team.yml",
      "--out", "reports", "--format", "json", "--deterministic", "--quiet",
    ])
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    #expect(try h.read("reports/report.json").contains("\"profile\": \"team\""))
  }

  @Test func aScreenshotOfAnotherScaleExitsTwoAndWritesNothing() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    try writeCapture(
      h, "cap", screenshot: [UInt8](repeating: 128, count: 3 * 240 * 160), width: 240, height: 160)
    try h.write("team.yml", "old\n")
    let r = try h.run([
      "calibrate", "cap", "--material", "glass.regular", "--appearance", "light", "--out",
      "team.yml",
    ])
    #expect(r.status == 2)
    #expect(r.stderr.contains("error: cap/screenshot.png: the screenshot is 240 x 160 px"))
    #expect(r.stderr.contains("another device scale"))
    #expect(try h.read("team.yml") == "old\n")
  }

  @Test func dataTheModelCannotReproduceExitTwoAndWriteNothing() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let noise = (0..<(3 * 120 * 80)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
    try writeCapture(h, "cap", screenshot: noise)
    let r = try h.run([
      "calibrate", "cap", "--material", "glass.regular", "--appearance", "light", "--out",
      "team.yml",
    ])
    #expect(r.status == 2)
    #expect(r.stderr.contains("error: cap: the best fit leaves"))
    #expect(!h.exists("team.yml"))
  }

  @Test func measurementsReproduceAndPrintTheFidelityTable() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let csv = CLIHarness.packageRoot.appendingPathComponent("fidelity/ios27-measurements.csv").path
    try h.write("m.csv", try String(contentsOfFile: csv, encoding: .utf8))
    let r = try h.run([
      "calibrate", "m.csv", "--material", "thin", "--appearance", "dark", "--out", "thin.yml",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("the written profile on m.csv, as `glass-audit fidelity` prints it:"))
    #expect(r.stdout.contains("profile thin: 8 measurements from m.csv"))
    #expect(r.stdout.contains("thin      dark        -           8  0.30  0.71"))
    #expect(r.stdout.contains("plateShare: only (1 - plateShare) saturation"))
    #expect(try h.read("thin.yml").contains("  measurements: \"m.csv\""))
  }

  @Test func namesFromInputsAreEscaped() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let folder = "cap\u{1B}[31m"
    try writeCapture(
      h, folder, screenshot: [UInt8](repeating: 1, count: 3 * 130 * 70), width: 130, height: 70)
    let r = try h.run([
      "calibrate", folder, "--material", "glass.regular", "--appearance", "light", "--out", "t.yml",
    ])
    #expect(r.status == 2)
    #expect(!r.stderr.contains("\u{1B}[31m"))
    #expect(r.stderr.contains("cap\\u{1b}[31m/screenshot.png"))
  }

  @Test func aMissingInputAndAMissingOutAreRefused() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let missing = try h.run([
      "calibrate", "nowhere", "--material", "glass.regular", "--appearance", "light", "--out",
      "t.yml",
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("error: nowhere: no such capture folder or measurements file"))
    let usage = try h.run([
      "calibrate", "nowhere", "--material", "glass.regular", "--appearance", "light",
    ])
    #expect(usage.status == 64)
  }

  /// One file for every calibration: --profile starts from an earlier one
  /// and keeps its overrides.
  @Test func calibrationsAccumulateInOneFile() throws {
    let h = try CLIHarness()
    defer { h.remove() }
    let csv = CLIHarness.packageRoot.appendingPathComponent("fidelity/ios27-measurements.csv").path
    try h.write("m.csv", try String(contentsOfFile: csv, encoding: .utf8))
    let common = ["calibrate", "m.csv", "--material", "glass.regular", "--out", "team.yml"]
    #expect(try h.run(common + ["--appearance", "light"]).status == 0)
    let dark = try h.run(common + ["--appearance", "dark", "--profile", "team.yml"])
    #expect(dark.status == 0, "\(dark.stderr)")
    #expect(dark.stdout.contains("over team: 6 rows from m.csv"))
    let text = try h.read("team.yml")
    #expect(text.contains("# Laid over the overrides of team.yml"))
    let profile = try ProfileLoader.mergedOverDefault(override: text, overrideFile: "team.yml")
    for appearance in ["light", "dark"] {
      let path = "materials.glass.regular.\(appearance).black.table[2][1]"
      #expect(
        profile.provenance[path]?.source.hasPrefix("calibrated from m.csv") == true, "\(path)")
    }
    #expect(profile.fitResiduals.map(\.appearance) == [.light, .dark])
    let ios26 = try h.run(common + ["--appearance", "dark", "--profile", "ios26"])
    #expect(ios26.status == 2)
    #expect(ios26.stderr.contains("--profile takes ios27 or such a file"))
  }
}
