#if canImport(Glibc)
  import Glibc
#endif

/// The C library's allocator asked to back its large blocks with huge
/// pages (Linux, glibc 2.35 on, transparent huge pages in `madvise` mode).
///
/// An audit allocates hundreds of megabytes a run in buffers of a few
/// megabytes each (decoded and placed wallpapers, blur planes, the
/// pixels' entries and ratios), and the kernel otherwise maps each of
/// them in 4 KiB pages, one page fault and zeroing each. glibc reads its
/// tunables only when a process starts, so `glass-audit` starts itself
/// again once, at once, with `glibc.malloc.hugetlb=1` added to
/// `GLIBC_TUNABLES`; the second start puts the variable back as it was,
/// so nothing the tool starts sees it. Results are the same bits: only
/// how memory is mapped changes (Benchmarks/README.md, "Fixed costs, huge
/// pages and the remedy scan's pass"). `HeapSettings.keepLargeBlocks`
/// keeps freed blocks for the next wallpaper; this maps them.
///
/// Not done when `GLASS_AUDIT_HUGE_PAGES=0`, when `GLIBC_TUNABLES`
/// already names the tunable (the user's choice stands), when the kernel's
/// huge pages are `always` (nothing to ask) or `never` (nothing to
/// have), on another C library or an older glibc, or when the start
/// fails (the run goes on as it is).
enum HugePages {
  /// Set for the second start: `-` when `GLIBC_TUNABLES` was unset,
  /// else `=` and its value.
  static let marker = "GLASS_AUDIT_TUNABLES_BEFORE"
  static let tunable = "glibc.malloc.hugetlb"

  static func startWithThemIfUseful() {
    #if canImport(Glibc)
      if let before = getenv(marker) {
        restore(String(cString: before))
        return
      }
      if let optOut = getenv("GLASS_AUDIT_HUGE_PAGES"), String(cString: optOut) == "0" { return }
      let tunables = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
      guard tunables?.contains(tunable) != true, glibcHasTheTunable(), kernelAdvisesOnly()
      else { return }
      let added = (tunables.map { $0 + ":" } ?? "") + tunable + "=1"
      guard setenv(marker, tunables.map { "=" + $0 } ?? "-", 1) == 0 else { return }
      guard setenv("GLIBC_TUNABLES", added, 1) == 0 else {
        unsetenv(marker)
        return
      }
      execv("/proc/self/exe", CommandLine.unsafeArgv)
      // (Only reached when the start failed: the run goes on as it is.)
      restore(tunables.map { "=" + $0 } ?? "-")
    #endif
  }

  #if canImport(Glibc)
    /// `GLIBC_TUNABLES` as it was before the first start, and the marker gone.
    private static func restore(_ before: String) {
      if before.hasPrefix("=") {
        setenv("GLIBC_TUNABLES", String(before.dropFirst()), 1)
      } else {
        unsetenv("GLIBC_TUNABLES")
      }
      unsetenv(marker)
    }

    /// glibc 2.35 or later (the tunable's first release).
    private static func glibcHasTheTunable() -> Bool {
      // ("glibc 2.36"; nothing on another C library.)
      var text = [CChar](repeating: 0, count: 64)
      guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return false }
      let name = cText(text)
      guard name.hasPrefix("glibc ") else { return false }
      let parts = name.dropFirst(6).split(separator: ".").compactMap { Int($0) }
      guard parts.count >= 2 else { return false }
      return parts[0] > 2 || (parts[0] == 2 && parts[1] >= 35)
    }

    /// Whether transparent huge pages are given only where asked for.
    private static func kernelAdvisesOnly() -> Bool {
      guard let file = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r") else {
        return false
      }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 128)
      guard fgets(&line, Int32(line.count), file) != nil else { return false }
      return cText(line).contains("[madvise]")
    }

    /// The text of a buffer up to its first NUL.
    private static func cText(_ buffer: [CChar]) -> String {
      String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  #endif
}
