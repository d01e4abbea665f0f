// SceneEvaluator.collect's loop (ContrastCore/Sampling/SceneEvaluator.swift and
// ItemSamples.Builder): the same values in the same order, with the same
// IEEE operations for the blurred backdrop (no fused multiply-add). The plain
// loop (`append`, one pixel at a time) is the reference; with AVX-512 the
// same entries are made eight pixels at a time (collect_avx512), which
// CollectTests holds equal to the Swift loop at every level.
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#define CPK_COLLECT_AVX512 1
#include <immintrin.h>
#include "ccompress.h"
#include "crgb.h"
#endif

static inline void append(cpk_builder *b, double r, double g, double bl, uint8_t code) {
  b->pixels += 1;
  if (code == b->lastCode && r == b->lastR && g == b->lastG && bl == b->lastB) {
    b->run += 1;
    return;
  }
  long n = b->count;
  if (n > 0) b->counts[n - 1] = b->run;
  if (n >= b->capacity) __builtin_trap();
  b->r[n] = r;
  b->g[n] = g;
  b->b[n] = bl;
  b->codes[n] = code;
  b->lastR = r;
  b->lastG = g;
  b->lastB = bl;
  b->lastCode = code;
  b->run = 1;
  b->count = n + 1;
}

#ifdef CPK_COLLECT_AVX512
#define TARGET512 __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,bmi2")))

// The floats of the pixels whose lane bit is set in `lanes` (three per
// pixel): nothing is read for the others.
static inline TARGET512 void load_pixels(const float *p, unsigned lanes, __m512 *lo, __m512 *hi) {
  if (lanes == 0xFF) {
    // (Every pixel: plain loads, cheaper than masked ones.)
    *lo = _mm512_loadu_ps(p);
    *hi = _mm512_castps256_ps512(_mm256_loadu_ps(p + 16));
    return;
  }
  unsigned spread = _pdep_u32(lanes, 0x249249u);
  unsigned floats = spread | (spread << 1) | (spread << 2);
  *lo = _mm512_maskz_loadu_ps((__mmask16)(floats & 0xFFFF), p);
  *hi = _mm512_maskz_loadu_ps((__mmask16)(floats >> 16), p + 16);
}

// The lane `k` of `v` in every lane.
static inline TARGET512 __m512d lane_pd(__m512d v, long k) {
  return _mm512_permutexvar_pd(_mm512_set1_epi64(k), v);
}
static inline TARGET512 __m512i lane_epi64(__m512i v, long k) {
  return _mm512_permutexvar_epi64(_mm512_set1_epi64(k), v);
}

// cpk_collect eight pixels at a time: per chunk of a row the pixels'
// codes and colours as the plain loop takes them, each compared with the
// one before it (the run being extended for the first), and the pixels
// that start a run stored in order (compress-store) with the counts of the
// runs they end. The same entries, counts and bits as `append` per pixel.
static TARGET512 void collect_avx512(cpk_builder *b, const float *image, long width,
                                     const uint8_t *maskCodes, long mx, long my, long mw, long mh,
                                     const float *blurred, long blurredWidth, long bx, long by,
                                     int hasMean, const double mean[3], double mix, long rx,
                                     long ry, long rw, long rh) {
  const __m512d keep = _mm512_set1_pd(1 - mix);
  const __m512d mixv = _mm512_set1_pd(mix);
  const __m512d meanR = _mm512_set1_pd(mean[0]), meanG = _mm512_set1_pd(mean[1]),
                meanB = _mm512_set1_pd(mean[2]);
  const __m512i lanes = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
  // The run being extended: its colour and code in lane 7 (what each
  // chunk's lane 0 is compared with), where it started (pixel index) and
  // the entries so far.
  __m512d lastR = _mm512_set1_pd(b->lastR), lastG = _mm512_set1_pd(b->lastG),
          lastB = _mm512_set1_pd(b->lastB);
  __m512i lastCode = _mm512_set1_epi64(b->lastCode);
  long pos = b->pixels;
  long runStart = pos - b->run;
  long n = b->count;
  // (The builder's arrays in locals: a store through one cannot change them.)
  double *outR = b->r, *outG = b->g, *outB = b->b;
  uint8_t *outCodes = b->codes;
  long *outCounts = b->counts;
  const long capacity = b->capacity;
  for (long y = ry; y < ry + rh; y++) {
    int insideRows = y >= my && y < my + mh;
    // The columns of the row inside the mask's rectangle.
    long in0 = mx > rx ? mx : rx;
    long in1 = mx + mw < rx + rw ? mx + mw : rx + rw;
    const uint8_t *codeRow = insideRows ? maskCodes + (y - my) * mw : 0;
    for (long x0 = rx; x0 < rx + rw; x0 += 8) {
      long valid = rx + rw - x0 < 8 ? rx + rw - x0 : 8;
      unsigned validBits = (1u << valid) - 1;
      // Codes: the mask's inside its rectangle, 0 elsewhere.
      __m512i code = _mm512_setzero_si512();
      if (insideRows && in0 < in1) {
        long a = in0 > x0 ? in0 - x0 : 0;
        long e = in1 - x0 < valid ? in1 - x0 : valid;
        if (a < e) {
          unsigned m = ((1u << e) - 1) & ~((1u << a) - 1);
          // (Lanes below `a` are not read: the address of lane 0 is formed
          // from lane `a`'s, which is inside the row.)
          const uint8_t *at = codeRow + (x0 + a - mx) - a;
          __m128i bytes = m == 0xFF ? _mm_loadl_epi64((const __m128i *)at)
                                    : _mm_maskz_loadu_epi8((__mmask16)m, at);
          code = _mm512_cvtepu8_epi64(bytes);
        }
      }
      __mmask8 inside = _mm512_test_epi64_mask(code, code) & (__mmask8)validBits;
      // The same columns of the next row, asked for now: each row starts
      // far from the last (a wallpaper row is 14 KB), where the hardware's
      // prefetcher has not yet followed.
      if (y + 1 < ry + rh) {
        __builtin_prefetch(image + 3 * ((y + 1) * width + x0));
        __builtin_prefetch(image + 3 * ((y + 1) * width + x0) + 16);
      }
      __m512 lo, hi;
      load_pixels(image + 3 * (y * width + x0), validBits, &lo, &hi);
      __m512d r, g, bl;
      cpk_rgb_deinterleave(lo, hi, &r, &g, &bl);
      if (hasMean) {
        r = _mm512_mask_blend_pd(inside, r, meanR);
        g = _mm512_mask_blend_pd(inside, g, meanG);
        bl = _mm512_mask_blend_pd(inside, bl, meanB);
      } else if (blurred && inside) {
        __m512 glo, ghi;
        // (Read only where the pixel is inside: those are in `blurred`.)
        unsigned first = (unsigned)__builtin_ctz(inside);
        const float *at = blurred + 3 * ((y - by) * blurredWidth + (x0 + first - bx));
        load_pixels(at - 3 * (long)first, inside, &glo, &ghi);
        __m512d gr, gg, gb;
        cpk_rgb_deinterleave(glo, ghi, &gr, &gg, &gb);
        r = _mm512_mask_blend_pd(
            inside, r, _mm512_add_pd(_mm512_mul_pd(keep, r), _mm512_mul_pd(mixv, gr)));
        g = _mm512_mask_blend_pd(
            inside, g, _mm512_add_pd(_mm512_mul_pd(keep, g), _mm512_mul_pd(mixv, gg)));
        bl = _mm512_mask_blend_pd(
            inside, bl, _mm512_add_pd(_mm512_mul_pd(keep, bl), _mm512_mul_pd(mixv, gb)));
      }
      // Each lane against the one before it (lane 0 against the run).
      __m512d pr = _mm512_castsi512_pd(
          _mm512_alignr_epi64(_mm512_castpd_si512(r), _mm512_castpd_si512(lastR), 7));
      __m512d pg = _mm512_castsi512_pd(
          _mm512_alignr_epi64(_mm512_castpd_si512(g), _mm512_castpd_si512(lastG), 7));
      __m512d pb = _mm512_castsi512_pd(
          _mm512_alignr_epi64(_mm512_castpd_si512(bl), _mm512_castpd_si512(lastB), 7));
      __m512i pc = _mm512_alignr_epi64(code, lastCode, 7);
      __mmask8 same = _mm512_cmp_pd_mask(r, pr, _CMP_EQ_OQ) &
                      _mm512_cmp_pd_mask(g, pg, _CMP_EQ_OQ) &
                      _mm512_cmp_pd_mask(bl, pb, _CMP_EQ_OQ) & _mm512_cmpeq_epi64_mask(code, pc);
      __mmask8 starts = (__mmask8)(~same & validBits);
      if (starts) {
        int k = __builtin_popcount(starts);
        if (n + k > capacity) __builtin_trap();
        cpk_compress_store_pd(outR + n, starts, r);
        cpk_compress_store_pd(outG + n, starts, g);
        cpk_compress_store_pd(outB + n, starts, bl);
        __m128i codes8 = _mm512_cvtepi64_epi8(_mm512_maskz_compress_epi64(starts, code));
        _mm_mask_storeu_epi8(outCodes + n, (__mmask16)((1u << k) - 1), codes8);
        // Where each run starts; each run's count is where the next starts
        // minus where it does (the run before them ends at the first, the
        // last goes on).
        __m512i at = _mm512_maskz_compress_epi64(
            starts, _mm512_add_epi64(_mm512_set1_epi64(pos), lanes));
        if (n > 0) outCounts[n - 1] = pos + __builtin_ctz(starts) - runStart;
        __m512i next = _mm512_alignr_epi64(at, at, 1);
        _mm512_mask_storeu_epi64(outCounts + n, (__mmask8)((1u << (k - 1)) - 1),
                                 _mm512_sub_epi64(next, at));
        runStart = pos + 31 - __builtin_clz(starts);
        n += k;
      }
      // The last valid lane is the run being extended: lane 7 already in a
      // whole chunk, moved there at a row's end.
      if (valid == 8) {
        lastR = r, lastG = g, lastB = bl, lastCode = code;
      } else {
        lastR = lane_pd(r, valid - 1);
        lastG = lane_pd(g, valid - 1);
        lastB = lane_pd(bl, valid - 1);
        lastCode = lane_epi64(code, valid - 1);
      }
      pos += valid;
    }
  }
  b->count = n;
  b->pixels = pos;
  b->run = pos - runStart;
  b->lastR = _mm512_cvtsd_f64(lane_pd(lastR, 7));
  b->lastG = _mm512_cvtsd_f64(lane_pd(lastG, 7));
  b->lastB = _mm512_cvtsd_f64(lane_pd(lastB, 7));
  b->lastCode = (uint8_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(lane_epi64(lastCode, 7)));
}
#endif

void cpk_collect(cpk_builder *out, const float *image, long width, const uint8_t *maskCodes,
                 long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                 long bx, long by, int hasMean, const double mean[3], double mix, long rx, long ry, long rw,
                 long rh) {
#ifdef CPK_COLLECT_AVX512
  if (cpk_level() >= 3) {
    if (rw > 0 && rh > 0)
      collect_avx512(out, image, width, maskCodes, mx, my, mw, mh, blurred, blurredWidth, bx, by,
                     hasMean, mean, mix, rx, ry, rw, rh);
    return;
  }
#endif
  // The builder in a local copy, written back at the end: its fields stay
  // in registers (a store through its byte pointer `codes` could otherwise
  // be a store into the builder itself).
  cpk_builder local = *out;
  cpk_builder *b = &local;
  double keep = 1 - mix;
  for (long y = ry; y < ry + rh; y++) {
    int insideRows = y >= my && y < my + mh;
    for (long x = rx; x < rx + rw; x++) {
      uint8_t code = insideRows && x >= mx && x < mx + mw ? maskCodes[(y - my) * mw + (x - mx)] : 0;
      if (code != 0 && hasMean) {
        append(b, mean[0], mean[1], mean[2], code);
        continue;
      }
      const float *w = image + 3 * (y * width + x);
      double w0 = (double)w[0], w1 = (double)w[1], w2 = (double)w[2];
      if (code != 0 && blurred) {
        const float *g = blurred + 3 * ((y - by) * blurredWidth + (x - bx));
        append(b, keep * w0 + mix * (double)g[0], keep * w1 + mix * (double)g[1],
               keep * w2 + mix * (double)g[2], code);
      } else {
        append(b, w0, w1, w2, code);
      }
    }
  }
  *out = local;
}

void cpk_append(cpk_builder *b, double r, double g, double bl, uint8_t code) {
  append(b, r, g, bl, code);
}

void cpk_builder_finish(cpk_builder *b) {
  if (b->count > 0) b->counts[b->count - 1] = b->run;
}

long cpk_sum_inside(const float *image, long width, const uint8_t *maskCodes, long mx, long my,
                    long mw, long mh, double sums[3]) {
  double r = sums[0], g = sums[1], b = sums[2];
  long n = 0;
  for (long j = 0; j < mh; j++) {
    const uint8_t *codes = maskCodes + j * mw;
    const float *row = image + 3 * ((my + j) * width + mx);
    for (long i = 0; i < mw; i++) {
      if (codes[i] == 0) continue;
      r = r + (double)row[3 * i];
      g = g + (double)row[3 * i + 1];
      b = b + (double)row[3 * i + 2];
      n++;
    }
  }
  sums[0] = r;
  sums[1] = g;
  sums[2] = b;
  return n;
}
