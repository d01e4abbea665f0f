/* Walks a zlib stream as zlib's inflate reads it, without writing its
   output, and says whether zlib would inflate it to exactly the expected
   size. libdeflate accepts a few streams zlib refuses (see cfastpng.h);
   the fast path takes a stream only when this walk and libdeflate both
   accept it. The rules are zlib's (inflate.c, inftrees.c), each kept or
   made stricter: a stream zlib might refuse is refused here too. */
#include "cfastpng.h"

#include <pthread.h>
#include <string.h>

enum { MAX_BITS = 15, FAST_BITS = 10, MAX_LITLEN = 288, MAX_DIST = 32 };

/* A bit reader (RFC 1951, 3.1.1: bits from the least significant of each
   byte): `buffer` holds `have` unread bits; past the end of the input it
   reads zero bits and counts them in `overrun`, which a caller checks. */
typedef struct {
  const uint8_t *next, *end;
  uint64_t buffer;
  unsigned have;
  size_t overrun;
} bits;

/* Fills the buffer to at least 56 bits. */
static inline void refill(bits *b) {
  if (b->end - b->next >= 8) {
    uint64_t word;
    memcpy(&word, b->next, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    b->buffer |= word << b->have;
    b->next += (63 - b->have) >> 3;
    b->have |= 56;
    return;
  }
  while (b->have <= 56) {
    if (b->next < b->end) {
      b->buffer |= (uint64_t)*b->next++ << b->have;
    } else {
      b->overrun += 8;
    }
    b->have += 8;
  }
}

/* Whether the bits read so far were all in the input. */
static inline int within(const bits *b) { return b->overrun <= b->have; }

static inline void drop(bits *b, unsigned n) {
  b->buffer >>= n;
  b->have -= n;
}

/* Reads `n` (at most 32) bits into *value; 0 when the input has fewer. */
static inline int take(bits *b, unsigned n, uint32_t *value) {
  if (b->have < n) refill(b);
  *value = (uint32_t)(b->buffer & ((1ull << n) - 1));
  drop(b, n);
  return within(b);
}

/* A canonical Huffman code (RFC 1951, 3.2.2): a table of the codes of at
   most FAST_BITS bits by their reversed bits (symbol << 4 | length; 0 for
   none), and the counts and symbols for the longer ones. */
typedef struct {
  uint16_t fast[1 << FAST_BITS];
  uint16_t count[MAX_BITS + 1];
  uint16_t symbol[MAX_LITLEN];
} huffman;

enum build_result { BUILD_OK, BUILD_EMPTY, BUILD_INCOMPLETE, BUILD_OVERSUBSCRIBED };

static enum build_result build(huffman *h, const uint8_t *lengths, unsigned n) {
  uint16_t offsets[MAX_BITS + 2];
  memset(h->count, 0, sizeof h->count);
  memset(h->fast, 0, sizeof h->fast);
  for (unsigned s = 0; s < n; s++) h->count[lengths[s]]++;
  if (h->count[0] == n) return BUILD_EMPTY;
  int left = 1;
  for (unsigned len = 1; len <= MAX_BITS; len++) {
    left = 2 * left - h->count[len];
    if (left < 0) return BUILD_OVERSUBSCRIBED;
  }
  offsets[1] = 0;
  for (unsigned len = 1; len <= MAX_BITS; len++) offsets[len + 1] = offsets[len] + h->count[len];
  /* next[len]: the first code of each length (RFC 1951's next_code). */
  uint16_t next[MAX_BITS + 1];
  unsigned code = 0;
  for (unsigned len = 1; len <= MAX_BITS; len++) {
    next[len] = (uint16_t)code;
    code = (code + h->count[len]) << 1;
  }
  for (unsigned s = 0; s < n; s++) {
    unsigned len = lengths[s];
    if (len == 0) continue;
    h->symbol[offsets[len]++] = (uint16_t)s;
    unsigned c = next[len]++;
    if (len <= FAST_BITS) {
      unsigned reversed = 0;
      for (unsigned i = 0; i < len; i++) reversed |= ((c >> i) & 1u) << (len - 1 - i);
      for (unsigned fill = reversed; fill < (1u << FAST_BITS); fill += 1u << len) {
        h->fast[fill] = (uint16_t)(s << 4 | len);
      }
    }
  }
  return left > 0 ? BUILD_INCOMPLETE : BUILD_OK;
}

/* The symbol the bits of `v` start with, its length in *length; -1 for
   a bit pattern that is no code (of an incomplete or empty code). */
static inline int decode(uint64_t v, const huffman *h, unsigned *length) {
  uint16_t e = h->fast[v & ((1u << FAST_BITS) - 1)];
  if (e != 0) {
    *length = e & 15;
    return e >> 4;
  }
  /* Bit by bit (puff's decode), for the codes longer than FAST_BITS. */
  int code = 0, first = 0, index = 0;
  for (unsigned len = 1; len <= MAX_BITS; len++) {
    code |= (int)((v >> (len - 1)) & 1);
    int count = h->count[len];
    if (code - count < first) {
      *length = len;
      return h->symbol[index + (code - first)];
    }
    index += count;
    first += count;
    first <<= 1;
    code <<= 1;
  }
  return -1;
}

/* The next symbol of `h` from `b` (which holds at least 15 bits), or -1. */
static inline int next_symbol(bits *b, const huffman *h) {
  unsigned length;
  int s = decode(b->buffer, h, &length);
  if (s >= 0) drop(b, length);
  return s;
}

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,
                                         15, 17, 19, 23, 27, 31, 35, 43, 51,  59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* The symbols of one Huffman block; 0 on anything zlib refuses (a code
   that is not one, literal/length 286 or 287, distance 30 or 31, a
   distance before the start), on output beyond `out_size` and at the end
   of the input. */
static int walk_block(bits *bp, const huffman *litlen, const huffman *dist, size_t *out_p,
                      size_t out_size) {
  bits b = *bp;
  size_t out = *out_p;
  int ok = 0;
  for (;;) {
    /* A literal/length code is at most 15 bits. */
    if (b.have < MAX_BITS) {
      refill(&b);
      if (!within(&b)) break; /* the last symbols ran past the end */
    }
    int s = next_symbol(&b, litlen);
    if (s < 256) {
      if (s < 0 || ++out > out_size) break;
      continue;
    }
    if (s == 256) {
      ok = within(&b);
      break;
    }
    s -= 257;
    if (s >= 29) break;
    /* Length extra bits, a distance code and its extra bits: 33 at most. */
    if (b.have < 33) refill(&b);
    size_t length = length_base[s] + (size_t)(b.buffer & ((1u << length_extra[s]) - 1));
    drop(&b, length_extra[s]);
    int d = next_symbol(&b, dist);
    if (d < 0 || d >= 30) break;
    size_t distance = distance_base[d] + (size_t)(b.buffer & ((1u << distance_extra[d]) - 1));
    drop(&b, distance_extra[d]);
    if (distance > out || length > out_size - out) break;
    out += length;
  }
  *bp = b;
  *out_p = out;
  return ok;
}

/* The code lengths of a dynamic block's header, then its codes. */
static int read_dynamic(bits *b, huffman *litlen, huffman *dist) {
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  uint32_t hlit, hdist, hclen;
  if (!take(b, 5, &hlit) || !take(b, 5, &hdist) || !take(b, 4, &hclen)) return 0;
  unsigned nlen = hlit + 257, ndist = hdist + 1, ncode = hclen + 4;
  if (nlen > 286 || ndist > 30) return 0; /* "too many length or distance symbols" */
  uint8_t lengths[MAX_LITLEN + MAX_DIST];
  memset(lengths, 0, sizeof lengths);
  for (unsigned i = 0; i < ncode; i++) {
    uint32_t v;
    if (!take(b, 3, &v)) return 0;
    lengths[order[i]] = (uint8_t)v;
  }
  huffman precode;
  if (build(&precode, lengths, 19) != BUILD_OK) return 0; /* "invalid code lengths set" */
  memset(lengths, 0, sizeof lengths);
  unsigned i = 0;
  while (i < nlen + ndist) {
    if (b->have < 15) refill(b);
    int s = next_symbol(b, &precode);
    if (s < 0 || !within(b)) return 0;
    if (s < 16) {
      lengths[i++] = (uint8_t)s;
      continue;
    }
    uint8_t value = 0;
    uint32_t repeat;
    if (s == 16) {
      if (i == 0) return 0; /* "invalid bit length repeat" */
      value = lengths[i - 1];
      if (!take(b, 2, &repeat)) return 0;
      repeat += 3;
    } else if (s == 17) {
      if (!take(b, 3, &repeat)) return 0;
      repeat += 3;
    } else {
      if (!take(b, 7, &repeat)) return 0;
      repeat += 11;
    }
    if (i + repeat > nlen + ndist) return 0; /* "invalid bit length repeat" */
    while (repeat--) lengths[i++] = value;
  }
  if (lengths[256] == 0) return 0; /* "invalid code -- missing end-of-block" */
  /* zlib allows an incomplete code only of one code of one bit, and an
     empty distance code (any distance is then an error). */
  enum build_result r = build(litlen, lengths, nlen);
  if (r == BUILD_OVERSUBSCRIBED || r == BUILD_EMPTY) return 0;
  if (r == BUILD_INCOMPLETE && !(litlen->count[1] == 1 && nlen - litlen->count[0] == 1)) return 0;
  r = build(dist, lengths + nlen, ndist);
  if (r == BUILD_OVERSUBSCRIBED) return 0;
  if (r == BUILD_INCOMPLETE && !(dist->count[1] == 1 && ndist - dist->count[0] == 1)) return 0;
  return 1;
}

/* The fixed codes (RFC 1951, 3.2.6): every literal/length symbol of the
   code, 286 and 287 included (walk_block refuses them), and distances 0 to
   29 only, so that 30 and 31 decode as no code. */
static huffman fixed_litlen, fixed_dist;
static pthread_once_t fixed_once = PTHREAD_ONCE_INIT;

static void build_fixed(void) {
  uint8_t lengths[MAX_LITLEN + MAX_DIST];
  for (unsigned s = 0; s < 288; s++) lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
  for (unsigned s = 0; s < 30; s++) lengths[288 + s] = 5;
  build(&fixed_litlen, lengths, 288);
  build(&fixed_dist, lengths + 288, 30);
}

int cfastpng_zlib_stream_is_valid(const void *in, size_t in_size, size_t out_size) {
  if (in_size < 6) return 0;
  /* The deflate data between the 2-byte zlib header and the Adler-32. */
  const uint8_t *data = (const uint8_t *)in + 2;
  bits b = {data, data + in_size - 6, 0, 0, 0};
  huffman litlen, dist;
  size_t out = 0;
  uint32_t final, type;
  do {
    if (!take(&b, 1, &final) || !take(&b, 2, &type)) return 0;
    if (type == 0) {
      /* To the next byte boundary: the buffer holds whole bytes past it. */
      drop(&b, b.have & 7);
      uint32_t length, inverse;
      if (!take(&b, 16, &length) || !take(&b, 16, &inverse)) return 0;
      if (length != (~inverse & 0xFFFF)) return 0; /* "invalid stored block lengths" */
      if (length > out_size - out) return 0;
      /* The buffered bytes first, then the input. */
      size_t buffered = (b.have - (unsigned)b.overrun) / 8;
      size_t skipped = length < buffered ? length : buffered;
      drop(&b, (unsigned)(8 * skipped));
      if (length > skipped) {
        if (b.overrun > 0 || (size_t)(b.end - b.next) < length - skipped) return 0;
        b.next += length - skipped;
      }
      out += length;
    } else if (type == 1) {
      pthread_once(&fixed_once, build_fixed);
      if (!walk_block(&b, &fixed_litlen, &fixed_dist, &out, out_size)) return 0;
    } else if (type == 2) {
      if (!read_dynamic(&b, &litlen, &dist)) return 0;
      if (!walk_block(&b, &litlen, &dist, &out, out_size)) return 0;
    } else {
      return 0; /* "invalid block type" */
    }
  } while (!final);
  /* Exactly the expected output, and the deflate data ends in the last
     byte before the Adler-32 (which libdeflate checks). */
  return out == out_size && within(&b) && b.next == b.end && b.have - b.overrun < 8;
}
