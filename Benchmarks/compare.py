"""Times glass-audit's Gaussian blur against Pillow, OpenCV and libvips on the
same image and sigma, and measures each one's largest error against a true
Gaussian. Run through compare.sh, which installs the tools and builds blur-tool.

Everything is timed on one thread: glass-audit with its serial path, OpenCV
after cv2.setNumThreads(1) (it would otherwise use every core), libvips with
VIPS_CONCURRENCY=1; Pillow's filters are single-threaded. glass-audit is timed
twice (see blur-tool): its blur field, what the audit computes per wallpaper
and sigma, and the field plus the whole 1290x2796 image materialised into a
buffer reused between runs; each other implementation's time is printed as a
ratio to both. Two-thread glass-audit times and GaussianBlur.blur (which
allocates its result each call) are shown for reference.

The reference is the direct separable convolution with the sampled kernel of
radius ceil(4 sigma) and clamp-to-edge borders, computed in float64 by
scipy.ndimage.gaussian_filter(mode='nearest', truncate=4.0) on the 8-bit image
scaled to [0, 1] (for the integer sigmas used here scipy's radius
round(4 sigma) equals ceil(4 sigma)). Errors are max |output - reference| over
all pixels, per channel, in units of 1/255; glass-audit's are those of the
whole materialised image.

Times are medians of wall-clock runs of the blur alone (decoding excluded),
except libvips, whose command line `vips gaussblur in.png out.v sigma` is
timed whole, as its users run it; a `vips copy in.png out.v` row shows what
decoding and writing alone cost there.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

import cv2
import PIL
import numpy as np
from PIL import Image, ImageFilter
from scipy.ndimage import gaussian_filter


def median_time(fn, repeats, budget_s=15.0):
    """Median wall time in ms of `fn()`, over `repeats` runs or fewer when the
    runs would exceed `budget_s` (at least one); returns (ms, last result)."""
    times = []
    result = None
    start_all = time.perf_counter()
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1e3)
        if time.perf_counter() - start_all > budget_s:
            break
    return statistics.median(times), result


def errors(output01, reference, margin):
    """Largest |output - reference| per channel in 1/255 units, over the whole
    image and over the interior (pixels at least `margin` from every edge,
    which no border rule reaches)."""
    d = np.abs(output01.astype(np.float64) - reference)
    inner = d[margin:-margin, margin:-margin]
    return ([float(d[..., c].max()) * 255 for c in range(3)],
            [float(inner[..., c].max()) * 255 for c in range(3)])


def reference_for(rgb8, sigma, cache_dir):
    path = os.path.join(cache_dir, f"reference-sigma{sigma:g}.npy")
    if os.path.exists(path):
        return np.load(path)
    x = rgb8.astype(np.float64) / 255
    ref = np.empty_like(x)
    for c in range(3):
        ref[..., c] = gaussian_filter(x[..., c], sigma, mode="nearest", truncate=4.0)
    np.save(path, ref)
    return ref


def read_vips_raw(vips_file, raw_file, width, height):
    """The pixels of a .v file (saved raw to `raw_file`) scaled to [0, 1]: uchar
    pixels are divided by 255, float ones are already on the 0-255 scale."""
    fmt = subprocess.run(["vipsheader", "-f", "format", vips_file], check=True,
                         capture_output=True, text=True).stdout.strip()
    # vipsheader prints e.g. "uchar" or "((VipsBandFormat) VIPS_FORMAT_UCHAR)".
    name = fmt.lower().rsplit("_", 1)[-1].strip(")")
    dtype = {"uchar": np.uint8, "float": np.float32, "double": np.float64}[name]
    return np.fromfile(raw_file, dtype=dtype).reshape(height, width, 3).astype(np.float64) / 255


def main():
    p = argparse.ArgumentParser()
    p.add_argument("image")
    p.add_argument("--blur-tool", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--sigmas", default="15 30 60 120")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--glass-repeat", type=int, default=41)
    a = p.parse_args()

    cv_threads_default = cv2.getNumThreads()
    cv2.setNumThreads(1)
    vips_env = dict(os.environ, VIPS_CONCURRENCY="1")

    img = Image.open(a.image).convert("RGB")
    rgb8 = np.asarray(img)
    h, w, _ = rgb8.shape
    print(f"image: {a.image} ({w}x{h}), repeats: {a.repeat}, "
          f"Pillow {PIL.__version__}, OpenCV {cv2.__version__} (set to 1 thread; its default "
          f"here is {cv_threads_default}), libvips with VIPS_CONCURRENCY=1, numpy {np.__version__}")
    f32 = rgb8.astype(np.float32) / 255
    summary = []

    for sigma in [float(s) for s in a.sigmas.split()]:
        print(f"\n## sigma = {sigma:g} px")
        ref = reference_for(rgb8, sigma, a.work)
        rows = []
        margin = math.ceil(4 * sigma)

        out_path = os.path.join(a.work, f"glass-sigma{sigma:g}.f32")
        glass = {}
        for threads, extra in [(1, []), (2, ["--parallel"])]:
            glass[threads] = json.loads(subprocess.run(
                [a.blur_tool, a.image, f"{sigma:g}", "--repeat", str(a.glass_repeat),
                 "--out", out_path] + extra,
                check=True, capture_output=True, text=True).stdout)
        one = glass[1]
        out = np.fromfile(out_path, dtype="<f4").reshape(h, w, 3)
        field_ms, full_ms = one["field_ms"], one["full_ms"]
        glass_err = errors(out, ref, margin)
        print(f"glass-audit: block size {one['block_size']}, small grid {one['grid']}; "
              f"first (cold) field + materialise {one['first_ms']:.1f} ms")
        rows.append(("glass-audit blur field (shrink + small-grid blur, float32)", 1,
                     field_ms, None))
        rows.append(("glass-audit field + materialise 1290x2796 into a reused buffer", 1,
                     full_ms, glass_err))
        rows.append(("glass-audit GaussianBlur.blur (allocates its result)", 1,
                     one["blur_ms"], None))
        two = glass[2]
        rows.append(("glass-audit blur field", two["threads"], two["field_ms"], None))
        rows.append(("glass-audit field + materialise into a reused buffer", two["threads"],
                     two["full_ms"], None))

        ms, out = median_time(lambda: img.filter(ImageFilter.GaussianBlur(radius=sigma)), a.repeat)
        pillow_ms = ms
        rows.append(("Pillow ImageFilter.GaussianBlur(radius=sigma) (uint8)", 1, ms,
                     errors(np.asarray(out) / 255, ref, margin)))

        # One box pass with the Gaussian's variance: (2r+1)^2 - 1 = 12 sigma^2.
        r = (math.sqrt(12 * sigma * sigma + 1) - 1) / 2
        ms, out = median_time(lambda: img.filter(ImageFilter.BoxBlur(radius=r)), a.repeat)
        rows.append((f"Pillow ImageFilter.BoxBlur(radius={r:.1f}) (uint8)", 1, ms,
                     errors(np.asarray(out) / 255, ref, margin)))

        k = 2 * math.ceil(4 * sigma) + 1
        ms, out = median_time(
            lambda: cv2.GaussianBlur(f32, (k, k), sigmaX=sigma, sigmaY=sigma,
                                     borderType=cv2.BORDER_REPLICATE), a.repeat)
        rows.append((f"OpenCV cv2.GaussianBlur ksize {k} (float32)", 1, ms,
                     errors(out, ref, margin)))
        ms, out = median_time(
            lambda: cv2.GaussianBlur(rgb8, (k, k), sigmaX=sigma, sigmaY=sigma,
                                     borderType=cv2.BORDER_REPLICATE), a.repeat)
        rows.append((f"OpenCV cv2.GaussianBlur ksize {k} (uint8)", 1, ms,
                     errors(out / 255, ref, margin)))

        vout = os.path.join(a.work, "out.v")
        vraw = os.path.join(a.work, "out.raw")
        vips_ms = None
        for label, extra in [
            ("libvips `vips gaussblur in.png out.v sigma` (default, command)", []),
            ("libvips gaussblur --precision float --min-ampl 0.001 (command)",
             ["--precision", "float", "--min-ampl", "0.001"]),
        ]:
            cmd = ["vips", "gaussblur", a.image, vout, f"{sigma:g}"] + extra
            ms, _ = median_time(lambda: subprocess.run(cmd, check=True, env=vips_env), a.repeat)
            vips_ms = ms if vips_ms is None else vips_ms
            subprocess.run(["vips", "rawsave", vout, vraw], check=True)
            out = read_vips_raw(vout, vraw, w, h)
            rows.append((label, 1, ms, errors(out, ref, margin)))
        ms, _ = median_time(
            lambda: subprocess.run(["vips", "copy", a.image, vout], check=True, env=vips_env),
            a.repeat)
        rows.append(("libvips `vips copy in.png out.v` (decode + write only)", 1, ms, None))

        print("| implementation | threads | median ms | / glass-audit field "
              "| / glass-audit field + materialise "
              f"| largest error R, G, B (1/255) | same, {margin} px from the edges |")
        print("| --- | ---: | ---: | ---: | ---: | --- | --- |")
        for label, threads, ms, err in rows:
            if err is None:
                e = "— | —"
            else:
                e = " | ".join(", ".join(f"{x:.2f}" for x in part) for part in err)
            print(f"| {label} | {threads} | {ms:.1f} | {ms / field_ms:.1f}x "
                  f"| {ms / full_ms:.1f}x | {e} |")
        summary.append((sigma, field_ms, full_ms, pillow_ms, vips_ms, max(glass_err[0])))

    print("\n## targets (issue #6), one thread each")
    print("| sigma | glass-audit field ms | field + materialise ms "
          "| Pillow / field (>= 20x) | Pillow / field + materialise (>= 20x) "
          "| libvips / field (>= 100x) | libvips / field + materialise (>= 100x) "
          "| glass-audit largest error (<= 1/255) |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")

    def verdict(ratio, target):
        return f"{ratio:.1f}x {'meets' if ratio >= target else 'misses'}"

    for sigma, field_ms, full_ms, pillow_ms, vips_ms, err in summary:
        print(f"| {sigma:g} | {field_ms:.2f} | {full_ms:.2f} "
              f"| {verdict(pillow_ms / field_ms, 20)} | {verdict(pillow_ms / full_ms, 20)} "
              f"| {verdict(vips_ms / field_ms, 100)} | {verdict(vips_ms / full_ms, 100)} "
              f"| {err:.3f}/255 {'meets' if err <= 1 else 'misses'} |")


if __name__ == "__main__":
    sys.exit(main())
