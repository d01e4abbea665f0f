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
  /// each profile's name and text (a shipped profile's embedded text), and
  /// the settings file's `targets` when it has any (left out when none, so
  /// a digest made before they were read is unchanged). Shards of one run
  /// share it; `merge` checks it, and `merge --verify-fixes` checks the
  /// inputs it reads against it.
  static func digest(
    layoutFiles: [InputPath], wallpapers: [WallpaperInput],
    profiles: [(name: String, text: String)],
    targets: ContrastTargets = ContrastTargets()
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
    if !targets.byKey.isEmpty {
      parts.append("targets")
      for (key, t) in targets.byKey.sorted(by: { $0.key < $1.key }) {
        parts += [key, String(t.ratio)]
      }
    }
    return StableDigest.fnv1a64(parts: parts)
  }

  struct Wallpapers {
    var inputs: [WallpaperInput] = []
    var errors: [InputError] = []
    /// Unlisted PNGs (audited) and images that are not PNGs (skipped).
    var findings: [Finding] = []
  }

  /// Image formats a wallpapers folder may hold that the audit does not
  /// read: each such file is named in a finding, never passed over.
  static let unsupportedImageExtensions: Set<String> = [
    "jpg", "jpeg", "heic", "heif", "webp", "gif", "tif", "tiff", "bmp", "avif", "jxl",
  ]

  /// The wallpapers of `path`: a folder or a single PNG, each decoded within
  /// `budget`. In a folder, `matrix.yml` names the wallpapers with their ids
  /// and categories; a PNG it does not list is audited too, under its file
  /// name, with an `unlisted-wallpaper` finding; an image of another format
  /// is skipped with an `unsupported-wallpaper` finding. With `kept`, a
  /// wallpaper decoded once is decoded again from the samples it keeps.
  static func wallpapers(
    at path: String, pixelLimit: Int, budget: MemoryBudget, kept: KeptWallpapers? = nil
  ) -> Wallpapers {
    var out = Wallpapers()
    func input(file: InputPath, id: String, category: String?, appearances: [Appearance]?)
      -> WallpaperInput
    {
      let size = (try? file.fileSize()) ?? 0
      let name = file.description
      return WallpaperInput(
        id: id, category: category, file: name, appearances: appearances, estimatedCost: size
      ) {
        if let held = kept?.image(for: name, reserve: budget.reserve) { return held }
        let d = try PNGDecoder.decode(
          contentsOf: file, displayName: name, pixelLimit: pixelLimit, budget: budget)
        kept?.keep(d.image, hadTransparency: d.hadTransparency, for: name)
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
    for file in (try? Files.list(path, extensions: unsupportedImageExtensions)) ?? [] {
      let name = file.lastComponent.description
      out.findings.append(
        Finding(
          rule: .unsupportedWallpaper,
          message:
            "'\(name)' was skipped: glass-audit reads PNG wallpapers only (convert it to PNG)",
          file: file.description))
    }
    let pngs = (try? Files.list(path, extensions: ["png"])) ?? []
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
        let entries = try WallpaperMatrix.parse(text, file: matrixPath).entries
        for entry in entries {
          out.inputs.append(
            input(
              file: InputPath(Files.join(path, entry.file)), id: entry.id,
              category: entry.category, appearances: entry.appearances))
        }
        let listed = Set(entries.map { InputPath(Files.join(path, $0.file)).bytes })
        var ids = Dictionary(entries.map { ($0.id, $0.file) }) { a, _ in a }
        for file in pngs where !listed.contains(file.bytes) {
          let name = file.lastComponent.description
          let id = file.stem.description
          if let other = ids[id] {
            out.errors.append(
              InputError(
                .inputWallpapers, input: file.description,
                message:
                  "not listed in \(matrixPath), and its file name's id '\(id)' is already the id "
                  + "of '\(other)': list it in the matrix with an id of its own"))
            continue
          }
          ids[id] = name
          out.inputs.append(input(file: file, id: id, category: nil, appearances: nil))
          out.findings.append(
            Finding(
              rule: .unlistedWallpaper, wallpaper: id,
              message:
                "'\(name)' is in the wallpapers folder but not listed in \(matrixPath); it was "
                + "audited as '\(id)' (no category, every appearance): add it to the matrix or "
                + "move it out of the folder",
              file: matrixPath))
        }
      } catch {
        out.errors.append(InputError(.inputMatrix, input: matrixPath, message: error.description))
      }
      return out
    }
    let files = pngs
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
