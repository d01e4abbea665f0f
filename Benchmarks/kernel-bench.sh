#!/usr/bin/env bash
# The contrast model's vector loop alone (Benchmarks/kernel/ratios-bench.c),
# compiled against this checkout's Sources/CPixelKernel with the release
# build's optimisation, at opaque and translucent text, ratios alone and
# with the statistics, with the luminance table read as the CPU chooses and
# (with AVX-512) the other way: nanoseconds an entry and a checksum of the
# ratios (equal across versions and reads that keep the bits). A benchmark,
# not a test.
#
#   bash Benchmarks/kernel-bench.sh [path/to/a/checkout]   (default: this one)
#   FLOAT=1 bash Benchmarks/kernel-bench.sh   also the experiment of the same
#        loop in single precision (kernel/ratios-float-bench.c; AVX-512 only)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="${1:-$(dirname "$here")}"
src="$root/Sources/CPixelKernel"
work="$(mktemp -d /tmp/glass-audit-kernel.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cc="${CC:-clang}"
"$cc" -O2 -I "$src/include" -I "$src" -o "$work/ratios-bench" "$here/kernel/ratios-bench.c" \
  "$src/cpixelkernel.c" "$src/cgather.c" -lm
echo "Sources/CPixelKernel of $root ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "?")):"
# The CPU's choice of table reads, then (with AVX-512) the other one.
for reads in cpu other; do
  for opaque in 1 0; do
    for summary in 0 1; do
      if [ "$reads" = cpu ]; then
        "$work/ratios-bench" "$opaque" "$summary"
      else
        line="$("$work/ratios-bench" "$opaque" "$summary")"
        case "$line" in
          *"table by gathers"*) "$work/ratios-bench" "$opaque" "$summary" loads ;;
          *"table by loads"*) "$work/ratios-bench" "$opaque" "$summary" gathers ;;
          *) continue 3 ;;
        esac
      fi
    done
  done
done
if [ "${FLOAT:-0}" = 1 ]; then
  "$cc" -O2 -I "$src/include" -I "$src" -o "$work/ratios-float-bench" \
    "$here/kernel/ratios-float-bench.c" "$src/cpixelkernel.c" "$src/cgather.c" -lm
  for opaque in 1 0; do
    for gathers in 0 1; do "$work/ratios-float-bench" "$opaque" "$gathers"; done
  done
fi
