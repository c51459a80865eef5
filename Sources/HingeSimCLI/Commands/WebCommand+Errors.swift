import Backends
import EventStream

extension CLIError {
  /// A browser error as the web commands report it: `SIGINT`/`SIGTERM` during a wait is 130/143
  /// (the run's progress after it), no browser program 66, anything else 74; the message is
  /// escaped and cut (a browser's or page's text can hold anything).
  init(web error: BrowserError, progress: String? = nil) {
    if case .interrupted(let signal) = error {
      self.init(interruptedBy: signal)
      if let progress { message += "; \(progress)" }
      return
    }
    self.init(
      "web: " + InputText.excerpt(error.message, limit: Self.browserMessageLimit)
        + (progress.map { "\n  \($0)" } ?? ""),
      code: error.isMissingProgram ? .noInput : .ioError)
  }

  /// The most characters of a browser's message printed.
  static let browserMessageLimit = 400
}
