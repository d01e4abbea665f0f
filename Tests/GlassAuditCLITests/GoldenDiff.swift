import Foundation

/// A readable line diff of an expected file and what a run wrote instead, for
/// the golden-report tests: the differing lines with their line numbers in
/// both texts, a little context, and at most `maxChangedLines` of them.
enum GoldenDiff {
  enum Line: Equatable {
    case same(expected: Int, actual: Int)
    case removed(expected: Int)
    case added(actual: Int)

    var isChange: Bool {
      if case .same = self { return false }
      return true
    }
  }

  /// The line edit script turning `expected` into `actual` (0-based line
  /// indexes): common head and tail first, then a longest common subsequence
  /// of the middle when it is small enough, else the middle as removed then
  /// added.
  static func script(expected: [Substring], actual: [Substring]) -> [Line] {
    var head = 0
    while head < expected.count, head < actual.count, expected[head] == actual[head] { head += 1 }
    var tail = 0
    while tail < expected.count - head, tail < actual.count - head,
      expected[expected.count - 1 - tail] == actual[actual.count - 1 - tail]
    {
      tail += 1
    }
    let e = Array(expected[head..<(expected.count - tail)])
    let a = Array(actual[head..<(actual.count - tail)])
    var out: [Line] = (0..<head).map { .same(expected: $0, actual: $0) }
    let middle = middleScript(e, a).map { line -> Line in
      switch line {
      case .same(let i, let j): .same(expected: i + head, actual: j + head)
      case .removed(let i): .removed(expected: i + head)
      case .added(let j): .added(actual: j + head)
      }
    }
    out += middle
    for k in 0..<tail {
      out.append(.same(expected: expected.count - tail + k, actual: actual.count - tail + k))
    }
    return out
  }

  private static func middleScript(_ e: [Substring], _ a: [Substring]) -> [Line] {
    guard !e.isEmpty, !a.isEmpty, e.count * a.count <= 4_000_000 else {
      return e.indices.map { .removed(expected: $0) } + a.indices.map { .added(actual: $0) }
    }
    // lcs[i][j]: length of a longest common subsequence of e[i...] and a[j...].
    let width = a.count + 1
    var lcs = [Int32](repeating: 0, count: (e.count + 1) * width)
    for i in stride(from: e.count - 1, through: 0, by: -1) {
      for j in stride(from: a.count - 1, through: 0, by: -1) {
        lcs[i * width + j] =
          e[i] == a[j]
          ? lcs[(i + 1) * width + j + 1] + 1
          : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
      }
    }
    var out: [Line] = []
    var i = 0
    var j = 0
    while i < e.count, j < a.count {
      if e[i] == a[j] {
        out.append(.same(expected: i, actual: j))
        i += 1
        j += 1
      } else if lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
        out.append(.removed(expected: i))
        i += 1
      } else {
        out.append(.added(actual: j))
        j += 1
      }
    }
    out += (i..<e.count).map { .removed(expected: $0) }
    out += (j..<a.count).map { .added(actual: $0) }
    return out
  }

  /// The diff as text: hunks headed by their first line numbers (1-based),
  /// `-` for expected lines, `+` for the run's, `context` unchanged lines
  /// around them; long lines are cut around their first difference.
  static func render(
    expected: String, actual: String, context: Int = 2, maxChangedLines: Int = 20
  ) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let lines = script(expected: e, actual: a)
    let changes = lines.indices.filter { lines[$0].isChange }
    guard !changes.isEmpty else { return "(the lines are equal; the bytes differ)\n" }

    var shown = Set<Int>()
    for c in changes.prefix(maxChangedLines) {
      for k in max(0, c - context)...min(lines.count - 1, c + context) { shown.insert(k) }
    }
    let shownChanges = Set(changes.prefix(maxChangedLines))
    var out = ""
    var previous: Int?
    for k in shown.sorted() {
      let isChange = lines[k].isChange
      if isChange, !shownChanges.contains(k) { continue }
      if previous.map({ $0 + 1 != k }) ?? true {
        let (el, al) = firstNumbers(lines, from: k)
        out += "@@ expected line \(el), actual line \(al) @@\n"
      }
      previous = k
      switch lines[k] {
      case .same(let i, _):
        out += "  \(pad(i + 1)) | \(clip(e[i], against: nil))\n"
      case .removed(let i):
        out += "- \(pad(i + 1)) | \(clip(e[i], against: partner(of: k, in: lines, a)))\n"
      case .added(let j):
        out += "+ \(pad(j + 1)) | \(clip(a[j], against: partner(of: k, in: lines, e)))\n"
      }
    }
    if changes.count > maxChangedLines {
      out += "… and \(changes.count - maxChangedLines) more differing lines not shown\n"
    }
    return out
  }

  /// The 1-based numbers, in both texts, of the line at `k` of the script.
  private static func firstNumbers(_ lines: [Line], from k: Int) -> (Int, Int) {
    var expected = 0
    var actual = 0
    for line in lines[..<k] {
      switch line {
      case .same: (expected, actual) = (expected + 1, actual + 1)
      case .removed: expected += 1
      case .added: actual += 1
      }
    }
    return (expected + 1, actual + 1)
  }

  /// For a removed line directly followed by an added one (or the reverse),
  /// the other line: the pair is cut around its first difference.
  private static func partner(of k: Int, in lines: [Line], _ other: [Substring]) -> Substring? {
    switch lines[k] {
    case .removed:
      var n = k + 1
      while n < lines.count, case .removed = lines[n] { n += 1 }
      if n < lines.count, case .added(let j) = lines[n] { return other[j] }
    case .added:
      var n = k - 1
      while n >= 0, case .added = lines[n] { n -= 1 }
      if n >= 0, case .removed(let i) = lines[n] { return other[i] }
    case .same: break
    }
    return nil
  }

  private static func pad(_ n: Int) -> String {
    let s = String(n)
    return String(repeating: " ", count: max(0, 5 - s.count)) + s
  }

  private static let maxShownCharacters = 160

  private static func clip(_ line: Substring, against other: Substring?) -> String {
    let chars = Array(line)
    guard chars.count > maxShownCharacters else { return String(line) }
    var start = 0
    if let other {
      let o = Array(other)
      var d = 0
      while d < chars.count, d < o.count, chars[d] == o[d] { d += 1 }
      start = max(0, min(d - 40, chars.count - maxShownCharacters))
    }
    let end = min(chars.count, start + maxShownCharacters)
    return (start > 0 ? "…(column \(start + 1)) " : "") + String(chars[start..<end])
      + (end < chars.count ? " …(\(chars.count) characters)" : "")
  }
}
