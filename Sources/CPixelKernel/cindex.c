// The remedy search's index of background luminances (ContrastCore's
// LuminanceIndex): per slice of [0, 1], the least and greatest luminance.
// Plain C, so it runs at every vector level; LuminanceIndex's own loop in
// Swift is its reference, ModelTwinTests holds the two equal.
#include "cpixelkernel.h"

#include <math.h>

// The slice of a finite luminance, without branches: floor(x * slices)
// held to 0 ... slices - 1 (x * slices clamped first, then truncated).
static inline long slice_of(double x, double scale, double top) {
  double s = x * scale;
  s = s > 0 ? s : 0;
  s = s < top ? s : top;
  return (long)s;
}

static inline void widen(double *least, double *greatest, long b, double x) {
  double lo = least[b], hi = greatest[b];
  least[b] = x < lo ? x : lo;
  greatest[b] = x > hi ? x : hi;
}

int cpk_luminance_slices(const double *luminances, long n, long slices, double *least,
                         double *greatest) {
  enum { most = 1024 };
  const double scale = (double)slices, top = scale - 1;
  // Two sets of slices, the even luminances into one and the odd into the
  // other, joined at the end: a slice widened by one luminance and at once
  // by the next waits on its own store only every other step. Neighbours
  // share a slice unpredictably, so no branch asks whether they do.
  double least2[most], greatest2[most];
  int paired = slices <= most;
  if (paired) {
    for (long i = 0; i < slices; i++) {
      least2[i] = INFINITY;
      greatest2[i] = -INFINITY;
    }
  }
  long k = 0;
  if (paired) {
    for (; k + 2 <= n; k += 2) {
      double x = luminances[k], y = luminances[k + 1];
      // (Not finite: NaN fails both tests; infinities the difference.)
      if (!(x - x == 0) || !(y - y == 0)) return 0;
      widen(least, greatest, slice_of(x, scale, top), x);
      widen(least2, greatest2, slice_of(y, scale, top), y);
    }
  }
  for (; k < n; k++) {
    double x = luminances[k];
    if (!(x - x == 0)) return 0;
    widen(least, greatest, slice_of(x, scale, top), x);
  }
  if (paired) {
    for (long i = 0; i < slices; i++) {
      if (least2[i] < least[i]) least[i] = least2[i];
      if (greatest2[i] > greatest[i]) greatest[i] = greatest2[i];
    }
  }
  return 1;
}
