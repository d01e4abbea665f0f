// The exact blur's column pass (cpk_symmetric_pair, the kernel
// GaussianBlur.separableBand calls) over whole rows, pair of output rows
// after pair, against the same calls on strips of columns within blocks of
// rows (what separableBand does since issue 32's seventh stop). A pair over
// whole rows reads 2 radius + 2 rows of 3 x 1290 floats each, more than a
// core's L2 holds at radius 40; a strip of a block keeps its rows there
// while the block's pairs read them. The outputs are compared bit for bit.
// Radius 22 and 44 are the narrow Gaussian's at 5.4 and 11 px (SPEC 3.1,
// ios27's 1.8 to 3.9 pt at scale 3). See Benchmarks/README.md, "The blur's
// column pass in strips".
//
//   clang -O2 -I Sources/CPixelKernel/include -o /tmp/column-strips \
//     Benchmarks/kernel/column-strips.c Sources/CPixelKernel/csymmetric.c \
//     Sources/CPixelKernel/cpixelkernel.c && /tmp/column-strips
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpixelkernel.h"

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// Output rows 0 ..< height of the column pass, `block` rows at a time, each
// block's columns `strip` floats at a time (block 2 and a strip of the whole
// row: the pass before).
static void pass(const float *image, long width, long height, const float *w, long radius,
                 long block, long strip, float *out) {
  const float *rows[256];
  for (long o = 0; o < height; o += block) {
    long n = height - o < block ? height - o : block;
    for (long s = 0; s < width; s += strip) {
      long count = width - s < strip ? width - s : strip;
      for (long r = 0; r + 1 < n; r += 2) {
        for (long t = 0; t < 2 * radius + 2; t++) rows[t] = image + (o + r + t) * width + s;
        cpk_symmetric_pair(rows, w, radius, count, out + (o + r) * width + s,
                           out + (o + r + 1) * width + s);
      }
    }
  }
}

int main(void) {
  if (!cpk_available()) {
    printf("no vector loops on this CPU\n");
    return 0;
  }
  const long width = 3 * 1290, height = 400;
  long radii[] = {22, 44};
  for (int k = 0; k < 2; k++) {
    long radius = radii[k];
    long rowsIn = height + 2 * radius + 2;
    float *image = malloc(sizeof(float) * width * rowsIn);
    srand(1);
    for (long i = 0; i < width * rowsIn; i++) image[i] = (float)(rand() % 1000) / 1000;
    float w[128];
    for (long i = 0; i <= radius; i++) w[i] = 1.0f / (float)(1 + i);
    float *a = malloc(sizeof(float) * width * height), *b = malloc(sizeof(float) * width * height);
    for (int round = 0; round < 2; round++) {
      double t0 = seconds();
      for (int rep = 0; rep < 5; rep++) pass(image, width, height, w, radius, 2, width, a);
      double t1 = seconds();
      for (int rep = 0; rep < 5; rep++) pass(image, width, height, w, radius, 32, 768, b);
      double t2 = seconds();
      printf("radius %2ld: whole rows %.3f s, blocks of 32 rows in strips of 768 floats %.3f s, %s\n",
             radius, t1 - t0, t2 - t1,
             memcmp(a, b, sizeof(float) * width * height) == 0 ? "the same bits" : "DIFFERENT");
    }
    free(image);
    free(a);
    free(b);
  }
  return 0;
}
