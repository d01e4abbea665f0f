#!/usr/bin/env bash
# Issue 32's criterion 1: the CPU time (user + sys) of one build's default
# run against another's, in alternating pairs on one machine (the order
# inside a pair alternates too, so a machine whose speed drifts favours
# neither). Prints every run (CPU seconds, peak RSS in KiB), then each
# side's median and the ratio of the medians, NEW over OLD.
#
#   Benchmarks/cpu-pairs.sh NEW OLD [PAIRS] [-- FLAGS...]    PAIRS default: 5
#
# NEW and OLD are glass-audit binaries (release builds); FLAGS go to NEW's
# run only (`--no-verify-fixes` against a build from before the flag, as
# for "5c78da1's own work"). Each run is `BIN run --deterministic -q
# [FLAGS] --out DIR` from the repository root, over the bundled matrix.
# Environment: WORK (scratch folder for the reports).
set -euo pipefail

usage() { echo "usage: cpu-pairs.sh NEW OLD [PAIRS] [-- FLAGS...]" >&2; exit 64; }
[ $# -ge 2 ] || usage
new="$1"
old="$2"
shift 2
pairs=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  pairs="$1"
  shift
fi
[ $# -eq 0 ] || { [ "$1" = "--" ] && shift; } || usage
flags=("$@")
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "cpu-pairs.sh: PAIRS must be a positive whole number, not '$pairs'" >&2; exit 64; }
for b in "$new" "$old"; do
  [ -x "$b" ] || { echo "cpu-pairs.sh: not an executable: '$b'" >&2; exit 1; }
done
if [ ! -x /usr/bin/time ]; then
  echo "cpu-pairs.sh: /usr/bin/time not found; install the 'time' package" >&2
  exit 1
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$(dirname "$here")"
work="${WORK:-$(mktemp -d /tmp/glass-audit-cpu-pairs.XXXXXX)}"
mkdir -p "$work"

# One run: "CPU-seconds peak-KiB" (the run exits 1 when checks fail, 2 when
# an input could not be audited; anything else is an error here).
one() {
  local bin="$1"
  shift
  rm -rf "$work/out"
  local status=0
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$bin" run --deterministic -q "$@" \
    --out "$work/out" >/dev/null 2>"$work/stderr" || status=$?
  if [ "$status" -gt 2 ]; then
    echo "cpu-pairs.sh: '$bin' exited $status:" >&2
    tail -n 5 "$work/stderr" >&2
    exit 1
  fi
  awk 'END { printf "%.2f %d\n", $1 + $2, $3 }' "$work/time"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: >"$work/new.cpu"
: >"$work/old.cpu"
for i in $(seq 1 "$pairs"); do
  if [ $((i % 2)) -eq 1 ]; then order="new old"; else order="old new"; fi
  for side in $order; do
    if [ "$side" = new ]; then r=$(one "$new" ${flags[@]+"${flags[@]}"}); else r=$(one "$old"); fi
    echo "pair $i $side: ${r% *} s CPU, peak ${r#* } KiB"
    echo "${r% *}" >>"$work/$side.cpu"
  done
done
n=$(median <"$work/new.cpu")
o=$(median <"$work/old.cpu")
awk -v n="$n" -v o="$o" -v p="$pairs" 'BEGIN {
  printf "medians of %d pairs: new %.2f s, old %.2f s: new/old %.2fx\n", p, n, o, n / o
}'
