#!/usr/bin/env bash
# Builds the wallpaper matrix in wallpapers/ (SPEC §2.1):
#   1. photo-*.png: openly licensed photographs from Debian's lomiri-wallpapers
#      packages, aspect-filled (centred crop) to a phone in portrait,
#      1206 x 2622 px (iPhone 16 Pro), saved as 8-bit RGB PNG;
#   2. the synthetic wallpapers, through `glass-audit wallpapers`.
# Authors and licences: wallpapers/LICENSES.md. Categories: wallpapers/matrix.yml.
#
# Needs Debian/Ubuntu (apt-get, dpkg) and python3; Pillow is installed into a
# throwaway virtual environment as tooling only. Run from anywhere.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/wallpapers"
width=1206
height=2622
backgrounds=/usr/share/backgrounds

# Binary packages of the lomiri-wallpapers source that hold the photographs.
packages=(lomiri-wallpapers-16.04 lomiri-wallpapers-20.04)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

venv="${TMPDIR:-/tmp}/glass-audit-wallpapers-venv"
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import PIL' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet 'pillow>=10'
fi

mkdir -p "$out"

# name <TAB> source file (package lomiri-wallpapers-16.04 or -20.04)
photos="photo-bridge-sky	Bridge_by_Sander_Klootwijk.jpg
photo-infinite-sea	Infinite-Sea_by_Aury88.jpg
photo-fig	Picture_0B_by_freespace.jpg
photo-dragonfly-leaves	Dragonfly_by_Bolly.jpg
photo-sunset	sunset_by_Aitzol_Berasategi.jpg
photo-dandelions	seeding_by_Clements_Engelhardt.jpg
photo-nuthatch-bark	Kleiber_by_Lukas_Baubkus.jpg"

while IFS=$'\t' read -r name source; do
  "$venv/bin/python" - "$backgrounds/$source" "$out/$name.png" "$width" "$height" <<'PY'
import os
import sys

from PIL import Image, ImageOps

source, target, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with Image.open(source) as image:
    image = ImageOps.exif_transpose(image).convert("RGB")
    # Aspect-fill: scale to cover width x height, crop the centre.
    fitted = ImageOps.fit(image, (width, height), method=Image.Resampling.LANCZOS,
                          centering=(0.5, 0.5))
temporary = os.path.join(os.path.dirname(target), "." + os.path.basename(target) + ".tmp")
# 8-bit RGB, default compression, no metadata (no ICC, EXIF or text chunks).
fitted.save(temporary, format="PNG")
os.replace(temporary, target)
print(target)
PY
done <<<"$photos"

cd "$root"
swift run glass-audit wallpapers --out wallpapers --width "$width" --height "$height"
