#!/usr/bin/env bash
# Opens an HTML report in headless Chromium and fails when the page
#   - makes any network request (the report must be self-contained),
#   - logs anything to the console (errors, CSP violations, exceptions),
#   - or its script did not run (it sets data-ready="1" on <body>).
# Also checks statically that every src/href is a data: URI or a #fragment.
# Then measures the page's layout in a copy with a probe script appended
# (the page's CSP allows inline scripts), at 1440 and at 390 px wide:
#   - every layout's items table fits its box at 1440 px (no horizontal scroll),
#   - the filter bar takes under 15 % of a phone screen (390 x 844),
#   - the "never passes" findings are linked from the summary when present,
#   - filtering to each layout shows its section and only it, never
#     "0 layouts"; filtering to each mode, appearance, verdict, text size and
#     Bold Text that some item fails under shows at least one item,
#   - the "by text setting" table (a run that sweeps text settings) has a
#     count per text size filter option, and picking a row sets the filters,
#   - the previews draw the text items' words (count printed),
#   - no horizontal scroll at 1440 px (the page, the matrix) nor at 390 px
#     (the page), and at 390 px each item row's name, worst ratio and fix
#     lie inside the screen,
#   - every preview shown is at least 360 px wide at 1440 px, and opens
#     full size (its picture's own width) when its link is followed,
#   - no numbered badge overlaps an item's frame (badges sit in the margin),
#     every icon's frame is filled in a colour, and the legend says SF
#     Symbols are not drawn,
#   - fix texts show code as <code>, never as backticks.
# Statically: the page is at most $HTML_MAX_BYTES bytes (default 5,000,000).
#
# Usage: scripts/check-html.sh REPORT.html [SCREENSHOT.png]
# (screenshots are written as SCREENSHOT-1440.png and SCREENSHOT-390.png)
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

max_bytes="${HTML_MAX_BYTES:-5000000}"
size="$(wc -c <"$report" | tr -d ' ')"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0

if [ "$size" -gt "$max_bytes" ]; then
  echo "FAIL: the page is $size bytes, over $max_bytes" >&2
  failed=1
fi

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

# Layout facts, measured in Chromium by a probe appended to a copy.
probe="$work/probe.html"
cat >"$work/probe.js" <<'JS'
(function () {
  var out = {}, bad = [];
  out.width = window.innerWidth; out.height = window.innerHeight;
  var f = document.querySelector(".filters");
  out.filtersShare = f ? f.getBoundingClientRect().height / window.innerHeight : 0;
  out.tableOverflow = [];
  document.querySelectorAll("section.layout .table-wrap").forEach(function (w) {
    if (w.scrollWidth > w.clientWidth + 1)
      out.tableOverflow.push(w.closest("section").id + " " + w.scrollWidth + ">" + w.clientWidth);
  });
  out.neverLinked = !document.getElementById("never") ||
    !!document.querySelector("header a[href='#never']");
  function pick(name, value) {
    var sel = document.getElementById("f-" + name);
    sel.value = value; sel.dispatchEvent(new Event("change"));
    return document.getElementById("f-count").textContent;
  }
  function visible() {
    return Array.prototype.filter.call(document.querySelectorAll("section.layout"),
      function (s) { return !s.hidden; });
  }
  var sel = document.getElementById("f-layout");
  for (var i = 1; sel && i < sel.options.length; i++) {
    var id = sel.options[i].value, count = pick("layout", id);
    var shown = visible();
    var own = Array.prototype.filter.call(document.querySelectorAll("section.layout"),
      function (s) { return s.getAttribute("data-layout") === id; });
    if (own.length && (shown.length !== 1 || shown[0] !== own[0] || /^0 /.test(count)))
      bad.push("layout " + id + ": " + count);
    if (!own.length && shown.length) bad.push("layout " + id + ": shows other layouts");
    pick("layout", "");
  }
  ["mode", "appearance", "verdict", "textsize", "bold"].forEach(function (name) {
    var s = document.getElementById("f-" + name);
    for (var i = 1; s && i < s.options.length; i++) {
      var v = s.options[i].value;
      var any = Array.prototype.some.call(document.querySelectorAll("table.results tbody tr"),
        function (tr) { return JSON.parse(tr.getAttribute("data-f-" + name) || "[]").indexOf(v) >= 0; });
      var count = pick(name, v);
      if (any && / 0 items /.test(" " + count)) bad.push(name + " " + v + ": " + count);
      pick(name, "");
    }
  });
  var ts = document.getElementById("f-textsize");
  out.textSizes = ts ? ts.options.length - 1 : 0;
  document.querySelectorAll("[data-matrix=''] .tpick").forEach(function (b) {
    b.click();
    ["textsize", "bold"].forEach(function (n) {
      var s = document.getElementById("f-" + n);
      if (s && s.value !== b.getAttribute("data-" + n))
        bad.push("text setting row " + b.getAttribute("data-textsize") + "/" +
          b.getAttribute("data-bold") + " did not set the " + n + " filter");
    });
    if (b.getAttribute("aria-pressed") !== "true") bad.push("text setting row not pressed");
    b.click();
    if (ts && ts.value !== "") bad.push("a second pick did not clear the text size filter");
  });
  out.textRows = document.querySelectorAll("[data-matrix=''] .tpick").length;
  out.filterProblems = bad;
  out.words = document.querySelectorAll(".box .w").length;
  function isShown(el) { return el.getClientRects().length > 0; }
  function rect(el) { return el.getBoundingClientRect(); }
  out.pageOverflow = document.documentElement.scrollWidth - window.innerWidth;
  out.matrixOverflow = [];
  document.querySelectorAll(".matrix-wrap").forEach(function (w) {
    if (isShown(w) && w.scrollWidth > w.clientWidth + 1)
      out.matrixOverflow.push((w.getAttribute("data-matrix") || "all") + " " + w.scrollWidth + ">" + w.clientWidth);
  });
  // Previews: the shown ones' widths, each badge against every frame of its
  // figure, icons filled, one figure opened full size.
  var widths = [], overlaps = [], unfilled = 0, icons = 0, badges = 0;
  document.querySelectorAll(".card figure").forEach(function (fig) {
    var img = fig.querySelector("img");
    if (!img || !isShown(img)) return;
    widths.push(rect(img).width);
    var boxes = Array.prototype.map.call(fig.querySelectorAll(".box"), rect);
    fig.querySelectorAll(".badge-n, .box .n").forEach(function (b) {
      badges++;
      var r = rect(b);
      boxes.forEach(function (x) {
        if (r.left < x.right - 0.5 && x.left < r.right - 0.5 && r.top < x.bottom - 0.5 && x.top < r.bottom - 0.5)
          overlaps.push(fig.id + " #" + b.textContent);
      });
    });
    // The card's first figure is its modelled preview (the second, its heatmap).
    if (fig === fig.parentNode.querySelector("figure")) fig.querySelectorAll(".box").forEach(function (x) {
      if (x.querySelector(".w")) return;
      if (!x.classList.contains("icon")) { unfilled++; return; }
      icons++;
      if (/rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(x).backgroundColor)) unfilled++;
    });
  });
  out.previews = widths.length;
  out.previewMin = widths.length ? Math.min.apply(null, widths) : 0;
  out.badges = badges; out.badgeOverlaps = overlaps; out.icons = icons; out.unfilled = unfilled;
  out.legendSaysSymbols = !document.querySelector(".legend") ||
    Array.prototype.every.call(document.querySelectorAll(".legend .how"), function (p) {
      return /SF Symbols/.test(p.textContent);
    });
  out.zoom = "none";
  var fig = document.querySelector(".card figure");
  if (fig) {
    var link = fig.querySelector("a.zoom");
    var img = fig.querySelector("img");
    if (!link || link.getAttribute("href") !== "#" + fig.id) out.zoom = "no link to the full-size view";
    else {
      location.hash = fig.id;
      var w = rect(img).width;
      out.zoom = w >= img.naturalWidth - 1 ? "ok" : "opened " + w.toFixed(0) + " px wide, picture " + img.naturalWidth;
      location.hash = "";
    }
  }
  // Code in fixes: <code>, never a backtick.
  out.codeSpans = document.querySelectorAll("td.fix code, .never .fix code").length;
  out.backticks = Array.prototype.filter.call(
    document.querySelectorAll("td.fix, .never .fix, #findings li"),
    function (el) { return el.textContent.indexOf("`") >= 0; }).length;
  // Each item row's name, worst ratio and fix inside the screen.
  out.rowsOff = [];
  document.querySelectorAll("table.results tbody tr").forEach(function (tr) {
    if (!isShown(tr)) return;
    [tr.querySelector("td.item"), tr.cells[2], tr.querySelector("td.fix")].forEach(function (td) {
      if (!td) return;
      var r = rect(td);
      if (r.width <= 0 || r.left < -1 || r.right > window.innerWidth + 1)
        out.rowsOff.push(tr.querySelector("td.item").textContent.trim().slice(0, 60) + " (" +
          td.className + " " + r.left.toFixed(0) + ".." + r.right.toFixed(0) + ")");
    });
  });
  out.rowsOff = out.rowsOff.slice(0, 10);
  var pre = document.createElement("pre");
  pre.id = "probe"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
JS
awk -v js="$work/probe.js" '/^<\/body>$/ {
  print "<script>"; while ((getline line < js) > 0) print line; print "</script>"
} { print }' "$report" >"$probe"

measure() { # WIDTH HEIGHT -> the probe's JSON on stdout
  "$browser" "${flags[@]}" --window-size="$1,$2" --dump-dom "file://$probe" 2>/dev/null \
    | sed -n 's#.*<pre id="probe">\(.*\)</pre>.*#\1#p' | sed 's/&quot;/"/g; s/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g'
}
wide="$(measure 1440 2000)"
phone="$(measure 390 844)"
if [ -z "$wide" ] || [ -z "$phone" ]; then
  echo "FAIL: the layout probe did not run" >&2
  failed=1
elif command -v python3 >/dev/null 2>&1; then
  python3 - "$wide" "$phone" <<'PY' || failed=1
import json, sys
wide, phone = json.loads(sys.argv[1]), json.loads(sys.argv[2])
problems = []
if wide["tableOverflow"]:
    problems.append("items tables wider than their box at 1440 px: " + ", ".join(wide["tableOverflow"]))
if wide["pageOverflow"] > 0:
    problems.append("the page scrolls sideways at 1440 px (%d px too wide)" % wide["pageOverflow"])
if wide["matrixOverflow"]:
    problems.append("matrix wider than its box at 1440 px: " + ", ".join(wide["matrixOverflow"]))
if phone["pageOverflow"] > 0:
    problems.append("the page scrolls sideways at 390 px (%d px too wide)" % phone["pageOverflow"])
if phone["rowsOff"]:
    problems.append("at 390 px an item's name, worst ratio or fix is off-screen: " + "; ".join(phone["rowsOff"]))
if wide["previews"] and wide["previewMin"] < 359.5:
    problems.append("a preview is %.0f px wide at 1440 px (at least 360)" % wide["previewMin"])
if wide["zoom"] not in ("ok", "none"):
    problems.append("the first preview does not open full size: " + wide["zoom"])
if wide["badgeOverlaps"]:
    problems.append("badges over an item's frame: " + ", ".join(wide["badgeOverlaps"][:10]))
if wide["unfilled"]:
    problems.append("%d icon frames on previews not filled in a colour" % wide["unfilled"])
if not wide["legendSaysSymbols"]:
    problems.append("a preview legend does not say that SF Symbols are not drawn")
if wide["backticks"]:
    problems.append("%d fix texts or findings show backticks instead of code" % wide["backticks"])
if phone["filtersShare"] >= 0.15:
    problems.append("filter bar takes %.1f %% of a 390 x 844 screen (limit 15 %%)" % (100 * phone["filtersShare"]))
if not wide["neverLinked"]:
    problems.append("the 'never passes' section is not linked from the summary")
for p in wide["filterProblems"]:
    problems.append("filter: " + p)
for p in problems:
    print("FAIL: " + p, file=sys.stderr)
if not problems:
  print("layout: tables and matrix fit at 1440 px, rows fit at 390 px; filter bar %.1f %% of a phone screen; "
        "%d previews at least %.0f px wide, first opens full size: %s; %d badges, none over a frame; "
        "%d icons filled; %d code spans in fixes; %d words drawn on previews"
        % (100 * phone["filtersShare"], wide["previews"], wide["previewMin"], wide["zoom"], wide["badges"],
           wide["icons"], wide["codeSpans"], wide["words"])
        + ("; %d text settings in the table, %d text sizes to filter by" % (wide["textRows"], wide["textSizes"])
           if wide["textRows"] else ""))
sys.exit(1 if problems else 0)
PY
fi

if [ -n "$shot" ]; then
  for w in 1440 390; do
    "$browser" "${flags[@]}" --window-size="$w,2000" --screenshot="${shot%.png}-$w.png" \
      "file://$report" >/dev/null 2>&1 || { echo "FAIL: screenshot failed" >&2; failed=1; }
  done
fi

if [ "$failed" -ne 0 ]; then exit 1; fi
echo "ok: $(basename "$report") ($size bytes) renders in $browser with no network request and no console message"
