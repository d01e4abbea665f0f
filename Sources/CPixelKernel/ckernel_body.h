// The per-entry contrast model of cpixelkernel.c, written once for every
// vector width. cpixelkernel.c includes it once per instruction set, after
// defining:
//   FN(name)      the name of this instruction set's copy of `name`
//   TARGET        the function attribute that enables the instruction set
//   LANES         entries per vector
//   V, M, C       vector of doubles, lane mask, vector of mask codes
//   VSPLAT(x), VADD, VSUB, VMUL, VDIV     IEEE operations lane by lane
//   VGE(a, b), VLT(a, b)  lanes where a >= b, a < b (ordered, quiet)
//   VBLEND(m, x, y)       y where m is set, else x
//   MBITS(m), MALL        the mask as bits (lane l is bit l); all lanes set
//   VLOAD(p), VSTORE(p, v)  unaligned load and store of LANES doubles
//   CLOAD(p)              LANES mask codes (bytes) as C
//   CZERO(c), CBAND(c)    lanes whose code is 0 (outside), above 1 (band)
//   FN(table_pairs)(t, x, &lo, &hi)  t[i], t[i + 1] per lane, for the table
//                         index i = (int)x, capped at steps - 1 (also returned
//                         as doubles in `index`)
// and FN_RGB_RUNS where V is eight doubles (AVX-512): the compose loop then
// reads and writes runs of eight pixels whole, with crgb.h; FN_TABLE_ONLY for
// a copy of the loops that read the luminance table alone (the ratios and the
// backgrounds' luminances, not the compose loop or the remedy search's scan).
// Every lane performs the operations of the Swift reference
// (BackgroundEvaluator.ratio: MaterialPipeline.apply, RGBA.composited,
// FastLuminance, WCAG.contrastRatio) in the same order, so every width gives
// the reference's bits (ModelTwinTests).

static inline TARGET V FN(larger)(V x, V y) { return VBLEND(VGE(y, x), x, y); }
static inline TARGET V FN(smaller)(V x, V y) { return VBLEND(VLT(y, x), x, y); }
static inline TARGET V FN(clamp01)(V x) {
  return FN(smaller)(FN(larger)(x, VSPLAT(0)), VSPLAT(1));
}

static inline TARGET V FN(linearize)(const cpk_params *p, V c) {
  V x = VMUL(FN(clamp01)(c), VSPLAT((double)p->steps));
  V lo, hi, index;
  FN(table_pairs)(p, x, &lo, &hi, &index);
  V f = VSUB(x, index);
  return VADD(lo, VMUL(VSUB(hi, lo), f));
}

static inline TARGET V FN(luminance)(const cpk_params *p, V r, V g, V b) {
  return VADD(VADD(VMUL(VSPLAT(0.2126), FN(linearize)(p, r)),
                   VMUL(VSPLAT(0.7152), FN(linearize)(p, g))),
              VMUL(VSPLAT(0.0722), FN(linearize)(p, b)));
}

static inline TARGET V FN(luma)(V r, V g, V b) {
  return VADD(VADD(VMUL(VSPLAT(0.2126), r), VMUL(VSPLAT(0.7152), g)), VMUL(VSPLAT(0.0722), b));
}

// MaterialPipeline.plate: x = clamp(y, 0, 1)(n - 1), i = min(floor x, n - 2)
// (chosen lane by lane by x >= j), stops[i] + (stops[i + 1] - stops[i])(x - i).
static inline TARGET V FN(plate)(const cpk_params *p, V y) {
  int last = p->stopCount - 1;
  V x = VMUL(FN(clamp01)(y), VSPLAT((double)last));
  V lo = VSPLAT(p->stops[0]), hi = VSPLAT(p->stops[1]), index = VSPLAT(0);
  for (int j = 1; j < last; j++) {
    M at = VGE(x, VSPLAT((double)j));
    lo = VBLEND(at, lo, VSPLAT(p->stops[j]));
    hi = VBLEND(at, hi, VSPLAT(p->stops[j + 1]));
    index = VBLEND(at, index, VSPLAT((double)j));
  }
  return VADD(lo, VMUL(VSUB(hi, lo), VSUB(x, index)));
}

// `a * c + (1 - a) * x`, with `a * c` and `1 - a` taken in scalars as Swift does.
static inline TARGET V FN(over)(const double *layer, int channel, V x) {
  double a = layer[3];
  return VADD(VSPLAT(a * layer[channel]), VMUL(VSPLAT(1 - a), x));
}

// The rendering inside the shape, over the colours (r, g, b).
static inline TARGET void FN(inside)(const cpk_params *p, V *r, V *g, V *b) {
  if (p->surface == 0) return;
  if (p->surface == 1) {
    V y = FN(luma)(*r, *g, *b);
    V k = FN(smaller)(FN(larger)(VSUB(VSPLAT(1), VMUL(y, VSPLAT(1 - p->lumaCap))), VSPLAT(0)),
                      VSPLAT(1));
    V boost = VADD(VSPLAT(1), VMUL(VSPLAT(0.3), VSUB(VSPLAT(1), k)));
    *r = VMUL(k, VADD(y, VMUL(VSUB(*r, y), boost)));
    *g = VMUL(k, VADD(y, VMUL(VSUB(*g, y), boost)));
    *b = VMUL(k, VADD(y, VMUL(VSUB(*b, y), boost)));
    y = FN(luma)(*r, *g, *b);
    V base = VADD(VSPLAT(p->black), VMUL(VSPLAT(p->white - p->black), y));
    V s = VSPLAT(p->saturation);
    *r = VADD(base, VMUL(s, VSUB(*r, y)));
    *g = VADD(base, VMUL(s, VSUB(*g, y)));
    *b = VADD(base, VMUL(s, VSUB(*b, y)));
  } else if (p->surface == 2) {
    V y = FN(luma)(*r, *g, *b);
    V s = VSPLAT(p->saturation);
    V br = VSPLAT(p->brightness);
    V keep = VSPLAT(1 - p->plateShare);
    V lift = VMUL(VSPLAT(p->plateShare), FN(plate)(p, y));
    *r = VADD(VADD(VMUL(keep, VADD(y, VMUL(s, VSUB(*r, y)))), lift), br);
    *g = VADD(VADD(VMUL(keep, VADD(y, VMUL(s, VSUB(*g, y)))), lift), br);
    *b = VADD(VADD(VMUL(keep, VADD(y, VMUL(s, VSUB(*b, y)))), lift), br);
  }
  if (p->hasFill) {
    *r = FN(over)(p->fill, 0, *r);
    *g = FN(over)(p->fill, 1, *g);
    *b = FN(over)(p->fill, 2, *b);
  }
  if (p->hasTint) {
    *r = FN(over)(p->tint, 0, *r);
    *g = FN(over)(p->tint, 1, *g);
    *b = FN(over)(p->tint, 2, *b);
  }
  *r = FN(clamp01)(*r);
  *g = FN(clamp01)(*g);
  *b = FN(clamp01)(*b);
}

// The backgrounds of LANES entries: the colour itself outside the shape
// (code 0), the rendering inside (1), the border over it in the band (2).
static inline TARGET void FN(backgrounds)(const cpk_params *p, V r0, V g0, V b0, C codes, V *r,
                                          V *g, V *b) {
  M outside = CZERO(codes);
  *r = r0;
  *g = g0;
  *b = b0;
  if (MBITS(outside) == MALL) return;
  FN(inside)(p, r, g, b);
  M band = CBAND(codes);
  if (MBITS(band) != 0) {
    *r = VBLEND(band, *r, FN(over)(p->border, 0, *r));
    *g = VBLEND(band, *g, FN(over)(p->border, 1, *g));
    *b = VBLEND(band, *b, FN(over)(p->border, 2, *b));
  }
  *r = VBLEND(outside, *r, r0);
  *g = VBLEND(outside, *g, g0);
  *b = VBLEND(outside, *b, b0);
}

// Loads entries k ... k + LANES - 1, repeating the last entry past the end.
static inline TARGET void FN(load)(const double *r, const double *g, const double *b,
                                   const uint8_t *codes, long n, long k, V *r0, V *g0, V *b0,
                                   C *c) {
  if (k + LANES <= n) {
    *r0 = VLOAD(r + k);
    *g0 = VLOAD(g + k);
    *b0 = VLOAD(b + k);
    *c = CLOAD(codes + k);
    return;
  }
  double lr[LANES], lg[LANES], lb[LANES];
  uint8_t lc[16] = {0};
  for (long l = 0; l < LANES; l++) {
    long i = k + l < n ? k + l : n - 1;
    lr[l] = r[i];
    lg[l] = g[i];
    lb[l] = b[i];
    lc[l] = codes[i];
  }
  *r0 = VLOAD(lr);
  *g0 = VLOAD(lg);
  *b0 = VLOAD(lb);
  *c = CLOAD(lc);
}

static inline TARGET void FN(store)(double *out, long n, long k, V v) {
  if (k + LANES <= n) {
    VSTORE(out + k, v);
    return;
  }
  double lanes[LANES];
  VSTORE(lanes, v);
  for (long l = 0; k + l < n; l++) out[k + l] = lanes[l];
}

// The ratios and the background luminances go a block of entries at a time,
// one step of the model over the whole block before the next: the
// backgrounds, then the table lookups, then the sums and the ratio. Taken
// entry by entry, each vector's chain of dependent operations (a lookup
// waits for its index, the ratio for both luminances) is longer than the
// CPU can overlap with the next vector's; a step over a block has no chain
// from one vector to the next. Every lane still performs the reference's
// operations in the same order (the colour's luminance, the background's,
// `(max + 0.05) / (min + 0.05)`): the same bits.
#define BLOCK (8 * LANES)

// The backgrounds of entries k0 ..< k0 + m (m <= BLOCK) into r, g, b. For
// the ratios (`forRatios`), with a colour that is not opaque, the colour
// composited over each into fr, fg, fb, and a vector whose entries all lie
// behind an opaque fill or tint gets its ratios in r at once (and, when
// `cl` is not NULL, its backgrounds' luminances there) and its flag in
// `constant`. Returns whether any vector needs the rest of the model.
static inline TARGET int FN(block_backgrounds)(const cpk_params *p, int forRatios,
                                               const double *r, const double *g,
                                               const double *b, const uint8_t *codes, long n,
                                               long k0, long m, double *cr, double *cg,
                                               double *cb, double *fr, double *fg, double *fb,
                                               double *cl, uint8_t *constant) {
  int any = 0;
  for (long k = 0; k < m; k += LANES) {
    V r0, g0, b0;
    C c;
    FN(load)(r, g, b, codes, n, k0 + k, &r0, &g0, &b0, &c);
    constant[k / LANES] = forRatios && p->hasConstant && MBITS(CZERO(c)) == 0;
    if (constant[k / LANES]) {
      VSTORE(cr + k, VBLEND(CBAND(c), VSPLAT(p->constantInside), VSPLAT(p->constantBorder)));
      if (cl)
        VSTORE(cl + k, VBLEND(CBAND(c), VSPLAT(p->constantInsideLuminance),
                              VSPLAT(p->constantBorderLuminance)));
      continue;
    }
    any = 1;
    V rr, gg, bb;
    FN(backgrounds)(p, r0, g0, b0, c, &rr, &gg, &bb);
    VSTORE(cr + k, rr);
    VSTORE(cg + k, gg);
    VSTORE(cb + k, bb);
    if (forRatios && !p->opaque) {
      VSTORE(fr + k, FN(over)(p->color, 0, rr));
      VSTORE(fg + k, FN(over)(p->color, 1, gg));
      VSTORE(fb + k, FN(over)(p->color, 2, bb));
    }
  }
  return any;
}

// FN(luminance) of the colours (r, g, b) of a block, into `out` (which may be
// one of them), skipping the constant vectors.
static inline TARGET void FN(block_luminances)(const cpk_params *p, const double *r,
                                               const double *g, const double *b, long m,
                                               const uint8_t *constant, double *out) {
  for (long k = 0; k < m; k += LANES) {
    if (constant[k / LANES]) continue;
    VSTORE(out + k, FN(luminance)(p, VLOAD(r + k), VLOAD(g + k), VLOAD(b + k)));
  }
}

// With `lum` not NULL, the backgrounds' luminances are written there too,
// as FN(luminances) makes them (a constant vector's are the parameters'
// constant luminances, the model's bits for any backdrop).
static TARGET void FN(ratios)(const cpk_params *p, const double *r, const double *g,
                              const double *b, const uint8_t *codes, long n, double *out,
                              double *lum) {
  double cr[BLOCK], cg[BLOCK], cb[BLOCK], fr[BLOCK], fg[BLOCK], fb[BLOCK], cl[BLOCK];
  uint8_t constant[BLOCK / LANES];
  for (long k0 = 0; k0 < n; k0 += BLOCK) {
    long m = n - k0 < BLOCK ? n - k0 : BLOCK;
    int any = FN(block_backgrounds)(p, 1, r, g, b, codes, n, k0, m, cr, cg, cb, fr, fg, fb,
                                    lum ? cl : 0, constant);
    if (any) {
      // The background's luminance into cg, the colour's into fr.
      FN(block_luminances)(p, cr, cg, cb, m, constant, cg);
      if (!p->opaque) FN(block_luminances)(p, fr, fg, fb, m, constant, fr);
      for (long k = 0; k < m; k += LANES) {
        if (constant[k / LANES]) continue;
        V f = p->opaque ? VSPLAT(p->opaqueLuminance) : VLOAD(fr + k);
        V bg = VLOAD(cg + k);
        V hi = FN(larger)(f, bg);
        V lo = FN(smaller)(f, bg);
        VSTORE(cr + k, VDIV(VADD(hi, VSPLAT(0.05)), VADD(lo, VSPLAT(0.05))));
      }
    }
    if (lum)
      for (long k = 0; k < m; k += LANES)
        FN(store)(lum, n, k0 + k, VLOAD(constant[k / LANES] ? cl + k : cg + k));
    for (long k = 0; k < m; k += LANES) FN(store)(out, n, k0 + k, VLOAD(cr + k));
  }
}

static TARGET void FN(luminances)(const cpk_params *p, const double *r, const double *g,
                                  const double *b, const uint8_t *codes, long n, double *out) {
  double cr[BLOCK], cg[BLOCK], cb[BLOCK];
  uint8_t constant[BLOCK / LANES];
  for (long k0 = 0; k0 < n; k0 += BLOCK) {
    long m = n - k0 < BLOCK ? n - k0 : BLOCK;
    FN(block_backgrounds)(p, 0, r, g, b, codes, n, k0, m, cr, cg, cb, 0, 0, 0, 0, constant);
    FN(block_luminances)(p, cr, cg, cb, m, constant, cr);
    for (long k = 0; k < m; k += LANES) FN(store)(out, n, k0 + k, VLOAD(cr + k));
  }
}

#undef BLOCK

#ifndef FN_TABLE_ONLY
static TARGET void FN(compose)(const cpk_params *p, const float *image, long width,
                               const uint8_t *maskCodes, long mx, long my, long mw, long mh,
                               const float *blurred, long blurredWidth, double mix, float *out) {
  double keep = 1 - mix;
  for (long j = 0; j < mh; j++) {
    long xs[LANES];
    int pending = 0;
    for (long i = 0; i <= mw; i++) {
#ifdef FN_RGB_RUNS
      // LANES pixels in a row that all have a code, none pending: read and
      // written whole (the same operations on each pixel as below).
      if (pending == 0 && i + LANES <= mw) {
        const uint8_t *run = maskCodes + j * mw + i;
        int all = 1;
        for (int l = 0; l < LANES; l++) all &= run[l] != 0;
        if (all) {
          // The wallpaper W, then the backdrop (1 - mix) W + mix M.
          V wr, wg, wb, rr, gg, bb;
          cpk_rgb_load(image + 3 * ((my + j) * width + mx + i), &wr, &wg, &wb);
          if (blurred) {
            V mr, mg, mb;
            cpk_rgb_load(blurred + 3 * (j * blurredWidth + i), &mr, &mg, &mb);
            V k = VSPLAT(keep), m = VSPLAT(mix);
            wr = VADD(VMUL(k, wr), VMUL(m, mr));
            wg = VADD(VMUL(k, wg), VMUL(m, mg));
            wb = VADD(VMUL(k, wb), VMUL(m, mb));
          }
          FN(backgrounds)(p, wr, wg, wb, CLOAD(run), &rr, &gg, &bb);
          cpk_rgb_store(out + 3 * ((my + j) * width + mx + i), rr, gg, bb);
          i += LANES - 1;
          continue;
        }
      }
#endif
      // Batches of LANES pixels with a code, the row's last padded by repeats.
      if (i < mw && maskCodes[j * mw + i] != 0) xs[pending++] = i;
      if (pending < LANES && !(i == mw && pending > 0)) continue;
      int used = pending;
      while (pending < LANES) {
        xs[pending] = xs[pending - 1];
        pending++;
      }
      double c[3][LANES];
      uint8_t codes[16] = {0};
      // Lane by lane (vectorised, this loop becomes gathers, slower here).
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
      for (int l = 0; l < LANES; l++) {
        const float *w = image + 3 * ((my + j) * width + mx + xs[l]);
        codes[l] = maskCodes[j * mw + xs[l]];
        if (blurred) {
          const float *g = blurred + 3 * (j * blurredWidth + xs[l]);
          for (int ch = 0; ch < 3; ch++) c[ch][l] = keep * (double)w[ch] + mix * (double)g[ch];
        } else {
          for (int ch = 0; ch < 3; ch++) c[ch][l] = (double)w[ch];
        }
      }
      V rr, gg, bb;
      FN(backgrounds)(p, VLOAD(c[0]), VLOAD(c[1]), VLOAD(c[2]), CLOAD(codes), &rr, &gg, &bb);
      double lr[LANES], lg[LANES], lb[LANES];
      VSTORE(lr, rr);
      VSTORE(lg, gg);
      VSTORE(lb, bb);
      for (int l = 0; l < used; l++) {
        float *o = out + 3 * ((my + j) * width + mx + xs[l]);
        o[0] = (float)lr[l];
        o[1] = (float)lg[l];
        o[2] = (float)lb[l];
      }
      pending = 0;
    }
  }
}

// The remedy search's scan of an opaque colour over background luminances
// (RemedySearch.worstFailing(foreground:backgrounds:threshold:limit:)): the
// ratio of foreground luminance fg over each, as WCAG.contrastRatio(luminance:)
// takes it (`max` and `min` as Swift's, then (hi + 0.05) / (lo + 0.05)); the
// least ratio returned; of the failing ones, the `limit` of lowest (ratio,
// index) into outIndex and outRatio, as RemedySearch.lowest takes them: all
// when they are that few, else every one below the limit-th least failing
// ratio and the first in index order of those equal to it. *outCount is how
// many, or -1 when memory for the selection could not be had.
static inline double FN(scalar_ratio)(double fg, double b) {
  double hi = b >= fg ? b : fg, lo = b < fg ? b : fg;
  return (hi + 0.05) / (lo + 0.05);
}

static TARGET double FN(luminance_scan)(double fg, const double *bg, long n, double threshold,
                                        long limit, long *outIndex, double *outRatio,
                                        long *outCount) {
  // First pass, eight or four at a time: the least ratio and how many fail.
  V f = VSPLAT(fg), t = VSPLAT(threshold), low = VSPLAT(INFINITY);
  long failing = 0, k = 0;
  for (; k + LANES <= n; k += LANES) {
    V b = VLOAD(bg + k);
    V r = VDIV(VADD(FN(larger)(f, b), VSPLAT(0.05)), VADD(FN(smaller)(f, b), VSPLAT(0.05)));
    low = FN(smaller)(low, r);
    failing += __builtin_popcount((unsigned)MBITS(VLT(r, t)));
  }
  double lanes[LANES];
  VSTORE(lanes, low);
  double lowest = INFINITY;
  for (int l = 0; l < LANES; l++) lowest = lanes[l] < lowest ? lanes[l] : lowest;
  for (; k < n; k++) {
    double r = FN(scalar_ratio)(fg, bg[k]);
    lowest = r < lowest ? r : lowest;
    if (r < threshold) failing++;
  }
  *outCount = 0;
  if (failing == 0 || limit <= 0) return lowest;
  // Second pass: the failing entries in index order, straight out when they
  // all fit, else into scratch (their ratios twice: once to select in).
  int fit = failing <= limit;
  long *index = fit ? outIndex : malloc((size_t)failing * sizeof(long));
  double *ratio = fit ? outRatio : malloc(2 * (size_t)failing * sizeof(double));
  if (!index || !ratio) {
    if (!fit) {
      free(index);
      free(ratio);
    }
    *outCount = -1;
    return lowest;
  }
  long m = 0;
  for (k = 0; k < n; k++) {
    double r = FN(scalar_ratio)(fg, bg[k]);
    if (r < threshold) {
      index[m] = k;
      ratio[m] = r;
      m++;
    }
  }
  if (fit) {
    *outCount = m;
    return lowest;
  }
  // More fail than are kept: the limit-th least failing ratio is the cut;
  // every one below it (fewer than `limit`), then its ties in index order.
  double *selected = ratio + m;
  memcpy(selected, ratio, (size_t)m * sizeof(double));
  double cut = select_kth(selected, m, limit - 1);
  long c = 0;
  for (long j = 0; j < m; j++) {
    if (ratio[j] < cut) {
      outIndex[c] = index[j];
      outRatio[c++] = ratio[j];
    }
  }
  for (long j = 0; j < m && c < limit; j++) {
    if (ratio[j] == cut) {
      outIndex[c] = index[j];
      outRatio[c++] = cut;
    }
  }
  free(index);
  free(ratio);
  *outCount = c;
  return lowest;
}

#endif  // FN_TABLE_ONLY
