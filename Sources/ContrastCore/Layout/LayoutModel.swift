/// A rectangle in points, origin top-left, y down.
public struct RectInPoints: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// This rectangle moved by `(dx, dy)`.
  public func offsetBy(dx: Double, dy: Double) -> RectInPoints {
    RectInPoints(x: x + dx, y: y + dy, width: width, height: height)
  }
}

/// The canvas a layout is drawn on: a size in points and a pixel scale.
public struct Canvas: Sendable, Hashable, Codable {
  public var widthInPoints: Double
  public var heightInPoints: Double
  /// Pixels per point (2 or 3 on iPhones).
  public var scale: Double

  public init(widthInPoints: Double, heightInPoints: Double, scale: Double) {
    self.widthInPoints = widthInPoints
    self.heightInPoints = heightInPoints
    self.scale = scale
  }

  /// The largest canvas side a layout may declare, pixels (so a typo such as
  /// `scale: 300` is an error, not a 100 GB allocation).
  public static let maximumSideInPixels = 16_384
  /// The largest canvas a layout may declare, pixels.
  public static let maximumPixels = 100_000_000

  /// Width in pixels: `widthInPoints * scale`, rounded to the nearest pixel.
  public var widthInPixels: Int { Int((widthInPoints * scale).rounded()) }
  /// Height in pixels: `heightInPoints * scale`, rounded to the nearest pixel.
  public var heightInPixels: Int { Int((heightInPoints * scale).rounded()) }
}

/// The outline of an element (SPEC §2.2).
public enum ElementShape: Sendable, Hashable {
  case rect
  /// Circular corner arcs; the radius (pt) is clamped to half the short side.
  case roundedRect(cornerRadius: Double)
  /// Radius = half the short side.
  case capsule
  /// The circle of diameter = short side, centred in the frame.
  case circle
}

/// Font weights of Dynamic Type, lightest first.
public enum FontWeight: String, Sendable, CaseIterable, Codable {
  case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

  /// Bold, heavy or black: the weights WCAG and HIG count as bold.
  public var isBold: Bool { self == .bold || self == .heavy || self == .black }
}

/// What a content item is (SPEC §2.2, §3.4).
public enum ContentKind: String, Sendable, CaseIterable, Codable {
  /// Text: WCAG SC 1.4.3 / 1.4.6 thresholds.
  case text
  /// An icon or other meaningful graphic: SC 1.4.11, 3:1 at either level.
  case icon
  /// Decoration: threshold 3, verdict pass or warn, never fail.
  case decorative
}

/// A colour as a layout or an override writes it, before resolution against
/// the profile: a semantic name or hex, the same in both appearances, or one
/// per appearance (either may be missing); optionally with the app's own
/// Increase Contrast variant (as an asset catalog's High Contrast colour).
public indirect enum ColorSpec: Sendable, Hashable {
  case same(String)
  case perAppearance(light: String?, dark: String?)
  /// `{light, dark, increaseContrast: C}`: `increaseContrast` drawn in the
  /// modes that increase contrast, per appearance; an appearance it leaves
  /// out takes the normal colour (resolved, as every colour there, to its
  /// Increase Contrast variant when it is a semantic name).
  case withIncreaseContrast(normal: ColorSpec, increaseContrast: ColorSpec)

  /// The text for one appearance, if any, outside Increase Contrast.
  public func text(for appearance: Appearance) -> String? {
    switch self {
    case .same(let s): s
    case .perAppearance(let light, let dark): appearance == .light ? light : dark
    case .withIncreaseContrast(let normal, _): normal.text(for: appearance)
    }
  }

  /// The text drawn in one appearance, with Increase Contrast on or off.
  public func text(for appearance: Appearance, increaseContrast: Bool) -> String? {
    guard increaseContrast, case .withIncreaseContrast(let normal, let ic) = self else {
      return text(for: appearance)
    }
    return ic.text(for: appearance) ?? normal.text(for: appearance)
  }

  /// The app's own Increase Contrast variant, when it gives one.
  public var increaseContrastVariant: ColorSpec? {
    if case .withIncreaseContrast(_, let ic) = self { return ic }
    return nil
  }
}

/// What the app itself does in one accessibility mode (SPEC §3.3): each
/// property, when present, replaces the element's.
public struct ModeOverride: Sendable, Hashable {
  /// Replaces the element's material.
  public var material: String?
  /// Replaces the element's tint.
  public var tint: ColorSpec?
  /// Border width in points (0 = none).
  public var borderInPoints: Double?
  /// The app draws this colour instead of the material: the background is the
  /// fill source-over the wallpaper, with no material, border or tint unless
  /// the same override gives them.
  public var fill: ColorSpec?
  /// 1-based line of the override in its file.
  public var line: Int?

  public init(
    material: String? = nil, tint: ColorSpec? = nil, borderInPoints: Double? = nil,
    fill: ColorSpec? = nil, line: Int? = nil
  ) {
    self.material = material
    self.tint = tint
    self.borderInPoints = borderInPoints
    self.fill = fill
    self.line = line
  }
}

/// A line and column of an input file (1-based; 0 when unknown), kept for
/// messages only: every two places are equal, so a value that carries one
/// compares by its content.
public struct SourcePlace: Sendable, Hashable {
  public var line: Int
  public var column: Int

  public init(line: Int = 0, column: Int = 0) {
    self.line = line
    self.column = column
  }

  public static func == (a: SourcePlace, b: SourcePlace) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

/// What an app draws where Liquid Glass does not exist (a release before
/// it, such as profile `ios18`; SPEC §3.8).
public enum ElementFallback: Sendable, Hashable {
  /// A standard material of the profile (`ultraThin`, `thin`, ...).
  case material(String)
  /// No material: the content sits on the wallpaper.
  case none
  /// The app draws this colour instead of a material (source-over the wallpaper).
  case fill(ColorSpec)
}

/// Where a text item's frame grows when the text size changes its height
/// (SPEC §3.8): the width is kept.
public enum GrowDirection: String, Sendable, CaseIterable, Codable {
  /// The top edge stays (the default).
  case down
  /// The bottom edge stays.
  case up
  /// The centre stays.
  case both
}

/// A design system's contrast targets (SPEC §2.2, §3.8), by text role, or
/// `text`, `icon`, `decorative`; an item's own `minimumRatio` wins over them.
public struct ContrastTargets: Sendable, Hashable {
  /// One target and where it was written.
  public struct Target: Sendable, Hashable {
    public var ratio: Double
    public var file: String
    public var line: Int
    public var column: Int

    public init(ratio: Double, file: String, line: Int, column: Int) {
      self.ratio = ratio
      self.file = file
      self.line = line
      self.column = column
    }
  }

  /// Targets by key: a text role name, `text`, `icon` or `decorative`.
  public var byKey: [String: Target]

  public init(_ byKey: [String: Target] = [:]) {
    self.byKey = byKey
  }

  /// The keys a target may have besides the text roles.
  public static let kindKeys = ["text", "icon", "decorative"]

  /// These targets with `other`'s laid over them, key by key.
  public func overlaid(with other: ContrastTargets) -> ContrastTargets {
    ContrastTargets(byKey.merging(other.byKey) { _, new in new })
  }

  /// The target of an item of `kind` and `role` (the role's, else the
  /// kind's), or nil.
  public func target(kind: ContentKind, role: String?) -> Target? {
    switch kind {
    case .text: (role.flatMap { byKey[$0] }) ?? byKey["text"]
    case .icon: byKey["icon"]
    case .decorative: byKey["decorative"]
    }
  }
}

/// One text, icon or decoration on an element.
public struct ContentItem: Sendable, Hashable {
  public var id: String
  public var kind: ContentKind
  /// Dynamic Type role name (text only; `body` when not given; nil for icons
  /// and decorations).
  public var role: String?
  /// Weight override.
  public var weight: FontWeight?
  /// Size override, pt.
  public var sizeInPoints: Double?
  /// Colour, unresolved. nil when the layout gives none.
  public var color: ColorSpec?
  /// Frame relative to the element's frame.
  public var frame: RectInPoints
  /// The item's own contrast target (SPEC §3.8): above WCAG's threshold it
  /// raises it; below it, WCAG's stands (and validation warns).
  public var minimumRatio: Double?
  /// Where `minimumRatio` was written, for messages (not part of the item's
  /// value: a YAML and a JSON file of the same layout give equal items).
  public var minimumRatioPlace = SourcePlace()
  /// Where the frame grows with the text size (SPEC §3.8).
  public var grow: GrowDirection = .down
  /// A size that does not follow the text size (SPEC §3.8).
  public var fixedSize = false
  /// A control (a button inside a player): its frame is a touch target,
  /// held to the same minimum as an interactive element (`target-size`).
  public var interactive = false
  /// Drawn as iOS draws a bar's content (issue 30): each pixel a colour
  /// matrix of the glass behind it, chosen by `color`, the tint
  /// (``VibrancyForms``). Only on an item of a glass element.
  public var vibrant = false
  /// The text shown, when the layout gives it (for reports only).
  public var text: String?
  /// 1-based line of the item in its file.
  public var line: Int

  public init(
    id: String, kind: ContentKind, role: String? = nil, weight: FontWeight? = nil,
    sizeInPoints: Double? = nil, color: ColorSpec?, frame: RectInPoints,
    minimumRatio: Double? = nil, text: String? = nil, line: Int = 0
  ) {
    self.id = id
    self.kind = kind
    self.role = role
    self.weight = weight
    self.sizeInPoints = sizeInPoints
    self.color = color
    self.frame = frame
    self.minimumRatio = minimumRatio
    self.text = text
    self.line = line
  }
}

/// A glass (or other material) element of a screen.
public struct Element: Sendable, Hashable {
  public var id: String
  /// A material name of the profile (`glass.regular`, `thin`, ...) or `none`.
  public var material: String
  /// Frame on the canvas, pt.
  public var frame: RectInPoints
  public var shape: ElementShape
  /// The glass `.tint()`; an alpha-less tint takes the profile's default alpha.
  public var tint: ColorSpec?
  /// What the app draws where the profile has no such material (a release
  /// before Liquid Glass, SPEC §3.8); nil: none declared.
  public var fallback: ElementFallback?
  /// Checked for the 44x44 pt minimum target.
  public var interactive: Bool
  /// App overrides per mode.
  public var overrides: [AccessibilityMode: ModeOverride]
  public var content: [ContentItem]
  /// 1-based line of the element in its file.
  public var line: Int

  public init(
    id: String, material: String, frame: RectInPoints, shape: ElementShape = .rect,
    tint: ColorSpec? = nil, interactive: Bool = false,
    overrides: [AccessibilityMode: ModeOverride] = [:], content: [ContentItem] = [],
    line: Int = 0
  ) {
    self.id = id
    self.material = material
    self.frame = frame
    self.shape = shape
    self.tint = tint
    self.interactive = interactive
    self.overrides = overrides
    self.content = content
    self.line = line
  }
}

/// One screen: a canvas and its elements (SPEC §2.2).
public struct Layout: Sendable, Hashable {
  /// Unique id, kebab-case.
  public var id: String
  public var title: String
  /// The device preset name, when the layout names one.
  public var device: String?
  public var canvas: Canvas
  public var elements: [Element]
  /// The layout's own contrast targets (laid over `glass-audit.yml`'s).
  public var targets = ContrastTargets()
  /// The file it was read from, as given (for reports; relative when possible).
  public var file: String

  public init(
    id: String, title: String, device: String? = nil, canvas: Canvas, elements: [Element],
    file: String
  ) {
    self.id = id
    self.title = title
    self.device = device
    self.canvas = canvas
    self.elements = elements
    self.file = file
  }
}

extension ContentItem {
  /// The item's frame (relative to its element) when its text is `scale`
  /// times its size at `large` (SPEC §3.8): the height scales, the width is
  /// kept, and the frame grows in the direction of `grow` (down: the top
  /// stays; up: the bottom stays; both: the centre stays).
  public func frame(scaledBy scale: Double) -> RectInPoints {
    guard scale != 1 else { return frame }
    let height = frame.height * scale
    let dy: Double
    switch grow {
    case .down: dy = 0
    case .up: dy = frame.height - height
    case .both: dy = (frame.height - height) / 2
    }
    return RectInPoints(x: frame.x, y: frame.y + dy, width: frame.width, height: height)
  }
}
