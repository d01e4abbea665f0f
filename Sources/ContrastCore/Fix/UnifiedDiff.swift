/// A unified diff (`diff -u`, as `git diff` prints it) of two texts of one
/// file, over their lines: a longest common subsequence, and hunks with
/// `context` lines around each change.
public enum UnifiedDiff {
  /// Marks a last line without its `\n` while lines are compared.
  static let noNewline = "\u{0}no-newline"

  public static func diff(
    _ old: String, _ new: String, file: String, context: Int = 3
  ) -> String {
    guard old != new else { return "" }
    // Lines without their `\n`; a last line without one is marked as diff
    // marks it.
    func lines(_ text: String) -> [String] {
      var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if l.last == "" { l.removeLast() } else if !l.isEmpty { l[l.count - 1] += Self.noNewline }
      return l
    }
    let a = lines(old)
    let b = lines(new)
    // lcs[i][j]: the longest common subsequence of a[i...] and b[j...].
    let (n, m) = (a.count, b.count)
    var lcs = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    // The edit script: (" ", "-", "+") with the line and its old/new index.
    var ops: [(tag: Character, text: String, i: Int, j: Int)] = []
    var (i, j) = (0, 0)
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        ops.append((" ", a[i], i, j))
        i += 1
        j += 1
      } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
        // (A removed line before the added one, as diff prints them.)
        ops.append(("-", a[i], i, j))
        i += 1
      } else {
        ops.append(("+", b[j], i, j))
        j += 1
      }
    }
    var out = "--- a/\(file)\n+++ b/\(file)\n"
    var k = 0
    while k < ops.count {
      guard ops[k].tag != " " else {
        k += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` lines
      // after the last change closer than 2 * context to the one before.
      let start = max(0, k - context)
      var end = k
      var last = k
      while end < ops.count {
        if ops[end].tag != " " { last = end }
        if end - last > 2 * context { break }
        end += 1
      }
      let stop = min(ops.count, last + context + 1)
      let hunk = ops[start..<stop]
      let oldCount = hunk.count(where: { $0.tag != "+" })
      let newCount = hunk.count(where: { $0.tag != "-" })
      let oldStart = (hunk.first.map { $0.i } ?? 0) + (oldCount > 0 ? 1 : 0)
      let newStart = (hunk.first.map { $0.j } ?? 0) + (newCount > 0 ? 1 : 0)
      out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
      for op in hunk {
        out +=
          "\(op.tag)\(op.text.replacingAll(Self.noNewline, with: "\n\\ No newline at end of file"))\n"
      }
      k = stop
    }
    return out
  }
}
