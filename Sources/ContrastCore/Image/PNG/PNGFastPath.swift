internal import CFastPNG
import Foundation

/// A faster decoder for ordinary PNG files, which gives exactly what the
/// libpng path gives or declines.
///
/// Where libpng's simplified reader spends its time on an 8-bit photo:
/// inflating with zlib (row by row) and reversing the Paeth filter one byte
/// at a time, about half each. This path inflates the whole IDAT stream at
/// once with libdeflate, reverses the filters with a branch-free Paeth, and
/// writes the floats straight from each unfiltered row, with no RGBA copy
/// and no buffer besides the result's.
///
/// It only takes files described by ``PNGFastPathLayout`` (8-bit gray, RGB
/// or RGBA, not interlaced, no chunk that changes colours, every CRC right)
/// and returns a result only when libdeflate inflates the stream to exactly
/// the expected size, ending exactly at the end of the image data, with its
/// Adler-32 right, and every filter type is valid. On those files libpng
/// does no colour conversion (an 8-bit file without gAMA, cHRM or iCCP is
/// sRGB to it already), so the result is the libpng path's, float for
/// float, with no warnings. Anything else, and a missing libdeflate,
/// returns `nil`, and the caller decodes with libpng, which gives the
/// canonical result or error.
///
/// libdeflate accepts a few streams RFC 1951 forbids and zlib refuses
/// (literal/length symbols 286 and 287, distance symbols 30 and 31, more
/// than 286 or 30 code lengths, some incomplete Huffman codes), which no
/// encoder writes but anyone can craft. So the stream is first walked as
/// zlib reads it (`cfastpng_zlib_stream_is_valid`: every block header and
/// symbol, no output written), and the path declines unless zlib would
/// inflate it to exactly the expected size too: a crafted stream reaches
/// libpng and gets libpng's error, with or without libdeflate. A run decodes
/// a wallpaper several times (the audit, each round of the fixes' re-audit,
/// the previews): a stream found valid is remembered (``ValidatedStreams``)
/// and not walked again.
enum PNGFastPath {
  /// Whether libdeflate could be loaded, so that the fast path can run.
  static var isAvailable: Bool { cfastpng_available() != 0 }

  /// Decodes `bytes` on the fast path; `nil` when it declines.
  static func decode(_ bytes: [UInt8], name: String, pixelLimit: Int) -> DecodedPNG? {
    bytes.withUnsafeBytes { decode(memory: $0, name: name, pixelLimit: pixelLimit) }
  }

  /// Decodes the PNG in `memory` on the fast path; `nil` when it declines.
  ///
  /// All the work happens in the buffer of the result, so that no other
  /// large buffer is allocated (fresh memory costs a page fault every
  /// 4 KiB): the IDAT data, when in more than one chunk, is gathered at its
  /// start, inflated into its last bytes, and the rows are then unfiltered
  /// from there and written as floats from its start (see
  /// `cfastpng_unfilter_to_rgb`).
  static func decode(
    memory: UnsafeRawBufferPointer,
    name: String,
    pixelLimit: Int
  ) -> DecodedPNG? {
    guard isAvailable, let layout = PNGFastPathLayout(memory) else { return nil }
    let pixelCount = layout.width * layout.height
    // Above the limit the libpng path throws `tooLarge`; libpng's own
    // buffer check allows at most 2^32 - 1 bytes of RGBA.
    guard pixelCount <= pixelLimit, 4 * pixelCount <= Int(UInt32.max) else { return nil }

    var hadTransparency: Int32 = 0
    let count = 3 * pixelCount
    let samples = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
      // Exactly the result's floats (the capacity may be larger).
      let output = UnsafeMutableRawBufferPointer(
        rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<count * MemoryLayout<Float>.stride])
      let decoded = decode(memory, layout: layout, into: output, hadTransparency: &hadTransparency)
      initialized = decoded ? count : 0
    }
    guard samples.count == count else { return nil }
    var image = RGBImage(width: layout.width, height: layout.height, samples: samples)
    image.samplesAreDecoded = true
    return DecodedPNG(
      image: image,
      hadTransparency: hadTransparency != 0,
      warnings: [],
      name: name
    )
  }

  /// Inflates, unfilters and converts into `output`, the result's floats;
  /// `false` when anything fails.
  private static func decode(
    _ memory: UnsafeRawBufferPointer,
    layout: PNGFastPathLayout,
    into output: UnsafeMutableRawBufferPointer,
    hadTransparency: inout Int32
  ) -> Bool {
    let filteredSize = layout.filteredByteCount
    let filteredStart = output.count - filteredSize
    let chunks = layout.imageData
    let stream: UnsafeRawBufferPointer
    if chunks.count == 1 {
      stream = UnsafeRawBufferPointer(rebasing: memory[chunks[0]])
    } else {
      let streamSize = chunks.reduce(0) { $0 + $1.count }
      guard streamSize <= filteredStart else { return false }
      var offset = 0
      for chunk in chunks {
        let part = UnsafeRawBufferPointer(rebasing: memory[chunk])
        UnsafeMutableRawBufferPointer(rebasing: output[offset..<offset + part.count])
          .copyMemory(from: part)
        offset += part.count
      }
      stream = UnsafeRawBufferPointer(rebasing: output[0..<streamSize])
    }
    guard stream.count >= 6, windowIsLargeEnough(stream[0], stream[1], for: filteredSize) else {
      return false
    }
    let filtered = output.baseAddress! + filteredStart
    guard ValidatedStreams.shared.isValid(stream, inflatingTo: filteredSize),
      cfastpng_zlib_inflate_exact(stream.baseAddress, stream.count, filtered, filteredSize) != 0
    else { return false }
    return cfastpng_unfilter_to_rgb(
      filtered, layout.width, layout.height, UInt32(layout.channels), output.baseAddress,
      &hadTransparency) != 0
  }

  /// Whether the zlib header `cmf`, `flg` (RFC 1950) is one zlib and
  /// libdeflate read alike: deflate, no preset dictionary, check bits
  /// right, and a window that holds every distance zlib could be asked to
  /// reach. zlib (as libpng calls it) honours a window below 32 KiB and
  /// refuses distances beyond it, where libdeflate does not look; with the
  /// whole output no larger than the window, no distance can go beyond it.
  static func windowIsLargeEnough(_ cmf: UInt8, _ flg: UInt8, for outputSize: Int) -> Bool {
    let windowBits = Int(cmf >> 4) + 8
    guard cmf & 0x0F == 8, windowBits <= 15, flg & 0x20 == 0,
      (Int(cmf) << 8 | Int(flg)) % 31 == 0
    else { return false }
    return windowBits == 15 || outputSize <= 1 << windowBits
  }
}

/// The zlib streams this process has walked (`cfastpng_zlib_stream_is_valid`)
/// and found valid, so that decoding a file again does not walk its stream
/// again (the walk costs about as much as inflating it). A stream is known
/// by its length, the size it inflates to and its digest by Swift's
/// `Hasher` (SipHash, seeded at random for each process: no file can be
/// made to take another's digest ahead of time); only valid streams are
/// kept, so a stream not known is walked. One small entry per distinct
/// wallpaper.
final class ValidatedStreams: @unchecked Sendable {
  static let shared = ValidatedStreams()

  struct Key: Hashable {
    var digest: Int
    var count: Int
    var inflated: Int
  }

  private let lock = NSLock()
  private var known: Set<Key> = []

  /// Whether zlib would inflate `stream` to exactly `size` bytes: known,
  /// or walked now (and then known when valid).
  func isValid(_ stream: UnsafeRawBufferPointer, inflatingTo size: Int) -> Bool {
    let key = Self.key(stream, size)
    if contains(key) { return true }
    guard cfastpng_zlib_stream_is_valid(stream.baseAddress, stream.count, size) != 0 else {
      return false
    }
    lock.lock()
    known.insert(key)
    lock.unlock()
    return true
  }

  /// Whether `stream` is known valid, inflating to `size` bytes (it is
  /// then not walked again).
  func knows(_ stream: UnsafeRawBufferPointer, inflatingTo size: Int) -> Bool {
    contains(Self.key(stream, size))
  }

  private static func key(_ stream: UnsafeRawBufferPointer, _ size: Int) -> Key {
    var hasher = Hasher()
    hasher.combine(bytes: stream)
    return Key(digest: hasher.finalize(), count: stream.count, inflated: size)
  }

  private func contains(_ key: Key) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return known.contains(key)
  }
}
