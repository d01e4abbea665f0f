import ContrastCore
import Testing

@Suite("Gaussian blur")
struct GaussianBlurTests {
  /// SPEC §3.1: the largest error against a true Gaussian is at most 1/255 per channel.
  static let tolerance: Float = 1 / 255

  static let smallSigmas: [Double] = [0.5, 1, 3, 7.9, 10, 11.7, 15.4, 25.2, 30]

  @Test(
    "within 1/255 of the direct convolution on whole 200x160 images", arguments: smallSigmas,
    BlurTestImage.allCases)
  func matchesDirectConvolutionOnWholeImages(sigma: Double, kind: BlurTestImage) {
    let image = kind.make(width: 200, height: 160)
    let whole = PixelRect(x: 0, y: 0, width: 200, height: 160)
    let reference = GaussianBlur.directConvolution(image, region: whole, sigmaInPixels: sigma)
    let fast = GaussianBlur.blur(image, sigmaInPixels: sigma)
    let error = largestDifference(fast, reference)
    print("blur error sigma=\(sigma) \(kind) 200x160 whole: \(error) = \(error * 255)/255")
    #expect(error <= Self.tolerance)
  }

  static let largeSigmaRegions = [
    PixelRect(x: 318, y: 226, width: 64, height: 48),
    PixelRect(x: 0, y: 0, width: 64, height: 48),
    PixelRect(x: 636, y: 452, width: 64, height: 48),
  ]

  @Test(
    "within 1/255 of the direct convolution at sigma 100", arguments: BlurTestImage.allCases,
    largeSigmaRegions)
  func matchesDirectConvolutionAtSigma100(kind: BlurTestImage, region: PixelRect) {
    let image = kind.make(width: 700, height: 500)
    let reference = GaussianBlur.directConvolution(image, region: region, sigmaInPixels: 100)
    let fast = GaussianBlur.blur(image, region: region, sigmaInPixels: 100)
    let error = largestDifference(fast, reference)
    print("blur error sigma=100.0 \(kind) 700x500 region \(region): \(error) = \(error * 255)/255")
    #expect(error <= Self.tolerance)
  }

  @Test(
    "a region equals the same pixels of the whole-image blur", arguments: [0.7, 3, 9, 13, 30, 55])
  func regionMatchesWholeImage(sigma: Double) {
    let image = BlurTestImage.noise.make(width: 300, height: 220, seed: 11)
    let whole = GaussianBlur.blur(image, sigmaInPixels: sigma)
    let regions = [
      PixelRect(x: 0, y: 0, width: 300, height: 220),
      PixelRect(x: 37, y: 51, width: 101, height: 67),
      PixelRect(x: 0, y: 0, width: 1, height: 1),
      PixelRect(x: 299, y: 219, width: 1, height: 1),
      PixelRect(x: 150, y: 3, width: 150, height: 5),
      PixelRect(x: 5, y: 190, width: 13, height: 30),
    ]
    for region in regions {
      let part = GaussianBlur.blur(image, region: region, sigmaInPixels: sigma)
      #expect(largestDifference(part, crop(whole, to: region)) <= 1e-5, "\(region)")
    }
  }

  @Test("a region partly outside the image is clipped to it")
  func regionIsClipped() {
    let image = BlurTestImage.noise.make(width: 120, height: 90)
    let whole = GaussianBlur.blur(image, sigmaInPixels: 12)
    let part = GaussianBlur.blur(
      image, region: PixelRect(x: -10, y: 80, width: 40, height: 40), sigmaInPixels: 12)
    #expect(part.width == 30 && part.height == 10)
    #expect(
      largestDifference(part, crop(whole, to: PixelRect(x: 0, y: 80, width: 30, height: 10)))
        <= 1e-5)
    let outside = GaussianBlur.blur(
      image, region: PixelRect(x: 200, y: 0, width: 10, height: 10), sigmaInPixels: 12)
    #expect(outside.width == 0 && outside.height == 0)
  }

  @Test("sigma <= 0 returns the region unchanged", arguments: [0.0, -1])
  func zeroSigmaCopies(sigma: Double) {
    let image = BlurTestImage.noise.make(width: 40, height: 30)
    let region = PixelRect(x: 5, y: 6, width: 20, height: 10)
    #expect(
      GaussianBlur.blur(image, region: region, sigmaInPixels: sigma) == crop(image, to: region))
    #expect(
      GaussianBlur.directConvolution(image, region: region, sigmaInPixels: sigma)
        == crop(image, to: region))
  }

  @Test("a constant image stays constant", arguments: [0.5, 1, 3, 8, 10, 30, 100, 250])
  func constantStaysConstant(sigma: Double) {
    let color: (Float, Float, Float) = (0.3, 0.71, 0.999)
    let image = RGBImage(width: 257, height: 143, filledWith: color)
    let blurred = GaussianBlur.blur(image, sigmaInPixels: sigma)
    #expect(largestDifference(blurred, image) <= 1e-6)
  }

  @Test("parallel and serial give the same bytes", arguments: [2, 7.5, 9, 30, 120])
  func parallelMatchesSerial(sigma: Double) {
    let image = BlurTestImage.noise.make(width: 640, height: 480, seed: 3)
    let serial = GaussianBlur.blur(image, sigmaInPixels: sigma, workers: 1)
    let parallel = GaussianBlur.blur(image, sigmaInPixels: sigma, workers: 4)
    #expect(serial.samples == parallel.samples)
    let region = PixelRect(x: 100, y: 37, width: 500, height: 400)
    #expect(
      GaussianBlur.blur(image, region: region, sigmaInPixels: sigma, workers: 1).samples
        == GaussianBlur.blur(image, region: region, sigmaInPixels: sigma, workers: 4).samples)
  }

  @Test("sigma 200 on a 1206x2622 image keeps constants and the mean and matches the reference")
  func sigma200OnAPhoneScreen() {
    let constant = RGBImage(width: 1206, height: 2622, filledWith: (0.25, 0.5, 0.75))
    #expect(largestDifference(GaussianBlur.blur(constant, sigmaInPixels: 200), constant) <= 1e-6)

    let image = BlurTestImage.noise.make(width: 1206, height: 2622, seed: 5)
    let blurred = GaussianBlur.blur(image, sigmaInPixels: 200)
    #expect(blurred.width == 1206 && blurred.height == 2622)
    let mean = image.samples.reduce(0.0) { $0 + Double($1) } / Double(image.samples.count)
    let blurredMean =
      blurred.samples.reduce(0.0) { $0 + Double($1) } / Double(blurred.samples.count)
    #expect(abs(mean - blurredMean) < 0.005)
    for region in [
      PixelRect(x: 0, y: 0, width: 3, height: 3),
      PixelRect(x: 600, y: 1300, width: 3, height: 3),
      PixelRect(x: 1203, y: 1000, width: 3, height: 3),
    ] {
      let reference = GaussianBlur.directConvolution(image, region: region, sigmaInPixels: 200)
      let error = largestDifference(crop(blurred, to: region), reference)
      print("blur error sigma=200.0 noise 1206x2622 region \(region): \(error * 255)/255")
      #expect(error <= Self.tolerance)
    }
  }
}
