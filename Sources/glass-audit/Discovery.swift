import ContrastCore
import Foundation

/// Finds the inputs of a run: layout files and the wallpaper matrix.
enum Discovery {
  struct Layouts {
    /// Every layout file found, valid or not.
    var files: [InputPath] = []
    var layouts: [Layout] = []
    var findings: [Finding] = []
    var errors: [InputError] = []
  }

  /// Every layout file of `dir` (or the one file `dir` names), loaded and
  /// validated; each invalid file becomes one error listing all its problems.
  static func layouts(in dir: String, profile: Profile) -> Layouts {
    var out = Layouts()
    let files: [InputPath]
    if Files.isDirectory(dir) {
      do {
        files = try Files.list(dir, extensions: ["yml", "yaml", "json"])
      } catch {
        out.errors.append(
          InputError(.inputLayouts, input: dir, message: "cannot list the layouts folder"))
        return out
      }
    } else if Files.exists(dir) {
      files = [InputPath(dir)]
    } else {
      out.errors.append(
        InputError(.inputLayouts, input: dir, message: "no such layouts folder or file"))
      return out
    }
    if files.isEmpty {
      out.errors.append(
        InputError(.inputLayouts, input: dir, message: "no layout files (.yml, .yaml, .json)"))
    }
    out.files = files
    var seen: [String: String] = [:]
    for path in files {
      let file = path.description
      let result = LayoutLoader.load(contentsOf: path, displayName: file, profile: profile)
      guard let layout = result.layout, result.errors.isEmpty else {
        out.errors.append(
          InputError(
            .inputLayout, input: file,
            message: result.errors.map(\.description).joined(separator: "\n")))
        continue
      }
      if let other = seen[layout.id] {
        let at = Diagnostic(
          file: file, line: max(1, result.idLine), column: max(1, result.idColumn),
          message: "layout id '\(layout.id)' is already used by '\(other)'")
        out.errors.append(InputError(.inputLayoutID, input: file, message: at.description))
        continue
      }
      seen[layout.id] = file
      out.layouts.append(layout)
      out.findings += result.findings
    }
    return out
  }

  /// A digest of what a run reads: the layout files' names and contents,
  /// the wallpaper list (ids, files, categories, appearances, file sizes) and
  /// each profile's name and text (a shipped profile's embedded text).
  /// Shards of one run share it; `merge` checks it.
  static func digest(
    layoutFiles: [InputPath], wallpapers: [WallpaperInput], profiles: [(name: String, text: String)]
  ) -> String {
    var parts: [String] = []
    for f in layoutFiles {
      parts += [
        f.description,
        (try? f.readAll()).map { String(decoding: $0, as: UTF8.self) } ?? "<unreadable>",
      ]
    }
    for w in wallpapers {
      let size = (try? FileManager.default.attributesOfItem(atPath: w.file)[.size] as? Int) ?? -1
      parts += [
        w.id, w.file, w.category ?? "",
        (w.appearances ?? []).map(\.rawValue).joined(separator: ","),
        String(size),
      ]
    }
    for p in profiles { parts += [p.name, p.text] }
    return StableDigest.fnv1a64(parts: parts)
  }

  struct Wallpapers {
    var inputs: [WallpaperInput] = []
    var errors: [InputError] = []
  }

  /// The wallpapers of `path`: a folder (with `matrix.yml` naming them, or
  /// every PNG in it) or a single PNG, each decoded within `budget`.
  static func wallpapers(at path: String, pixelLimit: Int, budget: MemoryBudget) -> Wallpapers {
    var out = Wallpapers()
    func input(file: InputPath, id: String, category: String?, appearances: [Appearance]?)
      -> WallpaperInput
    {
      let size = (try? file.fileSize()) ?? 0
      let name = file.description
      return WallpaperInput(
        id: id, category: category, file: name, appearances: appearances, estimatedCost: size
      ) {
        let d = try PNGDecoder.decode(
          contentsOf: file, displayName: name, pixelLimit: pixelLimit, budget: budget)
        return (d.image, d.hadTransparency)
      }
    }
    guard Files.isDirectory(path) else {
      if Files.exists(path) {
        let file = InputPath(path)
        out.inputs.append(
          input(file: file, id: file.stem.description, category: nil, appearances: nil))
      } else {
        out.errors.append(
          InputError(.inputWallpapers, input: path, message: "no such wallpapers folder or file"))
      }
      return out
    }
    let matrixPath = Files.join(path, "matrix.yml")
    if Files.exists(matrixPath) {
      do throws(DiagnosticList) {
        let text: String
        do {
          text = try SourceText.decode(try InputPath(matrixPath).readAll(), file: matrixPath)
        } catch let error as Diagnostic {
          throw DiagnosticList([error])
        } catch {
          throw DiagnosticList([SourceText.unreadable(matrixPath, reason: "\(error)")])
        }
        for entry in try WallpaperMatrix.parse(text, file: matrixPath).entries {
          out.inputs.append(
            input(
              file: InputPath(Files.join(path, entry.file)), id: entry.id,
              category: entry.category, appearances: entry.appearances))
        }
      } catch {
        out.errors.append(InputError(.inputMatrix, input: matrixPath, message: error.description))
      }
      return out
    }
    let files = (try? Files.list(path, extensions: ["png"])) ?? []
    if files.isEmpty {
      out.errors.append(
        InputError(.inputWallpapers, input: path, message: "no PNG wallpapers in the folder"))
    }
    for f in files {
      out.inputs.append(input(file: f, id: f.stem.description, category: nil, appearances: nil))
    }
    return out
  }
}
