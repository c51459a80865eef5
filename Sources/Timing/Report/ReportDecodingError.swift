import EventStream

/// A report file could not be read back: where (a JSON path such as
/// `causes[2].metrics.causeToShown.p90`) and what was wrong.
public struct ReportDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The JSON path of the value at fault; empty for the document as a whole.
  public var path: String
  /// What was wrong, in words.
  public var message: String

  /// Makes an error about the value at `path`.
  public init(_ message: String, at path: String = "") {
    self.path = path
    self.message = message
  }

  /// `causes[2].metrics.causeToShown.p90: expected a number, found "x"`.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
