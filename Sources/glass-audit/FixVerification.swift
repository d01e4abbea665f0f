import ContrastCore
import Foundation

/// What `fix` and `run --verify-fixes` share: the layout files' texts as
/// read now, and the fixer run over them with its progress on stderr.
enum FixVerification {
  /// The texts of `request`'s layout files, by file (as the reports name it),
  /// and each file's path as the file system holds it (`files`: the
  /// layouts' paths as listed, whose bytes need not be UTF-8); a layout
  /// whose file cannot be read is left out of `request` with an error on
  /// stderr.
  static func readTexts(
    of request: inout AuditRequest, files: [InputPath], console: Console
  ) -> (texts: [String: String], paths: [String: InputPath], unreadable: Bool) {
    var byName: [String: InputPath] = [:]
    for f in files { byName[f.description] = f }
    var texts: [String: String] = [:]
    var paths: [String: InputPath] = [:]
    var unreadable = false
    request.layouts = request.layouts.filter { layout in
      let path = byName[layout.file] ?? InputPath(layout.file)
      do {
        texts[layout.file] = try SourceText.decode(try path.readAll(), file: layout.file)
        paths[layout.file] = path
        return true
      } catch {
        console.error("error: \(layout.file): cannot read it to edit: \(error)")
        unreadable = true
        return false
      }
    }
    return (texts, paths, unreadable)
  }

  /// ``LayoutFixer/fix(_:texts:load:before:cache:progress:)`` over `texts`,
  /// each layout read back as the run read it (`reader`), its rounds on
  /// stderr; `before`: the run's own audit of `request`, when made.
  static func fix(
    _ request: AuditRequest, texts: [String: String], reader: Profile,
    before: AuditReport? = nil, console: Console
  ) -> FixOutcome {
    let start = Date()
    return LayoutFixer.fix(
      request, texts: texts,
      load: { text, file in LayoutLoader.load(text: text, file: file, profile: reader).layout },
      before: before,
      progress: { round, trials, elements in
        console.status(
          "glass-audit: re-audit \(round): \(trials) change\(trials == 1 ? "" : "s") on"
            + " \(elements) element\(elements == 1 ? "" : "s")"
            + " (\(Progress.seconds(Date().timeIntervalSince(start))))\n")
      })
  }
}
