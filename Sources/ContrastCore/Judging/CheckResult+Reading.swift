extension CheckResult {
  /// A check read back from a report, before its coordinate is: every
  /// dimension at a placeholder value, each then set by its dimension's
  /// read (``SceneDimension``), so a reader names no dimension.
  init(
    readingElement element: String, item: String, kind: ContentKind, role: String?,
    largeText: Bool, threshold: Double, contrast: ContrastStatistics, bounds: ContrastBounds,
    verdict: Verdict, pixelCount: Int, color: String, material: String,
    file: String, line: Int, trust: VerdictTrust, trustBasis: String
  ) {
    self.init(
      layout: "", wallpaper: "", appearance: .light, mode: .normal, element: element, item: item,
      kind: kind, role: role, largeText: largeText, threshold: threshold, contrast: contrast,
      bounds: bounds, verdict: verdict, judgedRatio: contrast.min,
      pixelCount: pixelCount, color: color, material: material, file: file, line: line,
      trust: trust, trustBasis: trustBasis)
  }
}
