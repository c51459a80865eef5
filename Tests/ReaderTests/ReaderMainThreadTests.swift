import EventStream
import Testing

@testable import Reader

/// The main thread alone: no rules, no simulator — work charged, events queued behind it, output
/// stamped when it is done.
@Suite("Reader main thread")
struct ReaderMainThreadTests {
  typealias F = ReaderFixtures

  static let closedPage = PageKey(width: 342, height: 580, textSize: .large)
  static let spreadPage = PageKey(width: 331.5, height: 571, textSize: .large)

  func thread(computeMs: Double = 5, analysis: Double = 0, prepaginate: [PageKey]? = nil) -> ReaderMainThread {
    ReaderMainThread(
      cache: PaginationCache(document: F.document), model: .fixed(ms: computeMs, analysisMs: analysis),
      prepaginateSizes: prepaginate?.map { ($0.width, $0.height) })
  }

  /// A stand-in for what a piece of work produced: the thread does not look inside.
  func produced(_ label: String, at time: Double) -> Event { Event(time: time, .mark(label)) }

  /// The queued events the thread hands back at `now`, in order.
  func drain(_ thread: inout ReaderMainThread, at now: Double) -> [Event] {
    var events: [Event] = []
    while let (event, _) = thread.nextQueued(at: now) { events.append(event) }
    return events
  }

  func isIdle(_ thread: ReaderMainThread) -> Bool {
    if case .idle = thread.state { true } else { false }
  }

  @Test("work that takes time makes the thread busy; its output is stamped at the end of the charged time")
  func outputAtTheEnd() {
    var thread = thread(computeMs: 5)
    let work = thread.paginate(Self.closedPage, at: 200)
    #expect(work.cache == .miss)
    #expect(work.ms == 5)
    #expect(work.done == 205)
    var output: [Event] = []
    thread.workFinished([produced("pages", at: work.done)], at: work.done, now: 200, into: &output)
    #expect(output.isEmpty)
    #expect(thread.deadline == 205)
    thread.deadlineReached(at: 205, into: &output)
    #expect(output == [produced("pages", at: 205)])
    #expect(thread.deadline == nil)
    #expect(isIdle(thread))
  }

  @Test("a host that wakes late stamps the output when it woke, never earlier")
  func lateWake() {
    var thread = thread()
    var output: [Event] = []
    thread.workFinished([produced("pages", at: 205)], at: 205, now: 200, into: &output)
    thread.deadlineReached(at: 209, into: &output)
    #expect(output == [produced("pages", at: 209)])
  }

  @Test("work that takes no time goes out at once and leaves the thread idle")
  func noTime() {
    var thread = thread(computeMs: 0)
    let work = thread.paginate(Self.closedPage, at: 200)
    #expect(work.done == 200)
    var output: [Event] = []
    thread.workFinished([produced("pages", at: 200)], at: work.done, now: 200, into: &output)
    #expect(output == [produced("pages", at: 200)])
    #expect(thread.deadline == nil)
    let handledAtOnce = thread.inputArrived(Event(time: 200, .turn(.next)))
    #expect(handledAtOnce)
  }

  @Test("events arriving while busy wait and come back after the output, in arrival order")
  func queuedInArrivalOrder() {
    var thread = thread()
    var output: [Event] = []
    let first = thread.inputArrived(Event(time: 200, .turn(.next)))
    #expect(first)  // idle: handled at once
    thread.workFinished([produced("pages", at: 205)], at: 205, now: 200, into: &output)
    let turn = Event(time: 202, .turn(.next))
    let goto = Event(time: 204, .goto(offset: 0))
    let handledAtOnce = [thread.inputArrived(turn), thread.inputArrived(goto)]
    #expect(handledAtOnce == [false, false])
    #expect(drain(&thread, at: 204).isEmpty)  // still working
    #expect(thread.deadline == 205)
    thread.deadlineReached(at: 205, into: &output)
    #expect(output == [produced("pages", at: 205)])
    #expect(drain(&thread, at: 205) == [turn, goto])
    #expect(isIdle(thread))
  }

  @Test("a queued event that takes time makes the thread busy again; the rest stays queued behind it")
  func queuedWorkBusiesAgain() {
    var thread = thread()
    var output: [Event] = []
    thread.workFinished([produced("first", at: 205)], at: 205, now: 200, into: &output)
    let settle = Event(time: 201, .mark("a settle"))
    let turn = Event(time: 203, .turn(.next))
    let handledAtOnce = [thread.inputArrived(settle), thread.inputArrived(turn)]
    #expect(handledAtOnce == [false, false])
    thread.deadlineReached(at: 205, into: &output)
    let next = thread.nextQueued(at: 205)
    #expect(next?.event == settle)
    #expect(next?.laterSettle == false)
    thread.workFinished([produced("second", at: 210)], at: 210, now: 205, into: &output)
    #expect(drain(&thread, at: 205).isEmpty)
    #expect(thread.deadline == 210)
    // An input at the end of the work still waits behind the queued turn.
    let later = Event(time: 210, .goto(offset: 0))
    let laterAtOnce = thread.inputArrived(later)
    #expect(!laterAtOnce)
    thread.deadlineReached(at: 210, into: &output)
    #expect(output == [produced("first", at: 205), produced("second", at: 210)])
    #expect(drain(&thread, at: 210) == [turn, later])
    #expect(isIdle(thread))
  }

  /// The run loop fires a deadline before an input at the same time, so a thread that sees an
  /// input while busy has not reached the end of its work: the input waits, and its work's
  /// output goes out first.
  @Test("an input that arrives while the thread is busy waits, even one stamped at the work's end")
  func inputAtTheDeadline() {
    var thread = thread()
    var output: [Event] = []
    thread.workFinished([produced("pages", at: 205)], at: 205, now: 200, into: &output)
    let turn = Event(time: 205, .turn(.next))
    let handledAtOnce = thread.inputArrived(turn)
    #expect(!handledAtOnce)
    thread.deadlineReached(at: 205, into: &output)
    #expect(output == [produced("pages", at: 205)])
    #expect(drain(&thread, at: 205) == [turn])
  }

  @Test("a queued settle with another settle queued behind it is handed back as superseded")
  func supersededSettles() {
    var thread = thread()
    var output: [Event] = []
    thread.workFinished([produced("pages", at: 205)], at: 205, now: 200, into: &output)
    let settled = Settled(
      width: 382, height: 620, textSize: .large, division: nil, sizes: 0, changed: true,
      cycle: SettleCycle(cause: .textSize, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil, lastSize: nil))
    let first = Event(time: 201, .settled(settled))
    let turn = Event(time: 202, .turn(.next))
    let second = Event(time: 203, .settled(settled))
    for e in [first, turn, second] { _ = thread.inputArrived(e) }
    thread.deadlineReached(at: 205, into: &output)
    var handed: [(Event, Bool)] = []
    while let next = thread.nextQueued(at: 205) { handed.append(next) }
    #expect(handed.map(\.0) == [first, turn, second])
    #expect(handed.map(\.1) == [true, true, false])
  }

  @Test("a cached pagination costs nothing; the text's analysis is charged to the cold one only")
  func analysisOnce() {
    var thread = thread(computeMs: 5, analysis: 50)
    let cold = thread.paginate(Self.closedPage, at: 200)
    #expect(cold.cache == .miss && cold.ms == 55)
    let hit = thread.paginate(Self.closedPage, at: 300)
    #expect(hit.cache == .hit && hit.ms == 0 && hit.done == 300)
    let other = thread.paginate(Self.spreadPage, at: 400)
    #expect(other.cache == .miss && other.ms == 5)
  }

  @Test("with pre-pagination the analysis runs from the moment the text is opened")
  func analysisInTheBackground() {
    var thread = thread(computeMs: 5, analysis: 50, prepaginate: [Self.closedPage])
    thread.eventSeen(at: 0)
    thread.eventSeen(at: 180)  // only the first event opens the text
    #expect(thread.paginate(Self.closedPage, at: 30).ms == 25)  // 20 ms of analysis left + 5
    var late = self.thread(computeMs: 5, analysis: 50, prepaginate: [Self.closedPage])
    late.eventSeen(at: 0)
    #expect(late.paginate(Self.closedPage, at: 200).ms == 5)
  }

  /// The background worker starts when the first pagination is done and lays out one size after
  /// another, narrowest first: each is charged only what is left of it when it is needed.
  @Test("pre-paginated sizes are ready one after another; one still running is charged what is left")
  func prepaginationReadiness() {
    var thread = thread(computeMs: 300, prepaginate: [Self.spreadPage, Self.closedPage])
    thread.eventSeen(at: 0)
    let first = thread.paginate(Self.closedPage, at: 200)
    #expect(first.done == 500)
    thread.prepaginate(textSize: .large, after: first.done)
    let spread = thread.paginate(Self.spreadPage, at: 650)  // ready at 500 + 300
    #expect(spread.cache == .hit && spread.ms == 150 && spread.done == 800)
    let again = thread.paginate(Self.spreadPage, at: 900)
    #expect(again.ms == 0)
    let larger = thread.paginate(PageKey(width: 331.5, height: 571, textSize: .AX5), at: 1000)
    #expect(larger.cache == .miss)  // only the text size paginated ahead
  }
}
