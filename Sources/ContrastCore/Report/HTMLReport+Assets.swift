extension HTMLReport {
  /// The page's stylesheet: system fonts only, light and dark by
  /// `prefers-color-scheme`; every text colour pair at least 4.5:1.
  static let stylesheet = #"""
    :root {
      --bg: #f4f5f7; --surface: #ffffff; --text: #1b1d21; --muted: #50565f;
      --line: #d9dde3; --accent: #0b57d0; --chip: #eef0f3;
      --fail: #b3261e; --fail-bg: #fdeceb; --fail-text: #8c1d16;
      --warn: #8a5300; --warn-bg: #fff3d9; --warn-text: #6f4300;
      --pass: #176b34; --pass-bg: #e6f4ea; --pass-text: #125429;
      --none-bg: #eceef1;
      --shadow: 0 1px 2px rgba(16, 24, 40, .06), 0 1px 3px rgba(16, 24, 40, .1);
      color-scheme: light dark;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #101216; --surface: #1a1d23; --text: #eceef2; --muted: #aab1bd;
        --line: #323843; --accent: #8ab4ff; --chip: #262a32;
        --fail: #ff8a80; --fail-bg: #3b1714; --fail-text: #ffb4ab;
        --warn: #f5c060; --warn-bg: #352a10; --warn-text: #ffd88a;
        --pass: #7dd99a; --pass-bg: #123020; --pass-text: #a8f0bd;
        --none-bg: #22262d;
        --shadow: 0 1px 3px rgba(0, 0, 0, .5);
      }
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body {
      margin: 0; background: var(--bg); color: var(--text);
      font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif;
    }
    code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .wrap, main { max-width: 1240px; margin: 0 auto; padding: 0 24px; }
    .skip { position: absolute; left: -9999px; }
    .skip:focus { left: 16px; top: 16px; z-index: 10; background: var(--surface); padding: 8px 12px; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    h2 { font-size: 22px; margin: 40px 0 4px; letter-spacing: -.01em; }
    .note { color: var(--muted); margin: 0 0 16px; max-width: 78ch; }
    .banner { padding: 28px 0 20px; border-bottom: 1px solid var(--line); background: var(--surface); }
    .eyebrow { margin: 0; color: var(--muted); font-size: 13px; text-transform: uppercase; letter-spacing: .08em; }
    .banner h1 { margin: 4px 0; font-size: 32px; letter-spacing: -.02em; display: flex; align-items: center; gap: 12px; }
    .dot { width: 14px; height: 14px; border-radius: 50%; background: var(--pass); display: inline-block; }
    .banner.fail .dot, .banner.error .dot { background: var(--fail); }
    .banner.fail h1, .banner.error h1 { color: var(--fail-text); }
    .banner.pass h1 { color: var(--pass-text); }
    .lede { margin: 0 0 16px; font-size: 17px; }
    .stats { display: flex; flex-wrap: wrap; gap: 10px; margin: 0 0 14px; }
    .tile { background: var(--chip); border-radius: 10px; padding: 8px 16px; min-width: 104px; }
    .tile dt { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .06em; }
    .tile dd { margin: 0; font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; }
    .tile.fail { background: var(--fail-bg); } .tile.fail dd { color: var(--fail-text); }
    .tile.warn { background: var(--warn-bg); } .tile.warn dd { color: var(--warn-text); }
    .tile.pass { background: var(--pass-bg); } .tile.pass dd { color: var(--pass-text); }
    .settings { margin: 0; color: var(--muted); }
    .settings b { color: var(--text); font-weight: 600; }
    .filters { position: sticky; top: 0; z-index: 5; background: var(--surface);
      border-bottom: 1px solid var(--line); box-shadow: var(--shadow); }
    .filters .wrap { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 24px; }
    .filters label { font-size: 13px; color: var(--muted); display: flex; align-items: center; gap: 6px; flex: none; }
    .filters label.check { color: var(--text); }
    input[type=checkbox] { width: 16px; height: 16px; margin: 0; accent-color: var(--accent); }
    select, button { font: inherit; color: var(--text); }
    select { background: var(--surface); border: 1px solid var(--line); border-radius: 6px;
      padding: 4px 8px; font-size: 14px; max-width: 16em; }
    #f-reset { background: var(--chip); border: 1px solid var(--line); border-radius: 6px;
      padding: 4px 12px; cursor: pointer; font-size: 14px; }
    #f-count { margin-left: auto; font-size: 13px; color: var(--muted); }
    .matrix-wrap, .table-wrap { overflow-x: auto; background: var(--surface);
      border: 1px solid var(--line); border-radius: 12px; box-shadow: var(--shadow); }
    table { border-collapse: collapse; width: 100%; }
    caption { text-align: left; padding: 10px 14px 0; font-weight: 600; }
    th, td { padding: 6px 10px; text-align: left; border-bottom: 1px solid var(--line); }
    thead th { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); font-weight: 600; }
    tbody tr:last-child > * { border-bottom: 0; }
    .matrix th[scope=row] { font-weight: 500; white-space: nowrap; font-size: 14px; }
    .matrix thead th { text-align: center; font-size: 11px; padding: 4px 2px; letter-spacing: .02em; }
    .matrix thead th:first-child { text-align: left; }
    .matrix col.group { border-left: 2px solid var(--line); }
    .cell { text-align: center; padding: 2px; }
    .cell .pick { width: 100%; min-width: 40px; border: 1px solid transparent; border-radius: 5px;
      padding: 5px 2px; cursor: pointer; font-variant-numeric: tabular-nums; font-weight: 600;
      font-size: 13px; }
    .cell.fail .pick { background: var(--fail-bg); color: var(--fail-text); }
    .cell.warn .pick { background: var(--warn-bg); color: var(--warn-text); }
    .cell.pass .pick { background: var(--pass-bg); color: var(--pass-text); font-weight: 500; }
    .cell.none { color: var(--muted); }
    .cell .pick:hover { border-color: currentColor; }
    .cell .pick[aria-pressed=true] { outline: 3px solid var(--accent); outline-offset: 1px; }
    abbr { text-decoration: none; }
    .layout { margin: 28px 0 36px; }
    .layout-h { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 14px; margin-bottom: 10px; }
    .layout-h h3 { margin: 0; font-size: 19px; overflow-wrap: anywhere; }
    .layout-h .id { color: var(--muted); font-weight: 400; }
    .meta { margin: 0; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
    .layout-body { display: flex; flex-direction: column; gap: 16px; }
    .cards { display: flex; flex-direction: column; gap: 16px; }
    .card { background: var(--surface); border: 1px solid var(--line); border-radius: 14px;
      box-shadow: var(--shadow); padding: 12px 14px 10px; }
    .card h4 { margin: 0; font-size: 15px; overflow-wrap: anywhere; }
    .tags { margin: 0; color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
    .tag { background: var(--chip); border-radius: 999px; padding: 1px 10px; font-size: 12px; }
    .tag.id { font-family: ui-monospace, Menlo, monospace; }
    .pics { display: flex; flex-wrap: wrap; gap: 12px 20px; margin: 10px 0 4px; align-items: flex-start; }
    figure { margin: 0; flex: none; width: var(--fw); max-width: 100%; }
    figure .zoom { display: block; cursor: zoom-in; }
    figure .close { display: none; }
    figure:target { position: fixed; inset: 0; z-index: 30; width: auto; max-width: none;
      overflow: auto; padding: 52px 16px 24px; background: rgba(8, 10, 14, .94); }
    figure:target .frame { width: var(--zw); max-width: none; margin: 0 auto; }
    figure:target .zoom { cursor: default; }
    figure:target .close { display: block; position: fixed; top: 10px; right: 16px; z-index: 31;
      background: #fff; color: #111; border-radius: 6px; padding: 4px 14px; font-weight: 600; }
    figure:target figcaption { color: #ddd; }
    .legend { flex: 1 1 260px; min-width: 0; max-width: 52ch; }
    .legend .how { color: var(--muted); font-size: 13px; margin: 10px 0 0; }
    details.more { margin-top: 4px; }
    details.more summary { cursor: pointer; color: var(--accent); font-size: 14px; margin-bottom: 12px; }
    details.more .card { margin-bottom: 16px; }
    figcaption { font-size: 12px; color: var(--muted); margin-top: 6px; text-align: center; }
    .frame { position: relative; line-height: 0; width: 100%; container-type: inline-size; }
    .pic { position: absolute; top: 0; height: 100%; border-radius: 8px;
      box-shadow: 0 0 0 1px var(--line); }
    .pic img { width: 100%; height: 100%; display: block; border-radius: 8px; }
    .leaders { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
    .leaders path { fill: none; stroke: #fff; stroke-width: 1.5px; vector-effect: non-scaling-stroke; }
    .leaders path.halo { stroke: rgba(0, 0, 0, .75); stroke-width: 3.5px; }
    .badge-n { position: absolute; transform: translate(-50%, -50%); min-width: 4.6cqw; height: 4.6cqw;
      border-radius: 2.3cqw; padding: 0 .8cqw; background: #a3160e; color: #fff; font-size: 3cqw;
      font-weight: 700; line-height: 4.6cqw; text-align: center; z-index: 2;
      box-shadow: 0 0 0 1px rgba(255, 255, 255, .85); }
    .badge-n.warn { background: #6b4400; }
    .box { position: absolute; border: 1px dashed rgba(255, 255, 255, .75);
      box-shadow: 0 0 0 1px rgba(0, 0, 0, .35); border-radius: 2px; container-type: size; }
    .box.icon { border-radius: 22%; }
    .box .w { display: block; overflow: hidden; white-space: nowrap; font-size: 70cqh;
      line-height: 100cqh; font-weight: 600; letter-spacing: -.01em; padding: 0 1px; }
    .box.fail { border: 2px solid #ff453a; box-shadow: 0 0 0 1px rgba(0, 0, 0, .7); }
    .box.warn { border: 2px solid #ffcc00; box-shadow: 0 0 0 1px rgba(0, 0, 0, .7); }
    .items .n { display: inline-block; min-width: 17px; height: 17px; border-radius: 9px;
      background: #a3160e; color: #fff; font-size: 11px; font-weight: 700; text-align: center;
      line-height: 17px; padding: 0 4px; }
    .items .n.warn { background: #6b4400; }
    .items { list-style: none; margin: 0; padding: 0; font-size: 14px; }
    .items li { padding: 6px 0 6px 26px; border-top: 1px solid var(--line); position: relative; }
    .items .n { position: absolute; left: 0; top: 8px; box-shadow: none; }
    .items .ratio { font-weight: 700; font-variant-numeric: tabular-nums; color: var(--fail-text); }
    .items .needs { color: var(--muted); }
    .items .fix { display: block; color: var(--muted); font-size: 13px; }
    .badge { display: inline-block; border-radius: 4px; padding: 0 6px; font-size: 12px;
      font-weight: 700; text-transform: uppercase; letter-spacing: .04em; }
    .badge.fail { background: var(--fail-bg); color: var(--fail-text); }
    .badge.warn, .badge.review { background: var(--warn-bg); color: var(--warn-text); }
    .badge.pass { background: var(--pass-bg); color: var(--pass-text); }
    .key { font-weight: 600; padding: 0 4px; border-radius: 3px; }
    .key.red { background: #a5170f; color: #fff; }
    .key.green { background: #1d6f3a; color: #fff; }
    .results td { font-size: 14px; vertical-align: top; overflow-wrap: anywhere; }
    .results td.item { min-width: 9em; }
    .results .sub { display: block; color: var(--muted); font-size: 12px; font-weight: 400; }
    .results .never-tag { color: var(--fail-text); font-weight: 600; }
    .results td.item .where { display: block; color: var(--muted); }
    .results td.scene { min-width: 8em; }
    .results td.fix { min-width: 12em; }
    .results .ratio { color: var(--fail-text); }
    .results .n { display: inline-block; min-width: 20px; border-radius: 10px; text-align: center;
      background: var(--chip); font-weight: 700; font-size: 12px; }
    .results .n.fail { background: #a3160e; color: #fff; }
    .results .n.warn, .results .n.review { background: #6b4400; color: #fff; }
    .muted { color: var(--muted); }
    .never-link a { color: var(--fail-text); font-weight: 600; }
    .never .fix { color: var(--muted); }
    .results td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .results th button { background: none; border: 0; padding: 0; cursor: pointer; font: inherit;
      color: inherit; text-transform: inherit; letter-spacing: inherit; }
    .results th[aria-sort=ascending] .arrow::after { content: " ▲"; }
    .results th[aria-sort=descending] .arrow::after { content: " ▼"; }
    .results tbody tr:hover { background: var(--chip); }
    ul.plain { padding-left: 20px; }
    ul.plain li { margin: 4px 0; }
    .rule { font-family: ui-monospace, Menlo, monospace; font-size: 13px; background: var(--chip);
      padding: 1px 6px; border-radius: 4px; }
    footer { max-width: 1240px; margin: 48px auto 32px; padding: 0 24px; color: var(--muted); font-size: 13px; }
    [hidden] { display: none !important; }
    @media (max-width: 1100px) {
      .layout-body { grid-template-columns: minmax(0, 1fr); }
    }
    @media (max-width: 640px) {
      .results thead { display: none; }
      .results, .results tbody, .results td { display: block; }
      .results tr { display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: 4px 10px;
        padding: 10px 12px; border-bottom: 1px solid var(--line); }
      .results td { border: 0; padding: 0; min-width: 0 !important; text-align: left !important;
        white-space: normal !important; }
      .results td:nth-child(1) { grid-area: 1 / 1; }
      .results td.item { grid-area: 1 / 2; }
      .results td:nth-child(3) { grid-area: 1 / 3; text-align: right !important; }
      .results td.fix { grid-area: 2 / 1 / 3 / 4; }
      .results td.scene { grid-area: 3 / 1 / 4 / 4; font-size: 13px; }
      .results td:nth-child(5) { grid-area: 4 / 1 / 5 / 3; font-size: 13px; }
      .results td:nth-child(6) { grid-area: 4 / 3; font-size: 13px; }
      .results td:nth-child(5)::before { content: "fails in "; color: var(--muted); }
      .results td:nth-child(6)::before { content: "bounds "; color: var(--muted); }
      .results td.fix::before { content: "Fix: "; font-weight: 600; }
      .results td.fix:empty { display: none; }
      .wrap, main { padding: 0 12px; }
      .banner h1 { font-size: 26px; }
      .filters .wrap { flex-wrap: nowrap; overflow-x: auto; padding: 6px 12px; gap: 10px; }
      .filters select { max-width: 9em; }
      #f-count { margin-left: 0; white-space: nowrap; }
    }
    @media print { .filters { position: static; } }

    """#

  /// The by-text-setting table's rules, added only to a run that sweeps
  /// text settings (so a default run's page keeps its bytes).
  static let textStylesheet = #"""
    .texts-wrap { width: fit-content; max-width: 100%; }
    .texts { width: auto; min-width: 22em; }
    .texts thead th { text-align: left; }
    .texts td.count { text-align: right; font-variant-numeric: tabular-nums; }
    .cell .tpick { width: 100%; min-width: 64px; border: 1px solid transparent; border-radius: 6px;
      padding: 6px 8px; cursor: pointer; font-variant-numeric: tabular-nums; font-weight: 600; }
    .cell.fail .tpick { background: var(--fail-bg); color: var(--fail-text); }
    .cell.warn .tpick { background: var(--warn-bg); color: var(--warn-text); }
    .cell.pass .tpick { background: var(--pass-bg); color: var(--pass-text); font-weight: 500; }
    .cell .tpick:hover { border-color: currentColor; }
    .cell .tpick[aria-pressed=true] { outline: 3px solid var(--accent); outline-offset: 1px; }
    .cell .pick .ts { display: block; font-size: 11px; font-weight: 400; white-space: nowrap; }
    .scope { display: inline-block; margin: 0 0 12px; padding: 6px 12px; border-radius: 8px;
      background: var(--chip); color: var(--text); font-size: 14px; }

    """#

  /// Filters, matrix picks and table sorting. Sets `data-ready="1"` on the
  /// body when it has run (the browser check looks for it). With
  /// `textFilters` (a run that sweeps text settings) it also reads the text
  /// size and Bold Text filters and the by-text-setting table's picks; a run
  /// of the default text setting gets the same bytes as before they existed.
  static func script(textFilters: Bool) -> String {
    let names =
      SceneDimension.filtered.map(\.filterName) + ["verdict"]
      + (textFilters ? SceneDimension.textSettings.map(\.filterName) : [])
    return scriptStart + "  var names = ["
      + names.map { "\"\($0)\"" }.joined(separator: ", ") + "];\n" + scriptBody
      + (textFilters ? textScript : "") + scriptEnd
  }

  static let scriptStart = #"""
    (function () {
      "use strict";

    """#

  /// The filters and the matrix picks: a pick is pressed when the
  /// filters hold its values of every dimension of the matrix
  /// (``SceneDimension/matrix``), and sets them when clicked.
  static let scriptBody: String = {
    let names = SceneDimension.matrix.map(\.filterName)
    return scriptFilters + "      var on = "
      + names.map { "v.\($0) === b.getAttribute(\"data-\($0)\")" }
      .joined(separator: " &&\n        ") + ";\n" + scriptPressed + "      ["
      + names.map { "\"\($0)\"" }.joined(separator: ", ") + "].forEach(function (n) {\n"
      + scriptPicks
  }()

  static let scriptFilters = #"""
      var selects = {};
      names.forEach(function (n) { selects[n] = document.getElementById("f-" + n); });
      var count = document.getElementById("f-count");

      // Each filterable element carries data-f-NAME: a JSON array of the
      // values its checks have; it matches when every chosen value is in
      // its array.
      function values(el, n) {
        if (!el._f) el._f = {};
        if (!(n in el._f)) {
          var raw = el.getAttribute("data-f-" + n);
          el._f[n] = raw === null ? null : JSON.parse(raw);
        }
        return el._f[n];
      }

      function matches(el, v) {
        for (var i = 0; i < names.length; i++) {
          var n = names[i];
          if (!v[n]) continue;
          var list = values(el, n);
          if (list && list.indexOf(v[n]) < 0) return false;
        }
        return true;
      }

      function apply() {
        var v = {};
        names.forEach(function (n) { v[n] = selects[n] ? selects[n].value : ""; });
        var layouts = 0, cards = 0, rows = 0;
        document.querySelectorAll("section.layout").forEach(function (sec) {
          var own = !v.layout || sec.getAttribute("data-layout") === v.layout;
          var shownRows = 0, shownCards = 0;
          sec.querySelectorAll(".card").forEach(function (el) {
            var ok = own && matches(el, v);
            el.hidden = !ok;
            if (ok) shownCards++;
          });
          sec.querySelectorAll("table.results tbody tr").forEach(function (el) {
            var ok = own && matches(el, v);
            el.hidden = !ok;
            if (ok) shownRows++;
          });
          var ok = own && shownRows > 0;
          sec.hidden = !ok;
          if (ok) { layouts++; rows += shownRows; cards += shownCards; }
        });
        document.querySelectorAll("#reviews table.results tbody tr").forEach(function (el) {
          var ok = matches(el, v);
          el.hidden = !ok;
          if (ok) rows++;
        });
        document.querySelectorAll("[data-matrix]").forEach(function (el) {
          el.hidden = el.getAttribute("data-matrix") !== v.layout;
        });
        document.querySelectorAll(".pick").forEach(function (b) {

    """#

  static let scriptPressed = #"""
          b.setAttribute("aria-pressed", on ? "true" : "false");
        });
        if (count) {
          count.textContent = layouts + " layout" + (layouts === 1 ? "" : "s") + " · " +
            rows + " item" + (rows === 1 ? "" : "s") + " · " +
            cards + " preview" + (cards === 1 ? "" : "s") + " shown";
        }
      }

      names.forEach(function (n) {
        if (selects[n]) selects[n].addEventListener("change", apply);
      });
      var reset = document.getElementById("f-reset");
      if (reset) reset.addEventListener("click", function () {
        names.forEach(function (n) { if (selects[n]) selects[n].value = ""; });
        apply();
      });

      document.querySelectorAll(".pick").forEach(function (b) {
        b.addEventListener("click", function () {
          var same = b.getAttribute("aria-pressed") === "true";

    """#

  static let scriptPicks = #"""
            selects[n].value = same ? "" : b.getAttribute("data-" + n);
          });
          apply();
          if (!same) {
            var target = document.getElementById("layouts");
            if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
          }
        });
      });

      document.querySelectorAll("table.results").forEach(function (table) {
        var heads = table.querySelectorAll("thead th");
        heads.forEach(function (th) {
          var button = th.querySelector("button");
          button.addEventListener("click", function () {
            var col = Number(button.getAttribute("data-col"));
            var numeric = button.getAttribute("data-kind") === "num";
            var ascending = th.getAttribute("aria-sort") !== "ascending";
            heads.forEach(function (h) { h.setAttribute("aria-sort", "none"); });
            th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
            var body = table.tBodies[0];
            var rows = Array.prototype.slice.call(body.rows);
            var keyed = rows.map(function (row, index) {
              var cell = row.cells[col];
              var key = numeric ? Number(cell.getAttribute("data-v")) : cell.textContent.toLowerCase();
              return { row: row, key: key, index: index };
            });
            keyed.sort(function (a, b) {
              var c = numeric ? a.key - b.key : (a.key < b.key ? -1 : (a.key > b.key ? 1 : 0));
              if (!ascending) c = -c;
              return c !== 0 ? c : a.index - b.index;
            });
            keyed.forEach(function (k) { body.appendChild(k.row); });
          });
        });
      });


    """#

  /// The by-text-setting table's picks: a row sets the text size and Bold
  /// Text filters (again: clears them), pressed while they are its values.
  /// The matrix follows those filters: each cell shows the sum of its
  /// counts per text setting (`data-tf`, `data-tn`, `data-tw`, in the order
  /// of the section's `data-textsizes` by `data-bolds`) over the settings
  /// chosen, its colour, label and the line under its count (in how many of
  /// them it fails, when it counts several) to match, and the scope line
  /// above says which settings are counted (its own words when none is
  /// chosen).
  static let textScript = #"""
      var tpicks = document.querySelectorAll(".tpick");
      var matrix = document.getElementById("matrix");
      var scope = document.getElementById("matrix-scope");
      var allScope = scope ? scope.textContent : "";
      var tsSizes = matrix && matrix.hasAttribute("data-textsizes") ?
        matrix.getAttribute("data-textsizes").split(" ") : [];
      var tsBolds = matrix && matrix.hasAttribute("data-bolds") ?
        matrix.getAttribute("data-bolds").split(" ") : [];
      function counts(b, n) {
        var raw = b.getAttribute("data-" + n);
        return raw === null ? null : raw.split(" ").map(Number);
      }
      function syncMatrix() {
        var size = selects.textsize ? selects.textsize.value : "";
        var bold = selects.bold ? selects.bold.value : "";
        var chosen = [];
        tsSizes.forEach(function (s, i) {
          tsBolds.forEach(function (v, j) {
            if ((!size || size === s) && (!bold || bold === v)) chosen.push(i * tsBolds.length + j);
          });
        });
        var all = chosen.length === tsSizes.length * tsBolds.length;
        if (scope) {
          var what = [];
          if (size) what.push("text size " + size);
          if (bold) what.push("Bold Text " + bold);
          scope.textContent = all ? allScope : "Counting only " + what.join(", ") + ": " +
            chosen.length + " of " + (tsSizes.length * tsBolds.length) + " text settings" +
            (chosen.length > 1 ? ", counted together" : "") + ". Choose All to count every one.";
        }
        document.querySelectorAll(".pick[data-tf]").forEach(function (b) {
          if (!b._t) {
            var label = b.getAttribute("aria-label");
            b._t = { f: counts(b, "tf"), n: counts(b, "tn"), w: counts(b, "tw"),
              label: label.slice(0, label.lastIndexOf(": ")) };
          }
          var t = b._t, fail = 0, warn = 0, total = 0, settings = 0, failing = 0;
          chosen.forEach(function (i) {
            var n = t.n.length === 1 ? t.n[0] : t.n[i];
            if (n === 0) return;
            settings++; total += n; fail += t.f[i];
            if (t.f[i] > 0) failing++;
            if (t.w) warn += t.w[i];
          });
          b.parentNode.className = "cell " + (total === 0 ? "none" :
            (fail > 0 ? "fail" : (warn > 0 ? "warn" : "pass")));
          b.textContent = total === 0 ? "–" : fail + "/" + total;
          if (settings > 1) {
            var line = document.createElement("span");
            line.className = "ts";
            line.textContent = failing + " of " + settings + " settings";
            b.appendChild(line);
          }
          b.setAttribute("aria-label", t.label + ": " + (total === 0 ? "not audited" :
            fail + " of " + total + " checks fail" + (settings > 1 ? " over " + settings +
            " text settings, " + failing + " of them with a failing check" : "") +
            (warn > 0 ? ", " + warn + " warn" : "")));
        });
      }
      function syncText() {
        tpicks.forEach(function (b) {
          var on = ["textsize", "bold"].every(function (n) {
            return !selects[n] || selects[n].value === b.getAttribute("data-" + n);
          });
          b.setAttribute("aria-pressed", on ? "true" : "false");
        });
        syncMatrix();
      }
      tpicks.forEach(function (b) {
        b.addEventListener("click", function () {
          var same = b.getAttribute("aria-pressed") === "true";
          ["textsize", "bold"].forEach(function (n) {
            if (selects[n]) selects[n].value = same ? "" : b.getAttribute("data-" + n);
          });
          apply();
          syncText();
          if (!same) {
            var target = document.getElementById("layouts");
            if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
          }
        });
      });
      document.addEventListener("change", syncText);
      if (reset) reset.addEventListener("click", syncText);
      syncText();

    """#

  static let scriptEnd = #"""
      apply();
      document.body.setAttribute("data-ready", "1");
    })();

    """#
}
