/// The clock live knob events are stamped with.
public enum KnobClock {
  /// `CLOCK_MONOTONIC` now, in milliseconds — the time base of `KnobInput.time` for devices.
  public static func now() -> Double { POSIX.monotonicMilliseconds() }
}
