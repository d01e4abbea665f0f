/* libdeflate, loaded at run time (see include/cfastpng.h). The prototypes
   are declared here, from libdeflate.h (v1.5 and later), so that building
   needs no libdeflate-dev. */
#include "cfastpng.h"

#if defined(_WIN32)

int cfastpng_available(void) { return 0; }
uint32_t cfastpng_crc32(uint32_t crc, const uint8_t *data, size_t size) {
  (void)data;
  (void)size;
  return crc;
}
int cfastpng_zlib_inflate_exact(const void *in, size_t in_size, void *out,
                                size_t out_size) {
  (void)in;
  (void)in_size;
  (void)out;
  (void)out_size;
  return 0;
}

#else

#include <dlfcn.h>
#include <pthread.h>

struct libdeflate_decompressor;

/* enum libdeflate_result: 0 is LIBDEFLATE_SUCCESS. */
typedef struct libdeflate_decompressor *(*alloc_decompressor_fn)(void);
typedef int (*zlib_decompress_ex_fn)(struct libdeflate_decompressor *,
                                     const void *in, size_t in_nbytes,
                                     void *out, size_t out_nbytes_avail,
                                     size_t *actual_in_nbytes_ret,
                                     size_t *actual_out_nbytes_ret);
typedef void (*free_decompressor_fn)(struct libdeflate_decompressor *);
typedef uint32_t (*crc32_fn)(uint32_t crc, const void *buffer, size_t len);

static struct {
  alloc_decompressor_fn alloc_decompressor;
  zlib_decompress_ex_fn zlib_decompress_ex;
  free_decompressor_fn free_decompressor;
  crc32_fn crc32;
  int loaded;
} libdeflate;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libdeflate(void) {
  static const char *const names[] = {
#if defined(__APPLE__)
      "libdeflate.0.dylib",
      "libdeflate.dylib",
      "/opt/homebrew/lib/libdeflate.0.dylib",
      "/usr/local/lib/libdeflate.0.dylib",
#else
      "libdeflate.so.0",
#endif
  };
  void *handle = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
    handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (handle == NULL) return;
  /* Function pointers from dlsym: the POSIX-sanctioned conversion. */
  *(void **)&libdeflate.alloc_decompressor = dlsym(handle, "libdeflate_alloc_decompressor");
  *(void **)&libdeflate.zlib_decompress_ex = dlsym(handle, "libdeflate_zlib_decompress_ex");
  *(void **)&libdeflate.free_decompressor = dlsym(handle, "libdeflate_free_decompressor");
  *(void **)&libdeflate.crc32 = dlsym(handle, "libdeflate_crc32");
  if (libdeflate.alloc_decompressor == NULL || libdeflate.zlib_decompress_ex == NULL ||
      libdeflate.free_decompressor == NULL || libdeflate.crc32 == NULL) {
    dlclose(handle);
    return;
  }
  libdeflate.loaded = 1; /* the handle stays open for the process's life */
}

int cfastpng_available(void) {
  pthread_once(&load_once, load_libdeflate);
  return libdeflate.loaded;
}

uint32_t cfastpng_crc32(uint32_t crc, const uint8_t *data, size_t size) {
  if (!cfastpng_available()) return crc;
  return libdeflate.crc32(crc, data, size);
}

int cfastpng_zlib_inflate_exact(const void *in, size_t in_size, void *out,
                                size_t out_size) {
  if (!cfastpng_available()) return 0;
  struct libdeflate_decompressor *decompressor = libdeflate.alloc_decompressor();
  if (decompressor == NULL) return 0;
  size_t consumed = 0;
  /* A NULL actual_out_nbytes_ret asks for exactly out_size bytes
     (LIBDEFLATE_SHORT_OUTPUT otherwise). */
  int result = libdeflate.zlib_decompress_ex(decompressor, in, in_size, out, out_size,
                                             &consumed, NULL);
  libdeflate.free_decompressor(decompressor);
  return result == 0 && consumed == in_size;
}

#endif
