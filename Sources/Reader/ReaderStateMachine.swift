import EventStream
import Simulator

/// The reader model: paginates again once the size settles, keeps the place by character
/// offset, shows the page (or spread) holding it, and checks every shown state.
///
/// It is the app's main thread: pagination's compute time (real, monotonic — or pinned) is
/// charged to the clock, so `paginated` and `shown` come that much after the `settled`, and
/// events that arrive meanwhile are handled when it is done. The hinge never turns a page;
/// only `turn` and `goto` move the place.
///
/// The rules live in `ReaderRules`, which knows no clock; the compute time in
/// `ReaderMainThread`, which knows no rules. This stage runs each input through both: the
/// main thread decides when it is handled and what its pagination costs, the rules what it shows.
///
/// ```swift
/// var reader = ReaderStateMachine(document: doc, profile: duo, offset: 20_000)
/// // settled 867×611 → paginated (pages, ms) → shown pages [22, 23], layout spread
/// ```
public struct ReaderStateMachine: Stage {
  private var rules: ReaderRules
  private var mainThread: ReaderMainThread

  /// This reader's paginations.
  public var cache: PaginationCache { mainThread.cache }
  /// The place: a UTF-16 offset.
  public var offset: Int { rules.offset }

  /// Makes the reader over a document.
  /// - Parameters:
  ///   - offset: the starting place.
  ///   - clock: measures (or pins) pagination time.
  ///   - prepaginate: paginate the page sizes of every pose in the background.
  public init(
    document: ReaderDocument, profile: Profile, offset: Int = 0, clock: ComputeClock = .monotonic,
    prepaginate: Bool = false
  ) {
    rules = ReaderRules(document: document, insets: profile.pages, offset: offset)
    mainThread = ReaderMainThread(
      cache: PaginationCache(document: document), clock: clock,
      prepaginateSizes: prepaginate ? PageGeometry.pageSizes(of: profile) : nil)
  }

  public var deadline: Double? { mainThread.deadline }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    mainThread.eventSeen(at: event.time)
    switch event.kind {
    case .settled, .turn, .goto: break
    default: return
    }
    guard mainThread.inputArrived(event) else { return }
    handle(event, now: event.time, into: &output)
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    mainThread.deadlineReached(at: now, into: &output)
    while let event = mainThread.nextQueued(at: now) {
      handle(event, now: now, into: &output)
    }
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    guard let deadline else { return }
    fire(at: max(now, deadline), into: &output)
  }

  /// Applies the rules to a reader input at `now`, on the main thread.
  private mutating func handle(_ event: Event, now: Double, into output: inout [Event]) {
    switch event.kind {
    case .settled(let settled):
      guard let layout = rules.settled(settled) else { return }
      let work = mainThread.paginate(layout.key, at: now)
      var events: [Event] = []
      rules.paginated(
        work.pagination, for: layout, ms: work.ms, cache: work.cache, cause: event, at: work.done, into: &events)
      mainThread.workFinished(events, at: work.done, now: now, into: &output)
      mainThread.prepaginate(textSize: layout.key.textSize, after: work.done)
    case .turn(let direction): rules.turned(direction, cause: event, at: now, into: &output)
    case .goto(let target): rules.wentTo(target, cause: event, at: now, into: &output)
    default: preconditionFailure("the reader handles settled, turn and goto, not \(event.kind)")
    }
  }
}
