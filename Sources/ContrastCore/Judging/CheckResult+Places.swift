extension CheckResult {
  /// Where a check's item is: the same for every check of the item, so one
  /// object serves them all. Compared by value.
  final class ItemPlace: Sendable, Hashable {
    struct Fields: Hashable {
      var layout: String
      var element: String
      var item: String
      var kind: ContentKind
      var role: String?
      var file: String
      var line: Int
    }
    let fields: Fields

    init(fields: Fields) { self.fields = fields }

    convenience init(
      layout: String, element: String, item: String, kind: ContentKind, role: String?,
      file: String, line: Int
    ) {
      self.init(
        fields: Fields(
          layout: layout, element: element, item: item, kind: kind, role: role, file: file,
          line: line))
    }

    var layout: String { fields.layout }
    var element: String { fields.element }
    var item: String { fields.item }
    var kind: ContentKind { fields.kind }
    var role: String? { fields.role }
    var file: String { fields.file }
    var line: Int { fields.line }

    /// A new place: this one with `change` made.
    func with(_ change: (inout Fields) -> Void) -> ItemPlace {
      var f = fields
      change(&f)
      return ItemPlace(fields: f)
    }

    static func == (a: ItemPlace, b: ItemPlace) -> Bool { a === b || a.fields == b.fields }
    func hash(into h: inout Hasher) { h.combine(fields) }
  }

  /// The scene of a check beyond its item: the same for every item of the
  /// scene, so one object serves them all. Compared by value.
  final class ScenePlace: Sendable, Hashable {
    struct Fields: Hashable {
      var wallpaper: String
      var appearance: Appearance
      var mode: AccessibilityMode
      var liquidGlass: LiquidGlassSetting?
      var profile: String
      var textSize: TextSize = .default
      var boldText = false
    }
    let fields: Fields

    init(fields: Fields) { self.fields = fields }

    convenience init(
      wallpaper: String, appearance: Appearance, mode: AccessibilityMode,
      liquidGlass: LiquidGlassSetting?, profile: String, textSize: TextSize = .default,
      boldText: Bool = false
    ) {
      self.init(
        fields: Fields(
          wallpaper: wallpaper, appearance: appearance, mode: mode, liquidGlass: liquidGlass,
          profile: profile, textSize: textSize, boldText: boldText))
    }

    var wallpaper: String { fields.wallpaper }
    var appearance: Appearance { fields.appearance }
    var mode: AccessibilityMode { fields.mode }
    var liquidGlass: LiquidGlassSetting? { fields.liquidGlass }
    var profile: String { fields.profile }
    var textSize: TextSize { fields.textSize }
    var boldText: Bool { fields.boldText }

    /// A new scene: this one with `change` made.
    func with(_ change: (inout Fields) -> Void) -> ScenePlace {
      var f = fields
      change(&f)
      return ScenePlace(fields: f)
    }

    static func == (a: ScenePlace, b: ScenePlace) -> Bool { a === b || a.fields == b.fields }
    func hash(into h: inout Hasher) { h.combine(fields) }
  }

  /// How a check's item is drawn and judged: the same for many checks of
  /// the item (every wallpaper, often every setting), so one object serves
  /// them. Compared by value.
  final class Look: Sendable, Hashable {
    struct Fields: Hashable {
      var color: String
      var material: String
      var trustBasis: String
      var trust: VerdictTrust
      var largeText: Bool
      var threshold: Double
      var bounds: ContrastBounds
      var thresholdSource: ThresholdSource = .wcag
    }
    let fields: Fields

    init(fields: Fields) { self.fields = fields }

    var color: String { fields.color }
    var material: String { fields.material }
    var trustBasis: String { fields.trustBasis }
    var trust: VerdictTrust { fields.trust }
    var largeText: Bool { fields.largeText }
    var threshold: Double { fields.threshold }
    var bounds: ContrastBounds { fields.bounds }
    var thresholdSource: ThresholdSource { fields.thresholdSource }

    /// A new look: this one with `change` made.
    func with(_ change: (inout Fields) -> Void) -> Look {
      var f = fields
      change(&f)
      return Look(fields: f)
    }

    static func == (a: Look, b: Look) -> Bool { a === b || a.fields == b.fields }
    func hash(into h: inout Hasher) { h.combine(fields) }
  }

  /// A remedy, which only failing checks carry, out of line.
  final class RemedyBox: Sendable, Hashable {
    let value: Remedy

    init(_ value: Remedy) { self.value = value }

    static func == (a: RemedyBox, b: RemedyBox) -> Bool { a === b || a.value == b.value }
    func hash(into h: inout Hasher) { h.combine(value) }
  }
}
