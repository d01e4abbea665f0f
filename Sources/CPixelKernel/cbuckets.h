// The bucket histogram of BucketSelect (ContrastCore/Judging/BucketSelect.swift),
// shared by cpk_bucket_histogram and the kernel's statistics loop: the bucket
// of a value is `(bits >> shift) - base`; a run of values in the same bucket
// is counted in registers and added once.
#ifndef CPIXELKERNEL_BUCKETS_H
#define CPIXELKERNEL_BUCKETS_H

#include <string.h>

typedef struct {
  unsigned shift;
  unsigned long long base, limit;
  long *weights, *entries;
  unsigned long long run;
  long runWeight, runEntries;
  /// 1 once a value has no bucket.
  int outside;
} cpk_histogram;

/// The bucket of the value at `v`: `(bits >> shift) - base` (with shift and
/// base 0, the value's bit pattern).
static inline unsigned long long key_of(const double *v, unsigned shift, unsigned long long base) {
  unsigned long long bits;
  memcpy(&bits, v, sizeof bits);
  return (bits >> shift) - base;
}

static inline cpk_histogram histogram_start(unsigned shift, unsigned long long base,
                                            long buckets, long *weights, long *entries) {
  cpk_histogram h = {shift, base, (unsigned long long)buckets, weights, entries, 0, 0, 0, 0};
  return h;
}

static inline void histogram_add(cpk_histogram *h, double v, long weight) {
  unsigned long long key = key_of(&v, h->shift, h->base);
  if (key != h->run || h->runEntries == 0) {
    if (h->runEntries > 0) {
      h->weights[h->run] += h->runWeight;
      h->entries[h->run] += h->runEntries;
    }
    h->runEntries = 0;
    if (key >= h->limit) {
      h->outside = 1;
      return;
    }
    h->run = key;
    h->runWeight = 0;
  }
  h->runWeight += weight;
  h->runEntries += 1;
}

static inline void histogram_finish(cpk_histogram *h) {
  if (h->runEntries > 0) {
    h->weights[h->run] += h->runWeight;
    h->entries[h->run] += h->runEntries;
  }
  h->runEntries = 0;
}

#endif
