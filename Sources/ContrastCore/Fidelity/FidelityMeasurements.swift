/// One measurement of an iOS render (SPEC §3.7, `fidelity/SOURCES.md`): a
/// flat backdrop colour in, the colour iOS drew out, 0-255 sRGB, with the
/// material, appearance, Liquid Glass setting and shape size.
public struct FidelityMeasurement: Sendable, Hashable {
  /// The line of the CSV file the row is on (1-based; the header is line 1).
  public var line: Int
  /// The source's key in `SOURCES.md` (`D1`, `D2`, `F`), as given.
  public var source: String
  public var material: String
  public var appearance: Appearance
  /// The Liquid Glass setting in [0, 1]; nil where the file leaves it empty.
  public var setting: Double?
  /// The shape's size in points; nil for full screen.
  public var widthInPoints: Double?
  public var heightInPoints: Double?
  /// The flat backdrop and the observed colour, levels 0-255 per channel.
  public var backdrop: [Double]
  public var observed: [Double]

  public init(
    line: Int, source: String, material: String, appearance: Appearance, setting: Double?,
    widthInPoints: Double?, heightInPoints: Double?, backdrop: [Double], observed: [Double]
  ) {
    self.line = line
    self.source = source
    self.material = material
    self.appearance = appearance
    self.setting = setting
    self.widthInPoints = widthInPoints
    self.heightInPoints = heightInPoints
    self.backdrop = backdrop
    self.observed = observed
  }

  /// min(width, height) in points; nil for full screen.
  public var shortSideInPoints: Double? {
    guard let w = widthInPoints, let h = heightInPoints else { return nil }
    return min(w, h)
  }
}

/// Reads the measurements CSV (`fidelity/ios27-measurements.csv`): a header
/// naming at least `material`, `appearance`, `glassTint` (the setting),
/// `shapeWidthPt`, `shapeHeightPt`, `backdropR/G/B` and `observedR/G/B`
/// (`source`, `os`, `note` and other columns are kept or ignored); fields
/// may be quoted ("a, b"; "" for a quote).
public enum FidelityMeasurements {
  static let required = [
    "material", "appearance", "glassTint", "shapeWidthPt", "shapeHeightPt", "backdropR",
    "backdropG", "backdropB", "observedR", "observedG", "observedB",
  ]

  /// Every row of `text`; `file` names it in errors.
  ///
  /// - Throws: every problem at once, each `file:line:column: message`.
  public static func parse(_ text: String, file: String) throws(DiagnosticList)
    -> [FidelityMeasurement]
  {
    var problems: [Diagnostic] = []
    func report(_ line: Int, _ message: String) {
      problems.append(Diagnostic(file: file, line: line, column: 1, message: message))
    }
    // "\r\n" is one Character: both line ends split.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map {
      String($0)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let headerLine = lines.first else {
      throw DiagnosticList([
        Diagnostic(file: file, line: 1, column: 1, message: "the file is empty; expected a header")
      ])
    }
    let header: [String]
    do {
      header = try fields(of: headerLine)
    } catch {
      throw DiagnosticList([Diagnostic(file: file, line: 1, column: 1, message: error.message)])
    }
    let missing = required.filter { !header.contains($0) }
    if !missing.isEmpty {
      throw DiagnosticList([
        Diagnostic(
          file: file, line: 1, column: 1,
          message: "missing column(s) " + missing.map { "'\($0)'" }.joined(separator: ", "))
      ])
    }
    let index = Dictionary(header.enumerated().map { ($1, $0) }) { first, _ in first }
    var rows: [FidelityMeasurement] = []
    for (i, text) in lines.enumerated().dropFirst() {
      let line = i + 1
      if text.trimmingWhitespace().isEmpty { continue }
      let cells: [String]
      do {
        cells = try fields(of: text)
      } catch {
        report(line, error.message)
        continue
      }
      guard cells.count == header.count else {
        report(line, "expected \(header.count) fields as in the header, got \(cells.count)")
        continue
      }
      func cell(_ name: String) -> String { index[name].map { cells[$0] } ?? "" }
      var bad = false
      func number(_ name: String, empty: Bool, range: ClosedRange<Double>) -> Double? {
        let s = cell(name).trimmingWhitespace()
        if s.isEmpty {
          if !empty {
            report(line, "\(name): expected a number, got nothing")
            bad = true
          }
          return nil
        }
        guard let v = Double(s), v.isFinite, range.contains(v) else {
          report(
            line,
            "\(name): expected a number in [\(range.lowerBound.formatted), "
              + "\(range.upperBound.formatted)], got '\(s)'")
          bad = true
          return nil
        }
        return v
      }
      let material = cell("material").trimmingWhitespace()
      if material.isEmpty {
        report(line, "material: expected a material name, got nothing")
        bad = true
      }
      let appearanceText = cell("appearance").trimmingWhitespace()
      let appearance = Appearance(rawValue: appearanceText)
      if appearance == nil {
        report(line, "appearance: expected light or dark, got '\(appearanceText)'")
        bad = true
      }
      let setting = number("glassTint", empty: true, range: 0...1)
      let width = number("shapeWidthPt", empty: true, range: 0...1e6)
      let height = number("shapeHeightPt", empty: true, range: 0...1e6)
      if (width == nil) != (height == nil) && !bad {
        report(line, "give both shapeWidthPt and shapeHeightPt, or neither (full screen)")
        bad = true
      }
      let backdrop = ["backdropR", "backdropG", "backdropB"].map {
        number($0, empty: false, range: 0...255)
      }
      let observed = ["observedR", "observedG", "observedB"].map {
        number($0, empty: false, range: 0...255)
      }
      guard !bad, let appearance else { continue }
      rows.append(
        FidelityMeasurement(
          line: line, source: cell("source"), material: material, appearance: appearance,
          setting: setting, widthInPoints: width, heightInPoints: height,
          backdrop: backdrop.map { $0 ?? 0 }, observed: observed.map { $0 ?? 0 }))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    return rows
  }

  struct FieldError: Error {
    var message: String
  }

  /// The fields of one CSV line (RFC 4180 quoting, within the line).
  static func fields(of line: String) throws(FieldError) -> [String] {
    var out: [String] = []
    var current = ""
    var quoted = false
    var chars = Array(line)[...]
    var atStart = true
    while let c = chars.popFirst() {
      if quoted {
        if c == "\"" {
          if chars.first == "\"" {
            current.append("\"")
            chars.removeFirst()
          } else {
            quoted = false
          }
        } else {
          current.append(c)
        }
      } else if c == "\"" && atStart {
        quoted = true
        atStart = false
      } else if c == "," {
        out.append(current)
        current = ""
        atStart = true
      } else {
        current.append(c)
        atStart = false
      }
    }
    if quoted { throw FieldError(message: "a quoted field is not closed on its line") }
    out.append(current)
    return out
  }
}

extension Double {
  /// The number as written in messages: no trailing `.0`.
  fileprivate var formatted: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
