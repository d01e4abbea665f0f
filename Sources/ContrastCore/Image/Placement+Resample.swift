import Dispatch

extension Placement {
  /// Applies `rows` then `columns` to `wallpaper` (separable filtering).
  ///
  /// Each canvas row first combines the wallpaper rows it reads (only the
  /// columns that `columns` touches) into a `Double` scratch row, then each
  /// canvas pixel combines that row's columns; the sum is divided once by
  /// `rows.divisor * columns.divisor` and stored as `Float`. Canvas rows are
  /// independent and computed with the same operations whatever the
  /// thread split, so the result is deterministic.
  ///
  /// With `update`, canvas rows whose taps read none of `changedRows` are
  /// copied from `update.base` instead of computed.
  static func resample(
    _ wallpaper: RGBImage, rows: AxisFilter, columns: AxisFilter,
    update: (base: RGBImage, changedRows: [Range<Int>])? = nil
  ) -> RGBImage {
    let canvasWidth = columns.count
    let canvasHeight = rows.count
    let wallpaperWidth = wallpaper.width
    let divisor = rows.divisor * columns.divisor
    let lowestColumn = columns.lowestIndex
    let span = 3 * (columns.highestIndex - lowestColumn + 1)
    let chunkCount = canvasWidth * canvasHeight < 16_384 ? 1 : min(canvasHeight, 16)
    let rowsPerChunk = (canvasHeight + chunkCount - 1) / chunkCount

    let count = 3 * canvasWidth * canvasHeight
    // Which canvas rows to compute: all, or those reading a changed row.
    let compute: [Bool] = (0..<canvasHeight).map { y in
      guard let changed = update?.changedRows else { return true }
      let taps =
        rows.firstIndices[y]..<(rows.firstIndices[y] + rows.tapStarts[y + 1] - rows.tapStarts[y])
      return changed.contains { $0.overlaps(taps) }
    }
    /// Computes the rows of `compute` into `outputBuffer`.
    func fill(_ outputBuffer: UnsafeMutableBufferPointer<Float>) {
      wallpaper.samples.withUnsafeBufferPointer { inputBuffer in
        columns.firstIndices.withUnsafeBufferPointer { firstBuffer in
          columns.tapStarts.withUnsafeBufferPointer { startBuffer in
            columns.weights.withUnsafeBufferPointer { weightBuffer in
              let shared = SharedBuffers(
                output: outputBuffer, input: inputBuffer, columnFirsts: firstBuffer,
                columnStarts: startBuffer, columnWeights: weightBuffer)
              DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let firstRow = chunk * rowsPerChunk
                let endRow = min(canvasHeight, firstRow + rowsPerChunk)
                guard firstRow < endRow else { return }
                // One value more than the span: the column pass reads a
                // pixel's three channels as four.
                let scratch = UnsafeMutableBufferPointer<Double>.allocate(capacity: span + 1)
                scratch.initialize(repeating: 0)
                defer { scratch.deallocate() }
                for y in firstRow..<endRow where compute[y] {
                  // Rows: scratch = sum of weight * wallpaper row, over used columns.
                  // (``FastEngine``'s loops: `scratch[t] += weight * source[t]`
                  // per tap row in order, then per pixel and channel the sum
                  // from 0 of weight * scratch over its column taps, divided
                  // by the divisor; AVX2 where the level allows, the same bits.)
                  scratch.update(repeating: 0)
                  let tapStart = rows.tapStarts[y]
                  for tap in tapStart..<rows.tapStarts[y + 1] {
                    let weight = rows.weights[tap]
                    let wallpaperRow = rows.firstIndices[y] + tap - tapStart
                    let source =
                      shared.input.baseAddress!
                      + 3 * (wallpaperRow * wallpaperWidth + lowestColumn)
                    FastEngine.accumulateRow(
                      scratch.baseAddress!, source, count: span, weight: weight)
                  }
                  // Columns: each canvas pixel from the scratch row.
                  FastEngine.resampleColumns(
                    scratch.baseAddress!, firsts: shared.columnFirsts.baseAddress!,
                    starts: shared.columnStarts.baseAddress!,
                    weights: shared.columnWeights.baseAddress!, lowest: lowestColumn,
                    width: canvasWidth, divisor: divisor,
                    into: shared.output.baseAddress! + 3 * y * canvasWidth)
                }
              }
            }
          }
        }
      }
    }
    let samples: [Float]
    if var base = update?.base.samples {
      base.withUnsafeMutableBufferPointer { fill($0) }
      samples = base
    } else {
      // Every row is computed and writes all of its values: no zeroing first.
      samples = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
        fill(buffer)
        initialized = count
      }
    }
    return RGBImage(width: canvasWidth, height: canvasHeight, samples: samples)
  }
}

/// Buffers shared by the row workers. Workers read `input` and the column
/// tables and write disjoint rows of `output`, so sharing them is safe.
private struct SharedBuffers: @unchecked Sendable {
  let output: UnsafeMutableBufferPointer<Float>
  let input: UnsafeBufferPointer<Float>
  let columnFirsts: UnsafeBufferPointer<Int>
  let columnStarts: UnsafeBufferPointer<Int>
  let columnWeights: UnsafeBufferPointer<Double>
}
