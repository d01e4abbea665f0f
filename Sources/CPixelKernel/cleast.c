// The remedy search's starting set under `min` (ContrastCore's
// RemedySearch.init): the entries of least ratio. Plain C, so it runs at
// every vector level; RemedySearch.leastEntriesReference (a selection,
// then a filter in Swift) is its reference, ModelTwinTests holds the two
// equal.
#include "cpixelkernel.h"
#include "cselect.h"

#include <stdlib.h>
#include <string.h>

// The entries at most the k-th least of ratios[0 ..< n] (1 <= k <= n), in
// index order, the first `limit` into `out`; how many, or -1 without
// memory. A pivot from an evenly spaced sample, chosen so that some k or
// more values lie at or below it; the entries at or below it (a few times
// k, in index order) gathered in one pass and the k-th least selected
// among their values: when at least k are, the k least are all among
// them, and so is every entry at most it. Otherwise (a sample that
// misjudged) a selection over a copy of every value, then a filtering pass.
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
      double *values = malloc(2 * (size_t)room * sizeof(double));
      long *indices = malloc((size_t)room * sizeof(long));
      if (!values || !indices) {
        free(values);
        free(indices);
        return -1;
      }
      long m = 0;
      for (long i = 0; i < n; i++) {
        if (ratios[i] <= pivot) {
          if (m == room) break;
          values[m] = ratios[i];
          indices[m++] = i;
        }
      }
      // Every entry at or below the pivot gathered, and at least k of them.
      if (m < room && m >= k) {
        double *selected = values + m;
        memcpy(selected, values, (size_t)m * sizeof(double));
        double c = select_kth(selected, m, k - 1);
        long count = 0;
        for (long j = 0; j < m && count < limit; j++) {
          if (values[j] <= c) out[count++] = indices[j];
        }
        free(values);
        free(indices);
        *cut = c;
        return count;
      }
      free(values);
      free(indices);
    }
  }
  double *all = malloc((size_t)n * sizeof(double));
  if (!all) return -1;
  memcpy(all, ratios, (size_t)n * sizeof(double));
  double c = select_kth(all, n, k - 1);
  free(all);
  long count = 0;
  for (long i = 0; i < n && count < limit; i++) {
    if (ratios[i] <= c) out[count++] = i;
  }
  *cut = c;
  return count;
}
