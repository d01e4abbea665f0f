// The contrast model's vector loop alone (cpk_ratios, and cpk_ratios_summary
// with its statistics and histogram), on 20,000 entries of a random walk
// through colours (a smooth backdrop's pixels), behind a glass material with
// a fill and a border, for an opaque or a translucent text colour: the
// time per entry, and a checksum of the ratios (the same for every version
// of the loop that keeps the bits). See kernel-bench.sh.
#include "cpixelkernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int opaque = argc > 1 ? atoi(argv[1]) : 1;
  int summary = argc > 2 ? atoi(argv[2]) : 0;
  const long n = 20000;
  const int reps = 4000;
  // FastLuminance's table: WCAG's linearisation at 8,192 steps.
  double *table = malloc(8193 * sizeof(double));
  for (int i = 0; i <= 8192; i++) {
    double c = i / 8192.0;
    table[i] = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
  }
  double *r = malloc(n * sizeof(double)), *g = malloc(n * sizeof(double));
  double *b = malloc(n * sizeof(double)), *out = malloc(n * sizeof(double));
  uint8_t *codes = malloc(n + 16);
  long *counts = malloc(n * sizeof(long));
  srand(1);
  double x = 0.3, y = 0.5, z = 0.7;
  for (long i = 0; i < n; i++) {
    x += (rand() % 1000 - 500) * 1e-5;
    y += (rand() % 1000 - 500) * 1e-5;
    z += (rand() % 1000 - 500) * 1e-5;
    r[i] = fabs(fmod(x, 1));
    g[i] = fabs(fmod(y, 1));
    b[i] = fabs(fmod(z, 1));
    codes[i] = i % 97 == 0 ? 2 : 1;
    counts[i] = 1 + (i % 3 == 0);
  }
  cpk_params p;
  memset(&p, 0, sizeof p);
  p.surface = 1;
  p.saturation = 1.2;
  p.white = 0.9;
  p.black = 0.1;
  p.lumaCap = 0.3;
  p.stopCount = 2;
  p.stops[1] = 1;
  p.hasFill = 1;
  p.fill[0] = p.fill[1] = p.fill[2] = 1;
  p.fill[3] = 0.2;
  p.border[0] = p.border[1] = p.border[2] = 1;
  p.border[3] = 0.3;
  p.color[3] = opaque ? 1 : 0.8;
  p.opaque = opaque;
  p.table = table;
  p.steps = 8192;
  const long buckets = 5 * 1024;
  long *h = calloc(2 * buckets, sizeof(long));
  cpk_summary s;
  double t0 = now();
  for (int k = 0; k < reps; k++) {
    if (summary) {
      memset(h, 0, 2 * buckets * sizeof(long));
      cpk_ratios_summary(&p, r, g, b, codes, counts, n, 4.5, 42, 0x3ff0000000000000ULL >> 42,
                         buckets, out, &s, h, h + buckets, 0);
    } else {
      cpk_ratios(&p, r, g, b, codes, n, out, 0);
    }
  }
  double t1 = now();
  double check = 0;
  for (long i = 0; i < n; i++) check += out[i] * (double)(i + 1);
  printf("%s text, %s: %.3f ns an entry (checksum %.17g)\n", opaque ? "opaque" : "translucent",
         summary ? "ratios and statistics" : "ratios", (t1 - t0) / ((double)n * reps) * 1e9,
         check);
  return 0;
}
