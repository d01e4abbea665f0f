"""Reference implementation of the glass-audit colour model (SPEC §3.2) for
the fidelity fit.  All values are floats in [0,1], gamma-encoded sRGB.

predict(material, appearance, setting, short_side_pt, rgb01) -> rgb01 reads
parameters from params.json (same folder by default; or pass params=dict).

Parameter values may be:
  - a number;
  - {"table": [[x, v], ...], "by": "shortSide" | "setting"}: linear
    interpolation, held constant beyond the ends;
  - {"grid": {"shortSide": [...], "setting": [...], "values": [[...]]}}:
    values[i][j] is the value at shortSide[i], setting[j]; bilinear, held
    constant beyond the ends.
short_side_pt None (full screen) is read as beyond the largest table entry;
setting None is read as the default 0.5.
"""
import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_CACHE = {}
GLASS = ("glass.regular", "glass.clear")


def load(path=None):
    path = path or os.path.join(_HERE, "params.json")
    if path not in _CACHE:
        with open(path) as f:
            _CACHE[path] = json.load(f)
    return _CACHE[path]


def luma(c):
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def _interp(points, x):
    xs = [p[0] for p in points]
    vs = [p[1] for p in points]
    if x is None or x >= xs[-1]:
        return vs[-1]
    if x <= xs[0]:
        return vs[0]
    for i in range(1, len(xs)):
        if x <= xs[i]:
            t = (x - xs[i - 1]) / (xs[i] - xs[i - 1])
            return vs[i - 1] + t * (vs[i] - vs[i - 1])
    return vs[-1]


def value(spec, short_side, setting):
    """Resolve a parameter (number, table or grid) at (short side, setting)."""
    if setting is None:
        setting = 0.5
    if isinstance(spec, (int, float)):
        return float(spec)
    if "table" in spec:
        x = short_side if spec["by"] == "shortSide" else setting
        return _interp(spec["table"], x)
    if "grid" in spec:
        g = spec["grid"]
        rows = [_interp(list(zip(g["setting"], row)), setting) for row in g["values"]]
        return _interp(list(zip(g["shortSide"], rows)), short_side)
    raise ValueError(f"bad parameter {spec!r}")


def _hex(h):
    h = h.lstrip("#")
    return [int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]


def _clamp(c):
    return [min(max(v, 0.0), 1.0) for v in c]


def glass(p, short_side, setting, c):
    W = value(p["white"], short_side, setting)
    B = value(p["black"], short_side, setting)
    S = value(p["saturation"], short_side, setting)
    L = value(p["lumaCap"], short_side, setting)
    # 1. luma cap
    y = luma(c)
    k = min(max(1.0 - y * (1.0 - L), 0.0), 1.0)
    boost = 1.0 + 0.3 * (1.0 - k)
    c = [k * (y + (v - y) * boost) for v in c]
    # 2. levels
    y = luma(c)
    base = B + (W - B) * y
    c = [base + S * (v - y) for v in c]
    # 3. fill source-over (no element tint in these data)
    fill = p.get("fill")
    if fill:
        f, a = _hex(fill["color"]), float(fill["alpha"])
        c = [a * fv + (1.0 - a) * v for fv, v in zip(f, c)]
    # 4. clamp
    return _clamp(c)


def plate(stops, y):
    n = len(stops)
    pts = [[i / (n - 1), s] for i, s in enumerate(stops)]
    # piecewise linear; beyond [0,1] cannot occur for a luma of a colour in the cube
    return _interp(pts, y)


def standard(p, c):
    y = luma(c)
    S = float(p["saturation"])
    a = float(p["plateShare"])
    br = float(p["brightness"])
    P = plate(p["stops"], y)
    s = [y + S * (v - y) for v in c]
    return _clamp([(1.0 - a) * sv + a * P + br for sv in s])


def predict(material, appearance, setting, short_side_pt, rgb01, params=None):
    params = params if params is not None else load()
    p = params[material][appearance]
    c = [float(v) for v in rgb01]
    if material in GLASS:
        return glass(p, short_side_pt, setting, c)
    return standard(p, c)


# WCAG 2.x
def rel_lum(c):
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(l1, l2):
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def aa_verdicts(c):
    L = rel_lum(c)
    return (ratio(L, 0.0) >= 4.5, ratio(L, 1.0) >= 4.5)
