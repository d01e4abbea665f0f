extension ProfileDecoder {
  /// The whole profile, or nil when anything is wrong (see `diagnostics`).
  mutating func profile(_ root: YAMLNode) -> Profile? {
    guard
      let f = fields(
        root, path: "", allowed: Self.topLevelKeys,
        required: Self.topLevelKeys.filter { !Self.optionalTopLevelKeys.contains($0) })
    else { return nil }
    let name = text(f["name"], path: "name")
    var hasLiquidGlass = true
    if let node = f["liquidGlass"] {
      if let s = node.scalar, s.isPlain, s.text == "true" || s.text == "false" {
        hasLiquidGlass = s.text == "true"
      } else {
        report(node.mark, "liquidGlass", "expected true or false, got \(describe(node))")
      }
    }
    let materials = f["materials"].map { self.materials($0, hasLiquidGlass: hasLiquidGlass) }
    let bold = f["boldText"].map { self.boldText($0) }
    let increaseContrast = f["increaseContrast"].flatMap { increaseContrastRules($0) }
    let border = pair(f["border"], path: "border")
    let tintAlpha = number(f["defaultTintAlpha"], path: "defaultTintAlpha", range: .unitInterval)
    let colors = f["colors"].map { self.colors($0) }
    let devices = f["devices"].map { self.devices($0) }
    let roles = f["textRoles"].map { self.textRoles($0) }
    let defaultRole = text(f["defaultTextRole"], path: "defaultTextRole")
    if let defaultRole, let roles, roles[defaultRole] == nil, let node = f["defaultTextRole"] {
      report(
        node.mark, "defaultTextRole",
        "unknown text role '\(defaultRole)'"
          + DidYouMean.hint(for: defaultRole, among: roles.keys.sorted()))
    }
    let largeText = f["largeText"].flatMap { largeTextLimits($0) }
    let target = number(f["minimumTarget"], path: "minimumTarget", range: .positive)
    // A bad `fit` section is reported; `diagnostics` then stops the profile.
    let fit = f["fit"].flatMap { self.fit($0) }
    let vibrancy = f["vibrancy"].flatMap { self.vibrancy($0) }
    let uncertainty = f["uncertainty"].flatMap { self.uncertainty($0) }
    guard diagnostics.isEmpty, let name, let materials, let increaseContrast, let border,
      let tintAlpha, let colors, let devices, let roles, let defaultRole,
      let largeText, let target
    else { return nil }
    var profile = Profile(
      name: name, materials: materials, colors: colors, increaseContrast: increaseContrast,
      borderColor: border, defaultTintAlpha: tintAlpha, devices: devices, textRoles: roles,
      defaultTextRole: defaultRole, largeText: largeText, minimumTargetInPoints: target,
      provenance: provenance, fitMeasurements: fit?.measurements,
      fitResiduals: fit?.residuals ?? [])
    profile.hasLiquidGlass = hasLiquidGlass
    if let bold { profile.boldTextWeights = bold }
    profile.vibrancy = vibrancy
    profile.uncertainty = uncertainty ?? .unstated
    return profile
  }

  /// Bold Text's weights (SPEC §3.8): `{regular: semibold, ...}`, each
  /// weight to a heavier or equal one; a weight not listed is unchanged.
  mutating func boldText(_ node: YAMLNode) -> [FontWeight: FontWeight] {
    let names = FontWeight.allCases.map(\.rawValue)
    guard let f = fields(node, path: "boldText", allowed: names, required: []) else { return [:] }
    var result: [FontWeight: FontWeight] = [:]
    for from in FontWeight.allCases {
      guard let n = f[from.rawValue] else { continue }
      let path = "boldText.\(from.rawValue)"
      guard let to = choice(n, path: path, as: FontWeight.self), let s = n.scalar else { continue }
      recordProvenance(s, at: n.mark, path: path)
      let order = FontWeight.allCases
      if order.firstIndex(of: to)! < order.firstIndex(of: from)! {
        report(n.mark, path, "Bold Text draws \(from.rawValue) as \(to.rawValue), a lighter weight")
        continue
      }
      result[from] = to
    }
    return result
  }

  // MARK: Materials

  mutating func materials(_ node: YAMLNode, hasLiquidGlass: Bool = true)
    -> [String: MaterialDefinition]
  {
    let entries = named(node, path: "materials")
    let names = entries.map(\.key)
    var result: [String: MaterialDefinition] = [:]
    for entry in entries {
      let path = "materials.\(entry.key)"
      if entry.key == "none" {
        report(entry.keyMark, path, "'none' is reserved: it means no material")
        continue
      }
      let hint = nameHint(entry.key, among: names)
      if let material = material(entry.value, name: entry.key, path: path, hint: hint) {
        if !hasLiquidGlass, material.light.kind == .glass {
          report(
            entry.keyMark, path,
            "a glass material in a profile without Liquid Glass (liquidGlass: false)")
          continue
        }
        result[entry.key] = material
      }
    }
    for name in ProfileLoader.requiredMaterials
    where !names.contains(name) && (hasLiquidGlass || !name.hasPrefix("glass.")) {
      report(node.mark, "materials", "missing material '\(name)'")
    }
    return result
  }

  mutating func material(
    _ node: YAMLNode, name: String, path: String, hint: String
  ) -> MaterialDefinition? {
    guard
      let f = fields(
        node, path: path, allowed: ["kind", "light", "dark"], required: ["kind", "light", "dark"],
        missingHint: hint)
    else { return nil }
    let kind = choice(f["kind"], path: Self.join(path, "kind"), as: MaterialKind.self)
    let light = f["light"].flatMap { parameters($0, kind: kind, path: Self.join(path, "light")) }
    let dark = f["dark"].flatMap { parameters($0, kind: kind, path: Self.join(path, "dark")) }
    guard let light, let dark else { return nil }
    return MaterialDefinition(name: name, light: light, dark: dark)
  }

  /// One appearance of a material; with an unknown `kind`, the numbers are
  /// still checked but nothing is returned.
  mutating func parameters(
    _ node: YAMLNode, kind: MaterialKind?, path: String
  ) -> MaterialParameters? {
    let keys: [String]
    var explain: [String: String] = [:]
    switch kind {
    case .glass?:
      keys = Self.glassKeys
      for key in Self.standardKeys where !keys.contains(key) {
        explain[key] = "'\(key)' applies to standard materials; this one is glass"
      }
    case .standard?:
      keys = Self.standardKeys
      for key in Self.glassKeys where !keys.contains(key) {
        explain[key] = "'\(key)' applies to glass materials; this one is standard"
      }
    case nil:
      keys = Self.glassKeys + Self.standardKeys.filter { !Self.glassKeys.contains($0) }
    }
    let required = kind == nil ? [] : keys.filter { !Self.blurKeys.contains($0) }
    guard
      let f = fields(node, path: path, allowed: keys, required: required, explain: explain)
    else { return nil }
    func at(_ key: String) -> String { Self.join(path, key) }
    let blur = materialBlur(node, f, path: path, required: kind != nil)
    let saturation = curve(f["saturation"], path: at("saturation"), range: .nonNegative)
    let white = curve(f["white"], path: at("white"), range: .any)
    let black = curve(f["black"], path: at("black"), range: .any)
    let lumaCap = curve(f["lumaCap"], path: at("lumaCap"), range: .unitInterval)
    let brightness = number(f["brightness"], path: at("brightness"), range: .any)
    let share = number(f["plateShare"], path: at("plateShare"), range: .unitInterval)
    let stops = f["stops"].flatMap { plateStops($0, path: at("stops")) }
    let fill = f["fill"].map { self.fill($0, path: at("fill")) }
    guard let kind, let blur, let saturation else { return nil }
    switch kind {
    case .glass:
      guard let white, let black, let lumaCap, let fill = fill ?? nil else { return nil }
      return MaterialParameters(
        kind: .glass, blur: blur, saturation: saturation, white: white, black: black,
        lumaCap: lumaCap, fill: fill)
    case .standard:
      guard let brightness, let share, let stops else { return nil }
      return MaterialParameters(
        kind: .standard, blur: blur, saturation: saturation, brightness: brightness,
        plateShare: share, plateStops: stops)
    }
  }

  /// The plate's stops: a list of 2 to ``ProfileDecoder/maximumStops`` numbers.
  mutating func plateStops(_ node: YAMLNode, path: String) -> [Double]? {
    guard case .sequence(let items) = node.content,
      (2...Self.maximumStops).contains(items.count)
    else {
      report(
        node.mark, path,
        "expected a list of 2 to \(Self.maximumStops) plate levels, got \(describe(node))")
      return nil
    }
    let values = items.enumerated().map { i, item in
      number(item, path: "\(path)[\(i)]", range: .any)
    }
    let stops = values.compactMap { $0 }
    return stops.count == items.count ? stops : nil
  }

  /// A curve (SPEC §3.2): a number; `{by: shortSide|setting, table: [[x,
  /// v], ...]}`; or `{grid: {shortSide: [...], setting: [...], values:
  /// [[...], ...]}}`, `values[i][j]` at (shortSide[i], setting[j]). The x
  /// values strictly increase; every value is checked against `range`.
  mutating func curve(_ node: YAMLNode?, path: String, range: NumberRange) -> ProfileCurve? {
    guard let node else { return nil }
    guard case .mapping = node.content else {
      return number(node, path: path, range: range).map { .constant($0) }
    }
    if node["grid"] != nil {
      guard let f = fields(node, path: path, allowed: ["grid", "beyondEnds"], required: ["grid"]),
        let gridNode = f["grid"]
      else { return nil }
      beyondEnds(f["beyondEnds"], path: path)
      let gridPath = Self.join(path, "grid")
      let keys = ["shortSide", "setting", "values"]
      guard let g = fields(gridNode, path: gridPath, allowed: keys, required: keys) else {
        return nil
      }
      let sides = axis(g["shortSide"], path: Self.join(gridPath, "shortSide"))
      let settings = axis(g["setting"], path: Self.join(gridPath, "setting"))
      guard let sides, let settings, let valuesNode = g["values"] else { return nil }
      let valuesPath = Self.join(gridPath, "values")
      guard case .sequence(let rows) = valuesNode.content, rows.count == sides.count else {
        report(
          valuesNode.mark, valuesPath,
          "expected a list of \(sides.count) rows (one per shortSide), got \(describe(valuesNode))")
        return nil
      }
      var values: [[Double]] = []
      for (i, row) in rows.enumerated() {
        guard case .sequence(let cells) = row.content, cells.count == settings.count else {
          report(
            row.mark, "\(valuesPath)[\(i)]",
            "expected a list of \(settings.count) values (one per setting), got \(describe(row))")
          return nil
        }
        let numbers = cells.enumerated().compactMap { j, cell in
          number(cell, path: "\(valuesPath)[\(i)][\(j)]", range: range)
        }
        guard numbers.count == cells.count else { return nil }
        values.append(numbers)
      }
      provenance[path] = provenance["\(valuesPath)[0][0]"]
      return .grid(shortSides: sides, settings: settings, values: values)
    }
    guard
      let f = fields(
        node, path: path, allowed: ["by", "table", "beyondEnds"], required: ["by", "table"])
    else { return nil }
    beyondEnds(f["beyondEnds"], path: path)
    let by = choice(f["by"], path: Self.join(path, "by"), as: ProfileCurve.Axis.self)
    guard let tableNode = f["table"] else { return nil }
    let tablePath = Self.join(path, "table")
    guard case .sequence(let items) = tableNode.content, !items.isEmpty else {
      report(
        tableNode.mark, tablePath,
        "expected a list of [x, value] points, got \(describe(tableNode))")
      return nil
    }
    var points: [ProfileCurve.Point] = []
    for (i, item) in items.enumerated() {
      guard case .sequence(let pair) = item.content, pair.count == 2 else {
        report(
          item.mark, "\(tablePath)[\(i)]", "expected a point [x, value], got \(describe(item))")
        return nil
      }
      let x = number(pair[0], path: "\(tablePath)[\(i)][0]", range: .any)
      let v = number(pair[1], path: "\(tablePath)[\(i)][1]", range: range)
      guard let x, let v else { return nil }
      if let previous = points.last, x <= previous.x {
        report(
          pair[0].mark, "\(tablePath)[\(i)][0]",
          "the points' x must increase: \(x) follows \(previous.x)")
        return nil
      }
      points.append(ProfileCurve.Point(x, v))
    }
    guard let by else { return nil }
    provenance[path] = provenance["\(tablePath)[0][1]"]
    return .table(by, points)
  }

  /// A curve's `beyondEnds: held`: the provenance of reading the curve
  /// beyond its outer cells, where it is held constant (without it, such a
  /// reading is an assumption: TrustIndex).
  mutating func beyondEnds(_ node: YAMLNode?, path: String) {
    let at = Self.join(path, "beyondEnds")
    guard let node, choice(node, path: at, as: ProfileCurve.BeyondEnds.self) != nil,
      let s = node.scalar
    else { return }
    recordProvenance(s, at: node.mark, path: at)
  }

  /// A grid's axis: a non-empty list of strictly increasing numbers.
  mutating func axis(_ node: YAMLNode?, path: String) -> [Double]? {
    guard let node else { return nil }
    guard case .sequence(let items) = node.content, !items.isEmpty else {
      report(node.mark, path, "expected a list of increasing numbers, got \(describe(node))")
      return nil
    }
    var xs: [Double] = []
    for (i, item) in items.enumerated() {
      guard let x = number(item, path: "\(path)[\(i)]", range: .any) else { return nil }
      if let previous = xs.last, x <= previous {
        report(item.mark, "\(path)[\(i)]", "the values must increase: \(x) follows \(previous)")
        return nil
      }
      xs.append(x)
    }
    return xs
  }

  /// A fill: `none` (`.some(nil)`) or a colour; nil when invalid.
  mutating func fill(_ node: YAMLNode, path: String) -> RGBA?? {
    if case .scalar(let s) = node.content, s.isPlain, s.text == "none" { return .some(nil) }
    guard let color = color(node, path: path) else { return nil }
    return .some(color)
  }

  // MARK: Increase Contrast and colours

  mutating func increaseContrastRules(_ node: YAMLNode) -> IncreaseContrastRules? {
    let path = "increaseContrast"
    let keys = ["glassFill", "minimumFillAlpha", "minimumPlateShare", "border"]
    guard let f = fields(node, path: path, allowed: keys, required: keys) else { return nil }
    let fill = pair(f["glassFill"], path: "\(path).glassFill", allowAlpha: false)
    let alpha = number(
      f["minimumFillAlpha"], path: "\(path).minimumFillAlpha", range: .unitInterval)
    let share = number(
      f["minimumPlateShare"], path: "\(path).minimumPlateShare", range: .unitInterval)
    let border = number(f["border"], path: "\(path).border", range: .nonNegative)
    guard let fill, let alpha, let share, let border else { return nil }
    return IncreaseContrastRules(
      glassFill: AppearancePair(light: fill.light.rgb, dark: fill.dark.rgb),
      minimumFillAlpha: alpha, minimumPlateShare: share, borderInPoints: border)
  }

  mutating func colors(_ node: YAMLNode) -> [String: SemanticColor] {
    let entries = named(node, path: "colors")
    let names = entries.map(\.key)
    var result: [String: SemanticColor] = [:]
    for entry in entries {
      let path = "colors.\(entry.key)"
      if entry.key.hasPrefix("#") {
        report(entry.keyMark, path, "a colour name cannot start with '#'")
        continue
      }
      guard
        let f = fields(
          entry.value, path: path, allowed: ["light", "dark", "increaseContrast"],
          required: ["light", "dark"], missingHint: nameHint(entry.key, among: names))
      else { continue }
      let light = color(f["light"], path: "\(path).light")
      let dark = color(f["dark"], path: "\(path).dark")
      var increased: AppearancePair<RGBA>??
      if let ic = f["increaseContrast"] {
        if case .scalar(let s) = ic.content, s.isPlain, s.text == "unchanged" {
          increased = .some(nil)
        } else if case .scalar = ic.content {
          report(
            ic.mark, "\(path).increaseContrast",
            "expected 'unchanged' or {light: ..., dark: ...}, got \(describe(ic))")
        } else {
          increased = pair(ic, path: "\(path).increaseContrast").map { .some($0) }
        }
      } else {
        increased = .some(nil)
      }
      guard let light, let dark, let increased else { continue }
      let normal = AppearancePair(light: light, dark: dark)
      result[entry.key] = SemanticColor(
        name: entry.key, normal: normal, increaseContrast: increased ?? normal)
    }
    for name in ProfileLoader.requiredColors where !names.contains(name) {
      report(node.mark, "colors", "missing colour '\(name)'")
    }
    return result
  }

  // MARK: Devices, text

  mutating func devices(_ node: YAMLNode) -> [String: Canvas] {
    let entries = named(node, path: "devices")
    let names = entries.map(\.key)
    var result: [String: Canvas] = [:]
    for entry in entries {
      let path = "devices.\(entry.key)"
      let keys = ["width", "height", "scale"]
      guard
        let f = fields(
          entry.value, path: path, allowed: keys, required: keys,
          missingHint: nameHint(entry.key, among: names))
      else { continue }
      let width = number(f["width"], path: "\(path).width", range: .positive)
      let height = number(f["height"], path: "\(path).height", range: .positive)
      let scale = number(f["scale"], path: "\(path).scale", range: .positive)
      guard let width, let height, let scale else { continue }
      result[entry.key] = Canvas(widthInPoints: width, heightInPoints: height, scale: scale)
    }
    return result
  }

  mutating func textRoles(_ node: YAMLNode) -> [String: TextRole] {
    let entries = named(node, path: "textRoles")
    let names = entries.map(\.key)
    var result: [String: TextRole] = [:]
    for entry in entries {
      let path = "textRoles.\(entry.key)"
      guard
        let f = fields(
          entry.value, path: path, allowed: ["size", "weight", "sizes"],
          required: ["size", "weight"], missingHint: nameHint(entry.key, among: names))
      else { continue }
      let size = number(f["size"], path: "\(path).size", range: .positive)
      let weight = choice(f["weight"], path: "\(path).weight", as: FontWeight.self)
      var sizes: [TextSize: Double] = [:]
      if let n = f["sizes"] {
        let keys = TextSize.allCases.map(\.rawValue)
        if let g = fields(n, path: "\(path).sizes", allowed: keys, required: keys) {
          for t in TextSize.allCases {
            if let v = number(g[t.rawValue], path: "\(path).sizes.\(t.rawValue)", range: .positive)
            {
              sizes[t] = v
            }
          }
        }
      }
      guard let size, let weight else { continue }
      result[entry.key] = TextRole(
        name: entry.key, sizeInPoints: size, weight: weight, sizesInPoints: sizes)
    }
    return result
  }

  mutating func largeTextLimits(_ node: YAMLNode) -> [LargeTextRule: LargeTextLimits]? {
    let rules = LargeTextRule.allCases.map(\.rawValue)
    guard let f = fields(node, path: "largeText", allowed: rules, required: rules) else {
      return nil
    }
    var result: [LargeTextRule: LargeTextLimits] = [:]
    for rule in LargeTextRule.allCases {
      guard let node = f[rule.rawValue] else { continue }
      let path = "largeText.\(rule.rawValue)"
      let keys = ["minimumSize", "minimumBoldSize"]
      guard let g = fields(node, path: path, allowed: keys, required: keys) else { continue }
      let size = number(g["minimumSize"], path: "\(path).minimumSize", range: .positive)
      let bold = number(g["minimumBoldSize"], path: "\(path).minimumBoldSize", range: .nonNegative)
      guard let size, let bold else { continue }
      result[rule] = LargeTextLimits(minimumSize: size, minimumBoldSize: bold)
    }
    return result.count == rules.count ? result : nil
  }
}
