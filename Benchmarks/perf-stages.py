#!/usr/bin/env python3
"""The samples of `perf record` runs of glass-audit by pipeline stage.

Each sample goes to the stage of the function it fell in (its leaf symbol):
blur, the material and contrast model, statistics, collecting the pixels,
decode, placement, bounds, remedies, previews, reports, the kernel, the heap;
"other" holds the rest (hashing, dictionaries, memcmp and the like).
Prints a Markdown table, one column per perf.data file, samples and shares.

    perf record -F 2000 -o before.perf -- BIN run --jobs 1 --deterministic -q --out DIR
    python3 Benchmarks/perf-stages.py before.perf after.perf

With --phases (one file, recorded with -g), the same stages per phase of
the run: each sample goes to the phase whose function is on its stack
(the fixes' re-audits, `LayoutFixer`; the previews, `Auditor.draw` and the
preview renderer; the report files; the audit), read from the stacks that
reach the command's thread; every other sample (a worker thread's, which
perf cannot walk back to the command) goes to the phase of the nearest
such sample in time: the phases of a run follow one another, and a
phase's workers run in it.

    perf record -F 2000 -g -o run.perf -- BIN run --deterministic -q --out DIR
    python3 Benchmarks/perf-stages.py --phases run.perf

With --beyond-numpy (one file, recorded with -g at --jobs 1, so that every
stack reaches the command), the share of samples whose stack holds the work
the numpy side of `numpy-compare.sh` does not do: the bounds (SPEC 3.5), the
remedy search (3.6) and writing the reports; each alone and any of them.

    perf record -F 4000 -g -o held-out.perf -- BIN run --jobs 1 ... --no-verify-fixes
    python3 Benchmarks/perf-stages.py --beyond-numpy held-out.perf

Tooling only (Benchmarks/README.md, "The blur's column pass in strips").
"""
import bisect
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


PHASES = [
    ("verifying the fixes (the re-audits' rounds)", ["LayoutFixer"]),
    ("the previews", ["Auditor.draw", "ScenePreviewRenderer", "DrawnScene", "PreviewPalette"]),
    ("the report files", ["ReportSet", "ReportWriter", "writeAll"]),
    ("the audit", ["AuditPipeline", "Auditor."]),
]


def samples(path):
    """(time, leaf dso, leaf symbol, phase or None) of each sample."""
    out = subprocess.run(
        ["perf", "script", "-i", path, "-F", "time,ip,sym,dso"],
        capture_output=True, text=True, check=True).stdout
    demangled = subprocess.run(
        ["swift", "demangle", "--simplified"], input=out, capture_output=True, text=True,
        check=True).stdout
    raw = [b for b in out.split("\n\n") if b.strip()]
    nice = [b for b in demangled.split("\n\n") if b.strip()]
    result = []
    for block, readable in zip(raw, nice):
        lines = block.strip().splitlines()
        frames = lines[1:]
        if not frames:
            continue
        t = float(lines[0].strip().rstrip(":"))
        leaf = frames[0].strip().split(None, 1)[1] if len(frames[0].split()) > 1 else ""
        dso = leaf[leaf.rfind("(") + 1:-1] if leaf.endswith(")") else ""
        symbol = leaf[:leaf.rfind(" (")] if " (" in leaf else leaf
        if frames[0].strip().split()[1:2] == ["[unknown]"]:
            symbol = "[unknown]"
        # (Only a stack that reaches the command's own thread names its
        # phase: a trial's audit runs `Auditor` inside `LayoutFixer`, and
        # its workers' stacks name `Auditor` alone.)
        phase = None
        if "ParsableCommand.run" in readable:
            for name, keys in PHASES:
                if any(k in readable for k in keys):
                    phase = name
                    break
        result.append((t, dso, symbol, phase))
    return result


def phases(path):
    rows = samples(path)
    marked = [(t, ph) for t, _, _, ph in rows if ph]
    times = [t for t, _ in marked]
    table = collections.defaultdict(collections.Counter)
    for t, dso, symbol, ph in rows:
        if ph is None and marked:
            i = bisect.bisect_left(times, t)
            near = [j for j in (i - 1, i) if 0 <= j < len(marked)]
            ph = min(near, key=lambda j: abs(times[j] - t))
            ph = marked[ph][1]
        table[ph or "other"][stage(dso, symbol)] += 1
    total = sum(sum(c.values()) for c in table.values())
    names = [n for n, _ in PHASES] + ["other"]
    print("| phase | samples | share | " + " | ".join(n for n, _ in STAGES) + " | other |")
    print("|---|---:|---:|" + "---:|" * (len(STAGES) + 1))
    for ph in names:
        c = table.get(ph)
        if not c:
            continue
        n = sum(c.values())
        cells = ["{:.1f} %".format(100 * c[s] / n) for s in [m for m, _ in STAGES] + ["other"]]
        print("| {} | {:,} | {:.1f} % | ".format(ph, n, 100 * n / total) + " | ".join(cells) + " |")
    print("| total | {:,} | | |".format(total))
    return 0


BEYOND_NUMPY = [
    ("bounds (3.5)", [S + "11BoundsCache", S + "0A6BoundsV"]),
    ("remedy search (3.6)",
     [S + "17RemedyAccumulator", S + "12RemedySearch", S + "19VibrantRemedySearch",
      S + "16RemedyCandidates", S + "14LuminanceIndex"]),
    ("writing the reports (report.json alone in the held-out run)",
     [S + "10JSONReport", "13ReportContent", "9ReportSet"]),
]


def beyond_numpy(path):
    """Shares of samples with each kind of work on their stack."""
    out = subprocess.run(
        ["perf", "script", "-i", path, "-F", "ip,sym"], capture_output=True, text=True,
        check=True).stdout
    total = 0
    counts = collections.Counter()
    for block in out.split("\n\n"):
        if not block.strip():
            continue
        total += 1
        hit = False
        for name, keys in BEYOND_NUMPY:
            if any(k in block for k in keys):
                counts[name] += 1
                hit = True
        if hit:
            counts["any of them"] += 1
    if total == 0:
        print("no samples in " + path)
        return 1
    print("| work the numpy side does not do | samples | share |")
    print("|---|---:|---:|")
    for name in [n for n, _ in BEYOND_NUMPY] + ["any of them"]:
        print("| {} | {:,} | {:.1f} % |".format(name, counts[name], 100 * counts[name] / total))
    print("| total | {:,} | |".format(total))
    return 0


def main():
    files = sys.argv[1:]
    if files[:1] == ["--phases"] and len(files) == 2:
        return phases(files[1])
    if files[:1] == ["--beyond-numpy"] and len(files) == 2:
        return beyond_numpy(files[1])
    if not files or files[0].startswith("-"):
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
