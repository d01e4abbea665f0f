// The contrast model's vector loop alone (cpk_ratios, and cpk_ratios_summary
// with its statistics and histogram), on 20,000 entries of a random walk
// through colours (a smooth backdrop's pixels), behind a glass material with
// a fill and a border, for an opaque or a translucent text colour: the
// time per entry, and a checksum of the ratios (the same for every version
// of the loop that keeps the bits). See kernel-bench.sh.
#include "bench-inputs.h"

#include <stdio.h>

// Declared here too, weak: a checkout from before the choice of table reads
// (kernel-bench.sh's argument) has neither, and this file still builds
// against it.
extern int cpk_table_gathers(void) __attribute__((weak));
extern int cpk_choose_table_gathers(int choice) __attribute__((weak));

int main(int argc, char **argv) {
  int opaque = argc > 1 ? atoi(argv[1]) : 1;
  int summary = argc > 2 ? atoi(argv[2]) : 0;
  // The AVX-512 loop's reads of the table: "loads", "gathers", else the CPU's.
  if (cpk_choose_table_gathers && argc > 3 && strcmp(argv[3], "loads") == 0)
    cpk_choose_table_gathers(0);
  if (cpk_choose_table_gathers && argc > 3 && strcmp(argv[3], "gathers") == 0)
    cpk_choose_table_gathers(1);
  const long n = BENCH_ENTRIES;
  const int reps = 4000;
  bench_inputs in = bench_make(opaque);
  double *out = malloc(n * sizeof(double));
  const long buckets = 5 * 1024;
  long *h = calloc(2 * buckets, sizeof(long));
  cpk_summary s;
  double t0 = bench_now();
  for (int k = 0; k < reps; k++) {
    if (summary) {
      memset(h, 0, 2 * buckets * sizeof(long));
      cpk_ratios_summary(&in.p, in.r, in.g, in.b, in.codes, in.counts, n, 4.5, 42,
                         0x3ff0000000000000ULL >> 42, buckets, out, &s, h, h + buckets, 0);
    } else {
      cpk_ratios(&in.p, in.r, in.g, in.b, in.codes, n, out, 0);
    }
  }
  double t1 = bench_now();
  double check = 0;
  for (long i = 0; i < n; i++) check += out[i] * (double)(i + 1);
  printf("%s text, %s%s: %.3f ns an entry (checksum %.17g)\n",
         opaque ? "opaque" : "translucent", summary ? "ratios and statistics" : "ratios",
         cpk_level() < 3 || !cpk_table_gathers ? ""
         : cpk_table_gathers()                  ? ", table by gathers"
                                                : ", table by loads",
         (t1 - t0) / ((double)n * reps) * 1e9, check);
  return 0;
}
