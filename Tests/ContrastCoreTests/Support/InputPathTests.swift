import Foundation
import Testing

@testable import ContrastCore

@Suite struct InputPathTests {
  @Test func aPathIsItsBytesAndIsShownEscaped() {
    let path = InputPath(bytes: Array("wallpapers/caf".utf8) + [0xE9] + Array(".PNG".utf8))
    #expect(path.description == #"wallpapers/caf\x{E9}.PNG"#)
    #expect(path.lastComponent.description == #"caf\x{E9}.PNG"#)
    #expect(path.stem.description == #"caf\x{E9}"#)
    #expect(path.pathExtension == "png")
    #expect(InputPath(".hidden").stem.description == ".hidden")
    #expect(InputPath("a/b").appending(InputPath("c.yml")) == InputPath("a/b/c.yml"))
    #expect(InputPath("a/").appending(InputPath("c.yml")) == InputPath("a/c.yml"))
    #expect(InputPath(bytes: [0x61, 0, 0x62]) == InputPath("a"))
  }

  @Test func aFileIsReadWholeAndErrorsCarryTheSystemsReason() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glass-audit-path-\(UUID().uuidString)")
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try InputPath(url.path).readAll() == bytes)
    #expect(try InputPath(url.path).fileSize() == bytes.count)
    #expect(throws: InputPath.ReadError(reason: "No such file or directory")) {
      try InputPath(url.path + "-missing").readAll()
    }
    #expect(throws: InputPath.ReadError(reason: "Is a directory")) {
      try InputPath(FileManager.default.temporaryDirectory.path).readAll()
    }
  }
}
