import EventStream
import Platform
import Simulator

/// Measures the reader's compute time, which virtual-time runs charge to the clock.
///
/// The real clock reads `CLOCK_MONOTONIC`; a pinned clock reports a fixed duration so streams
/// are byte-for-byte reproducible (`--compute-ms`, tests).
public struct ComputeClock: Sendable {
  private let pinned: Double?
  private let pinnedAnalysis: Double

  /// The monotonic clock.
  public static let monotonic = ComputeClock(pinned: nil, pinnedAnalysis: 0)

  /// A clock that reports `ms` for every measurement and `analysis` ms for the text's one-time
  /// analysis (0 by default: reproducible streams charge no analysis).
  public static func pinned(_ ms: Double, analysis: Double = 0) -> ComputeClock {
    ComputeClock(pinned: ms, pinnedAnalysis: analysis)
  }

  /// The time the text's analysis took: the measured one, or the pinned one.
  public func analysis(of document: ReaderDocument) -> Double {
    pinned == nil ? document.analysisMs : pinnedAnalysis
  }

  /// Runs `body` and returns its result with the time it took, ms.
  public func measure<T>(_ body: () -> T) -> (T, Double) {
    let start = MonotonicClock.nowMs()
    let result = body()
    let elapsed = MonotonicClock.nowMs() - start
    return (result, pinned ?? (elapsed * 1000).rounded() / 1000)
  }
}
