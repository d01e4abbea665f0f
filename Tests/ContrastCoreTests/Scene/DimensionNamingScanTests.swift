import Foundation
import Testing

@testable import ContrastCore

/// Issue 28: the matrix's dimensions are one list (``SceneDimension/all``),
/// and no file in `Report/` or `Gating/` names one in its code: those read
/// the list, or the parts two of them play (`SceneDimension+Parts.swift`).
/// The scan reads the code of each file (comments and the text of string
/// literals left out, an interpolation's code kept) and looks for an
/// identifier holding a dimension's key as words (`layout`, `layoutFiles`,
/// `boldText`, `wallpapers`).
@Suite struct DimensionNamingScanTests {
  static let folders = ["Sources/ContrastCore/Report/", "Sources/ContrastCore/Gating/"]

  /// `text` with its comments and the text of its string literals blanked
  /// out, an interpolation's code (`\(r.layout)`, `\#(x)`) kept.
  static func code(_ text: String) -> String {
    let s = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    // The strings an interpolation is in, innermost last: their `#`s,
    // whether multi-line, and the parentheses open in the interpolation.
    var open: [(hashes: Int, multiLine: Bool, depth: Int)] = []
    func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
    // Skips a string's text from `k`; returns where code resumes (after
    // the string, or inside an interpolation, pushed on `open`).
    func skipString(_ k: Int, hashes: Int, multiLine: Bool) -> Int {
      var k = k
      while k < s.count {
        if s[k] == "\\" {
          var j = k + 1
          var h = 0
          while h < hashes, at(j) == "#" {
            h += 1
            j += 1
          }
          if h == hashes, at(j) == "(" {
            open.append((hashes, multiLine, 0))
            out.append(" ")
            return j + 1
          }
          k = h == hashes ? j + 1 : k + 1
          continue
        }
        let quotes = multiLine ? 3 : 1
        if (0..<quotes).allSatisfy({ at(k + $0) == "\"" }),
          (0..<hashes).allSatisfy({ at(k + quotes + $0) == "#" })
        {
          out.append(" ")
          return k + quotes + hashes
        }
        k += 1
      }
      return k
    }
    var i = 0
    while i < s.count {
      let c = s[i]
      if c == "/", at(i + 1) == "/" {
        while i < s.count, s[i] != "\n" { i += 1 }
        continue
      }
      if c == "/", at(i + 1) == "*" {
        var depth = 0
        repeat {
          if s[i] == "/", at(i + 1) == "*" {
            depth += 1
            i += 2
          } else if s[i] == "*", at(i + 1) == "/" {
            depth -= 1
            i += 2
          } else {
            i += 1
          }
        } while depth > 0 && i < s.count
        continue
      }
      if !open.isEmpty, c == "(" { open[open.count - 1].depth += 1 }
      if !open.isEmpty, c == ")" {
        if open[open.count - 1].depth == 0 {
          let string = open.removeLast()
          i = skipString(i + 1, hashes: string.hashes, multiLine: string.multiLine)
          continue
        }
        open[open.count - 1].depth -= 1
      }
      if c == "#" || c == "\"" {
        var j = i
        while at(j) == "#" { j += 1 }
        if at(j) == "\"" {
          let multiLine = at(j + 1) == "\"" && at(j + 2) == "\""
          i = skipString(j + (multiLine ? 3 : 1), hashes: j - i, multiLine: multiLine)
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return String(out)
  }

  /// An identifier's words, lower-case (`layoutFiles`: `layout`, `files`;
  /// `worst_wallpaper`: `worst`, `wallpaper`).
  static func words(_ identifier: String) -> [String] {
    var words: [String] = []
    var word = ""
    for c in identifier {
      if c == "_" || (c.isUppercase && !word.isEmpty) {
        if !word.isEmpty { words.append(word.lowercased()) }
        word = c == "_" ? "" : String(c)
      } else {
        word.append(c)
      }
    }
    if !word.isEmpty { words.append(word.lowercased()) }
    return words
  }

  /// The identifiers of `code` that name a dimension of the list: hold its
  /// key's words in a row, the last one maybe plural.
  static func dimensionNames(in code: String) -> [String] {
    let keys = SceneDimension.all.map { words($0.key) }
    var found: [String] = []
    var identifier = ""
    func check() {
      defer { identifier = "" }
      guard let first = identifier.first, first.isLetter || first == "_" else { return }
      let w = words(identifier)
      let named = keys.contains { key in
        w.count >= key.count
          && (0...(w.count - key.count)).contains { start in
            key.indices.allSatisfy { k in
              let word = w[start + k]
              return word == key[k] || (k == key.count - 1 && word == key[k] + "s")
            }
          }
      }
      if named { found.append(identifier) }
    }
    for c in code {
      if c.isLetter || c.isNumber || c == "_" {
        identifier.append(c)
      } else {
        check()
      }
    }
    check()
    return found
  }

  /// The scan sees what it must: a dimension named in code, in an
  /// interpolation and in a raw string's interpolation, and not in a
  /// comment or a string's text.
  @Test func theScanFindsADimensionInCodeAndNotInText() {
    let text = ##"""
      // the layout and the wallpaper
      /* boldText */ let a = r.section
      let b = "over any wallpaper \(r.layout) and \(f("x", r.sceneImage)) textSize"
      let c = #"raw layout \#(report.layoutFiles) and \(notCode.wallpaper)"#
      let d = """
        wallpapers \(x.boldText)
        """
      let e = sweep.liquidGlass + worst_wallpaper + profiles + appearance + modeless + glass
      """##
    #expect(
      Self.dimensionNames(in: Self.code(text)) == [
        "layout", "layoutFiles", "boldText", "liquidGlass", "worst_wallpaper", "profiles",
        "appearance",
      ])
    #expect(Self.words("worst_wallpaper") == ["worst", "wallpaper"])
    #expect(Self.words("layoutFiles") == ["layout", "files"])
  }

  @Test func noFileInReportOrGatingNamesADimension() throws {
    let files = try RuleLiteralScanTests.sources().filter { file in
      Self.folders.contains { file.path.hasPrefix($0) }
    }
    // The scan reads the folders' files (not none).
    #expect(files.contains { $0.path.hasSuffix("Report/MarkdownReport.swift") })
    #expect(files.contains { $0.path.hasSuffix("Gating/Baseline.swift") })
    for file in files {
      // A remedy's font size in points (SPEC §3.6), not the person's text
      // size.
      let names = Self.dimensionNames(in: Self.code(file.text)).filter { $0 != "largeTextSize" }
      #expect(names.isEmpty, "\(file.path) names a dimension in its code: \(names)")
    }
    // The file that says which dimension plays each part names them.
    let parts = try #require(
      try RuleLiteralScanTests.sources().first {
        $0.path.hasSuffix("Scene/SceneDimension+Parts.swift")
      })
    #expect(!Self.dimensionNames(in: Self.code(parts.text)).isEmpty)
  }
}
