// The remedy search's starting set under `min` (ContrastCore's
// RemedySearch.init): the entries of least ratio. Plain C, so it runs at
// every vector level; RemedySearch.leastEntriesReference (a selection,
// then a filter in Swift) is its reference, ModelTwinTests holds the two
// equal.
#include "cpixelkernel.h"
#include "cselect.h"

#include <stdlib.h>
#include <string.h>

// The entries at or below `pivot` (at most `room` of them, in index order)
// gathered in one pass, and the k-th least selected among their values;
// then those at most it, the first `limit`, into `out`. Returns how many,
// -1 without memory, or -2 when more than `room` or fewer than k lie at or
// below the pivot (the k least are then not known to be among them).
static long gather_least(const double *ratios, long n, double pivot, long room, long k,
                         long limit, long *out, double *cut) {
  double *values = malloc(2 * (size_t)room * sizeof(double));
  long *indices = malloc((size_t)room * sizeof(long));
  long count = -1;
  if (values && indices) {
    long m = 0;
    int overflow = 0;
    for (long i = 0; i < n; i++) {
      if (ratios[i] <= pivot) {
        if (m == room) {
          overflow = 1;
          break;
        }
        values[m] = ratios[i];
        indices[m++] = i;
      }
    }
    if (overflow || m < k) {
      count = -2;
    } else {
      double *selected = values + m;
      memcpy(selected, values, (size_t)m * sizeof(double));
      double c = select_kth(selected, m, k - 1);
      count = 0;
      for (long j = 0; j < m && count < limit; j++) {
        if (values[j] <= c) out[count++] = indices[j];
      }
      *cut = c;
    }
  }
  free(values);
  free(indices);
  return count;
}

// The entries at most the k-th least of ratios[0 ..< n] (1 <= k <= n), in
// index order, the first `limit` into `out`; how many, or -1 without
// memory. On long lists a pivot from an evenly spaced sample, chosen so
// that some k or more values lie at or below it: the entries at or below
// it are a few times k, and the k least are all among them. Otherwise (a
// short list, or a sample that misjudged) every entry is gathered.
long cpk_least_entries(const double *ratios, long n, long k, long limit, long *out,
                       double *cut) {
  enum { SAMPLES = 1024 };
  if (n <= 0 || k <= 0 || k > n) return -1;
  if (n >= 8 * SAMPLES) {
    double sample[SAMPLES];
    for (long j = 0; j < SAMPLES; j++) sample[j] = ratios[j * (n / SAMPLES)];
    long r = 3 * k * SAMPLES / n + 2;
    if (r < SAMPLES) {
      double pivot = select_kth(sample, SAMPLES, r);
      long room = 8 * (r + 1) * (n / SAMPLES) + k;
      long count = gather_least(ratios, n, pivot, room < n ? room : n, k, limit, out, cut);
      if (count != -2) return count;
    }
  }
  // Every entry is at or below the greatest: none is left out.
  double greatest = ratios[0];
  for (long i = 1; i < n; i++) {
    if (ratios[i] > greatest) greatest = ratios[i];
  }
  return gather_least(ratios, n, greatest, n, k, limit, out, cut);
}

// The indices of the entries of ratios[0 ..< n] at most `cut`, in index
// order, the first `limit` into `out`; how many. Eight entries at a time:
// a block none of whose entries is at most the cut (most of them, the cut
// being a low rank's value) is passed over in one test.
long cpk_entries_at_most(const double *ratios, long n, double cut, long limit, long *out) {
  long m = 0;
  long i = 0;
  for (; i + 8 <= n && m < limit; i += 8) {
    int any = 0;
    for (int l = 0; l < 8; l++) any |= ratios[i + l] <= cut;
    if (!any) continue;
    for (int l = 0; l < 8 && m < limit; l++) {
      if (ratios[i + l] <= cut) out[m++] = i + l;
    }
  }
  for (; i < n && m < limit; i++) {
    if (ratios[i] <= cut) out[m++] = i;
  }
  return m;
}

// The least of ratios[0 ..< n] (+inf when n is 0; a NaN is passed over) into
// *lowest, and whether none is below `threshold`: what the remedy search's
// scan at a candidate needs when it passes (most do), without its heap.
// Eight running minimums, so that the compiler keeps them in one vector.
int cpk_lowest_none_below(const double *ratios, long n, double threshold, double *lowest) {
  double m[8];
  for (int l = 0; l < 8; l++) m[l] = __builtin_inf();
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    for (int l = 0; l < 8; l++) m[l] = ratios[i + l] < m[l] ? ratios[i + l] : m[l];
  }
  for (; i < n; i++) m[0] = ratios[i] < m[0] ? ratios[i] : m[0];
  double low = m[0];
  for (int l = 1; l < 8; l++) low = m[l] < low ? m[l] : low;
  *lowest = low;
  return !(low < threshold);
}
