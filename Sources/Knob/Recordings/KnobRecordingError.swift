import Platform

/// A malformed knob recording: where, what was expected and what was found.
///
/// Its description is `file:line:column: expected …, found …`.
public struct KnobRecordingError: LocatedError, Sendable, Equatable {
  /// The file name as given.
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column.
  public var column: Int
  /// What the parser wanted.
  public var expected: String
  /// What it found (quoted text, or a phrase such as `end of line`).
  public var found: String

  /// Makes an error.
  public init(file: String, line: Int, column: Int, expected: String, found: String) {
    self.file = file
    self.line = line
    self.column = column
    self.expected = expected
    self.found = found
  }

  /// `expected …, found …`.
  public var message: String { "expected \(expected), found \(found)" }
}
