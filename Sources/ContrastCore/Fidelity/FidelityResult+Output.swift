extension FidelityResult {
  /// A setting as the output writes it: the number, or `-` when not given.
  static func settingText(_ s: Double?) -> String {
    guard let s else { return "-" }
    return JSONValue.format(s)
  }

  /// Levels with two decimals.
  static func levels(_ v: Double) -> String {
    let hundredths = Int((v * 100).rounded())
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction)"
  }

  /// The table per group, then every AA flip (`glass-audit fidelity`).
  /// `file` names the measurements; `tolerance` (levels) adds a verdict line.
  public func text(file: String, tolerance: Double?) -> String {
    var out = "profile \(profileName): \(rows.count) measurements from \(file)\n"
    out += "errors in levels 0-255, over every channel of each group's rows\n\n"
    let header = ["material", "appearance", "setting", "rows", "mean", "max"]
    let body = groups.map { g in
      [
        g.material, g.appearance.rawValue, Self.settingText(g.setting), String(g.count),
        Self.levels(g.meanLevels), Self.levels(g.maxLevels),
      ]
    }
    let widths = header.indices.map { i in ([header] + body).map { $0[i].count }.max() ?? 0 }
    for line in [header] + body {
      let cells = line.enumerated().map { i, cell in
        // Text columns left, numbers right.
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        return i < 3 ? cell + pad : pad + cell
      }
      out += cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    out += "\n"
    let flipped = flips
    if flipped.isEmpty {
      out += "AA flips (black or white text, 4.5:1, predicted vs observed): none\n"
    } else {
      out += "AA flips (black or white text, 4.5:1, predicted vs observed): \(flipped.count)\n"
      for row in flipped {
        let m = row.measurement
        func rgb(_ c: [Double]) -> String { c.map { Self.levels($0) }.joined(separator: ",") }
        out +=
          "  \(file):\(m.line): \(m.material) \(m.appearance.rawValue) setting "
          + "\(Self.settingText(m.setting)), backdrop \(rgb(m.backdrop)): observed "
          + "\(rgb(m.observed)), predicted \(rgb(row.predicted)); "
          + row.flips.map { "\($0) text" }.joined(separator: " and ")
          + (row.flips.count > 1 ? " change verdict\n" : " changes verdict\n")
      }
    }
    out += "largest error: \(Self.levels(maxLevels)) levels"
    if let tolerance {
      out +=
        maxLevels > tolerance
        ? "; above the tolerance of \(JSONValue.format(tolerance))\n"
        : "; within the tolerance of \(JSONValue.format(tolerance))\n"
    } else {
      out += "\n"
    }
    return out
  }

  /// The same as JSON, deterministic (`--format json`).
  public func json(file: String, tolerance: Double?) -> String {
    func setting(_ s: Double?) -> JSONValue { .optional(s) }
    let groupValues: [JSONValue] = groups.map { g in
      .object([
        ("material", .string(g.material)), ("appearance", .string(g.appearance.rawValue)),
        ("setting", setting(g.setting)), ("count", .int(g.count)),
        ("meanLevels", .number(g.meanLevels)), ("maxLevels", .number(g.maxLevels)),
      ])
    }
    let flipValues: [JSONValue] = flips.map { row in
      let m = row.measurement
      return .object([
        ("line", .int(m.line)), ("source", .string(m.source)),
        ("material", .string(m.material)), ("appearance", .string(m.appearance.rawValue)),
        ("setting", setting(m.setting)),
        ("backdrop", .array(m.backdrop.map { .number($0) })),
        ("observed", .array(m.observed.map { .number($0) })),
        ("predicted", .array(row.predicted.map { .number($0) })),
        ("texts", .array(row.flips.map { .string($0) })),
      ])
    }
    return JSONValue.object([
      ("profile", .string(profileName)), ("measurements", .string(file)),
      ("rows", .int(rows.count)), ("groups", .array(groupValues)), ("flips", .array(flipValues)),
      ("maxLevels", .number(maxLevels)), ("tolerance", .optional(tolerance)),
      ("withinTolerance", tolerance.map { .bool(maxLevels <= $0) } ?? .null),
    ]).rendered()
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
