/// How the reports show the dimensions of ``SceneDimension/all``: what is a
/// section, a matrix row or column, or a text setting (a table and a filter
/// of its own), and the words for each. The reports iterate these lists;
/// none names a dimension.
extension SceneDimension {
  /// How the reports show a dimension.
  enum Role: Sendable {
    /// A section of its own in report.html (the layout).
    case section
    /// Part of a matrix row (the wallpaper, the profile).
    case row
    /// Part of a matrix column (``MatrixColumn``).
    case column
    /// A text setting (SPEC §3.8, ``TextSetting``): not in the matrix, but
    /// a "by text setting" table and a filter when the run sweeps it.
    case textSetting
  }

  /// The dimensions of a matrix column, in list order.
  static let columns: [SceneDimension] = all.filter { $0.role == .column }

  /// The dimensions of a text setting (``TextSetting/words``), in list
  /// order.
  static let textSettings: [SceneDimension] = all.filter { $0.role == .textSetting }

  /// Their phrases in running text: `text size and Bold Text`.
  static let textSettingsPhrase = sentence(textSettings.map(\.phrase))

  /// The dimensions of the matrix (rows and columns): a matrix cell's
  /// attributes and the filters a click on it sets, in list order.
  static let matrix: [SceneDimension] = all.filter { $0.role == .row || $0.role == .column }

  /// The dimensions report.html filters by besides the text settings, in
  /// list order.
  static let filtered: [SceneDimension] = all.filter { $0.role != .textSetting }

  /// The check's value as report.html's filters and attributes write it:
  /// its word, or `none` (no Liquid Glass setting).
  func filterWord(of r: CheckResult) -> String { word(r) ?? "none" }

  /// report.html's filter of this dimension, its options: the run's values
  /// where its settings name them (``filterOptions(_:)``), else the run's
  /// sweep of it (the profiles, in the run's order), else, for an input (a
  /// layout, a wallpaper), the values its checks have (`heads`), sorted; a
  /// section's values (the layouts) worded by `title`.
  func filterOptions(
    _ report: AuditReport, seen heads: [CheckResult], title: (String) -> String
  ) -> [(value: String, text: String)] {
    if !runWords(report.settings).isEmpty { return filterOptions(report.settings) }
    if sweep != nil { return sweepWords(report).map { ($0, longWord($0)) } }
    return Set(heads.map(filterWord(of:))).sorted().map {
      ($0, role == .section ? title($0) : longWord($0))
    }
  }

  /// The matrix rows the run sweeps but its settings do not name (the
  /// profiles): the reports' settings line names their values from the
  /// report (``sweepWords(_:)``).
  static let sweptRows: [SceneDimension] = rows.filter { $0.sweep != nil }

  /// The run's values of a swept dimension as words, in the run's order.
  func sweepWords(_ report: AuditReport) -> [String] {
    (sweep?.values(report) ?? []).compactMap { v in
      guard case .text(let w) = v else { return nil }
      return w
    }
  }

  /// `profile a` or `profiles a, b`, each value as `value` makes it.
  func valuesPhrase(_ words: [String], value: (String) -> String) -> String {
    (words.count == 1 ? "\(phrase) " : "\(phrase)s ") + words.map(value).joined(separator: ", ")
  }

  /// A value for people where it stands alone: ``longWord``, after the
  /// label where ``labelsWords`` (`Liquid Glass clear`).
  func personWord(_ w: String) -> String {
    labelsWords ? "\(label) \(longWord(w))" : longWord(w)
  }

  /// The filter's options for the run: each value and its words, then
  /// ``noneOption`` when a column of the run has no value.
  func filterOptions(_ settings: AuditSettings) -> [(value: String, text: String)] {
    var options = runWords(settings).map { ($0, longWord($0)) }
    if let none = noneOption, let i = SceneDimension.columns.firstIndex(where: { $0.key == key }),
      settings.matrixColumns.contains(where: { $0.words[i] == nil })
    {
      options.append(("none", none))
    }
    return options
  }

  /// The run's values in running text: one value as `text size xLarge`,
  /// several through ``severalWords`` (`3 text sizes`).
  func runPhrase(_ words: [String]) -> String {
    words.count == 1 ? "\(phrase) \(words[0])" : severalWords(words)
  }

  /// Names in running text: `a`, `a and b`, `a, b and c`.
  static func sentence(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
  }
}

/// One column of the reports' matrix: a value of each dimension of
/// ``SceneDimension/columns`` as its word, nil where it has none (the
/// Liquid Glass setting under Reduce Transparency).
struct MatrixColumn: Hashable, Sendable {
  var words: [String?]

  /// The column of a check.
  init(_ r: CheckResult) {
    words = SceneDimension.columns.map { $0.word(r) }
  }

  init(words: [String?]) {
    self.words = words
  }

  /// The column's dimensions with its words, in list order.
  var values: Zip2Sequence<[SceneDimension], [String?]> { zip(SceneDimension.columns, words) }

  /// Its group: the first dimension's word (a report.html column group).
  var group: String { words.first.flatMap { $0 } ?? "" }

  /// Its heading in report.md: each value's short word, `–` for none
  /// (`light RT –`).
  var heading: String {
    values.map { d, w in w.map(d.shortWord) ?? "–" }.joined(separator: " ")
  }

  /// Its heading in report.html under its group: the other values' short
  /// words (`RT`, `normal clear`).
  var shortHeading: String {
    values.dropFirst().compactMap { d, w in w.map(d.shortWord) }.joined(separator: " ")
  }

  /// The title of ``shortHeading``: the other values for people
  /// (`normal, Liquid Glass clear`).
  var title: String {
    values.dropFirst().compactMap { d, w in w.map(d.personWord) }.joined(separator: ", ")
  }

  /// Every value for people (`light, normal, Liquid Glass clear`).
  var description: String {
    values.compactMap { d, w in w.map(d.personWord) }.joined(separator: ", ")
  }
}

extension AuditSettings {
  /// The matrix's columns, in report order: each appearance, then each
  /// (mode, setting) of ``modeColumns``.
  var matrixColumns: [MatrixColumn] {
    appearances.flatMap { a in
      modeColumns.map {
        MatrixColumn(words: [a.rawValue, $0.mode.rawValue, $0.liquidGlass?.label])
      }
    }
  }
}

extension SceneDimension {
  /// The dimensions of a matrix row, in list order (the wallpaper, then
  /// the profile).
  static let rows: [SceneDimension] = all.filter { $0.role == .row }

  /// The row dimensions the matrix shows for `report`: the first always
  /// (every check has a wallpaper), each other where the run has several
  /// values of it (several profiles).
  static func shownRows(_ report: AuditReport) -> [Bool] {
    rows.enumerated().map { i, d in i == 0 || (d.sweep.map { $0.values(report).count > 1 } ?? true)
    }
  }
}

/// One row of the reports' matrix: the word of each dimension of
/// ``SceneDimension/rows`` (its wallpaper and profile), ordered by them.
struct MatrixRow: Hashable, Comparable, Sendable {
  var words: [String]

  /// The row of a check.
  init(_ r: CheckResult) {
    words = SceneDimension.rows.map { $0.filterWord(of: r) }
  }

  /// The row's dimensions with its words, in list order.
  var values: Zip2Sequence<[SceneDimension], [String]> { zip(SceneDimension.rows, words) }

  /// Its name in the matrix: the words of the dimensions `shown`
  /// (``SceneDimension/shownRows(_:)``), joined by ` · ` (`dusk · ios26`).
  func name(_ shown: [Bool]) -> String {
    zip(words, shown).filter(\.1).map(\.0).joined(separator: " · ")
  }

  /// The heading of the rows: the phrases of the dimensions `shown`,
  /// joined by `joiner` (`wallpaper · profile`, `wallpaper and profile`).
  static func heading(_ shown: [Bool], joiner: String = " · ") -> String {
    zip(SceneDimension.rows, shown).filter(\.1).map(\.0.phrase).joined(separator: joiner)
  }

  static func < (a: MatrixRow, b: MatrixRow) -> Bool {
    a.words.lexicographicallyPrecedes(b.words)
  }
}
