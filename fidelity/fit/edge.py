"""The wide sigma of regular glass from the measured edge width (SOURCES.md D1).

D1: an edge seen through a 76 x 220 pt capsule is 27 pt wide (10 % to 90 %)
at the default setting; regular glass there is 45 % a narrow Gaussian and
55 % a wide one. A step seen through B = 0.45 G_n + 0.55 G_w rises as

    F(x) = 0.45 Phi(x / sn) + 0.55 Phi(x / sw)

(Phi the standard normal CDF). F is odd about 1/2, so its 10 %..90 % span
is 2 x90 with F(x90) = 0.9. The narrow sigma sn is the profile's grid read
at short side 76 pt and the default setting, linear between the measured
3.9 pt at 48 pt and 4.6 pt at 96 pt. This script solves for the sw whose
span is 27 pt (bisection; F's span grows with sw) and prints it.

    python3 fidelity/fit/edge.py
"""
import math

NARROW_SHARE = 0.45  # D1: "about 45 % of the backdrop blurred with a narrow Gaussian"
EDGE_WIDTH = 27.0  # D1: 10-90 % edge width through the 76 x 220 pt capsule, pt
SHORT_SIDE = 76.0  # the capsule's short side, pt
NARROW = [(48.0, 3.9), (96.0, 4.6)]  # D1: narrow sigma at the default setting, pt


def phi(z):
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def interpolate(points, x):
    (x0, v0), (x1, v1) = points
    return v0 + (x - x0) / (x1 - x0) * (v1 - v0)


def edge(x, sn, sw):
    return NARROW_SHARE * phi(x / sn) + (1 - NARROW_SHARE) * phi(x / sw)


def span(sn, sw):
    """The 10 %..90 % width of F: 2 x with F(x) = 0.9 (F is increasing)."""
    lo, hi = 0.0, 20 * max(sn, sw)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if edge(mid, sn, sw) < 0.9:
            lo = mid
        else:
            hi = mid
    return lo + hi  # 2 x the midpoint


def wide_sigma(sn, width):
    lo, hi = sn, 100.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if span(sn, mid) < width:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


if __name__ == "__main__":
    sn = interpolate(NARROW, SHORT_SIDE)
    sw = wide_sigma(sn, EDGE_WIDTH)
    print(f"narrow sigma at {SHORT_SIDE:g} pt: {sn:.4f} pt")
    print(f"wide sigma: {sw:.4f} pt (10-90 % span {span(sn, sw):.4f} pt)")
    print(f"check: F(-13.5) = {edge(-EDGE_WIDTH / 2, sn, sw):.4f}, F(13.5) = {edge(EDGE_WIDTH / 2, sn, sw):.4f}")
    # What a single Gaussian of the same span would be, for comparison.
    print(f"one Gaussian of span {EDGE_WIDTH:g} pt: sigma {EDGE_WIDTH / (2 * 1.2815515655446004):.4f} pt")
