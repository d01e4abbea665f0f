#if canImport(Glibc)
  import Glibc
#endif

/// Process-wide allocator settings for the audit, which `glass-audit run`
/// applies before it starts (and the benchmarks, to time what it does).
public enum HeapSettings {
  /// glibc maps every block above 32 MiB (a placed wallpaper is about
  /// 38 MB of floats) with its own `mmap` and unmaps it when freed, so each
  /// wallpaper's images are first-touched (page-faulted) afresh. Serving
  /// blocks up to 256 MiB from the heap and not trimming it lets a freed
  /// image's memory serve the next wallpaper's. Larger blocks (a decoded
  /// wallpaper of more than about 22 MP) are still mapped and unmapped, so
  /// that they go back to the system when freed: a block freed in one
  /// thread's heap arena would not serve another thread, and the memory
  /// budget (`MemoryBudget`) counts on memory it gave back being free.
  /// `mallopt` is looked up at run time (Swift does not import `malloc.h`);
  /// elsewhere this does nothing.
  ///
  /// This changes the allocator of the whole process: call it from a
  /// program's entry point, not from a library.
  public static func keepLargeBlocks() {
    #if canImport(Glibc)
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in glibc's malloc.h
      let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
      _ = mallopt(mmapThreshold, 256 << 20)
      _ = mallopt(trimThreshold, Int32.max)
    #endif
  }

  /// Gives the heap's free memory back to the system (glibc's
  /// `malloc_trim`, which also releases free pages inside the heap), so
  /// that what one stage let go of (the audit's working set, one report's
  /// text) does not stay resident beside the next: with trimming off (see
  /// ``keepLargeBlocks()``) it otherwise would. Looked up at run time;
  /// elsewhere this does nothing. Call it between stages, from a program.
  public static func releaseFreedMemory() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return
      }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
