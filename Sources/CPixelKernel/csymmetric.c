// The Gaussian's symmetric weighted sums (ContrastCore/Blur/RowKernels.swift):
// per element n, acc = w[0] * c[n], then acc = acc + w[i] * (low + high) for
// i = 1 ... radius, in float, each operation rounded on its own (no fused
// multiply-add), so every element has the bits of the Swift loops whatever
// lane it falls in. AVX2 eight floats a lane; the tail plain C, the same
// operations; with AVX-512 sixteen a lane for the pair and stride loops (both
// widths written once, csymmetric_body.h). And the two-scale mixture of blurs. Each function returns 0, writing nothing, when
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

// The elements a pair block leaves: one at a time, the same operations.
static void pair_rest_plain(const float *const *rows, const float *w, long radius, long n,
                            long count, float *dst0, float *dst1) {
  const float *m0 = rows[radius], *m1 = rows[radius + 1];
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

// The elements a stride block leaves: eight at a time, then one.
static TARGET void stride_rest_avx2(const float *c, long stride, const float *w, long radius,
                                    long n, long count, float *dst) {
  for (; n + 8 <= count; n += 8) {
    F8 a = _mm256_mul_ps(_mm256_set1_ps(w[0]), ld(c + n));
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

// ---- AVX2: eight floats a lane ----
#define TARGET __attribute__((target("avx2")))
#define FN(name) name##_avx2
#define W 8
#define VF __m256
#define VLOAD(p) _mm256_loadu_ps(p)
#define VSTORE(p, v) _mm256_storeu_ps(p, v)
#define VSET1(x) _mm256_set1_ps(x)
#define VADD _mm256_add_ps
#define VMUL _mm256_mul_ps
#define PAIR_REST pair_rest_plain
#define STRIDE_REST stride_rest_avx2
#include "csymmetric_body.h"

// ---- AVX-512: sixteen floats a lane, the rest as AVX2 takes it ----
#define TARGET __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))
#define FN(name) name##_avx512
#define W 16
#define VF __m512
#define VLOAD(p) _mm512_loadu_ps(p)
#define VSTORE(p, v) _mm512_storeu_ps(p, v)
#define VSET1(x) _mm512_set1_ps(x)
#define VADD _mm512_add_ps
#define VMUL _mm512_mul_ps
#define PAIR_REST pair_avx2
#define STRIDE_REST stride_avx2
#include "csymmetric_body.h"
#define TARGET __attribute__((target("avx2")))

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
    pair_avx512(rows, weights, radius, 0, count, dst0, dst1);
  } else {
    pair_avx2(rows, weights, radius, 0, count, dst0, dst1);
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
    stride_avx512(center, stride, weights, radius, 0, count, dst);
  } else {
    stride_avx2(center, stride, weights, radius, 0, count, dst);
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
