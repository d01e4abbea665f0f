import Foundation

/// Decoded wallpapers kept between a run's decodes of them as their 8-bit
/// samples, a quarter of the floats: `run` decodes each wallpaper for its
/// audit, again for the previews it draws, and again in each round of the
/// fixes' re-audit (``LayoutFixer``), which keeps no placed wallpaper. A
/// kept wallpaper's floats are made again from its bytes, `Float(v) / 255`,
/// the bits both PNG decoders make (`cfastpng_rows.c`, libpng's 8-bit
/// path), instead of reading, inflating and unfiltering its file.
///
/// A wallpaper is kept at its second decode, not its first: the audit's
/// decode does not know whether another will come (a run where nothing
/// fails re-audits nothing), and the audit's working set, where a run peaks,
/// is not made larger. Only an image whose every sample is exactly `v / 255`
/// for a byte `v` is kept (an 8-bit opaque file; not a 16-bit one, nor one
/// flattened over black), and only while `budget` has room, the first ones
/// first; the others are decoded each time, as without it. A run whose
/// wallpapers would not all fit (``wallpaperCount`` of the first one's
/// size) keeps none: the heap keeps what it held, so a part kept would cost
/// the whole budget in peak memory for a part of the saving (at 100 x 100,
/// about 27 of the 100 wallpapers). Nothing here changes a bit:
/// ``image(for:reserve:)`` gives the samples the decoder gave. Safe to share
/// among threads.
public final class KeptWallpapers: @unchecked Sendable {
  /// The most bytes of samples kept.
  public let budget: Int

  private struct Kept {
    var width: Int
    var height: Int
    var bytes: [UInt8]
    var hadTransparency: Bool
  }
  private let lock = NSLock()
  private var kept: [String: Kept] = [:]
  private var refused: Set<String> = []
  private var seen: Set<String> = []
  private var held = 0

  /// The default budget: 256 MiB, the 21 wallpapers of the bundled matrix
  /// (9.5 MB each at 1206 x 2622) with room to spare.
  public static let defaultBudget = 256 << 20

  /// Whether a wallpaper is kept at its first decode (else at its second).
  public let keepsFirstDecode: Bool

  /// How many wallpapers the run decodes (set before the audit): none is
  /// kept when that many of the first one's size exceed the budget.
  public var wallpaperCount: Int {
    get {
      lock.lock()
      defer { lock.unlock() }
      return expected
    }
    set {
      lock.lock()
      expected = Swift.max(1, newValue)
      lock.unlock()
    }
  }
  private var expected = 1

  public init(budget: Int = KeptWallpapers.defaultBudget, keepsFirstDecode: Bool = false) {
    self.budget = Swift.max(0, budget)
    self.keepsFirstDecode = keepsFirstDecode
  }

  /// The bytes kept now.
  public var bytesHeld: Int {
    lock.lock()
    defer { lock.unlock() }
    return held
  }

  /// The number of wallpapers kept now.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return kept.count
  }

  /// The image kept for `key` and whether its file had translucent pixels;
  /// nil when not kept. Its floats are reserved first through `reserve`
  /// (the run's ``MemoryBudget``, as a decode reserves them); nil, and
  /// nothing made, when that gives no lease.
  public func image(
    for key: String, reserve: (_ bytes: Int) -> MemoryBudget.Lease?
  ) -> (image: RGBImage, hadTransparency: Bool)? {
    lock.lock()
    let entry = kept[key]
    lock.unlock()
    guard let entry else { return nil }
    let count = entry.bytes.count
    guard let lease = reserve(count * MemoryLayout<Float>.stride) else { return nil }
    let samples = [Float](unsafeUninitializedCapacity: count) { out, initialized in
      entry.bytes.withUnsafeBufferPointer { Self.expand($0, into: out) }
      initialized = count
    }
    var image = RGBImage(width: entry.width, height: entry.height, samples: samples)
    image.samplesAreDecoded = true
    image.lease = lease
    return (image, entry.hadTransparency)
  }

  /// Keeps `image` (as a decoder made it) for `key`, when it is the second
  /// decode of `key` (or ``keepsFirstDecode``), each of its samples is a
  /// byte's `v / 255` and the budget has room; else nothing.
  public func keep(_ image: RGBImage, hadTransparency: Bool, for key: String) {
    let count = image.samples.count
    lock.lock()
    let again = keepsFirstDecode || !seen.insert(key).inserted
    let fits = count.multipliedReportingOverflow(by: expected)
    let wanted =
      image.samplesAreDecoded && again && kept[key] == nil && !refused.contains(key)
      && held + count <= budget
      && (held > 0 || (!fits.overflow && fits.partialValue <= budget))
    if wanted { held += count }  // (reserved while the bytes are made)
    lock.unlock()
    guard wanted else { return }
    var exact = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      image.samples.withUnsafeBufferPointer { exact = Self.compact($0, into: out) }
      initialized = count
    }
    lock.lock()
    defer { lock.unlock() }
    if exact {
      kept[key] = Kept(
        width: image.width, height: image.height, bytes: bytes, hadTransparency: hadTransparency)
    } else {
      held -= count
      refused.insert(key)
    }
  }

  /// `out[i] = Float(bytes[i]) / 255` (a division, as the decoders make it).
  static func expand(
    _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<Float>
  ) {
    let (b, o) = (bytes.baseAddress!, out.baseAddress!)
    for i in 0..<bytes.count { o[i] = Float(b[i]) / 255 }
  }

  /// Writes each sample's byte `v` into `out` and returns whether every
  /// sample's bits are exactly `Float(v) / 255`'s. (Branch-free, so that it
  /// runs on the vector unit: the sample clamped to [0, 1], a NaN to 0,
  /// then its byte read from the bits of `255 c + 2^23`, as
  /// ``PNGEncoder`` does; a sample that is not a byte's quotient gives
  /// some byte whose quotient differs from it.)
  static func compact(
    _ samples: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> Bool {
    let (s, o) = (samples.baseAddress!, out.baseAddress!)
    var differ: UInt32 = 0
    for i in 0..<samples.count {
      let f = s[i]
      let c: Float = f >= 0 ? (f <= 1 ? f : 1) : 0
      let v = UInt8(truncatingIfNeeded: (c * 255 + 8_388_608).bitPattern)
      o[i] = v
      differ |= (Float(v) / 255).bitPattern ^ f.bitPattern
    }
    return differ == 0
  }
}
