import EventStream

/// Every mistake found in a script (up to a limit), in line order; thrown by `ScriptParser` and
/// `ScriptCompiler` so that a user fixes them all in one go.
public struct ScriptErrors: Error, Sendable, Equatable, CustomStringConvertible {
  /// The errors, in line and column order.
  public var errors: [ScriptError]
  /// True when more errors were found than the limit allows.
  public var truncated: Bool
  /// A last line for the user (why `--lenient` did not help), or nil.
  public var note: String?

  /// Makes a list of errors.
  public init(_ errors: [ScriptError], truncated: Bool = false) {
    self.errors = errors
    self.truncated = truncated
  }

  /// Each error with its source line and caret; a note at the end if the list was cut.
  public var description: String {
    var text = errors.map(\.description).joined(separator: "\n")
    if truncated {
      text += "\n(stopped after \(errors.count) errors)"
    }
    if let note { text += "\n" + note }
    return text
  }

  /// The first error as an `InputError` (with the count of the others in the message).
  public var inputError: InputError {
    guard var first = errors.first?.inputError else {
      return InputError(file: "<script>", line: 0, column: 0, message: "invalid script")
    }
    if errors.count > 1 { first.message += " (and \(errors.count - 1) more error(s))" }
    return first
  }
}

/// The errors one pass over a script finds: each once, at most `ScriptParser.errorLimit`, each
/// with its source line for the caret.
struct ScriptErrorLog {
  /// The file name used in errors.
  let file: String
  /// The script's lines, quoted under their errors.
  let lines: ScriptLines
  private(set) var errors: [ScriptError] = []
  /// True when an error was left out for the limit.
  private(set) var truncated = false

  /// Adds `error` unless it is already there or the limit is reached.
  mutating func record(_ error: ScriptError) {
    guard !errors.contains(error) else { return }
    guard errors.count < ScriptParser.errorLimit else {
      truncated = true
      return
    }
    errors.append(error)
  }

  /// Adds an error at `line` and `column`, quoting that line.
  mutating func record(line: Int, column: Int, length: Int, _ message: String) {
    let source = lines[line]
    record(
      ScriptError(
        file: file, line: line, column: column, length: length, message: message, sourceLine: source))
  }

  /// The errors in line and column order, to throw; nil when there are none.
  var thrown: ScriptErrors? {
    guard !errors.isEmpty else { return nil }
    return ScriptErrors(errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, truncated: truncated)
  }
}
