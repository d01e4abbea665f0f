import ArgumentParser
import ContrastCore

struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check the layouts and the profile without auditing any wallpaper.",
    discussion: """
      Prints every error of every file (file:line:column: message) and the lint findings.
      Exit status: 0 all valid, 2 a layout or the profile is invalid.
      """
  )

  @Option(help: "Folder of layout files (or one file).")
  var layouts: String = "layouts"

  @Option(help: "A shipped profile by name (ios27, ios26) or a file laid over the default.")
  var profile: String?

  @Flag(help: "Print only errors, not findings.")
  var quiet = false

  func run() throws {
    let console = Console(quiet: quiet)
    let loaded: Profile
    do {
      if let profile {
        loaded = try ProfileLoader.load(named: profile)
      } else {
        loaded = try ProfileLoader.loadDefault()
      }
    } catch {
      console.error(error.description)
      throw ExitStatus.inputError
    }
    let result = Discovery.layouts(in: layouts, profile: loaded)
    for e in result.errors {
      console.error(Console.describe(e))
    }
    if !quiet {
      for f in result.findings {
        let place = f.file.map { "\($0)\(f.line.map { ":\($0)" } ?? ""): " } ?? ""
        console.out("\(place)\(f.rule): \(f.message)")
      }
    }
    let profileName = profile ?? "default profile (\(ProfileLoader.defaultProfilePath))"
    console.out(
      "\(result.layouts.count) layouts valid, \(result.errors.count) invalid, "
        + "\(result.findings.count) findings; \(profileName) valid")
    if !result.errors.isEmpty { throw ExitStatus.inputError }
  }
}
