import ArgumentParser
import ContrastCore
import Foundation

struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a commented glass-audit.yml and an example layout to start from.",
    discussion: """
      Writes glass-audit.yml and layouts/example.yml in the current folder, the layout drawn \
      for a device preset of the default profile. Existing files are never overwritten: if \
      either exists, nothing is written and the command exits 2 naming it.
      """
  )

  @Option(
    help: ArgumentHelp(
      "Device preset of the example layout (iphone-se-3, iphone-16, iphone-16-pro,"
        + " iphone-16-pro-max, ipad-air-11).",
      valueName: "name"))
  var device = "iphone-16-pro"

  func run() throws {
    let console = Console(quiet: false)
    let profile: Profile
    do {
      profile = try ProfileLoader.loadDefault()
    } catch {
      console.error(error.description)
      throw ExitStatus.inputError
    }
    guard let canvas = profile.devices[device] else {
      let names = profile.devices.keys.sorted()
      throw ValidationError(
        "unknown device '\(device)'" + DidYouMean.hint(for: device, among: names)
          + "; presets: " + names.joined(separator: ", "))
    }
    let files = [
      (StarterFiles.configurationPath, StarterFiles.configuration),
      (StarterFiles.layoutPath, StarterFiles.layout(device: device, canvas: canvas)),
    ]
    let existing = files.map(\.0).filter(Files.exists)
    guard existing.isEmpty else {
      console.error(
        "glass-audit init: "
          + existing.map { "'\($0)'" }.joined(separator: " and ")
          + (existing.count == 1
            ? " exists; nothing was written (move or remove it to start afresh)"
            : " exist; nothing was written (move or remove them to start afresh)"))
      throw ExitStatus.inputError
    }
    for (path, text) in files {
      do {
        try Files.prepareToWrite(path, what: "the starter file")
        try Files.writeAtomically(text, to: path)
      } catch {
        console.error("\(error)")
        throw ExitStatus.inputError
      }
      console.out("wrote \(path)")
    }
    console.out(
      "Next: put PNG wallpapers in wallpapers/ (or run `glass-audit wallpapers --out "
        + "wallpapers`), then `glass-audit validate` and `glass-audit run`.")
  }
}
