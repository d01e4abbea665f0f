// ContrastCore's per-entry contrast model (BackgroundEvaluator.ratio), eight
// entries at a time with AVX-512 or four with AVX2 (ckernel_body.h, written
// once for both): the ratios (with, for the statistics, their
// sum, failing pixels, extremes and buckets), the backgrounds' luminances,
// the remedy search's scan of an opaque colour over them, and the previews'
// modelled glass; with AVX-512 the luminance table read by loads or by
// gathers, whichever the CPU does faster (cpk_table_gathers). Every lane
// performs the Swift code's IEEE operations in the same order: no fused
// multiply-add (contraction is off and the functions are compiled without
// FMA), `min`/`max` written as Swift's `y < x ? y : x` and `y >= x ? y : x`
// through compare and blend.
// ModelTwinTests holds the results equal to the Swift reference bit for bit.
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"
#include "cbuckets.h"
#include "cselect.h"

#include <math.h>
#include <stdlib.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#include <immintrin.h>
#include <stdatomic.h>

#include "crgb.h"
#include <string.h>

// The instruction sets this CPU has for the loops: 2 AVX2, 3 AVX-512 (F, DQ,
// BW, VL). What the caller allows is cpk_limit_level's cap; nothing here reads
// the environment.
static int detected_level(void) {
  __builtin_cpu_init();
  int level = __builtin_cpu_supports("avx2") ? 2 : 0;
  if (level == 2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
    level = 3;
  return level;
}

static atomic_int level_cap = 3;

int cpk_level(void) {
  static int known = -1;
  if (known < 0) known = detected_level();
  int cap = atomic_load_explicit(&level_cap, memory_order_relaxed);
  return known < cap ? known : cap;
}

int cpk_limit_level(int level) {
  return atomic_exchange_explicit(&level_cap, level, memory_order_relaxed);
}

int cpk_available(void) { return cpk_level() > 0; }

// Four mask codes, wherever they lie.
static inline int four_codes(const uint8_t *p) {
  int v;
  memcpy(&v, p, sizeof v);
  return v;
}


// ---- AVX2: four entries at a time ----
#define TARGET __attribute__((target("avx2")))
#define FN(name) name##_avx2
#define LANES 4
typedef __m256d V;
typedef __m256d M;
typedef __m256i C;
#define VSPLAT(x) _mm256_set1_pd(x)
#define VADD _mm256_add_pd
#define VSUB _mm256_sub_pd
#define VMUL _mm256_mul_pd
#define VDIV _mm256_div_pd
#define VGE(a, b) _mm256_cmp_pd(a, b, _CMP_GE_OQ)
#define VLT(a, b) _mm256_cmp_pd(a, b, _CMP_LT_OQ)
#define VBLEND(m, x, y) _mm256_blendv_pd(x, y, m)
#define MBITS(m) _mm256_movemask_pd(m)
#define MALL 15
#define VLOAD(p) _mm256_loadu_pd(p)
#define VSTORE(p, v) _mm256_storeu_pd(p, v)
#define CLOAD(p) _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(four_codes(p)))
#define CZERO(c) _mm256_castsi256_pd(_mm256_cmpeq_epi64(c, _mm256_setzero_si256()))
#define CBAND(c) _mm256_castsi256_pd(_mm256_cmpgt_epi64(c, _mm256_set1_epi64x(1)))

// Each lane's two neighbouring table values in one 16-byte load, then
// transposed (faster than two gathers on CPUs with slow gathers).
static inline TARGET void table_pairs_avx2(const cpk_params *p, V x, V *lo, V *hi, V *index) {
  __m128i i = _mm_min_epi32(_mm256_cvttpd_epi32(x), _mm_set1_epi32(p->steps - 1));
  *index = _mm256_cvtepi32_pd(i);
  const double *t = p->table;
  __m128d a0 = _mm_loadu_pd(t + _mm_extract_epi32(i, 0));
  __m128d a1 = _mm_loadu_pd(t + _mm_extract_epi32(i, 1));
  __m128d a2 = _mm_loadu_pd(t + _mm_extract_epi32(i, 2));
  __m128d a3 = _mm_loadu_pd(t + _mm_extract_epi32(i, 3));
  V t02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(a0), a2, 1);
  V t13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(a1), a3, 1);
  *lo = _mm256_unpacklo_pd(t02, t13);
  *hi = _mm256_unpackhi_pd(t02, t13);
}

#include "ckernel_body.h"

#undef TARGET
#undef FN
#undef LANES
#undef VSPLAT
#undef VADD
#undef VSUB
#undef VMUL
#undef VDIV
#undef VGE
#undef VLT
#undef VBLEND
#undef MBITS
#undef MALL
#undef VLOAD
#undef VSTORE
#undef CLOAD
#undef CZERO
#undef CBAND

// ---- AVX-512: eight entries at a time ----
#define TARGET __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))
#define FN(name) name##_avx512
#define LANES 8
#define V __m512d
#define M __mmask8
#define C __m512i
#define VSPLAT(x) _mm512_set1_pd(x)
#define VADD _mm512_add_pd
#define VSUB _mm512_sub_pd
#define VMUL _mm512_mul_pd
#define VDIV _mm512_div_pd
#define VGE(a, b) _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ)
#define VLT(a, b) _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ)
#define VBLEND(m, x, y) _mm512_mask_blend_pd(m, x, y)
#define MBITS(m) ((int)(m))
#define MALL 255
#define VLOAD(p) _mm512_loadu_pd(p)
#define VSTORE(p, v) _mm512_storeu_pd(p, v)
#define CLOAD(p) _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(p)))
#define CZERO(c) _mm512_cmpeq_epi64_mask(c, _mm512_setzero_si512())
#define CBAND(c) _mm512_cmpgt_epi64_mask(c, _mm512_set1_epi64(1))

// As the AVX2 loop's: one 16-byte load a lane (for CPUs whose gathers are
// slow; the copy below reads them by gathers).
static inline TARGET void table_pairs_avx512(const cpk_params *p, V x, V *lo, V *hi, V *index) {
  __m256i i = _mm256_min_epi32(_mm512_cvttpd_epi32(x), _mm256_set1_epi32(p->steps - 1));
  *index = _mm512_cvtepi32_pd(i);
  const double *t = p->table;
  int at[8];
  _mm256_storeu_si256((__m256i *)(void *)at, i);
  __m256d t02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(t + at[0])),
                                     _mm_loadu_pd(t + at[2]), 1);
  __m256d t13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(t + at[1])),
                                     _mm_loadu_pd(t + at[3]), 1);
  __m256d t46 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(t + at[4])),
                                     _mm_loadu_pd(t + at[6]), 1);
  __m256d t57 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(t + at[5])),
                                     _mm_loadu_pd(t + at[7]), 1);
  V even = _mm512_insertf64x4(_mm512_castpd256_pd512(t02), t46, 1);
  V odd = _mm512_insertf64x4(_mm512_castpd256_pd512(t13), t57, 1);
  *lo = _mm512_unpacklo_pd(even, odd);
  *hi = _mm512_unpackhi_pd(even, odd);
}

// The compose loop's runs of eight pixels inside the shape, read and
// written whole instead of lane by lane (crgb.h's cpk_rgb_load and
// cpk_rgb_store).
#define FN_RGB_RUNS 1

#include "ckernel_body.h"

#undef FN_RGB_RUNS

// ---- AVX-512, the luminance table read by gathers ----
// The same loops of ratios and luminances, each lane's pair of table values
// read by two gathers: faster than the loads above where gathers are fast
// (Intel's cores with AVX512-FP16, Sapphire Rapids on: kernel-bench.sh's
// opaque ratios 3.36 against 4.25 ns an entry), slower where they are not
// (AMD Zen 4, and the Intel cores before, whose gathers the GDS mitigation
// slows). The same values are read: the same bits.
#undef FN
#define FN(name) name##_avx512g

static inline TARGET void table_pairs_avx512g(const cpk_params *p, V x, V *lo, V *hi,
                                              V *index) {
  __m256i i = _mm256_min_epi32(_mm512_cvttpd_epi32(x), _mm256_set1_epi32(p->steps - 1));
  *index = _mm512_cvtepi32_pd(i);
  *lo = _mm512_i32gather_pd(i, p->table, 8);
  *hi = _mm512_i32gather_pd(i, p->table + 1, 8);
}

#define FN_TABLE_ONLY 1

#include "ckernel_body.h"

#undef FN_TABLE_ONLY

// Whether the AVX-512 loops read the table by gathers: the caller's choice
// (cpk_choose_table_gathers, 0 or 1), else -1 and the CPU's.
static atomic_int gathers_choice = -1;

int cpk_table_gathers(void) {
  int choice = atomic_load_explicit(&gathers_choice, memory_order_relaxed);
  if (choice >= 0) return choice;
  static int known = -1;
  if (known < 0) {
    __builtin_cpu_init();
    known = __builtin_cpu_supports("avx512fp16") ? 1 : 0;
  }
  return known;
}

int cpk_choose_table_gathers(int choice) {
  return atomic_exchange_explicit(&gathers_choice, choice < 0 ? -1 : choice != 0,
                                  memory_order_relaxed);
}

// The ratios of this CPU's widest loop.
static void ratios_vector(const cpk_params *p, const double *r, const double *g, const double *b,
                          const uint8_t *codes, long n, double *out, double *lum) {
  if (cpk_level() >= 3) {
    if (cpk_table_gathers()) {
      ratios_avx512g(p, r, g, b, codes, n, out, lum);
    } else {
      ratios_avx512(p, r, g, b, codes, n, out, lum);
    }
  } else {
    ratios_avx2(p, r, g, b, codes, n, out, lum);
  }
}

// One entry of a summary: its term of the exact sum (`(u64)(x 2^52) *
// count`, for 1 <= x < 2048), its pixels if failing, the extremes.
static inline void summary_entry(double x, long c, double threshold, unsigned __int128 *sum,
                                 long *failing, double *lowest, double *highest) {
  if (x >= 1 && x < 2048)
    *sum += (unsigned __int128)(unsigned long long)(x * 0x1p52) * (unsigned long long)c;
  if (x < threshold) *failing += c;
  *lowest = x < *lowest ? x : *lowest;
  *highest = x > *highest ? x : *highest;
}

// The summary of cpk_ratios_summary and its histogram, eight ratios at a
// time: the exact sum (each term `(u64)(v 2^52) * count`, < 2^63 * 2^32,
// taken as two products of 32-bit halves whose 32-bit halves are added in
// 64-bit lanes: no lane can overflow below 2^32 entries), the failing
// pixels, the least and the greatest ratio (the scalar loop's comparisons,
// lane by lane, then across the lanes: the same values, as no ratio is a
// zero of either sign).
//
// The histogram is counted in `weights` and `entries` themselves, each
// taken as a table of packed counters (a bucket's entries times 2^40 plus
// its pixels, which cannot carry into each other below 2^24 entries and
// 2^40 pixels); eight ratios of one bucket (the usual case: neighbouring
// pixels of a blurred backdrop) add their sum to it once, other blocks
// their ratios one by one, alternately into either table, so that ratios
// of one bucket do not each wait for the last one's count. The buckets
// between the least and the greatest key met are then unpacked: pixels to
// `weights`, entries to `entries`, the counts histogram_add gives. A ratio
// with no bucket adds nothing and sets `outsideOut`.
//
// Returns 0 when a count is negative or not below 2^32, there are 2^24
// entries or more, or the pixels reach 2^40: `weights` and `entries` are
// then zeroed again and nothing else is written (the scalar loops run).
static TARGET int summary_avx512(const double *v, const long *counts, long n, double threshold,
                                 unsigned shift, unsigned long long base, long buckets,
                                 long *weights, long *entries, unsigned __int128 *sumOut,
                                 long *failingOut, double *lowestOut, double *highestOut,
                                 int *outsideOut) {
  if (n >= (1L << 24) || buckets < 1) return 0;
  __m512i a1lo = _mm512_setzero_si512(), a1hi = a1lo, a2lo = a1lo, a2hi = a1lo, big = a1lo;
  __m512i fail = a1lo, pixels = a1lo, low32 = _mm512_set1_epi64(0xffffffffLL);
  __m512d low = _mm512_set1_pd(INFINITY), high = _mm512_set1_pd(-INFINITY);
  __m512d one = _mm512_set1_pd(1), top = _mm512_set1_pd(2048), t = _mm512_set1_pd(threshold);
  __m512d scale = _mm512_set1_pd(0x1p52);
  unsigned long long *tableA = (unsigned long long *)weights;
  unsigned long long *tableB = (unsigned long long *)entries;
  const unsigned long long limit = (unsigned long long)buckets, entry = 1ULL << 40;
  __m512i keyBase = _mm512_set1_epi64((long long)base);
  __m512i keyLimit = _mm512_set1_epi64((long long)limit), packedEntry = _mm512_set1_epi64((long long)entry);
  __m512i leastKey = keyLimit, greatestKey = _mm512_setzero_si512();
  __m128i keyShift = _mm_cvtsi32_si128((int)shift);
  __mmask8 outside = 0;
  long k = 0;
  for (; k + 8 <= n; k += 8) {
    __m512d x = _mm512_loadu_pd(v + k);
    __m512i c = _mm512_loadu_si512((const void *)(counts + k));
    big = _mm512_or_si512(big, _mm512_srli_epi64(c, 32));
    pixels = _mm512_add_epi64(pixels, c);
    __mmask8 in = _mm512_cmp_pd_mask(x, one, _CMP_GE_OQ) & _mm512_cmp_pd_mask(x, top, _CMP_LT_OQ);
    __m512i q = _mm512_cvttpd_epu64(_mm512_maskz_mul_pd(in, x, scale));
    __m512i p1 = _mm512_mul_epu32(q, c);
    __m512i p2 = _mm512_mul_epu32(_mm512_srli_epi64(q, 32), c);
    a1lo = _mm512_add_epi64(a1lo, _mm512_and_si512(p1, low32));
    a1hi = _mm512_add_epi64(a1hi, _mm512_srli_epi64(p1, 32));
    a2lo = _mm512_add_epi64(a2lo, _mm512_and_si512(p2, low32));
    a2hi = _mm512_add_epi64(a2hi, _mm512_srli_epi64(p2, 32));
    fail = _mm512_mask_add_epi64(fail, _mm512_cmp_pd_mask(x, t, _CMP_LT_OQ), fail, c);
    low = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, low, _CMP_LT_OQ), low, x);
    high = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, high, _CMP_GT_OQ), high, x);
    // The histogram: keys, those with no bucket set aside (key 0, adding 0).
    __m512i key = _mm512_sub_epi64(_mm512_srl_epi64(_mm512_castpd_si512(x), keyShift), keyBase);
    __mmask8 none = _mm512_cmpge_epu64_mask(key, keyLimit);
    outside |= none;
    key = _mm512_maskz_mov_epi64((__mmask8)~none, key);
    __m512i add = _mm512_maskz_or_epi64((__mmask8)~none, c, packedEntry);
    leastKey = _mm512_min_epu64(leastKey, key);
    greatestKey = _mm512_max_epu64(greatestKey, key);
    __m512i first = _mm512_permutexvar_epi64(_mm512_setzero_si512(), key);
    if (_mm512_cmpeq_epi64_mask(key, first) == 0xff) {
      tableA[_mm_cvtsi128_si64(_mm512_castsi512_si128(key))] +=
          (unsigned long long)_mm512_reduce_add_epi64(add);
    } else {
      unsigned long long ks[8], as[8];
      _mm512_storeu_si512((void *)ks, key);
      _mm512_storeu_si512((void *)as, add);
      tableA[ks[0]] += as[0], tableB[ks[1]] += as[1], tableA[ks[2]] += as[2];
      tableB[ks[3]] += as[3], tableA[ks[4]] += as[4], tableB[ks[5]] += as[5];
      tableA[ks[6]] += as[6], tableB[ks[7]] += as[7];
    }
  }
  unsigned long long least = (unsigned long long)_mm512_reduce_min_epu64(leastKey);
  unsigned long long greatest = (unsigned long long)_mm512_reduce_max_epu64(greatestKey);
  unsigned long long pixelSum = (unsigned long long)_mm512_reduce_add_epi64(pixels);
  int usable = _mm512_test_epi64_mask(big, big) == 0;
  for (long j = k; j < n; j++) {
    usable &= counts[j] >= 0 && (unsigned long long)counts[j] >> 32 == 0;
    if (!usable) break;
    pixelSum += (unsigned long long)counts[j];
    unsigned long long key = key_of(v + j, shift, base);
    if (key >= limit) {
      outside = 1;
      continue;
    }
    least = key < least ? key : least;
    greatest = key > greatest ? key : greatest;
    tableA[key] += entry | (unsigned long long)counts[j];
  }
  // Below 2^24 entries of counts below 2^32, the pixels' sum cannot wrap.
  if (!usable || pixelSum >= entry) {
    memset(weights, 0, (size_t)buckets * sizeof *weights);
    memset(entries, 0, (size_t)buckets * sizeof *entries);
    return 0;
  }
  for (unsigned long long key = least; key <= greatest && key < limit; key++) {
    unsigned long long packed = tableA[key] + tableB[key];
    weights[key] = (long)(packed & (entry - 1));
    entries[key] = (long)(packed >> 40);
  }
  unsigned long long l1lo[8], l1hi[8], l2lo[8], l2hi[8], lf[8];
  double ll[8], lh[8];
  _mm512_storeu_si512((void *)l1lo, a1lo);
  _mm512_storeu_si512((void *)l1hi, a1hi);
  _mm512_storeu_si512((void *)l2lo, a2lo);
  _mm512_storeu_si512((void *)l2hi, a2hi);
  _mm512_storeu_si512((void *)lf, fail);
  _mm512_storeu_pd(ll, low);
  _mm512_storeu_pd(lh, high);
  unsigned __int128 s1 = 0, s2 = 0;
  long failing = 0;
  double lowest = INFINITY, highest = -INFINITY;
  for (int l = 0; l < 8; l++) {
    s1 += (unsigned __int128)l1lo[l] + ((unsigned __int128)l1hi[l] << 32);
    s2 += (unsigned __int128)l2lo[l] + ((unsigned __int128)l2hi[l] << 32);
    failing += (long)lf[l];
    lowest = ll[l] < lowest ? ll[l] : lowest;
    highest = lh[l] > highest ? lh[l] : highest;
  }
  unsigned __int128 sum = s1 + (s2 << 32);
  for (; k < n; k++) summary_entry(v[k], counts[k], threshold, &sum, &failing, &lowest, &highest);
  *sumOut = sum;
  *failingOut = failing;
  *lowestOut = lowest;
  *highestOut = highest;
  *outsideOut = outside != 0;
  return 1;
}

static void ratios_summary_vector(const cpk_params *p, const double *r, const double *g,
                                  const double *b, const uint8_t *codes, const long *counts,
                                  long n, double threshold, unsigned shift,
                                  unsigned long long base, long buckets, double *out,
                                  cpk_summary *summary, long *weights, long *entries,
                                  double *luminances) {
  ratios_vector(p, r, g, b, codes, n, out, luminances);
  unsigned __int128 vsum;
  long vfailing;
  double vlowest, vhighest;
  int voutside;
  if (cpk_level() >= 3 &&
      summary_avx512(out, counts, n, threshold, shift, base, buckets, weights, entries, &vsum,
                     &vfailing, &vlowest, &vhighest, &voutside)) {
    summary->sum_high = (unsigned long long)(vsum >> 64);
    summary->sum_low = (unsigned long long)vsum;
    summary->failing = vfailing;
    summary->lowest = vlowest;
    summary->highest = vhighest;
    summary->outside = voutside;
    return;
  }
  // The exact sum (as Swift's RatioSum keeps it), the extremes and the buckets.
  unsigned __int128 sum = 0;
  long failing = 0;
  double lowest = INFINITY, highest = -INFINITY;
  cpk_histogram h = histogram_start(shift, base, buckets, weights, entries);
  for (long k = 0; k < n; k++) {
    summary_entry(out[k], counts[k], threshold, &sum, &failing, &lowest, &highest);
    histogram_add(&h, out[k], counts[k]);
  }
  histogram_finish(&h);
  int outside = h.outside;
  summary->sum_high = (unsigned long long)(sum >> 64);
  summary->sum_low = (unsigned long long)sum;
  summary->failing = failing;
  summary->lowest = lowest;
  summary->highest = highest;
  summary->outside = outside;
}

int cpk_ratios(const cpk_params *p, const double *r, const double *g, const double *b,
               const uint8_t *codes, long n, double *out, double *luminances) {
  if (!cpk_available()) return 0;
  ratios_vector(p, r, g, b, codes, n, out, luminances);
  return 1;
}

int cpk_compose(const cpk_params *p, const float *image, long width, const uint8_t *maskCodes,
                long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                double mix, float *out) {
  if (!cpk_available()) return 0;
  if (cpk_level() >= 3) {
    compose_avx512(p, image, width, maskCodes, mx, my, mw, mh, blurred, blurredWidth, mix, out);
  } else {
    compose_avx2(p, image, width, maskCodes, mx, my, mw, mh, blurred, blurredWidth, mix, out);
  }
  return 1;
}

int cpk_ratios_summary(const cpk_params *p, const double *r, const double *g, const double *b,
                       const uint8_t *codes, const long *counts, long n, double threshold,
                       unsigned shift, unsigned long long base, long buckets, double *out,
                       cpk_summary *summary, long *weights, long *entries,
                       double *luminances) {
  if (!cpk_available()) return 0;
  ratios_summary_vector(p, r, g, b, codes, counts, n, threshold, shift, base, buckets, out,
                        summary, weights, entries, luminances);
  return 1;
}

long cpk_luminance_scan(double fg, const double *bg, long n, double threshold, long limit,
                        long *worstIndex, double *worstRatio, double *lowest) {
  if (!cpk_available()) return -1;
  long count = 0;
  *lowest = cpk_level() >= 3
                ? luminance_scan_avx512(fg, bg, n, threshold, limit, worstIndex, worstRatio, &count)
                : luminance_scan_avx2(fg, bg, n, threshold, limit, worstIndex, worstRatio, &count);
  return count;
}

int cpk_background_luminances(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out) {
  if (!cpk_available()) return 0;
  if (cpk_level() >= 3) {
    if (cpk_table_gathers()) {
      luminances_avx512g(p, r, g, b, codes, n, out);
    } else {
      luminances_avx512(p, r, g, b, codes, n, out);
    }
  } else {
    luminances_avx2(p, r, g, b, codes, n, out);
  }
  return 1;
}

#else

int cpk_level(void) { return 0; }

int cpk_limit_level(int level) {
  (void)level;
  return 0;
}

int cpk_available(void) { return 0; }

int cpk_table_gathers(void) { return 0; }

int cpk_choose_table_gathers(int choice) {
  (void)choice;
  return -1;
}

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
                       cpk_summary *summary, long *weights, long *entries,
                       double *luminances) {
  (void)p, (void)r, (void)g, (void)b, (void)codes, (void)counts, (void)n, (void)threshold;
  (void)shift, (void)base, (void)buckets, (void)out, (void)summary, (void)weights, (void)entries;
  (void)luminances;
  return 0;
}

int cpk_ratios(const cpk_params *p, const double *r, const double *g, const double *b,
               const uint8_t *codes, long n, double *out, double *luminances) {
  (void)p, (void)r, (void)g, (void)b, (void)codes, (void)n, (void)out, (void)luminances;
  return 0;
}

int cpk_background_luminances(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out) {
  (void)p, (void)r, (void)g, (void)b, (void)codes, (void)n, (void)out;
  return 0;
}

long cpk_luminance_scan(double fg, const double *bg, long n, double threshold, long limit,
                        long *worstIndex, double *worstRatio, double *lowest) {
  (void)fg, (void)bg, (void)n, (void)threshold, (void)limit, (void)worstIndex, (void)worstRatio;
  (void)lowest;
  return -1;
}

#endif
