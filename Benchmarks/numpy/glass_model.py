#!/usr/bin/env python3
"""An independent numpy/scipy implementation of SPEC §2.1 and §3.1-§3.4, for
Benchmarks/numpy-compare.sh (issue 32): the CPU time of the same audit written
as a numpy user would write it, beside glass-audit's.

    glass_model.py --layouts FILE_OR_DIR [...] --wallpapers DIR_OR_PNG [...]
                   [--profile ios27.yml] [--liquid-glass clear,default,tinted]
                   [--out checks.json]

Reads the layouts (YAML), the profile (the shipped ios27.yml), the PNG
wallpapers (Pillow) and matrix.yml (ids, appearance restrictions). For every
layout x wallpaper x appearance x mode x Liquid Glass setting (none in the
reduce-transparency modes) and every text or icon item it writes the item's
contrast statistics over its pixels (min, p05, p10, median, mean, max,
failingFraction), its threshold and verdict; the judged ratio is `min` (the
tool's default statistic).

How (vectorised, no loop over pixels):
- placement (§2.1): separable resampling, one sparse matrix per axis
  (scipy.sparse): exact area average when s <= 1, bilinear at pixel centres
  when s > 1; the identity is skipped;
- blur (§3.1): B = sum_k w_k G_k(W); each G_k is scipy.ndimage.gaussian_filter
  (mode="nearest", i.e. clamp-to-edge at the canvas border, truncate=4) of the
  element's rectangle plus a margin of the kernel radius, clipped to the
  canvas, so it reads the wallpaper around the element as the full canvas
  would; each (wallpaper, rectangle, sigma) is blurred once and shared by
  every mode, appearance and item;
- material (§3.2, §3.3): array expressions over an item's pixels (luma cap,
  levels, fill, tint, clamp; standard materials' plate), the Reduce
  Transparency mean, Increase Contrast's fill, plate share, 2 pt border and
  colour variants, the layouts' `modes:` overrides and app fills; curves
  (tables and grids by short side and setting) read by fidelity/fit/model.py's
  `value`, whose per-colour `glass`/`standard` the self-test compares these
  array versions with;
- contrast (§3.4): WCAG luminance on float input, ratios per pixel, nearest-
  rank percentiles from one np.sort, failingFraction, verdict.

Not done: vibrant items, remedies, bounds (§3.5), findings and lint,
reports other than this JSON, text sizes and Bold Text other than the
defaults, layout targets (`targets:` / glass-audit.yml), PNG gAMA/iCCP (Pillow
does not apply them as libpng's simplified API does), profile overrides,
`ios18` fallbacks.
"""
import argparse
import glob
import json
import math
import os
import sys
import time

import numpy as np
import scipy.ndimage
import scipy.sparse
import yaml
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "fidelity", "fit"))
import model  # noqa: E402  fidelity/fit/model.py: curves, and the per-colour reference

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it
SETTINGS = {"clear": 0.0, "default": 0.5, "tinted": 1.0}
MODES = ["normal", "reduceTransparency", "increaseContrast",
         "reduceTransparency+increaseContrast"]
APPEARANCES = ["light", "dark"]
BOLD = {"bold", "heavy", "black"}
CPU = {"decode": 0.0, "place": 0.0, "blur": 0.0}  # process CPU seconds per stage


# --- profile ---------------------------------------------------------------

def strip(v):
    """The profile without provenance: {value: x, source, trust} -> x."""
    if isinstance(v, dict):
        if "value" in v:
            return strip(v["value"])
        return {k: strip(x) for k, x in v.items()
                if k not in ("source", "trust", "beyondEnds")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def load_profile(path):
    with open(path) as f:
        return strip(yaml.load(f, Loader=LOADER))


def parse_hex(text):
    h = text.lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    rgb = [int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]
    alpha = int(h[6:8], 16) / 255.0 if len(h) == 8 else None
    return rgb, alpha


def profile_colour(entry):
    """A profile colour: "#RRGGBB" or {color, alpha} -> (rgb, alpha)."""
    if isinstance(entry, dict):
        rgb, _ = parse_hex(entry["color"])
        return rgb, float(entry["alpha"])
    rgb, a = parse_hex(entry)
    return rgb, 1.0 if a is None else a


class Profile:
    def __init__(self, path):
        self.p = load_profile(path)
        self.materials = self.p["materials"]
        self.colors = self.p["colors"]
        self.tint_alpha = float(self.p["defaultTintAlpha"])
        self.ic = self.p["increaseContrast"]
        self.roles = self.p["textRoles"]
        self.large = self.p["largeText"]["wcag"]

    def colour(self, spec, appearance, ic, tint=False):
        """(rgb, alpha) of a layout colour, or None when it has none."""
        if isinstance(spec, dict):
            spec = spec.get(appearance)
        if spec is None:
            return None
        spec = str(spec)
        if spec.startswith("#"):
            rgb, a = parse_hex(spec)
            if a is None:
                a = self.tint_alpha if tint else 1.0
            return np.array(rgb), a
        named = self.colors[spec]
        entry = named[appearance]
        if ic:
            var = named.get("increaseContrast", "unchanged")
            if var != "unchanged":
                entry = var[appearance]
        rgb, a = profile_colour(entry)
        if tint and a == 1.0:
            a = self.tint_alpha
        return np.array(rgb), a

    def blur(self, params, short_side, setting, scale):
        """[(sigma_px, weight)] of a material's blur (SPEC §3.1)."""
        if "blur" in params:
            comps = params["blur"]
        else:
            m = float(params.get("blurMix", 1.0))
            comps = [{"sigma": 0, "share": 1 - m}, {"sigma": params["blurRadius"], "share": m}]
        out, rest = [], None
        for c in comps:
            sigma = model.value(c["sigma"], short_side, setting) * scale
            if "share" in c:
                out.append([sigma, model.value(c["share"], short_side, setting)])
            else:
                rest = [sigma, None]
        if rest is not None:
            rest[1] = 1.0 - sum(w for _, w in out)
            out.append(rest)
        return [(s, w) for s, w in out if w > 0]


# --- layouts and wallpapers ------------------------------------------------

def layout_files(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(f for f in glob.glob(os.path.join(p, "*"))
                          if f.endswith((".yml", ".yaml", ".json")))
        else:
            out.append(p)
    return out


def wallpaper_list(paths):
    """[(id, file, appearances)] from folders (matrix.yml when present) or PNGs."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            mpath = os.path.join(p, "matrix.yml")
            if os.path.exists(mpath):
                with open(mpath) as f:
                    m = yaml.load(f, Loader=LOADER)
                for w in m["wallpapers"]:
                    wid = w.get("id") or os.path.splitext(w["file"])[0]
                    out.append((wid, os.path.join(p, w["file"]),
                                w.get("appearances", APPEARANCES)))
            else:
                for f in sorted(glob.glob(os.path.join(p, "*.png"))):
                    out.append((os.path.splitext(os.path.basename(f))[0], f, APPEARANCES))
        else:
            out.append((os.path.splitext(os.path.basename(p))[0], p, APPEARANCES))
    return out


def decode(path):
    """8-bit sRGB as float32 in [0, 1]; alpha flattened over black."""
    im = Image.open(path)
    if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
        a = np.asarray(im.convert("RGBA"), dtype=np.float32) / 255.0
        return np.ascontiguousarray(a[..., :3] * a[..., 3:4])
    return np.asarray(im.convert("RGB"), dtype=np.float32) / 255.0


def axis_matrix(n_canvas, n_wall, s, offset):
    """The canvas x wallpaper resampling weights of one axis (SPEC §2.1)."""
    i = np.arange(n_canvas)
    if s <= 1:
        a = offset + i / s
        b = offset + (i + 1) / s
        span = int(math.ceil(1 / s)) + 2
        j = np.floor(a).astype(np.int64)[:, None] + np.arange(span)[None, :]
        w = np.clip(np.minimum(b[:, None], j + 1) - np.maximum(a[:, None], j), 0, None) * s
        rows = np.broadcast_to(i[:, None], j.shape)
        keep = (w > 0) & (j >= 0) & (j < n_wall)
        return scipy.sparse.csr_matrix((w[keep], (rows[keep], j[keep])), shape=(n_canvas, n_wall))
    u = (i + 0.5) / s - 0.5 + offset
    u0 = np.floor(u)
    t = u - u0
    j0 = np.clip(u0.astype(np.int64), 0, n_wall - 1)
    j1 = np.clip(u0.astype(np.int64) + 1, 0, n_wall - 1)
    rows = np.concatenate([i, i])
    return scipy.sparse.csr_matrix((np.concatenate([1 - t, t]), (rows, np.concatenate([j0, j1]))),
                                   shape=(n_canvas, n_wall))


def place(img, wc, hc):
    """Aspect-fill onto a wc x hc canvas (SPEC §2.1)."""
    hh, ww, _ = img.shape
    s = max(wc / ww, hc / hh)
    ox, oy = (ww - wc / s) / 2, (hh - hc / s) / 2
    if s == 1 and ox == int(ox) and oy == int(oy):
        return np.ascontiguousarray(img[int(oy):int(oy) + hc, int(ox):int(ox) + wc])
    ay = axis_matrix(hc, hh, s, oy)
    ax = axis_matrix(wc, ww, s, ox)
    rows = ay @ img.reshape(hh, ww * 3).astype(np.float64)            # hc x (ww*3)
    cols = ax @ rows.reshape(hc, ww, 3).transpose(1, 0, 2).reshape(ww, hc * 3)
    return cols.reshape(wc, hc, 3).transpose(1, 0, 2).astype(np.float32)


# --- geometry --------------------------------------------------------------

def pixel_range(lo, hi):
    """Indices i with lo <= i + 0.5 < hi."""
    first = math.ceil(lo - 0.5)
    return first, max(first, math.ceil(hi - 0.5))


def corner_radius(shape, frame, given):
    half = max(0.0, min(frame[2], frame[3]) / 2)
    if shape == "rect":
        return 0.0
    if shape == "roundedRect":
        return min(max(given, 0.0), half)
    return half


def contains(shape, frame, radius, x, y):
    """Pixel centres (x: row vector, y: column vector, pt) inside the shape."""
    fx, fy, fw, fh = frame
    inside = (fx <= x) & (x < fx + fw) & (fy <= y) & (y < fy + fh)
    if shape == "rect" or radius <= 0:
        return inside
    if shape == "circle":
        dx, dy = x - (fx + fw / 2), y - (fy + fh / 2)
        return inside & (dx * dx + dy * dy <= radius * radius)
    cx = np.where(x < fx + radius, fx + radius, np.where(x > fx + fw - radius, fx + fw - radius, np.nan))
    cy = np.where(y < fy + radius, fy + radius, np.where(y > fy + fh - radius, fy + fh - radius, np.nan))
    corner = ~np.isnan(cx) & ~np.isnan(cy)
    d2 = (x - cx) ** 2 + (y - cy) ** 2
    return inside & (~corner | (d2 <= radius * radius))


def codes(el, border_pt, x0, x1, y0, y1, scale):
    """0 outside the shape, 1 inside, 2 in the border band, over [y0,y1) x [x0,x1)."""
    x = ((np.arange(x0, x1) + 0.5) / scale)[None, :]
    y = ((np.arange(y0, y1) + 0.5) / scale)[:, None]
    frame, shape = el["frame"], el["shape"]
    r = corner_radius(shape, frame, el["cornerRadius"])
    inside = contains(shape, frame, r, x, y)
    c = inside.astype(np.int8)
    if border_pt > 0:
        inner = (frame[0] + border_pt, frame[1] + border_pt,
                 frame[2] - 2 * border_pt, frame[3] - 2 * border_pt)
        ri = corner_radius(shape, inner, r - border_pt) if shape == "roundedRect" \
            else corner_radius(shape, inner, 0)
        c[inside & ~contains(shape, inner, ri, x, y)] = 2
    return c


def read_layout(path, profile):
    with open(path) as f:
        d = yaml.load(f, Loader=LOADER)
    if "canvas" in d:
        cv = d["canvas"]
    else:
        cv = profile.p["devices"][d["device"]]
    canvas = (float(cv["width"]), float(cv["height"]), float(cv["scale"]))
    elements = []
    for e in d["elements"]:
        fr = e["frame"]
        el = {
            "id": e["id"], "material": e.get("material", "none"),
            "frame": (float(fr["x"]), float(fr["y"]), float(fr["width"]), float(fr["height"])),
            "shape": e.get("shape", "rect"), "cornerRadius": float(e.get("cornerRadius", 0)),
            "tint": e.get("tint"), "modes": e.get("modes") or {}, "items": [],
        }
        for it in e.get("content") or []:
            kind = "skip" if it.get("vibrant") else it.get("kind", "text")
            ifr = it["frame"]
            el["items"].append({
                "id": it["id"], "kind": kind, "color": it.get("color"),
                "role": it.get("role"), "size": it.get("size"), "weight": it.get("weight"),
                "minimumRatio": it.get("minimumRatio"),
                "frame": (el["frame"][0] + float(ifr["x"]), el["frame"][1] + float(ifr["y"]),
                          float(ifr["width"]), float(ifr["height"])),
            })
        elements.append(el)
    return {"id": d["layout"], "canvas": canvas, "elements": elements}


def threshold(item, profile):
    """WCAG AA threshold (SPEC §3.4, large text by the `wcag` rule)."""
    if item["kind"] != "text":
        t = 3.0
    else:
        role = profile.roles[item["role"] or profile.p["defaultTextRole"]]
        size = float(item["size"] or role["size"])
        weight = item["weight"] or role["weight"]
        large = size >= profile.large["minimumSize"] or (
            weight in BOLD and size >= profile.large["minimumBoldSize"])
        t = 3.0 if large else 4.5
    if item["minimumRatio"] is not None and float(item["minimumRatio"]) > t:
        t = float(item["minimumRatio"])
    return t


# --- the model (vectorised) --------------------------------------------------

def luma(c):
    return c @ np.array([0.2126, 0.7152, 0.0722])


def over(rgb, a, c):
    return a * rgb + (1 - a) * c


def glass(c, g):
    """§3.2 glass over colours c[..., 3]: luma cap, levels, fill, tint, clamp."""
    y = luma(c)[..., None]
    k = np.clip(1 - y * (1 - g["L"]), 0, 1)
    c = k * (y + (c - y) * (1 + 0.3 * (1 - k)))
    y = luma(c)[..., None]
    return g["B"] + (g["W"] - g["B"]) * y + g["S"] * (c - y)


def standard(c, g):
    y = luma(c)
    stops = np.asarray(g["stops"], dtype=float)
    plate = np.interp(np.clip(y, 0, 1), np.linspace(0, 1, len(stops)), stops)[..., None]
    y = y[..., None]
    return (1 - g["a"]) * (y + g["S"] * (c - y)) + g["a"] * plate + g["br"]


def rendering(el, appearance, mode, setting, profile, scale):
    """How an element is drawn (SPEC §3.3): a dict the per-pixel model reads."""
    ic = "increaseContrast" in mode
    rt = "reduceTransparency" in mode
    ov = {}
    chain = {"normal": ["normal"], "reduceTransparency": ["reduceTransparency"],
             "increaseContrast": ["increaseContrast"],
             "reduceTransparency+increaseContrast":
                 ["reduceTransparency", "increaseContrast", "reduceTransparency+increaseContrast"]}[mode]
    for m in chain:
        ov.update(el["modes"].get(m) or {})
    border_rgb, border_a = profile_colour(profile.p["border"][appearance])
    r = {"border_rgb": np.array(border_rgb), "border_a": border_a}
    if "fill" in ov:
        r["kind"] = "fill"
        r["fill"] = profile.colour(ov["fill"], appearance, ic)
        r["tint"] = profile.colour(ov["tint"], appearance, ic, tint=True) if "tint" in ov else None
        r["border"] = float(ov.get("border", 0))
        return r
    name = ov.get("material", el["material"])
    if name == "none":
        r.update(kind="none", border=0.0)
        return r
    mat = profile.materials[name]
    p = mat[appearance]
    short = min(el["frame"][2], el["frame"][3])
    tint_spec = ov.get("tint", el["tint"])
    r["tint"] = profile.colour(tint_spec, appearance, ic, tint=True) if tint_spec else None
    r["border"] = float(ov.get("border", profile.ic["border"] if ic else 0))
    r["rt"] = rt
    r["blur"] = profile.blur(p, short, setting, scale)
    if mat["kind"] == "glass":
        g = {k: model.value(p[v], short, setting) for k, v in
             (("W", "white"), ("B", "black"), ("S", "saturation"), ("L", "lumaCap"))}
        fill = p.get("fill")
        fill = None if fill in (None, "none") else profile_colour(fill)
        if ic:
            rgb, _ = parse_hex(profile.ic["glassFill"][appearance])
            fill = (rgb, max(fill[1] if fill else 0.0, float(profile.ic["minimumFillAlpha"])))
        r.update(kind="glass", g=g, fill=None if fill is None else (np.array(fill[0]), fill[1]))
    else:
        a = float(p["plateShare"])
        if ic:
            a = max(a, float(profile.ic["minimumPlateShare"]))
        r.update(kind="standard", fill=None,
                 g={"S": float(p["saturation"]), "a": a, "br": float(p["brightness"]),
                    "stops": p["stops"]})
    return r


class Canvas:
    """One placed wallpaper and the blurs and means computed over it."""

    def __init__(self, image):
        self.W = image
        self.blurs = {}
        self.mixtures = {}
        self.means = {}

    def blurred(self, rect, sigma):
        key = (rect, sigma)
        if key not in self.blurs:
            x0, x1, y0, y1 = rect
            h, w, _ = self.W.shape
            m = int(4.0 * sigma + 0.5)  # scipy's kernel radius at truncate=4
            cx0, cx1, cy0, cy1 = max(0, x0 - m), min(w, x1 + m), max(0, y0 - m), min(h, y1 + m)
            t = time.process_time()
            g = scipy.ndimage.gaussian_filter(self.W[cy0:cy1, cx0:cx1], sigma=(sigma, sigma, 0),
                                              mode="nearest", truncate=4.0)
            CPU["blur"] += time.process_time() - t
            self.blurs[key] = g[y0 - cy0:y1 - cy0, x0 - cx0:x1 - cx0]
        return self.blurs[key]

    def mean_inside(self, el, scale):
        key = (el["frame"], el["shape"], el["cornerRadius"])
        if key not in self.means:
            x0, x1, y0, y1 = el["rect"]
            c = codes(el, 0, x0, x1, y0, y1, scale)
            px = self.W[y0:y1, x0:x1][c > 0].astype(np.float64)
            self.means[key] = px.mean(axis=0) if len(px) else np.zeros(3)
        return self.means[key]


def backdrop(canvas, el, r, scale):
    """B over the element's rectangle (SPEC §3.1), or the RT mean."""
    if r.get("rt"):
        return canvas.mean_inside(el, scale)
    key = (el["rect"], tuple(r["blur"]))
    if key not in canvas.mixtures:
        x0, x1, y0, y1 = el["rect"]
        b = None
        for sigma, w in r["blur"]:
            g = canvas.W[y0:y1, x0:x1] if sigma == 0 else canvas.blurred(el["rect"], sigma)
            b = w * g.astype(np.float64) if b is None else b + w * g
        canvas.mixtures[key] = b
    return canvas.mixtures[key]


def item_ratios(canvas, el, r, item_rect, colour, scale, back):
    """The ratio at each pixel of an item (SPEC §3.4)."""
    x0, x1, y0, y1 = item_rect
    W = canvas.W[y0:y1, x0:x1].astype(np.float64)
    code = codes(el, r["border"], x0, x1, y0, y1, scale)
    if r["kind"] == "none":
        bg = W
    else:
        if r["kind"] == "fill":
            c = over(r["fill"][0], r["fill"][1], W)
            if r["tint"] is not None:
                c = over(r["tint"][0], r["tint"][1], c)
        else:
            if back is None:
                c = W
            elif back.ndim == 1:
                c = np.broadcast_to(back, W.shape)
            else:
                ex0, ex1, ey0, ey1 = el["rect"]
                # the item's pixels of B: inside the element's rectangle (pixels outside
                # it are outside the shape, code 0, and read W below)
                c = W.copy()
                ix0, ix1 = max(x0, ex0), min(x1, ex1)
                iy0, iy1 = max(y0, ey0), min(y1, ey1)
                if ix0 < ix1 and iy0 < iy1:
                    c[iy0 - y0:iy1 - y0, ix0 - x0:ix1 - x0] = back[iy0 - ey0:iy1 - ey0, ix0 - ex0:ix1 - ex0]
            c = glass(c, r["g"]) if r["kind"] == "glass" else standard(c, r["g"])
            if r["fill"] is not None:
                c = over(r["fill"][0], r["fill"][1], c)
            if r["tint"] is not None:
                c = over(r["tint"][0], r["tint"][1], c)
        c = np.clip(c, 0, 1)
        band = code == 2
        if band.any():
            c[band] = over(r["border_rgb"], r["border_a"], c[band])
        bg = np.where((code == 0)[..., None], W, c)
    fg = over(colour[0], colour[1], bg)
    lf, lb = rel_lum(fg), rel_lum(bg)
    return (np.maximum(lf, lb) + 0.05) / (np.minimum(lf, lb) + 0.05)


def rel_lum(c):
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def statistics(ratios, t):
    v = np.sort(ratios.ravel())
    n = len(v)

    def pct(p):
        return float(v[max(1, math.ceil(p * n / 100)) - 1])

    return {"min": float(v[0]), "p05": pct(5), "p10": pct(10), "median": pct(50),
            "mean": float(v.mean()), "max": float(v[-1]),
            "failingFraction": float(np.count_nonzero(v < t)) / n}


# --- the audit -------------------------------------------------------------

def audit(layouts, wallpapers, profile, settings):
    checks = []
    for wid, path, appearances in wallpapers:
        t = time.process_time()
        image = decode(path)
        CPU["decode"] += time.process_time() - t
        placed = {}
        for lay in layouts:
            wc_pt, hc_pt, scale = lay["canvas"]
            wc, hc = int(round(wc_pt * scale)), int(round(hc_pt * scale))
            if (wc, hc) not in placed:
                t = time.process_time()
                placed[(wc, hc)] = Canvas(place(image, wc, hc))
                CPU["place"] += time.process_time() - t
            canvas = placed[(wc, hc)]
            for el in lay["elements"]:
                fx, fy, fw, fh = el["frame"]
                x0, x1 = pixel_range(fx * scale, (fx + fw) * scale)
                y0, y1 = pixel_range(fy * scale, (fy + fh) * scale)
                el["rect"] = (max(x0, 0), min(x1, wc), max(y0, 0), min(y1, hc))
            for mode in MODES:
                runs = [(None, 0.5)] if "reduceTransparency" in mode else \
                    [(name, SETTINGS[name]) for name in settings]
                for setting_name, setting in runs:
                    for appearance in appearances:
                        for el in lay["elements"]:
                            r = rendering(el, appearance, mode, setting, profile, scale)
                            back = backdrop(canvas, el, r, scale) if r["kind"] in ("glass", "standard") else None
                            for item in el["items"]:
                                if item["kind"] == "skip":
                                    continue
                                colour = profile.colour(item["color"], appearance, "increaseContrast" in mode)
                                if colour is None:
                                    continue
                                fx, fy, fw, fh = item["frame"]
                                x0, x1 = pixel_range(fx * scale, (fx + fw) * scale)
                                y0, y1 = pixel_range(fy * scale, (fy + fh) * scale)
                                rect = (max(x0, 0), min(x1, wc), max(y0, 0), min(y1, hc))
                                if rect[0] >= rect[1] or rect[2] >= rect[3]:
                                    continue
                                ratios = item_ratios(canvas, el, r, rect, colour, scale, back)
                                t = threshold(item, profile)
                                stats = statistics(ratios, t)
                                checks.append({
                                    "layout": lay["id"], "element": el["id"], "item": item["id"],
                                    "wallpaper": wid, "appearance": appearance, "mode": mode,
                                    "liquidGlass": setting_name, "threshold": t,
                                    "contrast": stats, "pixels": int(ratios.size),
                                    "verdict": "pass" if stats["min"] >= t else
                                    ("warn" if item["kind"] == "decorative" else "fail"),
                                })
    return checks


def self_test(profile):
    """The array pipeline against fidelity/fit/model.py's per-colour one."""
    rng = np.random.default_rng(1)
    c = rng.random((500, 3))
    worst = 0.0
    for name, mat in profile.materials.items():
        for app in APPEARANCES:
            p = dict(mat[app])
            for short in (30.0, 48.0, 100.0, 200.0):
                for s in (0.0, 0.3, 0.5, 1.0):
                    el = {"frame": (0, 0, short, 400), "modes": {}, "material": name, "tint": None}
                    r = rendering(el, app, "normal", s, profile, 3)
                    ours = np.clip(glass(c, r["g"]) if r["kind"] == "glass" else standard(c, r["g"]), 0, 1)
                    if mat["kind"] == "glass":
                        p["fill"] = None
                        ref = [model.glass(p, short, s, list(x)) for x in c]
                    else:
                        ref = [model.standard(p, list(x)) for x in c]
                    worst = max(worst, float(np.abs(ours - np.array(ref)).max()))
    return worst


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--layouts", nargs="+", required=True)
    ap.add_argument("--wallpapers", nargs="+", required=True)
    ap.add_argument("--profile", default=os.path.join(
        ROOT, "Sources", "ContrastCore", "Material", "Profiles", "ios27.yml"))
    ap.add_argument("--liquid-glass", default="clear,default,tinted")
    ap.add_argument("--out", default="-")
    ap.add_argument("--self-test", action="store_true",
                    help="compare the array material model with fidelity/fit/model.py and exit")
    a = ap.parse_args()
    profile = Profile(a.profile)
    if a.self_test:
        print(f"largest difference from fidelity/fit/model.py: {self_test(profile):.3g}")
        return
    layouts = [read_layout(f, profile) for f in layout_files(a.layouts)]
    start = time.process_time()
    checks = audit(layouts, wallpaper_list(a.wallpapers), profile, a.liquid_glass.split(","))
    total = time.process_time() - start
    rest = total - sum(CPU.values())
    print(f"numpy side: {len(checks)} checks; process CPU in the audit {total:.1f} s: decode "
          f"{CPU['decode']:.1f}, placement {CPU['place']:.1f}, gaussian_filter {CPU['blur']:.1f}, "
          f"material and statistics {rest:.1f}", file=sys.stderr)
    text = json.dumps({"checks": checks})
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
