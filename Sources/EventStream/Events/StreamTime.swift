/// Stream times and durations: milliseconds held in a `Double`, always a whole number of
/// microseconds — the one place that rounds them.
///
/// A time is stored as the `Double` nearest to *n* / 1000 for a whole number *n* of
/// microseconds; that value is unique for each *n* (up to `Event.maxStreamTime`), so two times
/// that are the same microsecond compare equal, and it is written back as *n* / 1000 exactly
/// (`419.907`, never `419.90700000000004`). Plain `Double` arithmetic on such values drifts —
/// `77.391 + 16` is `93.39099999999999` — so every time or duration the program computes goes
/// through this type: inputs when the run loop takes them (`EventLoop`), deadlines and stamps
/// when a stage adds a duration to a time (`adding`), waits when it subtracts two (`elapsed`),
/// charges when a cost model measures one (`rounded`). Each rounds the exact result to the
/// nearest microsecond, half away from zero, so errors never accumulate across a run, and
/// `shown = settled + queuedMs + paginationMs` holds to the bit.
///
/// ```swift
/// StreamTime.adding(16, to: 77.391)          // 93.391
/// StreamTime.elapsed(from: 200.1, to: 500.3)  // 300.2
/// StreamTime.rounded(0.0004)                 // 0: inputs are resolved to 1 µs
/// ```
public enum StreamTime {
  /// The resolution of every time and duration in a stream, ms: one microsecond.
  public static let resolutionMs = 0.001

  /// `ms` to the nearest microsecond (half away from zero); infinities and NaN unchanged.
  @inlinable
  public static func rounded(_ ms: Double) -> Double {
    let microseconds = ms * 1000
    // Whole microseconds in an `Int64` (one instruction, where `rounded()` calls libm's
    // `round`: the simulator rounds every sample's time); beyond 2⁵² µs, and for infinities
    // and NaN, the value is already whole or not a number.
    guard abs(microseconds) < 0x1p52 else { return microseconds.rounded() / 1000 }
    return Double(Int64(microseconds + (microseconds < 0 ? -0.5 : 0.5))) / 1000
  }

  /// `time + duration`, to the microsecond: a deadline or a stamp after some work.
  @inlinable
  public static func adding(_ duration: Double, to time: Double) -> Double { rounded(time + duration) }

  /// `end − start`, to the microsecond: a wait or a latency.
  @inlinable
  public static func elapsed(from start: Double, to end: Double) -> Double { rounded(end - start) }

  /// True when `ms` is a whole number of microseconds as this type stores it (what every time
  /// in a stream must be).
  public static func isExact(_ ms: Double) -> Bool { !ms.isFinite || rounded(ms) == ms }
}
