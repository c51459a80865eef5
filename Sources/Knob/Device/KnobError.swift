import Platform

/// Why a knob could not be opened or read.
public enum KnobError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `open` failed; `reason` says what helps (permissions: which group or udev rule).
  case openFailed(path: String, errno: Int32, reason: String)
  /// The file is not an evdev device (libevdev refused it).
  case notEvdev(path: String, errno: Int32)
  /// An evdev device without a dial, wheel or absolute wheel axis.
  case notAKnob(path: String, name: String)
  /// The device went away (`ENODEV`, or the descriptor hung up).
  case unplugged(path: String)
  /// Reading failed with another errno.
  case readFailed(path: String, errno: Int32)
  /// `EVIOCGRAB` failed (`EBUSY`: another program holds the grab).
  case grabFailed(path: String, errno: Int32)
  /// libevdev is not installed or cannot be loaded: no device can be read.
  case libraryUnavailable(LibraryUnavailable)

  /// One line for stderr.
  public var description: String {
    switch self {
    case .openFailed(let path, _, let reason): "\(path): cannot open: \(reason)"
    case .notEvdev(let path, let code):
      "\(path): not an evdev input device (\(POSIX.message(code)))"
    case .notAKnob(let path, let name):
      "\(path): '\(name)' has no dial, wheel or absolute wheel axis"
    case .unplugged(let path): "\(path): the knob was unplugged"
    case .readFailed(let path, let code): "\(path): read failed: \(POSIX.message(code))"
    case .grabFailed(let path, let code):
      code == 16 /* EBUSY */
        ? "\(path): cannot grab: another program already grabbed the device"
        : "\(path): cannot grab: \(POSIX.message(code))"
    case .libraryUnavailable(let error): "the knob reader \(error)"
    }
  }
}
