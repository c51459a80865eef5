/// What the mapper makes of knob input: a hinge angle, a button action, or a warning.
public enum KnobAction: Sendable, Equatable {
  /// The hinge should be at `degrees` (clamped to the range, snapped when asked).
  case angle(time: Double, degrees: Double)
  /// A button was pressed.
  case button(time: Double, KnobButtonAction)
  /// The kernel dropped events: relative rotation was lost; warn on stderr.
  case dropped(time: Double)

  /// When it happened (milliseconds, the input's time base).
  public var time: Double {
    switch self {
    case .angle(let time, _), .button(let time, _), .dropped(let time): time
    }
  }
}
