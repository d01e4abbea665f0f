// BucketSelect's gathering pass (ContrastCore/Judging/BucketSelect.swift): the
// values of up to three buckets of the ratios' bit patterns, copied out in
// order. Only copies: no arithmetic on the values.
#include "cpixelkernel.h"
#include "cbuckets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static inline void take(const double *values, const long *weights, long i, int j,
                        double *outValues, long *outWeights, long cursors[3]) {
  outValues[cursors[j]] = values[i];
  if (weights) outWeights[cursors[j]] = weights[i];
  cursors[j] += 1;
}

static void gather_plain(const double *values, const long *weights, long from, long n,
                         unsigned shift, unsigned long long base,
                         const unsigned long long keys[3], double *outValues, long *outWeights,
                         long cursors[3]) {
  for (long i = from; i < n; i++) {
    unsigned long long key = key_of(values + i, shift, base);
    for (int j = 0; j < 3; j++) {
      if (key == keys[j]) {
        take(values, weights, i, j, outValues, outWeights, cursors);
        break;
      }
    }
  }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
#include <immintrin.h>
#include "ccompress.h"
#define TARGET __attribute__((target("avx2")))

static TARGET long gather_avx2(const double *values, const long *weights, long n,
                               unsigned shift, unsigned long long base,
                               const unsigned long long keys[3], double *outValues,
                               long *outWeights, long cursors[3]) {
  __m256i b = _mm256_set1_epi64x((long long)base);
  __m256i k0 = _mm256_set1_epi64x((long long)keys[0]);
  __m256i k1 = _mm256_set1_epi64x((long long)keys[1]);
  __m256i k2 = _mm256_set1_epi64x((long long)keys[2]);
  __m128i s = _mm_cvtsi32_si128((int)shift);
  long i = 0;
  for (; i + 4 <= n; i += 4) {
    __m256i bits = _mm256_loadu_si256((const __m256i *)(values + i));
    __m256i key = _mm256_sub_epi64(_mm256_srl_epi64(bits, s), b);
    __m256i hit = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi64(key, k0), _mm256_cmpeq_epi64(key, k1)),
        _mm256_cmpeq_epi64(key, k2));
    if (_mm256_testz_si256(hit, hit)) continue;
    gather_plain(values, weights, i, i + 4, shift, base, keys, outValues, outWeights, cursors);
  }
  return i;
}

#define TARGET512 __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))

// gather_plain eight values at a time: each bucket's values (and weights)
// compress-stored at its cursor, in order. A value goes to the first bucket
// whose key it has, as in gather_plain.
static TARGET512 long gather_avx512(const double *values, const long *weights, long n,
                                    unsigned shift, unsigned long long base,
                                    const unsigned long long keys[3], double *outValues,
                                    long *outWeights, long cursors[3]) {
  __m512i b = _mm512_set1_epi64((long long)base);
  __m512i k[3] = {_mm512_set1_epi64((long long)keys[0]), _mm512_set1_epi64((long long)keys[1]),
                  _mm512_set1_epi64((long long)keys[2])};
  __m128i s = _mm_cvtsi32_si128((int)shift);
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512i bits = _mm512_loadu_si512((const void *)(values + i));
    __m512i key = _mm512_sub_epi64(_mm512_srl_epi64(bits, s), b);
    __mmask8 taken = 0;
    for (int j = 0; j < 3; j++) {
      __mmask8 m = (__mmask8)(_mm512_cmpeq_epi64_mask(key, k[j]) & ~taken);
      if (m == 0) continue;
      taken |= m;
      cpk_compress_store_pd(outValues + cursors[j], m, _mm512_castsi512_pd(bits));
      if (weights)
        cpk_compress_store_epi64(outWeights + cursors[j], m,
                                         _mm512_loadu_si512((const void *)(weights + i)));
      cursors[j] += __builtin_popcount(m);
    }
  }
  return i;
}
#endif

void cpk_gather_buckets(const double *values, const long *weights, long n, unsigned shift,
                        unsigned long long base, const unsigned long long keys[3],
                        double *outValues, long *outWeights, long cursors[3]) {
  long from = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
  if (cpk_level() >= 3)
    from = gather_avx512(values, weights, n, shift, base, keys, outValues, outWeights, cursors);
  else if (cpk_available())
    from = gather_avx2(values, weights, n, shift, base, keys, outValues, outWeights, cursors);
#endif
  gather_plain(values, weights, from, n, shift, base, keys, outValues, outWeights, cursors);
}

int cpk_bucket_histogram(const double *values, const long *weights, long n, unsigned shift,
                         unsigned long long base, long buckets, long *outWeights,
                         long *outEntries) {
  cpk_histogram h = histogram_start(shift, base, buckets, outWeights, outEntries);
  for (long i = 0; i < n; i++) {
    histogram_add(&h, values[i], weights ? weights[i] : 1);
    if (h.outside) return 0;
  }
  histogram_finish(&h);
  return 1;
}

static double select_plain(double *values, long *weights, long n, long rank, unsigned shift) {
  if (n < 1) return NAN;
  long hist[1024];
  // Five levels of ten bits reach bit 0 from bit 42; more means the values
  // did not share their high bits (NAN: the caller selects otherwise).
  for (int level = 0; level < 8; level++) {
    // Every value left the same one (ties are common): it is the answer.
    unsigned long long first = key_of(values, 0, 0), differ = 0;
    for (long i = 0; i < n; i++) differ |= key_of(values + i, 0, 0) ^ first;
    if (differ == 0) return values[0];
    // Skip the levels where every value has the same bits.
    while (shift > 0 && (differ >> shift) == 0) shift = shift >= 10 ? shift - 10 : 0;
    memset(hist, 0, sizeof hist);
    for (long i = 0; i < n; i++) {
      hist[(key_of(values + i, 0, 0) >> shift) & 1023] += weights ? weights[i] : 1;
    }
    long bin = 0;
    while (hist[bin] < rank) {
      rank -= hist[bin];
      bin += 1;
    }
    // The bin's values to the front, by swaps (the multiset is kept), with
    // no branch on the data.
    long kept = 0;
    for (long i = 0; i < n; i++) {
      unsigned long long bits = key_of(values + i, 0, 0);
      double v = values[kept];
      values[kept] = values[i];
      values[i] = v;
      if (weights) {
        long w = weights[kept];
        weights[kept] = weights[i];
        weights[i] = w;
      }
      kept += (long)(((bits >> shift) & 1023) == (unsigned long long)bin);
    }
    n = kept;
    // Past the last bits the values left are equal (caught above).
    shift = shift >= 10 ? shift - 10 : 0;
  }
  return NAN;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
// One level of select_avx512, in its steps. The bit its bins start at:
// `shift`, lowered past the levels where every value has the same bits; -1
// when the values are all equal (any of them is the answer).
static TARGET512 int level_shift_avx512(const double *values, long n, unsigned shift) {
  unsigned long long first = key_of(values, 0, 0), differ = 0;
  __m512i f = _mm512_set1_epi64((long long)first), any = _mm512_setzero_si512();
  long i = 0;
  for (; i + 8 <= n; i += 8)
    any = _mm512_or_si512(any, _mm512_xor_si512(_mm512_loadu_si512((const void *)(values + i)), f));
  differ = (unsigned long long)_mm512_reduce_or_epi64(any);
  for (; i < n; i++) differ |= key_of(values + i, 0, 0) ^ first;
  if (differ == 0) return -1;
  while (shift > 0 && (differ >> shift) == 0) shift = shift >= 10 ? shift - 10 : 0;
  return (int)shift;
}

// The weight of each bin of ten bits from bit `shift`, counted in four
// interleaved tables, so that values falling in one bin (the usual case:
// they are near-ties) do not each wait for the last one's count.
static TARGET512 void bins_avx512(const double *values, const long *weights, long n,
                                  unsigned shift, long hist[4][1024]) {
  memset(hist, 0, 4 * 1024 * sizeof(long));
  long i = 0;
  for (; i + 4 <= n; i += 4) {
    for (int j = 0; j < 4; j++)
      hist[j][(key_of(values + i + j, 0, 0) >> shift) & 1023] += weights ? weights[i + j] : 1;
  }
  for (; i < n; i++) hist[0][(key_of(values + i, 0, 0) >> shift) & 1023] += weights ? weights[i] : 1;
}

// The bin that holds 1-based `*rank`, which becomes the rank inside it.
static inline long bin_of_rank(long hist[4][1024], long *rank) {
  long bin = 0;
  for (;;) {
    long h = hist[0][bin] + hist[1][bin] + hist[2][bin] + hist[3][bin];
    if (h >= *rank) return bin;
    *rank -= h;
    bin += 1;
  }
}

// The values (and weights) of bin `bin` compress-stored into `keptValues`
// (and `keptWeights`), in order; how many. The input may be the scratch
// itself (a chunk is read before anything is written at or past its start).
static TARGET512 long keep_bin_avx512(const double *values, const long *weights, long n,
                                      unsigned shift, long bin, double *keptValues,
                                      long *keptWeights) {
  __m128i s = _mm_cvtsi32_si128((int)shift);
  __m512i mask = _mm512_set1_epi64(1023), target = _mm512_set1_epi64(bin);
  long kept = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512i bits = _mm512_loadu_si512((const void *)(values + i));
    __mmask8 m = _mm512_cmpeq_epi64_mask(_mm512_and_si512(_mm512_srl_epi64(bits, s), mask), target);
    __m512i w = weights ? _mm512_loadu_si512((const void *)(weights + i)) : _mm512_setzero_si512();
    cpk_compress_store_pd(keptValues + kept, m, _mm512_castsi512_pd(bits));
    if (weights) cpk_compress_store_epi64(keptWeights + kept, m, w);
    kept += __builtin_popcount(m);
  }
  for (; i < n; i++) {
    if (((key_of(values + i, 0, 0) >> shift) & 1023) != (unsigned long long)bin) continue;
    double v = values[i];
    long w = weights ? weights[i] : 0;
    keptValues[kept] = v;
    if (weights) keptWeights[kept] = w;
    kept++;
  }
  return kept;
}

// select_plain eight values at a time, the same levels and the same answer
// (the value at the rank, which any exact selection gives). The values of
// the chosen bin are compress-stored into scratch (`keptValues`,
// `keptWeights`, n each) instead of swapped to the front: the input is left
// as it is, and from the second level on the scratch is compacted in place.
static TARGET512 double select_avx512(const double *values, const long *weights, long n,
                                      long rank, unsigned shift, double *keptValues,
                                      long *keptWeights) {
  long hist[4][1024];
  for (int level = 0; level < 8; level++) {
    int at = level_shift_avx512(values, n, shift);
    if (at < 0) return values[0];
    shift = (unsigned)at;
    bins_avx512(values, weights, n, shift, hist);
    long bin = bin_of_rank(hist, &rank);
    n = keep_bin_avx512(values, weights, n, shift, bin, keptValues, keptWeights);
    values = keptValues;
    weights = weights ? keptWeights : 0;
    shift = shift >= 10 ? shift - 10 : 0;
  }
  return NAN;
}

// select_avx512 for `count` ascending ranks of the same values: the first
// level's bins counted once for them all (ranks of one bucket are common:
// the 5th and 10th percentiles of a near-flat backdrop), then each rank's
// bin kept and selected in on its own.
static TARGET512 void select_ranks_avx512(const double *values, const long *weights, long n,
                                          const long *ranks, int count, unsigned shift,
                                          double *keptValues, long *keptWeights, double *out) {
  int at = level_shift_avx512(values, n, shift);
  if (at < 0) {
    for (int j = 0; j < count; j++) out[j] = values[0];
    return;
  }
  shift = (unsigned)at;
  long hist[4][1024];
  bins_avx512(values, weights, n, shift, hist);
  unsigned next = shift >= 10 ? shift - 10 : 0;
  for (int j = 0; j < count; j++) {
    long rank = ranks[j];
    long bin = bin_of_rank(hist, &rank);
    long kept = keep_bin_avx512(values, weights, n, shift, bin, keptValues, keptWeights);
    out[j] = select_avx512(keptValues, weights ? keptWeights : 0, kept, rank, next, keptValues,
                           keptWeights);
  }
}
#endif

void cpk_select_ranks_in_bucket(double *values, long *weights, long n, const long *ranks,
                                int count, unsigned shift, double *out) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CPK_PORTABLE_ONLY)
  if (n >= 1 && cpk_level() >= 3) {
    double *keptValues = malloc((size_t)n * sizeof(double));
    long *keptWeights = weights ? malloc((size_t)n * sizeof(long)) : 0;
    if (keptValues && (keptWeights || !weights)) {
      select_ranks_avx512(values, weights, n, ranks, count, shift, keptValues, keptWeights, out);
      free(keptValues);
      free(keptWeights);
      return;
    }
    free(keptValues);
    free(keptWeights);
  }
#endif
  // select_plain keeps the multiset, so each rank selects in it again.
  for (int j = 0; j < count; j++) out[j] = select_plain(values, weights, n, ranks[j], shift);
}
