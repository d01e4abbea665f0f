import Testing

@testable import ContrastCore

@Suite struct DidYouMeanTests {
  @Test func typoFindsTheKey() {
    #expect(
      DidYouMean.suggestion(for: "cornerRadus", among: ["cornerRadius", "content", "frame"])
        == "cornerRadius")
  }

  @Test func farNamesGiveNoSuggestion() {
    #expect(DidYouMean.suggestion(for: "zzz", among: ["frame", "shape"]) == nil)
  }

  @Test func caseIsIgnored() {
    #expect(
      DidYouMean.suggestion(for: "LargeTitle", among: ["largeTitle", "title"]) == "largeTitle")
  }

  @Test func editDistanceKnownAnswers() {
    #expect(DidYouMean.editDistance("kitten", "sitting") == 3)
    #expect(DidYouMean.editDistance("", "abc") == 3)
    #expect(DidYouMean.editDistance("flaw", "lawn") == 2)
  }

  @Test func hintIsEmptyWithoutSuggestion() {
    #expect(DidYouMean.hint(for: "qqqqqq", among: ["frame"]) == "")
    #expect(DidYouMean.hint(for: "fram", among: ["frame"]) == " (did you mean 'frame'?)")
  }
}
