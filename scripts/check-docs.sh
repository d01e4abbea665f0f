#!/usr/bin/env bash
# Docs that run: checks README.md and docs/*.md against the repository.
#
#   1. Every ```sh block is run, in order, file by file, in a fresh copy of
#      the repository (its tracked and unignored files) with the release
#      binary first on the PATH and HOME in a temporary folder. A block fails
#      when a command in it exits non-zero, except that a command naming
#      `glass-audit` may exit 1 (a check fails: a result, not an error),
#      never 2 (an input could not be audited) or 64 (a usage error). A
#      failure names the file and the line of the command.
#      Just before a fence (the line above it, blank lines aside):
#        <!-- not run: REASON -->   the block is not run (an install step, a
#                                   sudo line, a macOS command); the reason
#                                   is required
#        <!-- run in the checkout --> the block runs in the repository itself
#                                   (the install steps: `make install` there
#                                   reuses the release build), HOME still the
#                                   temporary one
#        <!-- run by .ci/run -->    not run here: every command of the block
#                                   must be a line of .ci/run (the test
#                                   command: CI runs exactly the README's)
#        <!-- output -->            on a ```text block: the stdout of the sh
#                                   block before it must be this text
#                                   (trailing spaces ignored)
#      Blocks of any other language (console, text, yaml) are not run.
#   2. Every repository path cited (in backticks, links or code blocks)
#      whose first folder is one the repository tracks exists, in the
#      repository or as made by the page's own blocks (`glass-audit init`
#      writes layouts/example.yml). Paths under reports/ (written by a run)
#      are not checked.
#   3. The figures stated about the bundled run: every "N scenes",
#      "N checks", "N wallpapers" and "N failing items" in the pages must
#      be the bundled run's (glass-audit run --deterministic, read from its
#      report.json; GLASS_AUDIT_BUNDLED_REPORT names one already made), or
#      of a run the pages' own blocks made (every report.json they wrote).
#      Figures of other runs (sizes, times, larger matrices) belong in
#      Benchmarks/README.md, which is not checked.
#
# Usage: scripts/check-docs.sh [FILE.md ...]   (default: README.md docs/*.md)
# Needs the release binary: swift build -c release (GLASS_AUDIT_BIN to use
# another). Exits 1 on the first failing block or any wrong path or figure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

bin="${GLASS_AUDIT_BIN:-$repo/.build/release/glass-audit}"
if [ ! -x "$bin" ]; then
  echo "check-docs: no release binary at $bin (run: swift build -c release)" >&2
  exit 1
fi

if [ $# -gt 0 ]; then files=("$@"); else files=(README.md docs/*.md); fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/home"
cp "$bin" "$work/bin/glass-audit"

python3 - "$repo" "$work" "${files[@]}" <<'PY'
import json, os, re, shutil, subprocess, sys, time

repo, work, files = sys.argv[1], sys.argv[2], sys.argv[3:]
failures = []

def fail(where, message):
    failures.append(f"{where}: {message}")
    print(f"FAIL {where}: {message}", file=sys.stderr)

tracked = subprocess.run(
    ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    cwd=repo, check=True, capture_output=True).stdout.decode().split("\0")
tracked = [p for p in tracked if p and os.path.exists(os.path.join(repo, p))]
tracked_set = set(tracked)
tracked_dirs = set()
for p in tracked:
    parts = p.split("/")
    for i in range(1, len(parts)):
        tracked_dirs.add("/".join(parts[:i]))
top_dirs = {p.split("/")[0] for p in tracked if "/" in p}

FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
MARK = re.compile(r"^\s*<!--\s*(not run:\s*(.*?)|run in the checkout|run by \.ci/run|output)\s*-->\s*$")

def blocks(path):
    """Yields (language, first line number of the body, body lines, marker)."""
    lines = open(os.path.join(repo, path), encoding="utf-8").read().split("\n")
    i, marker = 0, None
    while i < len(lines):
        m = FENCE.match(lines[i])
        mk = MARK.match(lines[i])
        if mk:
            marker = mk.group(1)
            if marker.startswith("not run") and not mk.group(2).strip():
                fail(f"{path}:{i + 1}", "a 'not run' marker needs its reason")
            i += 1
            continue
        if m:
            indent, lang, start = m.group(1), m.group(2), i + 1
            body = []
            i += 1
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            if i == len(lines):
                fail(f"{path}:{start}", "a code block is never closed")
            yield lang, start + 1, body, marker, lines
            marker = None
            i += 1
            continue
        if lines[i].strip():
            marker = None
        i += 1

# --- 2. paths -------------------------------------------------------------
PATHISH = re.compile(r"^\.?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.*-]+)*/?$")

def check_path(where, token):
    token = token.strip().rstrip(".,;:)")
    token = token.split("#")[0]
    if not token or "/" not in token or "://" in token or not PATHISH.match(token):
        return
    if token.startswith("./"):
        token = token[2:]
    first = token.split("/")[0]
    if first not in top_dirs or first == "reports":
        return
    if "*" in token:
        import fnmatch
        if not any(fnmatch.fnmatch(p, token) for p in tracked):
            fail(where, f"no repository path matches `{token}`")
        return
    t = token.rstrip("/")
    if t not in tracked_set and t not in tracked_dirs:
        pending.append((where, t))

def md_paths(path):
    text = open(os.path.join(repo, path), encoding="utf-8").read().split("\n")
    in_code = False
    base = os.path.dirname(path)
    for n, line in enumerate(text, 1):
        if FENCE.match(line) or re.match(r"^\s*```\s*$", line):
            in_code = not in_code
            continue
        where = f"{path}:{n}"
        if in_code:
            for tok in re.split(r"[\s'\"=,()\[\]{}]+", line.split(" #")[0]):
                check_path(where, tok)
            continue
        for tok in re.findall(r"`([^`]+)`", line):
            check_path(where, tok)
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if "://" in target or target.startswith("#") or target.startswith("mailto:"):
                continue
            rel = os.path.normpath(os.path.join(base, target.split("#")[0]))
            if rel not in tracked_set and rel not in tracked_dirs:
                fail(where, f"link to `{target}`: no such file in the repository")

pending = []  # (where, path): not in the repository; a block may make it

def made_by_blocks(copy, t):
    if not copy or not os.path.isdir(copy):
        return False
    if os.path.exists(os.path.join(copy, t)):
        return True
    for root, dirs, _ in os.walk(copy):
        if os.path.exists(os.path.join(root, t)):
            return True
    return False

# --- 1. blocks --------------------------------------------------------------
env = dict(os.environ)
env["HOME"] = os.path.join(work, "home")
env["PATH"] = os.path.join(work, "bin") + os.pathsep + env["PATH"]
env["NO_COLOR"] = "1"
for k in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY"):
    env.pop(k, None)

PRELUDE = r'''
set -E -o pipefail
__docs_err() {
  local s=$1 line=$2
  # glass-audit's exit 1 is a result (a check fails), not an error
  if [ "$s" -eq 1 ] && [[ "$(sed -n "${line}p" "$0")" == *glass-audit* ]]; then return 0; fi
  echo "__DOCS_FAILED_LINE__ $((line - __OFFSET__)) exit $s" >&2
  exit "$s"
}
trap '__docs_err $? $LINENO' ERR
'''

copies = []
ran = 0
for f in files:
    copy = os.path.join(work, "copy-" + re.sub(r"[^A-Za-z0-9]", "-", f))
    made = False
    last_stdout = None
    for lang, line0, body, marker, _ in blocks(f):
        if lang == "text" and marker == "output":
            if last_stdout is None:
                fail(f"{f}:{line0 - 1}", "an <!-- output --> block follows no block that ran")
                continue
            want = [l.rstrip() for l in body]
            got = [l.rstrip() for l in last_stdout.rstrip("\n").split("\n")]
            if want != got:
                import difflib
                diff = "\n".join(difflib.unified_diff(want, got, "docs", "ran", lineterm="", n=1))
                fail(f"{f}:{line0 - 1}", "the output differs from the block above:\n" + diff)
            continue
        if lang != "sh":
            continue
        if marker and marker.startswith("not run"):
            last_stdout = None
            continue
        if marker == "run by .ci/run":
            ci = {l.strip() for l in open(os.path.join(repo, ".ci/run"), encoding="utf-8")}
            for k, l in enumerate(body):
                cmd = l.split(" #")[0].strip()
                if cmd and not cmd.startswith("#") and cmd not in ci:
                    fail(f"{f}:{line0 + k}", f"`{cmd}` is not a line of .ci/run")
            last_stdout = None
            continue
        if not made:
            os.makedirs(copy)
            for p in tracked:
                dst = os.path.join(copy, p)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(os.path.join(repo, p), dst, follow_symlinks=False)
            copies.append(copy)
            made = True
        cwd = repo if marker == "run in the checkout" else copy
        prelude = PRELUDE.replace("__OFFSET__", str(PRELUDE.count("\n")))
        script_file = os.path.join(work, "block.sh")
        with open(script_file, "w") as fh:
            # reaching the end is success: an allowed exit 1 on the last line
            # must not become the script's status
            fh.write(prelude + "\n".join(body) + "\nexit 0\n")
        t0 = time.monotonic()
        r = subprocess.run(["bash", script_file], cwd=cwd, env=env,
                           capture_output=True, text=True)
        took = time.monotonic() - t0
        ran += 1
        last_stdout = r.stdout
        if r.returncode != 0:
            m = re.search(r"__DOCS_FAILED_LINE__ (\d+) exit (\d+)", r.stderr)
            where = f"{f}:{line0 + int(m.group(1)) - 1}" if m else f"{f}:{line0}"
            err = re.sub(r"__DOCS_FAILED_LINE__.*\n?", "", r.stderr).strip().split("\n")[-8:]
            fail(where, f"exited {m.group(2) if m else r.returncode}\n    " + "\n    ".join(err))
        else:
            print(f"ok   {f}:{line0 - 1} ({took:.1f} s)")
    pending.clear()
    md_paths(f)
    for where, t in pending:
        if not made_by_blocks(copy if made else None, t):
            fail(where, f"`{t}` does not exist in the repository (nor is it made by a block of {f})")

# --- 3. figures -------------------------------------------------------------
given = os.environ.get("GLASS_AUDIT_BUNDLED_REPORT")
if given:
    bundled_report = given
else:
    bundled = os.path.join(work, "bundled")
    r = subprocess.run([os.path.join(work, "bin", "glass-audit"), "run", "--deterministic",
                        "--quiet", "--format", "json", "--out", bundled],
                       cwd=repo, env=env, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        fail("bundled run", f"glass-audit run exited {r.returncode}: {r.stderr.strip()}")
    bundled_report = os.path.join(bundled, "report.json")
known = {"scenes": set(), "checks": set(), "wallpapers": set(), "failing items": set()}
def collect(report):
    with open(report) as fh:
        j = json.load(fh)
    s = j.get("summary", {})
    known["scenes"].add(s.get("scenes"))
    known["checks"].add(s.get("checks"))
    known["wallpapers"].add(s.get("wallpapers"))
    known["failing items"].add(s.get("failingItems"))
collect(bundled_report)
b = {k: sorted(v) for k, v in known.items()}
for c in copies:
    for root, _, names in os.walk(c):
        if "report.json" in names:
            collect(os.path.join(root, "report.json"))
FIGURE = re.compile(r"\b(\d{1,3}(?:,\d{3})+|\d+) (scenes|checks|wallpapers|failing items)\b")
for f in files:
    for n, line in enumerate(open(os.path.join(repo, f), encoding="utf-8"), 1):
        for num, what in FIGURE.findall(line):
            v = int(num.replace(",", ""))
            if v not in known[what]:
                fail(f"{f}:{n}", f"'{num} {what}': no run of the docs has {v} {what} "
                     f"(the bundled run: {b[what]})")

print(f"check-docs: {ran} blocks run; the bundled run has "
      f"{b['scenes'][0]} scenes, {b['checks'][0]} checks")
if failures:
    print(f"check-docs: {len(failures)} problem(s)", file=sys.stderr)
    sys.exit(1)
PY
