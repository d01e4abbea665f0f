import Testing

@testable import ContrastCore

/// The YAML reader refuses what would exhaust it (``YAMLLimits``): alias
/// bombs and deep nestings, at the alias or node where a limit is crossed,
/// and reads what is just within the limits.
@Suite struct YAMLLimitsTests {
  /// The refusal of `text` as its diagnostic, or nil when it was read.
  private func refusal(_ text: String, file: String = "in.yml") -> String? {
    do {
      _ = try YAMLDocument.parse(text, file: file)
      return nil
    } catch {
      #expect(error.kind == .limit, "\(error)")
      return error.diagnostic(file: file).description
    }
  }

  /// Nine levels of ten aliases of the level before ("billion laughs").
  static let billionLaughs: String = {
    var text = #"a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#
    for (name, previous) in zip("bcdefghi", "abcdefgh") {
      let aliases: String = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
      text += "\n\(name): &\(name) [\(aliases)]"
    }
    return text + "\n"
  }()

  @Test func anAliasBombIsRefusedAtTheAliasThatCrossesTheLimit() {
    // 123,463 nodes before line 6's list; each '*e' adds 111,111: the eighth
    // (column 36) is the one past a million.
    let expected: String =
      "in.yml:6:36: YAML refused: the alias '*e' takes the document past 1000000 nodes"
      + " (the limit, aliases expanded: an alias bomb?)"
    #expect(refusal(Self.billionLaughs) == expected)
  }

  /// A list of exactly `nodes` nodes, most of them aliases five deep.
  static func aliased(nodes: Int) -> String {
    var text = "- &a [x, x, x, x, x, x, x, x, x]\n"  // 10 nodes
    var sizes = [("a", 10)]
    for (name, previous) in zip("bcde", "abcd") {
      let aliases: String = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
      text += "- &\(name) [\(aliases)]\n"
      sizes.append((String(name), 1 + 10 * sizes.last!.1))
    }
    var count = 1 + sizes.map(\.1).reduce(0, +)  // the list, and the anchored
    for (name, size) in sizes.reversed() {
      while count + size <= nodes {
        text += "- *\(name)\n"
        count += size
      }
    }
    text += String(repeating: "- x\n", count: nodes - count)
    return text
  }

  @Test func aDocumentOfExactlyTheMostNodesIsReadAndOneMoreIsRefused() throws {
    let most = YAMLLimits.maxNodes
    let root = try #require(try YAMLDocument.parse(Self.aliased(nodes: most), file: "in.yml"))
    // The five anchored lists, eight '*e', seven '*d', seven '*c', nine '*b'
    // and four scalars: 1 + 112,344 + 808,888 + 70,777 + 7,077 + 909 + 4.
    #expect(root.items?.count == 40)  // 5 + 8 + 7 + 7 + 9 + 4
    let expected: String =
      "in.yml:41:3: YAML refused: the document has more than 1000000 nodes"
      + " (the limit, aliases expanded: an alias bomb?)"
    #expect(refusal(Self.aliased(nodes: most + 1)) == expected)
  }

  @Test func aFlowNestingTenThousandDeepIsRefusedWithoutCrashing() {
    let text = "x: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    // libyaml reads the brackets ahead and stops at its own limit (1,000)
    // before the events reach 256: refused where it stopped, at the second.
    let expected: String =
      "in.yml:1:5: YAML refused: lists and mappings nest deeper than 256 levels from here"
      + " (the limit, aliases expanded)"
    #expect(refusal(text) == expected)
  }

  @Test func aBlockNestingTenThousandDeepIsRefusedAtLevel257() {
    let text = String(repeating: "- ", count: 10_000) + "x\n"
    let expected: String =
      "in.yml:1:513: YAML refused: lists and mappings nest deeper than 256 levels"
      + " (the limit, aliases expanded)"
    #expect(refusal(text) == expected)
  }

  @Test func aNestingMadeDeepByAliasesIsRefusedAtTheAlias() {
    // Each line nests 200 lists around the one before: 20,000 deep expanded,
    // from a few kilobytes and 20,000 nodes.
    var text = "a0: &a0 x\n"
    for i in 1...100 {
      text += "a\(i): &a\(i) " + String(repeating: "[", count: 200) + "*a\(i - 1)"
      text += String(repeating: "]", count: 200) + "\n"
    }
    let expected: String =
      "in.yml:3:209: YAML refused: the alias '*a1' nests the document deeper than 256 levels"
      + " (the limit, aliases expanded)"
    #expect(refusal(text) == expected)
  }

  @Test func aNestingOfExactlyTheDeepestIsRead() throws {
    let deepest = YAMLLimits.maxDepth
    func nesting(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
    }
    var node = try #require(try YAMLDocument.parse(nesting(deepest), file: "in.yml"))
    var depth = 0
    while let items = node.items {
      depth += 1
      node = items[0]
    }
    #expect(depth == deepest)
    #expect(node.scalar?.text == "x")
    #expect(refusal(nesting(deepest + 1))?.hasPrefix("in.yml:1:\(deepest + 1): ") == true)
    // The same depth reached through an alias, and one level more.
    let anchored = "- &a " + nesting(deepest - 1) + "\n"
    #expect(try YAMLDocument.parse(anchored + "- *a\n", file: "in.yml") != nil)
    let expected: String =
      "in.yml:2:5: YAML refused: the alias '*a' nests the document deeper than 256 levels"
      + " (the limit, aliases expanded)"
    #expect(refusal(anchored + "- - *a\n") == expected)
  }
}
