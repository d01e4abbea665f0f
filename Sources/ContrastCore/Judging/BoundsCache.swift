import Foundation

/// Bounds per (rendering, colour): they do not depend on the wallpaper, so
/// each is computed once for the whole audit.
final class BoundsCache: @unchecked Sendable {
  private struct Key: Hashable {
    var surface: ElementRendering.Surface
    var color: RGBA
    /// The mask code of the pixels (0 outside the shape, 1 inside, 2 under
    /// the border); the border's colour and width when it is 2.
    var code: UInt8 = 1
    var border: RGBA? = nil
    /// A vibrant item's ink (issue 30); nil for a fixed colour.
    var ink: VibrantInk? = nil
  }
  /// Each bounds computed once, by the first worker that asks for it.
  private let cache = OnceMap<Key, ContrastBounds>()

  /// Computes, spread over `workers` threads, the bounds of every (rendering,
  /// colour) the layouts can ask for in the settings' appearances and modes,
  /// so that no two audit workers compute the same bounds at the same time.
  func prefill(layouts: [Layout], profiles: [Profile], settings: AuditSettings, workers: Int) {
    var seen = Set<Key>()
    var todo: [(Key, ElementRendering, RGBA, VibrantInk?)] = []
    for layout in layouts {
      for profile in profiles {
        for appearance in settings.appearances {
          for (mode, liquidGlass) in settings.modeColumns {
            for (element, rendering) in profile.renderedElements(
              of: layout, appearance: appearance, mode: mode, liquidGlass: liquidGlass.modelValue)
            {
              for item in element.content {
                guard let color = profile.color(of: item, appearance: appearance, mode: mode)
                else { continue }
                let ink = profile.vibrantInk(
                  of: item, color: color, rendering: rendering, appearance: appearance, mode: mode)
                let key = Key(surface: rendering.surface, color: color, ink: ink)
                if seen.insert(key).inserted { todo.append((key, rendering, color, ink)) }
              }
            }
          }
        }
      }
    }
    let work = todo
    let computed = work.map { ($0.1, $0.2, $0.3) }.parallelMap(workers: workers) { job in
      job.2.map { ContrastBounds.overCube(rendering: job.0, color: job.1, ink: $0, code: 1) }
        ?? ContrastBounds.overCube(rendering: job.0, color: job.1)
    }
    for (job, b) in zip(work, computed) { cache.set(b, for: job.0) }
  }

  /// The bounds of `color` over every kind of pixel in `kinds`
  /// (``ItemSamples/pixelKinds``): inside the shape, under the border and
  /// outside the shape, each over the whole cube, joined (SPEC §3.5: the
  /// bounds contain every ratio of the item).
  /// A vibrant item's (`ink`) are those of its ink's colours.
  func bounds(rendering: ElementRendering, color: RGBA, ink: VibrantInk? = nil, kinds: UInt8)
    -> ContrastBounds
  {
    var joined: ContrastBounds?
    for code: UInt8 in 0...2 where kinds & (1 << code) != 0 {
      let b = bounds(rendering: rendering, color: color, ink: ink, code: code)
      joined =
        joined.map {
          ContrastBounds(min: Swift.min($0.min, b.min), max: Swift.max($0.max, b.max))
        } ?? b
    }
    return joined ?? bounds(rendering: rendering, color: color, ink: ink)
  }

  /// The bounds over one kind of pixel (`code` as in ``ItemSamples``; 1,
  /// inside the shape, is what ``prefill(layouts:profiles:settings:workers:)``
  /// computes), each computed once.
  func bounds(rendering: ElementRendering, color: RGBA, ink: VibrantInk? = nil, code: UInt8 = 1)
    -> ContrastBounds
  {
    let key = Key(
      surface: code == 0 ? .wallpaper : rendering.surface, color: color, code: code,
      border: code == 2 ? rendering.borderColor : nil, ink: ink)
    return cache.value(for: key) {
      ContrastBounds.overCube(rendering: rendering, color: color, ink: ink, code: code)
    }
  }
}
