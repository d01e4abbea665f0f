// SceneEvaluator.collect's loop (ContrastCore/Sampling/SceneEvaluator.swift and
// ItemSamples.Builder): the same values in the same order, with the same
// IEEE operations for the blurred backdrop (no fused multiply-add).
#pragma STDC FP_CONTRACT OFF

#include "cpixelkernel.h"

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

void cpk_collect(cpk_builder *out, const float *image, long width, const uint8_t *maskCodes,
                 long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                 long bx, long by, int hasMean, const double mean[3], double mix, long rx, long ry, long rw,
                 long rh) {
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
