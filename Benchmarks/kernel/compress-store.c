// The two ways to store the lanes of a vector that a mask selects, in
// order (what collect_avx512, gather_avx512 and select_avx512 do per eight
// entries): the memory form of vpcompress (`_mm512_mask_compressstoreu_pd`)
// against a compress in a register and a masked store of the first lanes
// (`cpk_compress_store_pd`, Sources/CPixelKernel/ccompress.h). 2^20 doubles
// under random masks, 50 times, each way twice; the checksum (entries
// stored) is the same for both. Needs AVX-512. See Benchmarks/README.md,
// "Compress-store on Zen 4".
//
//   clang -O2 -I Sources/CPixelKernel -o /tmp/compress-store \
//     Benchmarks/kernel/compress-store.c && /tmp/compress-store
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ccompress.h"

__attribute__((target("avx512f"))) static long run(double *out, const double *in,
                                                  const unsigned char *masks, long n,
                                                  int registerForm) {
  long k = 0;
  for (long i = 0; i < n; i += 8) {
    __m512d v = _mm512_loadu_pd(in + i);
    __mmask8 m = masks[i / 8];
    if (registerForm)
      cpk_compress_store_pd(out + k, m, v);
    else
      _mm512_mask_compressstoreu_pd(out + k, m, v);
    k += __builtin_popcount(m);
  }
  return k;
}

int main(void) {
  long n = 1 << 20;
  double *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  unsigned char *masks = malloc(n / 8);
  srand(1);
  for (long i = 0; i < n; i++) in[i] = (double)i;
  for (long i = 0; i < n / 8; i++) masks[i] = (unsigned char)rand();
  for (int form = 0; form < 2; form++) {
    for (int repeat = 0; repeat < 2; repeat++) {
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      long stored = 0;
      for (int r = 0; r < 50; r++) stored += run(out, in, masks, n, form);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
      printf("%-28s %.3f s (%ld stored)\n",
             form ? "compress in a register" : "vpcompress to memory", s, stored);
    }
  }
  return 0;
}
