import EventStream
import Platform
import Reader

/// The process exit codes hingesim documents (sysexits-style).
public enum ExitCode: Int32, Sendable {
  /// Success.
  case ok = 0
  /// The run worked but found a failure (violations, regressions).
  case failure = 1
  /// The command line was wrong.
  case usage = 64
  /// An input file was malformed.
  case dataError = 65
  /// An input file does not exist or cannot be opened.
  case noInput = 66
  /// A library the command needs is not installed or cannot be loaded (`dlopen` failed).
  case unavailable = 69
  /// A read or write failed (device unplugged, disk full).
  case ioError = 74
  /// Ctrl-C (`SIGINT`) cut the run short: 128 + 2.
  case interrupted = 130
  /// `SIGTERM` cut the run short: 128 + 15.
  case terminated = 143
}

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

extension OutputFile {
  /// Creates (truncates) a file for writing; a failure is exit 74 naming the file.
  static func create(path: String, lineBuffered: Bool = false) throws(CLIError) -> OutputFile {
    do {
      return try OutputFile.open(path: path, lineBuffered: lineBuffered)
    } catch {
      throw CLIError("\(path): cannot write: \(error.message)", code: .ioError)
    }
  }
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
