// The Gaussian's symmetric weighted sums (ContrastCore/Blur/RowKernels.swift):
// per element n, acc = w[0] * c[n], then acc = acc + w[i] * (low + high) for
// i = 1 ... radius, in float, each operation rounded on its own (no fused
// multiply-add), so every element has the bits of the Swift loops whatever
// lane it falls in. AVX2 eight floats a lane; the tail plain C, the same
// operations; with AVX-512 sixteen a lane for the pair and stride loops. And
// the two-scale mixture of blurs. Each function returns 0, writing nothing, when
// cpk_available() is 0 (the Swift loops then run).
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#include <immintrin.h>
#define TARGET __attribute__((target("avx2")))
typedef __m256 F8;

static inline TARGET F8 ld(const float *p) { return _mm256_loadu_ps(p); }
static inline TARGET F8 step(F8 acc, F8 w, F8 a, F8 b) {
  return _mm256_add_ps(acc, _mm256_mul_ps(w, _mm256_add_ps(a, b)));
}

// RowKernels.symmetricSumPair: rows[0 ... 2 radius + 1], into dst0 (rows
// 0 ... 2 radius) and dst1 (rows 1 ... 2 radius + 1).
static TARGET void pair_avx2(const float *const *rows, const float *w, long radius, long count,
                             float *dst0, float *dst1) {
  const float *m0 = rows[radius], *m1 = rows[radius + 1];
  F8 w0 = _mm256_set1_ps(w[0]);
  long n = 0;
  for (; n + 16 <= count; n += 16) {
    F8 c0a = ld(m0 + n), c0b = ld(m0 + n + 8), c1a = ld(m1 + n), c1b = ld(m1 + n + 8);
    F8 a0a = _mm256_mul_ps(w0, c0a), a0b = _mm256_mul_ps(w0, c0b);
    F8 a1a = _mm256_mul_ps(w0, c1a), a1b = _mm256_mul_ps(w0, c1b);
    F8 low1a = c0a, low1b = c0b, high0a = c1a, high0b = c1b;
    for (long i = 1; i <= radius; i++) {
      F8 wi = _mm256_set1_ps(w[i]);
      const float *lo = rows[radius - i] + n, *hi = rows[radius + 1 + i] + n;
      F8 low0a = ld(lo), low0b = ld(lo + 8), high1a = ld(hi), high1b = ld(hi + 8);
      a0a = step(a0a, wi, low0a, high0a);
      a0b = step(a0b, wi, low0b, high0b);
      a1a = step(a1a, wi, low1a, high1a);
      a1b = step(a1b, wi, low1b, high1b);
      low1a = low0a, low1b = low0b, high0a = high1a, high0b = high1b;
    }
    _mm256_storeu_ps(dst0 + n, a0a);
    _mm256_storeu_ps(dst0 + n + 8, a0b);
    _mm256_storeu_ps(dst1 + n, a1a);
    _mm256_storeu_ps(dst1 + n + 8, a1b);
  }
  for (; n < count; n++) {
    float a0 = w[0] * m0[n], a1 = w[0] * m1[n];
    for (long i = 1; i <= radius; i++) {
      a0 = a0 + w[i] * (rows[radius - i][n] + rows[radius + i][n]);
      a1 = a1 + w[i] * (rows[radius + 1 - i][n] + rows[radius + 1 + i][n]);
    }
    dst0[n] = a0;
    dst1[n] = a1;
  }
}

// RowKernels.symmetricSum(rows:): rows[0 ... 2 radius] into dst.
static TARGET void rows_avx2(const float *const *rows, const float *w, long radius, long count,
                             float *dst) {
  const float *m = rows[radius];
  F8 w0 = _mm256_set1_ps(w[0]);
  long n = 0;
  for (; n + 16 <= count; n += 16) {
    F8 a = _mm256_mul_ps(w0, ld(m + n)), b = _mm256_mul_ps(w0, ld(m + n + 8));
    for (long i = 1; i <= radius; i++) {
      F8 wi = _mm256_set1_ps(w[i]);
      const float *lo = rows[radius - i] + n, *hi = rows[radius + i] + n;
      a = step(a, wi, ld(lo), ld(hi));
      b = step(b, wi, ld(lo + 8), ld(hi + 8));
    }
    _mm256_storeu_ps(dst + n, a);
    _mm256_storeu_ps(dst + n + 8, b);
  }
  for (; n < count; n++) {
    float a = w[0] * m[n];
    for (long i = 1; i <= radius; i++) a = a + w[i] * (rows[radius - i][n] + rows[radius + i][n]);
    dst[n] = a;
  }
}

// RowKernels.symmetricSum(center:stride:): along a row, taps `stride` floats
// apart; center readable from -radius * stride to count + radius * stride.
static TARGET void stride_avx2(const float *c, long stride, const float *w, long radius,
                               long count, float *dst) {
  F8 w0 = _mm256_set1_ps(w[0]);
  long n = 0;
  for (; n + 32 <= count; n += 32) {
    F8 a[4];
    for (int j = 0; j < 4; j++) a[j] = _mm256_mul_ps(w0, ld(c + n + 8 * j));
    const float *lo = c + n - stride, *hi = c + n + stride;
    for (long i = 1; i <= radius; i++) {
      F8 wi = _mm256_set1_ps(w[i]);
      for (int j = 0; j < 4; j++) a[j] = step(a[j], wi, ld(lo + 8 * j), ld(hi + 8 * j));
      lo -= stride;
      hi += stride;
    }
    for (int j = 0; j < 4; j++) _mm256_storeu_ps(dst + n + 8 * j, a[j]);
  }
  for (; n + 8 <= count; n += 8) {
    F8 a = _mm256_mul_ps(w0, ld(c + n));
    for (long i = 1; i <= radius; i++)
      a = step(a, _mm256_set1_ps(w[i]), ld(c + n - i * stride), ld(c + n + i * stride));
    _mm256_storeu_ps(dst + n, a);
  }
  for (; n < count; n++) {
    float a = w[0] * c[n];
    for (long i = 1; i <= radius; i++) a = a + w[i] * (c[n - i * stride] + c[n + i * stride]);
    dst[n] = a;
  }
}

// The same two loops sixteen floats a lane with AVX-512 (the same operations
// per element, in the same order: the same bits).
#define TARGET512 __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))
typedef __m512 F16;

static inline TARGET512 F16 ld16(const float *p) { return _mm512_loadu_ps(p); }
static inline TARGET512 F16 step16(F16 acc, F16 w, F16 a, F16 b) {
  return _mm512_add_ps(acc, _mm512_mul_ps(w, _mm512_add_ps(a, b)));
}

static TARGET512 void pair_avx512(const float *const *rows, const float *w, long radius,
                                  long count, float *dst0, float *dst1) {
  const float *m0 = rows[radius], *m1 = rows[radius + 1];
  F16 w0 = _mm512_set1_ps(w[0]);
  long n = 0;
  for (; n + 32 <= count; n += 32) {
    F16 c0a = ld16(m0 + n), c0b = ld16(m0 + n + 16), c1a = ld16(m1 + n), c1b = ld16(m1 + n + 16);
    F16 a0a = _mm512_mul_ps(w0, c0a), a0b = _mm512_mul_ps(w0, c0b);
    F16 a1a = _mm512_mul_ps(w0, c1a), a1b = _mm512_mul_ps(w0, c1b);
    F16 low1a = c0a, low1b = c0b, high0a = c1a, high0b = c1b;
    for (long i = 1; i <= radius; i++) {
      F16 wi = _mm512_set1_ps(w[i]);
      const float *lo = rows[radius - i] + n, *hi = rows[radius + 1 + i] + n;
      F16 low0a = ld16(lo), low0b = ld16(lo + 16), high1a = ld16(hi), high1b = ld16(hi + 16);
      a0a = step16(a0a, wi, low0a, high0a);
      a0b = step16(a0b, wi, low0b, high0b);
      a1a = step16(a1a, wi, low1a, high1a);
      a1b = step16(a1b, wi, low1b, high1b);
      low1a = low0a, low1b = low0b, high0a = high1a, high0b = high1b;
    }
    _mm512_storeu_ps(dst0 + n, a0a);
    _mm512_storeu_ps(dst0 + n + 16, a0b);
    _mm512_storeu_ps(dst1 + n, a1a);
    _mm512_storeu_ps(dst1 + n + 16, a1b);
  }
  // The rest as the AVX2 loop takes it (sixteen at a time, then one).
  if (n < count) {
    const float *rest[2 * radius + 2];
    for (long k = 0; k < 2 * radius + 2; k++) rest[k] = rows[k] + n;
    pair_avx2(rest, w, radius, count - n, dst0 + n, dst1 + n);
  }
}

static TARGET512 void stride_avx512(const float *c, long stride, const float *w, long radius,
                                    long count, float *dst) {
  F16 w0 = _mm512_set1_ps(w[0]);
  long n = 0;
  for (; n + 64 <= count; n += 64) {
    F16 a[4];
    for (int j = 0; j < 4; j++) a[j] = _mm512_mul_ps(w0, ld16(c + n + 16 * j));
    const float *lo = c + n - stride, *hi = c + n + stride;
    for (long i = 1; i <= radius; i++) {
      F16 wi = _mm512_set1_ps(w[i]);
      for (int j = 0; j < 4; j++) a[j] = step16(a[j], wi, ld16(lo + 16 * j), ld16(hi + 16 * j));
      lo -= stride;
      hi += stride;
    }
    for (int j = 0; j < 4; j++) _mm512_storeu_ps(dst + n + 16 * j, a[j]);
  }
  if (n < count) stride_avx2(c + n, stride, w, radius, count - n, dst + n);
}

// WallpaperCanvas.blurred(_:mixture:)'s two-scale frost: out[n] =
// (float)((0 + w0 * a[n]) + w1 * b[n]) in double.
static TARGET void mix2_avx2(const float *a, const float *b, double w0, double w1, long count,
                             float *out) {
  __m256d v0 = _mm256_set1_pd(w0), v1 = _mm256_set1_pd(w1), zero = _mm256_setzero_pd();
  long n = 0;
  for (; n + 8 <= count; n += 8) {
    for (int j = 0; j < 8; j += 4) {
      __m256d s = _mm256_add_pd(zero, _mm256_mul_pd(v0, _mm256_cvtps_pd(_mm_loadu_ps(a + n + j))));
      s = _mm256_add_pd(s, _mm256_mul_pd(v1, _mm256_cvtps_pd(_mm_loadu_ps(b + n + j))));
      _mm_storeu_ps(out + n + j, _mm256_cvtpd_ps(s));
    }
  }
  for (; n < count; n++) {
    double s = 0.0;
    s = s + w0 * (double)a[n];
    s = s + w1 * (double)b[n];
    out[n] = (float)s;
  }
}

int cpk_mix2(const float *a, const float *b, double w0, double w1, long count, float *out) {
  if (!cpk_available()) return 0;
  mix2_avx2(a, b, w0, w1, count, out);
  return 1;
}

int cpk_symmetric_pair(const float *const *rows, const float *weights, long radius, long count,
                       float *dst0, float *dst1) {
  if (!cpk_available()) return 0;
  if (cpk_level() >= 3) {
    pair_avx512(rows, weights, radius, count, dst0, dst1);
  } else {
    pair_avx2(rows, weights, radius, count, dst0, dst1);
  }
  return 1;
}

int cpk_symmetric_rows(const float *const *rows, const float *weights, long radius, long count,
                       float *dst) {
  if (!cpk_available()) return 0;
  rows_avx2(rows, weights, radius, count, dst);
  return 1;
}

int cpk_symmetric_stride(const float *center, long stride, const float *weights, long radius,
                         long count, float *dst) {
  if (!cpk_available()) return 0;
  if (cpk_level() >= 3) {
    stride_avx512(center, stride, weights, radius, count, dst);
  } else {
    stride_avx2(center, stride, weights, radius, count, dst);
  }
  return 1;
}

#else

int cpk_mix2(const float *a, const float *b, double w0, double w1, long count, float *out) {
  (void)a, (void)b, (void)w0, (void)w1, (void)count, (void)out;
  return 0;
}

int cpk_symmetric_pair(const float *const *rows, const float *weights, long radius, long count,
                       float *dst0, float *dst1) {
  (void)rows, (void)weights, (void)radius, (void)count, (void)dst0, (void)dst1;
  return 0;
}

int cpk_symmetric_rows(const float *const *rows, const float *weights, long radius, long count,
                       float *dst) {
  (void)rows, (void)weights, (void)radius, (void)count, (void)dst;
  return 0;
}

int cpk_symmetric_stride(const float *center, long stride, const float *weights, long radius,
                         long count, float *dst) {
  (void)center, (void)stride, (void)weights, (void)radius, (void)count, (void)dst;
  return 0;
}

#endif
