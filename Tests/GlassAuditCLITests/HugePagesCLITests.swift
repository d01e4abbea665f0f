import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `glass-audit` asks glibc's allocator for huge pages where the kernel
/// gives them only when asked (Sources/glass-audit/HugePages.swift): its
/// large buffers then fault in once a huge page, not once every 4 KiB, and
/// the reports are the same bytes. Only where the host can show it: Linux,
/// glibc 2.35 or later, transparent huge pages in `madvise` mode.
@Suite struct HugePagesCLITests {
  static var hostCanShowIt: Bool {
    #if canImport(Glibc)
      var version = [CChar](repeating: 0, count: 64)
      guard confstr(Int32(_CS_GNU_LIBC_VERSION), &version, version.count) > 0 else { return false }
      let name = String(
        decoding: version.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let parts = name.dropFirst("glibc ".count).split(separator: ".").compactMap { Int($0) }
      guard name.hasPrefix("glibc "), parts.count >= 2,
        parts[0] == 2 && parts[1] >= 35 || parts[0] > 2
      else { return false }
      let mode = try? String(
        contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
      return mode?.contains("[madvise]") == true
    #else
      return false
    #endif
  }

  #if canImport(Glibc)
    /// Runs the binary with `arguments` and the test's environment plus
    /// `extra`, output to /dev/null; its exit status and minor page faults
    /// (its own, by `wait4`: other tests' processes run beside it).
    static func run(_ arguments: [String], extra: [String: String]) throws -> (
      status: Int32, minorFaults: Int
    ) {
      var env = ProcessInfo.processInfo.environment
      env["GLASS_AUDIT_HUGE_PAGES"] = nil
      env["GLIBC_TUNABLES"] = nil
      for (k, v) in extra { env[k] = v }
      let argv = ([CLIHarness.binary.path] + arguments).map { strdup($0) } + [nil]
      let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer {
        for p in argv { free(p) }
        for p in envp { free(p) }
      }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, argv[0]!, &actions, nil, argv, envp)
      guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
      var status: Int32 = 0
      var usage = rusage()
      guard wait4(pid, &status, 0, &usage) == pid else { throw POSIXError(.ECHILD) }
      return ((status >> 8) & 0xFF, usage.ru_minflt)
    }
  #endif

  @Test(.enabled(if: HugePagesCLITests.hostCanShowIt))
  func hugePagesCutThePageFaultsAndKeepTheReportsBytes() throws {
    #if canImport(Glibc)
      let h = try CLIHarness()
      defer { h.remove() }
      try h.write("layouts/glass.yml", Fixtures.failing)
      // A wallpaper the size of a phone's screen: its decoded floats alone
      // are 43 MB, 10,500 pages of 4 KiB.
      try h.writeSolidPNG("walls/tall.png", width: 1290, height: 2796, rgb: (200, 150, 90))
      func audit(_ out: String, _ extra: [String: String]) throws -> Int {
        let r = try Self.run(
          [
            "run", "--layouts", h.path("layouts"), "--wallpapers", h.path("walls"), "--format",
            "json", "--deterministic", "-q", "--fail-on", "never", "--jobs", "1",
            "--out", h.path(out),
          ], extra: extra)
        #expect(r.status == 0)
        return r.minorFaults
      }
      let asked = try audit("asked", [:])
      let notAsked = try audit("not-asked", ["GLASS_AUDIT_HUGE_PAGES": "0"])
      #expect(notAsked > 10_000, "\(notAsked) faults with 4 KiB pages")
      #expect(asked < notAsked / 2, "\(asked) faults with huge pages against \(notAsked)")
      #expect(try h.read("asked/report.json") == h.read("not-asked/report.json"))
    #endif
  }
}
