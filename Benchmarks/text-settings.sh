#!/usr/bin/env bash
# The cost of every text setting (issue 18, part 6): the bundled matrix's
# default run against the same run with `--text-sizes all --bold-text
# off,on`, in interleaved pairs on one machine, release build. Each pair's
# ratio is the swept run's wall time over the default run's; the order
# inside a pair alternates (default first, then swept first), so a machine
# whose speed drifts does not favour either. Prints every pair, then the
# least, median and greatest ratio and how many pairs are above 2.
#
#   Benchmarks/text-settings.sh [PAIRS]      default: 8
#
# Run from a built checkout (`swift build -c release`). Environment: WORK
# (scratch folder for the reports).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
pairs="${1:-8}"
work="${WORK:-$(mktemp -d /tmp/glass-audit-text-settings.XXXXXX)}"
bin="$root/.build/release/glass-audit"
[ -x "$bin" ] || { echo "text-settings.sh: build first: swift build -c release" >&2; exit 1; }
if [ ! -x /usr/bin/time ]; then
  echo "text-settings.sh: /usr/bin/time not found; install the 'time' package" >&2
  exit 1
fi
cd "$root"

# One run: wall seconds, user seconds, peak KB (the run exits 1 when checks fail).
one() {
  local out="$1"
  shift
  /usr/bin/time -o "$work/time" -f '%e %U %M' "$bin" run --deterministic --quiet \
    --out "$work/$out" "$@" >/dev/null 2>&1 || true
  tail -1 "$work/time"
}

ratios=()
for i in $(seq 1 "$pairs"); do
  if [ $((i % 2)) = 1 ]; then
    d=$(one default)
    s=$(one swept --text-sizes all --bold-text off,on)
  else
    s=$(one swept --text-sizes all --bold-text off,on)
    d=$(one default)
  fi
  r=$(echo "$d $s" | awk '{printf "%.2f", $4 / $1}')
  ratios+=("$r")
  echo "pair $i: default $d  swept $s  ratio $r   (wall s, user s, peak KB)"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '
  { v[NR] = $1; if ($1 > 2) above++ }
  END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "ratio: least %.2f, median %.2f, greatest %.2f; %d of %d above 2\n", v[1], m, v[NR], above, NR
  }'
