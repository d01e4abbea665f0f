#!/usr/bin/env bash
# Side by side with numpy (issue 32): glass-audit and an independent
# numpy/scipy implementation of SPEC §2.1 and §3.1-§3.4
# (Benchmarks/numpy/glass_model.py) audit the same layouts x wallpapers x
# appearances x modes x Liquid Glass settings (clear, default, tinted); each
# one's CPU time (user + sys, getrusage of its process tree) is printed with
# the ratio, and the numpy side's judged ratios (min, the default statistic)
# are compared with the tool's report.json: how many agree within 1 %, the
# largest difference, the verdicts. The tool is timed twice over: with its
# default workers (one per core) and with `--jobs 1`, on one core as the
# numpy side runs (the same report.json, checked with cmp). On a shared
# virtual machine the CPU time of two busy threads drifts upward with what
# runs beside them; the one-core figure measures the work alone.
#
#   bash Benchmarks/numpy-compare.sh [path/to/glass-audit]
#        (default: .build/release/glass-audit; a relative path is taken
#        from the repository root)
#
# Default matrix: 2 layouts (countdown-list, coaching-chat) x 11 of the
# bundled wallpapers, as issue 32's held-out set (2 screens x 11 wallpapers,
# three Liquid Glass settings, JSON only). Environment:
#   ALL=1          the whole bundled matrix instead (layouts/ x wallpapers/:
#                  4 layouts, 21 wallpapers; the numpy side takes about ten
#                  minutes of CPU)
#   LAYOUTS, WALLPAPERS  space-separated files (paths from the repository
#                  root) instead of the defaults
#   TOOL_REPEAT    runs of the tool, the median CPU time taken (default 3)
#   VENV           Python venv (default /tmp/glass-audit-numpy-venv), made
#                  with the system's site packages; numpy, scipy, Pillow and
#                  PyYAML are pip-installed into it only when missing
#                  (tooling only, nothing in the repository)
#   WORK           scratch folder (default a new one under /tmp)
#
# A benchmark, not a test: CI does not run it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"
bin="${1:-.build/release/glass-audit}"
case "$bin" in /*) ;; *) bin="$root/$bin" ;; esac
if [ ! -x "$bin" ]; then
  echo "numpy-compare: no glass-audit at $bin (swift build -c release, or pass its path)" >&2
  exit 1
fi
venv="${VENV:-/tmp/glass-audit-numpy-venv}"
work="${WORK:-$(mktemp -d /tmp/glass-audit-numpy.XXXXXX)}"
tool_repeat="${TOOL_REPEAT:-3}"
mkdir -p "$work"

# --- Python ----------------------------------------------------------------
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv --system-site-packages "$venv"
fi
py="$venv/bin/python"
need=()
"$py" -c 'import numpy' 2>/dev/null || need+=(numpy)
"$py" -c 'import scipy.ndimage, scipy.sparse' 2>/dev/null || need+=(scipy)
"$py" -c 'import PIL' 2>/dev/null || need+=(pillow)
"$py" -c 'import yaml' 2>/dev/null || need+=(pyyaml)
if [ ${#need[@]} -gt 0 ]; then
  echo "numpy-compare: installing ${need[*]} into $venv" >&2
  "$py" -m pip install -q "${need[@]}"
fi

# --- inputs: one folder of layouts, one of wallpapers, read by both --------
if [ "${ALL:-0}" = 1 ]; then
  layouts=(layouts/*.yml)
  wallpapers=(wallpapers/*.png)
else
  read -r -a layouts <<<"${LAYOUTS:-layouts/countdown-list.yml layouts/coaching-chat.yml}"
  read -r -a wallpapers <<<"${WALLPAPERS:-wallpapers/solid-light.png wallpapers/solid-black.png \
wallpapers/gradient-dusk.png wallpapers/gradient-teal-navy.png wallpapers/checkerboard-8px.png \
wallpapers/stripes-1px.png wallpapers/noise-grey.png wallpapers/vivid-quadrants.png \
wallpapers/photo-bridge-sky.png wallpapers/photo-fig.png wallpapers/photo-sunset.png}"
fi
rm -rf "$work/layouts" "$work/wallpapers"
mkdir -p "$work/layouts" "$work/wallpapers"
cp "${layouts[@]}" "$work/layouts/"
cp "${wallpapers[@]}" "$work/wallpapers/"   # no matrix.yml: ids are the file names, both appearances
echo "inputs: ${#layouts[@]} layouts x ${#wallpapers[@]} wallpapers x light, dark x 4 modes x clear, default, tinted (copied to $work)"

# --- the tool ----------------------------------------------------------------
# Its median CPU time over TOOL_REPEAT runs with the extra flags "$1" (none:
# its default workers), into tool_cpu; the times into tool_times.
time_tool() {
  tool_times=()
  local flags=() i status
  [ -n "$1" ] && read -r -a flags <<<"$1"
  for i in $(seq 1 "$tool_repeat"); do
    rm -rf "$work/tool$2"
    status=0
    # From the scratch folder, so that no glass-audit.yml of the current folder applies.
    # --no-verify-fixes: the numpy side neither searches for fixes nor re-audits
    # them; the tool's remedy search and bounds stay in its time.
    (cd "$work" && "$py" "$here/numpy/cpu_time.py" "$work/tool-cpu.txt" \
      "$bin" run ${flags[@]+"${flags[@]}"} --layouts "$work/layouts" --wallpapers "$work/wallpapers" \
      --format json --json-checks all --deterministic --quiet --fail-on never --no-verify-fixes \
      --out "$work/tool$2" >"$work/tool-stdout.txt") || status=$?
    if [ "$status" -ne 0 ]; then
      echo "numpy-compare: glass-audit exited $status" >&2
      cat "$work/tool-stdout.txt" >&2
      exit 1
    fi
    tool_times+=("$(cat "$work/tool-cpu.txt")")
    echo "glass-audit${1:+ $1} run $i: $(cat "$work/tool-cpu.txt") s CPU"
  done
  tool_cpu="$(printf '%s\n' "${tool_times[@]}" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')"
}
time_tool "" ""
tool_cpu_default="$tool_cpu"
tool_times_default=("${tool_times[@]}")
time_tool "--jobs 1" "-one-core"
tool_cpu_one="$tool_cpu"
tool_times_one=("${tool_times[@]}")
if ! cmp -s "$work/tool/report.json" "$work/tool-one-core/report.json"; then
  echo "numpy-compare: report.json differs between the default workers and --jobs 1" >&2
  exit 1
fi

# --- numpy -------------------------------------------------------------------
"$py" "$here/numpy/cpu_time.py" "$work/numpy-cpu.txt" \
  "$py" "$here/numpy/glass_model.py" --layouts "$work/layouts" --wallpapers "$work/wallpapers" \
  --out "$work/numpy-checks.json"
numpy_cpu="$(cat "$work/numpy-cpu.txt")"
echo "numpy/scipy: $numpy_cpu s CPU"

# --- figures -------------------------------------------------------------------
echo
echo "CPU time (user + sys), $(date -u '+%Y-%m-%d %H:%M UTC'), $bin (repository HEAD $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "?")), $(nproc) cores:"
echo "  glass-audit, its default workers  $tool_cpu_default s (median of ${#tool_times_default[@]}: ${tool_times_default[*]})"
echo "  glass-audit --jobs 1 (one core)    $tool_cpu_one s (median of ${#tool_times_one[@]}: ${tool_times_one[*]})"
echo "  numpy/scipy (one core)             $numpy_cpu s"
awk -v t="$tool_cpu_default" -v o="$tool_cpu_one" -v n="$numpy_cpu" 'BEGIN {
  printf "  ratio        %.1fx (numpy / glass-audit with its default workers)\n", n / t
  printf "  ratio        %.1fx (numpy / glass-audit --jobs 1, one core each)\n", n / o
}'
echo
echo "Agreement (numpy against the tool's report.json):"
"$py" "$here/numpy/compare_checks.py" "$work/tool/report.json" "$work/numpy-checks.json" | sed 's/^/  /'
