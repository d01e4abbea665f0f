import ContrastCore
import Foundation
import Testing

/// The libpng test images kept beside the project in `../shared/png-corpus`
/// (see its README). Skipped, with a plain message, when the folder is absent.
@Suite("PNG corpus")
struct PNGCorpusTests {
  /// `<package root>/../shared/png-corpus`, the package root found from this file.
  static let corpus: URL = {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { root.deleteLastPathComponent() }  // Tests/ContrastCoreTests/Image/PNG/x.swift
    return root.deletingLastPathComponent().appendingPathComponent("shared/png-corpus").standardized
  }()

  /// Guards every corpus decode: large enough for the corpus, small enough
  /// that a hostile header cannot make the test allocate much.
  static let corpusPixelLimit = 4_000_000

  /// Relative paths of every `.png` below `folder`, sorted.
  private func pngFiles(in folder: URL) -> [String] {
    let paths =
      FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return paths.filter { $0.lowercased().hasSuffix(".png") }.sorted()
  }

  /// Width and height from the IHDR, which the PNG spec puts first: bytes
  /// 16..<20 and 20..<24, big-endian.
  private func declaredSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 24 else { return nil }
    return (Int(PNGBytes.readBigEndian(bytes, at: 16)), Int(PNGBytes.readBigEndian(bytes, at: 20)))
  }

  private func corpusIsPresent() -> Bool {
    var isDirectory: ObjCBool = false
    let present = FileManager.default.fileExists(
      atPath: Self.corpus.path, isDirectory: &isDirectory)
    if !(present && isDirectory.boolValue) {
      print("png-corpus not found at \(Self.corpus.path); corpus test skipped")
      return false
    }
    return true
  }

  @Test(.timeLimit(.minutes(2)))
  func everyPngSuiteFileDecodesAtItsDeclaredSize() throws {
    guard corpusIsPresent() else { return }
    let folder = Self.corpus.appendingPathComponent("pngsuite")
    let files = pngFiles(in: folder)
    #expect(!files.isEmpty, "no PNG files in \(folder.path)")
    var decodedCount = 0
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let declared = try #require(declaredSize(of: bytes), "\(file) has no IHDR")
      do {
        let decoded = try PNGDecoder.decode(
          bytes, name: "pngsuite/\(file)", pixelLimit: Self.corpusPixelLimit)
        #expect(decoded.image.width == declared.width, "\(file)")
        #expect(decoded.image.height == declared.height, "\(file)")
        // PngSuite's basic and ft* images are all 32x32 by name.
        #expect(declared.width == 32 && declared.height == 32, "\(file)")
        decodedCount += 1
      } catch {
        Issue.record("\(error)")
      }
    }
    print("png-corpus pngsuite: checked \(files.count) files, \(decodedCount) decoded")
  }

  @Test(.timeLimit(.minutes(2)))
  func everyTestPngsFileDecodesOrIsRefusedCleanly() throws {
    guard corpusIsPresent() else { return }
    let folder = Self.corpus.appendingPathComponent("testpngs")
    let files = pngFiles(in: folder)
    #expect(!files.isEmpty, "no PNG files in \(folder.path)")
    var decodedCount = 0
    var refused: [String] = []
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let name = "testpngs/\(file)"
      do {
        let decoded = try PNGDecoder.decode(bytes, name: name, pixelLimit: Self.corpusPixelLimit)
        #expect(decoded.image.samples.count == 3 * decoded.image.pixelCount)
        #expect(decoded.image.samples.allSatisfy { (0...1).contains($0) }, "\(file)")
        decodedCount += 1
      } catch {
        #expect(error.file == name)
        #expect(error.description.hasPrefix("cannot decode '\(name)': "))
        // Only the hostile folders may be refused; the rest are valid files.
        let hostile = file.hasPrefix("crashers/") || file.hasPrefix("badpal/")
        #expect(hostile, "valid file refused: \(error)")
        refused.append(error.description)
      }
    }
    print(
      "png-corpus testpngs: checked \(files.count) files, \(decodedCount) decoded, "
        + "\(refused.count) refused")
    for line in refused { print("  \(line)") }
  }
}
