// The symmetric sums' pair and stride loops of csymmetric.c, written once for
// every vector width. csymmetric.c includes it once per instruction set,
// after defining:
//   FN(name)   this instruction set's copy of `name`
//   TARGET     the function attribute that enables the instruction set
//   W          floats a vector; VF the vector type
//   VLOAD(p), VSTORE(p, v), VSET1(x), VADD, VMUL   lane by lane, IEEE
//   PAIR_REST(rows, w, radius, n, count, dst0, dst1)
//   STRIDE_REST(c, stride, w, radius, n, count, dst)   the elements from n on
//                                                      (fewer than a block)
// and leaves them all undefined again.
// Per element the same operations in the same order at every width: the
// same bits (SymmetricSumsTests at every level).

static inline TARGET VF FN(step)(VF acc, VF w, VF a, VF b) {
  return VADD(acc, VMUL(w, VADD(a, b)));
}

// RowKernels.symmetricSumPair: rows[0 ... 2 radius + 1], into dst0 (rows
// 0 ... 2 radius) and dst1 (rows 1 ... 2 radius + 1), elements n ... count - 1.
static TARGET void FN(pair)(const float *const *rows, const float *w, long radius, long n,
                            long count, float *dst0, float *dst1) {
  const float *m0 = rows[radius], *m1 = rows[radius + 1];
  VF w0 = VSET1(w[0]);
  for (; n + 2 * W <= count; n += 2 * W) {
    VF c0a = VLOAD(m0 + n), c0b = VLOAD(m0 + n + W), c1a = VLOAD(m1 + n), c1b = VLOAD(m1 + n + W);
    VF a0a = VMUL(w0, c0a), a0b = VMUL(w0, c0b);
    VF a1a = VMUL(w0, c1a), a1b = VMUL(w0, c1b);
    VF low1a = c0a, low1b = c0b, high0a = c1a, high0b = c1b;
    for (long i = 1; i <= radius; i++) {
      VF wi = VSET1(w[i]);
      const float *lo = rows[radius - i] + n, *hi = rows[radius + 1 + i] + n;
      VF low0a = VLOAD(lo), low0b = VLOAD(lo + W), high1a = VLOAD(hi), high1b = VLOAD(hi + W);
      a0a = FN(step)(a0a, wi, low0a, high0a);
      a0b = FN(step)(a0b, wi, low0b, high0b);
      a1a = FN(step)(a1a, wi, low1a, high1a);
      a1b = FN(step)(a1b, wi, low1b, high1b);
      low1a = low0a, low1b = low0b, high0a = high1a, high0b = high1b;
    }
    VSTORE(dst0 + n, a0a);
    VSTORE(dst0 + n + W, a0b);
    VSTORE(dst1 + n, a1a);
    VSTORE(dst1 + n + W, a1b);
  }
  PAIR_REST(rows, w, radius, n, count, dst0, dst1);
}

// RowKernels.symmetricSum(center:stride:): along a row, taps `stride` floats
// apart; center readable from -radius * stride to count + radius * stride.
static TARGET void FN(stride)(const float *c, long stride, const float *w, long radius, long n,
                              long count, float *dst) {
  VF w0 = VSET1(w[0]);
  for (; n + 4 * W <= count; n += 4 * W) {
    VF a[4];
    for (int j = 0; j < 4; j++) a[j] = VMUL(w0, VLOAD(c + n + W * j));
    const float *lo = c + n - stride, *hi = c + n + stride;
    for (long i = 1; i <= radius; i++) {
      VF wi = VSET1(w[i]);
      for (int j = 0; j < 4; j++) a[j] = FN(step)(a[j], wi, VLOAD(lo + W * j), VLOAD(hi + W * j));
      lo -= stride;
      hi += stride;
    }
    for (int j = 0; j < 4; j++) VSTORE(dst + n + W * j, a[j]);
  }
  STRIDE_REST(c, stride, w, radius, n, count, dst);
}

#undef FN
#undef TARGET
#undef W
#undef VF
#undef VLOAD
#undef VSTORE
#undef VSET1
#undef VADD
#undef VMUL
#undef PAIR_REST
#undef STRIDE_REST
