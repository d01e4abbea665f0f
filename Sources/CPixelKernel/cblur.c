// The blur's column sums (ContrastCore/Blur/RowKernels.swift): floats
// widened to double and added row after row, the same additions in the same
// order for every column. AVX2 when the CPU has it, plain C otherwise.
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

static TARGET long sums_avx2(const float *const *lines, long count, long length, int continuing,
                             double *sums) {
  long n = 0;
  // Sixteen columns at a time: four independent chains of additions.
  for (; n + 16 <= length; n += 16) {
    const float *l = lines[0] + n;
    __m256d a0 = widen(l), a1 = widen(l + 4), a2 = widen(l + 8), a3 = widen(l + 12);
    if (continuing) {
      a0 = _mm256_add_pd(_mm256_loadu_pd(sums + n), a0);
      a1 = _mm256_add_pd(_mm256_loadu_pd(sums + n + 4), a1);
      a2 = _mm256_add_pd(_mm256_loadu_pd(sums + n + 8), a2);
      a3 = _mm256_add_pd(_mm256_loadu_pd(sums + n + 12), a3);
    }
    for (long m = 1; m < count; m++) {
      l = lines[m] + n;
      a0 = _mm256_add_pd(a0, widen(l));
      a1 = _mm256_add_pd(a1, widen(l + 4));
      a2 = _mm256_add_pd(a2, widen(l + 8));
      a3 = _mm256_add_pd(a3, widen(l + 12));
    }
    _mm256_storeu_pd(sums + n, a0);
    _mm256_storeu_pd(sums + n + 4, a1);
    _mm256_storeu_pd(sums + n + 8, a2);
    _mm256_storeu_pd(sums + n + 12, a3);
  }
  for (; n + 8 <= length; n += 8) {
    __m256d a = widen(lines[0] + n), b = widen(lines[0] + n + 4);
    if (continuing) {
      a = _mm256_add_pd(_mm256_loadu_pd(sums + n), a);
      b = _mm256_add_pd(_mm256_loadu_pd(sums + n + 4), b);
    }
    for (long m = 1; m < count; m++) {
      a = _mm256_add_pd(a, widen(lines[m] + n));
      b = _mm256_add_pd(b, widen(lines[m] + n + 4));
    }
    _mm256_storeu_pd(sums + n, a);
    _mm256_storeu_pd(sums + n + 4, b);
  }
  return n;
}

static TARGET long pair_avx2(const float *const *lines, const float *const *lines2, long count,
                             long length, double *sums, double *sums2) {
  long n = 0;
  // Sixteen columns of each row of blocks at a time: eight independent chains
  // of additions, so that each addition's latency is hidden by the others.
  for (; n + 16 <= length; n += 16) {
    const float *l = lines[0] + n, *k = lines2[0] + n;
    __m256d a0 = widen(l), a1 = widen(l + 4), a2 = widen(l + 8), a3 = widen(l + 12);
    __m256d b0 = widen(k), b1 = widen(k + 4), b2 = widen(k + 8), b3 = widen(k + 12);
    for (long m = 1; m < count; m++) {
      l = lines[m] + n;
      k = lines2[m] + n;
      a0 = _mm256_add_pd(a0, widen(l));
      a1 = _mm256_add_pd(a1, widen(l + 4));
      a2 = _mm256_add_pd(a2, widen(l + 8));
      a3 = _mm256_add_pd(a3, widen(l + 12));
      b0 = _mm256_add_pd(b0, widen(k));
      b1 = _mm256_add_pd(b1, widen(k + 4));
      b2 = _mm256_add_pd(b2, widen(k + 8));
      b3 = _mm256_add_pd(b3, widen(k + 12));
    }
    _mm256_storeu_pd(sums + n, a0);
    _mm256_storeu_pd(sums + n + 4, a1);
    _mm256_storeu_pd(sums + n + 8, a2);
    _mm256_storeu_pd(sums + n + 12, a3);
    _mm256_storeu_pd(sums2 + n, b0);
    _mm256_storeu_pd(sums2 + n + 4, b1);
    _mm256_storeu_pd(sums2 + n + 8, b2);
    _mm256_storeu_pd(sums2 + n + 12, b3);
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
#endif

void cpk_column_sums(const float *const *lines, long count, long length, int continuing,
                     double *sums) {
  long from = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
  if (cpk_available()) from = sums_avx2(lines, count, length, continuing, sums);
#endif
  sums_plain(lines, count, from, length, continuing, sums);
}

void cpk_column_sums_pair(const float *const *lines, const float *const *lines2, long count,
                          long length, double *sums, double *sums2) {
  long from = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
  if (cpk_available()) from = pair_avx2(lines, lines2, count, length, sums, sums2);
#endif
  sums_plain(lines, count, from, length, 0, sums);
  sums_plain(lines2, count, from, length, 0, sums2);
}
