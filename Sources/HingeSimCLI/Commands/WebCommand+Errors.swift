import Backends
import EventStream

extension CLIError {
  /// A browser error as the web commands report it: `SIGINT`/`SIGTERM` during a wait is 130/143
  /// (the run's progress after it), no browser program or nothing to attach to 66, anything else
  /// 74; the message is
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
      code: error.isMissingProgram || error.isAttachFailure ? .noInput : .ioError)
  }

  /// The most characters of a browser's message printed.
  static let browserMessageLimit = 400
}

extension BrowserError {
  /// `--browser-url` named nothing that answers as a browser: a missing input (66), like a
  /// missing program.
  var isAttachFailure: Bool {
    if case .attach = self { return true }
    return false
  }
}
