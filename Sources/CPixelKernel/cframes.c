// The passes of ContrastCore's FrameStatistics (Judging/FrameStatistics.swift)
// over every entry of an item's union of frames: plain C, so they run at
// every vector level. A run of entries in one bucket (ratios crowd) is
// counted in a register and stored once, not read and written back per
// entry. FrameStatisticsTests holds the statistics they give to each
// frame's own (the reference).
#include "cpixelkernel.h"

#include <string.h>

static inline void store_sum(unsigned long long *out, unsigned __int128 sum) {
  out[0] = (unsigned long long)(sum >> 64);
  out[1] = (unsigned long long)sum;
}

int cpk_frame_buckets(const double *ratios, const long *counts, long n, unsigned shift,
                      unsigned long long base, long buckets, long stride, int32_t *bucketOf,
                      long *sizes, unsigned long long *checkpoints) {
  unsigned __int128 sum = 0;
  long run = -1, runEntries = 0;
  for (long start = 0; start < n; start += stride) {
    store_sum(checkpoints + 2 * (start / stride), sum);
    long end = start + stride < n ? start + stride : n;
    for (long k = start; k < end; k++) {
      double v = ratios[k];
      unsigned long long bits;
      memcpy(&bits, &v, sizeof bits);
      unsigned long long key = (bits >> shift) - base;
      if (key >= (unsigned long long)buckets) return 0;
      bucketOf[k] = (int32_t)key;
      if ((long)key != run) {
        if (run >= 0) sizes[run + 1] += runEntries;
        run = (long)key;
        runEntries = 0;
      }
      runEntries += 1;
      sum += (unsigned __int128)(unsigned long long)(v * 0x1p52) *
             (unsigned long long)counts[k];
    }
  }
  if (run >= 0) sizes[run + 1] += runEntries;
  if (n % stride == 0) store_sum(checkpoints + 2 * (n / stride), sum);
  return 1;
}

void cpk_frame_members(const int32_t *bucketOf, long n, long *cursor, int32_t *members) {
  long last = -1, position = 0;
  for (long k = 0; k < n; k++) {
    long b = bucketOf[k];
    if (b != last) {
      if (last >= 0) cursor[last] = position;
      position = cursor[b];
      last = b;
    }
    members[position++] = (int32_t)k;
  }
  if (last >= 0) cursor[last] = position;
}

void cpk_frame_add(const int32_t *bucketOf, const long *counts, const double *ratios, long from,
                   long to, long sign, long *weights, const long *fineBase,
                   const unsigned long long *fineShift, const long *fineParts,
                   long *fineWeights) {
  long run = -1, runWeight = 0;
  for (long k = from; k < to; k++) {
    long b = bucketOf[k];
    long w = sign * counts[k];
    if (fineBase && fineBase[b] >= 0) {
      unsigned long long bits;
      memcpy(&bits, &ratios[k], sizeof bits);
      fineWeights[fineBase[b] + (long)((bits >> fineShift[b]) & (unsigned long long)(fineParts[b] - 1))] += w;
    }
    if (b != run) {
      if (run >= 0) weights[run] += runWeight;
      run = b;
      runWeight = 0;
    }
    runWeight += w;
  }
  if (run >= 0) weights[run] += runWeight;
}
