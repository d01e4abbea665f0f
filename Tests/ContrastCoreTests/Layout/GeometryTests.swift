import Testing

@testable import ContrastCore

@Suite struct LayoutGeometryTests {
  private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> RectInPoints {
    RectInPoints(x: x, y: y, width: w, height: h)
  }

  @Test func tenPointSquareAtScale3Covers30Pixels() {
    let r = LayoutGeometry.pixelRange(of: rect(0, 0, 10, 10), scale: 3)
    #expect(r.x == 0..<30)
    #expect(r.y == 0..<30)
    #expect(LayoutGeometry.pixelCount(of: rect(0, 0, 10, 10), scale: 3) == 900)
  }

  @Test func sliverBetweenPixelCentresHoldsNone() {
    let r = LayoutGeometry.pixelRange(of: rect(0.1, 0, 0.3, 5), scale: 1)
    #expect(r.x.isEmpty)
    #expect(r.y == 0..<5)
    #expect(LayoutGeometry.pixelCount(of: rect(0.1, 0, 0.3, 5), scale: 1) == 0)
  }

  @Test func frameIsHalfOpenAtPixelCentres() {
    // [0.5, 2.5) holds centres 0.5 and 1.5, not 2.5.
    #expect(LayoutGeometry.pixelRange(of: rect(0.5, 0, 2, 1), scale: 1).x == 0..<2)
    // [0.6, 2.6) holds 1.5 and 2.5.
    #expect(LayoutGeometry.pixelRange(of: rect(0.6, 0, 2, 1), scale: 1).x == 1..<3)
    // Two frames sharing an edge share no pixel.
    let left = LayoutGeometry.pixelRange(of: rect(0, 0, 1.5, 1), scale: 2).x
    let right = LayoutGeometry.pixelRange(of: rect(1.5, 0, 1.5, 1), scale: 2).x
    #expect(left == 0..<3)
    #expect(right == 3..<6)
  }

  @Test func negativeAndOffCanvasFramesAreNotClipped() {
    #expect(LayoutGeometry.pixelRange(of: rect(-2, 0, 1, 1), scale: 2).x == -4..<(-2))
    #expect(LayoutGeometry.pixelRange(of: rect(400, 0, 4, 1), scale: 3).x == 1200..<1212)
  }

  @Test func countMatchesTheCeilFormula() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<2000 {
      let x = Double(generator.next() % 10_000) / 997 - 3
      let w = Double(generator.next() % 3_000) / 1_009
      let scale = [1.0, 2, 3][Int(generator.next() % 3)]
      let range = LayoutGeometry.pixelRange(of: rect(x, 0, w, 1), scale: scale).x
      let x0 = x * scale
      let x1 = (x + w) * scale
      #expect(range.count == max(0, Int((x1 - 0.5).rounded(.up) - (x0 - 0.5).rounded(.up))))
      for i in (range.lowerBound - 1)...(range.upperBound) {
        let centre = Double(i) + 0.5
        #expect(range.contains(i) == (x0 <= centre && centre < x1))
      }
    }
  }

  @Test func rectContainsItsHalfOpenFrame() {
    let frame = rect(0, 0, 10, 10)
    #expect(ElementShape.rect.contains(pointInPoints: 0, y: 0, frame: frame))
    #expect(ElementShape.rect.contains(pointInPoints: 9.999, y: 5, frame: frame))
    #expect(!ElementShape.rect.contains(pointInPoints: 10, y: 5, frame: frame))
    #expect(!ElementShape.rect.contains(pointInPoints: 5, y: 10, frame: frame))
  }

  @Test func capsuleExcludesTheCornerPixel() {
    // 100 x 40 pt capsule at scale 1: radius 20, arc centres (20, 20) and (80, 20).
    let frame = rect(0, 0, 100, 40)
    let capsule = ElementShape.capsule
    #expect(!capsule.contains(pointInPoints: 0.5, y: 0.5, frame: frame))
    #expect(!capsule.contains(pointInPoints: 99.5, y: 39.5, frame: frame))
    #expect(capsule.contains(pointInPoints: 20.5, y: 0.5, frame: frame))
    #expect(capsule.contains(pointInPoints: 0.5, y: 20.5, frame: frame))
    // On the arc: (20 - 12, 20 - 16) is at distance 20 exactly: inside.
    #expect(capsule.contains(pointInPoints: 8, y: 4, frame: frame))
    #expect(!capsule.contains(pointInPoints: 7.99, y: 4, frame: frame))
    #expect(capsule.cornerRadius(in: frame) == 20)
  }

  @Test func roundedRectRadiusIsClampedToHalfTheShortSide() {
    let frame = rect(10, 10, 60, 20)
    #expect(ElementShape.roundedRect(cornerRadius: 50).cornerRadius(in: frame) == 10)
    #expect(ElementShape.roundedRect(cornerRadius: 4).cornerRadius(in: frame) == 4)
    // Radius 4 at the top-left: arc centre (14, 14).
    let shape = ElementShape.roundedRect(cornerRadius: 4)
    #expect(!shape.contains(pointInPoints: 10.5, y: 10.5, frame: frame))
    #expect(shape.contains(pointInPoints: 11.5, y: 11.5, frame: frame))
    #expect(shape.contains(pointInPoints: 14.5, y: 10.5, frame: frame))
    #expect(
      ElementShape.roundedRect(cornerRadius: 0).contains(pointInPoints: 10, y: 10, frame: frame))
  }

  @Test func circleIsCentredWithDiameterOfTheShortSide() {
    // 20 x 10 frame: circle of radius 5 centred at (10, 5).
    let frame = rect(0, 0, 20, 10)
    let circle = ElementShape.circle
    #expect(circle.contains(pointInPoints: 10, y: 5, frame: frame))
    #expect(circle.contains(pointInPoints: 5, y: 5, frame: frame))  // on the outline
    #expect(!circle.contains(pointInPoints: 4.9, y: 5, frame: frame))
    #expect(!circle.contains(pointInPoints: 0.5, y: 0.5, frame: frame))
    #expect(circle.contains(pointInPoints: 13, y: 9, frame: frame))  // 3-4-5
    #expect(!circle.contains(pointInPoints: 13.1, y: 9, frame: frame))
    // Pixel count of a 10 pt circle at scale 1: the 80 centres within radius 5.
    let square = rect(0, 0, 10, 10)
    var count = 0
    for i in 0..<10 {
      for j in 0..<10
      where circle.contains(pointInPoints: Double(i) + 0.5, y: Double(j) + 0.5, frame: square) {
        count += 1
      }
    }
    #expect(count == 80)
  }

  @Test func shapesNeverExceedTheirFramePixels() {
    let frame = rect(0.3, 0.7, 7.4, 5.2)
    let scale = 3.0
    let pixels = LayoutGeometry.pixelRange(of: frame, scale: scale)
    for shape in [ElementShape.rect, .roundedRect(cornerRadius: 2), .capsule, .circle] {
      for i in -2..<30 {
        for j in -2..<20 {
          let inside = shape.contains(
            pointInPoints: (Double(i) + 0.5) / scale, y: (Double(j) + 0.5) / scale, frame: frame)
          if inside { #expect(pixels.x.contains(i) && pixels.y.contains(j)) }
        }
      }
    }
  }

  @Test func emptyFrameContainsNothing() {
    #expect(!ElementShape.circle.contains(pointInPoints: 0, y: 0, frame: rect(0, 0, 0, 0)))
    #expect(!ElementShape.rect.contains(pointInPoints: 0, y: 0, frame: rect(0, 0, 0, 5)))
  }
}
