/// How far the colour a material draws may be from what iOS draws, in
/// levels 0-255 of each channel, by the trust of the numbers a verdict reads
/// (issue 29 part 4): the profile's `uncertainty` section. A verdict's
/// interval (``ContrastInterval``) is its judged ratio with the backdrop
/// moved that far either way.
///
/// - A verdict whose weakest number is Apple's, or that reads no profile
///   number, has none: Apple's colours are specifications, WCAG's formula
///   is exact.
/// - A verdict whose weakest number is a third party's measurement of the
///   material it is drawn on takes that material's held-out error in the
///   appearance (`measured`: numbers fitted to `fidelity/`, each predicting
///   renders it was not fitted to); one whose material no hold-out covers
///   takes `otherMeasured`.
/// - A verdict that reads an assumption takes `assumption`, wider, argued in
///   the profile.
public struct ProfileUncertainty: Sendable, Hashable {
  /// Per material and appearance (`glass.regular.light`), the held-out error.
  public var measured: [String: Double]
  /// A measured number no hold-out covers.
  public var otherMeasured: Double
  /// An assumed number.
  public var assumption: Double

  public init(measured: [String: Double], otherMeasured: Double, assumption: Double) {
    self.measured = measured
    self.otherMeasured = otherMeasured
    self.assumption = assumption
  }

  /// What a profile that states no `uncertainty` section is given: every
  /// number it measured or assumed is as uncertain as the default profile's
  /// assumptions (the largest error any of its fitted numbers made on a
  /// render it was not fitted to, 8.96 levels, rounded up).
  public static let unstated = ProfileUncertainty(
    measured: [:], otherMeasured: 9, assumption: 9)

  /// The width, in levels, of a verdict of trust `trust` drawn on
  /// `material` in `appearance`.
  public func levels(trust: VerdictTrust, material: String, appearance: Appearance) -> Double {
    switch trust {
    case .exact, .apple: 0
    case .thirdPartyMeasurement:
      measured["\(material).\(appearance.rawValue)"] ?? otherMeasured
    case .assumption: assumption
    }
  }
}

extension ProfileDecoder {
  /// The optional `uncertainty` section: `measured` (per material, `{light:
  /// L, dark: D}`), `otherMeasured` and `assumption`, each in levels 0-255.
  mutating func uncertainty(_ node: YAMLNode) -> ProfileUncertainty? {
    let path = "uncertainty"
    let keys = ["measured", "otherMeasured", "assumption"]
    guard let f = fields(node, path: path, allowed: keys, required: keys) else { return nil }
    let other = number(f["otherMeasured"], path: "\(path).otherMeasured", range: .nonNegative)
    let assumption = number(f["assumption"], path: "\(path).assumption", range: .nonNegative)
    var measured: [String: Double] = [:]
    if let m = f["measured"] {
      for (name, _, value) in named(m, path: "\(path).measured") {
        let at = "\(path).measured.\(name)"
        let names = Appearance.allCases.map(\.rawValue)
        guard let pair = fields(value, path: at, allowed: names, required: names) else {
          continue
        }
        for a in Appearance.allCases {
          if let v = number(pair[a.rawValue], path: "\(at).\(a.rawValue)", range: .nonNegative) {
            measured["\(name).\(a.rawValue)"] = v
          }
        }
      }
    }
    guard let other, let assumption else { return nil }
    if other > assumption, let n = f["otherMeasured"] {
      report(
        n.mark, "\(path).otherMeasured",
        "\(other) is wider than the assumption's \(assumption): a measured number is never "
          + "less certain than an assumed one")
    }
    return ProfileUncertainty(measured: measured, otherMeasured: other, assumption: assumption)
  }
}
