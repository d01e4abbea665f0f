/// The table of every rule. Its texts are the ones the reports print.
extension Rule {
  /// Every rule: the contrast rules, then the lints, then the input errors
  /// (SARIF declares the first two groups, in this order).
  public static let all: [Rule] = [
    .contrastText, .contrastNonText, .contrastDecorative,
    .glassOnGlass, .targetSize, .contentOutsideElement, .tintOnNone, .noColor, .noPixels,
    .neverPasses, .alwaysPasses, .noFallback, .clippedText, .targetBelowWCAG,
    .transparentWallpaper, .unlistedWallpaper, .unsupportedWallpaper,
    .inputPNG, .inputCanvas, .inputLayout, .inputLayoutID, .inputLayouts, .inputWallpapers,
    .inputMatrix,
  ]

  /// The findings `Auditor.boundsFindings(_:)` derives from the results
  /// (a merge drops the shards' and derives them again).
  public static let boundsRules: Set<Rule> = [.neverPasses, .alwaysPasses]

  // MARK: Contrast

  public static let contrastText = Rule(
    id: "contrast-text", name: "TextContrast", category: .contrast,
    summary: "Text over glass has too little contrast with what shows through.",
    help:
      "WCAG 2.2 SC 1.4.3 Contrast (Minimum), level AA: text needs a contrast ratio of at "
      + "least 4.5:1, large text (18 pt, or 14 pt bold) 3:1. SC 1.4.6 Contrast (Enhanced), "
      + "level AAA: 7:1, large text 4.5:1. The ratio is measured per pixel of the text's box "
      + "over the blurred, tinted wallpaper and judged on the chosen statistic; ratios are "
      + "floored to two decimals, so 4.499 shows as 4.49 and fails.",
    criteria: [
      Criterion(number: "1.4.3", title: "Contrast (Minimum)", level: .aa),
      Criterion(number: "1.4.6", title: "Contrast (Enhanced)", level: .aaa),
    ],
    helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html",
    severity: .error, tags: ["accessibility", "wcag2aa", "wcag143", "wcag146"])

  public static let contrastNonText = Rule(
    id: "contrast-non-text", name: "NonTextContrast", category: .contrast,
    summary: "An icon over glass has too little contrast with what shows through.",
    help:
      "WCAG 2.2 SC 1.4.11 Non-text Contrast, level AA: graphical objects and the parts of "
      + "user-interface components needed to understand them need a contrast ratio of at "
      + "least 3:1 against adjacent colours (no AAA counterpart).",
    criteria: [Criterion(number: "1.4.11", title: "Non-text Contrast", level: .aa)],
    helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html",
    severity: .error, tags: ["accessibility", "wcag2aa", "wcag1411"])

  /// Decoration is exempt from SC 1.4.11, so no criterion applies.
  public static let contrastDecorative = Rule(
    id: "contrast-decorative", name: "DecorativeContrast", category: .contrast,
    summary: "A decorative item over glass is below 3:1.",
    help:
      "Pure decoration is exempt from WCAG 2.2 SC 1.4.11 Non-text Contrast, so this only "
      + "warns: check that the item really carries no information; if it does, mark it as "
      + "an icon and give it 3:1.",
    helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html",
    severity: .warning, tags: ["accessibility", "best-practice"])

  // MARK: Lints

  public static let glassOnGlass = Rule(
    id: "glass-on-glass", name: "GlassOnGlass", category: .lint,
    summary: "Two glass elements overlap.",
    help:
      "Apple's Human Interface Guidelines advise against stacking Liquid Glass on Liquid "
      + "Glass; the audit models each element over the wallpaper only, so the overlap is "
      + "not measured as drawn.",
    severity: .warning, tags: ["accessibility", "design"])

  /// Checks Apple's 44 pt, stricter than the AA criterion it cites.
  public static let targetSize = Rule(
    id: "target-size", name: "TargetSize", category: .lint,
    summary: "An interactive element is smaller than 44x44 pt.",
    help:
      "Apple's Human Interface Guidelines ask for hit targets of at least 44x44 pt. WCAG "
      + "2.2 SC 2.5.8 Target Size (Minimum), level AA, asks for at least 24x24 CSS px (or "
      + "enough spacing); SC 2.5.5 Target Size (Enhanced), level AAA, for 44x44 CSS px. "
      + "This rule checks Apple's 44 pt, which is stricter than SC 2.5.8.",
    criteria: [
      Criterion(number: "2.5.8", title: "Target Size (Minimum)", level: .aa),
      Criterion(number: "2.5.5", title: "Target Size (Enhanced)", level: .aaa),
    ],
    helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html",
    severity: .warning, tags: ["accessibility", "wcag22aa", "wcag258"])

  public static let contentOutsideElement = Rule(
    id: "content-outside-element", name: "ContentOutsideElement", category: .lint,
    summary: "An item's frame reaches outside its element's shape.",
    help:
      "The part of the item outside the glass is measured against the glass anyway; move "
      + "or shrink the item, or fix the element's frame or corner radius.",
    severity: .warning, tags: ["layout"])

  public static let tintOnNone = Rule(
    id: "tint-on-none", name: "TintOnNone", category: .lint,
    summary: "A tint on an element with material none is ignored.",
    help: "Material `none` draws no glass, so its tint has no effect; remove one of them.",
    severity: .note, tags: ["layout"])

  public static let noColor = Rule(
    id: "no-color", name: "NoColor", category: .lint,
    summary: "An item has no colour in an appearance and was not checked there.",
    help: "Give the item a colour for every appearance audited, or a semantic colour.",
    severity: .warning, tags: ["layout"])

  public static let noPixels = Rule(
    id: "no-pixels", name: "NoPixels", category: .lint,
    summary: "An item's frame holds no pixel centre and was not checked.",
    help: "The item is too small or thin at the device scale to measure; check its frame.",
    severity: .warning, tags: ["layout"])

  /// From the item's contrast bounds (SPEC §3.5).
  public static let neverPasses = Rule(
    id: "never-passes", name: "NeverPasses", category: .lint,
    summary: "An item cannot pass over any wallpaper.",
    help:
      "Even the best case of the glass (its contrast bounds over any backdrop) stays below "
      + "the threshold: change the item's colour or the element's fill, not the wallpaper.",
    severity: .warning, tags: ["accessibility"])

  public static let alwaysPasses = Rule(
    id: "always-passes", name: "AlwaysPasses", category: .lint,
    summary: "An item passes whatever the wallpaper shows.",
    help: "Information only: the glass alone guarantees the threshold for this item.",
    severity: .note, tags: ["accessibility"])

  /// A glass element under a profile of a release before Liquid Glass
  /// (SPEC §3.8).
  public static let noFallback = Rule(
    id: "no-fallback", name: "NoFallback", category: .lint,
    summary: "A glass element declares no fallback for a release without Liquid Glass.",
    help:
      "The profile (such as ios18) has no Liquid Glass, so the app draws something else "
      + "there: declare it with `fallback:` on the element (a standard material such as "
      + "ultraThin, `none`, or {fill: COLOUR}). Until then its items get no result under "
      + "that profile.",
    severity: .warning, tags: ["accessibility", "layout"])

  /// A text item that outgrows its element at a larger text size (SPEC §3.8).
  public static let clippedText = Rule(
    id: "clipped-text", name: "ClippedText", category: .lint,
    summary: "A text item leaves its element or the canvas at a larger text size.",
    help:
      "Its frame grows with the text size (in the direction of its `grow`); from the size "
      + "named it reaches outside its element's shape or off the canvas, where it would be "
      + "clipped or drawn over the bare wallpaper. Let the element grow too, wrap the text, "
      + "or mark it `fixedSize: true` if it truly does not scale. It is judged on the "
      + "pixels it covers. WCAG 2.2 SC 1.4.4 Resize Text, level AA: text resizes to 200 % "
      + "without loss of content.",
    criteria: [Criterion(number: "1.4.4", title: "Resize Text", level: .aa)],
    helpURI: "https://www.w3.org/WAI/WCAG22/Understanding/resize-text.html",
    severity: .warning, tags: ["accessibility", "wcag2aa", "wcag144"])

  /// A design-system target below WCAG's threshold (SPEC §3.8).
  public static let targetBelowWCAG = Rule(
    id: "target-below-wcag", name: "TargetBelowWCAG", category: .lint,
    summary: "A contrast target is below WCAG's threshold; WCAG's threshold stands.",
    help:
      "A target (an item's `minimumRatio` or a `targets:` entry) can raise WCAG's threshold "
      + "but not lower it: the check is judged at WCAG's. Raise the target, or remove it.",
    severity: .warning, tags: ["accessibility", "design"])

  public static let transparentWallpaper = Rule(
    id: "transparent-wallpaper", name: "TransparentWallpaper", category: .lint,
    summary: "A wallpaper had translucent pixels; they were flattened over black.",
    help: "Wallpapers are shown opaque; export the PNG without an alpha channel.",
    severity: .warning, tags: ["input"])

  /// A PNG beside `matrix.yml` that the matrix does not name: audited all
  /// the same, so dropping a file in the folder never narrows the audit
  /// silently.
  public static let unlistedWallpaper = Rule(
    id: "unlisted-wallpaper", name: "UnlistedWallpaper", category: .lint,
    summary: "A PNG in the wallpapers folder is not listed in matrix.yml; it was audited anyway.",
    help:
      "matrix.yml names the folder's wallpapers with their ids and categories. The file was "
      + "audited under its file name, with no category, in every appearance; add it to "
      + "matrix.yml, or move it out of the folder.",
    severity: .warning, tags: ["input"])

  /// An image the audit cannot read, named rather than passed over.
  public static let unsupportedWallpaper = Rule(
    id: "unsupported-wallpaper", name: "UnsupportedWallpaper", category: .lint,
    summary: "An image in the wallpapers folder is not a PNG; it was skipped.",
    help:
      "glass-audit reads PNG wallpapers only. Convert the image to PNG (for example "
      + "`sips -s format png` on macOS, or ImageMagick's `magick`) or move it out of the folder.",
    severity: .warning, tags: ["input"])

  // MARK: Input errors (kept with each error; the reports do not print them)

  public static let inputPNG = Rule(
    id: "input-png", name: "InputPNG", category: .input,
    summary: "A wallpaper could not be decoded.",
    help:
      "The file is not a PNG the decoder reads, is damaged, or has more pixels than the "
      + "pixel limit; re-export it or raise the limit. It was left out of the audit.",
    severity: .error, tags: ["input"])

  public static let inputCanvas = Rule(
    id: "input-canvas", name: "InputCanvas", category: .input,
    summary: "A layout's canvas is empty or larger than the audit allows.",
    help:
      "The device size times its scale gives the canvas in pixels; it must be at least one "
      + "pixel and within the canvas limits. The layout was left out of the audit.",
    severity: .error, tags: ["input"])

  public static let inputLayout = Rule(
    id: "input-layout", name: "InputLayout", category: .input,
    summary: "A layout file is invalid.",
    help: "Fix every problem the message lists; the layout was left out of the audit.",
    severity: .error, tags: ["input"])

  public static let inputLayoutID = Rule(
    id: "input-layout-id", name: "InputLayoutID", category: .input,
    summary: "Two layout files use the same layout id.",
    help: "Layout ids name results in every report; give each layout its own id.",
    severity: .error, tags: ["input"])

  public static let inputLayouts = Rule(
    id: "input-layouts", name: "InputLayouts", category: .input,
    summary: "The layouts folder is missing, unreadable or holds no layout file.",
    help: "Point the run at a folder of .yml, .yaml or .json layouts, or at one such file.",
    severity: .error, tags: ["input"])

  public static let inputWallpapers = Rule(
    id: "input-wallpapers", name: "InputWallpapers", category: .input,
    summary: "The wallpapers folder is missing or holds no PNG.",
    help: "Point the run at a folder of PNG wallpapers, or at one PNG.",
    severity: .error, tags: ["input"])

  public static let inputMatrix = Rule(
    id: "input-matrix", name: "InputMatrix", category: .input,
    summary: "The wallpaper matrix (matrix.yml) is invalid.",
    help: "Fix the problems the message lists; no wallpaper of the folder was audited.",
    severity: .error, tags: ["input"])
}
