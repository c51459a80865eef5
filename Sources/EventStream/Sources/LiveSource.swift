import Platform

/// A source whose inputs arrive while the run is going: a device read through a file
/// descriptor (a knob), or a replay paced by the clock.
///
/// The live run loop (`EventLoop.runLive`) calls `readAvailable` once before it first waits,
/// whenever `fileDescriptor` is readable (or hung up), and when the stream time reaches
/// `nextWake`. The events it returns carry **stream times** (ms since the run start), which
/// the source computes with the `LiveClock` it is handed (a device converts its
/// `CLOCK_MONOTONIC` timestamps with `LiveClock.streamTime(monotonic:)`).
public protocol LiveSource {
  /// The descriptor to `poll()` for input, or -1 when there is none to wait on.
  var fileDescriptor: Int32 { get }
  /// The stream time at which `readAvailable` must be called even without input (a paced
  /// replay's next event, a retry while waiting for an unplugged device), or nil.
  var nextWake: Double? { get }
  /// True once no more input will come: the loop fires the remaining deadlines and returns.
  var isFinished: Bool { get }
  /// Reads what is available now without blocking, in time order.
  mutating func readAvailable(clock: LiveClock) throws(InputError) -> [Event]
}

/// The time base of a live run: `CLOCK_MONOTONIC` milliseconds at the start, and the pace.
public struct LiveClock: Sendable, Equatable {
  /// `CLOCK_MONOTONIC` at the run start, ms.
  public var startMs: Double
  /// Stream milliseconds per real millisecond (1 for devices; a replay may run faster).
  public var speed: Double

  /// Makes a clock that starts at `startMs` (default: now).
  public init(startMs: Double = MonotonicClock.nowMs(), speed: Double = 1) {
    self.startMs = startMs
    self.speed = speed > 0 ? speed : 1
  }

  /// The stream time now.
  public var now: Double { streamTime(monotonic: MonotonicClock.nowMs()) }

  /// Converts a `CLOCK_MONOTONIC` reading (ms) to stream time, to the microsecond (evdev's
  /// resolution and the stream's, `StreamTime`) so a JSONL recording replays to the same times.
  public func streamTime(monotonic: Double) -> Double {
    StreamTime.rounded((monotonic - startMs) * speed)
  }

  /// The `CLOCK_MONOTONIC` reading (ms) at a stream time.
  public func monotonic(streamTime: Double) -> Double { startMs + streamTime / speed }
}
