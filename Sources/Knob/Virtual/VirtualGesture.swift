/// What a person does to the virtual knob, on either surface: the terminal view's keys and
/// wheel, or the demo page's keys, wheel, gauge and posture buttons. `VirtualKnob` turns
/// gestures into the evdev events a physical knob sends.
public enum VirtualGesture: Sendable, Equatable {
  /// Turn by whole detents: positive opens (↑ →, Page Up, the wheel away from the user).
  case detents(Int)
  /// Move straight to an angle (the gauge dragged, Home, End).
  case position(degrees: Double)
  /// Move straight to a posture (the posture buttons, keys 1, 2, 3).
  case posture(VirtualPosture)
  /// Press the knob's button (Enter, Space): it does the `--button-action`.
  case button
  /// End the run (`q`).
  case quit

  /// Detents per coarse step (Page Up, Page Down): a quarter of a turn of the 24-detent wheel.
  public static let coarseDetents = 6

  /// The gesture a terminal key means, nil for keys the knob ignores.
  ///
  /// | key | gesture |
  /// |---|---|
  /// | ↑ →, wheel up | one detent open |
  /// | ↓ ←, wheel down | one detent closed |
  /// | Page Up / Page Down | `coarseDetents` detents |
  /// | Home / End | the range's closed / flat end |
  /// | 1 2 3 | closed, half open, flat |
  /// | Enter, Space | the button |
  /// | q, Ctrl-C | quit |
  public init?(key: TerminalKey) {
    switch key {
    case .up, .right, .wheelUp: self = .detents(1)
    case .down, .left, .wheelDown: self = .detents(-1)
    case .pageUp: self = .detents(Self.coarseDetents)
    case .pageDown: self = .detents(-Self.coarseDetents)
    case .home: self = .posture(.closed)
    case .end: self = .posture(.flat)
    case .enter, .space: self = .button
    case .character(UInt8(ascii: "1")): self = .posture(.closed)
    case .character(UInt8(ascii: "2")): self = .posture(.halfOpen)
    case .character(UInt8(ascii: "3")): self = .posture(.flat)
    case .character(UInt8(ascii: "q")), .character(UInt8(ascii: "Q")), .control(0x03): self = .quit
    case .character, .control, .escape, .mouse, .unknown: return nil
    }
  }
}

/// The postures the virtual knob's buttons jump to, as in the Android Emulator's and Chrome
/// DevTools' posture controls.
public enum VirtualPosture: String, Sendable, CaseIterable {
  /// The closed end of the hinge range.
  case closed
  /// 90° (an L: book when held upright, tabletop when rotated), within the range.
  case halfOpen = "half-open"
  /// The flat end of the hinge range.
  case flat

  /// The angle within `lower…upper`.
  public func degrees(lower: Double, upper: Double) -> Double {
    switch self {
    case .closed: lower
    case .halfOpen: min(max(90, lower), upper)
    case .flat: upper
    }
  }
}
