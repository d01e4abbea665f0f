// Selection shared by the C passes (cpixelkernel.c's luminance scan,
// cleast.c's starting set of the remedy search).
#ifndef CPIXELKERNEL_SELECT_H
#define CPIXELKERNEL_SELECT_H

// The value at 0-based rank k of a[0 ..< n] in ascending order (reordering
// a): Hoare's selection. Any exact selection gives this value.
static inline double select_kth(double *a, long n, long k) {
  long lo = 0, hi = n - 1;
  while (lo < hi) {
    double pivot = a[lo + (hi - lo) / 2];
    long i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        double x = a[i];
        a[i] = a[j];
        a[j] = x;
        i++;
        j--;
      }
    }
    if (k <= j)
      hi = j;
    else if (k >= i)
      lo = i;
    else
      return a[k];
  }
  return a[k];
}

#endif
