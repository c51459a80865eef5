import EventStream
import Testing

@testable import Reader

/// The main thread alone, with a stand-in for the reader's work: events queued behind work
/// that takes time, output stamped when it is done, superseded settles.
@Suite("Reader main thread")
struct MainThreadTests {
  /// Work that takes `ms` for `mark("work MS")` and 5 ms for a settle, producing a `mark`
  /// named after what was done; everything else is done at once.
  struct StandIn: MainThreadWork {
    func handles(_ kind: EventKind) -> Bool {
      switch kind {
      case .mark, .settled, .turn, .goto: true
      default: false
      }
    }

    mutating func handle(_ event: Event, now: Double, into output: inout [Event]) -> MainThreadJob? {
      switch event.kind {
      case .mark(let label) where label.hasPrefix("work "):
        let ms = Double(label.dropFirst(5))!
        return MainThreadJob(events: [Event(time: now + ms, .mark("done \(label)"))], done: now + ms)
      case .settled:
        return MainThreadJob(events: [Event(time: now + 5, .mark("paginated \(event.time)"))], done: now + 5)
      default:
        output.append(Event(time: now, .mark("handled \(event.kind.type) \(event.time)")))
        return nil
      }
    }

    mutating func supersede(_ event: Event, now: Double, into output: inout [Event]) {
      output.append(Event(time: now, .mark("superseded \(event.time)")))
    }
  }

  static let settled = Settled(
    width: 382, height: 620, textSize: .large, division: nil, sizes: 0, changed: true,
    cycle: SettleCycle(cause: .textSize, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil, lastSize: nil))

  func labels(_ events: [Event]) -> [String] {
    events.map { if case .mark(let label) = $0.kind { "\(label) @\($0.time)" } else { "\($0.kind.type)" } }
  }

  func isIdle(_ thread: MainThread<StandIn>) -> Bool {
    if case .idle = thread.state { true } else { false }
  }

  @Test("work that takes time makes the thread busy; its output is stamped at the end of the charged time")
  func outputAtTheEnd() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 5")), into: &output)
    #expect(output.isEmpty)
    #expect(thread.deadline == 205)
    thread.fire(at: 205, into: &output)
    #expect(labels(output) == ["done work 5 @205.0"])
    #expect(thread.deadline == nil)
    #expect(isIdle(thread))
  }

  @Test("a host that wakes late stamps the output when it woke, never earlier")
  func lateWake() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 5")), into: &output)
    thread.fire(at: 209, into: &output)
    #expect(labels(output) == ["done work 5 @209.0"])
  }

  @Test("work that takes no time goes out at once and leaves the thread idle")
  func noTime() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 0")), into: &output)
    #expect(labels(output) == ["done work 0 @200.0"])
    #expect(thread.deadline == nil)
    thread.receive(Event(time: 200, .turn(.next)), into: &output)
    #expect(labels(output).last == "handled turn 200.0 @200.0")
  }

  @Test("events the reader does not handle pass it by, even while it is busy")
  func othersPassBy() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 5")), into: &output)
    thread.receive(Event(time: 201, .textSize(.AX5)), into: &output)
    thread.fire(at: 205, into: &output)
    #expect(labels(output) == ["done work 5 @205.0"])
  }

  @Test("events arriving while busy wait and are handled after the output, in arrival order")
  func queuedInArrivalOrder() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 5")), into: &output)
    thread.receive(Event(time: 202, .turn(.next)), into: &output)
    thread.receive(Event(time: 204, .goto(offset: 0)), into: &output)
    #expect(output.isEmpty)
    thread.fire(at: 205, into: &output)
    #expect(labels(output) == ["done work 5 @205.0", "handled turn 202.0 @205.0", "handled goto 204.0 @205.0"])
    #expect(isIdle(thread))
  }

  @Test("a queued event that takes time makes the thread busy again; the rest stays queued behind it")
  func queuedWorkBusiesAgain() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 5")), into: &output)
    thread.receive(Event(time: 201, .mark("work 5")), into: &output)
    thread.receive(Event(time: 203, .turn(.next)), into: &output)
    thread.fire(at: 205, into: &output)
    #expect(labels(output) == ["done work 5 @205.0"])
    #expect(thread.deadline == 210)
    // An input at the end of the work still waits behind the queued turn.
    thread.receive(Event(time: 210, .goto(offset: 0)), into: &output)
    thread.fire(at: 210, into: &output)
    #expect(
      labels(output) == [
        "done work 5 @205.0", "done work 5 @210.0", "handled turn 203.0 @210.0", "handled goto 210.0 @210.0",
      ])
    #expect(isIdle(thread))
  }

  @Test("a queued settle with another settle queued behind it is superseded; the last is paginated")
  func supersededSettles() {
    var thread = MainThread(work: StandIn())
    var output: [Event] = []
    thread.receive(Event(time: 200, .mark("work 5")), into: &output)
    for e in [
      Event(time: 201, .settled(Self.settled)), Event(time: 202, .turn(.next)),
      Event(time: 203, .settled(Self.settled)),
    ] {
      thread.receive(e, into: &output)
    }
    thread.fire(at: 205, into: &output)
    #expect(labels(output) == ["done work 5 @205.0", "superseded 201.0 @205.0", "handled turn 202.0 @205.0"])
    #expect(thread.deadline == 210)
    thread.fire(at: 210, into: &output)
    #expect(labels(output).last == "paginated 203.0 @210.0")
  }
}
