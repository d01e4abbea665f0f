/// The inner loops of the blur: symmetric weighted sums over flat `Float` rows.
///
/// Every output element is computed by the same sequence of IEEE operations
/// whether it falls in a SIMD lane or in the scalar tail
/// (`acc = w0 * c; acc = acc + w_i * (a_i + b_i)` for `i = 1 ... radius`),
/// so results do not depend on where a row starts or how work is split.
enum RowKernels {
  typealias Vector = SIMD16<Float>
  /// One pixel's three channels and one lane more.
  typealias Quad = SIMD4<Float>

  /// `dst[n] = w[0] * c[n] + Σ_{i=1...radius} w[i] * (c[n - i * stride] + c[n + i * stride])`
  /// for `n` in `0..<count`, where `c = center`.
  ///
  /// `center` must be readable from `-radius * stride` to `count + radius * stride`.
  @inline(__always)
  static func symmetricSum(
    center: UnsafePointer<Float>, stride: Int, weights: UnsafePointer<Float>, radius: Int,
    count: Int, into dst: UnsafeMutablePointer<Float>
  ) {
    let lanes = Vector.scalarCount
    let w0 = weights[0]
    var n = 0
    // Two vectors at a time: the weights and addresses serve both.
    while n + 2 * lanes <= count {
      var acc = w0 * load(center + n)
      var acc2 = w0 * load(center + (n + lanes))
      var a = center + (n - stride)
      var b = center + (n + stride)
      var i = 1
      while i <= radius {
        let w = weights[i]
        acc = acc + w * (load(a) + load(b))
        acc2 = acc2 + w * (load(a + lanes) + load(b + lanes))
        a -= stride
        b += stride
        i &+= 1
      }
      store(acc, dst + n)
      store(acc2, dst + (n + lanes))
      n += 2 * lanes
    }
    while n + lanes <= count {
      var acc = w0 * load(center + n)
      var i = 1
      while i <= radius {
        let a = load(center + (n - i * stride))
        let b = load(center + (n + i * stride))
        acc = acc + weights[i] * (a + b)
        i += 1
      }
      store(acc, dst + n)
      n += lanes
    }
    while n < count {
      var acc = w0 * center[n]
      var i = 1
      while i <= radius {
        acc = acc + weights[i] * (center[n - i * stride] + center[n + i * stride])
        i += 1
      }
      dst[n] = acc
      n += 1
    }
  }

  /// The column pass for two neighbouring output rows at once: ``symmetricSum(rows:weights:radius:count:into:)``
  /// on `rows[0 ... 2 * radius]` into `dst0` and on `rows[1 ... 2 * radius + 1]` into
  /// `dst1`. Each row loaded serves both sums (row `l + i` is row `(l + 1) + (i - 1)`).
  @inline(__always)
  static func symmetricSumPair(
    rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, radius: Int,
    count: Int, into dst0: UnsafeMutablePointer<Float>, _ dst1: UnsafeMutablePointer<Float>
  ) {
    typealias Half = SIMD8<Float>
    let lanes = Half.scalarCount
    let w0 = weights[0]
    let middle0 = rows[radius]
    let middle1 = rows[radius + 1]
    var n = 0
    while n + lanes <= count {
      let c0 = UnsafeRawPointer(middle0 + n).loadUnaligned(as: Half.self)
      let c1 = UnsafeRawPointer(middle1 + n).loadUnaligned(as: Half.self)
      var acc0 = w0 * c0
      var acc1 = w0 * c1
      // At step i: row l + 1 - i (= l - (i - 1), loaded at the step before) and row l + i
      // (= (l + 1) + (i - 1), likewise) are at hand; rows l - i and l + 1 + i are loaded.
      var low1 = c0
      var high0 = c1
      var i = 1
      while i <= radius {
        let w = weights[i]
        let low0 = UnsafeRawPointer(rows[radius &- i] + n).loadUnaligned(as: Half.self)
        let high1 = UnsafeRawPointer(rows[radius &+ 1 &+ i] + n).loadUnaligned(as: Half.self)
        acc0 = acc0 + w * (low0 + high0)
        acc1 = acc1 + w * (low1 + high1)
        low1 = low0
        high0 = high1
        i &+= 1
      }
      UnsafeMutableRawPointer(dst0 + n).storeBytes(of: acc0, as: Half.self)
      UnsafeMutableRawPointer(dst1 + n).storeBytes(of: acc1, as: Half.self)
      n += lanes
    }
    while n < count {
      var acc0 = w0 * middle0[n]
      var acc1 = w0 * middle1[n]
      var i = 1
      while i <= radius {
        acc0 = acc0 + weights[i] * (rows[radius - i][n] + rows[radius + i][n])
        acc1 = acc1 + weights[i] * (rows[radius + 1 - i][n] + rows[radius + 1 + i][n])
        i += 1
      }
      dst0[n] = acc0
      dst1[n] = acc1
      n += 1
    }
  }

  /// `dst[n] = w[0] * r[radius][n] + Σ_{i=1...radius} w[i] * (r[radius - i][n] + r[radius + i][n])`
  /// for `n` in `0..<count`, where `r = rows` holds `2 * radius + 1` row pointers.
  @inline(__always)
  static func symmetricSum(
    rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, radius: Int,
    count: Int, into dst: UnsafeMutablePointer<Float>
  ) {
    let lanes = Vector.scalarCount
    let w0 = weights[0]
    let middle = rows[radius]
    var n = 0
    while n + lanes <= count {
      var acc = w0 * load(middle + n)
      var i = 1
      while i <= radius {
        let a = load(rows[radius - i] + n)
        let b = load(rows[radius + i] + n)
        acc = acc + weights[i] * (a + b)
        i += 1
      }
      store(acc, dst + n)
      n += lanes
    }
    while n < count {
      var acc = w0 * middle[n]
      var i = 1
      while i <= radius {
        acc = acc + weights[i] * (rows[radius - i][n] + rows[radius + i][n])
        i += 1
      }
      dst[n] = acc
      n += 1
    }
  }

  /// `dst[n] = a[n] + t * (b[n] - a[n])` for `n` in `0..<count`: linear interpolation that
  /// returns `a[n]` exactly when `a[n] == b[n]`.
  @inline(__always)
  static func lerp(
    _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, t: Float, count: Int,
    into dst: UnsafeMutablePointer<Float>
  ) {
    let lanes = Vector.scalarCount
    var n = 0
    while n + lanes <= count {
      let va = load(a + n)
      store(va + t * (load(b + n) - va), dst + n)
      n += lanes
    }
    while n < count {
      dst[n] = a[n] + t * (b[n] - a[n])
      n += 1
    }
  }

  /// `dst[n] = a[n] - b[n]` for `n` in `0..<count`.
  @inline(__always)
  static func difference(
    _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int,
    into dst: UnsafeMutablePointer<Float>
  ) {
    let lanes = Vector.scalarCount
    var n = 0
    while n + lanes <= count {
      store(load(a + n) - load(b + n), dst + n)
      n += lanes
    }
    while n < count {
      dst[n] = a[n] - b[n]
      n += 1
    }
  }

  /// Pixel `i` of `dst` (three samples from `3i`) is `L + s * D` per channel, with `L` the
  /// three samples of `line` and `D` those of `delta` from `offsets[i]`, and `s` lane 0 of
  /// `fractions[i]` (which holds it in every lane), for `i` in `0..<count`.
  ///
  /// `line` and `delta` must be readable one sample past the last pixel's three.
  @inline(__always)
  static func interpolatePixels(
    line: UnsafePointer<Float>, delta: UnsafePointer<Float>, offsets: UnsafePointer<Int>,
    fractions: UnsafePointer<Quad>, count: Int, into dst: UnsafeMutablePointer<Float>
  ) {
    // Four pixels at a time, as three vectors of four samples.
    var i = 0
    while i + 4 <= count {
      let p0 = pixel(line, delta, offsets[i], fractions[i])
      let p1 = pixel(line, delta, offsets[i + 1], fractions[i + 1])
      let p2 = pixel(line, delta, offsets[i + 2], fractions[i + 2])
      let p3 = pixel(line, delta, offsets[i + 3], fractions[i + 3])
      let out = UnsafeMutableRawPointer(dst + 3 * i)
      out.storeBytes(of: Quad(p0[0], p0[1], p0[2], p1[0]), as: Quad.self)
      out.storeBytes(of: Quad(p1[1], p1[2], p2[0], p2[1]), toByteOffset: 16, as: Quad.self)
      out.storeBytes(of: Quad(p2[2], p3[0], p3[1], p3[2]), toByteOffset: 32, as: Quad.self)
      i += 4
    }
    while i < count {
      let o = offsets[i]
      let s = fractions[i][0]
      dst[3 * i] = line[o] + s * delta[o]
      dst[3 * i + 1] = line[o + 1] + s * delta[o + 1]
      dst[3 * i + 2] = line[o + 2] + s * delta[o + 2]
      i += 1
    }
  }

  /// `L + s * D` on the four samples of `line` and `delta` from `offset`.
  @inline(__always)
  static func pixel(
    _ line: UnsafePointer<Float>, _ delta: UnsafePointer<Float>, _ offset: Int, _ fraction: Quad
  ) -> Quad {
    loadQuad(line + offset) + fraction * loadQuad(delta + offset)
  }

  /// One block average: `Float(((0 + s[0]) + s[3] + ... + s[3(count - 1)]) * scale)`
  /// per channel (`s = sums`, red at `s[0]`, green at `s[1]`, blue at `s[2]`), written to
  /// `dst[0 ... 2]`; `dst[3]` receives a value of no meaning.
  ///
  /// `sums` must be readable up to `s[3 * count]`, `dst` writable up to `dst[3]`.
  @inline(__always)
  static func blockSum(
    _ sums: UnsafePointer<Double>, count: Int, scale: Double, into dst: UnsafeMutablePointer<Float>
  ) {
    var acc = SIMD4<Double>(repeating: 0)
    var p = sums
    for _ in 0..<count {
      acc = acc + UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Double>.self)
      p += 3
    }
    let scaled = acc * scale
    let v = Quad(Float(scaled[0]), Float(scaled[1]), Float(scaled[2]), Float(scaled[3]))
    UnsafeMutableRawPointer(dst).storeBytes(of: v, as: Quad.self)
  }

  @inline(__always)
  static func loadQuad(_ p: UnsafePointer<Float>) -> Quad {
    UnsafeRawPointer(p).loadUnaligned(as: Quad.self)
  }

  @inline(__always)
  static func load(_ p: UnsafePointer<Float>) -> Vector {
    UnsafeRawPointer(p).loadUnaligned(as: Vector.self)
  }

  @inline(__always)
  static func store(_ v: Vector, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: Vector.self)
  }
}
