import ArgumentParser
import ContrastCore
import Foundation

/// `glass-audit calibrate` (SPEC §3.7): fits a material's numbers to a
/// team's own captures or measurements and writes them as a profile that
/// `run --profile` and `fidelity --profile` lay over the default.
struct CalibrateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Fit a material's numbers to your own captures or measurements; write a profile.",
    discussion: """
      Each INPUT is a capture folder (wallpaper.png: the wallpaper the screen shows;
      screenshot.png: the screen with the glass over it, `xcrun simctl io booted
      screenshot`; layout.yml: the layout naming the glass elements) or a
      measurements CSV in the fidelity/ format (an optional `mode` column).
      Captures are placed as `run` places wallpapers, and each element drawn with
      --material is read on its face: at least 3 pt inside its outline (iOS draws
      a rim within 1.5 pt of it) and 2 pt clear of its content. Every usable pixel
      is fitted, so a photo backdrop pins the blur too.

      Normal mode fits the material's numbers (glass: black, white, lumaCap,
      saturation; standard: saturation, stops, brightness, plateShare) and, where
      the backdrop has detail, the narrow blur's sigma and the wide blur's share;
      Reduce Transparency the same without the blur; the Increase Contrast modes
      fit the profile's Increase Contrast rules. Numbers the data cannot pin are
      left as they were, and the output and the profile say why.

      Prints the residuals, the fitted numbers and what was left; writes --out
      (YAML, laid over ios27 by --profile) only when the fit succeeds. With
      --profile FILE (an earlier calibration) the fit starts from that file's
      numbers and --out holds its overrides too, so one file can carry every
      material, appearance, mode and setting a team measured. Exit
      status: 0 written; 2 an input is unreadable or does not fit the target, or
      the fit fails (nothing is written).
      """
  )

  @Argument(help: "Capture folders and measurement CSV files.")
  var inputs: [String]

  @Option(help: "The material to calibrate (glass.regular, glass.clear, ultraThin, thin, ...).")
  var material: String

  @Option(help: "The appearance the data shows: light or dark.")
  var appearance: AppearanceArgument

  @Option(
    help: "The mode the data was taken in: normal, reduceTransparency, increaseContrast or both.")
  var mode: ModeArgument = ModeArgument(mode: .normal)

  @Option(
    name: .customLong("liquid-glass"),
    help:
      "The Liquid Glass setting the data was taken at: clear, default, tinted or a number in [0, 1]."
  )
  var liquidGlass: SettingArgument = SettingArgument(setting: .default)

  @Option(help: "The profile file to write (YAML).")
  var out: String

  @Option(
    help: """
      Start from this override of ios27 (an earlier calibration): its numbers are the starting \
      point, and the file written holds its overrides too. Default: ios27.
      """)
  var profile: String?

  @Option(help: "The profile's name in reports (default: the --out file's name without extension).")
  var name: String?

  @Option(name: .customLong("pixel-limit"), help: "Largest PNG accepted, in pixels.")
  var pixelLimit: Int?

  func validate() throws {
    if let pixelLimit, pixelLimit < 1 {
      throw ValidationError("--pixel-limit must be at least 1, got \(pixelLimit)")
    }
    if Files.isDirectory(out) {
      throw ValidationError(
        "--out must name a file, but '\(CalibrationText.escaped(out))' is a folder")
    }
  }

  func run() throws {
    let console = Console(quiet: false)
    func fail(_ lines: [String]) -> ExitCode {
      for line in lines { console.error("error: " + CalibrationText.escaped(line)) }
      return ExitStatus.inputError
    }
    let target = CalibrationTarget(
      material: material, appearance: appearance.appearance, mode: mode.mode,
      liquidGlass: liquidGlass.setting.value)
    let base: Profile
    var loaded: [CalibrationInput] = []
    var prior: String?
    do {
      if let profile, profile != ProfileLoader.shippedProfileNames[0] {
        guard ProfileLoader.shippedProfileText(profile) == nil else {
          throw DiagnosticList([
            Diagnostic(
              file: profile, line: 0, column: 0,
              message:
                "calibrate writes an override of \(ProfileLoader.shippedProfileNames[0]) (what "
                + "--profile FILE is laid over): --profile takes \(ProfileLoader.shippedProfileNames[0]) "
                + "or such a file")
          ])
        }
        base = try ProfileLoader.mergedOverDefault(contentsOf: profile)
        prior = try Files.read(profile)
      } else {
        base = try ProfileLoader.loadDefault()
      }
      var problems: [Diagnostic] = []
      for input in inputs {
        do {
          if Files.isDirectory(input) {
            loaded.append(
              .capture(
                try CaptureLoader.load(
                  folder: input, profile: base,
                  pixelLimit: pixelLimit ?? PNGDecoder.defaultPixelLimit)))
          } else if Files.exists(input) {
            guard let text = try? Files.read(input) else {
              throw DiagnosticList([
                Diagnostic(
                  file: input, line: 0, column: 0, message: "cannot read the file as UTF-8 text")
              ])
            }
            loaded.append(.measurements(try CalibrationMeasurements(text: text, file: input)))
          } else {
            throw DiagnosticList([
              Diagnostic(
                file: input, line: 0, column: 0,
                message: "no such capture folder or measurements file")
            ])
          }
        } catch let error as DiagnosticList {
          problems += error.diagnostics
        } catch {
          problems.append(Diagnostic(file: input, line: 0, column: 0, message: "\(error)"))
        }
      }
      if !problems.isEmpty { throw DiagnosticList(problems) }
    } catch let error as DiagnosticList {
      throw fail(error.diagnostics.map(\.description))
    } catch {
      throw fail(["\(error)"])
    }
    let result: CalibrationResult
    do {
      result = try Calibration.calibrate(loaded, target: target, base: base)
    } catch {
      throw fail(error.diagnostics.map(\.description))
    }
    print(result.text(), terminator: "")
    guard !result.fitted.isEmpty else {
      throw fail([
        "\(inputs.joined(separator: ", ")): the data pins none of the numbers; no profile written"
      ])
    }
    let profileName =
      name ?? ((out as NSString).lastPathComponent as NSString).deletingPathExtension
    var text = result.profileText(name: profileName)
    let merged: Profile
    do {
      if let prior, let profile {
        text = try CalibrationProfileMerge.combined(
          prior: prior, priorFile: profile, calibrated: text)
      }
      merged = try ProfileLoader.mergedOverDefault(override: text, overrideFile: out)
    } catch {
      throw fail(
        ["\(out): the profile written would not load; nothing written"]
          + error.diagnostics.map(\.description))
    }
    for case .measurements(let table) in loaded {
      let rows = table.measurements(for: target, profile: base)
      guard
        let check = try? Fidelity.evaluate(profile: merged, measurements: rows, file: table.file)
      else { continue }
      print(
        "\nthe written profile on \(CalibrationText.escaped(table.file)), as `glass-audit fidelity` prints it:\n"
      )
      let lines = check.text(file: table.file, tolerance: nil).split(
        separator: "\n", omittingEmptySubsequences: false)
      print(
        lines.map { CalibrationText.escaped(String($0)) }.joined(separator: "\n"), terminator: "")
    }
    do {
      try Files.writeAtomically(text, to: out)
    } catch {
      throw fail(["\(error)"])
    }
    print(
      "\nwrote \(CalibrationText.escaped(out)) (profile \(CalibrationText.escaped(profileName)); use it with --profile \(CalibrationText.escaped(out)))"
    )
  }
}

/// `--appearance light|dark`.
struct AppearanceArgument: ExpressibleByArgument {
  var appearance: Appearance
  init?(argument: String) {
    guard let a = Appearance(rawValue: argument) else { return nil }
    appearance = a
  }
  static var allValueStrings: [String] { Appearance.allCases.map(\.rawValue) }
}

/// `--mode normal|reduceTransparency|increaseContrast|reduceTransparency+increaseContrast`.
struct ModeArgument: ExpressibleByArgument {
  var mode: AccessibilityMode
  init(mode: AccessibilityMode) { self.mode = mode }
  init?(argument: String) {
    guard let m = AccessibilityMode(rawValue: argument) ?? ModeList.alias(argument) else {
      return nil
    }
    mode = m
  }
  var defaultValueDescription: String { mode.rawValue }
  static var allValueStrings: [String] { AccessibilityMode.allCases.map(\.rawValue) }
}

/// `--liquid-glass clear|default|tinted|NUMBER`.
struct SettingArgument: ExpressibleByArgument {
  var setting: LiquidGlassSetting
  init(setting: LiquidGlassSetting) { self.setting = setting }
  init?(argument: String) {
    guard let s = LiquidGlassSetting(parsing: argument) else { return nil }
    setting = s
  }
  var defaultValueDescription: String { setting.label }
  static var allValueStrings: [String] { LiquidGlassSetting.named.map(\.label) }
}
