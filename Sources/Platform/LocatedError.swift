/// An error at a place in a file, described as a user sees it: `file:line:column: message`,
/// without the column when it is 0 (the whole line) and without both when the line is 0 (the
/// whole file).
///
/// `InputError`, `ScriptError` and `KnobRecordingError` share the form; it lives here, below the
/// modules that define them.
public protocol LocatedError: Error, CustomStringConvertible {
  /// The file name as the user gave it.
  var file: String { get }
  /// 1-based line, or 0 when the problem is the whole file.
  var line: Int { get }
  /// 1-based column, or 0 when the problem is the whole line.
  var column: Int { get }
  /// What was expected and what was found.
  var message: String { get }
}

extension LocatedError {
  /// `file:line:column: message`, leaving out a 0 column, or a 0 line and the column.
  public var summary: String { summary(naming: file) }

  /// The summary with the file shown as `shown` (escaped and cut by the caller).
  public func summary(naming shown: String) -> String {
    if line == 0 { return "\(shown): \(message)" }
    if column == 0 { return "\(shown):\(line): \(message)" }
    return "\(shown):\(line):\(column): \(message)"
  }

  /// The summary.
  public var description: String { summary }
}
