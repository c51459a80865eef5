#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic wall-clock time for benchmarks.
enum Clock {
  /// Milliseconds on `CLOCK_MONOTONIC`.
  static func nowMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
  }

  /// The time `body` takes, in milliseconds, and its result.
  static func measure<R>(_ body: () throws -> R) rethrows -> (ms: Double, result: R) {
    let start = nowMs()
    let result = try body()
    return (nowMs() - start, result)
  }

  /// The median of some samples (the upper middle for an even count).
  static func median(_ samples: [Double]) -> Double {
    guard !samples.isEmpty else { return .nan }
    return samples.sorted()[samples.count / 2]
  }
}
