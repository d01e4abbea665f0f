import Foundation
import Testing

@testable import ContrastCore

/// The backdrop of a mixture of Gaussians (SPEC §3.1) on the canvas: the
/// analytic mixture over a step, each Gaussian computed once and shared by
/// every mixture, setting and element that has it, and every Gaussian
/// planned.
@Suite struct BlurMixtureCanvasTests {
  static let profile = try! ProfileLoader.loadDefault()

  /// Black left of column `edge`, white from it on, `height` rows.
  static func step(width: Int, height: Int = 6, edge: Int) -> RGBImage {
    var image = RGBImage(width: width, height: height, filledWith: (0, 0, 0))
    for y in 0..<height {
      for k in (3 * (y * width + edge))..<(3 * (y + 1) * width) { image.samples[k] = 1 }
    }
    return image
  }

  static func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }

  /// A material element covering the whole canvas, drawn with `blur`.
  static func covering(_ canvas: Canvas, blur: BlurMixture) -> (Element, ElementRendering) {
    let e = Element(
      id: "e", material: "glass.regular",
      frame: RectInPoints(x: 0, y: 0, width: canvas.widthInPoints, height: canvas.heightInPoints))
    let pipeline = MaterialPipeline(
      parameters: profile.materials["glass.regular"]!.light, fill: nil, tint: nil)
    let rendering = ElementRendering(
      surface: .material(pipeline, blur: blur), reducesTransparency: false,
      borderWidthInPixels: 0, borderColor: RGBA(.black), materialName: "glass.regular")
    return (e, rendering)
  }

  /// The backdrop along the middle row, against `expected(d)`, d the
  /// distance of the pixel centre from the step: the largest difference.
  static func largestError(
    weights: [(sigma: Double, weight: Double)], width: Int, expected: (Double) -> Double
  ) -> Double {
    let edge = width / 2
    let size = Canvas(widthInPoints: Double(width), heightInPoints: 6, scale: 1)
    let canvas = WallpaperCanvas(
      wallpaperID: "w", image: step(width: width, edge: edge), canvas: size)
    let blur = BlurMixture(weights.map { .init(sigmaInPixels: $0.sigma, weight: $0.weight) })
    let (e, r) = covering(size, blur: blur)
    let source = canvas.backdrop(of: e, rendering: r)
    let g = source.blurred?.samples ?? []
    var largest = 0.0
    g.withUnsafeBufferPointer { g in
      for x in 0..<width {
        let wallpaper = RGB(gray: x < edge ? 0 : 1)
        let b = source.backdrop(x: x, y: 3, wallpaper: wallpaper, code: 1, blurred: g)
        largest = max(largest, abs(b.r - expected(Double(x) + 0.5 - Double(edge))))
      }
    }
    return largest
  }

  /// SOURCES.md D1's regular glass at the capsule: 45 % at sigma 4.31 and
  /// 55 % at 14.8, at scale 1 and 3 (the wide one then on the shrink path);
  /// 14 wide sigmas each side of the step keep the canvas border out of it.
  @Test(arguments: [1.0, 3.0])
  func aMixtureSeesAStepAsTheSumOfNormalCDFs(scale: Double) {
    let (s1, s2) = (4.31 * scale, 14.8 * scale)
    let largest = Self.largestError(
      weights: [(s1, 0.45), (s2, 0.55)], width: Int(28 * s2)
    ) { d in 0.45 * Self.phi(d / s1) + 0.55 * Self.phi(d / s2) }
    #expect(largest <= 1.0 / 255, "largest error \(largest * 255) / 255")
  }

  /// With a sharp share the source form B = (1 - m) W + m M keeps the step.
  @Test func aSharpShareKeepsThatMuchOfTheStep() {
    let largest = Self.largestError(
      weights: [(0, 0.2), (3, 0.35), (20, 0.45)], width: 600
    ) { d in 0.2 * (d > 0 ? 1 : 0) + 0.35 * Self.phi(d / 3) + 0.45 * Self.phi(d / 20) }
    #expect(largest <= 1.0 / 255, "largest error \(largest * 255) / 255")
  }

  /// A mixture with one Gaussian that blurs reads that Gaussian itself.
  @Test func oneBlurringComponentIsItsGaussian() throws {
    let size = Canvas(widthInPoints: 80, heightInPoints: 6, scale: 1)
    let canvas = WallpaperCanvas(
      wallpaperID: "w", image: Self.step(width: 80, edge: 40), canvas: size)
    let rect = PixelRect(x: 5, y: 0, width: 60, height: 6)
    let mixed = try #require(
      canvas.blurred(
        rect,
        mixture: BlurMixture([
          .init(sigmaInPixels: 0, weight: 0.5), .init(sigmaInPixels: 6, weight: 0.5),
        ])))
    let alone = canvas.blurred(rect, sigmaInPixels: 6)
    #expect(mixed.samples.map(\.bitPattern) == alone.samples.map(\.bitPattern))
    #expect(canvas.blurred(rect, mixture: .sharp) == nil)
  }

  /// A 120 x 60 pt canvas at 2 px a point over seeded noise, its image and size.
  static func noiseCanvas(seed: UInt64) -> (WallpaperCanvas, RGBImage, Canvas) {
    let size = Canvas(widthInPoints: 120, heightInPoints: 60, scale: 2)
    var rng = SeededGenerator(seed: seed)
    let image = RGBImage(
      width: 240, height: 120,
      samples: (0..<(3 * 240 * 120)).map { _ in Float(rng.next() % 256) / 255 })
    return (WallpaperCanvas(wallpaperID: "w", image: image, canvas: size), image, size)
  }

  /// Regular glass at the clear and the default setting on one element:
  /// the narrow Gaussians differ, the wide one (14.8 pt) is the same and is
  /// blurred once; asking again blurs nothing.
  @Test func aSharedGaussianIsComputedOnce() throws {
    let (canvas, _, _) = Self.noiseCanvas(seed: 3)
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 10, y: 5, width: 100, height: 48))
    let clear = try Self.profile.rendering(
      of: e, appearance: .light, mode: .normal, scale: 2, liquidGlass: 0)
    let standard = try Self.profile.rendering(
      of: e, appearance: .dark, mode: .normal, scale: 2, liquidGlass: 0.5)
    let a = canvas.backdrop(of: e, rendering: clear)
    let b = canvas.backdrop(of: e, rendering: standard)
    #expect(canvas.blursComputed == 3, "1.8, 3.9 and 14.8 pt, at 2 px a point")
    #expect(canvas.blursRequested == 4)
    #expect(a.identity != b.identity)
    // Every component blurs: m = 1 (the sharp wallpaper has no share).
    #expect(a.mix == 1 && b.mix == 1)
    let again = canvas.backdrop(of: e, rendering: clear)
    #expect(canvas.blursComputed == 3)
    #expect(again.identity == a.identity)
    #expect(again.blurred?.samples.map(\.bitPattern) == a.blurred?.samples.map(\.bitPattern))
    // M = 0.75 G_3.6 + 0.25 G_29.6 (px) at every sample, summed in Double.
    let rect = a.mask.rect
    let narrow = canvas.blurred(rect, sigmaInPixels: 3.6)
    let wide = canvas.blurred(rect, sigmaInPixels: 29.6)
    let m = try #require(a.blurred)
    let expected = zip(narrow.samples, wide.samples).map {
      Float(0.75 * Double($0) + 0.25 * Double($1))
    }
    #expect(m.samples == expected)
    #expect(canvas.blursComputed == 3)
  }

  /// A canvas that lets go of its mixtures (the previews', between scenes)
  /// mixes them again from the Gaussians it keeps: the same bits, nothing
  /// blurred again.
  @Test func aReleasedMixtureIsMixedAgainToTheSameBits() throws {
    let (canvas, image, size) = Self.noiseCanvas(seed: 5)
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 10, y: 5, width: 100, height: 48))
    let clear = try Self.profile.rendering(
      of: e, appearance: .light, mode: .normal, scale: 2, liquidGlass: 0)
    let first = try #require(canvas.backdrop(of: e, rendering: clear).blurred)
    let computed = canvas.blursComputed
    canvas.releaseBlurs { $0.sigma != nil }
    let again = try #require(canvas.backdrop(of: e, rendering: clear).blurred)
    #expect(canvas.blursComputed == computed)
    #expect(again.samples.map(\.bitPattern) == first.samples.map(\.bitPattern))
    // Mixed anew, not the kept image: a fresh canvas mixes the same bits.
    let fresh = WallpaperCanvas(wallpaperID: "w", image: image, canvas: size)
    let made = try #require(fresh.backdrop(of: e, rendering: clear).blurred)
    #expect(made.samples.map(\.bitPattern) == first.samples.map(\.bitPattern))
  }

  /// After a layout, the audit lets go of the blurs no later layout reads
  /// (`releaseBlurs(keeping:)`): those kept are not blurred again, the
  /// others are, to the same bits.
  @Test func releasedBlursAreMadeAgainToTheSameBits() throws {
    let (canvas, _, _) = Self.noiseCanvas(seed: 9)
    let (a, b) = (
      PixelRect(x: 10, y: 10, width: 60, height: 30),
      PixelRect(x: 100, y: 50, width: 90, height: 40)
    )
    let firstA = canvas.blurred(a, sigmaInPixels: 3.6)
    let firstB = canvas.blurred(b, sigmaInPixels: 3.6)
    #expect(canvas.blursComputed == 2)
    canvas.releaseBlurs { $0 == .init(rect: a, sigma: 3.6) }
    let againA = canvas.blurred(a, sigmaInPixels: 3.6)
    #expect(canvas.blursComputed == 2, "the kept one is not blurred again")
    let againB = canvas.blurred(b, sigmaInPixels: 3.6)
    #expect(canvas.blursComputed == 3, "the other is")
    #expect(againA.samples.map(\.bitPattern) == firstA.samples.map(\.bitPattern))
    #expect(againB.samples.map(\.bitPattern) == firstB.samples.map(\.bitPattern))
    canvas.releaseBlurs { _ in false }
    _ = canvas.blurred(a, sigmaInPixels: 3.6)
    #expect(canvas.blursComputed == 4)
  }

  /// Every Gaussian of a mixture is planned; none under Reduce Transparency,
  /// nor over a wallpaper that is one colour wherever the blur reads it:
  /// every Gaussian of one colour is that colour, so the backdrop is the
  /// wallpaper, exactly, and nothing is blurred. One pixel of another
  /// colour in the corner, within the widest Gaussian's reach, is enough to
  /// blur again.
  @Test func everyComponentIsRequested() throws {
    let size = Canvas(widthInPoints: 120, heightInPoints: 60, scale: 3)
    let flat = RGBImage(width: 360, height: 180, filledWith: (0.2, 0.4, 0.6))
    var corner = flat
    corner.samples[0] = 0.3
    let e = Element(
      id: "e", material: "glass.regular", frame: RectInPoints(x: 10, y: 5, width: 100, height: 48))
    let normal = try Self.profile.rendering(of: e, appearance: .light, mode: .normal, scale: 3)
    let canvas = WallpaperCanvas(wallpaperID: "w", image: corner, canvas: size)
    let requests = canvas.blurRequests(of: e, rendering: normal)
    // (The expected sigmas typed apart: a literal array of products inside
    // `#expect` made the type checker give up once ContrastCore gained
    // another `==`.)
    let sigmas: [Double] = [3.9 * 3, 14.8 * 3]
    #expect(requests.map(\.sigma) == sigmas)
    #expect(Set(requests.map(\.rect)).count == 1)
    #expect(canvas.backdrop(of: e, rendering: normal).blurred != nil)
    let reduced = try Self.profile.rendering(
      of: e, appearance: .light, mode: .reduceTransparency, scale: 3)
    #expect(canvas.blurRequests(of: e, rendering: reduced).isEmpty)

    let one = WallpaperCanvas(wallpaperID: "w", image: flat, canvas: size)
    #expect(one.blurRequests(of: e, rendering: normal).isEmpty)
    let source = one.backdrop(of: e, rendering: normal)
    #expect(source.blurred == nil && source.usesBackdrop && source.mean == nil)
    let wp = RGB(r: Double(Float(0.2)), g: Double(Float(0.4)), b: Double(Float(0.6)))
    let b = [Float]().withUnsafeBufferPointer { none in
      source.backdrop(x: 60, y: 50, wallpaper: wp, code: 1, blurred: none)
    }
    #expect(b == wp)
    #expect(one.blursComputed == 0)
  }
}
