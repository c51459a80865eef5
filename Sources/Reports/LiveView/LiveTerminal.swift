import EventStream
import Platform

/// The terminal the live view draws on: the alternate screen with the cursor hidden while
/// the view runs — and, for the virtual knob, mouse reporting on (button presses and the wheel,
/// SGR encoding) — restored by `end()` (the commands call it on every exit path; Ctrl-C and
/// SIGTERM stop the run loop, so it runs then too).
final class LiveTerminal {
  private let output: OutputFile
  private let fd: Int32
  private let mouse: Bool
  private var active = false

  /// Turns on mouse reporting: button presses and the wheel (`?1000`), SGR encoding (`?1006`).
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Turns it off again.
  static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

  /// Wraps an output on descriptor `fd` (stdout); `mouse` asks for wheel reports.
  init(output: OutputFile, fd: Int32 = 1, mouse: Bool = false) {
    self.output = output
    self.fd = fd
    self.mouse = mouse
  }

  /// True when the descriptor is a terminal (else the view falls back to plain lines).
  var isTerminal: Bool { POSIX.isTerminal(fd) }

  /// Columns and rows (`ioctl(TIOCGWINSZ)`), nil when unknown.
  var size: (columns: Int, rows: Int)? { POSIX.terminalSize(fd) }

  /// Switches to the alternate screen and hides the cursor.
  func begin() {
    guard !active else { return }
    active = true
    output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" + (mouse ? Self.mouseOn : ""))
    output.flush()
  }

  /// Draws a buffer.
  func draw(_ screen: ScreenBuffer) {
    output.write(screen.render())
    output.flush()
  }

  /// Turns mouse reporting off, shows the cursor and leaves the alternate screen. Idempotent.
  func end() {
    guard active else { return }
    active = false
    output.write((mouse ? Self.mouseOff : "") + "\u{1B}[?25h\u{1B}[?1049l")
    output.flush()
  }

  deinit { end() }
}
