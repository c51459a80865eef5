import EventStream
import Platform

/// The terminal the live view draws on: the alternate screen with the cursor hidden while
/// the view runs, restored by `end()` (the commands call it on every exit path; Ctrl-C stops
/// the run loop, so it runs then too).
final class LiveTerminal {
  private let output: OutputFile
  private let fd: Int32
  private var active = false

  /// Wraps an output on descriptor `fd` (stdout).
  init(output: OutputFile, fd: Int32 = 1) {
    self.output = output
    self.fd = fd
  }

  /// True when the descriptor is a terminal (else the view falls back to plain lines).
  var isTerminal: Bool { POSIX.isTerminal(fd) }

  /// Columns and rows (`ioctl(TIOCGWINSZ)`), nil when unknown.
  var size: (columns: Int, rows: Int)? { POSIX.terminalSize(fd) }

  /// Switches to the alternate screen and hides the cursor.
  func begin() {
    guard !active else { return }
    active = true
    output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    output.flush()
  }

  /// Draws a buffer.
  func draw(_ screen: ScreenBuffer) {
    output.write(screen.render())
    output.flush()
  }

  /// Shows the cursor and leaves the alternate screen. Idempotent.
  func end() {
    guard active else { return }
    active = false
    output.write("\u{1B}[?25h\u{1B}[?1049l")
    output.flush()
  }

  deinit { end() }
}
