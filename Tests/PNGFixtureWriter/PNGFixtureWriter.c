#include "PNGFixtureWriter.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
  char *error;
  size_t error_size;
} pfw_sink;

static void pfw_write(png_structp png, png_bytep data, size_t length) {
  pfw_sink *sink = (pfw_sink *)png_get_io_ptr(png);
  if (sink->size + length > sink->capacity) {
    size_t capacity = sink->capacity ? sink->capacity : 1024;
    while (capacity < sink->size + length) capacity *= 2;
    uint8_t *grown = realloc(sink->data, capacity);
    if (grown == NULL) png_error(png, "out of memory");
    sink->data = grown;
    sink->capacity = capacity;
  }
  memcpy(sink->data + sink->size, data, length);
  sink->size += length;
}

static void pfw_flush(png_structp png) { (void)png; }

static void pfw_error(png_structp png, png_const_charp message) {
  pfw_sink *sink = (pfw_sink *)png_get_error_ptr(png);
  if (sink->error != NULL && sink->error_size > 0) {
    strncpy(sink->error, message, sink->error_size - 1);
    sink->error[sink->error_size - 1] = '\0';
  }
  png_longjmp(png, 1);
}

static void pfw_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static int pfw_channels(int color_type) {
  switch (color_type) {
  case PNG_COLOR_TYPE_GRAY: return 1;
  case PNG_COLOR_TYPE_RGB: return 3;
  case PNG_COLOR_TYPE_PALETTE: return 1;
  case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
  case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
  default: return 0;
  }
}

/* Packs one row of samples at the bit depth: most significant bits first,
   16-bit values big-endian. */
static void pfw_pack_row(const uint16_t *samples, size_t count, int bit_depth,
                         uint8_t *row) {
  if (bit_depth == 16) {
    for (size_t i = 0; i < count; i++) {
      row[2 * i] = (uint8_t)(samples[i] >> 8);
      row[2 * i + 1] = (uint8_t)(samples[i] & 0xff);
    }
  } else if (bit_depth == 8) {
    for (size_t i = 0; i < count; i++) row[i] = (uint8_t)samples[i];
  } else {
    int per_byte = 8 / bit_depth;
    size_t bytes = (count + (size_t)per_byte - 1) / (size_t)per_byte;
    memset(row, 0, bytes);
    for (size_t i = 0; i < count; i++) {
      int shift = 8 - bit_depth * (int)(i % (size_t)per_byte + 1);
      row[i / (size_t)per_byte] |= (uint8_t)((samples[i] & ((1u << bit_depth) - 1)) << shift);
    }
  }
}

int pfw_write_png(uint32_t width, uint32_t height, const pfw_options *options,
                  const uint16_t *samples, uint8_t **out, size_t *out_size,
                  char *error, size_t error_size) {
  int channels = pfw_channels(options->color_type);
  if (channels == 0 || width == 0 || height == 0) {
    if (error != NULL && error_size > 0) {
      strncpy(error, "invalid fixture options", error_size - 1);
      error[error_size - 1] = '\0';
    }
    return 0;
  }
  size_t samples_per_row = (size_t)width * (size_t)channels;
  size_t row_bytes = (samples_per_row * (size_t)options->bit_depth + 7) / 8;

  /* Locals are set before setjmp and never reassigned after it, so their
     values are well defined after a longjmp; the sink lives on the heap. */
  pfw_sink *sink = calloc(1, sizeof(pfw_sink));
  uint8_t *image = calloc(height, row_bytes);
  png_bytep *rows = calloc(height, sizeof(png_bytep));
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, pfw_error,
                                            pfw_warning);
  png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
  if (sink == NULL || image == NULL || rows == NULL || png == NULL || info == NULL) {
    png_destroy_write_struct(png != NULL ? &png : NULL, info != NULL ? &info : NULL);
    free(sink);
    free(image);
    free(rows);
    if (error != NULL && error_size > 0) {
      strncpy(error, "out of memory", error_size - 1);
      error[error_size - 1] = '\0';
    }
    return 0;
  }
  sink->error = error;
  sink->error_size = error_size;
  for (uint32_t y = 0; y < height; y++) {
    rows[y] = image + (size_t)y * row_bytes;
    pfw_pack_row(samples + (size_t)y * samples_per_row, samples_per_row,
                 options->bit_depth, rows[y]);
  }

  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(image);
    free(rows);
    free(sink->data);
    free(sink);
    return 0;
  }

  png_set_write_fn(png, sink, pfw_write, pfw_flush);
  png_set_IHDR(png, info, width, height, options->bit_depth, options->color_type,
               options->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (options->file_gamma != 0) png_set_gAMA(png, info, options->file_gamma);
  if (options->palette != NULL && options->palette_count > 0) {
    png_color palette[256];
    for (int i = 0; i < options->palette_count && i < 256; i++) {
      palette[i].red = options->palette[3 * i];
      palette[i].green = options->palette[3 * i + 1];
      palette[i].blue = options->palette[3 * i + 2];
    }
    png_set_PLTE(png, info, palette, options->palette_count);
  }
  if (options->trns_alpha != NULL && options->trns_count > 0) {
    png_set_tRNS(png, info, options->trns_alpha, options->trns_count, NULL);
  } else if (options->has_trns_color) {
    png_color_16 color;
    memset(&color, 0, sizeof color);
    color.gray = options->trns_red;
    color.red = options->trns_red;
    color.green = options->trns_green;
    color.blue = options->trns_blue;
    png_set_tRNS(png, info, NULL, 0, &color);
  }
  png_set_rows(png, info, rows);
  png_write_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);

  png_destroy_write_struct(&png, &info);
  free(image);
  free(rows);
  *out = sink->data;
  *out_size = sink->size;
  free(sink);
  return 1;
}

void pfw_free(uint8_t *buffer) { free(buffer); }
