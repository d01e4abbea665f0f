// libyaml as Yams vendors it (its `CYaml` target): the same parser, driven
// event by event, so that a document is measured before Yams composes it.
internal import CYaml

/// What the YAML reader refuses to read: a document that would exhaust it.
///
/// An alias bomb ("billion laughs": anchors of ten aliases of the anchor
/// before, nine deep) is a few hundred bytes that expand to a billion nodes,
/// and a nesting of thousands of brackets makes every recursive walk of the
/// tree recurse as deep. Both are measured on the parser's events before
/// anything is built (``YAMLLimits/check(_:file:)``), and refused at the
/// alias or node where a limit is crossed.
enum YAMLLimits {
  /// The most nodes a document may have once every alias is expanded:
  /// scalars, sequences, mappings and keys, an alias counting as every node
  /// of what it stands for. The largest real file (profiles/ios27.yml) has
  /// about 2,000; a million is 500 times that, and a layout of exactly a
  /// million (aliases five deep) still reads in 0.4 s and 84 MB (release
  /// build), where a billion laughs would need a billion nodes.
  static let maxNodes = 1_000_000

  /// The deepest nesting of sequences and mappings, aliases expanded. Real
  /// files nest at most 11 deep; 256 is far beyond any layout or profile, and
  /// shallow enough that the recursive walks (Yams's composer, the tree
  /// conversion, hashing and freeing of nodes) stay far from the end of any
  /// thread's stack. libyaml's own limit (1,000 levels, which a line of
  /// brackets can reach first, the scanner reading ahead) is refused as this.
  static let maxDepth = 256

  /// The size of an anchored node, aliases inside it expanded.
  private struct Extent {
    var nodes: Int
    /// Sequences and mappings nested in it, itself included (0 for a scalar).
    var depth: Int
  }

  /// A sequence or mapping being read.
  private struct Open {
    var anchor: String?
    /// The nodes counted before it started.
    var nodesBefore: Int
    /// Its nesting depth (1 for a top-level collection).
    var depth: Int
    /// The deepest nesting reached inside it so far, aliases expanded.
    var deepest: Int
  }

  /// Reads the events of `source`'s first document and throws at the first
  /// node or alias that crosses ``maxNodes`` or ``maxDepth``. Anything else
  /// wrong (a syntax error, an undefined alias) stops the measuring quietly:
  /// the composer then reports it as it always has.
  static func check(_ source: String, file: String) throws(YAMLSyntaxError) {
    var measure = Measure()
    let result: Violation?? = source.utf8.withContiguousStorageIfAvailable { bytes in
      measure.run(bytes)
    }
    let violation =
      result
      ?? Array(source.utf8).withUnsafeBufferPointer { bytes in measure.run(bytes) }
    if let violation {
      throw YAMLSyntaxError(
        kind: .limit, mark: SourceMark(file: file, line: violation.line, column: violation.column),
        problem: violation.problem)
    }
  }

  /// The wording of a refusal.
  private enum Problem {
    /// `what` leads "… 1000000 nodes".
    static func tooMany(_ what: String) -> String {
      "\(what) \(maxNodes) nodes (the limit, aliases expanded: an alias bomb?)"
    }

    /// `what` leads "… deeper than 256 levels".
    static func tooDeep(_ what: String, _ place: String? = nil) -> String {
      "\(what) deeper than \(maxDepth) levels\(place.map { " " + $0 } ?? "")"
        + " (the limit, aliases expanded)"
    }
  }

  /// Where a limit was crossed and how.
  private struct Violation {
    var line: Int
    var column: Int
    var problem: String
  }

  private struct Measure {
    var nodes = 0
    var open: [Open] = []
    var anchors: [String: Extent] = [:]

    /// The first limit crossed, or nil.
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Violation? {
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) == 1 else { return nil }
      defer { yaml_parser_delete(&parser) }
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
      var event = yaml_event_t()
      while yaml_parser_parse(&parser, &event) == 1 {
        defer { yaml_event_delete(&event) }
        let type = event.type
        if type == YAML_STREAM_END_EVENT || type == YAML_DOCUMENT_END_EVENT { return nil }
        if let violation = step(event) { return violation }
      }
      return nestedPastLibYAML(parser)
    }

    /// libyaml's scanner reads a flow collection's brackets ahead of the
    /// events, so `[[[[…` a thousand deep stops it (its own limit) before
    /// the events reach ``maxDepth``: that is this limit crossed too, at the
    /// place libyaml stopped. Any other error is left to the composer.
    private func nestedPastLibYAML(_ parser: yaml_parser_t) -> Violation? {
      guard parser.error == YAML_PARSER_ERROR, let problem = parser.problem,
        String(cString: problem).hasPrefix("Maximum nesting level")
      else { return nil }
      return Violation(
        line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1,
        problem: Problem.tooDeep("lists and mappings nest", "from here"))
    }

    /// Counts one event; the violation it causes, if any.
    private mutating func step(_ event: yaml_event_t) -> Violation? {
      let line = event.start_mark.line + 1
      let column = event.start_mark.column + 1
      func tooMany(_ what: String) -> Violation {
        Violation(line: line, column: column, problem: Problem.tooMany(what))
      }
      func tooDeep(_ what: String) -> Violation {
        Violation(line: line, column: column, problem: Problem.tooDeep(what))
      }
      let depth = open.last?.depth ?? 0
      switch event.type {
      case YAML_SCALAR_EVENT:
        nodes += 1
        if nodes > YAMLLimits.maxNodes { return tooMany("the document has more than") }
        if let anchor = Self.name(event.data.scalar.anchor) {
          anchors[anchor] = Extent(nodes: 1, depth: 0)
        }
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        nodes += 1
        if nodes > YAMLLimits.maxNodes { return tooMany("the document has more than") }
        if depth + 1 > YAMLLimits.maxDepth { return tooDeep("lists and mappings nest") }
        let anchor =
          event.type == YAML_SEQUENCE_START_EVENT
          ? Self.name(event.data.sequence_start.anchor)
          : Self.name(event.data.mapping_start.anchor)
        open.append(
          Open(anchor: anchor, nodesBefore: nodes - 1, depth: depth + 1, deepest: depth + 1))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let done = open.popLast() else { return nil }
        if let anchor = done.anchor {
          anchors[anchor] = Extent(
            nodes: nodes - done.nodesBefore, depth: done.deepest - done.depth + 1)
        }
        reach(done.deepest)
      case YAML_ALIAS_EVENT:
        guard let anchor = Self.name(event.data.alias.anchor), let extent = anchors[anchor] else {
          return nil  // undefined: the composer says so
        }
        let alias = "the alias '*\(anchor)'"
        nodes += extent.nodes
        if nodes > YAMLLimits.maxNodes { return tooMany("\(alias) takes the document past") }
        if depth + extent.depth > YAMLLimits.maxDepth {
          return tooDeep("\(alias) nests the document")
        }
        reach(depth + extent.depth)
      default:
        break
      }
      return nil
    }

    /// Notes that the innermost open collection reaches `depth` inside.
    private mutating func reach(_ depth: Int) {
      guard let last = open.indices.last else { return }
      open[last].deepest = max(open[last].deepest, depth)
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      anchor.map { String(cString: $0) }
    }
  }
}
