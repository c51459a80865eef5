/// One input from a knob, device or recording, before mapping.
///
/// `time` is in milliseconds: `CLOCK_MONOTONIC` for a live device, relative to the first
/// event for a recording.
public struct KnobInput: Sendable, Equatable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// Relative motion on an `EV_REL` code (`REL_DIAL`, `REL_WHEEL`, `REL_WHEEL_HI_RES`, …).
    case relative(code: UInt16, value: Int32)
    /// A new position on an `EV_ABS` axis.
    case absolute(code: UInt16, value: Int32)
    /// A key or button went down (`pressed`) or up. Auto-repeat is not reported.
    case button(code: UInt16, pressed: Bool)
    /// The kernel dropped events (`SYN_DROPPED`); relative motion since the last event is lost.
    case dropped
  }

  /// Milliseconds (monotonic clock, or since the first event of a recording).
  public var time: Double
  /// What happened.
  public var kind: Kind

  /// Makes an input.
  public init(time: Double, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// Converts a raw evdev event; nil for `SYN_REPORT`, `EV_MSC`, auto-repeat and other types.
  init?(time: Double, type: UInt16, code: UInt16, value: Int32) {
    switch type {
    case KnobCode.evRel: self.init(time: time, kind: .relative(code: code, value: value))
    case KnobCode.evAbs: self.init(time: time, kind: .absolute(code: code, value: value))
    case KnobCode.evKey where value == 0 || value == 1:
      self.init(time: time, kind: .button(code: code, pressed: value == 1))
    case KnobCode.evSyn where code == KnobCode.synDropped: self.init(time: time, kind: .dropped)
    default: return nil
    }
  }
}
