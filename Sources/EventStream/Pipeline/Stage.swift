/// A pure state machine of the pipeline: event + now → events + next deadline.
///
/// A stage reads no clock, does no I/O and never sleeps. The run loop hands it every event
/// from upstream (`receive`) and wakes it at its `deadline` (`fire`). Events it appends to
/// `output` go downstream and to the stream; they carry their own times (≥ now), whole
/// microseconds (`StreamTime`).
///
/// A run that stops before its source ends (a signal, `--duration`, a read error) hands every
/// stage an `end` event and fires nothing after it: what was pending — a debounce, a burst, a
/// pagination under way — never happens, and the stage emits only what is true at the end (the
/// timing stage's records of the settles never answered).
public protocol Stage {
  /// Handles one event at the event's time.
  mutating func receive(_ event: Event, into output: inout [Event])
  /// The earliest time the stage wants to be woken, if any.
  var deadline: Double? { get }
  /// Wakes the stage at `now` (its deadline).
  mutating func fire(at now: Double, into output: inout [Event])
}
