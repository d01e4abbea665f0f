#!/usr/bin/env bash
# Times glass-audit's Gaussian blur against Pillow (GaussianBlur, BoxBlur),
# OpenCV (cv2.GaussianBlur, exact kernel of radius ceil(4 sigma)) and libvips'
# default (`vips gaussblur in.png out.v sigma`) on the same 1290x2796 photo,
# all on one thread, and each one's largest error against a true Gaussian (see
# compare.py). glass-audit is timed as its blur field (what the audit computes)
# and as the field plus the whole image materialised into a reused buffer;
# the others' times are printed as ratios to both.
#
#   Benchmarks/compare.sh [SIGMA ...]      default: 15 30 60 120
#
# Environment: REPEAT (runs per timing of the other implementations, default
# 5), GLASS_REPEAT (runs per glass-audit timing, default 41), VENV (Python
# venv for Pillow and OpenCV, default /tmp/glass-audit-bench-venv), WORK
# (scratch folder, default a new one under /tmp).
#
# Installs what is missing (tooling only, nothing in the repository):
# pillow and opencv-python-headless into the venv (numpy and scipy from the
# system site if present), libvips-tools with apt-get.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
sigmas="${*:-15 30 60 120}"
repeat="${REPEAT:-5}"
glass_repeat="${GLASS_REPEAT:-41}"
venv="${VENV:-/tmp/glass-audit-bench-venv}"
work="${WORK:-$(mktemp -d /tmp/glass-audit-compare.XXXXXX)}"
mkdir -p "$work"

# --- tools ---------------------------------------------------------------
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv --system-site-packages "$venv"
fi
py="$venv/bin/python"
if ! "$py" -c 'import numpy, scipy' 2>/dev/null; then
  "$py" -m pip install -q numpy scipy
fi
if ! "$py" -c 'import PIL, cv2' 2>/dev/null; then
  "$py" -m pip install -q pillow opencv-python-headless
fi
if ! command -v vips >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y -q libvips-tools >/dev/null || {
      apt-get update -q >/dev/null && apt-get install -y -q libvips-tools >/dev/null
    }
  else
    echo "compare.sh: vips not found; install libvips-tools" >&2
    exit 1
  fi
fi

echo "building blur-tool (release)..." >&2
(cd "$here" && swift build -c release --product blur-tool >&2)
blur_tool="$(cd "$here" && swift build -c release --show-bin-path)/blur-tool"

# --- the image: photo-fig aspect-filled (Lanczos) to 1290x2796 -------------
image="$work/photo-fig-1290x2796.png"
"$py" - "$root/wallpapers/photo-fig.png" "$image" <<'PY'
import sys
from PIL import Image
src = Image.open(sys.argv[1]).convert("RGB")
W, H = 1290, 2796
s = max(W / src.width, H / src.height)
w, h = round(src.width * s), round(src.height * s)
big = src.resize((w, h), Image.LANCZOS)
left, top = (w - W) // 2, (h - H) // 2
big.crop((left, top, left + W, top + H)).save(sys.argv[2])
PY

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$py" "$here/compare.py" "$image" --blur-tool "$blur_tool" --work "$work" \
  --sigmas "$sigmas" --repeat "$repeat" --glass-repeat "$glass_repeat"
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "scratch: $work"
