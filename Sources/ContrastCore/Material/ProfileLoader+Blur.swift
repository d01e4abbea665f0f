import Foundation

extension ProfileDecoder {
  /// A material's blur (SPEC §3.1): `blur`, a list of components `{sigma:
  /// CURVE, share: CURVE}` of which exactly one omits `share` (it takes the
  /// remainder), or the shorthand `blurRadius` r and `blurMix` m, [{sigma:
  /// 0, share: 1 - m}, {sigma: r, share: m}]. Not both; one of them when
  /// `required`. `f` are the fields of the appearance's mapping `node`.
  mutating func materialBlur(
    _ node: YAMLNode, _ f: [String: YAMLNode], path: String, required: Bool
  ) -> MaterialBlur? {
    let shorthand = ["blurRadius", "blurMix"].filter { f[$0] != nil }
    if let list = f["blur"] {
      let blur = blurComponents(list, path: Self.join(path, "blur"))
      guard shorthand.isEmpty else {
        let key = shorthand[0]
        report(
          keyMark(of: key, in: node) ?? node.mark, path,
          "both 'blur' and '\(key)' are given: write the blur once, as the list 'blur' or as "
            + "its shorthand 'blurRadius' and 'blurMix'")
        return nil
      }
      return blur
    }
    guard !shorthand.isEmpty else {
      if required {
        report(
          node.mark, path,
          "missing key 'blur' (a list of {sigma: ..., share: ...}; or the shorthand "
            + "'blurRadius' and 'blurMix')")
      }
      return nil
    }
    let radius = number(
      f["blurRadius"], path: Self.join(path, "blurRadius"), range: .nonNegative)
    let mix = number(f["blurMix"], path: Self.join(path, "blurMix"), range: .unitInterval)
    for (key, other) in [("blurRadius", "blurMix"), ("blurMix", "blurRadius")]
    where f[key] == nil {
      report(
        keyMark(of: other, in: node) ?? node.mark, path,
        "'\(other)' needs '\(key)' beside it (the two are the shorthand of one blur), or "
          + "write the blur as a list: blur: [{sigma: ..., share: ...}, ...]")
    }
    guard let radius, let mix else { return nil }
    return .shorthand(radiusInPoints: radius, mix: mix)
  }

  /// The list form of a blur: every component's curves checked (sigma >=
  /// 0, shares in [0, 1]), exactly one component without a share, and the
  /// given shares summing to at most 1 everywhere
  /// (``MaterialBlur/largestGivenShares()``).
  mutating func blurComponents(_ node: YAMLNode, path: String) -> MaterialBlur? {
    guard case .sequence(let items) = node.content, !items.isEmpty else {
      let got: String
      if case .sequence = node.content { got = "an empty list" } else { got = describe(node) }
      report(
        node.mark, path,
        "expected a list of blur components {sigma: ..., share: ...}, got \(got)")
      return nil
    }
    let reported = diagnostics.count
    var components: [BlurComponent] = []
    var remainders: [Int] = []
    for (i, item) in items.enumerated() {
      let at = "\(path)[\(i)]"
      guard let g = fields(item, path: at, allowed: ["sigma", "share"], required: ["sigma"])
      else { continue }
      let sigma = curve(g["sigma"], path: Self.join(at, "sigma"), range: .nonNegative)
      var share: ProfileCurve?
      if let node = g["share"] {
        share = curve(node, path: Self.join(at, "share"), range: .unitInterval)
        if share == nil { continue }
      } else {
        remainders.append(i)
      }
      if let sigma { components.append(BlurComponent(sigmaInPoints: sigma, share: share)) }
    }
    if remainders.isEmpty {
      report(
        node.mark, path,
        "every component gives a share: exactly one must omit 'share' and take the "
          + "remainder, 1 minus the others' shares")
    } else if remainders.count > 1 {
      report(
        items[remainders[1]].mark, "\(path)[\(remainders[1])]",
        "components \(remainders[0]) and \(remainders[1]) both omit 'share': exactly one "
          + "takes the remainder; give the others a share")
    }
    guard components.count == items.count, remainders.count == 1,
      diagnostics.count == reported
    else { return nil }
    let blur = MaterialBlur(components)
    let largest = blur.largestGivenShares()
    if largest.sum > 1 + 1e-9 {
      var place: [String] = []
      if let side = largest.shortSide { place.append("shortSide \(Self.display(side))") }
      if let setting = largest.setting { place.append("setting \(Self.display(setting))") }
      let at = place.isEmpty ? "" : " at " + place.joined(separator: ", ")
      report(
        node.mark, path,
        "the shares add up to \(Self.display(largest.sum))\(at), more than 1: the shares of a "
          + "blur sum to 1 at every size and setting")
      return nil
    }
    return blur
  }

  /// Where the key `key` of the mapping `node` is written.
  func keyMark(of key: String, in node: YAMLNode) -> SourceMark? {
    node.entries?.first { $0.name == key }?.key.mark
  }

  /// A computed number as a message shows it (6 significant digits).
  static func display(_ value: Double) -> String {
    String(format: "%g", value)
  }
}
