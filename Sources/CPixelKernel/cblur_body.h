// The blur's column sums of cblur.c, written once for every vector width.
// cblur.c includes it once per instruction set, after defining:
//   FN(name)   this instruction set's copy of `name`
//   TARGET     the function attribute that enables the instruction set
//   W          doubles a vector; VD the vector type
//   WIDEN(p)   W floats from p, each widened to double (exact)
//   VLOADD(p), VSTORED(p, v), VADDD   lane by lane, IEEE
// and leaves them all undefined again.
// Each function returns how many columns it summed (whole vectors); the
// caller's plain loop sums the rest. Per column the same additions in the
// same order at every width: the same bits (ColumnSumsTests at every level).

// 4 W columns in four vectors: independent chains of additions, so that
// each addition's latency is hidden by the others.
static inline TARGET void FN(start4)(VD a[4], const float *l) {
  for (int j = 0; j < 4; j++) a[j] = WIDEN(l + W * j);
}
static inline TARGET void FN(add4)(VD a[4], const float *l) {
  for (int j = 0; j < 4; j++) a[j] = VADDD(a[j], WIDEN(l + W * j));
}
static inline TARGET void FN(store4)(double *sums, const VD a[4]) {
  for (int j = 0; j < 4; j++) VSTORED(sums + W * j, a[j]);
}

static TARGET long FN(sums)(const float *const *lines, long count, long length, int continuing,
                            double *sums) {
  long n = 0;
  for (; n + 4 * W <= length; n += 4 * W) {
    VD a[4];
    FN(start4)(a, lines[0] + n);
    if (continuing) {
      for (int j = 0; j < 4; j++) a[j] = VADDD(VLOADD(sums + n + W * j), a[j]);
    }
    for (long m = 1; m < count; m++) FN(add4)(a, lines[m] + n);
    FN(store4)(sums + n, a);
  }
  for (; n + W <= length; n += W) {
    VD a = WIDEN(lines[0] + n);
    if (continuing) a = VADDD(VLOADD(sums + n), a);
    for (long m = 1; m < count; m++) a = VADDD(a, WIDEN(lines[m] + n));
    VSTORED(sums + n, a);
  }
  return n;
}

// Two rows of blocks at once (eight chains at a time).
static TARGET long FN(pair)(const float *const *lines, const float *const *lines2, long count,
                            long length, double *sums, double *sums2) {
  long n = 0;
  for (; n + 4 * W <= length; n += 4 * W) {
    VD a[4], b[4];
    FN(start4)(a, lines[0] + n);
    FN(start4)(b, lines2[0] + n);
    for (long m = 1; m < count; m++) {
      FN(add4)(a, lines[m] + n);
      FN(add4)(b, lines2[m] + n);
    }
    FN(store4)(sums + n, a);
    FN(store4)(sums2 + n, b);
  }
  for (; n + W <= length; n += W) {
    VD a = WIDEN(lines[0] + n), b = WIDEN(lines2[0] + n);
    for (long m = 1; m < count; m++) {
      a = VADDD(a, WIDEN(lines[m] + n));
      b = VADDD(b, WIDEN(lines2[m] + n));
    }
    VSTORED(sums + n, a);
    VSTORED(sums2 + n, b);
  }
  return n;
}

#undef TARGET
#undef FN
#undef W
#undef VD
#undef WIDEN
#undef VLOADD
#undef VSTORED
#undef VADDD
