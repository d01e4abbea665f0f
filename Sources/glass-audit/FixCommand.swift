import ArgumentParser
import ContrastCore
import Foundation

struct FixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract: "Fix the failing items in the layout files, as a linter's --fix does.",
    discussion: """
      Audits as 'run' does (same inputs, settings and glass-audit.yml), then, for every \
      failing item, looks for a change that passes in every scene where it fails and makes \
      no passing check fail: over every wallpaper, appearance, mode, Liquid Glass setting, \
      profile and text setting of the run, and every other item of the element it changes. \
      Each change is re-audited before it is kept. The kept changes are written into the \
      layout files in place, touching only the lines they must (comments, order and \
      formatting kept); a unified diff and a summary are printed. An item with no safe \
      change is left as it is, with what was tried and why it was not kept. A second 'fix' \
      changes nothing.

      Exit status, as 'run' would give after the fix: 0 every check passes; 1 a check still \
      fails; 2 an input could not be audited or a layout file could not be edited; 64 a \
      usage error. With --dry-run nothing is written and the status is the one the fix \
      would leave.
      """
  )

  @OptionGroup var matrix: MatrixOptions

  @Flag(help: "Print the diff and the summary; change no file.")
  var dryRun = false

  @Option(help: "Colour on stdout and stderr: auto (a terminal without NO_COLOR), always, never.")
  var color: ColorMode = .auto

  @Flag(name: [.short, .long], help: "No progress on stderr.")
  var quiet = false

  func run() throws {
    HeapSettings.keepLargeBlocks()
    VectorLevel.applyEnvironment()
    let console = Console(quiet: quiet, color: color)
    let configuration = try matrix.configuration(console: console)
    let settings = matrix.settings(configuration)
    let profiles = try matrix.profiles(configuration, console: console)
    let inputs = try matrix.request(configuration, settings: settings, profiles: profiles)
    var request = inputs.request
    inputs.printProblems(console)
    // The layouts' texts, as read now: the fix edits these.
    let (texts, paths, unreadable) = FixVerification.readTexts(
      of: &request, files: inputs.layoutFiles, console: console)
    console.status("glass-audit: auditing, then trying each change everywhere\n")
    let outcome = FixVerification.fix(
      request, texts: texts, reader: profiles.layoutReader, console: console)
    for e in outcome.errors { console.error("error: \(e)") }

    for (file, text) in outcome.texts.sorted(by: { $0.key < $1.key }) {
      console.out(UnifiedDiff.diff(texts[file] ?? "", text, file: file), terminator: "")
    }
    var writeFailed = false
    if !dryRun {
      for (file, text) in outcome.texts.sorted(by: { $0.key < $1.key }) {
        do {
          try Files.writeAtomically(text, to: paths[file] ?? InputPath(file))
        } catch {
          console.error("error: \(file): cannot write the fix: \(error)")
          writeFailed = true
        }
      }
    }
    console.out(Self.summary(outcome, dryRun: dryRun))
    if unreadable || writeFailed || !outcome.errors.isEmpty
      || !outcome.before.outcome.errors.isEmpty
    {
      throw ExitStatus.inputError
    }
    if outcome.failingAfter > 0 { throw ExitStatus.failure }
  }

  /// What was fixed, how, and what was not, with what was tried.
  static func summary(_ outcome: FixOutcome, dryRun: Bool) -> String {
    let items = outcome.items
    let fixed = items.filter(\.isFixed)
    var lines: [String] = []
    let verb = dryRun ? "would fix" : "fixed"
    lines.append(
      "glass-audit fix: \(verb) \(fixed.count) of \(items.count) failing item"
        + "\(items.count == 1 ? "" : "s") in \(outcome.texts.count) file"
        + "\(outcome.texts.count == 1 ? "" : "s") (\(outcome.rounds) re-audit"
        + "\(outcome.rounds == 1 ? "" : "s")); failing checks \(outcome.before.summary.failed)"
        + " -> \(outcome.failingAfter) of \(outcome.checksAfter)")
    for f in items {
      let name = "\(f.layout) › \(f.element) › \(f.item)  \(f.file):\(f.line)"
      if let c = f.applied {
        lines.append("  fixed    \(name)\n      \(c.written)  (\(c.kind))")
      } else if f.fixedByOther {
        lines.append("  fixed    \(name)\n      by the change to its element")
      } else {
        lines.append("  no safe fix  \(name)  (fails in \(f.failingBefore) checks)")
        if f.tried.isEmpty {
          lines.append("      nothing to try: \(f.unavailable)")
        }
        for t in f.tried { lines.append("      tried \(t.written): \(t.why)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
