import Testing

@testable import ContrastCore

@Suite struct GitHubAnnotationsTests {
  func failures(_ n: Int) -> [CheckResult] {
    (0..<n).map {
      ReportFixtures.check(item: "item\($0)", ratio: 1 + Double($0) / 10, line: $0 + 1)
    }
  }

  @Test func worstFailureComesFirstWithFileLineAndTitle() {
    let lines = GitHubAnnotations.lines(ReportFixtures.mixed)
    #expect(lines.count == 2)
    #expect(
      lines[0].hasPrefix(
        "::error file=layouts/tabs.yml,line=12,title=contrast-text%3A tabs › bar › label::"))
    #expect(lines[0].contains("1.50:1 (min) is below 4.5:1"))
    #expect(lines[1].hasPrefix("::error file=layouts/tabs.yml,line=10,"))
  }

  @Test func atMostLimitErrorsThenOneNotice() {
    let lines = GitHubAnnotations.lines(ReportFixtures.report(failures(25)), limit: 10)
    #expect(lines.count == 11)
    #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") })
    #expect(lines.last == "::notice::15 more failing items: see the step summary")
  }

  @Test func noNoticeWhenEverythingFits() {
    let lines = GitHubAnnotations.lines(ReportFixtures.report(failures(3)), limit: 3)
    #expect(lines.count == 3)
    #expect(!lines.contains { $0.hasPrefix("::notice::") })
  }

  @Test func acceptedFailuresAreNotAnnotated() {
    let a = ReportFixtures.check(item: "a")
    let report = ReportFixtures.report([a, ReportFixtures.check(item: "b")], known: [a])
    let lines = GitHubAnnotations.lines(report)
    #expect(lines.count == 1)
    #expect(lines[0].contains("› b::"))
  }

  @Test func inputErrorsComeFirstAndShareTheLimit() {
    let report = ReportFixtures.report(
      failures(3), errors: [InputError(input: "wallpapers/bad.png", message: "not a PNG")])
    let lines = GitHubAnnotations.lines(report, limit: 2)
    #expect(
      lines[0]
        == "::error file=wallpapers/bad.png,title=cannot audit wallpapers/bad.png::not a PNG")
    #expect(lines.count == 3)
    #expect(lines[2] == "::notice::2 more failing items: see the step summary")
  }

  @Test func messagesAndPropertiesAreEscaped() {
    #expect(GitHubAnnotations.data("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d")
    #expect(GitHubAnnotations.property("50% a\r\nb: c, d") == "50%25 a%0D%0Ab%3A c%2C d")
    let report = ReportFixtures.report(
      [], errors: [InputError(input: "odd,name:1.png", message: "line 1\nline 2 (100%)")])
    #expect(
      GitHubAnnotations.lines(report)
        == [
          "::error file=odd%2Cname%3A1.png,title=cannot audit odd%2Cname%3A1.png::"
            + "line 1%0Aline 2 (100%25)"
        ])
  }
}
