// The passes of ContrastCore's FrameStatistics (Judging/FrameStatistics.swift)
// over the entries of a chain of nested frames: plain C, so they run at
// every vector level. A run of entries in one bucket (ratios crowd) is
// counted in registers and stored once, not read and written back per
// entry. FrameStatisticsTests holds the statistics they give to each
// frame's own (the reference).
#include "cpixelkernel.h"

#include <string.h>

int cpk_ring_add(const double *ratios, const long *counts, long from, long to, unsigned shift,
                 unsigned long long base, long buckets, long *weights, long *blocks,
                 long *sizes, unsigned long long *sum, double *lowest, double *highest) {
  unsigned __int128 total = ((unsigned __int128)sum[0] << 64) | sum[1];
  double lo = *lowest, hi = *highest;
  long run = -1, runWeight = 0, runEntries = 0;
  for (long k = from; k < to; k++) {
    double v = ratios[k];
    unsigned long long bits;
    memcpy(&bits, &v, sizeof bits);
    unsigned long long key = (bits >> shift) - base;
    if (key >= (unsigned long long)buckets) return 0;
    long c = counts[k];
    if ((long)key != run) {
      if (run >= 0) {
        weights[run] += runWeight;
        blocks[run >> 6] += runWeight;
        sizes[run] += runEntries;
      }
      run = (long)key;
      runWeight = 0;
      runEntries = 0;
    }
    runWeight += c;
    runEntries += 1;
    // (A ratio in [1, 32): v x 2^52 is below 2^57, a signed conversion.)
    total += (unsigned __int128)(unsigned long long)(long long)(v * 0x1p52) *
             (unsigned long long)c;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
  if (run >= 0) {
    weights[run] += runWeight;
    blocks[run >> 6] += runWeight;
    sizes[run] += runEntries;
  }
  sum[0] = (unsigned long long)(total >> 64);
  sum[1] = (unsigned long long)total;
  *lowest = lo;
  *highest = hi;
  return 1;
}

void cpk_ring_gather(const double *ratios, long from, long to, unsigned shift,
                     unsigned long long base, const int32_t *slot, long *cursor,
                     int32_t *members) {
  for (long k = from; k < to; k++) {
    unsigned long long bits;
    memcpy(&bits, &ratios[k], sizeof bits);
    int32_t s = slot[(bits >> shift) - base];
    if (s >= 0) members[cursor[s]++] = (int32_t)k;
  }
}
