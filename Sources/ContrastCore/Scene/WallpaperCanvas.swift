import Foundation

/// A wallpaper placed on one canvas, with the blurs and means computed over it.
///
/// Each distinct blur (region, sigma) is computed once and shared by every
/// element, mode, appearance, Liquid Glass setting and item that needs it
/// (SPEC §6), and so is each mixture of them (region, mixture). Not
/// thread-safe: one audit worker owns it while it audits that wallpaper.
public final class WallpaperCanvas {
  public let wallpaperID: String
  /// The placed wallpaper W, canvas-sized.
  public let image: RGBImage
  public let canvas: Canvas

  private struct BlurKey: Hashable {
    var rect: PixelRect
    var sigma: Double
  }
  private struct MixtureKey: Hashable {
    var rect: PixelRect
    var blur: BlurMixture
  }
  private struct MaskKey: Hashable {
    var frame: RectInPoints
    var shape: ElementShape
    var border: Double
  }
  private struct CountsKey: Hashable {
    var mask: MaskKey
    var rect: PixelRect
  }
  private var insideCounts: [CountsKey: (inside: Int, band: Int)?] = [:]
  private var blurs: [BlurKey: RGBImage] = [:]
  private var mixtures: [MixtureKey: RGBImage] = [:]
  /// Per sigma, the region one shared blur field covers (see ``planBlurs(_:)``),
  /// and the field once computed.
  private var plannedCoverage: [Double: PixelRect] = [:]
  private var fields: [Double: BlurField] = [:]
  private var masks: [MaskKey: ShapeMask] = [:]
  private var means: [MaskKey: RGB] = [:]
  private var scratch: RGBImage?
  private var downscales: [PixelRect: RGBImage] = [:]
  /// Per region, whether the wallpaper is one colour over it.
  private var oneColour: [PixelRect: Bool] = [:]
  /// Gaussian blurs actually computed and asked for (the naive count: one
  /// per component that blurs, each time an element's backdrop is made).
  public private(set) var blursComputed = 0
  public private(set) var blursRequested = 0

  /// Masks shared with the other wallpapers of the audit (they depend on the
  /// canvas and the element only); nil to keep them per wallpaper.
  private let sharedMasks: MaskCache?
  /// The threads a blur's work is split over (1: the calling thread only).
  private let blurWorkers: Int

  /// `blurWorkers` threads share each blur's work (it never changes a bit).
  public init(
    wallpaperID: String, image: RGBImage, canvas: Canvas, sharedMasks: MaskCache? = nil,
    blurWorkers: Int = 1
  ) {
    self.sharedMasks = sharedMasks
    self.blurWorkers = blurWorkers
    precondition(
      image.width == canvas.widthInPixels && image.height == canvas.heightInPixels,
      "placed image does not match its canvas")
    self.wallpaperID = wallpaperID
    self.image = image
    self.canvas = canvas
  }

  /// The mask of an element's shape with a border band of `borderInPixels`.
  public func mask(of element: Element, borderInPixels: Double) -> ShapeMask {
    let key = MaskKey(frame: element.frame, shape: element.shape, border: borderInPixels)
    if let m = masks[key] { return m }
    let make = {
      ShapeMask(
        frame: element.frame, shape: element.shape, borderInPixels: borderInPixels,
        scale: self.canvas.scale, canvasWidth: self.image.width, canvasHeight: self.image.height)
    }
    let m =
      sharedMasks?.mask(
        canvas: canvas, frame: element.frame, shape: element.shape, border: borderInPixels,
        make: make) ?? make()
    masks[key] = m
    return m
  }

  /// ``ShapeMask/kinds(in:)`` of the element's mask over `rect`, read off
  /// its ``insideCounts(of:borderInPixels:in:)``.
  func kinds(of element: Element, borderInPixels: Double, in rect: PixelRect) -> UInt8? {
    guard !rect.isEmpty else { return nil }
    return ShapeMask.kinds(insideCounts(of: element, borderInPixels: borderInPixels, in: rect))
  }

  /// ``ShapeMask/insideCounts(in:)`` of the element's mask over `rect`,
  /// once per mask and rectangle (the scenes of a wallpaper ask it again).
  func insideCounts(of element: Element, borderInPixels: Double, in rect: PixelRect) -> (
    inside: Int, band: Int
  )? {
    let key = CountsKey(
      mask: MaskKey(frame: element.frame, shape: element.shape, border: borderInPixels),
      rect: rect)
    if let known = insideCounts[key] { return known }
    let counts = mask(of: element, borderInPixels: borderInPixels).insideCounts(in: rect)
    insideCounts[key] = counts
    return counts
  }

  /// G(W) over `rect` (canvas pixels, already clipped), with clamp-to-edge at
  /// the canvas border; computed once per (rect, sigma). Where
  /// ``planBlurs(_:)`` planned one field for a sigma, the rectangles are read
  /// out of it: the same bits (``BlurField``), the blur itself done once.
  public func blurred(_ rect: PixelRect, sigmaInPixels: Double) -> RGBImage {
    blursRequested += 1
    let key = BlurKey(rect: rect, sigma: sigmaInPixels)
    if let b = blurs[key] { return b }
    blursComputed += 1
    let b: RGBImage
    if let coverage = plannedCoverage[sigmaInPixels], coverage.intersection(rect) == rect {
      let field =
        fields[sigmaInPixels]
        ?? BlurField(
          image, covering: coverage, sigmaInPixels: sigmaInPixels, workers: blurWorkers)
      fields[sigmaInPixels] = field
      b = field.materialized(rect, workers: blurWorkers)
    } else {
      b = GaussianBlur.blur(
        image, region: rect, sigmaInPixels: sigmaInPixels, workers: blurWorkers)
    }
    blurs[key] = b
    return b
  }

  /// A blurred image the canvas holds: a Gaussian over `rect`
  /// (``blurred(_:sigmaInPixels:)``), or, with `sigma` nil, a mixture over
  /// it (``blurred(_:mixture:)``).
  struct BlurRead: Hashable {
    var rect: PixelRect
    var sigma: Double?
  }

  /// Lets go of the Gaussians and mixtures that `keeping` does not keep,
  /// keeping the planned fields: what is asked again is made again, the
  /// same bits. (The previews let go of each scene's mixtures and of a
  /// layout's Gaussians after it; the audit of the blurs no later layout
  /// reads.)
  func releaseBlurs(keeping: (BlurRead) -> Bool) {
    blurs = blurs.filter { keeping(BlurRead(rect: $0.key.rect, sigma: $0.key.sigma)) }
    mixtures = mixtures.filter { keeping(BlurRead(rect: $0.key.rect, sigma: nil)) }
  }

  /// The sigmas that ``planBlurs(_:)`` gave one shared field (ascending).
  var plannedSigmas: [Double] { plannedCoverage.keys.sorted() }

  /// The blurred part of `blur` over `rect`: M = sum_{sigma > 0} (w_k / m)
  /// G_k(W), m the mixture's ``BlurMixture/blurredShare``, so that B = (1 -
  /// m) W + m M; nil when nothing blurs (m = 0). Each G_k comes from
  /// ``blurred(_:sigmaInPixels:)`` (computed once per rect and sigma, shared
  /// by every mixture that has it); M is computed once per (rect, mixture).
  /// With one blurring component M is that G_k itself. Each sample is
  /// summed in Double in ascending sigma and rounded to Float once.
  public func blurred(_ rect: PixelRect, mixture blur: BlurMixture) -> RGBImage? {
    let parts = blur.blurredComponents
    let m = blur.blurredShare
    guard !parts.isEmpty, m > 0 else { return nil }
    let images = parts.map { blurred(rect, sigmaInPixels: $0.sigmaInPixels) }
    if images.count == 1 { return images[0] }
    let key = MixtureKey(rect: rect, blur: blur)
    if let mixed = mixtures[key] { return mixed }
    let weights = parts.map { $0.weight / m }
    // Every sample is written below: the buffer is not cleared first.
    let count = images[0].samples.count
    let samples = [Float](unsafeUninitializedCapacity: count) { out, initialized in
      guard count > 0 else { return }
      Self.withSamples(of: images[...]) { g in
        let o = out.baseAddress!
        if g.count == 2 {
          // The usual two-scale frost, without the inner loop (the same sums:
          // 0 + w0 g0 + w1 g1, in that order), on the vector unit when it runs.
          let (a, b) = (g[0].baseAddress!, g[1].baseAddress!)
          let (w0, w1) = (weights[0], weights[1])
          if FastEngine.mix(a, b, weights: w0, w1, count: count, into: o) { return }
          for i in 0..<count {
            var sum = 0.0
            sum += w0 * Double(a[i])
            sum += w1 * Double(b[i])
            o[i] = Float(sum)
          }
          return
        }
        for i in 0..<count {
          var sum = 0.0
          for k in g.indices { sum += weights[k] * Double(g[k][i]) }
          o[i] = Float(sum)
        }
      }
      initialized = count
    }
    let mixed = RGBImage(width: images[0].width, height: images[0].height, samples: samples)
    mixtures[key] = mixed
    return mixed
  }

  /// `body` over the samples of every image of `images`, in order.
  private static func withSamples(
    of images: ArraySlice<RGBImage>, _ body: ([UnsafeBufferPointer<Float>]) -> Void,
    reading prefix: [UnsafeBufferPointer<Float>] = []
  ) {
    guard let first = images.first else { return body(prefix) }
    first.samples.withUnsafeBufferPointer { g in
      withSamples(of: images.dropFirst(), body, reading: prefix + [g])
    }
  }

  /// The blurs an element asks for in a rendering (the rectangle it reads,
  /// ``blurredRect(_:within:)``, and each sigma > 0 of its mixture), if any:
  /// a material that blurs, outside Reduce Transparency, over a wallpaper
  /// that is not one colour wherever the blur reads it
  /// (``blurReadsOneColour(of:rendering:)``). Over one colour every Gaussian
  /// is that colour, so B = W at every pixel the element reads, exactly:
  /// nothing is blurred, and the backdrop is the wallpaper's.
  func blurRequests(
    of element: Element, rendering: ElementRendering, within region: PixelRect? = nil
  ) -> [(rect: PixelRect, sigma: Double)] {
    guard case .material(_, let blur) = rendering.surface, !rendering.reducesTransparency,
      blur.blurredShare > 0, !blurReadsOneColour(of: element, rendering: rendering)
    else { return [] }
    let maskRect = mask(of: element, borderInPixels: rendering.borderWidthInPixels).rect
    let rect = Self.blurredRect(maskRect, within: region)
    return rect.isEmpty ? [] : blur.blurredComponents.map { (rect, $0.sigmaInPixels) }
  }

  /// The part of a mask's rectangle whose blur is computed: the whole of it,
  /// or only where `region` (the pixels that will be read: an element's
  /// items) meets it, when it does. A blurred pixel does not depend on the
  /// rectangle it is computed over (``GaussianBlur``), so this changes no
  /// bit, only how many pixels are blurred.
  static func blurredRect(_ maskRect: PixelRect, within region: PixelRect?) -> PixelRect {
    guard let region else { return maskRect }
    let read = region.intersection(maskRect)
    return read.isEmpty ? maskRect : read
  }

  /// Plans the blurs that `requests` will ask for: per sigma on the shrink
  /// path (``GaussianBlur``'s block size 2 or more, so that a field stays a
  /// small grid), one field over the bounding box of its rectangles when that
  /// reads fewer wallpaper pixels than a field per rectangle (each reads its
  /// rectangle and about `4σ + 2k` around it).
  public func planBlurs(_ requests: [(rect: PixelRect, sigma: Double)]) {
    let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    var bySigma: [Double: Set<PixelRect>] = [:]
    for r in requests { bySigma[r.sigma, default: []].insert(r.rect) }
    for (sigma, rects) in bySigma where rects.count > 1 {
      let s = Swift.min(sigma, GaussianBlur.largestSigma)
      let k = GaussianBlur.blockSize(sigma: s)
      guard k >= 2 else { continue }
      let margin = Int((4 * s).rounded(.up)) + 2 * k
      func read(_ r: PixelRect) -> Int {
        let e = PixelRect(
          x: r.x - margin, y: r.y - margin, width: r.width + 2 * margin,
          height: r.height + 2 * margin
        ).intersection(whole)
        return e.width * e.height
      }
      let box = rects.dropFirst().reduce(rects.first!) { $0.union($1) }
      if read(box) < rects.reduce(0, { $0 + read($1) }) { plannedCoverage[sigma] = box }
    }
  }

  /// A copy of the image that `body` may change inside the rectangles it
  /// returns; they are restored from the image afterwards, so the copy is
  /// made once per canvas rather than once per use (previews).
  public func withScratchImage<T>(_ body: (inout RGBImage) -> (T, changed: [PixelRect])) -> T {
    var copy = scratch ?? image
    scratch = nil  // `copy` is the only reference while `body` writes to it
    let (result, changed) = body(&copy)
    let width = image.width
    image.samples.withUnsafeBufferPointer { source in
      copy.samples.withUnsafeMutableBufferPointer { target in
        for r in changed {
          let r = r.intersection(PixelRect(x: 0, y: 0, width: width, height: image.height))
          for y in r.y..<r.maxY {
            let start = 3 * (y * width + r.x)
            for k in start..<(start + 3 * r.width) { target[k] = source[k] }
          }
        }
      }
    }
    scratch = copy
    return result
  }

  /// The image placed (``Placement/aspectFill(_:canvasWidth:canvasHeight:)``)
  /// on a `width` x `height` canvas, computed once per size.
  public func downscaled(width: Int, height: Int) -> RGBImage {
    let key = PixelRect(x: 0, y: 0, width: width, height: height)
    if let d = downscales[key] { return d }
    let d = Placement.aspectFill(image, canvasWidth: width, canvasHeight: height)
    downscales[key] = d
    return d
  }

  /// Whether every wallpaper pixel the blur of `element` drawn as
  /// `rendering` reads is one colour: its shape's rectangle grown by the
  /// reach of its widest Gaussian (``GaussianBlur/reach(sigmaInPixels:)``),
  /// on the canvas (beyond it the blur reads the edge pixels). Then no blur
  /// number can change its pixels (a Gaussian of one colour is that
  /// colour), and its verdict does not rest on them. False when nothing
  /// blurs. Computed once per region; the scan stops at the first pixel of
  /// another colour.
  public func blurReadsOneColour(of element: Element, rendering: ElementRendering) -> Bool {
    guard case .material(_, let blur) = rendering.surface,
      let widest = blur.blurredComponents.last?.sigmaInPixels
    else { return false }
    let rect = mask(of: element, borderInPixels: rendering.borderWidthInPixels).rect
    let reach = GaussianBlur.reach(sigmaInPixels: widest)
    let region = PixelRect(
      x: rect.x - reach, y: rect.y - reach, width: rect.width + 2 * reach,
      height: rect.height + 2 * reach
    ).intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    if let known = oneColour[region] { return known }
    let flat = Self.isOneColour(image, region)
    oneColour[region] = flat
    return flat
  }

  /// Whether every pixel of `image` in `region` (inside it) has the same
  /// three samples (`==`); false for an empty region.
  ///
  /// Each row is first compared to the first pixel repeated, byte for byte
  /// (`memcmp`, vectorised): bits equal are samples equal (no NaN: a first
  /// pixel with one answers false, as `==` does). Only a row whose bytes
  /// differ is compared sample by sample (`+0` and `-0` are equal there),
  /// which a photograph's first row ends at once.
  static func isOneColour(_ image: RGBImage, _ region: PixelRect) -> Bool {
    guard !region.isEmpty else { return false }
    return image.samples.withUnsafeBufferPointer { s in
      let first = 3 * (region.y * image.width + region.x)
      let (r, g, b) = (s[first], s[first + 1], s[first + 2])
      if r.isNaN || g.isNaN || b.isNaN { return false }
      let rowCount = 3 * region.width
      var pattern = [Float](repeating: 0, count: rowCount)
      for k in stride(from: 0, to: rowCount, by: 3) {
        pattern[k] = r
        pattern[k + 1] = g
        pattern[k + 2] = b
      }
      return pattern.withUnsafeBytes { p in
        for y in region.y..<region.maxY {
          let start = 3 * (y * image.width + region.x)
          if memcmp(s.baseAddress! + start, p.baseAddress!, p.count) == 0 { continue }
          var k = start
          while k < start + rowCount {
            if s[k] != r || s[k + 1] != g || s[k + 2] != b { return false }
            k += 3
          }
        }
        return true
      }
    }
  }

  /// The Reduce Transparency backdrop: the mean of the unblurred wallpaper over
  /// the pixel centres inside the element's shape (black when there are none).
  public func meanInside(_ element: Element) -> RGB {
    let key = MaskKey(frame: element.frame, shape: element.shape, border: 0)
    if let m = means[key] { return m }
    let mask = mask(of: element, borderInPixels: 0)
    // Row-major over the shape's pixels, each channel summed in that order
    // (``FastEngine/sumInside(_:mask:)``).
    let (sum, n) = FastEngine.sumInside(image, mask: mask)
    let m =
      n == 0
      ? RGB.black : RGB(r: sum[0] / Double(n), g: sum[1] / Double(n), b: sum[2] / Double(n))
    means[key] = m
    return m
  }
}

/// Shape masks shared by every wallpaper of an audit: a mask depends only on
/// the canvas, the element's frame and shape, and the border width.
public final class MaskCache: @unchecked Sendable {
  private struct Key: Hashable {
    var canvas: Canvas
    var frame: RectInPoints
    var shape: ElementShape
    var border: Double
  }
  /// Each mask made once, by the first worker that asks for it.
  private let masks = OnceMap<Key, ShapeMask>()

  public init() {}

  func mask(
    canvas: Canvas, frame: RectInPoints, shape: ElementShape, border: Double,
    make: () -> ShapeMask
  ) -> ShapeMask {
    masks.value(for: Key(canvas: canvas, frame: frame, shape: shape, border: border), make: make)
  }
}

/// Where one element's backdrop comes from in one rendering (SPEC §3.1,
/// §3.3): the blurred backdrop B = sum_k w_k G_k(W) = (1 - m) W + m M of a
/// material (``WallpaperCanvas/blurred(_:mixture:)``), the Reduce
/// Transparency mean, or the wallpaper itself (no material, app fill).
public struct ElementBackdrop {
  /// The element's shape and border band on the canvas.
  public let mask: ShapeMask
  /// M, the mixture's blurred part, over ``blurredRect``, when the material blurs.
  public let blurred: RGBImage?
  /// The pixels `blurred` covers: the mask's rectangle, or the part of it
  /// that is read (``WallpaperCanvas/backdrop(of:rendering:within:)``).
  public let blurredRect: PixelRect
  /// m, the blurred share of the mixture.
  public let mix: Double
  /// The Reduce Transparency mean, when it replaces B.
  public let mean: RGB?
  /// Whether pixels inside the shape use B (a material) rather than W.
  public let usesBackdrop: Bool
  /// What determines the backdrop values: two sources with equal identities
  /// give the same backdrop at every pixel.
  public let identity: Identity

  /// See `identity`.
  public struct Identity: Hashable, Sendable {
    var usesBackdrop: Bool
    /// The mixture in use (``BlurMixture/sharp`` when nothing blurs).
    var blur: BlurMixture
    var mean: RGB?
  }

  /// The backdrop at canvas pixel `(x, y)` whose wallpaper colour is `wp`
  /// and mask code `code`; `g` reads `blurred`'s samples.
  @inlinable
  public func backdrop(
    x: Int, y: Int, wallpaper wp: RGB, code: UInt8, blurred g: UnsafeBufferPointer<Float>
  ) -> RGB {
    guard code != 0 && usesBackdrop else { return wp }
    if let mean { return mean }
    guard let blurred else { return wp }
    let k = 3 * ((y - blurredRect.y) * blurred.width + (x - blurredRect.x))
    return RGB(
      r: (1 - mix) * wp.r + mix * Double(g[k]), g: (1 - mix) * wp.g + mix * Double(g[k + 1]),
      b: (1 - mix) * wp.b + mix * Double(g[k + 2]))
  }
}

extension WallpaperCanvas {
  /// The backdrop source of `element` drawn as `rendering`, with its blur or
  /// mean computed (once, from the caches; no blur where the wallpaper the
  /// blur reads is one colour: B is then W, ``blurRequests(of:rendering:within:)``).
  /// With `region`, the blur is
  /// computed only where it meets the mask's rectangle
  /// (``blurredRect(_:within:)``): only pixels there may then be read.
  public func backdrop(
    of element: Element, rendering: ElementRendering, within region: PixelRect? = nil
  ) -> ElementBackdrop {
    let mask = mask(of: element, borderInPixels: rendering.borderWidthInPixels)
    var blurredRect = mask.rect
    var blurred: RGBImage?
    var mix = 0.0
    var mean: RGB?
    var usesBackdrop = false
    var inUse = BlurMixture.sharp
    if case .material(_, let blur) = rendering.surface {
      usesBackdrop = true
      if rendering.reducesTransparency {
        mean = meanInside(element)
      } else if !blurRequests(of: element, rendering: rendering).isEmpty {
        blurredRect = Self.blurredRect(mask.rect, within: region)
        blurred = self.blurred(blurredRect, mixture: blur)
        mix = blur.blurredShare
        inUse = blur
      }
    }
    return ElementBackdrop(
      mask: mask, blurred: blurred, blurredRect: blurredRect, mix: mix, mean: mean,
      usesBackdrop: usesBackdrop,
      identity: .init(usesBackdrop: usesBackdrop, blur: inUse, mean: mean))
  }
}
