#!/usr/bin/env python3
"""Differential fuzz of the fast PNG path's deflate walk
(Sources/CFastPNG/cfastpng_validate.c) against zlib, the inflater libpng
uses: zlib streams (dynamic and fixed Huffman) with random bits flipped;
the walk must never accept a stream zlib refuses, and should accept what
zlib accepts (it may be stricter only on streams no encoder writes).

    scripts/fuzz-deflate-walk.py [SEED] [COUNT]

Compiles the walk with `cc -O2` into a temporary folder. Exits 1 when the
walk accepts a stream zlib refuses.
"""
import ctypes, os, random, subprocess, sys, tempfile, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
lib = os.path.join(tempfile.mkdtemp(prefix="deflate-walk-"), "libwalk.so")
subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-I", os.path.join(ROOT, "Sources/CFastPNG/include"),
                os.path.join(ROOT, "Sources/CFastPNG/cfastpng_validate.c"), "-o", lib, "-lpthread"],
               check=True)
v = ctypes.CDLL(lib)
r = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
count = int(sys.argv[2]) if len(sys.argv) > 2 else 40000
def zl(raw):
    d = zlib.decompressobj(-15)
    try:
        out = d.decompress(raw) + d.flush()
    except zlib.error as e:
        return None, str(e)
    if not d.eof or d.unused_data: return None, "not at end"
    return out, None
bad = stricter = n = accepted = 0
for it in range(count):
    data = bytes(r.choice([0, 0, 0, r.randrange(256)]) for _ in range(r.randrange(1, 3000)))
    s = bytearray(zlib.compress(data, r.choice([1, 6, 9])))
    if r.random() < 0.3:
        # fixed-Huffman streams too
        c = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_FIXED); s = bytearray(c.compress(data) + c.flush())
    for _ in range(r.randint(1, 4)):
        i = r.randrange(2, len(s) - 4) if len(s) > 6 else 2
        if i < len(s) - 4: s[i] ^= 1 << r.randrange(8)
    body = bytes(s[2:-4])
    out, err = zl(body)
    size = len(out) if out is not None else len(data)
    ok = v.cfastpng_zlib_stream_is_valid(bytes(s), ctypes.c_size_t(len(s)), ctypes.c_size_t(size))
    n += 1
    if ok and out is None: bad += 1; print("ACCEPTED what zlib refuses:", err)
    if ok: accepted += 1
    if not ok and out is not None and len(out) == size: stricter += 1
print(f"{n} mutated streams: walk accepted {accepted}, accepted-but-zlib-refuses {bad}, "
      f"refused-but-zlib-accepts {stricter}")
sys.exit(1 if bad else 0)
