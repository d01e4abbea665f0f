import Testing

@testable import ContrastCore

/// The blur of a material in the profile format (SPEC §3.1): a list of
/// Gaussians `{sigma: CURVE, share: CURVE}`, one without a share, or the
/// shorthand `blurRadius`/`blurMix`; every mistake reported with
/// `file:line:col`, and overrides replacing a blur whole.
@Suite struct ProfileBlurTests {
  static let profile = try! ProfileLoader.loadDefault()

  /// `file:line:column` of the `occurrence`-th `needle` in `text` (1-based).
  static func place(
    of needle: String, in text: String, file: String = "cal.yml", occurrence: Int = 1
  ) -> String {
    var rest = text[...]
    var found = text.startIndex
    for _ in 0..<occurrence {
      guard let r = rest.firstRange(of: needle) else { return "\(needle) not found" }
      found = r.lowerBound
      rest = text[r.upperBound...]
    }
    let before = text[..<found]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return "\(file):\(line):\(text[lineStart..<found].count + 1)"
  }

  /// An override of glass.clear's light blur: `body` follows `blur:`.
  static func clearLight(_ body: String) -> String {
    "materials:\n  glass.clear:\n    light:\n      \(body)\n"
  }

  /// The diagnostics of `override` laid over the default profile.
  static func errors(_ override: String) -> [String] {
    do {
      _ = try ProfileLoader.mergedOverDefault(override: override, overrideFile: "cal.yml")
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  static func merged(_ override: String) throws -> Profile {
    try ProfileLoader.mergedOverDefault(override: override, overrideFile: "cal.yml")
  }

  // MARK: Reading

  @Test func aListOfCurvesIsRead() throws {
    let text = Self.clearLight(
      """
      blur:
              - sigma: {by: shortSide, table: [[48, 2], [96, 4]]}
              - sigma: 12
                share: {by: setting, table: [[0, 0.1], [1, 0.3]]}
      """)
    let p = try Self.merged(text)
    #expect(
      p.materials["glass.clear"]?.light.blur
        == MaterialBlur([
          BlurComponent(
            sigmaInPoints: .table(.shortSide, [.init(48, 2), .init(96, 4)]), share: nil),
          BlurComponent(
            sigmaInPoints: 12, share: .table(.setting, [.init(0, 0.1), .init(1, 0.3)])),
        ]))
    #expect(
      p.provenance["materials.glass.clear.light.blur[1].share.table[1][1]"]?.trust == .assumption)
    #expect(
      p.provenance["materials.glass.clear.light.blur[0].sigma"]?.source
        == "cal.yml (no source given)")
  }

  /// An override file of the old form keeps working: its shorthand replaces
  /// the base's list, in that appearance only.
  @Test func theShorthandOfAnOldOverrideReplacesTheList() throws {
    let p = try Self.merged(Self.clearLight("{blurRadius: 10, blurMix: 0.3}"))
    let clear = try #require(p.materials["glass.clear"])
    #expect(clear.light.blur == .shorthand(radiusInPoints: 10, mix: 0.3))
    #expect(clear.dark.blur == Self.profile.materials["glass.clear"]?.dark.blur)
    #expect(p.provenance["materials.glass.clear.light.blurMix"]?.trust == .assumption)
    #expect(p.provenance.keys.allSatisfy { !$0.hasPrefix("materials.glass.clear.light.blur[") })
  }

  /// A list replaces the base's whole list, and a standard material's shorthand.
  @Test func aListReplacesTheBasesBlurWhole() throws {
    let p = try Self.merged(
      """
      materials:
        glass.regular: {dark: {blur: [{sigma: 2}]}}
        thin: {light: {blur: [{sigma: 0}, {sigma: 30, share: 0.9}]}}
      """)
    #expect(
      p.materials["glass.regular"]?.dark.blur
        == MaterialBlur([BlurComponent(sigmaInPoints: 2, share: nil)]))
    #expect(
      p.materials["glass.regular"]?.light.blur
        == Self.profile.materials["glass.regular"]?.light.blur)
    #expect(
      p.materials["thin"]?.light.blur
        == MaterialBlur([
          BlurComponent(sigmaInPoints: 0, share: nil), BlurComponent(sigmaInPoints: 30, share: 0.9),
        ]))
    #expect(p.provenance["materials.thin.light.blurRadius"] == nil)
    #expect(p.provenance["materials.thin.dark.blurRadius"] != nil)
  }

  // MARK: Errors

  @Test func aNegativeSigmaIsRefused() {
    let text = Self.clearLight("blur: [{sigma: 0}, {sigma: -1.5, share: 0.5}]")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "-1.5", in: text)): materials.glass.clear.light.blur[1].sigma: -1.5 is "
          + "out of range: expected a value >= 0"
      ])
  }

  @Test func aNegativeSigmaInAGridIsRefused() {
    let text = Self.clearLight(
      "blur: [{sigma: {grid: {shortSide: [48, 96], setting: [0, 1], values: [[1, 2], [3, -4]]}}}]")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "-4", in: text)): materials.glass.clear.light.blur[0].sigma.grid"
          + ".values[1][1]: -4 is out of range: expected a value >= 0"
      ])
  }

  @Test func aShareOutsideZeroToOneIsRefused() {
    let text = Self.clearLight(
      "blur: [{sigma: 0}, {sigma: 4, share: {by: setting, table: [[0, 0.2], [1, 1.2]]}}]")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "1.2", in: text)): materials.glass.clear.light.blur[1].share.table[1][1]: "
          + "1.2 is out of range: expected a value in [0, 1]"
      ])
    let negative = Self.clearLight("blur: [{sigma: 0}, {sigma: 4, share: -0.1}]")
    #expect(
      Self.errors(negative) == [
        "\(Self.place(of: "-0.1", in: negative)): materials.glass.clear.light.blur[1].share: -0.1 "
          + "is out of range: expected a value in [0, 1]"
      ])
  }

  /// 0.7 at setting 1 plus 0.4 at 180 pt: 1.1 there, though each share is
  /// in range and the sum is below 1 at the other corners but one.
  @Test func sharesThatExceedOneSomewhereAreRefused() {
    let text = Self.clearLight(
      """
      blur:
              - sigma: 0
              - {sigma: 4, share: {by: setting, table: [[0, 0.5], [1, 0.7]]}}
              - {sigma: 9, share: {by: shortSide, table: [[48, 0.2], [180, 0.4]]}}
      """)
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "- sigma: 0", in: text)): materials.glass.clear.light.blur: the shares "
          + "add up to 1.1 at shortSide 180, setting 1, more than 1: the shares of a blur sum to 1 "
          + "at every size and setting"
      ])
    // At most 1 everywhere (0.6 + 0.4 at the worst corner) is accepted.
    #expect(Self.errors(text.replacing("[1, 0.7]", with: "[1, 0.6]")) == [])
  }

  @Test func constantSharesAboveOneAreRefused() {
    let text = Self.clearLight("blur: [{sigma: 0}, {sigma: 4, share: 0.6}, {sigma: 8, share: 0.5}]")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "[{", in: text)): materials.glass.clear.light.blur: the shares add up to "
          + "1.1, more than 1: the shares of a blur sum to 1 at every size and setting"
      ])
  }

  @Test func everyComponentGivingAShareIsRefused() {
    let text = Self.clearLight("blur: [{sigma: 0, share: 0.5}, {sigma: 4, share: 0.5}]")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "[{", in: text)): materials.glass.clear.light.blur: every component "
          + "gives a share: exactly one must omit 'share' and take the remainder, 1 minus the "
          + "others' shares"
      ])
  }

  @Test func twoComponentsWithoutAShareAreRefused() {
    let text = Self.clearLight("blur: [{sigma: 0}, {sigma: 2, share: 0.2}, {sigma: 4}]")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "{sigma: 4}", in: text)): materials.glass.clear.light.blur[2]: "
          + "components 0 and 2 both omit 'share': exactly one takes the remainder; give the "
          + "others a share"
      ])
  }

  @Test func anEmptyOrMissingListIsRefused() {
    let empty = Self.clearLight("blur: []")
    #expect(
      Self.errors(empty) == [
        "\(Self.place(of: "[]", in: empty)): materials.glass.clear.light.blur: expected a list of "
          + "blur components {sigma: ..., share: ...}, got an empty list"
      ])
    let scalar = Self.clearLight("blur: 4")
    #expect(
      Self.errors(scalar) == [
        "\(Self.place(of: "4", in: scalar)): materials.glass.clear.light.blur: expected a list of "
          + "blur components {sigma: ..., share: ...}, got '4'"
      ])
    let noSigma = Self.clearLight("blur: [{share: 0.5}, {sigma: 1}]")
    #expect(
      Self.errors(noSigma) == [
        "\(Self.place(of: "{share", in: noSigma)): materials.glass.clear.light.blur[0]: missing "
          + "key 'sigma'"
      ])
  }

  @Test func aMaterialWithoutABlurIsRefused() throws {
    var text = ProfileLoader.defaultProfileText
    let chrome = try #require(text.range(of: "  chrome:\n"))
    let old =
      "      blurRadius: {value: 22.5, source: *recipe, trust: third-party-measurement}\n"
      + "      blurMix: {value: 1, source: *recipe, trust: third-party-measurement}\n"
    let at = try #require(text.range(of: old, range: chrome.upperBound..<text.endIndex))
    text.replaceSubrange(at, with: "")
    let light = Self.place(of: "saturation: 1.12109", in: text, file: "p.yml")
    #expect(
      (try? ProfileLoader.load(yaml: text, file: "p.yml")) == nil
        && Self.loadErrors(text) == [
          "\(light): materials.chrome.light: missing key 'blur' (a list of {sigma: ..., share: "
            + "...}; or the shorthand 'blurRadius' and 'blurMix')"
        ])
  }

  static func loadErrors(_ text: String) -> [String] {
    do {
      _ = try ProfileLoader.load(yaml: text, file: "p.yml")
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test func aListAndTheShorthandTogetherAreRefused() {
    let text = Self.clearLight("{blur: [{sigma: 2}], blurRadius: 3, blurMix: 1}")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "blurRadius", in: text)): materials.glass.clear.light: both 'blur' and "
          + "'blurRadius' are given: write the blur once, as the list 'blur' or as its shorthand "
          + "'blurRadius' and 'blurMix'"
      ])
  }

  /// Over a base whose blur is a list, half the shorthand has nothing to
  /// pair with.
  @Test func halfTheShorthandOverAListIsExplained() {
    let text = Self.clearLight("{blurMix: 0.4}")
    #expect(
      Self.errors(text) == [
        "\(Self.place(of: "blurMix", in: text)): materials.glass.clear.light: 'blurMix' needs "
          + "'blurRadius' beside it (the two are the shorthand of one blur), or write the blur as a "
          + "list: blur: [{sigma: ..., share: ...}, ...]"
      ])
    // Over a base that writes the shorthand, half of it merges as before.
    #expect(Self.errors("materials: {thin: {dark: {blurMix: 0.4}}}\n") == [])
  }
}
