/// Suggestions for a misspelt name.
public enum DidYouMean {
  /// The candidate closest to `name` by edit distance (case-insensitive
  /// Levenshtein), when it is close enough to be a likely typo: at most
  /// 1 edit for names up to 4 characters, else at most a third of the length.
  /// Ties go to the candidate that sorts first, so the answer is deterministic.
  public static func suggestion(for name: String, among candidates: some Sequence<String>)
    -> String?
  {
    let limit = name.count <= 4 ? 1 : max(2, name.count / 3)
    var best: (distance: Int, name: String)?
    for candidate in candidates {
      let d = editDistance(name.lowercased(), candidate.lowercased())
      guard d <= limit else { continue }
      if let b = best, b.distance < d || (b.distance == d && b.name <= candidate) { continue }
      best = (d, candidate)
    }
    return best?.name
  }

  /// ` (did you mean 'x'?)` or the empty string.
  public static func hint(for name: String, among candidates: some Sequence<String>) -> String {
    guard let s = suggestion(for: name, among: candidates) else { return "" }
    return " (did you mean '\(s)'?)"
  }

  /// Levenshtein distance between two strings, by characters.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
