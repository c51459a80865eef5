import EventStream
import Platform

/// One mistake in a `.hinge` script, located at `file:line:column`.
///
/// Its description is what a user sees: the location and message, then the source line and a
/// caret under the offending text:
/// ```
/// demo.hinge:3:18: expected a duration like 300ms after 'over', found 'fast'
///     open to 180 over fast
///                      ^~~~
/// ```
public struct ScriptError: LocatedError, Sendable, Equatable {
  /// The file name as the user gave it (`<stdin>` for `-`).
  public var file: String
  /// 1-based line (0 for the whole file).
  public var line: Int
  /// 1-based column in characters (0 for the whole line).
  public var column: Int
  /// How many characters the caret underlines (at least 1).
  public var length: Int
  /// What was expected and what was found.
  public var message: String
  /// The text of the line (without its newline), for the caret display.
  public var sourceLine: String

  /// Makes an error.
  public init(
    file: String, line: Int, column: Int, length: Int = 1, message: String, sourceLine: String = ""
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.length = max(1, length)
    self.message = message
    self.sourceLine = sourceLine
  }

  /// The summary, then at most `InputText.lineWindow` characters of the line around the column
  /// (`…` where it is cut, control characters escaped) and the caret under the column.
  public var description: String {
    let summary = summary(naming: InputText.name(file))
    guard line > 0, column > 0 else { return summary }
    let shown = InputText.caret(line: sourceLine, column: column, length: length)
    return summary + "\n    " + shown.text + "\n    " + shown.caret
  }

  /// The same problem as an `InputError` (without the source line), for `EventSource` callers.
  public var inputError: InputError {
    InputError(file: file, line: line, column: column, message: message)
  }
}
