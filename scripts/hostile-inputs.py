#!/usr/bin/env python3
"""Runs glass-audit on hostile inputs, as an attacker with write access to a
layout or to the wallpaper folder would write them, and prints the figures of
issue 14: inputs tried, crashes, hangs, injected workflow commands, raw
control characters, broken Markdown rows, mixed report sets and leftovers
after kills, and peak memory.

    scripts/hostile-inputs.py [--binary .build/debug/glass-audit] [--kills 30]
                              [--mutations 2000] [--keep DIR]

Every run has a time limit; a run that exceeds it counts as a hang, a run
ended by a signal we did not send counts as a crash. Runs at nice 10. Exits
1 when any check fails.
"""

import argparse
import json
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "Tests", "Fixtures", "golden")
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "png-corpus")
REPORTS = ["report.json", "report.md", "report.html", "junit.xml", "report.sarif"]

# The payloads of issue 14, and a few more of the same kind.
PAYLOADS = {
    "stop-commands": "a\n::stop-commands::x",
    "add-mask": "b\n::add-mask::secret",
    "cr-error": "c\r::error::forged",
    "v1-command": "d ##[add-mask]secret",
    "ansi": "e\x1b[2J\x1b]0;title\x07",
    "nul": "f\x00g",
    "del": "h\x7fi",
    "c1-csi": "j\u009b31mk",
    "nel": "l\u0085m",
    "line-separator": "n\u2028o",
    "bidi": "p\u202etxt.exe\u202c",
    "pipe-backtick": "q | `r` | s",
}


# MARK: - PNG and deflate


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(width, height, idat, color_type=2, depth=8):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat)
            + chunk(b"IEND", b""))


def solid_png(width, height, rgb):
    row = b"\x00" + bytes(rgb) * width
    return png(width, height, zlib.compress(row * height, 9))


def zero_png(width, height):
    """An all-zero RGB image, compressed row by row (never all in memory)."""
    c = zlib.compressobj(9)
    row = bytes(1 + 3 * width)
    parts = [c.compress(row) for _ in range(height)]
    parts.append(c.flush())
    return png(width, height, b"".join(parts))


class Bits:
    def __init__(self):
        self.acc, self.n, self.out = 0, 0, bytearray()

    def put(self, value, count):
        self.acc |= value << self.n
        self.n += count
        while self.n >= 8:
            self.out.append(self.acc & 255)
            self.acc >>= 8
            self.n -= 8

    def code(self, code, length):
        for i in range(length - 1, -1, -1):
            self.put((code >> i) & 1, 1)

    def bytes(self):
        return bytes(self.out) + (bytes([self.acc & 255]) if self.n else b"")


def symbol_286_png():
    """A gray 259 x 1 PNG whose fixed-Huffman block uses literal/length
    symbol 286 (RFC 1951 forbids it; libdeflate reads it as length 258)."""
    b = Bits()
    b.put(1, 1)
    b.put(1, 2)
    b.code(0x30, 8)  # literal 0: the filter byte
    b.code(0x30, 8)  # literal 0: the first pixel
    b.code(0xC6, 8)  # symbol 286
    b.code(0, 5)  # distance code 0: distance 1
    b.code(0, 7)  # end of block
    raw = bytes(260)
    stream = b"\x78\x01" + b.bytes() + struct.pack(">I", zlib.adler32(raw))
    return png(259, 1, stream, color_type=0)


def long_text_chunk_png():
    """An 8 x 8 PNG cut after a tEXt chunk header declaring 1.8 GB (80 bytes)."""
    whole = solid_png(8, 8, (1, 2, 3))
    return whole[:33] + struct.pack(">I", 1_800_000_000) + b"tEXtabc"


def tiny_huge_png():
    """About 257 bytes declaring 10000 x 10000 RGB."""
    return png(10000, 10000, zlib.compress(bytes(190000), 9))


# MARK: - Running


def run(binary, args, cwd, env=None, timeout=120, kill_after=None, measure=False):
    """Runs the binary; returns a dict with status, stdout, stderr, signal,
    hang, seconds and peak RSS (kB, when measured)."""
    cmd = ["nice", "-n", "10"]
    if measure:
        cmd += ["/usr/bin/time", "-v"]
    cmd += [binary] + args
    full_env = dict(os.environ)
    full_env.pop("GITHUB_ACTIONS", None)
    full_env.pop("GITHUB_STEP_SUMMARY", None)
    full_env.update(env or {})
    start = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=full_env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    killed = False
    try:
        if kill_after is not None:
            try:
                out, err = p.communicate(timeout=kill_after)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                killed = True
                out, err = p.communicate()
        else:
            out, err = p.communicate(timeout=timeout)
        hang = False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        hang = True
    seconds = time.monotonic() - start
    peak = None
    if measure:
        m = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", err)
        peak = int(m.group(1)) if m else None
        m = re.search(rb"Command terminated by signal (\d+)", err)
        status = -int(m.group(1)) if m else p.returncode
        err = err[: err.rfind(b"\tCommand being timed")] if b"\tCommand being timed" in err else err
    else:
        status = p.returncode
    crashed = status < 0 and not killed and not hang
    return {"status": status, "stdout": out, "stderr": err, "hang": hang, "killed": killed,
            "crash": crashed, "seconds": seconds, "peak_kb": peak}


# MARK: - Checks

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
RUNNER_LINE = re.compile(r"\r\n|\r|\n")


def terminal_problems(data, stream, annotations_allowed):
    """Problems in one output stream as the GitHub runner reads it: line by
    line (\\n, \\r), a line whose trimmed start is '::' is a command, '##['
    anywhere is a (v1) command; and raw control characters (a tab aside)."""
    problems = []
    text = data.decode("utf-8", "surrogateescape")
    for line in RUNNER_LINE.split(text):
        stripped = line.lstrip()
        if stripped.startswith("::"):
            ours = annotations_allowed and (
                line.startswith("::error file=") or line.startswith("::notice::"))
            if not ours:
                problems.append(f"{stream}: workflow command {line[:60]!r}")
        if "##[" in line:
            problems.append(f"{stream}: v1 workflow command {line[:60]!r}")
        bad = CONTROL.search(line.replace("\t", " "))
        if bad:
            problems.append(f"{stream}: raw {bad.group(0)!r} in {line[:60]!r}")
        if any("\udc80" <= ch <= "\udcff" for ch in line):
            problems.append(f"{stream}: bytes that are not UTF-8 in {line[:60]!r}")
    return problems


def markdown_problems(text):
    problems = []
    columns = None
    for line in text.split("\n"):
        if CONTROL.search(line):
            problems.append(f"report.md: raw control character in {line[:60]!r}")
        if not line.startswith("|"):
            columns = None
            continue
        cells = len(re.findall(r"(?<!\\)\|", line.replace("\\\\", "")))
        if columns is None:
            columns = cells
        elif cells != columns:
            problems.append(f"report.md: row with {cells - 1} cells, header {columns - 1}: {line[:60]!r}")
    return problems


def report_problems(folder):
    problems = []
    for name in REPORTS:
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        data = open(path, "rb").read()
        text = data.decode("utf-8", "replace")
        if name == "report.md":
            problems += markdown_problems(text)
        elif CONTROL.search(text.replace("\t", " ").replace("\n", " ")):
            problems.append(f"{name}: raw control character")
        try:
            if name in ("report.json", "report.sarif"):
                json.loads(data)
            elif name == "junit.xml":
                ET.fromstring(data)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{name}: does not parse: {e}")
    return problems


# MARK: - The experiments


def injection(binary, work):
    """Hostile ids, titles, texts and file names through every sink."""
    d = os.path.join(work, "injection")
    os.makedirs(os.path.join(d, "layouts"))
    os.makedirs(os.path.join(d, "wallpapers"))
    items = []
    for i, (name, payload) in enumerate(PAYLOADS.items()):
        items.append(f"""
      - id: {json.dumps(name + payload)}
        color: white
        text: {json.dumps(payload)}
        frame: {{x: 2, y: {2 + 3 * i}, width: 30, height: 3}}""")
    layout = f"""version: 1
layout: hostile
title: {json.dumps("Hostile " + PAYLOADS["stop-commands"])}
canvas: {{width: 40, height: 80, scale: 1}}
elements:
  - id: {json.dumps("bar" + PAYLOADS["add-mask"])}
    material: glass.regular
    frame: {{x: 0, y: 0, width: 40, height: 80}}
    content:{"".join(items)}
"""
    open(os.path.join(d, "layouts", "hostile.yml"), "w").write(layout)
    names = [p for p in PAYLOADS.values() if "\x00" not in p and "/" not in p]
    wallpaper_names = [os.fsencode(n + ".png") for n in names]
    wallpaper_names.append(b"caf\xe9-latin1.png")  # not UTF-8
    for n in wallpaper_names:
        open(os.path.join(os.fsencode(d), b"wallpapers", n), "wb").write(
            solid_png(8, 16, (250, 250, 250)))
    # A wallpaper that cannot be decoded, under a hostile name: an input error.
    open(os.path.join(d, "wallpapers", "broken\n::add-mask::x\x1b[2J.png"), "wb").write(b"not a png")
    tried = len(PAYLOADS) * 2 + 1 + len(wallpaper_names) + 1
    problems = []
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": os.path.join(d, "summary.md")}
    runs = [
        (["run", "--quiet", "--layouts", "layouts", "--wallpapers", "wallpapers", "--out", "out"], True),
        (["validate", "--layouts", "layouts"], False),
    ]
    results = []
    for args, annotations in runs:
        r = run(binary, args, d, env=env)
        results.append(r)
        problems += terminal_problems(r["stdout"], f"{args[0]} stdout", False)
        problems += terminal_problems(r["stderr"], f"{args[0]} stderr", annotations)
    problems += report_problems(os.path.join(d, "out"))
    if os.path.exists(env["GITHUB_STEP_SUMMARY"]):
        problems += markdown_problems(open(env["GITHUB_STEP_SUMMARY"], encoding="utf-8",
                                           errors="replace").read())
    audited = 0
    if os.path.exists(os.path.join(d, "out", "report.json")):
        report = json.load(open(os.path.join(d, "out", "report.json")))
        audited = len({r["wallpaper"] for r in report["results"]})
        not_found = [e for e in report["errors"] if "No such file" in e["message"]]
        problems += [f"wallpaper not found: {e['input']!r}" for e in not_found]
    return {"tried": tried, "runs": results, "problems": problems,
            "audited_wallpapers": audited, "wallpapers": len(wallpaper_names)}


def layout_errors(binary, work):
    """Layouts with control characters, text that is not UTF-8, huge numbers
    and long strings: every error must carry file:line:col."""
    d = os.path.join(work, "layout-errors")
    os.makedirs(d)
    base = """version: 1
layout: probe
canvas: {width: 40, height: 80, scale: 1}
elements:
  - id: bar
    material: none
    frame: {x: 0, y: 0, width: 40, height: 80}
    content:
      - id: label
        color: white
        frame: {x: 2, y: 2, width: 30, height: 10}
"""
    cases = {}
    for c in list(range(0, 9)) + list(range(11, 32)) + [0x7F]:
        for where, marker in (("value", "id: bar"), ("key", "material:"), ("comment", "version: 1")):
            if c == 0x0D and where == "comment":
                continue  # a carriage return ends a comment line: valid YAML
            if where == "value":
                text = base.replace(marker, "id: b" + chr(c) + "ar", 1)
            elif where == "key":
                text = base.replace(marker, "mate" + chr(c) + "rial:", 1)
            else:
                text = base.replace(marker, "version: 1 # c" + chr(c), 1)
            cases[f"ctl-{c:02x}-{where}"] = text.encode("utf-8")
    cases["not-utf8"] = base.encode().replace(b"id: bar", b"id: b\xff\xfear")
    cases["not-utf8-first-line"] = b"\xff" + base.encode()
    cases["frame-1e308"] = base.replace("width: 30", "width: 1e308").encode()
    cases["frame-2^64"] = base.replace("x: 2,", "x: 18446744073709551616,").encode()
    cases["size-1e308"] = base.replace("color: white", "color: white\n        size: 1e308").encode()
    cases["long-id"] = base.replace("id: label", "id: " + "x" * 2_000_000).encode()
    cases["long-title"] = base.replace("layout: probe", "layout: probe\ntitle: " + "t" * 100_000).encode()
    cases["long-text"] = base.replace("color: white", "color: white\n        text: " + "t" * 1_000_000).encode()
    problems = []
    crashes = hangs = 0
    for name, data in cases.items():
        f = os.path.join(d, name + ".yml")
        open(f, "wb").write(data)
        r = run(binary, ["validate", "--layouts", f], d, timeout=60)
        crashes += r["crash"]
        hangs += r["hang"]
        err = r["stderr"].decode("utf-8", "replace")
        if r["status"] != 2:
            problems.append(f"{name}: validate exited {r['status']}, expected 2")
            continue
        lines = [ln for ln in err.split("\n") if ln.startswith("error: ")]
        located = [ln for ln in lines if re.match(r"error: .*?\.yml:\d+:\d+: ", ln)]
        if not lines or len(located) != len(lines):
            problems.append(f"{name}: an error without line:col: {lines[:1]!r}")
    return {"tried": len(cases), "crashes": crashes, "hangs": hangs, "problems": problems}


def decoding(binary, work, mutations, seed):
    """The symbol-286 stream, small files declaring huge images, and mutated
    corpus files: no crash, no hang, bounded memory."""
    d = os.path.join(work, "decoding")
    os.makedirs(os.path.join(d, "layouts"))
    open(os.path.join(d, "layouts", "tiny.yml"), "w").write("""version: 1
layout: tiny
canvas: {width: 20, height: 40, scale: 1}
elements:
  - id: bar
    material: glass.regular
    frame: {x: 0, y: 0, width: 20, height: 20}
    content:
      - id: label
        color: white
        frame: {x: 2, y: 2, width: 10, height: 10}
""")
    out = {}

    def folder(name, files):
        f = os.path.join(d, name)
        os.makedirs(f)
        for n, data in files.items():
            open(os.path.join(f, n), "wb").write(data)
        return f

    def audit(name, files, jobs=1, extra=()):
        f = folder(name, files)
        args = ["run", "--quiet", "--deterministic", "--layouts", "layouts", "--wallpapers", f,
                "--out", os.path.join(d, "out-" + name), "--jobs", str(jobs), "--format", "json"]
        r = run(binary, args + list(extra), d, timeout=600, measure=True)
        errors = []
        p = os.path.join(d, "out-" + name, "report.json")
        if os.path.exists(p):
            errors = json.load(open(p))["errors"]
        return r, errors

    r, errors = audit("symbol-286", {"symbol-286.png": symbol_286_png()})
    out["symbol-286"] = {"status": r["status"], "errors": [e["message"] for e in errors]}
    tiny = tiny_huge_png()
    r, errors = audit("tiny-huge", {"tiny-huge.png": tiny})
    out["tiny-huge"] = {"bytes": len(tiny), "peak_kb": r["peak_kb"], "status": r["status"],
                        "errors": [e["message"] for e in errors]}
    text = long_text_chunk_png()
    r, errors = audit("long-text-chunk", {"long-text-chunk.png": text})
    out["long-text-chunk"] = {"bytes": len(text), "peak_kb": r["peak_kb"], "status": r["status"],
                              "errors": [e["message"] for e in errors]}
    zero = zero_png(9000, 9000)
    r, errors = audit("zero-9000", {"zero-9000.png": zero})
    out["zero-9000"] = {"bytes": len(zero), "peak_kb": r["peak_kb"], "status": r["status"],
                        "seconds": round(r["seconds"], 1), "errors": [e["message"] for e in errors]}
    r, errors = audit("zero-9000-x4", {f"zero-{i}.png": zero for i in range(4)}, jobs=4)
    out["zero-9000-x4-jobs4"] = {"peak_kb": r["peak_kb"], "status": r["status"],
                                 "seconds": round(r["seconds"], 1),
                                 "errors": [e["message"] for e in errors]}
    # Mutated corpus files, all in one run (a crash ends it; a hang is its time limit).
    rng = random.Random(seed)
    sources = []
    for base, _, names in os.walk(CORPUS):
        sources += [os.path.join(base, n) for n in names if n.lower().endswith(".png")]
    for base, _, names in os.walk(os.path.join(ROOT, "wallpapers")):
        sources += [os.path.join(base, n) for n in names
                    if n.lower().endswith(".png") and os.path.getsize(os.path.join(base, n)) < 200_000]
    sources.sort()
    files = {}
    for i in range(mutations if sources else 0):
        data = bytearray(open(rng.choice(sources), "rb").read())
        for _ in range(rng.randint(1, 8)):
            op = rng.random()
            pos = rng.randrange(len(data)) if data else 0
            if op < 0.6 and data:
                data[pos] = rng.randrange(256)
            elif op < 0.8:
                data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
            elif data:
                del data[pos:pos + rng.randint(1, 64)]
        files[f"m{i:05d}.png"] = bytes(data)
    crashes = hangs = 0
    if files:
        f = folder("mutated", files)
        args = ["run", "--quiet", "--deterministic", "--layouts", "layouts", "--wallpapers", f,
                "--out", os.path.join(d, "out-mutated"), "--jobs", "2", "--format", "json",
                "--pixel-limit", "4000000"]
        r = run(binary, args, d, timeout=900, measure=True)
        crashes += r["crash"]
        hangs += r["hang"]
        out["mutated"] = {"files": len(files), "status": r["status"], "peak_kb": r["peak_kb"],
                          "seconds": round(r["seconds"], 1)}
    out["crashes"] = crashes
    out["hangs"] = hangs
    return out


def long_id(binary, work):
    d = os.path.join(work, "long-id")
    os.makedirs(os.path.join(d, "layouts"))
    os.makedirs(os.path.join(d, "wallpapers"))
    open(os.path.join(d, "wallpapers", "w.png"), "wb").write(solid_png(8, 16, (250, 250, 250)))
    open(os.path.join(d, "layouts", "long.yml"), "w").write(f"""version: 1
layout: long
canvas: {{width: 40, height: 80, scale: 1}}
elements:
  - id: {"e" * 2_000_000}
    material: glass.regular
    frame: {{x: 0, y: 0, width: 40, height: 40}}
    content:
      - id: label
        color: white
        frame: {{x: 2, y: 2, width: 30, height: 10}}
""")
    r = run(binary, ["run", "--quiet", "--layouts", "layouts", "--wallpapers", "wallpapers",
                     "--out", "out"], d, timeout=300, measure=True)
    size = sum(os.path.getsize(os.path.join(d, "out", n)) for n in REPORTS
               if os.path.exists(os.path.join(d, "out", n)))
    first = r["stderr"].decode("utf-8", "replace").split("\n")[0][:160]
    return {"status": r["status"], "seconds": round(r["seconds"], 1), "peak_kb": r["peak_kb"],
            "report_bytes": size, "first_error": first}


def set_signature(folder):
    """The report files present and their bytes."""
    sig = {}
    for n in REPORTS:
        p = os.path.join(folder, n)
        if os.path.exists(p):
            sig[n] = open(p, "rb").read()
    return sig


def leftovers(work_dir, out_name):
    """Hidden files and folders a run leaves: in the output folder and beside it."""
    found = []
    out = os.path.join(work_dir, out_name)
    if os.path.isdir(out):
        found += [os.path.join(out, n) for n in os.listdir(out) if n.startswith(".")]
    found += [os.path.join(work_dir, n) for n in os.listdir(work_dir)
              if n.startswith(".") and out_name in n]
    size = 0
    for f in found:
        if os.path.isdir(f):
            for base, _, names in os.walk(f):
                size += sum(os.path.getsize(os.path.join(base, n)) for n in names)
        elif os.path.exists(f):
            size += os.path.getsize(f)
    return found, size


def kill_while_writing(binary, args, cwd, out_name, delay, timeout=120):
    """Starts a run and SIGKILLs it `delay` seconds after it starts writing
    (the first hidden file or folder in the output folder or beside it); a
    run that never shows one is left to finish. Returns (killed, crashed)."""
    cmd = ["nice", "-n", "10", binary] + args
    env = dict(os.environ)
    env.pop("GITHUB_ACTIONS", None)
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    out = os.path.join(cwd, out_name)

    def writing():
        names = [n for n in os.listdir(cwd) if n.startswith(".") and out_name in n]
        if os.path.isdir(out):
            names += [n for n in os.listdir(out) if n.startswith(".")]
        return bool(names)

    start = time.monotonic()
    while p.poll() is None and time.monotonic() - start < timeout:
        try:
            if writing():
                time.sleep(delay)
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
                return True, False
        except FileNotFoundError:
            pass
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    return False, p.returncode < 0


def kills(binary, work, count, seed):
    """SIGKILL at random moments while two different runs take turns writing
    into one folder (half of the kills at any moment of the run, half while
    it writes its reports); after each kill the folder must hold one whole
    set, and the next whole run must leave nothing behind."""
    d = os.path.join(work, "kills")
    os.makedirs(d)
    for f in ("layouts", "wallpapers"):
        shutil.copytree(os.path.join(GOLDEN, f), os.path.join(d, f))
    base = ["run", "--quiet", "--deterministic", "--layouts", "layouts", "--wallpapers",
            "wallpapers", "--out", "out"]
    variants = [base + ["--level", "AA"], base + ["--level", "AAA"]]
    sets = []
    for args in variants:
        r = run(binary, args, d)
        sets.append(set_signature(os.path.join(d, "out")))
        full = r["seconds"]
    if sets[0] == sets[1]:
        return {"problems": ["the two variants write the same bytes"]}
    rng = random.Random(seed)
    mixed = missing = killed_runs = crashes = 0
    left_runs = left_most = 0
    problems = []
    for i in range(count):
        if i % 2 == 0:
            r = run(binary, variants[i % 4 // 2], d, kill_after=rng.uniform(0.2, 1.1) * full)
            killed, crashed = r["killed"], r["crash"]
        else:
            killed, crashed = kill_while_writing(
                binary, variants[i % 4 // 2], d, "out", rng.uniform(0, 0.002))
        killed_runs += killed
        crashes += crashed
        sig = set_signature(os.path.join(d, "out"))
        if not sig:
            missing += 1
        elif sig not in sets:
            mixed += 1
            problems.append(f"kill {i}: a mixed or partial set ({sorted(sig)})")
        left, left_bytes = leftovers(d, "out")
        left_runs += bool(left)
        left_most = max(left_most, left_bytes)
    left, left_bytes = leftovers(d, "out")
    # One whole run afterwards must clean up what the kills left.
    run(binary, variants[0], d)
    after, after_bytes = leftovers(d, "out")
    if set_signature(os.path.join(d, "out")) != sets[0]:
        problems.append("the run after the kills did not write a whole set")
    return {"kills": count, "killed_mid_run": killed_runs, "mixed_sets": mixed,
            "missing_sets": missing, "crashes": crashes,
            "kills_leaving_hidden_files": left_runs, "most_hidden_bytes_left": left_most,
            "leftovers_after_kills": len(left), "leftover_bytes_after_kills": left_bytes,
            "leftovers_after_next_run": len(after), "leftover_bytes_after_next_run": after_bytes,
            "problems": problems}


def full_disk(binary, work):
    """A write that fails (a file size limit, SIGXFSZ ignored, stands in
    for a full disk) must leave the previous set whole."""
    d = os.path.join(work, "full-disk")
    os.makedirs(d)
    for f in ("layouts", "wallpapers"):
        shutil.copytree(os.path.join(GOLDEN, f), os.path.join(d, f))
    args = ["run", "--quiet", "--deterministic", "--layouts", "layouts", "--wallpapers",
            "wallpapers", "--out", "out"]
    run(binary, args + ["--level", "AA"], d)
    before = set_signature(os.path.join(d, "out"))
    # 600 blocks of 512 bytes (dash): report.json and report.md fit, report.html does not.
    cmd = "trap '' XFSZ; ulimit -f 600; exec \"$0\" \"$@\""
    r = run("/bin/sh", ["-c", cmd, binary] + args + ["--level", "AAA"], d)
    after = set_signature(os.path.join(d, "out"))
    left, _ = leftovers(d, "out")
    changed = sorted(n for n in REPORTS if after.get(n) != before.get(n))
    return {"status": r["status"], "old_set_whole": after == before,
            "files_replaced": changed, "leftovers": len(left),
            "stderr": r["stderr"].decode("utf-8", "replace").strip()[:200]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "glass-audit"))
    ap.add_argument("--kills", type=int, default=30)
    ap.add_argument("--mutations", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--keep", help="work in this folder and keep it")
    ap.add_argument("--only", help="comma-separated: injection,layouts,decoding,long-id,kills,disk")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    work = a.keep or tempfile.mkdtemp(prefix="glass-audit-hostile-")
    os.makedirs(work, exist_ok=True)
    only = set(a.only.split(",")) if a.only else None
    failed = False
    summary = {}
    try:
        if not only or "injection" in only:
            r = injection(binary, work)
            summary["injection"] = {
                "inputs": r["tried"], "crashes": sum(x["crash"] for x in r["runs"]),
                "hangs": sum(x["hang"] for x in r["runs"]),
                "exit": [x["status"] for x in r["runs"]],
                "wallpapers_audited": f'{r["audited_wallpapers"]} of {r["wallpapers"]}',
                "problems": len(r["problems"]), "first_problems": r["problems"][:8]}
            failed |= bool(r["problems"]) or r["audited_wallpapers"] != r["wallpapers"]
        if not only or "layouts" in only:
            r = layout_errors(binary, work)
            summary["layout-errors"] = {"inputs": r["tried"], "crashes": r["crashes"],
                                        "hangs": r["hangs"], "problems": len(r["problems"]),
                                        "first_problems": r["problems"][:8]}
            failed |= bool(r["problems"]) or r["crashes"] > 0 or r["hangs"] > 0
        if not only or "decoding" in only:
            r = decoding(binary, work, a.mutations, a.seed)
            summary["decoding"] = r
            failed |= r["crashes"] > 0 or r["hangs"] > 0 or r["symbol-286"]["status"] != 2
        if not only or "long-id" in only:
            summary["long-id"] = long_id(binary, work)
        if not only or "kills" in only:
            r = kills(binary, work, a.kills, a.seed)
            summary["kills"] = {k: v for k, v in r.items() if k != "problems"}
            summary["kills"]["first_problems"] = r["problems"][:5]
            failed |= bool(r["problems"]) or r["leftovers_after_next_run"] > 0
        if not only or "disk" in only:
            r = full_disk(binary, work)
            summary["full-disk"] = r
            failed |= not r["old_set_whole"]
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(summary, indent=2, ensure_ascii=True))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
