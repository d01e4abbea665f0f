/// A run's checks held as columns (issue 28 part 3): what many checks share
/// (their item's place, their scene, their look, a failing group's remedy)
/// dictionary-encoded, one index per check into the distinct objects; the
/// verdict, each statistic, the judged ratio and the pixel count each in a
/// flat array of its own. A check reads and writes as a ``CheckResult``
/// row, made from the columns when asked for; a report that reads one
/// column (the verdicts, say) reads it alone.
///
/// A row written over another keeps the objects the old one named among
/// the distinct ones (they are few: items, scenes and looks, not checks).
public struct CheckColumns: Sendable {
  private var places = Distinct<CheckResult.ItemPlace>()
  private var scenes = Distinct<CheckResult.ScenePlace>()
  private var looks = Distinct<CheckResult.Look>()
  private var remedies = Distinct<CheckResult.RemedyBox>()

  private var placeOf: [UInt32] = []
  private var sceneOf: [UInt32] = []
  private var lookOf: [UInt32] = []
  /// ``noRemedy`` for a check without one.
  private var remedyOf: [UInt32] = []
  public private(set) var verdicts: [Verdict] = []
  public private(set) var minimum: [Double] = []
  public private(set) var p05: [Double] = []
  public private(set) var p10: [Double] = []
  public private(set) var median: [Double] = []
  public private(set) var mean: [Double] = []
  public private(set) var maximum: [Double] = []
  public private(set) var failingFraction: [Double] = []
  public private(set) var judgedRatio: [Double] = []
  public private(set) var pixelCount: [Int] = []

  private static let noRemedy = UInt32.max

  /// Distinct objects and each one's index, found by identity.
  private struct Distinct<Object: AnyObject & Sendable>: Sendable {
    var objects: [Object] = []
    var index: [ObjectIdentifier: UInt32] = [:]

    mutating func code(_ o: Object) -> UInt32 {
      let id = ObjectIdentifier(o)
      if let k = index[id] { return k }
      precondition(objects.count < Int(CheckColumns.noRemedy), "too many distinct objects")
      let k = UInt32(objects.count)
      objects.append(o)
      index[id] = k
      return k
    }
  }

  public init() {}

  public init(_ rows: some Sequence<CheckResult>) {
    self.init()
    append(contentsOf: rows)
  }

  public mutating func reserveCapacity(_ n: Int) {
    placeOf.reserveCapacity(n)
    sceneOf.reserveCapacity(n)
    lookOf.reserveCapacity(n)
    remedyOf.reserveCapacity(n)
    verdicts.reserveCapacity(n)
    minimum.reserveCapacity(n)
    p05.reserveCapacity(n)
    p10.reserveCapacity(n)
    median.reserveCapacity(n)
    mean.reserveCapacity(n)
    maximum.reserveCapacity(n)
    failingFraction.reserveCapacity(n)
    judgedRatio.reserveCapacity(n)
    pixelCount.reserveCapacity(n)
  }

  public mutating func append(_ r: CheckResult) {
    placeOf.append(places.code(r.place))
    sceneOf.append(scenes.code(r.scene))
    lookOf.append(looks.code(r.look))
    remedyOf.append(r.remedyBox.map { remedies.code($0) } ?? Self.noRemedy)
    verdicts.append(r.verdict)
    minimum.append(r.contrast.min)
    p05.append(r.contrast.p05)
    p10.append(r.contrast.p10)
    median.append(r.contrast.median)
    mean.append(r.contrast.mean)
    maximum.append(r.contrast.max)
    failingFraction.append(r.contrast.failingFraction)
    judgedRatio.append(r.judgedRatio)
    pixelCount.append(r.pixelCount)
  }

  public mutating func append(contentsOf rows: some Sequence<CheckResult>) {
    for r in rows { append(r) }
  }

  /// Another table's checks after these: its distinct objects taken in
  /// once each, its columns copied.
  public mutating func append(contentsOf other: CheckColumns) {
    if isEmpty {
      self = other
      return
    }
    func mapped<T>(_ codes: [UInt32], _ from: Distinct<T>, into: inout Distinct<T>)
      -> [UInt32]
    {
      let map = from.objects.map { into.code($0) }
      return codes.map { $0 == Self.noRemedy ? $0 : map[Int($0)] }
    }
    placeOf += mapped(other.placeOf, other.places, into: &places)
    sceneOf += mapped(other.sceneOf, other.scenes, into: &scenes)
    lookOf += mapped(other.lookOf, other.looks, into: &looks)
    remedyOf += mapped(other.remedyOf, other.remedies, into: &remedies)
    verdicts += other.verdicts
    minimum += other.minimum
    p05 += other.p05
    p10 += other.p10
    median += other.median
    mean += other.mean
    maximum += other.maximum
    failingFraction += other.failingFraction
    judgedRatio += other.judgedRatio
    pixelCount += other.pixelCount
  }

  public static func += (a: inout CheckColumns, b: CheckColumns) { a.append(contentsOf: b) }
  public static func += (a: inout CheckColumns, b: some Sequence<CheckResult>) {
    a.append(contentsOf: b)
  }

  /// Check `i`'s remedy, set alone (the other columns untouched).
  mutating func setRemedy(_ box: CheckResult.RemedyBox?, at i: Int) {
    remedyOf[i] = box.map { remedies.code($0) } ?? Self.noRemedy
  }

  /// The identity of check `i`'s item place (shared by its item's checks).
  func placeIdentity(at i: Int) -> ObjectIdentifier {
    ObjectIdentifier(places.objects[Int(placeOf[i])])
  }

  /// The rows in the order of `order` (each index once).
  mutating func permute(_ order: [Int]) {
    precondition(order.count == count, "a permutation of every check")
    func moved<T>(_ column: [T]) -> [T] { order.map { column[$0] } }
    placeOf = moved(placeOf)
    sceneOf = moved(sceneOf)
    lookOf = moved(lookOf)
    remedyOf = moved(remedyOf)
    verdicts = moved(verdicts)
    minimum = moved(minimum)
    p05 = moved(p05)
    p10 = moved(p10)
    median = moved(median)
    mean = moved(mean)
    maximum = moved(maximum)
    failingFraction = moved(failingFraction)
    judgedRatio = moved(judgedRatio)
    pixelCount = moved(pixelCount)
  }

  /// The distinct item places and scenes, and each check's index among
  /// them (``sortInReportOrder()``).
  var placeCodes: (objects: [CheckResult.ItemPlace], of: [UInt32]) { (places.objects, placeOf) }
  var sceneCodes: (objects: [CheckResult.ScenePlace], of: [UInt32]) { (scenes.objects, sceneOf) }
}

extension CheckColumns: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { verdicts.count }

  public subscript(i: Int) -> CheckResult {
    // (Inlined, a caller that reads one field of the row lets the compiler
    // drop the other objects' retains.)
    @inline(__always) get {
      let remedy = remedyOf[i]
      var r = CheckResult(
        place: places.objects[Int(placeOf[i])], scene: scenes.objects[Int(sceneOf[i])],
        look: looks.objects[Int(lookOf[i])],
        contrast: ContrastStatistics(
          min: minimum[i], p05: p05[i], p10: p10[i], median: median[i], mean: mean[i],
          max: maximum[i], failingFraction: failingFraction[i]),
        verdict: verdicts[i], judgedRatio: judgedRatio[i], pixelCount: pixelCount[i])
      if remedy != Self.noRemedy { r.remedyBox = remedies.objects[Int(remedy)] }
      return r
    }
    set {
      placeOf[i] = places.code(newValue.place)
      sceneOf[i] = scenes.code(newValue.scene)
      lookOf[i] = looks.code(newValue.look)
      remedyOf[i] = newValue.remedyBox.map { remedies.code($0) } ?? Self.noRemedy
      verdicts[i] = newValue.verdict
      minimum[i] = newValue.contrast.min
      p05[i] = newValue.contrast.p05
      p10[i] = newValue.contrast.p10
      median[i] = newValue.contrast.median
      mean[i] = newValue.contrast.mean
      maximum[i] = newValue.contrast.max
      failingFraction[i] = newValue.contrast.failingFraction
      judgedRatio[i] = newValue.judgedRatio
      pixelCount[i] = newValue.pixelCount
    }
  }
}

extension CheckColumns: ExpressibleByArrayLiteral, Equatable {
  public init(arrayLiteral rows: CheckResult...) { self.init(rows) }

  /// Equal when they hold the same checks in the same order (whatever
  /// objects they share).
  public static func == (a: CheckColumns, b: CheckColumns) -> Bool { a.elementsEqual(b) }
  public static func == (a: CheckColumns, b: [CheckResult]) -> Bool { a.elementsEqual(b) }
}
