import ArgumentParser
import ContrastCore

/// The exit status of SPEC §5, decided here and nowhere else: 0 every check
/// passes; 1 a check fails (not counting those a baseline accepts); 2 an
/// input could not be audited (or a report not written); 64 a usage error
/// (Argument Parser's own).
enum ExitStatus {
  /// An input, the profile, the configuration or an output could not be
  /// read or written.
  static let inputError = ExitCode(2)
  /// A check fails.
  static let failure = ExitCode(1)

  /// Ends the command as `gate` says (returns for a pass).
  static func end(_ gate: Gate) throws {
    switch gate {
    case .pass: return
    case .fail: throw failure
    case .inputError: throw inputError
    }
  }
}
