// ContrastCore's per-entry contrast model (PixelKernel+Pairs.swift), four
// entries at a time with AVX2: the ratios (with, for the statistics, their
// sum, failing pixels, extremes and buckets), the backgrounds' luminances,
// and the previews' modelled glass. Every lane performs the Swift code's IEEE
// operations in the same order: no fused multiply-add (contraction is off
// and the functions are compiled for AVX2 without FMA), `min`/`max` written
// as Swift's `y < x ? y : x` and `y >= x ? y : x` through compare and blend.
// A test holds the results equal to the Swift loops bit for bit.
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"
#include "cbuckets.h"

#include <math.h>
#include <stdlib.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#include <immintrin.h>

#define TARGET __attribute__((target("avx2")))
typedef __m256d V;

int cpk_available(void) {
  static int known = -1;
  if (known < 0) {
    // GLASS_AUDIT_PORTABLE=1 keeps to the portable loops (to compare them).
    const char *portable = getenv("GLASS_AUDIT_PORTABLE");
    __builtin_cpu_init();
    known = (portable && portable[0] == '1') ? 0 : (__builtin_cpu_supports("avx2") ? 1 : 0);
  }
  return known;
}

static inline TARGET V splat(double x) { return _mm256_set1_pd(x); }
static inline TARGET V add(V a, V b) { return _mm256_add_pd(a, b); }
static inline TARGET V sub(V a, V b) { return _mm256_sub_pd(a, b); }
static inline TARGET V mul(V a, V b) { return _mm256_mul_pd(a, b); }

// Swift's `y >= x ? y : x` and `y < x ? y : x` lane by lane.
static inline TARGET V larger(V x, V y) {
  return _mm256_blendv_pd(x, y, _mm256_cmp_pd(y, x, _CMP_GE_OQ));
}
static inline TARGET V smaller(V x, V y) {
  return _mm256_blendv_pd(x, y, _mm256_cmp_pd(y, x, _CMP_LT_OQ));
}
static inline TARGET V clamp01(V x) { return smaller(larger(x, splat(0)), splat(1)); }

static inline TARGET V linearize(const cpk_params *p, V c) {
  V x = mul(clamp01(c), splat((double)p->steps));
  __m128i i = _mm_min_epi32(_mm256_cvttpd_epi32(x), _mm_set1_epi32(p->steps - 1));
  V f = sub(x, _mm256_cvtepi32_pd(i));
  // Each lane's two neighbouring table values in one 16-byte load, then
  // transposed (faster than two gathers on CPUs with slow gathers).
  const double *t = p->table;
  __m128d a0 = _mm_loadu_pd(t + _mm_extract_epi32(i, 0));
  __m128d a1 = _mm_loadu_pd(t + _mm_extract_epi32(i, 1));
  __m128d a2 = _mm_loadu_pd(t + _mm_extract_epi32(i, 2));
  __m128d a3 = _mm_loadu_pd(t + _mm_extract_epi32(i, 3));
  V t02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(a0), a2, 1);
  V t13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(a1), a3, 1);
  V lo = _mm256_unpacklo_pd(t02, t13);
  V hi = _mm256_unpackhi_pd(t02, t13);
  return add(lo, mul(sub(hi, lo), f));
}

static inline TARGET V luminance(const cpk_params *p, V r, V g, V b) {
  return add(add(mul(splat(0.2126), linearize(p, r)), mul(splat(0.7152), linearize(p, g))),
             mul(splat(0.0722), linearize(p, b)));
}

static inline TARGET V luma(V r, V g, V b) {
  return add(add(mul(splat(0.2126), r), mul(splat(0.7152), g)), mul(splat(0.0722), b));
}

// `a * c + (1 - a) * x`, with `a * c` and `1 - a` taken in scalars as Swift does.
static inline TARGET V over(const double *layer, int channel, V x) {
  double a = layer[3];
  return add(splat(a * layer[channel]), mul(splat(1 - a), x));
}

// The rendering inside the shape, over the colours (r, g, b).
static inline TARGET void inside(const cpk_params *p, V *r, V *g, V *b) {
  if (p->surface == 0) return;
  if (p->surface == 1) {
    V y = luma(*r, *g, *b);
    V k = smaller(larger(sub(splat(1), mul(y, splat(1 - p->lumaCap))), splat(0)), splat(1));
    V boost = add(splat(1), mul(splat(0.3), sub(splat(1), k)));
    *r = mul(k, add(y, mul(sub(*r, y), boost)));
    *g = mul(k, add(y, mul(sub(*g, y), boost)));
    *b = mul(k, add(y, mul(sub(*b, y), boost)));
    y = luma(*r, *g, *b);
    V base = add(splat(p->black), mul(splat(p->white - p->black), y));
    V s = splat(p->saturation);
    *r = add(base, mul(s, sub(*r, y)));
    *g = add(base, mul(s, sub(*g, y)));
    *b = add(base, mul(s, sub(*b, y)));
  } else if (p->surface == 2) {
    V y = luma(*r, *g, *b);
    V s = splat(p->saturation);
    V br = splat(p->brightness);
    *r = add(add(y, mul(s, sub(*r, y))), br);
    *g = add(add(y, mul(s, sub(*g, y))), br);
    *b = add(add(y, mul(s, sub(*b, y))), br);
  }
  if (p->hasFill) {
    *r = over(p->fill, 0, *r);
    *g = over(p->fill, 1, *g);
    *b = over(p->fill, 2, *b);
  }
  if (p->hasTint) {
    *r = over(p->tint, 0, *r);
    *g = over(p->tint, 1, *g);
    *b = over(p->tint, 2, *b);
  }
  *r = clamp01(*r);
  *g = clamp01(*g);
  *b = clamp01(*b);
}

// The backgrounds of four entries: the colour itself outside the shape
// (code 0), the rendering inside (1), the border over it in the band (2).
static inline TARGET void backgrounds(const cpk_params *p, V r0, V g0, V b0, __m256i codes, V *r,
                                      V *g, V *b) {
  __m256i zero = _mm256_setzero_si256();
  V outside = _mm256_castsi256_pd(_mm256_cmpeq_epi64(codes, zero));
  if (_mm256_movemask_pd(outside) == 15) {
    *r = r0;
    *g = g0;
    *b = b0;
    return;
  }
  *r = r0;
  *g = g0;
  *b = b0;
  inside(p, r, g, b);
  V band = _mm256_castsi256_pd(_mm256_cmpgt_epi64(codes, _mm256_set1_epi64x(1)));
  if (_mm256_movemask_pd(band) != 0) {
    *r = _mm256_blendv_pd(*r, over(p->border, 0, *r), band);
    *g = _mm256_blendv_pd(*g, over(p->border, 1, *g), band);
    *b = _mm256_blendv_pd(*b, over(p->border, 2, *b), band);
  }
  *r = _mm256_blendv_pd(*r, r0, outside);
  *g = _mm256_blendv_pd(*g, g0, outside);
  *b = _mm256_blendv_pd(*b, b0, outside);
}

static inline TARGET V ratio(const cpk_params *p, V r, V g, V b) {
  V fg;
  if (p->opaque) {
    fg = splat(p->opaqueLuminance);
  } else {
    fg = luminance(p, over(p->color, 0, r), over(p->color, 1, g), over(p->color, 2, b));
  }
  V bg = luminance(p, r, g, b);
  V hi = larger(fg, bg);
  V lo = smaller(fg, bg);
  return _mm256_div_pd(add(hi, splat(0.05)), add(lo, splat(0.05)));
}

// Loads entries k ... k + 3, repeating the last entry past the end.
static inline TARGET void load(const double *r, const double *g, const double *b,
                               const uint8_t *codes, long n, long k, V *r0, V *g0, V *b0,
                               __m256i *c) {
  if (k + 4 <= n) {
    *r0 = _mm256_loadu_pd(r + k);
    *g0 = _mm256_loadu_pd(g + k);
    *b0 = _mm256_loadu_pd(b + k);
    *c = _mm256_set_epi64x(codes[k + 3], codes[k + 2], codes[k + 1], codes[k]);
    return;
  }
  long i[4];
  for (int l = 0; l < 4; l++) i[l] = k + l < n ? k + l : n - 1;
  *r0 = _mm256_set_pd(r[i[3]], r[i[2]], r[i[1]], r[i[0]]);
  *g0 = _mm256_set_pd(g[i[3]], g[i[2]], g[i[1]], g[i[0]]);
  *b0 = _mm256_set_pd(b[i[3]], b[i[2]], b[i[1]], b[i[0]]);
  *c = _mm256_set_epi64x(codes[i[3]], codes[i[2]], codes[i[1]], codes[i[0]]);
}

static inline TARGET void store(double *out, long n, long k, V v) {
  if (k + 4 <= n) {
    _mm256_storeu_pd(out + k, v);
    return;
  }
  double lanes[4];
  _mm256_storeu_pd(lanes, v);
  for (long l = 0; k + l < n; l++) out[k + l] = lanes[l];
}

static TARGET void ratios_avx2(const cpk_params *p, const double *r, const double *g,
                               const double *b, const uint8_t *codes, long n, double *out) {
  for (long k = 0; k < n; k += 4) {
    V r0, g0, b0;
    __m256i c;
    load(r, g, b, codes, n, k, &r0, &g0, &b0, &c);
    V v;
    __m256i zero = _mm256_setzero_si256();
    int anyOutside = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(c, zero)));
    if (p->hasConstant && anyOutside == 0) {
      // Every lane inside or in the band, behind an opaque fill or tint.
      V band = _mm256_castsi256_pd(_mm256_cmpgt_epi64(c, _mm256_set1_epi64x(1)));
      v = _mm256_blendv_pd(splat(p->constantInside), splat(p->constantBorder), band);
    } else {
      V rr, gg, bb;
      backgrounds(p, r0, g0, b0, c, &rr, &gg, &bb);
      v = ratio(p, rr, gg, bb);
    }
    store(out, n, k, v);
  }
}

static TARGET void ratios_summary_avx2(const cpk_params *p, const double *r, const double *g,
                                       const double *b, const uint8_t *codes,
                                       const long *counts, long n, double threshold,
                                       unsigned shift, unsigned long long base, long buckets,
                                       double *out, cpk_summary *summary, long *weights,
                                       long *entries) {
  ratios_avx2(p, r, g, b, codes, n, out);
  // The sums in entry order, as Swift's loop takes them, and the buckets.
  double sum = 0;
  long failing = 0;
  double lowest = INFINITY, highest = -INFINITY;
  cpk_histogram h = histogram_start(shift, base, buckets, weights, entries);
  for (long k = 0; k < n; k++) {
    double v = out[k];
    long c = counts[k];
    sum = sum + v * (double)c;
    if (v < threshold) failing += c;
    lowest = v < lowest ? v : lowest;
    highest = v > highest ? v : highest;
    histogram_add(&h, v, c);
  }
  histogram_finish(&h);
  int outside = h.outside;
  summary->sum = sum;
  summary->failing = failing;
  summary->lowest = lowest;
  summary->highest = highest;
  summary->outside = outside;
}

static TARGET void luminances_avx2(const cpk_params *p, const double *r, const double *g,
                                   const double *b, const uint8_t *codes, long n,
                                   double *out) {
  for (long k = 0; k < n; k += 4) {
    V r0, g0, b0;
    __m256i c;
    load(r, g, b, codes, n, k, &r0, &g0, &b0, &c);
    V rr, gg, bb;
    backgrounds(p, r0, g0, b0, c, &rr, &gg, &bb);
    store(out, n, k, luminance(p, rr, gg, bb));
  }
}

int cpk_ratios(const cpk_params *p, const double *r, const double *g, const double *b,
               const uint8_t *codes, long n, double *out) {
  if (!cpk_available()) return 0;
  ratios_avx2(p, r, g, b, codes, n, out);
  return 1;
}

static TARGET void compose_avx2(const cpk_params *p, const float *image, long width,
                                const uint8_t *maskCodes, long mx, long my, long mw, long mh,
                                const float *blurred, long blurredWidth, double mix,
                                float *out) {
  double keep = 1 - mix;
  for (long j = 0; j < mh; j++) {
    long xs[4];
    int pending = 0;
    for (long i = 0; i <= mw; i++) {
      // Batches of four pixels with a code, the row's last padded by repeats.
      if (i < mw && maskCodes[j * mw + i] != 0) xs[pending++] = i;
      if (pending < 4 && !(i == mw && pending > 0)) continue;
      int used = pending;
      while (pending < 4) {
        xs[pending] = xs[pending - 1];
        pending++;
      }
      double c[3][4];
      long codes[4];
      for (int l = 0; l < 4; l++) {
        const float *w = image + 3 * ((my + j) * width + mx + xs[l]);
        codes[l] = maskCodes[j * mw + xs[l]];
        if (blurred) {
          const float *g = blurred + 3 * (j * blurredWidth + xs[l]);
          for (int ch = 0; ch < 3; ch++) c[ch][l] = keep * (double)w[ch] + mix * (double)g[ch];
        } else {
          for (int ch = 0; ch < 3; ch++) c[ch][l] = (double)w[ch];
        }
      }
      V r0 = _mm256_loadu_pd(c[0]), g0 = _mm256_loadu_pd(c[1]), b0 = _mm256_loadu_pd(c[2]);
      __m256i k = _mm256_set_epi64x(codes[3], codes[2], codes[1], codes[0]);
      V rr, gg, bb;
      backgrounds(p, r0, g0, b0, k, &rr, &gg, &bb);
      double lr[4], lg[4], lb[4];
      _mm256_storeu_pd(lr, rr);
      _mm256_storeu_pd(lg, gg);
      _mm256_storeu_pd(lb, bb);
      for (int l = 0; l < used; l++) {
        float *o = out + 3 * ((my + j) * width + mx + xs[l]);
        o[0] = (float)lr[l];
        o[1] = (float)lg[l];
        o[2] = (float)lb[l];
      }
      pending = 0;
    }
  }
}

int cpk_compose(const cpk_params *p, const float *image, long width, const uint8_t *maskCodes,
                long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                double mix, float *out) {
  if (!cpk_available()) return 0;
  compose_avx2(p, image, width, maskCodes, mx, my, mw, mh, blurred, blurredWidth, mix, out);
  return 1;
}

int cpk_ratios_summary(const cpk_params *p, const double *r, const double *g, const double *b,
                       const uint8_t *codes, const long *counts, long n, double threshold,
                       unsigned shift, unsigned long long base, long buckets, double *out,
                       cpk_summary *summary, long *weights, long *entries) {
  if (!cpk_available()) return 0;
  ratios_summary_avx2(p, r, g, b, codes, counts, n, threshold, shift, base, buckets, out,
                      summary, weights, entries);
  return 1;
}

int cpk_background_luminances(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out) {
  if (!cpk_available()) return 0;
  luminances_avx2(p, r, g, b, codes, n, out);
  return 1;
}

#else

int cpk_available(void) { return 0; }

int cpk_compose(const cpk_params *p, const float *image, long width, const uint8_t *maskCodes,
                long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                double mix, float *out) {
  (void)p, (void)image, (void)width, (void)maskCodes, (void)mx, (void)my, (void)mw, (void)mh;
  (void)blurred, (void)blurredWidth, (void)mix, (void)out;
  return 0;
}

int cpk_ratios_summary(const cpk_params *p, const double *r, const double *g, const double *b,
                       const uint8_t *codes, const long *counts, long n, double threshold,
                       unsigned shift, unsigned long long base, long buckets, double *out,
                       cpk_summary *summary, long *weights, long *entries) {
  (void)p, (void)r, (void)g, (void)b, (void)codes, (void)counts, (void)n, (void)threshold;
  (void)shift, (void)base, (void)buckets, (void)out, (void)summary, (void)weights, (void)entries;
  return 0;
}

int cpk_ratios(const cpk_params *p, const double *r, const double *g, const double *b,
               const uint8_t *codes, long n, double *out) {
  (void)p, (void)r, (void)g, (void)b, (void)codes, (void)n, (void)out;
  return 0;
}

int cpk_background_luminances(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out) {
  (void)p, (void)r, (void)g, (void)b, (void)codes, (void)n, (void)out;
  return 0;
}

#endif
