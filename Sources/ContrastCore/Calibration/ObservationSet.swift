/// The observations of one element of a capture, or of a measurements
/// file's rows at one shape size: per sample, the colour iOS drew and what
/// it drew it over, with the base profile's model of that element.
///
/// The model of a sample (SPEC §3.1, §3.2) is the material's pipeline
/// applied to B = sum_k w_k G_k(W), the Gaussians of the placed wallpaper W
/// at the pixel (sigma 0 is W itself); a flat backdrop (a measurement row,
/// or the Reduce Transparency mean) is its own blur at every sigma.
final class ObservationSet {
  /// One Gaussian of the blur at this set's short side and setting.
  struct BlurPart {
    var sigmaInPoints: Double
    /// nil: takes the remainder.
    var share: Double?
  }

  /// The input (capture folder or measurements file) and the element (or
  /// `rows`), as messages name them.
  let input: String
  let label: String
  /// The layout line of the element (0 for rows).
  let line: Int
  let shortSide: Double?
  let scale: Double
  /// The vibrant items of the element (issue 30), which calibration
  /// measures around, not through: it cannot fit their matrix yet.
  var vibrantItems = 0
  /// The base profile's pipeline at this set's short side and setting,
  /// with the mode's rules and the element's tint applied.
  let pipeline: MaterialPipeline
  /// The material's own fill alpha (glass) and plate share (standard),
  /// which Increase Contrast raises to its minimum.
  let ownFillAlpha: Double
  let ownPlateShare: Double
  let blur: [BlurPart]
  /// Levels 0-255, three per sample.
  let observed: [Double]
  /// W at each sample (or the flat backdrop), three per sample, 0-1.
  let sharp: [Float]
  /// The placed wallpaper and where the samples lie on it (canvas
  /// indices); nil for a flat backdrop.
  private let canvas: WallpaperCanvas?
  private let rect: PixelRect
  private let pixels: [Int]
  /// Blurred samples by sigma in pixels, the most recent few kept.
  private var cache: [(sigma: Double, values: [Float])] = []
  /// The measurement rows' lines (rows only), for the residual table.
  let rowLines: [Int]

  var count: Int { observed.count / 3 }
  var isFlat: Bool { canvas == nil }

  init(
    input: String, label: String, line: Int, shortSide: Double?, scale: Double,
    pipeline: MaterialPipeline, ownFillAlpha: Double, ownPlateShare: Double, blur: [BlurPart],
    observed: [Double], sharp: [Float], canvas: WallpaperCanvas?, rect: PixelRect,
    pixels: [Int], rowLines: [Int] = []
  ) {
    self.input = input
    self.label = label
    self.line = line
    self.shortSide = shortSide
    self.scale = scale
    self.pipeline = pipeline
    self.ownFillAlpha = ownFillAlpha
    self.ownPlateShare = ownPlateShare
    self.blur = blur
    self.observed = observed
    self.sharp = sharp
    self.canvas = canvas
    self.rect = rect
    self.pixels = pixels
    self.rowLines = rowLines
  }

  /// G_sigma(W) at the samples, three per sample (W itself for sigma 0 or
  /// a flat backdrop): the audit's blur (``GaussianBlur``) over the
  /// element's frame on the placed wallpaper.
  func blurred(sigmaInPixels sigma: Double) -> [Float] {
    guard let canvas, sigma > 0 else { return sharp }
    if let hit = cache.first(where: { $0.sigma == sigma }) { return hit.values }
    let image = GaussianBlur.blur(canvas.image, region: rect, sigmaInPixels: sigma)
    let width = canvas.image.width
    var values = [Float](repeating: 0, count: 3 * pixels.count)
    for (n, p) in pixels.enumerated() {
      let k = 3 * ((p / width - rect.y) * rect.width + (p % width - rect.x))
      values[3 * n] = image.samples[k]
      values[3 * n + 1] = image.samples[k + 1]
      values[3 * n + 2] = image.samples[k + 2]
    }
    cache.append((sigma, values))
    if cache.count > 12 { cache.removeFirst() }
    return values
  }

  // MARK: Building

  /// The sets `input` gives for `target`.
  static func sets(
    of input: CalibrationInput, target: CalibrationTarget, material: MaterialDefinition,
    profile: Profile, options: CalibrationOptions
  ) throws(DiagnosticList) -> [ObservationSet] {
    switch input {
    case .measurements(let table):
      return try rows(of: table, target: target, material: material, profile: profile)
    case .capture(let capture):
      return try faces(
        of: capture, target: target, material: material, profile: profile, options: options)
    }
  }

  /// The blur of `p` read at `shortSide` and `liquidGlass`.
  static func blurParts(
    _ p: MaterialParameters, shortSide: Double?, liquidGlass: Double
  ) -> [BlurPart] {
    p.blur.components.map {
      BlurPart(
        sigmaInPoints: max(
          0, $0.sigmaInPoints.value(shortSideInPoints: shortSide, liquidGlass: liquidGlass)),
        share: $0.share?.value(shortSideInPoints: shortSide, liquidGlass: liquidGlass))
    }
  }

  static func rows(
    of table: CalibrationMeasurements, target: CalibrationTarget, material: MaterialDefinition,
    profile: Profile
  ) throws(DiagnosticList) -> [ObservationSet] {
    var p = material.parameters(for: target.appearance)
    let selected = table.measurements(for: target, profile: profile)
    guard !selected.isEmpty else {
      let setting =
        p.kind == .glass && !target.mode.reducesTransparency
        ? ", Liquid Glass \(Capture.number(target.liquidGlass))" : ""
      throw DiagnosticList([
        Diagnostic(
          file: table.file, line: 0, column: 0,
          message:
            "no row measures \(target.material) \(target.appearance.rawValue) in "
            + "\(target.mode.rawValue) mode\(setting) (an empty glassTint reads as 0.5, an empty "
            + "mode as normal)")
      ])
    }
    let ownFill = p.fill?.alpha ?? 0
    let ownShare = p.plateShare
    var sides: [Double?] = []
    for m in selected where !sides.contains(m.shortSideInPoints) {
      sides.append(m.shortSideInPoints)
    }
    var fill = p.fill
    if target.mode.increasesContrast {
      switch p.kind {
      case .glass:
        fill = RGBA(
          profile.increaseContrast.glassFill[target.appearance],
          alpha: max(ownFill, profile.increaseContrast.minimumFillAlpha))
      case .standard:
        p.plateShare = max(p.plateShare, profile.increaseContrast.minimumPlateShare)
      }
    }
    return sides.map { side in
      let group = selected.filter { $0.shortSideInPoints == side }
      let pipeline = MaterialPipeline(
        parameters: p, shortSideInPoints: side, liquidGlass: target.liquidGlass, fill: fill,
        tint: nil)
      let label = side.map { "rows at \(Capture.number($0)) pt" } ?? "rows, full screen"
      return ObservationSet(
        input: table.file, label: label, line: 0, shortSide: side, scale: 1, pipeline: pipeline,
        ownFillAlpha: ownFill, ownPlateShare: ownShare,
        blur: blurParts(p, shortSide: side, liquidGlass: target.liquidGlass),
        observed: group.flatMap(\.observed),
        sharp: group.flatMap { $0.backdrop.map { Float($0 / 255) } },
        canvas: nil, rect: PixelRect(x: 0, y: 0, width: 0, height: 0), pixels: [],
        rowLines: group.map(\.line))
    }
  }

  static func faces(
    of capture: Capture, target: CalibrationTarget, material: MaterialDefinition,
    profile: Profile, options: CalibrationOptions
  ) throws(DiagnosticList) -> [ObservationSet] {
    let canvas = try capture.placedWallpaper()
    let faces = try capture.faces(
      target: target, profile: profile, faceMargin: options.faceMarginInPoints,
      contentMargin: options.contentMarginInPoints)
    let p = material.parameters(for: target.appearance)
    let shot = capture.screenshot.samples
    let wall = canvas.image.samples
    return faces.map { face in
      guard case .material(let pipeline, _) = face.rendering.surface else {
        preconditionFailure("faces(target:) keeps material surfaces only")
      }
      let side = min(face.element.frame.width, face.element.frame.height)
      var observed = [Double](repeating: 0, count: 3 * face.pixels.count)
      var sharp = [Float](repeating: 0, count: 3 * face.pixels.count)
      let mean = target.mode.reducesTransparency ? canvas.meanInside(face.element) : nil
      for (n, pixel) in face.pixels.enumerated() {
        for c in 0..<3 {
          observed[3 * n + c] = Double(shot[3 * pixel + c]) * 255
          if let mean {
            sharp[3 * n + c] = Float([mean.r, mean.g, mean.b][c])
          } else {
            sharp[3 * n + c] = wall[3 * pixel + c]
          }
        }
      }
      let set = ObservationSet(
        input: capture.name, label: face.element.id, line: face.element.line, shortSide: side,
        scale: capture.layout.canvas.scale, pipeline: pipeline,
        ownFillAlpha: p.fill?.alpha ?? 0, ownPlateShare: p.plateShare,
        blur: blurParts(p, shortSide: side, liquidGlass: target.liquidGlass),
        observed: observed, sharp: sharp, canvas: mean == nil ? canvas : nil, rect: face.rect,
        pixels: face.pixels)
      set.vibrantItems = face.element.content.filter(\.vibrant).count
      return set
    }
  }
}
