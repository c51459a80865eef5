#if canImport(Glibc)
  import Glibc
#endif

/// The one clock of the tool: `CLOCK_MONOTONIC`, in milliseconds.
///
/// The run loops, the live clock, the reader's measured compute time, knob timestamps and the
/// benchmarks all read it, so their times share one base.
public enum MonotonicClock {
  /// `clock_gettime(CLOCK_MONOTONIC)` now, in milliseconds since an arbitrary start.
  public static func nowMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
  }

  /// `nanosleep` in chunks of at most 50 ms until the clock reads `target`, or until
  /// `stop()` returns true between chunks.
  public static func sleep(untilMs target: Double, stop: () -> Bool = { false }) {
    while !stop() {
      let remaining = target - nowMs()
      guard remaining > 0 else { return }
      let chunk = min(remaining, 50)
      var ts = timespec(
        tv_sec: Int(chunk / 1000), tv_nsec: Int((chunk.truncatingRemainder(dividingBy: 1000)) * 1_000_000))
      nanosleep(&ts, nil)
    }
  }

  /// The time `body` takes, in milliseconds, and its result.
  public static func measure<R>(_ body: () throws -> R) rethrows -> (ms: Double, result: R) {
    let start = nowMs()
    let result = try body()
    return (nowMs() - start, result)
  }
}
