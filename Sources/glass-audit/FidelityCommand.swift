import ArgumentParser
import ContrastCore

/// `glass-audit fidelity` (SPEC §3.7): how well a profile predicts the
/// public measurements of iOS renders.
struct FidelityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fidelity",
    abstract: "Predict measured iOS renders with a profile and print the errors.",
    discussion: """
      Every row of the measurements (a flat backdrop colour in, the colour iOS
      drew out) is predicted by the profile's material model at the row's
      appearance, Liquid Glass setting (empty: 0.5) and shape size (empty: full
      screen). Prints per material, appearance and setting the number of rows and
      the mean and largest error in levels 0-255 over every channel, then every
      row where black or white text would get the other AA verdict (4.5:1).
      Exit status: 0 done; 1 an error exceeds --tolerance (when given); 2 an
      unreadable or invalid measurements file or profile.
      """
  )

  @Option(help: "A shipped profile (ios27, the default; ios26) or a file laid over the default.")
  var profile: String?

  @Option(help: "The measurements CSV.")
  var measurements: String = "fidelity/ios27-measurements.csv"

  @Option(help: "Output format: text or json.")
  var format: FidelityFormat = .text

  @Option(help: "Largest error allowed, in levels 0-255; above it the exit status is 1.")
  var tolerance: Double?

  func validate() throws {
    if let tolerance, !(tolerance >= 0) || !tolerance.isFinite {
      throw ValidationError("--tolerance must be a number >= 0, got \(tolerance)")
    }
  }

  func run() throws {
    let console = Console(quiet: false)
    let result: FidelityResult
    do {
      let loaded = try profile.map { try ProfileLoader.load(named: $0) }
      let text = try Files.read(measurements)
      let rows = try FidelityMeasurements.parse(text, file: measurements)
      result = try Fidelity.evaluate(
        profile: loaded ?? ProfileLoader.loadDefault(), measurements: rows, file: measurements)
    } catch let error as DiagnosticList {
      console.error(error.description)
      throw ExitStatus.inputError
    } catch {
      console.error("\(error)")
      throw ExitStatus.inputError
    }
    switch format {
    case .text: console.out(result.text(file: measurements, tolerance: tolerance), terminator: "")
    case .json: console.out(result.json(file: measurements, tolerance: tolerance), terminator: "")
    }
    if let tolerance, result.maxLevels > tolerance { throw ExitStatus.failure }
  }
}

/// `glass-audit fidelity --format`.
enum FidelityFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}
