import EventStream
import Platform

/// What a command may touch besides its arguments: the output streams and the package root.
public struct CommandContext: Sendable {
  /// Where the command's results go.
  public var stdout: OutputFile
  /// Where warnings, progress and errors go.
  public var stderr: OutputFile
  /// The directory holding `profiles/` and `traces/` (the package root).
  public var resourceRoot: String
  /// How much of each kind of input a command reads (`--read-limit`, `HINGESIM_READ_LIMIT`).
  public var readLimits = ReadLimits.defaults

  /// Makes a context.
  public init(stdout: OutputFile, stderr: OutputFile, resourceRoot: String) {
    self.stdout = stdout
    self.stderr = stderr
    self.resourceRoot = resourceRoot
  }
}
