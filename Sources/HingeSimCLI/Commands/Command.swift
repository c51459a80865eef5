import EventStream
import Platform

/// One `hingesim` subcommand.
///
/// A command declares its name, a one-line summary, its usage text, and `run`, which consumes
/// its options from `Arguments` and returns an exit code or throws a `CLIError`.
public protocol Command: Sendable {
  /// The word after `hingesim` (`simulate`, `run`, …).
  static var name: String { get }
  /// One line for `hingesim help`.
  static var summary: String { get }
  /// The full help text for `hingesim COMMAND --help`.
  static var usage: String { get }
  /// Runs the command.
  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode
}
