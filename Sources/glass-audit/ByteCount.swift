import ArgumentParser
import ContrastCore

/// A number of bytes on the command line (`--memory-budget`): digits with
/// an optional unit, `K`, `M`, `G` or `T` (powers of 1024): `2G`, `512M`,
/// `1048576`.
struct ByteCount: ExpressibleByArgument, Sendable {
  var bytes: Int

  init?(argument: String) {
    guard let bytes = MemoryBudget.parseBytes(argument) else { return nil }
    self.bytes = bytes
  }
}
