import Testing

@testable import ContrastCore

/// The Gaussian's symmetric sums on the vector unit (`FastEngine`, the C
/// loops of `CPixelKernel/csymmetric.c`) against the Swift loops of
/// `RowKernels`, their reference, bit for bit at every vector level: for
/// counts that are and are not multiples of the vector widths, radii from 1
/// to the exact path's largest, and the blurs built on them.
@Suite struct SymmetricSumsTests {
  /// `count` random floats (some negative, as an interpolation's differences are).
  static func samples(_ count: Int, _ rng: inout SeededGenerator) -> [Float] {
    (0..<count).map { _ in Float(Int(rng.next() % 131_072) - 16_384) / 65_535 }
  }

  @Test(arguments: [(1, 1), (3, 7), (12, 16), (24, 33), (47, 3 * 431), (5, 200)])
  func columnPassesMatchTheSwiftLoops(radius: Int, count: Int) {
    var rng = SeededGenerator(seed: UInt64(31 * radius + count))
    let rows = (0..<(2 * radius + 2)).map { _ in Self.samples(count, &rng) }
    let weights = (0...radius).map { _ in Float(rng.next() % 1000) / 4000 }
    let storage = rows.map { row -> UnsafeMutablePointer<Float> in
      let p = UnsafeMutablePointer<Float>.allocate(capacity: count)
      p.initialize(from: row, count: count)
      return p
    }
    defer { for p in storage { p.deallocate() } }
    let lines = storage.map { UnsafePointer($0) }
    func run(_ body: (UnsafePointer<UnsafePointer<Float>>, UnsafePointer<Float>) -> Void) {
      lines.withUnsafeBufferPointer { l in
        weights.withUnsafeBufferPointer { w in body(l.baseAddress!, w.baseAddress!) }
      }
    }
    var pair0 = [Float](repeating: 0, count: count)
    var pair1 = [Float](repeating: 0, count: count)
    var single = [Float](repeating: 0, count: count)
    run { l, w in
      RowKernels.symmetricSumPair(
        rows: l, weights: w, radius: radius, count: count, into: &pair0, &pair1)
      RowKernels.symmetricSum(rows: l, weights: w, radius: radius, count: count, into: &single)
    }
    VectorLevels.each { level in
      var a = [Float](repeating: .nan, count: count)
      var b = [Float](repeating: .nan, count: count)
      var c = [Float](repeating: .nan, count: count)
      var ran = (false, false)
      run { l, w in
        ran.0 = FastEngine.symmetricSumPair(
          rows: l, weights: w, radius: radius, count: count, into: &a, &b)
        ran.1 = FastEngine.symmetricSum(rows: l, weights: w, radius: radius, count: count, into: &c)
      }
      #expect(ran.0 == (level != .portable) && ran.1 == (level != .portable))
      guard level != .portable else { return }
      #expect(a.map(\.bitPattern) == pair0.map(\.bitPattern), "\(level)")
      #expect(b.map(\.bitPattern) == pair1.map(\.bitPattern), "\(level)")
      #expect(c.map(\.bitPattern) == single.map(\.bitPattern), "\(level)")
    }
  }

  @Test(arguments: [(1, 3), (4, 9), (12, 48), (47, 3 * 431), (30, 3 * 11 + 1)])
  func rowPassMatchesTheSwiftLoop(radius: Int, count: Int) {
    var rng = SeededGenerator(seed: UInt64(7 * radius + count))
    let stride = 3
    let row = Self.samples(count + 2 * radius * stride, &rng)
    let weights = (0...radius).map { _ in Float(rng.next() % 1000) / 4000 }
    var reference = [Float](repeating: 0, count: count)
    row.withUnsafeBufferPointer { r in
      weights.withUnsafeBufferPointer { w in
        RowKernels.symmetricSum(
          center: r.baseAddress! + radius * stride, stride: stride, weights: w.baseAddress!,
          radius: radius, count: count, into: &reference)
      }
    }
    VectorLevels.each { level in
      guard level != .portable else { return }
      var out = [Float](repeating: .nan, count: count)
      let ran = row.withUnsafeBufferPointer { r in
        weights.withUnsafeBufferPointer { w in
          FastEngine.symmetricSum(
            center: r.baseAddress! + radius * stride, stride: stride, weights: w.baseAddress!,
            radius: radius, count: count, into: &out)
        }
      }
      #expect(ran)
      #expect(out.map(\.bitPattern) == reference.map(\.bitPattern), "\(level)")
    }
  }

  /// The two-scale mixture of blurs (`WallpaperCanvas.blurred(_:mixture:)`)
  /// against its Swift loop: `Float((0 + w0 a) + w1 b)` in `Double`.
  @Test(arguments: [1, 7, 8, 9, 3 * 431])
  func mixtureMatchesTheSwiftLoop(count: Int) {
    var rng = SeededGenerator(seed: UInt64(count))
    let a = Self.samples(count, &rng)
    let b = Self.samples(count, &rng)
    let (w0, w1) = (0.45 / 0.9, 0.45 / 0.9 + 1e-3)
    let reference = (0..<count).map { i -> Float in
      var sum = 0.0
      sum += w0 * Double(a[i])
      sum += w1 * Double(b[i])
      return Float(sum)
    }
    VectorLevels.each { level in
      var out = [Float](repeating: .nan, count: count)
      let ran = FastEngine.mix(a, b, weights: w0, w1, count: count, into: &out)
      #expect(ran == (level != .portable))
      if ran { #expect(out.map(\.bitPattern) == reference.map(\.bitPattern), "\(level)") }
    }
  }

  /// The blurs themselves, exact path (sigma below about 11.7) and shrink
  /// path (its small grid's blur), at every level against the Swift loops.
  @Test(arguments: [0.8, 3.9, 7.5, 11.6, 14, 40])
  func blursMatchTheSwiftLoopsAtEveryLevel(sigma: Double) {
    let image = BlurTestImage.noise.make(width: 97, height: 61, seed: 11)
    let region = PixelRect(x: 5, y: 3, width: 83, height: 50)
    let reference = VectorLevels.portable {
      GaussianBlur.blur(image, region: region, sigmaInPixels: sigma)
    }
    VectorLevels.each { level in
      let fast = GaussianBlur.blur(image, region: region, sigmaInPixels: sigma)
      #expect(fast.samples.map(\.bitPattern) == reference.samples.map(\.bitPattern), "\(level)")
    }
  }
}
