import ArgumentParser
import ContrastCore

/// A colour argument: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
struct ColorArgument {
  let text: String
  let color: RGBA

  /// Parses a colour; a bad one is a usage error whose message says why.
  static func parse(_ argument: String) throws -> ColorArgument {
    do {
      return ColorArgument(text: argument, color: try RGBA(hex: argument))
    } catch {
      throw ValidationError(error.description)
    }
  }
}

struct ContrastCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contrast",
    abstract: "Print the WCAG 2.x contrast ratio of two colours and its AA/AAA verdicts.",
    discussion: """
      FG may carry alpha (#RRGGBBAA); it is composited source-over BG first. A BG
      with alpha is first composited over --canvas (white by default). Exit status:
      0 when AA normal text passes, 1 when it fails, 64 for an unreadable colour.
      """
  )

  @Argument(
    help: "Foreground (text) colour: #RGB, #RGBA, #RRGGBB or #RRGGBBAA.",
    transform: ColorArgument.parse)
  var foreground: ColorArgument

  @Argument(
    help: "Background colour: #RGB, #RGBA, #RRGGBB or #RRGGBBAA.",
    transform: ColorArgument.parse)
  var background: ColorArgument

  @Option(help: "Opaque colour under a translucent background.", transform: ColorArgument.parse)
  var canvas: ColorArgument = ColorArgument(text: "#FFFFFF", color: RGBA(.white))

  func validate() throws {
    guard canvas.color.isOpaque else {
      throw ValidationError("--canvas must be opaque, got '\(canvas.text)'")
    }
  }

  func run() throws {
    let bg = background.color.composited(over: canvas.color.rgb)
    let fg = foreground.color.composited(over: bg)
    let ratio = WCAG.contrastRatio(fg, bg)
    var lines: [String] = []
    lines.append(
      "\(foreground.color.hex) on \(background.color.hex): \(WCAG.displayRatio(ratio)):1")
    if !foreground.color.isOpaque || !background.color.isOpaque {
      lines.append("  (composited: \(fg.hex) on \(bg.hex))")
    }
    lines.append("")
    lines.append(pad("", 12) + pad("AA", 14) + "AAA")
    for (label, content) in [
      ("text", ContentClass.normalText), ("large text", .largeText), ("non-text", .nonText),
    ] {
      var row = pad(label, 12)
      for level in ConformanceLevel.allCases {
        let threshold = level.minimumRatio(for: content)
        let verdict = WCAG.passes(ratio, threshold: threshold) ? "pass" : "fail"
        row += pad("\(verdict) (\(formatThreshold(threshold)))", 14)
      }
      lines.append(row.trimmingTrailingSpaces())
    }
    Console(quiet: false).out(lines.joined(separator: "\n"))
    if !WCAG.passes(ratio, threshold: ConformanceLevel.aa.minimumRatio(for: .normalText)) {
      throw ExitStatus.failure
    }
  }
}

func pad(_ s: String, _ width: Int) -> String {
  s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
}

func formatThreshold(_ t: Double) -> String {
  t == t.rounded() ? String(Int(t)) : String(t)
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
