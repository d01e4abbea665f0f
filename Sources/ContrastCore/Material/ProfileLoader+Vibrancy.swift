/// How vibrant content is drawn on glass: the space the matrix works in.
/// Only encoded sRGB is known to be used (and that is an assumption).
enum VibrancySpace: String, CaseIterable {
  case encodedSRGB
}

extension ProfileDecoder {
  /// The optional `vibrancy` section (issue 30): the numbers of the closed
  /// forms of ``VibrancyForms``, the space the matrix works in
  /// (`encodedSRGB`), and what Reduce Transparency and Increase Contrast
  /// do to vibrant content (`matrix` or `tint`). Every key is required.
  mutating func vibrancy(_ node: YAMLNode) -> VibrancyForms? {
    let path = "vibrancy"
    let keys = [
      "identityScale", "tintLevel", "lightSpread", "grey", "space", "reduceTransparency",
      "increaseContrast",
    ]
    guard let f = fields(node, path: path, allowed: keys, required: keys) else { return nil }
    let identity = number(f["identityScale"], path: "\(path).identityScale", range: .nonNegative)
    let level = number(f["tintLevel"], path: "\(path).tintLevel", range: .any)
    let spread = number(f["lightSpread"], path: "\(path).lightSpread", range: .any)
    var grey: (gain: Double, slope: Double, offset: Double, curvature: Double)?
    if let g = f["grey"] {
      let greyKeys = ["gain", "slope", "offset", "curvature"]
      if let h = fields(g, path: "\(path).grey", allowed: greyKeys, required: greyKeys) {
        let gain = number(h["gain"], path: "\(path).grey.gain", range: .any)
        let slope = number(h["slope"], path: "\(path).grey.slope", range: .any)
        let offset = number(h["offset"], path: "\(path).grey.offset", range: .any)
        let curvature = number(h["curvature"], path: "\(path).grey.curvature", range: .any)
        if let gain, let slope, let offset, let curvature {
          grey = (gain, slope, offset, curvature)
        }
      }
    }
    let space = rule(f["space"], path: "\(path).space", as: VibrancySpace.self)
    let rt = rule(
      f["reduceTransparency"], path: "\(path).reduceTransparency", as: VibrancyModeRule.self)
    let ic = rule(
      f["increaseContrast"], path: "\(path).increaseContrast", as: VibrancyModeRule.self)
    guard let identity, let level, let spread, let grey, space != nil, let rt, let ic else {
      return nil
    }
    return VibrancyForms(
      identityScale: identity, tintLevel: level, lightSpread: spread, greyGain: grey.gain,
      greySlope: grey.slope, greyOffset: grey.offset, greyCurvature: grey.curvature,
      reduceTransparency: rt, increaseContrast: ic)
  }

  /// A named choice with its provenance recorded (a rule is a statement of
  /// the profile like a number).
  private mutating func rule<T: RawRepresentable & CaseIterable>(
    _ node: YAMLNode?, path: String, as type: T.Type
  ) -> T? where T.RawValue == String {
    guard let node, let value = choice(node, path: path, as: type), let s = node.scalar else {
      return nil
    }
    recordProvenance(s, at: node.mark, path: path)
    return value
  }
}
