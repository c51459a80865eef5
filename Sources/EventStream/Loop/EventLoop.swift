import Platform

/// Drives a pipeline from a source, in virtual or real time.
///
/// **Virtual time** jumps straight to the next input or the earliest deadline, whichever is
/// first; a 10-minute trace replays in
/// milliseconds and the result is deterministic. When the source ends, the loop keeps firing
/// deadlines until none is left (bursts finish, the settle's trailing edge fires).
///
/// **Ties**: a deadline due at time *t* has come by *t*, so it fires before an input stamped
/// *t* (stages upstream first among deadlines). A settle due at 200 ms is settled when a page
/// turn stamped 200 ms arrives, and a reader whose work ends at 205 ms is free for an input
/// at 205 ms.
///
/// **Real time** (`runLive`, in `EventLoop+Live.swift`) sleeps until each input's or
/// deadline's time, scaled by the clock's speed, polling a live source; a stop request
/// (Ctrl-C) ends it with every stage flushed. A paced replay and a knob run through it alike.
public enum EventLoop {
  /// Runs in virtual time; returns the time of the last event handled.
  @discardableResult
  public static func runVirtual(
    _ pipeline: inout Pipeline, source: inout some EventSource, emit: (Event) -> Void
  ) throws(InputError) -> Double {
    var now = 0.0
    var pending = try source.next().map(taken)
    while !StopRequest.isRequested {
      let deadline = pipeline.earliestDeadline
      if let input = pending, deadline == nil || input.time < deadline!.time {
        now = input.time
        pipeline.input(input, emit: emit)
        pending = try source.next().map(taken)
      } else if let deadline {
        now = deadline.time
        pipeline.fire(stage: deadline.stage, at: deadline.time, emit: emit)
      } else {
        break
      }
    }
    if StopRequest.isRequested { pipeline.flush(at: now, emit: emit) }
    return now
  }

  /// An input as the run takes it: its time to the microsecond (`StreamTime`), like every
  /// time the stages compute from it.
  static func taken(_ input: Event) -> Event {
    var input = input
    input.time = StreamTime.rounded(input.time)
    return input
  }
}
