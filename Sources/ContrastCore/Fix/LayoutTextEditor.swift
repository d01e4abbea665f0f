/// Why a layout file could not be edited, at the place it names.
public struct LayoutEditError: Error, Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var problem: String

  public var description: String { "\(file):\(line): cannot edit: \(problem)" }
}

/// Writes ``LayoutEdit``s into a layout file's text, touching only the
/// lines they must: a value that is there is replaced where it stands (its
/// line's indentation and comment kept); a missing key is added on a line of
/// its own after its neighbour (`tint` after `material`, `color` after
/// `role`), or inside a flow mapping (`{...}`, and JSON) before its `}`.
/// Every other byte of the file is kept: comments, order, quotes, blank
/// lines and line ends. The document is read again after each edit, so the
/// places are always those of the text being edited.
enum LayoutTextEditor {
  /// `text` with `edits` applied, in order.
  static func apply(_ edits: [LayoutEdit], to text: String, file: String) throws(LayoutEditError)
    -> String
  {
    var text = text
    for edit in edits { text = try apply(edit, to: text, file: file) }
    return text
  }

  /// The neighbours after which a missing key goes, nearest first.
  static let anchors: [String: [String]] = [
    "material": ["id"], "fallback": ["material", "id"], "tint": ["fallback", "material", "id"],
    "color": ["weight", "size", "role", "kind", "id"], "size": ["role", "kind", "id"],
    "weight": ["size", "role", "kind", "id"],
  ]

  static func apply(_ edit: LayoutEdit, to text: String, file: String) throws(LayoutEditError)
    -> String
  {
    func fail(_ line: Int, _ problem: String) -> LayoutEditError {
      LayoutEditError(file: file, line: line, problem: problem)
    }
    let root: YAMLNode?
    do {
      root = try YAMLDocument.parse(text, file: file)
    } catch {
      throw fail(error.mark?.line ?? 0, error.problem)
    }
    guard
      let element = root?["elements"]?.items?.first(where: {
        $0["id"]?.scalar?.text == edit.element
      })
    else { throw fail(0, "no element '\(edit.element)'") }
    var target = element
    if let item = edit.item {
      guard
        let found = element["content"]?.items?.first(where: { $0["id"]?.scalar?.text == item })
      else { throw fail(element.mark.line, "no item '\(item)' in element '\(edit.element)'") }
      target = found
    }
    var source = SourceLines(text)
    let json = file.lowercased().hasSuffix(".json")
    let value = json ? edit.value.json : edit.value.yaml
    if let entry = target.entry(edit.key) {
      try source.replaceValue(of: entry, in: target, with: value, fail: fail)
    } else {
      let key = json ? LayoutValue.quoted(edit.key) : edit.key
      let anchor = (anchors[edit.key] ?? []).lazy.compactMap { target.entry($0) }.first
      try source.insert("\(key): \(value)", into: target, after: anchor, fail: fail)
    }
    return source.text
  }
}

/// A text as lines of Unicode scalars (the marks' columns count scalars),
/// each without its `\n`; a `\r` before it stays in the line.
struct SourceLines {
  var lines: [[Unicode.Scalar]]

  init(_ text: String) {
    lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(
      Array.init)
  }

  var text: String {
    var s = String.UnicodeScalarView()
    for (i, l) in lines.enumerated() {
      if i > 0 { s.append("\n") }
      s.append(contentsOf: l)
    }
    return String(s)
  }

  /// A line's end, before a `\r`.
  func end(_ line: Int) -> Int {
    lines[line].last == "\r" ? lines[line].count - 1 : lines[line].count
  }

  func indentation(_ line: Int) -> Int {
    lines[line].prefix { $0 == " " }.count
  }

  /// Whether a line holds nothing but spaces or a comment.
  func isBlankOrComment(_ line: Int) -> Bool {
    let rest = lines[line][indentation(line)..<end(line)]
    return rest.isEmpty || rest.first == "#" || rest.allSatisfy { $0 == " " || $0 == "\t" }
  }

  /// Where a scalar starting at (`line`, `col`) ends (exclusive), on its
  /// line; nil for a quoted one that goes on past it.
  func scalarEnd(_ line: Int, _ col: Int, inFlow: Bool) -> Int? {
    let l = lines[line]
    let stop = end(line)
    guard col < stop else { return col }
    switch l[col] {
    case "\"":
      var i = col + 1
      while i < stop {
        if l[i] == "\\" {
          i += 2
          continue
        }
        if l[i] == "\"" { return i + 1 }
        i += 1
      }
      return nil
    case "'":
      var i = col + 1
      while i < stop {
        if l[i] == "'" {
          if i + 1 < stop, l[i + 1] == "'" {
            i += 2
            continue
          }
          return i + 1
        }
        i += 1
      }
      return nil
    default:
      var i = col
      while i < stop {
        if inFlow, [",", "}", "]"].contains(l[i]) { break }
        if l[i] == "#", i > col, l[i - 1] == " " || l[i - 1] == "\t" { break }
        // `: ` (or `:` at the end) ends a key; in flow, `:` before `,`, `}`, `]` too.
        if l[i] == ":",
          i + 1 >= stop || l[i + 1] == " " || l[i + 1] == "\t"
            || (inFlow && [",", "}", "]"].contains(l[i + 1]))
        {
          break
        }
        i += 1
      }
      while i > col, l[i - 1] == " " || l[i - 1] == "\t" { i -= 1 }
      return i
    }
  }

  /// The place just past the bracket that closes the one at (`line`,
  /// `col`), quotes respected; nil when it is never closed.
  func flowEnd(_ line: Int, _ col: Int) -> (line: Int, col: Int)? {
    var depth = 0
    var quote: Unicode.Scalar?
    var (li, ci) = (line, col)
    while li < lines.count {
      let l = lines[li]
      while ci < end(li) {
        let c = l[ci]
        if let q = quote {
          if q == "\"", c == "\\" {
            ci += 2
            continue
          }
          if c == q { quote = nil }
        } else if c == "\"" || c == "'" {
          quote = c
        } else if c == "{" || c == "[" {
          depth += 1
        } else if c == "}" || c == "]" {
          depth -= 1
          if depth == 0 { return (li, ci + 1) }
        } else if c == "#", ci == 0 || l[ci - 1] == " " {
          break
        }
        ci += 1
      }
      li += 1
      ci = 0
    }
    return nil
  }

  /// The last line of a block value under a key indented `indent`: the
  /// lines after `line` indented deeper (or a sequence's `-` at the key's
  /// own indentation), blank and comment lines between them included.
  func blockEnd(after line: Int, indent: Int) -> Int {
    var last = line
    var i = line + 1
    while i < lines.count {
      if isBlankOrComment(i) {
        i += 1
        continue
      }
      let n = indentation(i)
      let dash = n == indent && lines[i].count > n && lines[i][n] == "-"
      guard n > indent || dash else { break }
      last = i
      i += 1
    }
    return last
  }

  func isFlow(_ node: YAMLNode) -> Bool {
    let (l, c) = (node.mark.line - 1, node.mark.column - 1)
    guard l >= 0, l < lines.count, c >= 0, c < lines[l].count else { return false }
    return lines[l][c] == "{" || lines[l][c] == "["
  }

  /// The last line of `entry`'s value.
  func valueEnd(_ entry: YAMLEntry, in mapping: YAMLNode) -> Int {
    let keyLine = entry.key.mark.line - 1
    let v = entry.value
    if v.scalar != nil { return max(keyLine, v.mark.line - 1) }
    if isFlow(v), let e = flowEnd(v.mark.line - 1, v.mark.column - 1) { return e.line }
    return blockEnd(after: keyLine, indent: indentation(keyLine))
  }

  mutating func replaceValue(
    of entry: YAMLEntry, in mapping: YAMLNode, with value: String,
    fail: (Int, String) -> LayoutEditError
  ) throws(LayoutEditError) {
    let keyLine = entry.key.mark.line - 1
    let v = entry.value
    let (vl, vc) = (v.mark.line - 1, v.mark.column - 1)
    let inFlow = isFlow(mapping)
    if isFlow(v) {
      guard let e = flowEnd(vl, vc) else { throw fail(vl + 1, "a '{' or '[' never closed") }
      splice(from: (vl, vc), to: e, with: value)
      return
    }
    if v.scalar != nil, vl == keyLine || inFlow {
      // A value on its key's line (or an empty one, whose mark may sit at
      // the line's end).
      guard let e = scalarEnd(vl, vc, inFlow: inFlow) else {
        throw fail(vl + 1, "a quoted value that goes on past its line")
      }
      let (start, stop) = v.scalar!.isNull && vc >= end(vl) ? (end(vl), end(vl)) : (vc, e)
      let gap = start > 0 && lines[vl][start - 1] == ":" ? " " : ""
      splice(from: (vl, start), to: (vl, stop), with: gap + value)
      return
    }
    // A block value under its key: the key's line takes the value in flow
    // style, and the block's lines go.
    guard !inFlow, v.scalar == nil || vl > keyLine else {
      throw fail(vl + 1, "a value written over several lines")
    }
    guard let keyEnd = scalarEnd(keyLine, entry.key.mark.column - 1, inFlow: false),
      let colon = lines[keyLine][keyEnd...].firstIndex(of: ":")
    else { throw fail(keyLine + 1, "no ':' after the key") }
    let last = v.scalar != nil ? vl : blockEnd(after: keyLine, indent: indentation(keyLine))
    let rest = Array(lines[keyLine][(colon + 1)...])
    let comment =
      rest.firstIndex(of: "#").map { Array(rest[$0...]) } ?? (rest.last == "\r" ? ["\r"] : [])
    let suffix: [Unicode.Scalar] = comment.first == "#" ? [" "] + comment : comment
    lines[keyLine] = Array(lines[keyLine][...colon]) + Array((" " + value).unicodeScalars) + suffix
    lines.removeSubrange((keyLine + 1)...max(keyLine, last))
  }

  mutating func insert(
    _ entry: String, into mapping: YAMLNode, after anchor: YAMLEntry?,
    fail: (Int, String) -> LayoutEditError
  ) throws(LayoutEditError) {
    let (ml, mc) = (mapping.mark.line - 1, mapping.mark.column - 1)
    if isFlow(mapping) {
      guard let e = flowEnd(ml, mc) else { throw fail(ml + 1, "a '{' never closed") }
      // Before the `}`, after the last thing written in the mapping.
      var (l, c) = (e.line, e.col - 1)
      while true {
        if c > 0 {
          c -= 1
          if lines[l][c] != " " && lines[l][c] != "\t" && lines[l][c] != "\r" { break }
        } else if l > ml {
          l -= 1
          c = end(l)
        } else {
          break
        }
      }
      let empty = (l, c) == (ml, mc)
      splice(from: (l, c + 1), to: (l, c + 1), with: (empty ? "" : ", ") + entry)
      return
    }
    guard let entries = mapping.entries, let lastEntry = anchor ?? entries.last else {
      throw fail(ml + 1, "an empty mapping")
    }
    let after = valueEnd(lastEntry, in: mapping)
    let cr: [Unicode.Scalar] = lines[after].last == "\r" ? ["\r"] : []
    let indent = String(repeating: " ", count: mc)
    lines.insert(Array((indent + entry).unicodeScalars) + cr, at: after + 1)
  }

  private mutating func splice(
    from start: (line: Int, col: Int), to stop: (line: Int, col: Int), with value: String
  ) {
    let head = lines[start.line][..<start.col]
    let tail = lines[stop.line][stop.col...]
    lines[start.line] = Array(head) + Array(value.unicodeScalars) + Array(tail)
    if stop.line > start.line { lines.removeSubrange((start.line + 1)...stop.line) }
  }
}
