import ContrastCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the CLI talks to people: stderr for progress and errors, stdout for
/// the summary. Colour as `color` says: by default only on a terminal and
/// never with NO_COLOR.
///
/// Every line goes out through `Escaping.terminalLine`, so nothing a layout,
/// a file name or a report says reaches the terminal as a control character
/// or the CI runner as a workflow command; only the annotations
/// (`ReportWriter`) and the progress bar are written as they are.
struct Console: Sendable {
  var quiet: Bool
  var color = ColorMode.auto
  let stderrIsTerminal = isatty(2) == 1
  let stdoutIsTerminal = isatty(1) == 1
  let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false

  var stderrColor: Bool { color.colors(terminal: stderrIsTerminal, noColor: noColor) }
  var stdoutColor: Bool { color.colors(terminal: stdoutIsTerminal, noColor: noColor) }

  func error(_ text: String) {
    let safe = Self.safe(text)
    let line = stderrColor ? "\u{1B}[31m\(safe)\u{1B}[0m" : safe
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Writes `text` and `terminator` on stdout, each line made safe.
  func out(_ text: String, terminator: String = "\n") {
    print(Self.safe(text), terminator: terminator)
  }

  /// `text` with each of its lines through `Escaping.terminalLine`.
  static func safe(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { Escaping.terminalLine(String($0)) }.joined(separator: "\n")
  }

  /// `error: file: message`, one line per line of the message, without
  /// repeating a file a line already names (layout diagnostics start with
  /// `file:line:column`).
  static func describe(_ e: InputError) -> String {
    e.message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(e.input) ? "error: \(line)" : "error: \(e.input): \(line)"
    }.joined(separator: "\n")
  }

  /// A status line on stderr (made safe), unless quiet.
  func status(_ text: String) {
    guard !quiet else { return }
    FileHandle.standardError.write(Data(Self.safe(text).utf8))
  }

  /// The progress bar's own text (no user text in it), unless quiet.
  func progress(_ text: String) {
    guard !quiet else { return }
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// Progress on stderr: a live bar with count and ETA on a terminal, plain
/// lines at most every two seconds otherwise.
final class Progress: @unchecked Sendable {
  private let total: Int
  private let console: Console
  private let start = Date()
  private var lastPrint = Date.distantPast
  private let lock = NSLock()

  init(total: Int, console: Console) {
    self.total = total
    self.console = console
  }

  func update(_ done: Int) {
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    let elapsed = now.timeIntervalSince(start)
    let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
    if console.stderrIsTerminal {
      let width = 30
      let filled = total > 0 ? width * done / total : width
      let bar =
        String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      console.progress(
        "\r\(bar) \(done)/\(total) wallpapers  \(Self.seconds(elapsed)) elapsed, ETA \(Self.seconds(eta))\u{1B}[K"
      )
    } else if now.timeIntervalSince(lastPrint) >= 2 || done == total {
      lastPrint = now
      console.status(
        "glass-audit: \(done)/\(total) wallpapers audited (\(Self.seconds(elapsed)), ETA \(Self.seconds(eta)))\n"
      )
    }
  }

  func finish() {
    if console.stderrIsTerminal { console.progress("\n") }
  }

  static func seconds(_ t: Double) -> String {
    t < 60 ? String(format: "%.1fs", t) : String(format: "%dm%02ds", Int(t) / 60, Int(t) % 60)
  }
}

/// The short human summary printed on stdout after a run.
enum Summary {
  /// The summary's lines, each through `Escaping.terminalLine`; with
  /// `color`, the verdict painted.
  static func text(_ report: AuditReport, written: [String], color: Bool) -> String {
    let s = report.summary
    let verdict = report.verdict
    var lines: [String] = []
    let status: String
    switch verdict.gate {
    case .pass: status = "PASS"
    case .fail: status = "FAIL"
    case .inputError: status = "INPUT ERRORS"
    }
    lines.append(
      "\(status)  \(s.checks) checks over \(s.scenes) scenes: \(s.passed) passed, \(s.failed) failed, "
        + (s.reviews > 0 ? "\(s.reviews) to review, " : "")
        + "\(s.warnings) warnings, \(s.errors) input errors")
    if !verdict.reasons.isEmpty {
      lines.append("Gate: " + verdict.reasons.joined(separator: "; "))
    }
    let stale = report.failingStaleEntries
    if !stale.isEmpty {
      lines.append("Stale baseline entries (remove them with --prune-baseline):")
      for e in stale.prefix(5) { lines.append("  \(e.fingerprint)") }
      if stale.count > 5 { lines.append("  and \(stale.count - 5) more") }
    }
    // Only each item's worst check is shown: its checks are not sorted.
    let items = ItemFailures.items(report, sortingChecks: false)
    if !items.isEmpty {
      let layouts = Set(items.map(\.section)).count
      lines.append(
        "Items to fix: \(items.count) failing \(items.count == 1 ? "item" : "items") in "
          + "\(layouts) \(layouts == 1 ? "layout" : "layouts"), worst first:")
      for i in items.prefix(5) {
        let r = i.worst
        lines.append(
          "  \(WCAG.displayRatio(r.judgedRatio)):1 < \(JSONValue.format(r.threshold)):1  "
            + "\(i.path)\(i.vibrantNote)  fails in \(i.failingScenes) of \(i.scenes) scenes, worst on "
            + "\(i.worstScene)  \(r.file):\(r.line)")
        let fix = i.fix
        if !fix.isEmpty { lines.append("      fix: \(fix)") }
      }
      if items.count > 5 {
        lines.append("  and \(items.count - 5) more items: see report.md or report.html")
      }
    }
    let reviews = ItemFailures.items(report, verdict: .review, sortingChecks: false)
    if !reviews.isEmpty {
      lines.append(
        "To review: \(reviews.count) \(reviews.count == 1 ? "item" : "items") neither "
          + "\(reviews.count == 1 ? "passes nor fails" : "pass nor fail") (the ratio's interval "
          + "holds the threshold), worst first:")
      for i in reviews.prefix(3) {
        let r = i.worst
        let iv = r.interval
        lines.append(
          "  \(WCAG.displayRatio(r.judgedRatio)):1 in \(WCAG.displayRatio(iv.min))–"
            + "\(WCAG.displayRatio(iv.max)), needs \(JSONValue.format(r.threshold)):1  "
            + "\(i.path)\(i.vibrantNote)  in \(i.failingScenes) of \(i.scenes) scenes  "
            + "\(r.file):\(r.line)")
      }
      if reviews.count > 3 {
        lines.append("  and \(reviews.count - 3) more: see report.md or report.html")
      }
    }
    for e in report.outcome.errors.prefix(5) {
      var first = e
      first.message = e.message.split(separator: "\n").first.map(String.init) ?? ""
      lines.append("  " + Console.describe(first))
    }
    let o = report.outcome
    if o.blursRequested > 0 {
      lines.append(
        "Blurs: \(o.blursComputed) computed for \(o.blursRequested) element-scenes that need one")
    }
    if !written.isEmpty { lines.append("Reports: " + written.joined(separator: ", ")) }
    lines = lines.map(Escaping.terminalLine)
    if color {
      let code = status == "PASS" ? "32;1" : "31;1"
      lines[0] = "\u{1B}[\(code)m\(status)\u{1B}[0m" + lines[0].dropFirst(status.count)
    }
    return lines.joined(separator: "\n")
  }
}
