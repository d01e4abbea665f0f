// The blur's column sums (ContrastCore/Blur/RowKernels.swift): floats
// widened to double and added row after row, the same additions in the same
// order for every column. AVX-512 or AVX2 when the CPU has it, plain C
// otherwise.
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"

static void sums_plain(const float *const *lines, long count, long from, long length,
                       int continuing, double *sums) {
  for (long n = from; n < length; n++) {
    double acc = continuing ? sums[n] + (double)lines[0][n] : (double)lines[0][n];
    for (long m = 1; m < count; m++) acc = acc + (double)lines[m][n];
    sums[n] = acc;
  }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#include <immintrin.h>
#define TARGET __attribute__((target("avx2")))

static inline TARGET __m256d widen(const float *p) { return _mm256_cvtps_pd(_mm_loadu_ps(p)); }

// Sixteen columns in four vectors: independent chains of additions, so that
// each addition's latency is hidden by the others.
static inline TARGET void start16(__m256d a[4], const float *l) {
  for (int j = 0; j < 4; j++) a[j] = widen(l + 4 * j);
}
static inline TARGET void add16(__m256d a[4], const float *l) {
  for (int j = 0; j < 4; j++) a[j] = _mm256_add_pd(a[j], widen(l + 4 * j));
}
static inline TARGET void store16(double *sums, const __m256d a[4]) {
  for (int j = 0; j < 4; j++) _mm256_storeu_pd(sums + 4 * j, a[j]);
}

static TARGET long sums_avx2(const float *const *lines, long count, long length, int continuing,
                             double *sums) {
  long n = 0;
  for (; n + 16 <= length; n += 16) {
    __m256d a[4];
    start16(a, lines[0] + n);
    if (continuing) {
      for (int j = 0; j < 4; j++) a[j] = _mm256_add_pd(_mm256_loadu_pd(sums + n + 4 * j), a[j]);
    }
    for (long m = 1; m < count; m++) add16(a, lines[m] + n);
    store16(sums + n, a);
  }
  for (; n + 4 <= length; n += 4) {
    __m256d a = widen(lines[0] + n);
    if (continuing) a = _mm256_add_pd(_mm256_loadu_pd(sums + n), a);
    for (long m = 1; m < count; m++) a = _mm256_add_pd(a, widen(lines[m] + n));
    _mm256_storeu_pd(sums + n, a);
  }
  return n;
}

// Two rows of blocks at once (eight chains at a time).
static TARGET long pair_avx2(const float *const *lines, const float *const *lines2, long count,
                             long length, double *sums, double *sums2) {
  long n = 0;
  for (; n + 16 <= length; n += 16) {
    __m256d a[4], b[4];
    start16(a, lines[0] + n);
    start16(b, lines2[0] + n);
    for (long m = 1; m < count; m++) {
      add16(a, lines[m] + n);
      add16(b, lines2[m] + n);
    }
    store16(sums + n, a);
    store16(sums2 + n, b);
  }
  for (; n + 4 <= length; n += 4) {
    __m256d a = widen(lines[0] + n), b = widen(lines2[0] + n);
    for (long m = 1; m < count; m++) {
      a = _mm256_add_pd(a, widen(lines[m] + n));
      b = _mm256_add_pd(b, widen(lines2[m] + n));
    }
    _mm256_storeu_pd(sums + n, a);
    _mm256_storeu_pd(sums2 + n, b);
  }
  return n;
}

// The same with AVX-512: eight doubles a vector, thirty-two columns in four
// (the same additions in the same order per column: the same bits).
#define TARGET512 __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))
static inline TARGET512 __m512d widen8(const float *p) { return _mm512_cvtps_pd(_mm256_loadu_ps(p)); }
static inline TARGET512 void start32(__m512d a[4], const float *l) {
  for (int j = 0; j < 4; j++) a[j] = widen8(l + 8 * j);
}
static inline TARGET512 void add32(__m512d a[4], const float *l) {
  for (int j = 0; j < 4; j++) a[j] = _mm512_add_pd(a[j], widen8(l + 8 * j));
}
static inline TARGET512 void store32(double *sums, const __m512d a[4]) {
  for (int j = 0; j < 4; j++) _mm512_storeu_pd(sums + 8 * j, a[j]);
}

static TARGET512 long sums_avx512(const float *const *lines, long count, long length,
                                  int continuing, double *sums) {
  long n = 0;
  for (; n + 32 <= length; n += 32) {
    __m512d a[4];
    start32(a, lines[0] + n);
    if (continuing) {
      for (int j = 0; j < 4; j++) a[j] = _mm512_add_pd(_mm512_loadu_pd(sums + n + 8 * j), a[j]);
    }
    for (long m = 1; m < count; m++) add32(a, lines[m] + n);
    store32(sums + n, a);
  }
  for (; n + 8 <= length; n += 8) {
    __m512d a = widen8(lines[0] + n);
    if (continuing) a = _mm512_add_pd(_mm512_loadu_pd(sums + n), a);
    for (long m = 1; m < count; m++) a = _mm512_add_pd(a, widen8(lines[m] + n));
    _mm512_storeu_pd(sums + n, a);
  }
  return n;
}

static TARGET512 long pair_avx512(const float *const *lines, const float *const *lines2,
                                  long count, long length, double *sums, double *sums2) {
  long n = 0;
  for (; n + 32 <= length; n += 32) {
    __m512d a[4], b[4];
    start32(a, lines[0] + n);
    start32(b, lines2[0] + n);
    for (long m = 1; m < count; m++) {
      add32(a, lines[m] + n);
      add32(b, lines2[m] + n);
    }
    store32(sums + n, a);
    store32(sums2 + n, b);
  }
  for (; n + 8 <= length; n += 8) {
    __m512d a = widen8(lines[0] + n), b = widen8(lines2[0] + n);
    for (long m = 1; m < count; m++) {
      a = _mm512_add_pd(a, widen8(lines[m] + n));
      b = _mm512_add_pd(b, widen8(lines2[m] + n));
    }
    _mm512_storeu_pd(sums + n, a);
    _mm512_storeu_pd(sums2 + n, b);
  }
  return n;
}
#endif

void cpk_column_sums(const float *const *lines, long count, long length, int continuing,
                     double *sums) {
  long from = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
  if (cpk_level() >= 3) {
    from = sums_avx512(lines, count, length, continuing, sums);
  } else if (cpk_available()) {
    from = sums_avx2(lines, count, length, continuing, sums);
  }
#endif
  sums_plain(lines, count, from, length, continuing, sums);
}

void cpk_column_sums_pair(const float *const *lines, const float *const *lines2, long count,
                          long length, double *sums, double *sums2) {
  long from = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
  if (cpk_level() >= 3) {
    from = pair_avx512(lines, lines2, count, length, sums, sums2);
  } else if (cpk_available()) {
    from = pair_avx2(lines, lines2, count, length, sums, sums2);
  }
#endif
  sums_plain(lines, count, from, length, 0, sums);
  sums_plain(lines2, count, from, length, 0, sums2);
}
