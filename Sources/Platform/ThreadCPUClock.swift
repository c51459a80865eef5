#if canImport(Glibc)
  import Glibc
#endif

/// The calling thread's CPU time: `CLOCK_THREAD_CPUTIME_ID`, in milliseconds.
///
/// What the reader's pagination is charged in `host` mode: unlike the monotonic clock it does
/// not count the time the thread waited for a core, so two sources paginating side by side on
/// a busy machine are charged what each computed, not what the machine's load added.
public enum ThreadCPUClock {
  /// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` now, in milliseconds of this thread's CPU time.
  public static func nowMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
  }

  /// The CPU time `body` takes on this thread, in milliseconds, and its result.
  public static func measure<R>(_ body: () throws -> R) rethrows -> (ms: Double, result: R) {
    let start = nowMs()
    let result = try body()
    return (nowMs() - start, result)
  }
}
