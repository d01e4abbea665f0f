import Foundation

/// What several audits of the same wallpapers share: `glass-audit fix`
/// audits the run, then re-audits its trial layouts in rounds, each over
/// every wallpaper. Given in ``AuditRequest/cache``, each wallpaper is
/// placed on each canvas once (decoded once: a round that finds every
/// canvas it needs here decodes nothing), and the shape masks and the
/// bounds are made once for all the audits.
///
/// Nothing here changes a bit of a result: a placed wallpaper is the same
/// image whether it is kept or made again, masks depend only on the canvas
/// and the shape, bounds only on the rendering and the colour. The placed
/// wallpapers are held within `budget` bytes, the first ones placed first
/// (an audit takes the costliest wallpapers first); past it, a wallpaper is
/// decoded and placed again in each audit, as without the cache. Safe to
/// share among the workers of an audit.
public final class AuditCache: @unchecked Sendable {
  /// The most bytes of placed wallpapers held.
  public let budget: Int

  private struct Key: Hashable {
    var wallpaper: String
    var canvas: Canvas
  }
  private let lock = NSLock()
  private var images: [Key: RGBImage] = [:]
  /// Per wallpaper, whether it had translucent pixels (its finding).
  private var transparency: [String: Bool] = [:]
  private var held = 0
  private var boundsFilled = false

  /// Shape masks of every audit (per canvas, frame, shape and border).
  let masks = MaskCache()
  /// Bounds of every audit (per rendering and colour).
  let bounds = BoundsCache()

  /// The default budget: 384 MiB, ten placed wallpapers on an iPhone 16
  /// Pro's canvas, so that `fix` with its cache stays well below the peak
  /// memory of `run` (which holds the reports as well).
  public static let defaultBudget = 384 << 20

  public init(budget: Int = AuditCache.defaultBudget) {
    self.budget = Swift.max(0, budget)
  }

  /// The bytes of placed wallpapers held now.
  public var bytesHeld: Int {
    lock.lock()
    defer { lock.unlock() }
    return held
  }

  /// The number of placed wallpapers held now.
  public var placedCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return images.count
  }

  /// `wallpaper` placed on `canvas`, when held.
  func placed(_ wallpaper: String, on canvas: Canvas) -> RGBImage? {
    lock.lock()
    defer { lock.unlock() }
    return images[Key(wallpaper: wallpaper, canvas: canvas)]
  }

  /// Every canvas of `canvases` with `wallpaper` placed on it, and whether
  /// it had translucent pixels, when all are held (then it need not be
  /// decoded); nil otherwise.
  func placed(_ wallpaper: String, on canvases: Set<Canvas>)
    -> (images: [Canvas: RGBImage], hadTransparency: Bool)?
  {
    lock.lock()
    defer { lock.unlock() }
    guard let hadTransparency = transparency[wallpaper] else { return nil }
    var out: [Canvas: RGBImage] = [:]
    for c in canvases {
      guard let image = images[Key(wallpaper: wallpaper, canvas: c)] else { return nil }
      out[c] = image
    }
    return (out, hadTransparency)
  }

  /// Keeps `image`, `wallpaper` placed on `canvas`, when the budget has room
  /// for it. The kept copy holds no share of a decoding budget: it is
  /// counted here.
  func keep(_ image: RGBImage, wallpaper: String, on canvas: Canvas, hadTransparency: Bool) {
    var image = image
    image.lease = nil
    let bytes = image.samples.count * MemoryLayout<Float>.stride
    let key = Key(wallpaper: wallpaper, canvas: canvas)
    lock.lock()
    defer { lock.unlock() }
    guard images[key] == nil, held + bytes <= budget else { return }
    images[key] = image
    transparency[wallpaper] = hadTransparency
    held += bytes
  }

  /// Whether the bounds still need the audit's prefill: true once (the
  /// first audit's layouts), after which each audit computes only the
  /// bounds it asks for and that are not held.
  func takeBoundsPrefill() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let first = !boundsFilled
    boundsFilled = true
    return first
  }
}
