import Platform
#if canImport(Glibc)
  import Glibc
#endif

/// Drives a pipeline from a source, in virtual or real time.
///
/// **Virtual time** jumps straight to the next input or the earliest deadline, whichever is
/// first (inputs first on ties, then stages upstream first); a 10-minute trace replays in
/// milliseconds and the result is deterministic. When the source ends, the loop keeps firing
/// deadlines until none is left (bursts finish, the settle's trailing edge fires).
///
/// **Real time** does the same but sleeps until each input's or deadline's time, scaled by
/// `speed`; a stop request (Ctrl-C) ends it with every stage flushed.
public enum EventLoop {
  /// Set from a signal handler (Ctrl-C) or a closed output to end a run cleanly.
  nonisolated(unsafe) public static var stopRequested: sig_atomic_t = 0

  /// Runs in virtual time; returns the time of the last event handled.
  @discardableResult
  public static func runVirtual(
    _ pipeline: inout Pipeline, source: inout some EventSource, emit: (Event) -> Void
  ) throws(InputError) -> Double {
    var now = 0.0
    var pending = try source.next()
    while stopRequested == 0 {
      let deadline = pipeline.earliestDeadline
      if let input = pending, deadline == nil || input.time <= deadline!.time {
        now = input.time
        pipeline.input(input, emit: emit)
        pending = try source.next()
      } else if let deadline {
        now = deadline.time
        pipeline.fire(stage: deadline.stage, at: deadline.time, emit: emit)
      } else {
        break
      }
    }
    if stopRequested != 0 { pipeline.flush(at: now, emit: emit) }
    return now
  }

  /// Runs at wall-clock pace (`speed` × real time) over a source whose events are known ahead.
  ///
  /// Everything is measured on the monotonic clock: each input is handled, and each deadline
  /// fired, at the moment the loop actually gets to it (never before its own time), so host
  /// wake-up delays and the reader's real compute time show in the stream's times.
  @discardableResult
  public static func runRealtime(
    _ pipeline: inout Pipeline, source: inout some EventSource, speed: Double = 1,
    emit: (Event) -> Void
  ) throws(InputError) -> Double {
    let start = MonotonicClock.nowMs()
    let elapsed = { ((MonotonicClock.nowMs() - start) * speed * 1000).rounded() / 1000 }
    var now = 0.0
    var pending = try source.next()
    while stopRequested == 0 {
      let deadline = pipeline.earliestDeadline
      let inputFirst = pending.map { input in deadline.map { input.time <= $0.time } ?? true } ?? false
      guard let nextTime = inputFirst ? pending?.time : deadline?.time else { break }
      MonotonicClock.sleep(untilMs: start + nextTime / speed) { stopRequested != 0 }
      if stopRequested != 0 { break }
      now = max(now, nextTime, elapsed())
      if inputFirst, var input = pending {
        input.time = now
        pipeline.input(input, emit: emit)
        pending = try source.next()
      } else if let deadline {
        pipeline.fire(stage: deadline.stage, at: now, emit: emit)
      }
    }
    if stopRequested != 0 { pipeline.flush(at: now, emit: emit) }
    return now
  }
}
