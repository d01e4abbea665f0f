import Foundation

/// Bounds per (rendering, colour): they do not depend on the wallpaper, so
/// each is computed once for the whole audit.
final class BoundsCache: @unchecked Sendable {
  private struct Key: Hashable {
    var surface: ElementRendering.Surface
    var color: RGBA
  }
  private let lock = NSLock()
  private var cache: [Key: ContrastBounds] = [:]

  /// Computes, spread over `workers` threads, the bounds of every (rendering,
  /// colour) the layouts can ask for in the settings' appearances and modes,
  /// so that no two audit workers compute the same bounds at the same time.
  func prefill(layouts: [Layout], profiles: [Profile], settings: AuditSettings, workers: Int) {
    var seen = Set<Key>()
    var todo: [(Key, ElementRendering, RGBA)] = []
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
                let key = Key(surface: rendering.surface, color: color)
                if seen.insert(key).inserted { todo.append((key, rendering, color)) }
              }
            }
          }
        }
      }
    }
    let work = todo
    let computed = work.map { ($0.1, $0.2) }.parallelMap(workers: workers) {
      ContrastBounds.overCube(rendering: $0.0, color: $0.1)
    }
    lock.lock()
    for (job, b) in zip(work, computed) { cache[job.0] = b }
    lock.unlock()
  }

  func bounds(rendering: ElementRendering, color: RGBA) -> ContrastBounds {
    let key = Key(surface: rendering.surface, color: color)
    lock.lock()
    if let b = cache[key] {
      lock.unlock()
      return b
    }
    lock.unlock()
    let b = ContrastBounds.overCube(rendering: rendering, color: color)
    lock.lock()
    cache[key] = b
    lock.unlock()
    return b
  }
}
