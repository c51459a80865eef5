import Platform
import Reader

/// An error a command reports to the user: a message and the exit code it maps to.
public struct CLIError: Error, Sendable, CustomStringConvertible {
  /// The text printed after `hingesim: ` on stderr.
  public var message: String
  /// The exit code the process ends with.
  public var code: ExitCode

  /// Makes an error with its message and exit code.
  public init(_ message: String, code: ExitCode) {
    self.message = message
    self.code = code
  }

  /// A command-line mistake (exit 64).
  public static func usage(_ message: String) -> CLIError { CLIError(message, code: .usage) }

  public var description: String { message }
}

extension CLIError {
  /// A reader set-up error: exit 69 when a library the typesetter calls is missing, else 66
  /// (the profile's font or hyphenation patterns cannot be read).
  init(readerError error: ReaderError) {
    self.init(error.description, code: error.unavailableLibrary == nil ? .noInput : .unavailable)
  }

  /// Exit 130 (`SIGINT`) or 143 (`SIGTERM`): the run was cut short and its output is partial.
  init(interruptedBy signal: Int32) {
    self.init(
      "interrupted by \(StopRequest.name(of: signal)): the output is partial (every line written is complete)",
      code: signal == 15 ? .terminated : .interrupted)
  }
}
