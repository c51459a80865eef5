import Platform

/// Drives a pipeline from a source, in virtual or real time.
///
/// **Virtual time** jumps straight to the next input or the earliest deadline, whichever is
/// first; a 10-minute trace replays in
/// milliseconds and the result is deterministic. When the source ends, the loop keeps firing
/// deadlines until none is left (bursts finish, the settle's trailing edge fires).
///
/// **Ties**: a deadline due at time *t* has come by *t*, so it fires before an input stamped
/// *t*; among deadlines the stage furthest downstream fires first, since what reaches a stage
/// from upstream is an input to it (`Pipeline.earliestDeadline`). A settle due at 200 ms is settled when a page
/// turn stamped 200 ms arrives, and a reader whose work ends at 205 ms is free for an input
/// at 205 ms.
///
/// **A run cut short** — a stop request (Ctrl-C, `--duration`, a closed output), a read error,
/// or an `end` event in the source (a recording of a run that was cut short) — ends with the
/// pipeline's `end`: the stream's last event is `{"type":"end","reason":…}`, and nothing that
/// was still due (a settle, a burst, a pagination under way) happens. What the loop fed the
/// pipeline, the end marker included, goes to `record`, so a recording replays to the same
/// stream.
///
/// **Real time** (`runLive`, in `EventLoop+Live.swift`) sleeps until each input's or
/// deadline's time, scaled by the clock's speed, polling a live source. A paced replay and a
/// knob run through it alike.
public enum EventLoop {
  /// Runs in virtual time; returns the time of the last event handled.
  /// - Parameter record: each input as the pipeline takes it (its time to the microsecond),
  ///   and the end marker of a run cut short.
  /// Inlinable, so that it is specialised for the caller's source: the source's `next()` is
  /// then a direct call, not a generic witness call per input.
  @discardableResult @inlinable
  public static func runVirtual(
    _ pipeline: inout Pipeline, source: inout some EventSource, record: ((Event) -> Void)? = nil,
    emit: (Event) -> Void
  ) throws(InputError) -> Double {
    var now = 0.0
    var pending: Event?
    do {
      pending = try source.next()
      roundTime(of: &pending)
      while !StopRequest.isRequested {
        let deadline = pipeline.earliestDeadline
        if let input = pending, deadline == nil || input.time < deadline!.time {
          now = input.time
          record?(input)
          if case .end = input.kind {
            pipeline.end(input, emit: emit)
            return now
          }
          pipeline.input(input, emit: emit)
          pending = try source.next()
          roundTime(of: &pending)
        } else if let deadline {
          now = deadline.time
          pipeline.fire(stage: deadline.stage, at: deadline.time, emit: emit)
        } else {
          return now
        }
      }
    } catch {
      end(&pipeline, .error, at: now, record: record, emit: emit)
      throw error
    }
    end(&pipeline, stopReason, at: now, record: record, emit: emit)
    return now
  }

  /// An input as the run takes it: its time to the microsecond (`StreamTime`), like every
  /// time the stages compute from it (in place: the simulator takes every sample this way).
  @usableFromInline static func roundTime(of input: inout Event?) {
    if let time = input?.time { input?.time = StreamTime.rounded(time) }
  }

  /// Why a stop request stopped the run: a signal, or the program itself.
  @usableFromInline static var stopReason: EndReason { StopRequest.signal != nil ? .interrupted : .stopped }

  /// Ends a run cut short at `time`: the end marker is recorded and ends the pipeline.
  @usableFromInline static func end(
    _ pipeline: inout Pipeline, _ reason: EndReason, at time: Double, record: ((Event) -> Void)?,
    emit: (Event) -> Void
  ) {
    let marker = Event(time: time, .end(reason))
    record?(marker)
    pipeline.end(marker, emit: emit)
  }
}
