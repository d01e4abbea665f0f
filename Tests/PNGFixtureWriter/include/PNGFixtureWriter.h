#ifndef GLASS_AUDIT_PNG_FIXTURE_WRITER_H
#define GLASS_AUDIT_PNG_FIXTURE_WRITER_H

#include <stddef.h>
#include <stdint.h>

/* Test support only: writes PNG fixtures the simplified writer cannot
   (palettes, bit depths 1/2/4/16, tRNS, Adam7, gAMA) with libpng's classic
   API. Its longjmp error handling stays inside pfw_write_png. */

typedef struct {
  /* PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA. */
  int color_type;
  /* 1, 2, 4, 8 or 16, as the PNG spec allows for the colour type. */
  int bit_depth;
  /* 0 none, 1 Adam7. */
  int interlace;
  /* Palette: `palette_count` RGB triples. */
  const uint8_t *palette;
  int palette_count;
  /* tRNS for palettes: `trns_count` alpha values. */
  const uint8_t *trns_alpha;
  int trns_count;
  /* tRNS for gray and RGB: the one transparent colour (gray uses red). */
  int has_trns_color;
  uint16_t trns_red, trns_green, trns_blue;
  /* gAMA: written when nonzero, as the file gamma (1/2.2 is 0.45455). */
  double file_gamma;
} pfw_options;

/* Writes a PNG of `width` x `height` pixels. `samples` holds one value per
   channel per pixel, row-major (palette files: one index per pixel), each
   within the bit depth; this function packs them. On success returns 1 and
   sets *out (free with pfw_free) and *out_size. On failure returns 0 and
   copies libpng's message into `error`. */
int pfw_write_png(uint32_t width, uint32_t height, const pfw_options *options,
                  const uint16_t *samples, uint8_t **out, size_t *out_size,
                  char *error, size_t error_size);

void pfw_free(uint8_t *buffer);

#endif
