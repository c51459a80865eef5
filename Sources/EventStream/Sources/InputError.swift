import Platform

/// A problem with an input file, located at `file:line:column`.
///
/// Its description is the message a user sees:
/// `trace.jsonl:3:18: expected a number for 'angle', found "wide"`.
public struct InputError: LocatedError, Sendable, Equatable {
  /// What kind of problem, for the exit code.
  public enum Kind: Sendable, Equatable {
    /// The data is malformed (exit 65).
    case badData
    /// The file does not exist or cannot be opened (exit 66).
    case missing
    /// Reading failed (exit 74).
    case io
  }

  /// The file name as the user gave it (`-` is `<stdin>`).
  public var file: String
  /// 1-based line, or 0 when the problem is the whole file.
  public var line: Int
  /// 1-based column, or 0.
  public var column: Int
  /// What was expected and what was found.
  public var message: String
  /// The kind, for the exit code.
  public var kind: Kind

  /// `file:line:column: message`, the file name escaped and cut (`InputText.name`): a path is
  /// input too.
  public var description: String { summary(naming: InputText.name(file)) }

  /// Makes an error.
  public init(file: String, line: Int, column: Int, message: String, kind: Kind = .badData) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.kind = kind
  }
}
