import Testing

@testable import ContrastCore

/// The blur's column sums (`FastEngine`, AVX-512 or AVX2 where the level allows) against
/// their definition: per column, the rows' floats widened to double and
/// added in row order (onto the sums already there when continuing), bit
/// for bit, for lengths that are and are not multiples of the vector width.
@Suite struct ColumnSumsTests {
  @Test(arguments: [1, 5, 8, 13, 16, 20, 37, 3 * 431])
  func columnSumsFollowTheirDefinition(length: Int) {
    var rng = SeededGenerator(seed: UInt64(length))
    let rowCount = 7
    let rows = (0..<(2 * rowCount)).map { _ in
      (0..<length).map { _ in Float(rng.next() % 65_536) / 65_535 }
    }
    let start = (0..<length).map { _ in Double(rng.next() % 1_000_000) / 997 }
    func reference(_ rows: ArraySlice<[Float]>, onto: [Double]?) -> [Double] {
      (0..<length).map { n in
        var acc = onto.map { $0[n] + Double(rows.first![n]) } ?? Double(rows.first![n])
        for row in rows.dropFirst() { acc = acc + Double(row[n]) }
        return acc
      }
    }
    func pointers(_ rows: ArraySlice<[Float]>) -> [UnsafeMutablePointer<Float>] {
      rows.map { row in
        let p = UnsafeMutablePointer<Float>.allocate(capacity: length)
        p.initialize(from: row, count: length)
        return p
      }
    }
    let first = pointers(rows[0..<rowCount])
    let second = pointers(rows[rowCount...])
    defer { for p in first + second { p.deallocate() } }
    let lines = first.map { UnsafePointer($0) }
    let lines2 = second.map { UnsafePointer($0) }

    // At every level this CPU has (AVX-512, AVX2), then the plain loop.
    VectorLevels.each { _ in
      var fresh = [Double](repeating: 0, count: length)
      FastEngine.columnSums(lines, count: rowCount, length: length, continuing: false, into: &fresh)
      #expect(fresh.map(\.bitPattern) == reference(rows[0..<rowCount], onto: nil).map(\.bitPattern))

      var continued = start
      FastEngine.columnSums(
        lines, count: rowCount, length: length, continuing: true, into: &continued)
      #expect(
        continued.map(\.bitPattern)
          == reference(rows[0..<rowCount], onto: start).map(\.bitPattern))

      var a = [Double](repeating: 0, count: length)
      var b = [Double](repeating: 0, count: length)
      FastEngine.columnSums(lines, lines2, count: rowCount, length: length, into: &a, &b)
      #expect(a.map(\.bitPattern) == reference(rows[0..<rowCount], onto: nil).map(\.bitPattern))
      #expect(b.map(\.bitPattern) == reference(rows[rowCount...], onto: nil).map(\.bitPattern))
    }
    VectorLevels.portable {
      var fresh = [Double](repeating: 0, count: length)
      FastEngine.columnSums(lines, count: rowCount, length: length, continuing: false, into: &fresh)
      #expect(fresh.map(\.bitPattern) == reference(rows[0..<rowCount], onto: nil).map(\.bitPattern))
    }
  }
}
