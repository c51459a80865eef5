import EventStream

/// The reader app's one main thread (DESIGN §1), for every reader: what it computes is charged
/// to the clock, so its output comes out that much later, and whatever arrives meanwhile —
/// turns, gotos, notes, navigation, settles — waits and is handled after it, in arrival order.
/// When the thread gets to a settle while a later settle is already queued, the earlier one is
/// answered `superseded` (only the latest layout is paginated, as SwiftUI does with a size that
/// changes twice before the main thread is free). What the work is comes from `Work`.
///
/// ```swift
/// var thread = MainThread(work: TextReading(…))     // pagination charged 300 ms
/// thread.receive(settledAt200, into: &out)          // paginating until 500: busy
/// thread.receive(turnAt300, into: &out)             // queued
/// thread.fire(at: 500, into: &out)                  // paginated, shown at 500; then the turn
/// ```
struct MainThread<Work: MainThreadWork>: Stage {
  /// Whether the thread is working.
  enum State {
    /// Free: an event for the reader is handled when it arrives.
    case idle
    /// Working until `until`: what the work produced (`pending`) comes out then; the events
    /// that arrived meanwhile wait in `queued`, in arrival order.
    case busy(until: Double, pending: [Event], queued: [Event])
  }

  /// What the reader does on the thread.
  private(set) var work: Work
  private(set) var state = State.idle

  /// A free thread doing `work`.
  init(work: Work) { self.work = work }

  var deadline: Double? {
    guard case .busy(let until, _, _) = state else { return nil }
    return until
  }

  mutating func receive(_ event: Event, into output: inout [Event]) {
    work.saw(event)
    guard work.handles(event.kind) else { return }
    switch state {
    case .idle:
      run([event], now: event.time, into: &output)
    case .busy(let until, let pending, var queued):
      state = .idle  // not to copy the queue on append
      queued.append(event)
      state = .busy(until: until, pending: pending, queued: queued)
    }
  }

  /// The work is done (`now` is no earlier than it; later only in real time, when the host woke
  /// late): its events go out, stamped no earlier than `now`, and the queue is worked through.
  mutating func fire(at now: Double, into output: inout [Event]) {
    guard case .busy(let until, let pending, let queued) = state, until <= now else {
      preconditionFailure("the main thread woken at \(now) in \(state)")
    }
    output.append(contentsOf: pending.map { Event(time: max($0.time, now), $0.kind) })
    state = .idle
    run(queued, now: now, into: &output)
  }

  /// Handles `events` in order on the free thread from `now`, until one starts work that takes
  /// time: the thread is then busy with it, and the rest wait behind it.
  private mutating func run(_ events: [Event], now: Double, into output: inout [Event]) {
    var index = events.startIndex
    while index < events.endIndex {
      let event = events[index]
      index += 1
      if case .settled = event.kind,
        events[index...].contains(where: { if case .settled = $0.kind { true } else { false } })
      {
        work.supersede(event, now: now, into: &output)
        continue
      }
      guard let job = work.handle(event, now: now, into: &output) else { continue }
      guard job.done > now else {
        output.append(contentsOf: job.events)
        continue
      }
      state = .busy(until: job.done, pending: job.events, queued: Array(events[index...]))
      return
    }
  }
}
