/// The run's checks as the fix goes, by item (`layout/element/item`),
/// each with its fingerprint, and the remedy search of the failing ones.
/// A trial is audited as a layout of its own, `layout~n`
/// (``LayoutFixer``): its checks are read under the layout's own id, so
/// that they compare with the run's.
struct FixState {
  struct Check {
    /// The layout it is read as (a trial's `layout~n` as `layout`).
    var base: String
    var result: CheckResult
    var verdict: Verdict { result.verdict }
    var judgedRatio: Double { result.judgedRatio }
    /// Its identity under ``base``: made when compared, not held for
    /// every check of a large run.
    var fingerprint: String {
      ([base] + result.identityParts.dropFirst()).joined(separator: "/")
    }
  }

  private var byItem: [String: [Check]] = [:]
  private var search: [String: RemedyAccumulator.Group] = [:]
  /// The checks not held (of elements a fix cannot change), counted.
  private var otherCount = 0
  private var otherFailing = 0

  /// The checks of `results` (and their remedy search) whose layout is
  /// `layout` (every one when nil), read as checks of `name` (the layout's
  /// own id when a trial's is `name~n`); of the elements in `elements`
  /// alone (`layout/element`) when given, the others only counted.
  init(
    results: CheckColumns, search s: RemedyAccumulator, layout: String? = nil,
    readAs name: String? = nil, elements: Set<String>? = nil
  ) {
    for r in results where layout == nil || r.layout == layout {
      let base = name ?? r.layout
      if let elements, !elements.contains("\(base)/\(r.element)") {
        otherCount += 1
        if r.verdict == .fail { otherFailing += 1 }
        continue
      }
      byItem["\(base)/\(r.element)/\(r.item)", default: []].append(Check(base: base, result: r))
    }
    for (k, g) in s.groups {
      guard let layout else {
        search[k] = g
        continue
      }
      if k.hasPrefix(layout + "/") { search[(name ?? layout) + k.dropFirst(layout.count)] = g }
    }
  }

  /// Adds `base`'s checks (and remedy search) of `items` in the
  /// appearances not in `audited`: a trial audited only where it draws
  /// differently stands as the run was elsewhere.
  mutating func fill(from base: FixState, items: [String], except audited: Set<Appearance>) {
    for k in items {
      byItem[k, default: []] += base.checks(k).filter { !audited.contains($0.result.appearance) }
      for (key, g) in base.search where key.hasPrefix(k + "/") {
        let appearance = key.dropFirst(k.count + 1).prefix { $0 != "/" }
        if let a = Appearance(rawValue: String(appearance)), !audited.contains(a) {
          search[key] = g
        }
      }
    }
  }

  /// Adds `base`'s checks of `items` in `columns`: the scenes a trial
  /// draws as the run stands (``FixScenes``), not audited again. Each
  /// item's checks are then in the order an audit of every scene gives
  /// (its scenes' report order), as the reasons a change is not kept read
  /// them. (No remedy search is taken: a trial audited without it has none.)
  mutating func fill(from base: FixState, items: [String], columns: Set<SceneColumn>) {
    for k in items {
      let taken = base.checks(k).filter { columns.contains(SceneColumn(of: $0.result)) }
      if taken.isEmpty { continue }
      byItem[k] = (byItem[k, default: []] + taken).sorted {
        CheckResult.SceneFields.order($0.result.scene.fields, $1.result.scene.fields) ?? false
      }
    }
  }

  static func itemKey(_ r: CheckResult) -> String { "\(r.layout)/\(r.element)/\(r.item)" }

  func checks(_ item: String) -> [Check] { byItem[item] ?? [] }
  func failing(_ item: String) -> [Check] { checks(item).filter { $0.verdict == .fail } }
  var failingCount: Int {
    byItem.values.reduce(otherFailing) { $0 + $1.count(where: { $0.verdict == .fail }) }
  }
  var count: Int { byItem.values.reduce(otherCount) { $0 + $1.count } }

  func items(of element: String) -> [String] {
    byItem.keys.filter { $0.hasPrefix(element + "/") }.sorted()
  }

  /// The checks of `element`'s items that pass here and fail in `after`.
  func broken(element: String, by after: FixState) -> [Check] {
    var out: [Check] = []
    for k in items(of: element) {
      let passed = Set(checks(k).filter { $0.verdict != .fail }.map(\.fingerprint))
      out += after.failing(k).filter { passed.contains($0.fingerprint) }
    }
    return out
  }

  /// The failing checks of `element`'s items (but `except`) whose judged
  /// ratio is lower in `after`.
  func worsened(element: String, by after: FixState, except: Set<String>) -> [Check] {
    var out: [Check] = []
    for k in items(of: element) where !except.contains(k) {
      let now = Dictionary(after.checks(k).map { ($0.fingerprint, $0) }) { a, _ in a }
      for r in failing(k) {
        if let n = now[r.fingerprint], n.judgedRatio < r.judgedRatio { out.append(n) }
      }
    }
    return out
  }

  mutating func take(item: String, from after: FixState) {
    byItem[item] = after.checks(item)
    for (k, g) in after.search where k.hasPrefix(item + "/") { search[k] = g }
  }

  mutating func take(element: String, from after: FixState) {
    for k in Set(items(of: element) + after.items(of: element)) {
      byItem[k] = after.checks(k)
    }
    search = search.filter { !$0.key.hasPrefix(element + "/") }
    for (k, g) in after.search where k.hasPrefix(element + "/") { search[k] = g }
  }

  /// The changes to try for `fix`'s item, from the remedy search of the
  /// scenes where it fails now; `edited`: the edits kept in its layout,
  /// so that the item and element are read as they now are.
  func candidates(
    for fix: ItemFix, layouts: [String: Layout], edited: [LayoutEdit]? = nil
  ) -> [FixCandidate] {
    guard let (element, item, groups) = inputs(for: fix, layouts: layouts, edited: edited)
    else { return [] }
    return FixCandidates.candidates(item: item, element: element, groups: groups)
  }

  /// Why ``candidates(for:layouts:edited:)`` proposes nothing.
  func unavailable(for fix: ItemFix, layouts: [String: Layout]) -> String {
    guard let (element, item, groups) = inputs(for: fix, layouts: layouts, edited: nil) else {
      return "the item is not in its layout"
    }
    return FixCandidates.unavailable(item: item, element: element, groups: groups)
  }

  /// The item and its element as the kept edits leave them, and the
  /// remedy search of every scene where it fails.
  private func inputs(
    for fix: ItemFix, layouts: [String: Layout], edited: [LayoutEdit]?
  ) -> (Element, ContentItem, [FixCandidates.Group])? {
    guard let layout = layouts[fix.layout],
      var element = layout.elements.first(where: { $0.id == fix.element }),
      var item = element.content.first(where: { $0.id == fix.item })
    else { return nil }
    for e in edited ?? [] where e.element == fix.element {
      Self.applyToModel(e, element: &element, item: &item)
    }
    let k = "\(fix.layout)/\(fix.element)/\(fix.item)"
    var seen: Set<String> = []
    var groups: [FixCandidates.Group] = []
    for r in failing(k) {
      // (A trial's checks name its `layout~n`: the search is kept under
      // the layout's own id.)
      let raw = RemedyAccumulator.key(r.result)
      let key = fix.layout + raw.drop(while: { $0 != "/" })
      guard seen.insert(key).inserted, let g = search[key] else { continue }
      groups.append(
        FixCandidates.Group(appearance: r.result.appearance, mode: r.result.mode, search: g))
    }
    return (element, item, groups)
  }

  /// What the candidates read of a kept edit: the element's material,
  /// fallback and tint, the item's colour.
  static func applyToModel(_ e: LayoutEdit, element: inout Element, item: inout ContentItem) {
    switch (e.item, e.key, e.value) {
    case (nil, "material", .text(let m)): element.material = m
    case (nil, "fallback", .text(let m)): element.fallback = .material(m)
    case (nil, "tint", let v): element.tint = v.colorSpec
    case (item.id?, "color", let v): item.color = v.colorSpec
    default: break
    }
  }
}
