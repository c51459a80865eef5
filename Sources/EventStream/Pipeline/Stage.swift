/// A pure state machine of the pipeline: event + now → events + next deadline.
///
/// A stage reads no clock, does no I/O and never sleeps. The run loop hands it every event
/// from upstream (`receive`) and wakes it at its `deadline` (`fire`). Events it appends to
/// `output` go downstream and to the stream; they carry their own times (≥ now).
public protocol Stage {
  /// Handles one event at the event's time.
  mutating func receive(_ event: Event, into output: inout [Event])
  /// The earliest time the stage wants to be woken, if any.
  var deadline: Double? { get }
  /// Wakes the stage at `now` (its deadline).
  mutating func fire(at now: Double, into output: inout [Event])
  /// The source ended for good (real-time runs cut short): emit what is pending at once.
  mutating func flush(at now: Double, into output: inout [Event])
}

extension Stage {
  /// By default nothing is pending at the end.
  public mutating func flush(at now: Double, into output: inout [Event]) {}
}
