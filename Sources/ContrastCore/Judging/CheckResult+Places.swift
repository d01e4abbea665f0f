/// Fields that many checks hold alike, stored once in an object they all
/// point to; compared and hashed by value, so two equal objects are equal
/// whatever their identity. A change makes a new object (``with(_:)``).
@dynamicMemberLookup
final class SharedFields<Fields: Hashable & Sendable>: Sendable, Hashable {
  let fields: Fields

  init(_ fields: Fields) { self.fields = fields }

  subscript<T>(dynamicMember path: KeyPath<Fields, T>) -> T { fields[keyPath: path] }

  /// These fields with `change` made: a new object, or this one when the
  /// change changes nothing (so a check that sets a field to its value
  /// keeps sharing).
  func with(_ change: (inout Fields) -> Void) -> SharedFields {
    var f = fields
    change(&f)
    return f == fields ? self : SharedFields(f)
  }

  static func == (a: SharedFields, b: SharedFields) -> Bool { a === b || a.fields == b.fields }
  func hash(into h: inout Hasher) { h.combine(fields) }
}

extension CheckResult {
  /// Where a check's item is: the same for every check of the item.
  struct ItemFields: Hashable, Sendable {
    var layout: String
    var element: String
    var item: String
    var kind: ContentKind
    var role: String?
    var file: String
    var line: Int
    /// Whether the item is vibrant (issue 30): drawn as a colour matrix of
    /// the glass behind it, its colour the tint.
    var vibrant = false
  }

  /// The scene of a check beyond its item: the same for every item of the
  /// scene and text setting.
  struct SceneFields: Hashable, Sendable {
    var wallpaper: String
    var appearance: Appearance
    var mode: AccessibilityMode
    var liquidGlass: LiquidGlassSetting?
    var profile: String
    var textSetting = TextSetting.default
  }

  /// How a check's item is drawn and judged: the same for many checks of
  /// the item (every wallpaper, often every setting).
  struct LookFields: Hashable, Sendable {
    var color: String
    var material: String
    var trustBasis: String
    var trust: VerdictTrust
    var largeText: Bool
    var threshold: Double
    var bounds: ContrastBounds
    var thresholdSource: ThresholdSource = .wcag
    /// How far, in levels, the colour of its material may be from iOS's
    /// (``ProfileUncertainty``): the width of its interval.
    var uncertainty: Double = 0
  }

  typealias ItemPlace = SharedFields<ItemFields>
  typealias ScenePlace = SharedFields<SceneFields>
  typealias Look = SharedFields<LookFields>

  /// A remedy, which only failing checks carry, out of line.
  final class RemedyBox: Sendable, Hashable {
    let value: Remedy

    init(_ value: Remedy) { self.value = value }

    static func == (a: RemedyBox, b: RemedyBox) -> Bool { a === b || a.value == b.value }
    func hash(into h: inout Hasher) { h.combine(value) }
  }
}
