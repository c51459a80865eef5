import EventStream

/// A report file could not be read back.
public struct ReportDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong, in words.
  public var message: String

  /// Makes an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
