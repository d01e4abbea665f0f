#!/usr/bin/env bash
# Opens an HTML report in headless Chromium and fails when the page
#   - makes any network request (the report must be self-contained),
#   - logs anything to the console (errors, CSP violations, exceptions),
#   - or its script did not run (it sets data-ready="1" on <body>).
# Also checks statically that every src/href is a data: URI or a #fragment.
#
# Usage: scripts/check-html.sh REPORT.html [SCREENSHOT.png]
# Exits 0 with a note when Chromium is not installed.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -f "$1" ]; then
  echo "usage: $0 REPORT.html [SCREENSHOT.png]" >&2
  exit 64
fi
report="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shot="${2:-}"

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
done
if [ -z "$browser" ]; then
  echo "chromium not installed; HTML browser check skipped"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0

# Static: no attribute loads anything but data: URIs and fragments.
bad_refs="$(grep -oE '(src|href|action|poster|srcset)="[^"#][^"]{0,60}' "$report" \
  | grep -vE '^src="data:image/png;base64,' || true)"
if [ -n "$bad_refs" ]; then
  echo "FAIL: references that would load something:" >&2
  echo "$bad_refs" | head -20 >&2
  failed=1
fi
if grep -qiE '<link|<iframe|<object|<embed|@import|url\(' "$report"; then
  echo "FAIL: <link>, <iframe>, <object>, <embed>, @import or url( in the page" >&2
  failed=1
fi

flags=(
  --headless --disable-gpu --no-sandbox --hide-scrollbars
  --user-data-dir="$work/profile" --no-first-run --disable-extensions
  --disable-background-networking --disable-component-update --disable-sync
  --disable-default-apps --disable-domain-reliability --no-pings
  --host-resolver-rules="MAP * ~NOTFOUND"
  --enable-logging=stderr --v=0
  --virtual-time-budget=5000
)

"$browser" "${flags[@]}" --log-net-log="$work/net.json" --dump-dom "file://$report" \
  >"$work/dom.html" 2>"$work/stderr.txt" || {
  echo "FAIL: $browser exited with an error" >&2
  tail -20 "$work/stderr.txt" >&2
  exit 1
}

if ! grep -q 'data-ready="1"' "$work/dom.html"; then
  echo "FAIL: the page's script did not finish (no data-ready=\"1\" on <body>)" >&2
  failed=1
fi

console="$(grep -E ':CONSOLE[:(]' "$work/stderr.txt" || true)"
if [ -n "$console" ]; then
  echo "FAIL: console messages:" >&2
  echo "$console" >&2
  failed=1
fi

# Requests the page made: URL requests with an initiator (the browser's own
# background requests have "not an origin"). file: and data: loads never
# reach the network stack, so any such request is a network load.
if command -v python3 >/dev/null 2>&1; then
  requests="$(python3 - "$work/net.json" <<'PY'
import json, sys
try:
    log = json.load(open(sys.argv[1]))
except ValueError:
    # Chromium may leave the final "]}" off when it exits quickly.
    text = open(sys.argv[1]).read().rstrip().rstrip(",")
    log = json.loads(text + "]}")
start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
for e in log.get("events", []):
    p = e.get("params") or {}
    if e.get("type") == start and p.get("initiator", "not an origin") != "not an origin":
        print(p.get("url", "?"))
PY
  )"
else
  requests="$(grep -oE '"initiator":"[^"]*"' "$work/net.json" | grep -v 'not an origin' || true)"
fi
if [ -n "$requests" ]; then
  echo "FAIL: the page made network requests:" >&2
  echo "$requests" | sort -u | head -20 >&2
  failed=1
fi

if [ -n "$shot" ]; then
  "$browser" "${flags[@]}" --window-size=1280,2000 --screenshot="$shot" "file://$report" \
    >/dev/null 2>&1 || { echo "FAIL: screenshot failed" >&2; failed=1; }
fi

if [ "$failed" -ne 0 ]; then exit 1; fi
echo "ok: $(basename "$report") renders in $browser with no network request and no console message"
