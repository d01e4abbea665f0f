/* PNG row filters reversed (PNG spec, clause 9) and rows converted to the
   decoder's floats (see include/cfastpng.h). */
#include "cfastpng.h"

#include <stdlib.h>
#include <string.h>

/* The Paeth predictor of PNG spec 9.4 without branches, so that photos
   (whose choices are unpredictable) do not stall on mispredictions. With
   p = a + b - c: pa = |p - a| = |b - c|, pb = |p - b| = |a - c|,
   pc = |p - c| = |(b - c) + (a - c)|; the result is a if pa <= pb and
   pa <= pc, else b if pb <= pc, else c. Relies on >> of a negative int
   being arithmetic, as on every compiler this package supports. */
static inline int paeth_predictor(int a, int b, int c) {
  int pa = b - c;
  int pb = a - c;
  int pc = pa + pb;
  pa = (pa ^ (pa >> 31)) - (pa >> 31);
  pb = (pb ^ (pb >> 31)) - (pb >> 31);
  pc = (pc ^ (pc >> 31)) - (pc >> 31);
  int c_not_b = (pc - pb) >> 31;            /* -1 when pb > pc */
  int b_or_c = b ^ ((b ^ c) & c_not_b);     /* pb <= pc ? b : c */
  int nearest = pb ^ ((pb ^ pc) & c_not_b); /* min(pb, pc) */
  int not_a = (nearest - pa) >> 31;         /* -1 when pa > min(pb, pc) */
  return a ^ ((a ^ b_or_c) & not_a);
}

/* Each function below reverses one filter: `x` is the filtered row (in the
   caller's buffer), `prev` the row above, already reversed, and `row` the
   row reversed here. The three never overlap. */

static void unfilter_none(uint8_t *restrict row, const uint8_t *restrict x, size_t row_bytes) {
  memcpy(row, x, row_bytes);
}

static void unfilter_sub(uint8_t *restrict row, const uint8_t *restrict x, size_t row_bytes,
                         size_t bpp) {
  for (size_t i = 0; i < bpp && i < row_bytes; i++) row[i] = x[i];
  for (size_t i = bpp; i < row_bytes; i++) row[i] = (uint8_t)(x[i] + row[i - bpp]);
}

static void unfilter_up(uint8_t *restrict row, const uint8_t *restrict x,
                        const uint8_t *restrict prev, size_t row_bytes) {
  for (size_t i = 0; i < row_bytes; i++) row[i] = (uint8_t)(x[i] + prev[i]);
}

static void unfilter_average(uint8_t *restrict row, const uint8_t *restrict x,
                             const uint8_t *restrict prev, size_t row_bytes, size_t bpp) {
  for (size_t i = 0; i < bpp && i < row_bytes; i++) row[i] = (uint8_t)(x[i] + (prev[i] >> 1));
  for (size_t i = bpp; i < row_bytes; i++) {
    row[i] = (uint8_t)(x[i] + ((row[i - bpp] + prev[i]) >> 1));
  }
}

/* Any bpp; for the first pixel a = c = 0, which predicts b. */
static void unfilter_paeth(uint8_t *restrict row, const uint8_t *restrict x,
                           const uint8_t *restrict prev, size_t row_bytes, size_t bpp) {
  for (size_t i = 0; i < bpp && i < row_bytes; i++) row[i] = (uint8_t)(x[i] + prev[i]);
  for (size_t i = bpp; i < row_bytes; i++) {
    row[i] = (uint8_t)(x[i] + paeth_predictor(row[i - bpp], prev[i], prev[i - bpp]));
  }
}

/* Three and four channels keep each channel's left (a) and upper-left (c)
   bytes in registers: independent chains the processor runs side by side. */
static void unfilter_paeth3(uint8_t *restrict row, const uint8_t *restrict x,
                            const uint8_t *restrict prev, size_t width) {
  int a0 = 0, a1 = 0, a2 = 0, c0 = 0, c1 = 0, c2 = 0;
  for (size_t i = 0; i < 3 * width; i += 3) {
    int b0 = prev[i], b1 = prev[i + 1], b2 = prev[i + 2];
    a0 = (x[i] + paeth_predictor(a0, b0, c0)) & 0xFF;
    a1 = (x[i + 1] + paeth_predictor(a1, b1, c1)) & 0xFF;
    a2 = (x[i + 2] + paeth_predictor(a2, b2, c2)) & 0xFF;
    row[i] = (uint8_t)a0;
    row[i + 1] = (uint8_t)a1;
    row[i + 2] = (uint8_t)a2;
    c0 = b0;
    c1 = b1;
    c2 = b2;
  }
}

static void unfilter_paeth4(uint8_t *restrict row, const uint8_t *restrict x,
                            const uint8_t *restrict prev, size_t width) {
  int a0 = 0, a1 = 0, a2 = 0, a3 = 0, c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  for (size_t i = 0; i < 4 * width; i += 4) {
    int b0 = prev[i], b1 = prev[i + 1], b2 = prev[i + 2], b3 = prev[i + 3];
    a0 = (x[i] + paeth_predictor(a0, b0, c0)) & 0xFF;
    a1 = (x[i + 1] + paeth_predictor(a1, b1, c1)) & 0xFF;
    a2 = (x[i + 2] + paeth_predictor(a2, b2, c2)) & 0xFF;
    a3 = (x[i + 3] + paeth_predictor(a3, b3, c3)) & 0xFF;
    row[i] = (uint8_t)a0;
    row[i + 1] = (uint8_t)a1;
    row[i + 2] = (uint8_t)a2;
    row[i + 3] = (uint8_t)a3;
    c0 = b0;
    c1 = b1;
    c2 = b2;
    c3 = b3;
  }
}

/* The conversions below compute exactly what PNGDecoder's libpng path
   computes in Swift: Float(v) / 255, or Float(v * a) / 65025 when a < 255.
   Both are one correctly rounded IEEE division of exact operands, so the
   floats are bit for bit the same (no fast-math, no reciprocal). */

static void gray_to_rgb(const uint8_t *restrict row, float *restrict out, size_t width) {
  for (size_t x = 0; x < width; x++) {
    float v = (float)row[x] / 255.0f;
    out[3 * x] = v;
    out[3 * x + 1] = v;
    out[3 * x + 2] = v;
  }
}

static int gray_alpha_to_rgb(const uint8_t *restrict row, float *restrict out, size_t width) {
  int transparent = 0;
  for (size_t x = 0; x < width; x++) {
    int g = row[2 * x], a = row[2 * x + 1];
    float v;
    if (a == 255) {
      v = (float)g / 255.0f;
    } else {
      transparent = 1;
      v = (float)(g * a) / 65025.0f;
    }
    out[3 * x] = v;
    out[3 * x + 1] = v;
    out[3 * x + 2] = v;
  }
  return transparent;
}

static void rgb_to_rgb(const uint8_t *restrict row, float *restrict out, size_t width) {
  for (size_t i = 0; i < 3 * width; i++) out[i] = (float)row[i] / 255.0f;
}

static int rgba_to_rgb(const uint8_t *restrict row, float *restrict out, size_t width) {
  int transparent = 0;
  for (size_t x = 0; x < width; x++) {
    const uint8_t *p = row + 4 * x;
    float *o = out + 3 * x;
    int a = p[3];
    if (a == 255) {
      o[0] = (float)p[0] / 255.0f;
      o[1] = (float)p[1] / 255.0f;
      o[2] = (float)p[2] / 255.0f;
    } else {
      transparent = 1;
      o[0] = (float)(p[0] * a) / 65025.0f;
      o[1] = (float)(p[1] * a) / 65025.0f;
      o[2] = (float)(p[2] * a) / 65025.0f;
    }
  }
  return transparent;
}

int cfastpng_unfilter_to_rgb(const void *filtered, size_t width, size_t height,
                             unsigned channels, void *rgb, int *had_transparency) {
  if (channels < 1 || channels > 4) return 0;
  const size_t bpp = channels;
  const size_t row_bytes = width * bpp;
  /* Two rows, the current and the one above; the row above the first is
     all zeros (PNG spec 9.2). */
  uint8_t *rows = calloc(2, row_bytes > 0 ? row_bytes : 1);
  if (rows == NULL) return 0;
  uint8_t *row = rows;
  uint8_t *prev = rows + row_bytes;
  int ok = 1;
  int transparent = 0;
  for (size_t y = 0; y < height && ok; y++) {
    /* Row y is read whole before row y's floats are written: the floats
       may overwrite it when `filtered` lies at the end of `rgb`. */
    const uint8_t *x = (const uint8_t *)filtered + y * (row_bytes + 1);
    switch (x[0]) {
    case 0:
      unfilter_none(row, x + 1, row_bytes);
      break;
    case 1:
      unfilter_sub(row, x + 1, row_bytes, bpp);
      break;
    case 2:
      unfilter_up(row, x + 1, prev, row_bytes);
      break;
    case 3:
      unfilter_average(row, x + 1, prev, row_bytes, bpp);
      break;
    case 4:
      if (bpp == 3) {
        unfilter_paeth3(row, x + 1, prev, width);
      } else if (bpp == 4) {
        unfilter_paeth4(row, x + 1, prev, width);
      } else {
        unfilter_paeth(row, x + 1, prev, row_bytes, bpp);
      }
      break;
    default:
      ok = 0;
      continue;
    }
    float *out = (float *)rgb + y * width * 3;
    switch (channels) {
    case 1:
      gray_to_rgb(row, out, width);
      break;
    case 2:
      transparent |= gray_alpha_to_rgb(row, out, width);
      break;
    case 3:
      rgb_to_rgb(row, out, width);
      break;
    default:
      transparent |= rgba_to_rgb(row, out, width);
      break;
    }
    uint8_t *above = row;
    row = prev;
    prev = above;
  }
  free(rows);
  if (ok && transparent) *had_transparency = 1;
  return ok;
}
