import Platform

/// Why talking to the browser failed. Every case says what was being done, so a run that stops
/// can report how far it got (the CLI exits 74 for all of them but `launch` of a missing program,
/// which is 66).
public enum BrowserError: Error, Sendable, Equatable {
  /// The browser program could not be found or started.
  case launch(String)
  /// The browser closed its end of the pipe or exited; its exit status and the last lines it
  /// wrote to stderr, when known.
  case died(status: Int32?, stderrTail: String)
  /// No response to `method` within the timeout.
  case timeout(method: String, ms: Double)
  /// The browser answered `method` with a CDP error.
  case commandFailed(method: String, code: Int, message: String)
  /// A message that is not the JSON CDP sends.
  case malformed(String)
  /// A write to or read from the pipe failed.
  case io(String)
  /// A script in the page threw.
  case pageException(String)
  /// `SIGINT` or `SIGTERM` came while waiting on the browser (the CLI's 130 or 143).
  case interrupted(signal: Int32)
  /// `--browser-url`: the endpoint refused, is not a browser's, or never answered.
  case attach(url: String, why: String)

  /// True when the browser program was not found (the CLI's exit 66, like any missing input).
  public var isMissingProgram: Bool {
    if case .launch = self { return true }
    return false
  }

  /// One line for people.
  public var message: String {
    switch self {
    case .launch(let why): "cannot start the browser: \(why)"
    case .died(let status, let tail):
      "the browser exited"
        + (status.map { " with status \($0)" } ?? "")
        + (tail.isEmpty ? "" : "; its last words: \(tail)")
    case .timeout(let method, let ms): "no answer to \(method) within \(Int(ms)) ms"
    case .commandFailed(let method, let code, let message): "\(method) failed: \(message) (CDP error \(code))"
    case .malformed(let what): "unexpected message from the browser: \(what)"
    case .io(let what): "pipe to the browser: \(what)"
    case .pageException(let what): "the page threw: \(what)"
    case .interrupted(let signal): "interrupted by \(StopRequest.name(of: signal)) while waiting on the browser"
    case .attach(let url, let why): "cannot attach to \(url): \(why)"
    }
  }
}
