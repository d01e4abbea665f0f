import Foundation
import Testing

@testable import ContrastCore

/// Wallpapers kept as their 8-bit samples between a run's decodes: made
/// again, they are the decoder's bits; what is not a byte's quotient is
/// never kept; the budgets hold.
@Suite struct KeptWallpapersTests {
  /// The 256 quotients `Float(v) / 255`, by bit pattern: what a kept image
  /// may hold (the reference, independent of the compaction).
  static let quotients = Set((0...255).map { (Float($0) / 255).bitPattern })

  static func isByteQuotients(_ samples: [Float]) -> Bool {
    samples.allSatisfy { quotients.contains($0.bitPattern) }
  }

  /// Every PngSuite file decoded, kept and made again: kept exactly when
  /// every sample is a byte's quotient, and then the same bits, the same
  /// size and the same transparency as decoded.
  @Test(.timeLimit(.minutes(2)))
  func aKeptWallpaperIsMadeAgainWithTheDecodersBits() throws {
    let folder = PNGCorpusTests.corpus.appendingPathComponent("pngsuite")
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".png") }.sorted()
    guard !files.isEmpty else {
      print("png-corpus not found at \(folder.path); kept-wallpaper corpus test skipped")
      return
    }
    let kept = KeptWallpapers(budget: 1 << 30, keepsFirstDecode: true)
    var (keptCount, refusedCount) = (0, 0)
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      guard
        let decoded = try? PNGDecoder.decode(
          bytes, name: file, pixelLimit: PNGCorpusTests.corpusPixelLimit)
      else { continue }
      kept.keep(decoded.image, hadTransparency: decoded.hadTransparency, for: file)
      let again = kept.image(for: file) { MemoryBudget(bytes: $0 + 1).reserve($0) }
      if let again {
        keptCount += 1
        #expect(decoded.image.samplesAreDecoded, "\(file)")
        #expect(Self.isByteQuotients(decoded.image.samples), "\(file)")
        #expect(again.image.width == decoded.image.width, "\(file)")
        #expect(again.image.height == decoded.image.height, "\(file)")
        #expect(
          again.image.samples.map(\.bitPattern) == decoded.image.samples.map(\.bitPattern),
          "\(file)")
        #expect(again.image.samplesAreDecoded, "\(file)")
        #expect(again.hadTransparency == decoded.hadTransparency, "\(file)")
      } else {
        refusedCount += 1
        #expect(
          !decoded.image.samplesAreDecoded || !Self.isByteQuotients(decoded.image.samples),
          "\(file) was not kept, yet every sample is a byte's quotient")
      }
    }
    // PngSuite holds both: 8-bit opaque files, and 16-bit or translucent ones.
    #expect(keptCount >= 30 && refusedCount >= 5, "kept \(keptCount), refused \(refusedCount)")
    // basn2c08: 3x8 bits RGB (PngSuite's names); basn6a08: 8-bit RGBA
    // with translucent pixels, flattened over black.
    #expect(kept.image(for: "basn2c08.png") { MemoryBudget(bytes: $0 + 1).reserve($0) } != nil)
    #expect(kept.image(for: "basn6a08.png") { MemoryBudget(bytes: $0 + 1).reserve($0) } == nil)
  }

  /// The compaction at every byte, and refusing what no byte gives: `-0`,
  /// a NaN, an infinity, a value outside [0, 1], one between two quotients.
  @Test func onlyAByteQuotientCompacts() {
    func compacts(_ samples: [Float]) -> (Bool, [UInt8]) {
      var out = [UInt8](repeating: 0, count: samples.count)
      let exact = samples.withUnsafeBufferPointer { s in
        out.withUnsafeMutableBufferPointer { KeptWallpapers.compact(s, into: $0) }
      }
      return (exact, out)
    }
    let every = (0...255).map { Float($0) / 255 }
    let (exact, bytes) = compacts(every)
    #expect(exact)
    #expect(bytes == (0...255).map { UInt8($0) })
    for bad: Float in [-0.0, .nan, .infinity, -.infinity, 1.5, -1 / 255, 0.5 / 255, 0.3] {
      #expect(!compacts(every + [bad]).0, "\(bad) (\(bad.bitPattern)) compacted")
      #expect(!compacts([bad] + every).0, "\(bad) (\(bad.bitPattern)) compacted")
    }
    // One ulp off a quotient.
    #expect(!compacts([(Float(77) / 255).nextUp]).0)
    #expect(!compacts([(Float(77) / 255).nextDown]).0)
  }

  /// The kept bytes within the budget, the first ones first; an image
  /// made again reserves its floats from the run's budget (given back when
  /// it goes), and none is made when that budget refuses.
  @Test func theBudgetsHold() throws {
    func image(_ seed: UInt64) -> RGBImage {
      var rng = SeededGenerator(seed: seed)
      var image = RGBImage(
        width: 40, height: 30, samples: (0..<3600).map { _ in Float(rng.next() % 256) / 255 })
      image.samplesAreDecoded = true
      return image
    }
    let kept = KeptWallpapers(budget: 3600 + 100)
    // Kept at the second decode, not the first.
    kept.keep(image(1), hadTransparency: false, for: "a")
    #expect(kept.count == 0 && kept.bytesHeld == 0)
    #expect(kept.image(for: "a") { MemoryBudget(bytes: 1 << 20).reserve($0) } == nil)
    kept.keep(image(1), hadTransparency: false, for: "a")
    kept.keep(image(2), hadTransparency: true, for: "b")
    kept.keep(image(2), hadTransparency: true, for: "b")
    #expect(kept.count == 1 && kept.bytesHeld == 3600)
    #expect(kept.image(for: "b") { MemoryBudget(bytes: 1 << 20).reserve($0) } == nil)
    let budget = MemoryBudget(bytes: 20_000)
    do {
      let a = try #require(kept.image(for: "a") { budget.reserve($0) })
      #expect(budget.bytesInUse == 3600 * MemoryLayout<Float>.stride)
      #expect(a.image == image(1))
      #expect(!a.hadTransparency)
    }
    #expect(budget.bytesInUse == 0)
    #expect(kept.image(for: "a") { _ in nil } == nil)
    // A run whose wallpapers would not all fit keeps none.
    let many = KeptWallpapers(budget: 3 * 3600, keepsFirstDecode: true)
    many.wallpaperCount = 4
    many.keep(image(1), hadTransparency: false, for: "a")
    #expect(many.count == 0 && many.bytesHeld == 0)
    many.wallpaperCount = 3
    many.keep(image(1), hadTransparency: false, for: "a")
    many.keep(image(2), hadTransparency: false, for: "b")
    #expect(many.count == 2 && many.bytesHeld == 2 * 3600)
    // An image whose samples were changed after decoding is not kept.
    var changed = image(3)
    changed.samples[0] = 0
    let other = KeptWallpapers(budget: 1 << 20, keepsFirstDecode: true)
    other.keep(changed, hadTransparency: false, for: "c")
    #expect(other.count == 0 && other.bytesHeld == 0)
  }
}
