// The remedy search's index of background luminances (ContrastCore's
// LuminanceIndex): per slice of [0, 1], the least and greatest luminance.
// Plain C, so it runs at every vector level; LuminanceIndex's own loop in
// Swift is its reference, ModelTwinTests holds the two equal.
#include "cpixelkernel.h"

int cpk_luminance_slices(const double *luminances, long n, long slices, double *least,
                         double *greatest) {
  // A run of luminances in one slice (backdrops are smooth) is kept in
  // registers and stored once.
  long run = -1;
  double runLeast = 0, runGreatest = 0;
  const double scale = (double)slices;
  for (long k = 0; k < n; k++) {
    double x = luminances[k];
    // (Not finite: NaN fails both tests; infinities the second.)
    if (!(x - x == 0)) return 0;
    double scaled = x * scale;
    long b = scaled >= 1 ? (scaled < scale ? (long)scaled : slices - 1) : 0;
    if (b == run) {
      runLeast = x < runLeast ? x : runLeast;
      runGreatest = x > runGreatest ? x : runGreatest;
      continue;
    }
    if (run >= 0) {
      if (runLeast < least[run]) least[run] = runLeast;
      if (runGreatest > greatest[run]) greatest[run] = runGreatest;
    }
    run = b;
    runLeast = x;
    runGreatest = x;
  }
  if (run >= 0) {
    if (runLeast < least[run]) least[run] = runLeast;
    if (runGreatest > greatest[run]) greatest[run] = runGreatest;
  }
  return 1;
}
