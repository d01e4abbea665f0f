#ifndef GLASS_AUDIT_CPNG_SHIM_H
#define GLASS_AUDIT_CPNG_SHIM_H

#include <png.h>
#include <stddef.h>

/* Swift cannot import composite or function-like macros; re-export them. */
static const png_uint_32 CPNG_FORMAT_GRAY = PNG_FORMAT_GRAY;
static const png_uint_32 CPNG_FORMAT_RGB = PNG_FORMAT_RGB;
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 CPNG_FORMAT_LINEAR_RGB = PNG_FORMAT_LINEAR_RGB;
static const png_uint_32 CPNG_FORMAT_LINEAR_RGB_ALPHA = PNG_FORMAT_LINEAR_RGB_ALPHA;
static const png_uint_32 CPNG_FORMAT_FLAG_ALPHA = PNG_FORMAT_FLAG_ALPHA;
static const png_uint_32 CPNG_FORMAT_FLAG_COLOR = PNG_FORMAT_FLAG_COLOR;
static const png_uint_32 CPNG_FORMAT_FLAG_LINEAR = PNG_FORMAT_FLAG_LINEAR;
static const png_uint_32 CPNG_FORMAT_FLAG_COLORMAP = PNG_FORMAT_FLAG_COLORMAP;
static const int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const int CPNG_IMAGE_WARNING = PNG_IMAGE_WARNING;
static const int CPNG_IMAGE_ERROR = PNG_IMAGE_ERROR;
static const png_uint_32 CPNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB = PNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB;
static const png_uint_32 CPNG_IMAGE_FLAG_16BIT_sRGB = PNG_IMAGE_FLAG_16BIT_sRGB;

static inline size_t cpng_image_size(const png_image *image) {
  return (size_t)PNG_IMAGE_SIZE(*image);
}

/* libpng's upper bound on the PNG stream that png_image_write_to_memory
   writes for this image (it can overflow only on 32-bit systems, where the
   write then reports the size it needs). */
static inline size_t cpng_image_png_size_max(const png_image *image) {
  return (size_t)PNG_IMAGE_PNG_SIZE_MAX(*image);
}

static inline size_t cpng_image_row_stride(const png_image *image) {
  return (size_t)PNG_IMAGE_ROW_STRIDE(*image);
}

static inline size_t cpng_image_pixel_channels(png_uint_32 format) {
  return (size_t)PNG_IMAGE_PIXEL_CHANNELS(format);
}

static inline int cpng_image_failed(const png_image *image) {
  return PNG_IMAGE_FAILED(*image);
}

/* The NUL-terminated message of the last warning or error (Swift sees the
   fixed-size array as a tuple). */
static inline const char *cpng_image_message(const png_image *image) {
  return image->message;
}

#endif
