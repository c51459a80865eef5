import EventStream

/// An error a benchmark reports: a message and the kind of failure, which the command line
/// maps to its exit code.
public struct BenchmarkError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, each kind one documented exit code of the command line.
  public enum Kind: Sendable {
    /// Generated or read data was malformed (exit 65).
    case dataError
    /// A file the benchmark needs is missing or cannot be opened (exit 66).
    case noInput
    /// A read, write, pipe, thread or exec failed (exit 74).
    case ioError
    /// A library the benchmark needs is not installed (exit 69).
    case unavailable
  }

  /// The text printed after `hingesim: ` on stderr.
  public var message: String
  /// The kind of failure.
  public var kind: Kind

  /// Makes an error with its message and kind.
  public init(_ message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }

  /// An input error with the matching kind (bad data, missing, I/O).
  public init(inputError error: InputError) {
    let kind: Kind =
      switch error.kind {
      case .badData: .dataError
      case .missing: .noInput
      case .io: .ioError
      }
    self.init(error.description, kind: kind)
  }

  public var description: String { message }
}
