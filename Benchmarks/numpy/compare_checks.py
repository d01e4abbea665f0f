#!/usr/bin/env python3
"""Compares glass_model.py's checks with glass-audit's report.json (written
with --json-checks all): how many judged ratios (min, the default statistic)
agree within 1 %, the largest relative difference, the verdicts, and the
checks either side lacks.

    compare_checks.py report.json numpy-checks.json [--worst N]
"""
import argparse
import json


def key(c):
    return (c["layout"], c["element"], c["item"], c["wallpaper"], c["appearance"], c["mode"],
            c["liquidGlass"])


def judged(c, rep):
    """The tool's verdict on its judged ratio alone: a `review` (its interval
    holds the threshold: the numpy side has no uncertainty) read as the pass
    or fail of its ratio."""
    if c["verdict"] != "review":
        return c["verdict"]
    threshold = rep["looks"][c["lookIndex"]]["threshold"]
    return "pass" if c["contrast"]["min"] >= threshold else "fail"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("numpy")
    ap.add_argument("--worst", type=int, default=5)
    a = ap.parse_args()
    with open(a.report) as f:
        rep = json.load(f)
    with open(a.numpy) as f:
        ours = {key(c): c for c in json.load(f)["checks"]}
    items = rep["items"]
    tool = {}
    for c in rep["checks"]:
        if c.get("textSize", "large") != "large" or c.get("boldText", False):
            continue
        it = items[c["itemIndex"]]
        tool[key({**it, **c})] = c
    both = sorted(set(tool) & set(ours))
    rel = []
    verdicts = 0
    for k in both:
        t, o = tool[k]["contrast"]["min"], ours[k]["contrast"]["min"]
        rel.append((abs(o - t) / t, k, t, o))
        verdicts += judged(tool[k], rep) == ours[k]["verdict"]
    within = sum(r[0] <= 0.01 for r in rel)
    stats = ("p05", "p10", "median", "mean", "max")
    worst_other = max((abs(ours[k]["contrast"][s] - tool[k]["contrast"][s]) / tool[k]["contrast"][s]
                       for k in both for s in stats), default=0.0)
    rel.sort(reverse=True)
    print(f"checks: tool {len(tool)}, numpy {len(ours)}, in both {len(both)}")
    print(f"judged ratio (min) within 1 %: {within} of {len(both)}"
          f" ({100.0 * within / max(1, len(both)):.2f} %); largest difference"
          f" {100.0 * (rel[0][0] if rel else 0):.3f} %")
    print(f"other statistics (p05, p10, median, mean, max): largest difference {100.0 * worst_other:.3f} %")
    reviews = sum(tool[k]["verdict"] == "review" for k in both)
    print(f"same verdict: {verdicts} of {len(both)} (the tool's {reviews} reviews read as the"
          " pass or fail of their ratio)")
    for r, k, t, o in rel[:a.worst]:
        if r <= 0.001:
            break
        print(f"  {100.0 * r:.3f} %  tool {t:.6f}  numpy {o:.6f}  {' / '.join(str(x) for x in k)}")
    for name, side in (("only in the tool", set(tool) - set(ours)), ("only in numpy", set(ours) - set(tool))):
        if side:
            print(f"{name}: {len(side)}, e.g. {' / '.join(str(x) for x in sorted(side)[0])}")


if __name__ == "__main__":
    main()
