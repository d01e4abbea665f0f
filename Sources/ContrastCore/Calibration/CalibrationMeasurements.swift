/// A measurements table as `glass-audit calibrate` reads it: the
/// `fidelity/` CSV format (``FidelityMeasurements``), plus an optional
/// `mode` column (normal, reduceTransparency, increaseContrast,
/// reduceTransparency+increaseContrast; empty or absent: normal), so that a
/// team can record what it measured under the accessibility settings.
public struct CalibrationMeasurements: Sendable, Hashable {
  /// The file as given (it names the rows in messages and sources).
  public var file: String
  /// Every row, in file order.
  public var measurements: [FidelityMeasurement]
  /// The mode of each row of ``measurements``.
  public var modes: [AccessibilityMode]

  /// Rows given as values; `modes` defaults to normal for every row.
  public init(file: String, measurements: [FidelityMeasurement], modes: [AccessibilityMode]? = nil)
  {
    self.file = file
    self.measurements = measurements
    self.modes = modes ?? measurements.map { _ in .normal }
  }

  /// The rows of `text`; `file` names it.
  ///
  /// - Throws: every problem of the file at once (`file:line:column:
  ///   message`), as ``FidelityMeasurements/parse(_:file:)`` reports them,
  ///   and an unknown mode.
  public init(text: String, file: String) throws(DiagnosticList) {
    let parsed = try FidelityMeasurements.parse(text, file: file)
    self.file = file
    measurements = parsed
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    let header = lines.first.flatMap { try? FidelityMeasurements.fields(of: String($0)) } ?? []
    guard let column = header.firstIndex(of: "mode") else {
      modes = parsed.map { _ in .normal }
      return
    }
    var problems: [Diagnostic] = []
    modes = parsed.map { m in
      let cells = (try? FidelityMeasurements.fields(of: String(lines[m.line - 1]))) ?? []
      let text = column < cells.count ? cells[column].trimmingWhitespace() : ""
      if text.isEmpty { return .normal }
      guard let mode = AccessibilityMode(rawValue: text) else {
        let choices = AccessibilityMode.allCases.map(\.rawValue)
        problems.append(
          Diagnostic(
            file: file, line: m.line, column: 1,
            message:
              "mode: unknown mode '\(text)'\(DidYouMean.hint(for: text, among: choices)); "
              + "expected " + choices.joined(separator: ", ") + " or nothing (normal)"))
        return .normal
      }
      return mode
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }

  /// The rows of `target`: its material, appearance and mode, at its
  /// Liquid Glass setting (a row without one reads as 0.5) unless the
  /// material is a standard one or the mode reduces transparency (neither
  /// reads the setting). A material `profile` lacks selects no row.
  public func measurements(for target: CalibrationTarget, profile: Profile)
    -> [FidelityMeasurement]
  {
    guard let kind = profile.materials[target.material]?.light.kind else { return [] }
    return zip(measurements, modes).filter { m, mode in
      m.material == target.material && m.appearance == target.appearance && mode == target.mode
        && (kind == .standard || target.mode.reducesTransparency
          || (m.setting ?? 0.5) == target.liquidGlass)
    }.map(\.0)
  }
}
