/// A key or mouse report decoded from a terminal's input bytes (`TerminalKeyDecoder`).
public enum TerminalKey: Sendable, Equatable {
  /// The cursor keys (`ESC [ A`…`D`, or `ESC O A`…`D` in application mode), with or without modifiers.
  case up, down, left, right
  /// `ESC [ 5 ~` and `ESC [ 6 ~`.
  case pageUp, pageDown
  /// `ESC [ H`, `ESC O H`, `ESC [ 1 ~`, `ESC [ 7 ~`; and `ESC [ F`, `ESC O F`, `ESC [ 4 ~`, `ESC [ 8 ~`.
  case home, end
  /// Return or line feed.
  case enter
  /// The space bar.
  case space
  /// A lone `ESC`: no sequence followed it within `TerminalKeyDecoder.escapeTimeoutMs`.
  case escape
  /// A printable ASCII character (`0x21`…`0x7E`).
  case character(UInt8)
  /// A control character other than the ones named above (Ctrl-C is `0x03`, Tab `0x09`, Backspace `0x7F`).
  case control(UInt8)
  /// The mouse wheel turned up (away from the user) or down, as an SGR (`ESC [ < 64 ; x ; y M`)
  /// or X10 (`ESC [ M` and three bytes) mouse report.
  case wheelUp, wheelDown
  /// Any other mouse report (a button, a release, motion): nothing for the knob.
  case mouse
  /// A complete or cut-off sequence the decoder does not know (function keys, garbage).
  case unknown
}
