import HingeSim

/// Measures the reader's compute time, which virtual-time runs charge to the clock.
///
/// The real clock reads `CLOCK_MONOTONIC`; a pinned clock reports a fixed duration so streams
/// are byte-for-byte reproducible (`--compute-ms`, tests).
public struct ComputeClock: Sendable {
  private let pinned: Double?

  /// The monotonic clock.
  public static let monotonic = ComputeClock(pinned: nil)

  /// A clock that reports `ms` for every measurement.
  public static func pinned(_ ms: Double) -> ComputeClock { ComputeClock(pinned: ms) }

  /// True when durations are pinned rather than measured.
  public var isPinned: Bool { pinned != nil }

  /// Runs `body` and returns its result with the time it took, ms.
  public func measure<T>(_ body: () -> T) -> (T, Double) {
    let start = MonotonicClock.nowMs()
    let result = body()
    let elapsed = MonotonicClock.nowMs() - start
    return (result, pinned ?? (elapsed * 1000).rounded() / 1000)
  }
}
