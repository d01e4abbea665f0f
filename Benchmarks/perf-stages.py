#!/usr/bin/env python3
"""The samples of `perf record` runs of glass-audit by pipeline stage.

Each sample goes to the stage of the function it fell in (its leaf symbol):
blur, the material and contrast model, statistics, collecting the pixels,
decode, placement, bounds, remedies, previews, reports, the kernel, the heap;
"other" holds the rest (hashing, dictionaries, memcmp and the like).
Prints a Markdown table, one column per perf.data file, samples and shares.

    perf record -F 2000 -o before.perf -- BIN run --jobs 1 --deterministic -q --out DIR
    python3 Benchmarks/perf-stages.py before.perf after.perf

Tooling only (Benchmarks/README.md, "The blur's column pass in strips").
"""
import collections
import subprocess
import sys

S = "$s12ContrastCore"
STAGES = [
    ("blur (both Gaussians, the mixture, the fields)",
     ["pair_avx", "stride_avx", "mix2", "rows_avx2", "cpk_symmetric", "cpk_column_sums",
      S + "12GaussianBlur", S + "9BlurField"]),
    ("statistics (the summary, buckets, selection)",
     ["summary_avx512", "select_avx512", "gather_avx512", "cpk_ratios_summary", "cpk_bucket",
      "cpk_frame", S + "12BucketSelect", S + "14weightedSelect", S + "11quickselect",
      S + "15FrameStatistics", S + "18ContrastStatistics", S + "8RatioSum"]),
    ("material and contrast model (and the previews' glass)",
     ["ratios_avx", "block_backgrounds", "luminances_avx", "cpk_ratios", "cpk_background",
      "compose_avx", "cpk_compose"]),
    ("collecting the pixels",
     ["collect_avx512", "cpk_collect", S + "14SceneEvaluatorO7collect", S + "11ItemSamples"]),
    ("decode (libdeflate, the stream walk, unfiltering)",
     ["cfastpng", "walk_block", "libdeflate", "libpng", S + "10PNGDecoder", S + "11PNGFastPath",
      S + "16ValidatedStreams"]),
    ("placement (resampling, kept wallpapers remade)",
     ["accumulate_avx", "columns_avx", "cpk_resample", "cpk_accumulate", S + "9Placement",
      S + "14KeptWallpapers"]),
    ("bounds", [S + "11BoundsCache", S + "0A6Bounds", "__ieee754_pow", "pow@"]),
    ("remedies",
     [S + "12RemedySearch", S + "17RemedyAccumulator", S + "14LuminanceIndex", S + "16RemedyCandidates",
      "cpk_luminance", "luminance_scan", "cpk_least", "gather_least"]),
    ("previews' drawing, palettes and PNG encoding",
     [S + "10PNGEncoder", S + "14PreviewPalette", S + "20ScenePreviewRenderer", "libz", "adler32",
      "crc32"]),
    ("reports",
     [S + "10JSONReport", S + "12SQLiteReport", S + "14MarkdownReport", S + "10HTMLReport",
      S + "11JUnitReport", S + "11SARIFReport", "libsqlite3"]),
    ("page faults and the kernel", ["[kernel", "[k] "]),
    ("heap and copies",
     ["memmove", "memset", "malloc", "_int_free", "cfree", "unlink_chunk", "swift_retain",
      "swift_release", "swift_bridgeObject"]),
]


def stage(dso, symbol):
    text = dso + " " + symbol
    for name, keys in STAGES:
        for k in keys:
            if k.startswith("$") and symbol.startswith(k):
                return name
            if not k.startswith("$") and k in text:
                return name
    return "other"


def counts(path):
    out = subprocess.run(
        ["perf", "report", "-i", path, "-n", "--no-children", "--sort", "dso,symbol", "-g", "none"],
        capture_output=True, text=True, check=True).stdout
    c = collections.Counter()
    total = 0
    for line in out.splitlines():
        if line.startswith("#") or "%" not in line:
            continue
        p = line.split()
        if len(p) < 5:
            continue
        n = int(p[1])
        symbol = ("[k] " if p[3] == "[k]" else "") + " ".join(p[4:])
        c[stage(p[2], symbol)] += n
        total += n
    return c, total


def main():
    files = sys.argv[1:]
    if not files:
        print(__doc__)
        return 2
    results = [counts(f) for f in files]
    print("| stage | " + " | ".join(files) + " |")
    print("|---|" + "---:|" * len(files))
    for name in [n for n, _ in STAGES] + ["other"]:
        cells = ["{:,} ({:.1f} %)".format(c[name], 100 * c[name] / t) for c, t in results]
        print("| " + name + " | " + " | ".join(cells) + " |")
    print("| total | " + " | ".join("{:,}".format(t) for _, t in results) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
