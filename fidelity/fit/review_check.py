"""Checks the `review` verdict (issue 29 part 4) against renders the fit did
not see: for every colour iOS drew in the rows that fit.py holds out (each
backdrop of a group left out, the group refitted, the colour predicted) and
in source F's 13 solid colours (never fitted), black and white text at the
AA thresholds (4.5 and 3), the verdict the tool would give on the predicted
colour (with the interval the profile's `uncertainty` gives that material
and appearance) against the verdict on the colour iOS drew.

  python3 fidelity/fit/fit.py fidelity/ios27-measurements.csv /tmp/fit
  python3 fidelity/fit/review_check.py /tmp/fit/residuals.json

Prints per set the verdicts, how many contradict iOS (pass where iOS fails
or the reverse, outside review) and how many are `review`. Tooling only
(PyYAML); the interval is computed as ContrastInterval.swift computes it,
written again here from WCAG 2.2's definitions.
"""

import json
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILE = os.path.join(HERE, "..", "..", "profiles", "ios27.yml")


def lin(v):
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def enc(y):
    return (y * 12.92 if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055) * 255


def lum(c):
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def ratio(a, b):
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def interval(r, lt, levels):
    """The judged ratio r of text of luminance lt, its backdrop `levels` off."""
    candidates = []
    lighter, darker = r * (lt + 0.05) - 0.05, (lt + 0.05) / r - 0.05
    if lighter <= 1 + 1e-9:
        candidates.append(min(1, lighter))
    if darker >= -1e-9:
        candidates.append(max(0, darker))
    low, high = float("inf"), float("-inf")
    for backdrop in candidates:
        g = enc(backdrop)
        a, b = lin(max(0, g - levels)), lin(min(255, g + levels))
        low = min(low, 1 if a <= lt <= b else min(ratio(lt, a), ratio(lt, b)))
        high = max(high, ratio(lt, a), ratio(lt, b))
    return min(low, r), max(high, r)


def main():
    residuals = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "/tmp/fit/residuals.json"))
    widths = yaml.safe_load(open(PROFILE))["uncertainty"]["measured"]
    sets = [("held out", residuals["holdout"]["rows"]),
            ("F solids (never fitted)", residuals["externalCheck"]["rows"])]
    for name, rows in sets:
        n = contradict = review = 0
        for row in rows:
            levels = widths[row["material"]][row["appearance"]]
            for text in (0.0, 1.0):
                for threshold in (4.5, 3.0):
                    n += 1
                    predicted = ratio(text, lum(row["predicted"]))
                    observed = ratio(text, lum(row["observed"]))
                    low, high = interval(predicted, text, levels)
                    if low < threshold <= high:
                        review += 1
                    elif (predicted >= threshold) != (observed >= threshold):
                        contradict += 1
                        print(f"  contradicts iOS: {row['material']} {row['appearance']} "
                              f"backdrop {row['backdrop']}, text {text:g}: {predicted:.3f} "
                              f"predicted, {observed:.3f} drawn")
        print(f"{name}: {n} verdicts, {contradict} contradict iOS, {review} review "
              f"({100 * review / n:.1f} %)")


if __name__ == "__main__":
    main()
