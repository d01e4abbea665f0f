import Testing

@testable import ContrastCore

@Suite struct YAMLReaderTests {
  private func parse(_ text: String, file: String = "in.yml") throws -> YAMLNode {
    try #require(try YAMLDocument.parse(text, file: file))
  }

  private func at(_ node: YAMLNode?) -> [Int] {
    [node?.mark.line ?? -1, node?.mark.column ?? -1]
  }

  @Test func nestedKeysAndValuesCarryTheirLineAndColumn() throws {
    let root = try parse("a:\n  b:\n    c: 12\n")
    let c = try #require(root["a"]?["b"]?.entry("c"))
    #expect(at(c.key) == [3, 5])
    #expect(at(c.value) == [3, 8])
    #expect(c.value.scalar == YAMLScalar(text: "12", isPlain: true))
    #expect(root.mark.file == "in.yml")
  }

  @Test func sequenceItemsCarryTheirLineAndColumn() throws {
    let root = try parse("list:\n  - one\n  - {x: 1}\n")
    let items = try #require(root["list"]?.items)
    #expect(items.map(at) == [[2, 5], [3, 5]])
    #expect(at(items[1]["x"]) == [3, 9])
  }

  @Test func quotedAndEmptyScalarsAreTold() throws {
    let root = try parse("a: \"12\"\nb:\nc: ~\nd: ''\n")
    #expect(root["a"]?.scalar?.isPlain == false)
    #expect(root["b"]?.scalar?.isNull == true)
    #expect(root["c"]?.scalar?.isNull == true)
    #expect(root["d"]?.scalar?.isNull == false, "quoted empty text is a value")
  }

  @Test func jsonIsReadWithMarksAndTabsAsSpaces() throws {
    let root = try parse("{\n\t\"frame\": {\"x\": 1,\n\t\t\"y\": \"two\"}\n}\n", file: "a.json")
    #expect(at(root["frame"]?["y"]) == [3, 8])
    var reader = YAMLReader(file: "a.json")
    let y = try #require(root["frame"]?["y"])
    _ = reader.number(y, path: "frame.y")
    #expect(
      reader.diagnostics.map(\.description) == [
        "a.json:3:8: frame.y: expected a number, found 'two'"
      ])
  }

  @Test func emptyDocumentHasNoRoot() throws {
    #expect(try YAMLDocument.parse("# nothing\n", file: "in.yml") == nil)
  }

  @Test func syntaxErrorIsLocated() {
    #expect(throws: YAMLSyntaxError.self) { try YAMLDocument.parse("a: [1\n", file: "in.yml") }
    do {
      _ = try YAMLDocument.parse("a: 1\nb: [1\n", file: "in.yml")
    } catch {
      #expect(error.kind == .syntax)
      #expect(
        error.diagnostic(file: "in.yml").description.hasPrefix("in.yml:3:1: YAML syntax error: "))
    }
  }

  @Test func duplicateKeysAreASyntaxErrorAtTheFirstKey() {
    do {
      _ = try YAMLDocument.parse("x: 0\nb: 1\na: 2\nb: 3\na: 4\n", file: "in.yml")
      Issue.record("a duplicate key was accepted")
    } catch {
      #expect(error.kind == .duplicateKeys)
      #expect(
        error.diagnostic(file: "in.yml").description
          == "in.yml:3:1: YAML syntax error: duplicate key 'a', 'b' in one mapping")
    }
  }

  /// The readers take a key by its text, so keys of equal text are
  /// duplicates however they are quoted (a plain `1`, `true` or `~` beside
  /// its quoted text); keys of different text are not, whatever they look
  /// like.
  @Test func keysOfTheSameTextAreDuplicatesHoweverQuoted() throws {
    for pair in [
      ("1", "\"1\""), ("true", "'true'"), ("~", "\"~\""), ("2026-12-06", "\"2026-12-06\""),
    ] {
      do {
        _ = try YAMLDocument.parse("\(pair.0): a\n\(pair.1): b\n", file: "in.yml")
        Issue.record("\(pair.0) and \(pair.1) were read as two keys")
      } catch {
        #expect(error.kind == .duplicateKeys)
      }
    }
    let root = try parse("1: a\n1.0: b\nTrue: c\ntrue: d\n")
    #expect(root.entries?.compactMap(\.name) == ["1", "1.0", "True", "true"])
  }

  @Test func everyErrorOfAFileIsReportedInFileOrder() throws {
    let root = try parse("frame:\n  x: one\n  y: -2\n  widht: 3\nshow: maybe\n")
    var reader = YAMLReader(file: "in.yml")
    let top = reader.fields(root, path: "", allowed: ["frame", "show"], what: "a thing")
    let f = try #require(top)
    let frameNode = try #require(f["frame"])
    let inner = reader.fields(
      frameNode, path: "frame", allowed: ["x", "y", "width"], what: "a frame")
    let frame = try #require(inner)
    let show = try #require(f["show"])
    let x = try #require(frame["x"])
    let y = try #require(frame["y"])
    _ = reader.bool(show, path: "show")
    _ = reader.number(x, path: "frame.x")
    _ = reader.positive(y, path: "frame.y")
    _ = reader.require(frame, "width")
    #expect(
      reader.sortedDiagnostics().map(\.description) == [
        "in.yml:2:3: frame: missing required key 'width'",
        "in.yml:2:6: frame.x: expected a number, found 'one'",
        "in.yml:3:6: frame.y: must be greater than 0, found -2",
        "in.yml:4:3: frame: unknown key 'widht' (did you mean 'width'?)",
        "in.yml:5:7: show: expected true or false, found 'maybe'",
      ])
  }

  @Test func unknownKeyWithoutACloseNameListsTheKeysOrItsExplanation() throws {
    let root = try parse("zzz: 1\nbrightness: 2\n")
    var reader = YAMLReader(file: "in.yml")
    _ = reader.fields(
      root, path: "", allowed: ["width", "height"], what: "a size",
      explain: ["brightness": "it applies to materials"])
    #expect(
      reader.sortedDiagnostics().map(\.description) == [
        "in.yml:1:1: unknown key 'zzz' (expected width, height)",
        "in.yml:2:1: unknown key 'brightness': it applies to materials",
      ])
  }

  @Test func aNonMappingRootIsReportedWithTheExpectedKeys() throws {
    let root = try parse("- 1\n- 2\n")
    var reader = YAMLReader(file: "in.yml")
    let f = reader.fields(root, path: "", allowed: ["a", "b"], what: "a pair")
    #expect(f == nil)
    #expect(
      reader.diagnostics.map(\.description) == ["in.yml:1:1: expected a pair (a, b), found a list"])
  }

  @Test func choiceSuggestsTheClosestCase() throws {
    let root = try parse("weight: semibol\n")
    var reader = YAMLReader(file: "in.yml")
    let weight = try #require(root["weight"])
    let value = reader.choice(weight, path: "weight", noun: "weight", as: FontWeight.self)
    #expect(value == nil)
    #expect(
      reader.diagnostics.map(\.description) == [
        "in.yml:1:9: weight: unknown weight 'semibol' (did you mean 'semibold'?)"
      ])
  }

  @Test func quotedNumberAndEmptyTextAreExplained() throws {
    let root = try parse("size: \"12\"\nname:\n")
    var reader = YAMLReader(file: "in.yml")
    let size = try #require(root["size"])
    let name = try #require(root["name"])
    let number = reader.number(size, path: "size")
    let text = reader.string(name, path: "name")
    #expect(number == nil)
    #expect(text == nil)
    #expect(
      reader.diagnostics.map(\.message) == [
        "size: expected a number, found '12' (write numbers without quotes)",
        "name: has no value",
      ])
  }

  @Test func namesAreReadFromAListOrACommaSeparatedText() throws {
    let root = try parse("a: [light, dark]\nb: light, dark\nc: {x: 1}\n")
    let (a, b, c) = (try #require(root["a"]), try #require(root["b"]), try #require(root["c"]))
    var reader = YAMLReader(file: "in.yml")
    let list = reader.names(a, path: "a")
    let split = reader.names(b, path: "b", commaSeparated: true)
    let whole = reader.names(b, path: "b")
    #expect(reader.diagnostics.isEmpty)
    let mapping = reader.names(c, path: "c")
    #expect(list.map(\.name) == ["light", "dark"])
    #expect(list.map { at($0.node) } == [[1, 5], [1, 12]])
    #expect(split.map(\.name) == ["light", "dark"])
    #expect(whole.map(\.name) == ["light, dark"])
    #expect(mapping.isEmpty)
    #expect(
      reader.diagnostics.map(\.description) == ["in.yml:3:4: c: expected a list, found a mapping"])
  }
}
