import EventStream
import Platform

/// A file that means something only whole — a Chrome trace, an SVG plot, a report written with
/// `-o`, an export script, a screenshot, a contact sheet: written at once, and removed when the
/// write fails, so that a cut document never sits on disk looking complete (a cut export script
/// would even run). Streams of lines (`--out`, `--record`, an app log) keep what they hold and
/// say how much (`CLIError(writeFailure:progress:)`).
///
/// ```swift
/// try DocumentFile.write(ChromeTrace.document(lines: lines), to: "trace.json", what: "Chrome trace")
/// // full disk: "trace.json: write failed: No space left on device
/// //   the partial Chrome trace (65536 of 210032 bytes) was removed"
/// ```
enum DocumentFile {
  /// Writes `text` to `path` (created or truncated); a failed write removes the file and is
  /// exit 74 naming it, what it was, and how much had been written.
  static func write(_ text: String, to path: String, what: String) throws(CLIError) {
    let file = try OutputFile.create(path: path)
    file.write(text)
    try finish(file, path: path, what: what, expected: text.utf8.count)
  }

  /// Writes `bytes`, as `write(_:to:what:)`.
  static func write(bytes: [UInt8], to path: String, what: String) throws(CLIError) {
    let file = try OutputFile.create(path: path)
    file.write(bytes: bytes)
    try finish(file, path: path, what: what, expected: bytes.count)
  }

  private static func finish(_ file: OutputFile, path: String, what: String, expected: Int) throws(CLIError) {
    file.close()
    guard let failure = file.failure else { return }
    // Only a regular file is removed: never a device (`/dev/full`) or a FIFO given as the path.
    let fate =
      !POSIX.isRegularFile(path)
      ? "went to a file that is not a regular file; nothing was removed"
      : POSIX.remove(path) ? "was removed" : "could not be removed: it is incomplete"
    throw CLIError(
      "\(InputText.name(path)): write failed: \(failure.message)\n  the partial \(what) (\(file.bytesWritten) of \(expected) bytes) \(fate)",
      code: .ioError)
  }
}
