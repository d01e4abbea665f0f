#ifndef CPIXELKERNEL_H
#define CPIXELKERNEL_H

#include <stdint.h>

/// One (rendering, colour) pair of ContrastCore's PixelKernel, flattened.
typedef struct {
  /// 0 wallpaper, 1 glass, 2 standard material, 3 app fill.
  int surface;
  double saturation, white, black, lumaCap, brightness;
  /// The standard material's plate: share a, and stopCount (2 ... 8) levels
  /// at evenly spaced luma.
  double plateShare;
  int stopCount;
  double stops[8];
  int hasFill;
  double fill[4];
  int hasTint;
  double tint[4];
  double border[4];
  double color[4];
  int opaque;
  double opaqueLuminance;
  int hasConstant;
  double constantInside, constantBorder;
  /// The background's luminance there (inside, in the band) when
  /// hasConstant.
  double constantInsideLuminance, constantBorderLuminance;
  /// FastLuminance's table: steps + 1 values.
  const double *table;
  int steps;
} cpk_params;

/// Whether the vector loops run: cpk_level() is above 0.
int cpk_available(void);

/// The widest instruction set the loops use: 0 none (the portable loops),
/// 2 AVX2, 3 AVX-512 (F, DQ, BW and VL; the contrast model then takes eight
/// entries at a time): the CPU's, capped by cpk_limit_level. Every level
/// gives the same bits. Nothing here reads the environment.
int cpk_level(void);

/// Caps cpk_level() at `level` from now on (the caller's choice, and tests
/// running each level's loops in turn) and returns the previous cap (3 at
/// start).
int cpk_limit_level(int level);

/// Whether the AVX-512 loops of the ratios and the backgrounds' luminances
/// read the luminance table's pairs of neighbours by two gathers (1) or by
/// one 16-byte load a lane (0): the caller's choice if it made one, else the
/// CPU's: gathers where it has AVX512-FP16 (Intel's Sapphire Rapids and
/// later, whose gathers are fast), the loads elsewhere. Both give the same
/// bits; 0 where there are no vector loops.
int cpk_table_gathers(void);

/// Makes cpk_table_gathers() `choice` from now on (0 or 1; -1 the CPU's
/// again), for tests running both reads in turn and for benchmarks, and
/// returns the previous choice (-1 at start).
int cpk_choose_table_gathers(int choice);

/// The contrast ratio of every entry (colour r, g, b; mask code) into `out`,
/// with exactly the operations of ContrastCore's readable reference
/// (BackgroundEvaluator.ratio), four or eight entries at a time; when
/// `luminances` is not NULL, each entry's background luminance there too, as
/// cpk_background_luminances gives it. Returns 0, writing nothing, when
/// cpk_available() is 0.
int cpk_ratios(const cpk_params *p, const double *r, const double *g, const double *b,
               const uint8_t *codes, long n, double *out, double *luminances);

/// The preview's modelled glass (ScenePreviewRenderer.compose): for every
/// pixel of the mask's rectangle (mx, my, mw, mh) whose code is not 0, the
/// background over its backdrop (`(1 - mix) W + mix G` when `blurred`, rows
/// `blurredWidth` wide over the mask's rectangle, is not NULL, else W), as
/// floats into `out` (interleaved RGB, `width` pixels a row, like `image`).
/// Returns 0, writing nothing, when cpk_available() is 0.
int cpk_compose(const cpk_params *p, const float *image, long width, const uint8_t *maskCodes,
                long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                double mix, float *out);

/// What the statistics of an item need besides its ratios, gathered in the
/// same loop: the sum of ratio x count, exactly, in units of 2^-52 (128
/// bits as `sum_high` and `sum_low`: ContrastCore's RatioSum; only ratios
/// in a bucket are added, and one outside leaves the histogram unusable
/// anyway), the pixels below the threshold, the extremes, and per bucket of
/// the ratios' bit patterns (ContrastCore's BucketSelect: `(bits >> shift) -
/// base`, `count` buckets) the pixels and entries it holds.
typedef struct {
  unsigned long long sum_high, sum_low;
  long failing;
  double lowest, highest;
  /// 1 when some ratio falls in no bucket (the histogram is then unusable).
  int outside;
} cpk_summary;

/// cpk_ratios, and the summary and histogram of the ratios weighted by
/// `counts` (`weights` and `entries` hold `buckets` zeroed counters). When
/// `luminances` is not NULL, each entry's background luminance is written
/// there too, as cpk_background_luminances gives it (the same loop's, every
/// entry taken through the whole model). Returns 0, writing nothing, when
/// cpk_available() is 0.
int cpk_ratios_summary(const cpk_params *p, const double *r, const double *g, const double *b,
                       const uint8_t *codes, const long *counts, long n, double threshold,
                       unsigned shift, unsigned long long base, long buckets, double *out,
                       cpk_summary *summary, long *weights, long *entries, double *luminances);

/// ItemSamples' storage being filled: entries (colour, mask code, pixel
/// count) and the run being extended (not yet written).
typedef struct {
  double *r, *g, *b;
  uint8_t *codes;
  long *counts;
  long capacity;
  long count;
  long pixels;
  double lastR, lastG, lastB;
  uint8_t lastCode;
  long run;
} cpk_builder;

/// SceneEvaluator.collect: appends the pixels of the rectangle (rx, ry, rw,
/// rh) of an image `width` pixels wide (interleaved RGB floats), row-major.
/// A pixel's mask code is 0 outside the mask's rectangle (mx, my, mw, mh),
/// maskCodes inside. Outside the shape (code 0) its colour is the image's;
/// inside, the mean when `hasMean`, else `(1 - mix) W + mix G` when `blurred`
/// (rows `blurredWidth` pixels wide from pixel (bx, by): the mask's
/// rectangle, or the part of it the pixels read) is not NULL,
/// else the image's. A pixel equal in code and colour to the run being
/// extended adds to its count (the run's count is written when the next
/// starts; cpk_builder_finish writes the last).
void cpk_collect(cpk_builder *b, const float *image, long width, const uint8_t *maskCodes,
                 long mx, long my, long mw, long mh, const float *blurred, long blurredWidth,
                 long bx, long by, int hasMean, const double mean[3], double mix, long rx,
                 long ry, long rw, long rh);

/// Appends one pixel (colour r, g, b; mask code) by those rules.
void cpk_append(cpk_builder *b, double r, double g, double bl, uint8_t code);

/// Writes the count of the run being extended.
void cpk_builder_finish(cpk_builder *b);

/// WallpaperCanvas.meanInside's sums: over the mask's rectangle (mx, my,
/// mw, mh) of an image `width` pixels wide, row-major, the floats of every
/// pixel whose code is not 0 added in that order to sums[0...2] (double),
/// and their number. Returns the number.
long cpk_sum_inside(const float *image, long width, const uint8_t *maskCodes, long mx, long my,
                    long mw, long mh, double sums[3]);

/// BucketSelect's histogram: per bucket `(bits >> shift) - base` (`buckets`
/// zeroed counters each), the weight of its values (1 each when `weights` is
/// NULL) and their number. Returns 0, the counters then unusable, when a
/// value has no bucket.
int cpk_bucket_histogram(const double *values, const long *weights, long n, unsigned shift,
                         unsigned long long base, long buckets, long *outWeights,
                         long *outEntries);

/// The values at the 1-based `ranks` (`count` of them, ascending) of
/// values[0 ..< n] (each counted weights[i] times, once when `weights` is
/// NULL; 1 <= rank <= their total), written to out[0 ..< count]. The
/// values are finite, not negative, and share the bits of their patterns
/// above `shift + 10`: a radix selection on ten bits of the pattern at a
/// time (which order like the values), from bit `shift` down; its first
/// level counted once for all the ranks. May reorder values and weights
/// alike; never changes them as a multiset. NAN for a rank where the
/// values turn out not to share those bits.
void cpk_select_ranks_in_bucket(double *values, long *weights, long n, const long *ranks,
                                int count, unsigned shift, double *out);

/// Copies the values (and their weights, when `weights` is not NULL) whose
/// bucket `(bits >> shift) - base` is keys[j] to outValues[cursors[j]++]
/// (and outWeights), for j < 3, in order. AVX2 when the CPU has it.
void cpk_gather_buckets(const double *values, const long *weights, long n, unsigned shift,
                        unsigned long long base, const unsigned long long keys[3],
                        double *outValues, long *outWeights, long cursors[3]);

/// The remedy search's scan of an opaque colour: the ratio of foreground
/// luminance `fg` over each of the background luminances bg[0 ..< n] (WCAG's
/// (L1 + 0.05) / (L2 + 0.05), as ContrastCore's WCAG.contrastRatio takes
/// it); of those below `threshold`, the `limit` of lowest (ratio, index)
/// into worstIndex and worstRatio (`limit` room each, in no order); the
/// least ratio of all into `lowest`. Returns how many were written, or -1
/// (what was written then unusable) when cpk_available() is 0 or memory for
/// the selection could not be had.
long cpk_luminance_scan(double fg, const double *bg, long n, double threshold, long limit,
                        long *worstIndex, double *worstRatio, double *lowest);

/// The relative luminance of every entry's background into `out` (as above).
int cpk_background_luminances(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out);

/// Placement's resampling, a row of the canvas at a time: `scratch[t] +=
/// weight * (double)source[t]` for t < count (Placement+Resample.swift's row
/// pass), in that order per t.
void cpk_accumulate_row(double *scratch, const float *source, long count, double weight);

/// The column pass: for each of `width` output pixels x, per channel c,
/// `sum over taps i of weights[i] * scratch[p + c]` from 0 in tap order
/// (`p` = 3 * (firsts[x] - lowest) + 3 * (i - starts[x])), divided by
/// `divisor` and rounded to float into target[3x + c]. `scratch` must be
/// readable one value past its last pixel's blue.
void cpk_resample_columns(const double *scratch, const long *firsts, const long *starts,
                          const double *weights, long lowest, long width, double divisor,
                          float *target);

/// The blur's block sums (RowKernels.columnSums): sums[n] = (((sums[n] if
/// `continuing`, else nothing) + lines[0][n]) + lines[1][n]) + ... for n <
/// length, in double, rows in order. AVX2 when the CPU has it.
void cpk_column_sums(const float *const *lines, long count, long length, int continuing,
                     double *sums);

/// cpk_column_sums of two sets of rows (not continuing).
void cpk_column_sums_pair(const float *const *lines, const float *const *lines2, long count,
                          long length, double *sums, double *sums2);

/// The Gaussian's symmetric sums (RowKernels.swift), in float without fused
/// multiply-adds, the bits of the Swift loops: per n, acc = w[0] * centre,
/// then acc = acc + w[i] * (low + high) for i = 1 ... radius.
/// cpk_symmetric_pair: rows[0 ... 2 radius + 1] into dst0 (centre
/// rows[radius]) and dst1 (centre rows[radius + 1]); cpk_symmetric_rows:
/// rows[0 ... 2 radius] into dst; cpk_symmetric_stride: along one row, low
/// and high `stride` floats apart per tap. Each returns 0, writing nothing,
/// when cpk_available() is 0.
int cpk_symmetric_pair(const float *const *rows, const float *weights, long radius, long count,
                       float *dst0, float *dst1);
int cpk_symmetric_rows(const float *const *rows, const float *weights, long radius, long count,
                       float *dst);
int cpk_symmetric_stride(const float *center, long stride, const float *weights, long radius,
                         long count, float *dst);

/// The mixture of two blurs (WallpaperCanvas.blurred(_:mixture:)): out[n] =
/// (float)((0 + w0 * a[n]) + w1 * b[n]) in double. Returns 0, writing
/// nothing, when cpk_available() is 0.
int cpk_mix2(const float *a, const float *b, double w0, double w1, long count, float *out);

/// The two loops above without AVX2 (what runs on other CPUs), for tests.
void cpk_accumulate_row_portable(double *scratch, const float *source, long count,
                                 double weight);
void cpk_resample_columns_portable(const double *scratch, const long *firsts,
                                   const long *starts, const double *weights, long lowest,
                                   long width, double divisor, float *target);

/// The remedy search's index of background luminances: each finite
/// luminance x of luminances[0 ..< n] lowers least[b] and raises
/// greatest[b] to it when beyond, b = floor(x * slices) held to
/// 0 ... slices - 1. Returns 0, the arrays then unusable, at a luminance
/// that is not finite. Plain C: runs at every vector level.
int cpk_luminance_slices(const double *luminances, long n, long slices, double *least,
                         double *greatest);

/// The remedy search's starting set: of ratios[0 ..< n], the k-th least
/// value (1 <= k <= n, duplicates counted) into `cut`, and the indices of
/// the entries at most `cut`, in index order, the first `limit` of them,
/// into `out`. Returns how many were written, or -1 (k out of range, or no
/// memory for the selection).
long cpk_least_entries(const double *ratios, long n, long k, long limit, long *out,
                       double *cut);

/// The indices of the entries of ratios[0 ..< n] at most `cut` (a NaN is
/// not), in index order, the first `limit` of them, into `out`. Returns how
/// many were written. Plain C: runs at every vector level.
long cpk_entries_at_most(const double *ratios, long n, double cut, long limit, long *out);

/// The least of ratios[0 ..< n] into *lowest (+inf when n is 0; a NaN is
/// passed over), and 1 when none is below `threshold`, else 0. Plain C:
/// runs at every vector level.
int cpk_lowest_none_below(const double *ratios, long n, double threshold, double *lowest);

/// FrameStatistics' pass over one ring of a chain of nested frames (the
/// entries from ..< to, which the frame gains over the one inside it),
/// each entry added whole: to weights[b] and blocks[b >> 6] its count and
/// to sizes[b] one, b = (bits >> shift) - base its bucket (`buckets` of
/// them); to the exact sum of ratio x count in units of 2^-52 (128 bits
/// wrapping, ContrastCore's RatioSum.Wide: sum[0] its high half, sum[1]
/// its low half) its product; its ratio to *lowest and *highest when
/// beyond them. Returns 0, everything written then unusable, when a ratio has no
/// bucket. Plain C: runs at every vector level.
int cpk_ring_add(const double *ratios, const long *counts, long from, long to, unsigned shift,
                 unsigned long long base, long buckets, long *weights, long *blocks,
                 long *sizes, unsigned long long *sum, double *lowest, double *highest);

/// The entries from ..< to (ascending) of the buckets asked about: entry k,
/// when slot[b] >= 0 for its bucket b = (bits >> shift) - base (every
/// ratio has one), to members[cursor[slot[b]]++].
void cpk_ring_gather(const double *ratios, long from, long to, unsigned shift,
                     unsigned long long base, const int32_t *slot, long *cursor,
                     int32_t *members);

#endif
