/// A scene's pictures as the page carries them: at most 256 colours, for a
/// palette PNG (``PNGEncoder/encodeIndexed8(width:height:indices:palette:)``),
/// about a sixth of the bytes of an RGB PNG of a photograph at the same size.
///
/// An image of at most `maximumColours` distinct colours keeps them exactly
/// (in the order they first occur). Otherwise median cut: the colours are
/// counted in cells of 5 bits per channel (32,768 cells); starting from one
/// box holding every cell, the box with the greatest pixel count x longest
/// side (in cells) is split across that side at its pixels' median, until
/// there are `maximumColours` boxes or none can be split; each box's colour
/// is the mean of its pixels (rounded), and a pixel takes its cell's box.
/// No dithering. Integer arithmetic and fixed tie-breaks only (the lower
/// cell first): the same pixels give the same palette and indices.
enum PreviewPalette {
  static let maximumColours = 256

  /// `rgb`'s pixels as palette indices and the palette (interleaved
  /// `R, G, B`, at most `maximumColours` entries).
  ///
  /// - Precondition: `rgb.count` is a multiple of 3.
  static func reduce(_ rgb: [UInt8]) -> (indices: [UInt8], palette: [UInt8]) {
    precondition(rgb.count % 3 == 0)
    if let exact = exactly(rgb) { return exact }
    let pixels = rgb.count / 3
    // Per cell: pixel count and channel sums.
    var count = [Int](repeating: 0, count: 32_768)
    var sums = [Int](repeating: 0, count: 3 * 32_768)
    // (Through buffers: no bounds check or copy in the loop over pixels.)
    rgb.withUnsafeBufferPointer { rgb in
      count.withUnsafeMutableBufferPointer { count in
        sums.withUnsafeMutableBufferPointer { sums in
          for p in 0..<pixels {
            let (r, g, b) = (rgb[3 * p], rgb[3 * p + 1], rgb[3 * p + 2])
            let c = cell(r, g, b)
            count[c] += 1
            sums[3 * c] += Int(r)
            sums[3 * c + 1] += Int(g)
            sums[3 * c + 2] += Int(b)
          }
        }
      }
    }
    var boxes = [Box(cells: (0..<32_768).filter { count[$0] > 0 }, count: count)]
    while boxes.count < maximumColours {
      var best = -1
      var bestScore = 0
      for (i, b) in boxes.enumerated() where b.longest.length > 0 {
        let score = b.pixels * b.longest.length
        if score > bestScore {
          best = i
          bestScore = score
        }
      }
      guard best >= 0 else { break }
      let (low, high) = boxes[best].split(count: count)
      boxes[best] = low
      boxes.append(high)
    }
    var index = [UInt8](repeating: 0, count: 32_768)
    var palette: [UInt8] = []
    palette.reserveCapacity(3 * boxes.count)
    for (i, b) in boxes.enumerated() {
      var s = (0, 0, 0)
      for c in b.cells {
        index[c] = UInt8(i)
        s.0 += sums[3 * c]
        s.1 += sums[3 * c + 1]
        s.2 += sums[3 * c + 2]
      }
      let n = b.pixels
      palette += [s.0, s.1, s.2].map { UInt8(($0 + n / 2) / n) }
    }
    let indices = rgb.withUnsafeBufferPointer { rgb in
      index.withUnsafeBufferPointer { index in
        [UInt8](unsafeUninitializedCapacity: pixels) { out, initialized in
          for p in 0..<pixels { out[p] = index[cell(rgb[3 * p], rgb[3 * p + 1], rgb[3 * p + 2])] }
          initialized = pixels
        }
      }
    }
    return (indices, palette)
  }

  /// The image's own colours when there are at most `maximumColours`, in
  /// the order they first occur; nil past that.
  ///
  /// The same answer as ``exactlyReference(_:)`` (a dictionary per pixel):
  /// a pixel equal to the one before takes its index at once, others are
  /// looked up in an open-addressing table of 1,024 slots (a quarter full
  /// at most, so a lookup seldom probes twice), stopped at the 257th colour.
  static func exactly(_ rgb: [UInt8]) -> (indices: [UInt8], palette: [UInt8])? {
    let pixels = rgb.count / 3
    let slots = 1024
    // Keys as colour + 1 (0: an empty slot), values their index.
    var keys = [UInt32](repeating: 0, count: slots)
    var values = [UInt8](repeating: 0, count: slots)
    var palette: [UInt8] = []
    palette.reserveCapacity(3 * maximumColours)
    var found = 0
    var failed = false
    let indices = [UInt8](unsafeUninitializedCapacity: pixels) { out, initialized in
      rgb.withUnsafeBufferPointer { rgb in
        keys.withUnsafeMutableBufferPointer { keys in
          values.withUnsafeMutableBufferPointer { values in
            var last: UInt32 = 0
            var lastIndex: UInt8 = 0
            for p in 0..<pixels {
              let key =
                (UInt32(rgb[3 * p]) << 16 | UInt32(rgb[3 * p + 1]) << 8 | UInt32(rgb[3 * p + 2]))
                &+ 1
              if key == last {
                out[p] = lastIndex
                continue
              }
              var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 22)
              while true {
                let k = keys[slot]
                if k == key {
                  lastIndex = values[slot]
                  break
                }
                if k == 0 {
                  guard found < maximumColours else {
                    failed = true
                    initialized = p
                    return
                  }
                  keys[slot] = key
                  lastIndex = UInt8(found)
                  values[slot] = lastIndex
                  found += 1
                  palette += [rgb[3 * p], rgb[3 * p + 1], rgb[3 * p + 2]]
                  break
                }
                slot = (slot + 1) & (slots - 1)
              }
              last = key
              out[p] = lastIndex
            }
            initialized = pixels
          }
        }
      }
    }
    return failed ? nil : (indices, palette)
  }

  /// The readable reference of ``exactly(_:)``: one dictionary lookup per
  /// pixel.
  static func exactlyReference(_ rgb: [UInt8]) -> (indices: [UInt8], palette: [UInt8])? {
    var seen: [UInt32: UInt8] = [:]
    var palette: [UInt8] = []
    var indices = [UInt8](repeating: 0, count: rgb.count / 3)
    for p in 0..<indices.count {
      let key = UInt32(rgb[3 * p]) << 16 | UInt32(rgb[3 * p + 1]) << 8 | UInt32(rgb[3 * p + 2])
      if let i = seen[key] {
        indices[p] = i
        continue
      }
      guard seen.count < maximumColours else { return nil }
      let i = UInt8(seen.count)
      seen[key] = i
      palette += [rgb[3 * p], rgb[3 * p + 1], rgb[3 * p + 2]]
      indices[p] = i
    }
    return (indices, palette)
  }

  /// The cell of a colour: its top 5 bits per channel, `r << 10 | g << 5 | b`.
  static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
    Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
  }

  /// Some cells, their pixel count and their longest side.
  struct Box {
    var cells: [Int]
    var pixels: Int
    /// The channel (0 red, 1 green, 2 blue) with the widest spread of
    /// cells, the first of equals, and that spread (0: one cell wide).
    var longest: (channel: Int, length: Int)

    init(cells: [Int], count: [Int]) {
      self.cells = cells
      pixels = cells.reduce(0) { $0 + count[$1] }
      // Per channel the least and greatest coordinate (red, green, blue).
      var lo = (31, 31, 31)
      var hi = (0, 0, 0)
      for c in cells {
        let (r, g, b) = (Box.coordinate(c, 0), Box.coordinate(c, 1), Box.coordinate(c, 2))
        lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
        hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
      }
      let lows = [lo.0, lo.1, lo.2]
      let highs = [hi.0, hi.1, hi.2]
      var l = (channel: 0, length: -1)
      for k in 0..<3 where highs[k] - lows[k] > l.length { l = (k, highs[k] - lows[k]) }
      longest = (l.channel, max(0, l.length))
    }

    static func coordinate(_ c: Int, _ k: Int) -> Int { (c >> (10 - 5 * k)) & 31 }

    /// The box cut across its longest side where half its pixels lie below
    /// (both halves keep at least one cell).
    func split(count: [Int]) -> (Box, Box) {
      let k = longest.channel
      let sorted = cells.sorted {
        let (a, b) = (Box.coordinate($0, k), Box.coordinate($1, k))
        return a != b ? a < b : $0 < $1
      }
      // Cut between coordinates, so equal coordinates stay together.
      var below = 0
      var cut = 0
      for (i, c) in sorted.enumerated() {
        if i > 0 && Box.coordinate(c, k) != Box.coordinate(sorted[i - 1], k) {
          cut = i
          if 2 * below >= pixels { break }
        }
        below += count[c]
      }
      // A box longer than one cell has a boundary, so `cut` is past 0: the
      // first with half the pixels below it, else the last.
      return (
        Box(cells: Array(sorted[..<cut]), count: count),
        Box(cells: Array(sorted[cut...]), count: count)
      )
    }
  }
}
