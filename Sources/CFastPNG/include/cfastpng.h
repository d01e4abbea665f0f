#ifndef GLASS_AUDIT_CFASTPNG_H
#define GLASS_AUDIT_CFASTPNG_H

#include <stddef.h>
#include <stdint.h>

/* The heavy loops of glass-audit's fast PNG path (see PNGFastPath.swift,
   which decides which files take it): CRC-32 and zlib inflate through
   libdeflate, loaded at run time with dlopen so that neither building nor
   running needs it, and the PNG row filters reversed and converted to the
   decoder's float RGB. Nothing here decides whether a file qualifies. */

/* 1 when libdeflate (libdeflate.so.0; libdeflate.0.dylib on macOS) was
   loaded with every function used here, else 0. Loads once, thread-safe. */
int cfastpng_available(void);

/* The CRC-32 of PNG chunks (ISO 3309, as zlib's crc32) of `size` bytes,
   continuing from `crc` (0 to start). Requires cfastpng_available(). */
uint32_t cfastpng_crc32(uint32_t crc, const uint8_t *data, size_t size);

/* Inflates the zlib stream (RFC 1950; Adler-32 checked) in `in` into `out`
   (the two must not overlap). Returns 1 only when the stream is valid,
   inflates to exactly `out_size` bytes and ends exactly at `in_size`; 0
   otherwise, also when libdeflate is missing or out of memory (then `out`
   holds anything). */
int cfastpng_zlib_inflate_exact(const void *in, size_t in_size, void *out,
                                size_t out_size);

/* Whether zlib (as libpng calls it, with a 32 KiB window) inflates the
   zlib stream `in` to exactly `out_size` bytes, ending exactly at
   `in_size`: the stream's blocks and codes are walked as zlib's inflate
   reads them, without writing any output and without checking the
   Adler-32 (libdeflate does). Returns 1, or 0 for anything zlib refuses
   or might refuse: a block type of 3, stored lengths that do not match,
   more than 286 literal/length or 30 distance codes, a code-length code
   that is not complete, a repeat with nothing to repeat or past the end,
   no end-of-block code, an over-subscribed code or an incomplete one
   (other than zlib's single one-bit code), a bit pattern that is no
   code, literal/length symbols 286 and 287 and distance symbols 30 and
   31 (in the fixed code, RFC 1951, 3.2.6), a distance before the start of
   the output, and output of any other size. libdeflate accepts some of
   these; the fast path takes a stream only when both accept it. */
int cfastpng_zlib_stream_is_valid(const void *in, size_t in_size, size_t out_size);

/* Reverses the PNG filters (PNG spec, clause 9) of `height` rows of `width`
   8-bit pixels of `channels` samples (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA),
   each row preceded by its filter-type byte (height * (1 + width *
   channels) bytes in `filtered`), and writes 3 * width * height floats to
   `rgb`: gray is repeated in R, G and B; each sample v becomes v / 255.0f,
   or, when the pixel's alpha a is below 255, (v * a) / 65025.0f (flattened
   over black), and then *had_transparency is set to 1 (it is otherwise
   left alone). `filtered` may be the last bytes of the `rgb` buffer: every
   row is read before the floats that can reach it are written, since a
   row of floats (12 bytes a pixel) is never shorter than a filtered row.
   Returns 1, or 0 for a filter type above 4 (then `rgb` is partly written)
   or a `channels` outside 1...4. */
int cfastpng_unfilter_to_rgb(const void *filtered, size_t width, size_t height,
                             unsigned channels, void *rgb,
                             int *had_transparency);

#endif
