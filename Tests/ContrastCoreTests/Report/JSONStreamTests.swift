import Testing

@testable import ContrastCore

/// report.json is written a piece at a time (so that it is never whole in
/// memory); the pieces together are the bytes of the whole text.
@Suite struct JSONStreamTests {
  @Test func lazyArraysRenderAsArrays() {
    let lazy = JSONValue.object([
      ("empty", .lazyArray(count: 0) { _ in .null }),
      ("items", .lazyArray(count: 3) { .object([("i", .int($0)), ("s", .string("a\"b"))]) }),
    ])
    let eager = JSONValue.object([
      ("empty", .array([])),
      (
        "items",
        .array((0..<3).map { .object([("i", .int($0)), ("s", .string("a\"b"))]) })
      ),
    ])
    #expect(lazy.rendered() == eager.rendered())
    #expect(lazy.rendered().contains("\"empty\": []"))
  }

  @Test func streamedPiecesJoinToTheRenderedText() {
    let value = JSONValue.object([
      ("a", .lazyArray(count: 50) { .array([.int($0), .number(Double($0) / 3)]) }),
      ("b", .array((0..<20).map { .string("x\($0)") })),
    ])
    for size in [1, 7, 64, 1 << 20] {
      var pieces: [String] = []
      value.stream(chunkSize: size) { pieces.append($0) }
      #expect(pieces.joined() == value.rendered(), "chunk size \(size)")
      if size == 1 {
        // Cut after every element of every array (50 outer elements, each an
        // array of 2; 20 strings), then the rest: nowhere else.
        #expect(pieces.count == 50 * (1 + 2) + 20 + 1)
      }
      if size == 1 << 20 { #expect(pieces.count == 1) }
    }
  }

  @Test func reportJSONWrittenInPiecesIsTheRenderedReport() {
    let results = (0..<40).map { i in
      ReportFixtures.check(
        item: "item-\(i)", wallpaper: "w\(i % 7)", verdict: i % 3 == 0 ? .pass : .fail,
        ratio: 1 + Double(i) / 10)
    }
    let report = ReportFixtures.report(results)
    var pieces: [String] = []
    JSONReport.stream(report, chunk: { pieces.append($0) })
    #expect(pieces.joined() == JSONReport.render(report))
  }
}
