// The remedy search's starting set under `min` (ContrastCore's
// RemedySearch.init): the entries of least ratio. Plain C, so it runs at
// every vector level; RemedySearch.leastEntriesReference (a selection,
// then a filter in Swift) is its reference, ModelTwinTests holds the two
// equal.
#include "cpixelkernel.h"

#include <stdlib.h>

// A max-heap of doubles in a[0 ..< n]: the greatest at a[0].
static void sift_down(double *a, long n, long i) {
  double x = a[i];
  for (;;) {
    long c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && a[c + 1] > a[c]) c++;
    if (!(a[c] > x)) break;
    a[i] = a[c];
    i = c;
  }
  a[i] = x;
}

long cpk_least_entries(const double *ratios, long n, long k, long limit, long *out,
                       double *cut) {
  if (n <= 0 || k <= 0 || k > n) return -1;
  double *heap = malloc((size_t)k * sizeof(double));
  if (!heap) return -1;
  // The k least values seen (duplicates kept): the k-th least is the top.
  for (long i = 0; i < k; i++) heap[i] = ratios[i];
  for (long i = k / 2 - 1; i >= 0; i--) sift_down(heap, k, i);
  for (long i = k; i < n; i++) {
    if (ratios[i] < heap[0]) {
      heap[0] = ratios[i];
      sift_down(heap, k, 0);
    }
  }
  double c = heap[0];
  free(heap);
  long m = 0;
  for (long i = 0; i < n && m < limit; i++) {
    if (ratios[i] <= c) out[m++] = i;
  }
  *cut = c;
  return m;
}
