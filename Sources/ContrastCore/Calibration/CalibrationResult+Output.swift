import Foundation

extension CalibrationResult {
  /// What `glass-audit calibrate` prints: the residual table (per element
  /// of each capture, per size of each measurements file; laid out as
  /// `glass-audit fidelity` lays out its own), the numbers fitted with their
  /// standard deviations, the numbers left as they were and why, and the
  /// totals. Every name that comes from an input is escaped
  /// (``CalibrationText/escaped(_:)``); the same result gives the same text.
  public func text() -> String {
    var out =
      "calibrate \(CalibrationText.escaped(conditions)) over \(CalibrationText.escaped(baseName)): "
      + "\(samples) \(sampleWord) from "
      + inputs.map(CalibrationText.escaped).joined(separator: ", ") + "\n"
    if residuals.contains(where: \.isCapture) {
      out +=
        "faces read at least \(JSONValue.format(faceMarginInPoints)) pt inside each element's "
        + "outline (iOS draws its rim within 1.5 pt of it, fidelity/SOURCES.md D1) and "
        + "\(JSONValue.format(contentMarginInPoints)) pt clear of its content\n"
    }
    out += "\nerrors in levels 0-255, over every channel of each group's \(sampleWord)\n\n"
    let rows = residuals.map { r in
      [
        CalibrationText.escaped(r.input), CalibrationText.escaped(r.label),
        r.shortSide.map { JSONValue.format($0) } ?? "-", String(r.samples),
        Self.levels(r.meanLevels),
        Self.levels(r.maxLevels), Self.levels(r.rmsLevels),
      ]
    }
    out += Self.table(
      header: [
        "input", "group", "short side", sampleWord == "pixels" ? "pixels" : "samples", "mean",
        "max", "rms",
      ],
      rows: rows, left: [0, 1])
    out += "\nfitted (± one standard deviation)\n\n"
    if fitted.isEmpty {
      out += "  nothing: the data pins none of the numbers\n"
    } else {
      out += Self.table(
        header: ["number", "size", "before", "after", "±", ""],
        rows: fitted.map { f in
          [
            f.name, Self.size(f.scope), Self.number(f.before), Self.number(f.after),
            Calibrator.short(f.standardDeviation), f.atBound ? "at the edge of its range" : "",
          ]
        }, left: [0, 1, 5])
    }
    if !kept.isEmpty {
      out += "\nleft as \(CalibrationText.escaped(baseName)) gives them\n\n"
      for k in kept {
        out += "  \(CalibrationText.escaped(keptName(k))): \(CalibrationText.escaped(k.reason))\n"
      }
    }
    out +=
      "\nrms \(Self.levels(rmsLevels)) levels, largest error \(Self.levels(maxLevels)) levels "
      + "over \(samples) \(sampleWord)\n"
    return out
  }

  static func size(_ scope: CalibrationScope) -> String {
    switch scope {
    case .everySize: "every"
    case .shortSide(let s): s.map { JSONValue.format($0) + " pt" } ?? "full screen"
    }
  }

  /// Six significant digits.
  static func number(_ v: Double) -> String {
    var s = String(format: "%.6g", v)
    if s == "-0" { s = "0" }
    return s
  }

  /// Columns separated by two spaces, those in `left` (text) left-aligned
  /// and the others (numbers) right-aligned, trailing spaces trimmed (the
  /// layout of ``FidelityResult/text(file:tolerance:)``).
  static func table(header: [String], rows: [[String]], left: Set<Int>) -> String {
    let all = [header] + rows
    let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
    var out = ""
    for line in all {
      var cells = line.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        return left.contains(i) ? cell + pad : pad + cell
      }.joined(separator: "  ")
      while cells.last == " " { cells.removeLast() }
      out += cells + "\n"
    }
    return out
  }
}
