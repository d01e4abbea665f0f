import ArgumentParser
import ContrastCore
import Foundation

struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join the reports of a sharded run (--shard K/N) into one report set.",
    discussion: """
      Each DIR holds the report.json of one shard. All N shards must be present, each once,
      run with the same settings over the same inputs; otherwise nothing is written and the
      reason is printed (exit 2). The merged reports are those a single unsharded run
      writes. Exit status as for 'run'.
      """
  )

  @Argument(help: "Folders holding one shard's report.json each.")
  var directories: [String]

  @Option(help: "Output folder for the merged reports.")
  var out: String = "reports"

  @Option(
    name: .customLong("format"), parsing: .upToNextOption,
    help: "Report formats to write (default: all but html): json, md, junit, sarif, html.")
  var formats: [ReportFormat] = []

  @Flag(help: "Leave the timestamp out of report.json.")
  var deterministic = false

  func validate() throws {
    if directories.isEmpty { throw ValidationError("give at least one shard folder") }
  }

  func run() throws {
    let console = Console(quiet: false)
    var shards: [ReportReader.Loaded] = []
    var problems: [String] = []
    for dir in directories {
      let file = Files.isDirectory(dir) ? Files.join(dir, "report.json") : dir
      do {
        shards.append(try ReportReader.parse(try Files.read(file), file: file))
      } catch let d as Diagnostic {
        problems.append(d.description)
      } catch {
        problems.append("cannot read '\(file)': \(error.localizedDescription)")
      }
    }
    if problems.isEmpty { problems = Self.check(shards) }
    guard problems.isEmpty else {
      for p in problems { console.error("merge refused: \(p)") }
      throw ExitCode(2)
    }
    let first = shards[0].report
    var outcome = AuditOutcome(results: [], findings: [], errors: [], scenes: 0)
    let boundsRules = Rule.boundsRules
    for s in shards {
      let o = s.report.outcome
      outcome.results += o.results
      outcome.findings += o.findings.filter { !boundsRules.contains($0.rule) }
      outcome.errors += o.errors
      outcome.scenes += o.scenes
      outcome.remedySearch.merge(o.remedySearch)
    }
    outcome.findings += Auditor.boundsFindings(outcome.results)
    outcome.finalize(statistic: first.settings.statistic)
    var report = AuditReport(
      settings: first.settings, profileName: first.profileName, outcome: outcome,
      timestamp: deterministic ? nil : Date().ISO8601Format())
    report.inputsDigest = first.inputsDigest
    do {
      try Files.prepareOutputDirectory(out)
    } catch {
      console.error("\(error)")
      throw ExitCode(2)
    }
    try ReportWriter.finish(
      report, formats: formats.isEmpty ? ReportFormat.allCases.filter { $0 != .html } : formats,
      outDir: out,
      console: console)
  }

  /// Why these shard reports cannot be merged (empty when they can).
  static func check(_ shards: [ReportReader.Loaded]) -> [String] {
    var problems: [String] = []
    guard let first = shards.first else { return ["no shard reports"] }
    for s in shards where s.report.shard == nil {
      problems.append("'\(s.file)' is not a shard report (it was run without --shard)")
    }
    guard problems.isEmpty, let count = first.report.shard?.count else { return problems }
    var seen: [Int: String] = [:]
    for s in shards {
      let r = s.report
      if r.shard!.count != count {
        problems.append(
          "'\(s.file)' is shard \(r.shard!.index)/\(r.shard!.count), but '\(first.file)' is of \(count)"
        )
      }
      if let other = seen[r.shard!.index] {
        problems.append("shard \(r.shard!.index) appears twice: '\(other)' and '\(s.file)'")
      }
      seen[r.shard!.index] = s.file
      if r.settings != first.report.settings || r.profileName != first.report.profileName {
        problems.append("'\(s.file)' ran with other settings than '\(first.file)'")
      }
      if r.inputsDigest != first.report.inputsDigest {
        problems.append(
          "'\(s.file)' audited other inputs than '\(first.file)' (inputs digest "
            + "\(r.inputsDigest) vs \(first.report.inputsDigest))")
      }
    }
    let missing = (1...count).filter { seen[$0] == nil }
    if !missing.isEmpty {
      problems.append(
        "missing shard\(missing.count > 1 ? "s" : "") "
          + missing.map { "\($0)/\(count)" }.joined(separator: ", "))
    }
    return problems
  }
}
