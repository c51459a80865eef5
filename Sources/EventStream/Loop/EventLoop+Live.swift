import Platform

/// What the live loop reports besides the stream.
public struct LiveHooks {
  /// Each input as it is fed to the pipeline, after its time was clamped into order, and the
  /// end marker of a run cut short (for a `--record` file: replaying these in virtual time
  /// gives the same stream).
  public var input: (Event) -> Void
  /// Called before every wait with the stream time; returns when it wants to be called again
  /// (a throttled redraw), or nil.
  public var idle: (Double) -> Double?

  /// Makes hooks (both default to doing nothing).
  public init(
    input: @escaping (Event) -> Void = { _ in }, idle: @escaping (Double) -> Double? = { _ in nil }
  ) {
    self.input = input
    self.idle = idle
  }
}

/// How the live loop stamps what it handles.
public enum LiveStamping: Sendable {
  /// Inputs keep their own times (a device's evdev stamps) and deadlines fire at their nominal
  /// times, so a `--record`ed run replays in virtual time to exactly the same stream.
  case nominal
  /// Inputs and deadlines are stamped when the loop actually gets to them (never before their
  /// own time), so host wake-up lateness shows in the stream (`--realtime` replays).
  case wakeTime
}

extension EventLoop {
  /// Runs a pipeline from a live source in real time; returns the time of the last event.
  ///
  /// The loop `poll()`s the source's descriptor with a timeout until the earliest stage
  /// deadline (or the source's or the hooks' wake time), fires due deadlines, and feeds
  /// inputs at their own (stream) times — deadlines due by an input's time fire first (as in
  /// virtual time: a deadline at *t* comes before an input at *t*), and an
  /// input stamped before something already handled is moved up to that time, so the stream
  /// stays in order. A stop request ends the run at the time it is noticed: the deadlines due
  /// by then fire, and the pipeline ends (`end`, `interrupted` for a signal, else `stopped`);
  /// so does a read error (`error`), which is then rethrown (the stream so far is complete).
  /// Every input and the end marker go to `hooks.input` as the pipeline takes them, so a
  /// recording replays in virtual time to the same stream. When the source finishes, the
  /// remaining deadlines fire at their times and the loop returns.
  @discardableResult
  public static func runLive(
    _ pipeline: inout Pipeline, source: inout some LiveSource, clock: LiveClock = LiveClock(),
    stamping: LiveStamping = .nominal, hooks: LiveHooks = LiveHooks(), emit: (Event) -> Void
  ) throws(InputError) -> Double {
    var last = 0.0
    var mustRead = true
    // Deadlines due by `time` fire (deadlines go first on ties, as in virtual time).
    func fireDue(upTo time: Double) {
      while let deadline = pipeline.earliestDeadline, deadline.time <= time {
        let at = stamping == .wakeTime ? max(last, deadline.time, clock.now) : deadline.time
        last = max(last, at)
        pipeline.fire(stage: deadline.stage, at: at, emit: emit)
      }
    }
    // The run stops now: what was due by now fires, then the pipeline ends.
    func endNow(_ reason: EndReason) {
      let now = max(last, clock.now)
      fireDue(upTo: now)
      end(&pipeline, reason, at: max(last, now), record: hooks.input, emit: emit)
    }
    while !StopRequest.isRequested {
      if mustRead || (source.nextWake.map { $0 <= clock.now } ?? false) {
        mustRead = false
        let events: [Event]
        do {
          events = try source.readAvailable(clock: clock)
        } catch {
          endNow(.error)
          throw error
        }
        for event in events {
          var input = event
          let time = StreamTime.rounded(input.time)
          fireDue(upTo: time)
          input.time = stamping == .wakeTime ? max(time, last, clock.now) : max(time, last)
          last = input.time
          hooks.input(input)
          if case .end = input.kind {
            pipeline.end(input, emit: emit)
            return last
          }
          pipeline.input(input, emit: emit)
        }
      }
      let now = clock.now
      // An input that came due while we were busy goes before later deadlines: read it
      // before firing anything past it.
      if let wake = source.nextWake, wake <= now, !source.isFinished {
        mustRead = true
        continue
      }
      fireDue(upTo: now)
      let deadline = pipeline.earliestDeadline?.time
      if source.isFinished, deadline == nil { return last }
      var wake = [deadline, source.nextWake, hooks.idle(now)].compactMap { $0 }.min() ?? .infinity
      if StopRequest.isRequested { break }
      wake = min(wake, now + 250)
      let timeout = Int32(
        max(0, ((clock.monotonic(streamTime: wake) - MonotonicClock.nowMs())).rounded(.up)))
      let fd = source.isFinished ? -1 : source.fileDescriptor
      if case .success(let ready) = POSIX.poll(fd, timeout: timeout), ready.readable || ready.hungUp {
        mustRead = true
      }
    }
    endNow(stopReason)
    return last
  }
}
