import EventStream
/// Every mistake found in a script (up to a limit), in line order; thrown by `ScriptParser` and
/// `ScriptCompiler` so that a user fixes them all in one go.
public struct ScriptErrors: Error, Sendable, Equatable, CustomStringConvertible {
  /// The errors, in line and column order.
  public var errors: [ScriptError]
  /// True when more errors were found than the limit allows.
  public var truncated: Bool

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
