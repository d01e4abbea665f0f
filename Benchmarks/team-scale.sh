#!/usr/bin/env bash
# A team's scale: SCREENS layouts x WALLPAPERS wallpapers (default 100 x 100),
# the size the reports issue sets its limits at. Prints the wall time, the peak
# resident memory and the size of every report (SARIF also gzipped), and
# checks the consumers' limits: SARIF under 25,000 results and 10 MB gzipped
# (GitHub code scanning), junit.xml under 30 MB (GitLab), report.md at most
# 65,536 characters (a pull-request comment).
#
#   Benchmarks/team-scale.sh [SCREENS [WALLPAPERS [-- RUN FLAGS...]]]
#
# The screens are the bundled layouts/ copied under new ids (countdown-list-001,
# ...), cycling; the wallpapers are symbolic links to the bundled PNGs under
# new names, cycling. Environment: WORK (scratch folder), BIN (a built
# glass-audit; default: build release).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
screens="${1:-100}"
walls="${2:-100}"
shift $(($# > 2 ? 2 : $#))
[ "${1:-}" = "--" ] && shift
work="${WORK:-$(mktemp -d /tmp/glass-audit-team-scale.XXXXXX)}"
mkdir -p "$work"

if [ -z "${BIN:-}" ]; then
  echo "building glass-audit (release)..." >&2
  (cd "$root" && swift build -c release --product glass-audit >&2)
  BIN="$root/.build/release/glass-audit"
fi

mapfile -t layouts < <(find "$root/layouts" -maxdepth 1 -name '*.yml' | sort)
mapfile -t pngs < <(find "$root/wallpapers" -maxdepth 1 -name '*.png' | sort)

rm -rf "$work/layouts" "$work/wallpapers" "$work/out"
mkdir -p "$work/layouts" "$work/wallpapers"
for ((i = 0; i < screens; i++)); do
  src="${layouts[$((i % ${#layouts[@]}))]}"
  id="$(basename "$src" .yml)-$(printf '%03d' $((i + 1)))"
  # The layout id becomes unique; everything else is the bundled screen.
  sed -E "s/^layout:[[:space:]]*.*/layout: $id/" "$src" >"$work/layouts/$id.yml"
done
for ((i = 0; i < walls; i++)); do
  src="${pngs[$((i % ${#pngs[@]}))]}"
  ln -s "$src" "$work/wallpapers/$(printf 'w%03d' $((i + 1)))-$(basename "$src")"
done

echo "machine: $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "matrix: $screens screens x $walls wallpapers; flags: ${*:-(none)}"
rc=0
/usr/bin/time -f '%e %M' -o "$work/time.txt" "$BIN" run --deterministic --quiet \
  --layouts "$work/layouts" --wallpapers "$work/wallpapers" --out "$work/out" "$@" \
  >"$work/stdout.txt" 2>"$work/stderr.txt" || rc=$?
if [ "$rc" -ge 2 ]; then
  echo "team-scale.sh: glass-audit exited $rc; see $work/stderr.txt" >&2
  exit 1
fi
read -r secs kb < <(tail -n 1 "$work/time.txt")
echo "wall: ${secs} s; peak RSS: $((kb / 1024)) MiB; exit $rc"
echo
echo "| report | bytes | limit |"
echo "| --- | ---: | --- |"
for f in report.json report.md report.html junit.xml report.sarif; do
  printf '| %s | %d | |\n' "$f" "$(stat -c %s "$work/out/$f")"
done
sarif_gz=$(gzip -c "$work/out/report.sarif" | wc -c)
sarif_results=$(python3 -c 'import json,sys; print(sum(len(r["results"]) for r in json.load(open(sys.argv[1]))["runs"]))' "$work/out/report.sarif")
md_chars=$(python3 -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$work/out/report.md")
junit=$(stat -c %s "$work/out/junit.xml")
echo
echo "SARIF: $sarif_results results (limit 25000), $sarif_gz bytes gzipped (limit 10485760)"
echo "junit.xml: $junit bytes (limit 31457280)"
echo "report.md: $md_chars characters (limit 65536)"
ok=1
[ "$sarif_results" -lt 25000 ] || { echo "over: SARIF results"; ok=0; }
[ "$sarif_gz" -lt 10485760 ] || { echo "over: SARIF gzipped"; ok=0; }
[ "$junit" -lt 31457280 ] || { echo "over: junit.xml"; ok=0; }
[ "$md_chars" -le 65536 ] || { echo "over: report.md"; ok=0; }
[ "$ok" = 1 ] && echo "all within the consumers' limits"
echo "scratch: $work"
