// Eight interleaved RGB pixels of floats and three vectors of doubles, both
// ways, with AVX-512: the pixel loops' whole-vector reads and writes
// (ccollect.c's collection, cpixelkernel.c's previews' glass). Exact: a
// float widens to its double, and a double is rounded to float as a scalar
// conversion rounds it.
#ifndef CPK_CRGB_H
#define CPK_CRGB_H

#include <immintrin.h>

#define CPK_RGB_TARGET __attribute__((target("avx512f,avx512dq")))

// `lo` holds floats 0-15 of the eight pixels, `hi` floats 16-23 in its low half.
static inline CPK_RGB_TARGET void cpk_rgb_deinterleave(__m512 lo, __m512 hi, __m512d *r,
                                                       __m512d *g, __m512d *b) {
  const __m512i ir = _mm512_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m512i ig = _mm512_setr_epi32(1, 4, 7, 10, 13, 16, 19, 22, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m512i ib = _mm512_setr_epi32(2, 5, 8, 11, 14, 17, 20, 23, 0, 0, 0, 0, 0, 0, 0, 0);
  *r = _mm512_cvtps_pd(_mm512_castps512_ps256(_mm512_permutex2var_ps(lo, ir, hi)));
  *g = _mm512_cvtps_pd(_mm512_castps512_ps256(_mm512_permutex2var_ps(lo, ig, hi)));
  *b = _mm512_cvtps_pd(_mm512_castps512_ps256(_mm512_permutex2var_ps(lo, ib, hi)));
}

// The eight pixels at `p` (24 floats, all read).
static inline CPK_RGB_TARGET void cpk_rgb_load(const float *p, __m512d *r, __m512d *g,
                                               __m512d *b) {
  cpk_rgb_deinterleave(_mm512_loadu_ps(p), _mm512_castps256_ps512(_mm256_loadu_ps(p + 16)), r, g,
                       b);
}

// The eight pixels written to `p` (24 floats, nothing past them).
static inline CPK_RGB_TARGET void cpk_rgb_store(float *p, __m512d r, __m512d g, __m512d b) {
  // rg: the reds in floats 0-7, the greens in 8-15; the blues in 0-7 of the
  // second source (index 16 + i).
  const __m512i lo = _mm512_setr_epi32(0, 8, 16, 1, 9, 17, 2, 10, 18, 3, 11, 19, 4, 12, 20, 5);
  const __m512i hi = _mm512_setr_epi32(13, 21, 6, 14, 22, 7, 15, 23, 0, 0, 0, 0, 0, 0, 0, 0);
  __m512 rg = _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(r)), _mm512_cvtpd_ps(g), 1);
  __m512 bb = _mm512_castps256_ps512(_mm512_cvtpd_ps(b));
  _mm512_storeu_ps(p, _mm512_permutex2var_ps(rg, lo, bb));
  _mm256_storeu_ps(p + 16, _mm512_castps512_ps256(_mm512_permutex2var_ps(rg, hi, bb)));
}

#endif
