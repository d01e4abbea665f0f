#ifndef CPIXELKERNEL_H
#define CPIXELKERNEL_H

#include <stdint.h>

/// One (rendering, colour) pair of ContrastCore's PixelKernel, flattened.
typedef struct {
  /// 0 wallpaper, 1 glass, 2 standard material, 3 app fill.
  int surface;
  double saturation, white, black, lumaCap, brightness;
  int hasFill;
  double fill[4];
  int hasTint;
  double tint[4];
  double border[4];
  double color[4];
  int opaque;
  double opaqueLuminance;
  int hasConstant;
  double constantInside, constantBorder;
  /// FastLuminance's table: steps + 1 values.
  const double *table;
  int steps;
} cpk_params;

/// Whether the vector loops can run on this CPU (x86-64 with AVX2).
int cpk_available(void);

/// The contrast ratio of every entry (colour r, g, b; mask code) into `out`,
/// with exactly the operations of PixelKernel's Swift loops, four entries at
/// a time. Returns 0, writing nothing, when cpk_available() is 0.
int cpk_ratios(const cpk_params *p, const double *r, const double *g, const double *b,
               const uint8_t *codes, long n, double *out);

/// The relative luminance of every entry's background into `out` (as above).
int cpk_background_luminances(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out);

/// Placement's resampling, a row of the canvas at a time: `scratch[t] +=
/// weight * (double)source[t]` for t < count (Placement+Resample.swift's row
/// pass), in that order per t.
void cpk_accumulate_row(double *scratch, const float *source, long count, double weight);

/// The column pass: for each of `width` output pixels x, per channel c,
/// `sum over taps i of weights[i] * scratch[p + c]` from 0 in tap order
/// (`p` = 3 * (firsts[x] - lowest) + 3 * (i - starts[x])), divided by
/// `divisor` and rounded to float into target[3x + c]. `scratch` must be
/// readable one value past its last pixel's blue.
void cpk_resample_columns(const double *scratch, const long *firsts, const long *starts,
                          const double *weights, long lowest, long width, double divisor,
                          float *target);

/// The two loops above without AVX2 (what runs on other CPUs), for tests.
void cpk_accumulate_row_portable(double *scratch, const float *source, long count,
                                 double weight);
void cpk_resample_columns_portable(const double *scratch, const long *firsts,
                                   const long *starts, const double *weights, long lowest,
                                   long width, double divisor, float *target);

#endif
