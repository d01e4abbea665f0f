import ArgumentParser
import ContrastCore

@main
struct GlassAudit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "glass-audit",
    abstract: "Audits the contrast of text and icons on Liquid Glass over a matrix of wallpapers.",
    version: ContrastCore.toolVersion,
    subcommands: [
      RunCommand.self, FixCommand.self, MergeCommand.self, ValidateCommand.self,
      ContrastCommand.self,
      WallpapersCommand.self, FidelityCommand.self, CalibrateCommand.self,
      InitCommand.self,
    ],
    defaultSubcommand: RunCommand.self,
  )

  /// The process's entry: the allocator's huge pages asked for first
  /// (``HugePages``), then the command line parsed and run.
  static func main() {
    HugePages.startWithThemIfUseful()
    main(nil)
  }
}
