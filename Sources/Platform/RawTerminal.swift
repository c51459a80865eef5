import Glibc

/// A terminal's input switched to key-at-a-time mode for the virtual knob, restored by
/// `restore()` (idempotent; also on deinit): `tcgetattr`/`tcsetattr` on the descriptor.
///
/// Bytes arrive as keys are pressed, without echo or line editing (`ICANON`, `ECHO`, `IEXTEN`
/// off; `IXON` off, so Ctrl-S does not freeze the screen). Ctrl-C still sends `SIGINT` (`ISIG`
/// stays on), so it ends the run the way it ends every live run; the suspend and quit characters
/// (Ctrl-Z, Ctrl-\) are disabled, so neither can stop the process with the terminal still raw.
public final class RawTerminal {
  /// The descriptor (stdin).
  public let fd: Int32
  private var saved: termios
  private var active = true

  /// Switches `fd` to key-at-a-time mode; nil when it is not a terminal (or `tcsetattr` failed).
  public init?(fd: Int32 = 0) {
    var attributes = termios()
    guard isatty(fd) == 1, tcgetattr(fd, &attributes) == 0 else { return nil }
    self.fd = fd
    saved = attributes
    attributes.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    attributes.c_iflag &= ~tcflag_t(IXON)
    withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
      cc[Int(VSUSP)] = 0  // _POSIX_VDISABLE
      cc[Int(VQUIT)] = 0
    }
    guard tcsetattr(fd, TCSANOW, &attributes) == 0 else { return nil }
  }

  /// Puts the terminal back as it was. Idempotent.
  public func restore() {
    guard active else { return }
    active = false
    _ = tcsetattr(fd, TCSANOW, &saved)
  }

  deinit { restore() }
}
