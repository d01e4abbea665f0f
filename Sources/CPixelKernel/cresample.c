// Placement's area resampling (Placement+Resample.swift), with the Swift
// code's IEEE operations in the same order for every value: no fused
// multiply-add (contraction is off), sums from 0 in tap order. AVX2 when the
// CPU has it (chosen at run time), plain C otherwise; both give the same bits.
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"

static void accumulate_plain(double *scratch, const float *source, long count, double weight) {
  for (long t = 0; t < count; t++) scratch[t] += weight * (double)source[t];
}

static void columns_plain(const double *scratch, const long *firsts, const long *starts,
                          const double *weights, long lowest, long width, double divisor,
                          float *target) {
  for (long x = 0; x < width; x++) {
    double r = 0, g = 0, b = 0;
    const double *p = scratch + 3 * (firsts[x] - lowest);
    for (long tap = starts[x]; tap < starts[x + 1]; tap++) {
      double w = weights[tap];
      r += w * p[0];
      g += w * p[1];
      b += w * p[2];
      p += 3;
    }
    target[3 * x] = (float)(r / divisor);
    target[3 * x + 1] = (float)(g / divisor);
    target[3 * x + 2] = (float)(b / divisor);
  }
}

void cpk_accumulate_row_portable(double *scratch, const float *source, long count,
                                 double weight) {
  accumulate_plain(scratch, source, count, weight);
}

void cpk_resample_columns_portable(const double *scratch, const long *firsts,
                                   const long *starts, const double *weights, long lowest,
                                   long width, double divisor, float *target) {
  columns_plain(scratch, firsts, starts, weights, lowest, width, divisor, target);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#include <immintrin.h>
#define TARGET __attribute__((target("avx2")))

static TARGET void accumulate_avx2(double *scratch, const float *source, long count,
                                   double weight) {
  __m256d w = _mm256_set1_pd(weight);
  long t = 0;
  for (; t + 4 <= count; t += 4) {
    __m256d s = _mm256_cvtps_pd(_mm_loadu_ps(source + t));
    _mm256_storeu_pd(scratch + t, _mm256_add_pd(_mm256_loadu_pd(scratch + t), _mm256_mul_pd(w, s)));
  }
  for (; t < count; t++) scratch[t] += weight * (double)source[t];
}

// The three channels of a pixel in one vector (the fourth lane is unused).
static TARGET void columns_avx2(const double *scratch, const long *firsts, const long *starts,
                                const double *weights, long lowest, long width,
                                double divisor, float *target) {
  __m256d d = _mm256_set1_pd(divisor);
  for (long x = 0; x < width; x++) {
    __m256d acc = _mm256_setzero_pd();
    const double *p = scratch + 3 * (firsts[x] - lowest);
    for (long tap = starts[x]; tap < starts[x + 1]; tap++) {
      acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_set1_pd(weights[tap]), _mm256_loadu_pd(p)));
      p += 3;
    }
    __m128 f = _mm256_cvtpd_ps(_mm256_div_pd(acc, d));
    float lanes[4];
    _mm_storeu_ps(lanes, f);
    target[3 * x] = lanes[0];
    target[3 * x + 1] = lanes[1];
    target[3 * x + 2] = lanes[2];
  }
}

void cpk_accumulate_row(double *scratch, const float *source, long count, double weight) {
  if (cpk_available()) {
    accumulate_avx2(scratch, source, count, weight);
  } else {
    accumulate_plain(scratch, source, count, weight);
  }
}

void cpk_resample_columns(const double *scratch, const long *firsts, const long *starts,
                          const double *weights, long lowest, long width, double divisor,
                          float *target) {
  if (cpk_available()) {
    columns_avx2(scratch, firsts, starts, weights, lowest, width, divisor, target);
  } else {
    columns_plain(scratch, firsts, starts, weights, lowest, width, divisor, target);
  }
}

#else

void cpk_accumulate_row(double *scratch, const float *source, long count, double weight) {
  accumulate_plain(scratch, source, count, weight);
}

void cpk_resample_columns(const double *scratch, const long *firsts, const long *starts,
                          const double *weights, long lowest, long width, double divisor,
                          float *target) {
  columns_plain(scratch, firsts, starts, weights, lowest, width, divisor, target);
}

#endif
