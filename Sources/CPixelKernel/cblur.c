// The blur's column sums (ContrastCore/Blur/RowKernels.swift): floats
// widened to double and added row after row, the same additions in the same
// order for every column. AVX-512 or AVX2 when the CPU has it (both widths
// written once, cblur_body.h), plain C otherwise.
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
// ---- AVX2: four doubles a vector ----
#define TARGET __attribute__((target("avx2")))
#define FN(name) name##_avx2
#define W 4
#define VD __m256d
#define WIDEN(p) _mm256_cvtps_pd(_mm_loadu_ps(p))
#define VLOADD(p) _mm256_loadu_pd(p)
#define VSTORED(p, v) _mm256_storeu_pd(p, v)
#define VADDD _mm256_add_pd
#include "cblur_body.h"

// ---- AVX-512: eight doubles a vector ----
#define TARGET __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))
#define FN(name) name##_avx512
#define W 8
#define VD __m512d
#define WIDEN(p) _mm512_cvtps_pd(_mm256_loadu_ps(p))
#define VLOADD(p) _mm512_loadu_pd(p)
#define VSTORED(p, v) _mm512_storeu_pd(p, v)
#define VADDD _mm512_add_pd
#include "cblur_body.h"
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
