// What the contrast model's vector loop would gain in single precision (issue
// 32's "within 0.05 %" allowance): the loop of ratios-bench.c (the same
// 20,000 entries, material, fill, border and text colours) written once more
// in float, sixteen entries a vector with AVX-512 where cpk_ratios takes
// eight doubles, the luminance table held in float. Prints the time per entry
// of both and the largest relative difference of the float ratios from
// cpk_ratios's (the reference's bits). An experiment measured for
// Benchmarks/README.md, not a path of the tool: only the bench's material
// (glass surface, a fill, a border) is written here. See kernel-bench.sh.
#pragma STDC FP_CONTRACT OFF

#include "bench-inputs.h"

#include <immintrin.h>
#include <stdio.h>

// Weak, as in ratios-bench.c: absent from a checkout from before the choice.
extern int cpk_table_gathers(void) __attribute__((weak));

#define TARGET __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))
typedef __m512 V;
typedef __mmask16 M;
#define LANES 16
#define VSPLAT(x) _mm512_set1_ps((float)(x))
#define VADD _mm512_add_ps
#define VSUB _mm512_sub_ps
#define VMUL _mm512_mul_ps
#define VDIV _mm512_div_ps
#define VGE(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ)
#define VLT(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)
#define VBLEND(m, x, y) _mm512_mask_blend_ps(m, x, y)

static inline TARGET V larger(V x, V y) { return VBLEND(VGE(y, x), x, y); }
static inline TARGET V smaller(V x, V y) { return VBLEND(VLT(y, x), x, y); }
static inline TARGET V clamp01(V x) { return smaller(larger(x, VSPLAT(0)), VSPLAT(1)); }

// table[i], table[i + 1] per lane: one 8-byte load a lane (as the double
// loop's one 16-byte load), or two gathers.
static int use_gather = 0;
static inline TARGET V linearize(const float *table, int steps, V c) {
  V x = VMUL(clamp01(c), VSPLAT(steps));
  __m512i i = _mm512_min_epi32(_mm512_cvttps_epi32(x), _mm512_set1_epi32(steps - 1));
  V index = _mm512_cvtepi32_ps(i);
  V lo, hi;
  if (use_gather) {
    lo = _mm512_i32gather_ps(i, table, 4);
    hi = _mm512_i32gather_ps(i, table + 1, 4);
  } else {
    int at[16];
    _mm512_storeu_si512((void *)at, i);
    __m128 q[8];
    for (int j = 0; j < 8; j++) {
      __m128 a = _mm_castpd_ps(_mm_load_sd((const double *)(const void *)(table + at[2 * j])));
      q[j] = _mm_loadh_pi(a, (const __m64 *)(const void *)(table + at[2 * j + 1]));
    }
    // q[j] = lo(2j), hi(2j), lo(2j+1), hi(2j+1)
    __m512 a = _mm512_insertf32x4(
      _mm512_insertf32x4(_mm512_insertf32x4(_mm512_castps128_ps512(q[0]), q[1], 1), q[2], 2), q[3],
      3);
    __m512 b = _mm512_insertf32x4(
      _mm512_insertf32x4(_mm512_insertf32x4(_mm512_castps128_ps512(q[4]), q[5], 1), q[6], 2), q[7],
      3);
    const __m512i evens = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                            30);
    const __m512i odds = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29,
                                           31);
    lo = _mm512_permutex2var_ps(a, evens, b);
    hi = _mm512_permutex2var_ps(a, odds, b);
  }
  V f = VSUB(x, index);
  return VADD(lo, VMUL(VSUB(hi, lo), f));
}

static inline TARGET V luminance(const float *t, int steps, V r, V g, V b) {
  return VADD(VADD(VMUL(VSPLAT(0.2126), linearize(t, steps, r)),
                   VMUL(VSPLAT(0.7152), linearize(t, steps, g))),
              VMUL(VSPLAT(0.0722), linearize(t, steps, b)));
}

static inline TARGET V luma(V r, V g, V b) {
  return VADD(VADD(VMUL(VSPLAT(0.2126), r), VMUL(VSPLAT(0.7152), g)), VMUL(VSPLAT(0.0722), b));
}

static inline TARGET V over(const double *layer, int channel, V x) {
  double a = layer[3];
  return VADD(VSPLAT(a * layer[channel]), VMUL(VSPLAT(1 - a), x));
}

static inline TARGET V load16(const double *p) {
  __m256 a = _mm512_cvtpd_ps(_mm512_loadu_pd(p)), b = _mm512_cvtpd_ps(_mm512_loadu_pd(p + 8));
  return _mm512_insertf32x8(_mm512_castps256_ps512(a), b, 1);
}

static inline TARGET void store16(double *p, V v) {
  _mm512_storeu_pd(p, _mm512_cvtps_pd(_mm512_castps512_ps256(v)));
  _mm512_storeu_pd(p + 8, _mm512_cvtps_pd(_mm512_extractf32x8_ps(v, 1)));
}

// The glass surface (surface 1) with a fill and the border in the band, as
// ckernel_body.h's `backgrounds`, then the ratio; n a multiple of 16.
#define BLOCK (8 * LANES)
static TARGET void ratios_float(const cpk_params *p, const float *table, const double *r,
                                const double *g, const double *b, const uint8_t *codes, long n,
                                double *out) {
  float cr[BLOCK], cg[BLOCK], cb[BLOCK], fr[BLOCK], fg[BLOCK], fb[BLOCK];
  for (long k0 = 0; k0 < n; k0 += BLOCK) {
    long m = n - k0 < BLOCK ? n - k0 : BLOCK;
    for (long k = 0; k < m; k += LANES) {
      V r0 = load16(r + k0 + k), g0 = load16(g + k0 + k), b0 = load16(b + k0 + k);
      __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(codes + k0 + k));
      M outside = _mm_cmpeq_epi8_mask(c, _mm_setzero_si128());
      M band = _mm_cmpgt_epi8_mask(c, _mm_set1_epi8(1));
      V y = luma(r0, g0, b0);
      V kk = smaller(larger(VSUB(VSPLAT(1), VMUL(y, VSPLAT(1 - p->lumaCap))), VSPLAT(0)),
                     VSPLAT(1));
      V boost = VADD(VSPLAT(1), VMUL(VSPLAT(0.3), VSUB(VSPLAT(1), kk)));
      V rr = VMUL(kk, VADD(y, VMUL(VSUB(r0, y), boost)));
      V gg = VMUL(kk, VADD(y, VMUL(VSUB(g0, y), boost)));
      V bb = VMUL(kk, VADD(y, VMUL(VSUB(b0, y), boost)));
      y = luma(rr, gg, bb);
      V base = VADD(VSPLAT(p->black), VMUL(VSPLAT(p->white - p->black), y));
      V s = VSPLAT(p->saturation);
      rr = VADD(base, VMUL(s, VSUB(rr, y)));
      gg = VADD(base, VMUL(s, VSUB(gg, y)));
      bb = VADD(base, VMUL(s, VSUB(bb, y)));
      rr = clamp01(over(p->fill, 0, rr));
      gg = clamp01(over(p->fill, 1, gg));
      bb = clamp01(over(p->fill, 2, bb));
      rr = VBLEND(band, rr, over(p->border, 0, rr));
      gg = VBLEND(band, gg, over(p->border, 1, gg));
      bb = VBLEND(band, bb, over(p->border, 2, bb));
      rr = VBLEND(outside, rr, r0);
      gg = VBLEND(outside, gg, g0);
      bb = VBLEND(outside, bb, b0);
      _mm512_storeu_ps(cr + k, rr);
      _mm512_storeu_ps(cg + k, gg);
      _mm512_storeu_ps(cb + k, bb);
      if (!p->opaque) {
        _mm512_storeu_ps(fr + k, over(p->color, 0, rr));
        _mm512_storeu_ps(fg + k, over(p->color, 1, gg));
        _mm512_storeu_ps(fb + k, over(p->color, 2, bb));
      }
    }
    for (long k = 0; k < m; k += LANES)
      _mm512_storeu_ps(cg + k, luminance(table, p->steps, _mm512_loadu_ps(cr + k),
                                         _mm512_loadu_ps(cg + k), _mm512_loadu_ps(cb + k)));
    if (!p->opaque)
      for (long k = 0; k < m; k += LANES)
        _mm512_storeu_ps(fr + k, luminance(table, p->steps, _mm512_loadu_ps(fr + k),
                                           _mm512_loadu_ps(fg + k), _mm512_loadu_ps(fb + k)));
    for (long k = 0; k < m; k += LANES) {
      V f = p->opaque ? VSPLAT(p->opaqueLuminance) : _mm512_loadu_ps(fr + k);
      V bg = _mm512_loadu_ps(cg + k);
      V hi = larger(f, bg), lo = smaller(f, bg);
      store16(out + k0 + k, VDIV(VADD(hi, VSPLAT(0.05)), VADD(lo, VSPLAT(0.05))));
    }
  }
}

int main(int argc, char **argv) {
  int opaque = argc > 1 ? atoi(argv[1]) : 1;
  use_gather = argc > 2 ? atoi(argv[2]) : 0;
  const long n = BENCH_ENTRIES;
  const int reps = 4000;
  bench_inputs in = bench_make(opaque);
  float *ftable = malloc((BENCH_STEPS + 1) * sizeof(float));
  for (int i = 0; i <= BENCH_STEPS; i++) ftable[i] = (float)in.table[i];
  double *out = malloc(n * sizeof(double)), *fout = malloc(n * sizeof(double));
  double t0 = bench_now();
  for (int k = 0; k < reps; k++) cpk_ratios(&in.p, in.r, in.g, in.b, in.codes, n, out, 0);
  double t1 = bench_now();
  for (int k = 0; k < reps; k++) ratios_float(&in.p, ftable, in.r, in.g, in.b, in.codes, n, fout);
  double t2 = bench_now();
  double worst = 0;
  for (long i = 0; i < n; i++) {
    double d = fabs(fout[i] - out[i]) / out[i];
    if (d > worst) worst = d;
  }
  printf("%s text: double%s %.3f ns an entry, float%s %.3f ns an entry (%.2fx); largest "
         "relative difference %.3g\n",
         opaque ? "opaque" : "translucent",
         !cpk_table_gathers ? "" : cpk_table_gathers() ? " (gathers)" : " (loads)",
         (t1 - t0) / ((double)n * reps) * 1e9, use_gather ? " (gathers)" : " (loads)",
         (t2 - t1) / ((double)n * reps) * 1e9, (t1 - t0) / (t2 - t1), worst);
  return 0;
}
