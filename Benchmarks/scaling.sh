#!/usr/bin/env bash
# Wall time and peak resident memory of `glass-audit run` (release) as the
# number of wallpapers grows, to show that time grows linearly with the
# matrix while memory is bounded by the wallpapers in flight (one per job),
# not by the matrix.
#
#   Benchmarks/scaling.sh [COUNT ...]      default: 8 16 32 64
#
# Each COUNT gets a folder of that many wallpapers: symbolic links to the
# bundled PNGs under new names (w01-solid-light.png, ...), cycling through
# them, with no matrix.yml. Then the bundled matrix (wallpapers/, with its
# matrix.yml) and one 4x its size (each wallpaper four times) are run too.
# Every run audits all of layouts/ in every mode and appearance, with the
# default number of jobs (one per core). Environment: WORK (scratch folder).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
counts="${*:-8 16 32 64}"
work="${WORK:-$(mktemp -d /tmp/glass-audit-scaling.XXXXXX)}"
mkdir -p "$work"

if [ ! -x /usr/bin/time ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y -q time >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q time >/dev/null; }
  else
    echo "scaling.sh: /usr/bin/time not found; install the 'time' package" >&2
    exit 1
  fi
fi

echo "building glass-audit (release)..." >&2
(cd "$root" && swift build -c release --product glass-audit >&2)
bin="$root/.build/release/glass-audit"

mapfile -t pngs < <(find "$root/wallpapers" -maxdepth 1 -name '*.png' | sort)
layouts=$(find "$root/layouts" -maxdepth 1 \( -name '*.yml' -o -name '*.yaml' -o -name '*.json' \) | wc -l)

# make_folder NAME COUNT: COUNT links to the bundled PNGs, cycling.
make_folder() {
  local dir="$work/$1" n="$2" i
  rm -rf "$dir"
  mkdir -p "$dir"
  for ((i = 0; i < n; i++)); do
    local src="${pngs[$((i % ${#pngs[@]}))]}"
    ln -s "$src" "$dir/$(printf 'w%02d' $((i + 1)))-$(basename "$src")"
  done
  echo "$dir"
}

# measure LABEL COUNT DIR: one run, one table row.
measure() {
  local label="$1" n="$2" dir="$3" out="$work/out-$1" log="$work/time-$1.txt" rc=0
  rm -rf "$out"
  (cd "$root" && /usr/bin/time -v "$bin" run --deterministic --quiet --out "$out" \
    --wallpapers "$dir" 2>"$log" >/dev/null) || rc=$?
  # 0: all checks pass; 1: some fail (a finding, not an error). 2 or more: it could not run.
  if [ "$rc" -ge 2 ]; then
    echo "scaling.sh: glass-audit run failed on $dir (exit $rc); see $log" >&2
    exit 1
  fi
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  local secs
  secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  local scenes=$((layouts * n * 8))
  printf '| %s | %d | %d | %.2f | %.1f | %d |\n' "$label" "$n" "$scenes" "$secs" \
    "$(echo "$secs $scenes" | awk '{ printf "%.1f", $1 * 1000 / $2 }')" $((rss / 1024))
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "layouts: $layouts; bundled wallpapers: ${#pngs[@]}; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run | wallpapers | scenes | wall s | ms / scene | peak RSS MiB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for n in $counts; do
  measure "folder-$n" "$n" "$(make_folder "folder-$n" "$n")"
done
measure "bundled-matrix" "${#pngs[@]}" "$root/wallpapers"
measure "bundled-x4" $((4 * ${#pngs[@]})) "$(make_folder "bundled-x4" $((4 * ${#pngs[@]})))"
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "scratch: $work"
