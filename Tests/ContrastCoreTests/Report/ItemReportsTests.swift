import Testing

@testable import ContrastCore

/// Reports grouped by item (issue 15): the unit of every human report is
/// layout › element › item, and the CI files stay within their consumers'
/// limits at any matrix size.
@Suite struct ItemReportsTests {
  static let wallpapers = (0..<100).map { "wallpaper-\($0)" }

  /// `layouts` layouts of `items` items each, every item failing over every
  /// wallpaper in two appearances (ratios spread so the order is total).
  static func large(layouts: Int, items: Int, wallpapers: Int) -> AuditReport {
    var results: [CheckResult] = []
    results.reserveCapacity(layouts * items * wallpapers * 2)
    for l in 0..<layouts {
      for i in 0..<items {
        for w in 0..<wallpapers {
          for a in [Appearance.light, .dark] {
            let spread: Int = (l * 7 + i * 3 + w) % 300
            let ratio: Double = 1 + Double(spread) / 100
            results.append(
              ReportFixtures.check(
                layout: "screen-\(l)-with-a-fairly-long-layout-id", element: "element-\(i % 4)",
                item: "item-\(i)-label", wallpaper: Self.wallpapers[w], appearance: a,
                ratio: ratio,
                remedy: Remedy(color: "#123456", colorRatio: 4.6),
                file: "layouts/screen-\(l).yml", line: 10 + i))
          }
        }
      }
    }
    results.sort(by: CheckResult.reportOrder)
    var report = ReportFixtures.report(results)
    report.outcome.scenes = layouts * wallpapers * 2
    return report
  }

  @Test func theMarkdownFitsAPullRequestCommentAtAnySize() {
    for (layouts, items, wallpapers) in [(100, 30, 12), (12, 60, 40), (400, 3, 2)] {
      let report = Self.large(layouts: layouts, items: items, wallpapers: wallpapers)
      let md = MarkdownReport.render(report)
      #expect(md.utf8.count <= 65_536, "\(layouts) x \(items) x \(wallpapers): \(md.utf8.count)")
      #expect(md.contains("[report.html](report.html)"))
      // Capped rows say how many more there are (the 400 layouts of 3
      // items fit as one row each).
      #expect(layouts == 400 || md.contains(" more "))
    }
  }

  @Test func everyLayoutOfAModestRunGetsItsOwnMarkdownSection() {
    let report = Self.large(layouts: 30, items: 8, wallpapers: 20)
    let md = MarkdownReport.render(report)
    #expect(md.utf8.count <= 65_536)
    for l in 0..<30 {
      #expect(md.contains("### `screen-\(l)-with-a-fairly-long-layout-id`"), "layout \(l)")
    }
  }

  @Test func anItemIsOneMarkdownRowWithItsCountOfFailingScenes() {
    let report = Self.large(layouts: 1, items: 2, wallpapers: 5)
    let md = MarkdownReport.render(report)
    let rows = md.split(separator: "\n").filter { $0.hasPrefix("| element-") }
    #expect(rows.count == 2)
    #expect(rows.allSatisfy { $0.contains(" | 10/10 | ") })
  }

  /// The bytes of the testcase of `item` in `junit`.
  static func testcase(_ junit: String, item: String) -> Int {
    let parts = junit.components(separatedBy: "<testcase ")
    return parts.first { $0.contains("name=\"element-0 › \(item)\"") }?.utf8.count ?? 0
  }

  @Test func junitIsOneTestcasePerItemWhoseSizeDoesNotGrowWithTheMatrix() {
    let small = JUnitReport.render(Self.large(layouts: 1, items: 1, wallpapers: 10))
    let big = JUnitReport.render(Self.large(layouts: 1, items: 1, wallpapers: 100))
    #expect(JUnitReportTests.count("<testcase ", in: big) == 1)
    #expect(big.contains("fails in 200 of 200 scenes"))
    #expect(big.contains("and \(200 - JUnitReport.maximumListedScenes) more"))
    let a = Self.testcase(small, item: "item-0-label")
    let b = Self.testcase(big, item: "item-0-label")
    #expect(a > 0 && b > 0)
    // Only digits may differ (of the counts, and of the wallpapers listed).
    #expect(b - a < 60, "\(a) -> \(b) bytes")
    // 100 screens x 100 wallpapers: one testcase per item, whatever the
    // number of scenes, stays far below GitLab's 30 MB for 100 items a screen.
    #expect(b * 100 * 100 < 30_000_000)
  }

  @Test func anItemWhoseFailuresAreAllAcceptedIsSkippedAndOneNewFailureFailsIt() {
    let known = [
      ReportFixtures.check(item: "old", wallpaper: "a"),
      ReportFixtures.check(item: "old", wallpaper: "b"),
      ReportFixtures.check(item: "mixed", wallpaper: "a"),
    ]
    let report = ReportFixtures.report(
      known + [ReportFixtures.check(item: "mixed", wallpaper: "b", ratio: 2)], known: known)
    let junit = JUnitReport.render(report)
    #expect(JUnitReportTests.count("<testcase ", in: junit) == 2)
    #expect(junit.contains(#"tests="2" failures="1" errors="0" skipped="1""#))
    #expect(junit.contains("<skipped message=\"accepted by the baseline: contrast 2.87:1"))
    #expect(junit.contains("1 of these failures are accepted by the baseline"))
  }

  @Test func annotationsAreOnePerItemWorstFirst() {
    let report = Self.large(layouts: 3, items: 4, wallpapers: 10)
    let lines = GitHubAnnotations.lines(report, limit: 10)
    let errors = lines.filter { $0.hasPrefix("::error ") }
    #expect(errors.count == 10)
    let titles = errors.map { $0.split(separator: ",")[2] }
    #expect(Set(titles).count == 10)
    #expect(lines.last == "::notice::2 more failing items: see the step summary")
    #expect(errors.allSatisfy { $0.contains("Fails in 20 of 20 scenes.") })
  }

  @Test func previewsAreAllottedSoEveryLayoutGetsItsWorstSceneFirst() {
    func key(_ layout: String, _ wallpaper: String) -> SceneKey {
      SceneKey(layout: layout, wallpaper: wallpaper, appearance: .light, mode: .normal)
    }
    // Layout "a" has the ten worst scenes; "b" and "c" one each.
    var severities = (0..<10).map { (severity: 0.1 + Double($0) / 100, key: key("a", "w\($0)")) }
    severities.append((0.5, key("b", "w0")))
    severities.append((0.9, key("c", "w0")))
    let three = ScenePreviewRenderer.allot(severities, limit: 3)
    #expect(three == [key("a", "w0"), key("b", "w0"), key("c", "w0")])
    let five = ScenePreviewRenderer.allot(severities, limit: 5)
    #expect(
      five == [key("a", "w0"), key("b", "w0"), key("c", "w0"), key("a", "w1"), key("a", "w2")])
    #expect(ScenePreviewRenderer.allot(severities, limit: 100).count == 12)
  }

  @Test func amongEquallyBadScenesAPhotoIsDrawnFirst() {
    func key(_ wallpaper: String) -> SceneKey {
      SceneKey(layout: "a", wallpaper: wallpaper, appearance: .light, mode: .normal)
    }
    // "noise" is worst by less than a thousandth of the threshold: a tie
    // with "photo-sea", which comes first.
    let severities = [
      (severity: 0.2510, key: key("noise")), (severity: 0.2514, key: key("photo-sea")),
      (severity: 0.3, key: key("photo-fig")),
    ]
    let photo = { (k: SceneKey) in k.wallpaper.hasPrefix("photo") }
    #expect(
      ScenePreviewRenderer.allot(severities, limit: 3, preferred: photo)
        == [key("photo-sea"), key("noise"), key("photo-fig")])
    // Without a preference, the strict order.
    #expect(
      ScenePreviewRenderer.allot(severities, limit: 3)
        == [key("noise"), key("photo-sea"), key("photo-fig")])
    // A clearly worse synthetic scene stays first.
    let worse = [(severity: 0.2, key: key("grid"))] + severities
    #expect(ScenePreviewRenderer.allot(worse, limit: 1, preferred: photo) == [key("grid")])
    #expect(ScenePreviewRenderer.isPhoto(category: "photo"))
    #expect(ScenePreviewRenderer.isPhoto(category: nil))
    #expect(!ScenePreviewRenderer.isPhoto(category: "noise"))
  }

  @Test func theHTMLHasASectionPerLayoutAndLinksTheItemsThatNeverPass() {
    var results = Self.large(layouts: 3, items: 2, wallpapers: 2).outcome.results
    for i in results.indices where results[i].item == "item-1-label" {
      results[i].bounds = ContrastBounds(min: 1, max: 3.8)
    }
    let html = HTMLReport.render(ReportFixtures.report(Array(results)))
    for l in 0..<3 {
      #expect(
        html.contains(
          "<section class=\"layout\" id=\"layout-screen-\(l)-with-a-fairly-long-layout-id\""))
    }
    #expect(html.contains("<a href=\"#never\">3 items never pass on any wallpaper</a>"))
    #expect(JUnitReportTests.count("<tr data-f-layout=", in: html) == 6)
    #expect(html.contains("<td class=\"num\" data-v=\"4\">4<span class=\"muted\">/4</span></td>"))
  }
}
