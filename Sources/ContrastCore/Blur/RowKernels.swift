/// The inner loops of the blur: symmetric weighted sums over flat `Float` rows.
///
/// Every output element is computed by the same sequence of IEEE operations
/// whether it falls in a SIMD lane or in the scalar tail
/// (`acc = w0 * c; acc = acc + w_i * (a_i + b_i)` for `i = 1 ... radius`),
/// so results do not depend on where a row starts or how work is split.
enum RowKernels {
  typealias Vector = SIMD16<Float>

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

  @inline(__always)
  static func load(_ p: UnsafePointer<Float>) -> Vector {
    UnsafeRawPointer(p).loadUnaligned(as: Vector.self)
  }

  @inline(__always)
  static func store(_ v: Vector, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: Vector.self)
  }
}
