// The lanes of `v` whose bit is set in `m`, stored in order at `p` (as
// `_mm512_mask_compressstoreu_*` does): compressed in a register, then the
// first popcount(m) lanes stored under a mask. The memory form of vpcompress
// is microcoded on AMD Zen 4, about twelve times slower than this there
// (Benchmarks/README.md, "Compress-store on Zen 4"); on Intel both are
// alike. Nothing is written past the stored lanes.
#ifndef CPK_CCOMPRESS_H
#define CPK_CCOMPRESS_H

#include <immintrin.h>

#define CPK_COMPRESS_TARGET __attribute__((target("avx512f")))

static inline CPK_COMPRESS_TARGET void cpk_compress_store_pd(double *p, __mmask8 m, __m512d v) {
  __mmask8 first = (__mmask8)((1u << __builtin_popcount(m)) - 1);
  _mm512_mask_storeu_pd(p, first, _mm512_maskz_compress_pd(m, v));
}

static inline CPK_COMPRESS_TARGET void cpk_compress_store_epi64(void *p, __mmask8 m, __m512i v) {
  __mmask8 first = (__mmask8)((1u << __builtin_popcount(m)) - 1);
  _mm512_mask_storeu_epi64(p, first, _mm512_maskz_compress_epi64(m, v));
}

#endif
