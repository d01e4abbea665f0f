// The inputs of the kernel benchmarks (ratios-bench.c, ratios-float-bench.c):
// FastLuminance's table, 20,000 entries of a random walk through colours (a
// smooth backdrop's pixels; every 97th in the border band, every third of
// two pixels), and a glass material with a fill and a border behind an
// opaque or a translucent text colour.
#ifndef BENCH_INPUTS_H
#define BENCH_INPUTS_H

#include "cpixelkernel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BENCH_ENTRIES = 20000, BENCH_STEPS = 8192 };

typedef struct {
  double *table, *r, *g, *b;
  uint8_t *codes;
  long *counts;
  cpk_params p;
} bench_inputs;

static inline double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline bench_inputs bench_make(int opaque) {
  const long n = BENCH_ENTRIES;
  bench_inputs in;
  // WCAG's linearisation at 8,192 steps.
  in.table = malloc((BENCH_STEPS + 1) * sizeof(double));
  for (int i = 0; i <= BENCH_STEPS; i++) {
    double c = i / (double)BENCH_STEPS;
    in.table[i] = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
  }
  in.r = malloc(n * sizeof(double));
  in.g = malloc(n * sizeof(double));
  in.b = malloc(n * sizeof(double));
  in.codes = malloc(n + 16);
  in.counts = malloc(n * sizeof(long));
  srand(1);
  double x = 0.3, y = 0.5, z = 0.7;
  for (long i = 0; i < n; i++) {
    x += (rand() % 1000 - 500) * 1e-5;
    y += (rand() % 1000 - 500) * 1e-5;
    z += (rand() % 1000 - 500) * 1e-5;
    in.r[i] = fabs(fmod(x, 1));
    in.g[i] = fabs(fmod(y, 1));
    in.b[i] = fabs(fmod(z, 1));
    in.codes[i] = i % 97 == 0 ? 2 : 1;
    in.counts[i] = 1 + (i % 3 == 0);
  }
  memset(&in.p, 0, sizeof in.p);
  in.p.surface = 1;
  in.p.saturation = 1.2;
  in.p.white = 0.9;
  in.p.black = 0.1;
  in.p.lumaCap = 0.3;
  in.p.stopCount = 2;
  in.p.stops[1] = 1;
  in.p.hasFill = 1;
  in.p.fill[0] = in.p.fill[1] = in.p.fill[2] = 1;
  in.p.fill[3] = 0.2;
  in.p.border[0] = in.p.border[1] = in.p.border[2] = 1;
  in.p.border[3] = 0.3;
  in.p.color[3] = opaque ? 1 : 0.8;
  in.p.opaque = opaque;
  in.p.table = in.table;
  in.p.steps = BENCH_STEPS;
  return in;
}

#endif
