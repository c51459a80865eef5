import EventStream
import Simulator

/// The reader model: paginates again once the size settles, keeps the place by character
/// offset, shows the page (or spread) holding it, and checks every shown state.
///
/// It is the app's main thread: pagination's compute time (as the `ComputeModel` charges it)
/// passes on the clock, so `paginated` and `shown` come that much after the `settled`, and
/// events that arrive meanwhile are handled when it is done, in arrival order. Every settle
/// gets one answer: `paginated` (then `shown`) for a layout that differs from the screen,
/// `skipped` (`unchanged`) for one that does not, and `skipped` (`superseded`) for one a later
/// queued settle replaced before the thread was free. The hinge never turns a page; only
/// `turn` and `goto` move the place. Notes (`notes`, `note`, `addToNotes`) and the selection
/// (`select`) are handled in arrival order too; opening or closing the notes reaches the
/// layout through the settle stage (`Settled.notesOpen`).
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
  ///   - model: what a pagination is charged.
  ///   - prepaginate: paginate the page sizes of every pose in the background.
  ///   - direction: the order the pages run in (a spread's first page right of the fold in `rtl`).
  public init(
    document: ReaderDocument, profile: Profile, offset: Int = 0, model: ComputeModel = .host,
    prepaginate: Bool = false, direction: ReadingDirection = .ltr
  ) {
    rules = ReaderRules(document: document, insets: profile.pages, offset: offset, direction: direction)
    mainThread = ReaderMainThread(
      cache: PaginationCache(document: document), model: model,
      prepaginateSizes: prepaginate ? PageGeometry.pageSizes(of: profile) : nil)
  }

  public var deadline: Double? { mainThread.deadline }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    mainThread.eventSeen(at: event.time)
    switch event.kind {
    case .settled, .turn, .goto, .notes, .note, .select, .addToNotes, .navigation: break
    default: return
    }
    guard mainThread.inputArrived(event) else { return }
    handle(event, now: event.time, into: &output)
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    mainThread.deadlineReached(at: now, into: &output)
    while let (event, laterSettle) = mainThread.nextQueued(at: now) {
      if laterSettle, case .settled(let settled) = event.kind {
        skip(rules.layout(for: settled).key, settledAt: event.time, reason: .superseded, now: now, into: &output)
      } else {
        handle(event, now: now, into: &output)
      }
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
      let layout = rules.layout(for: settled)
      guard !rules.keepsScreen(for: layout) else {
        skip(layout.key, settledAt: event.time, reason: .unchanged, now: now, into: &output)
        return
      }
      let work = mainThread.paginate(layout.key, at: now)
      var events: [Event] = []
      let answer = ReaderRules.Answer(
        settled: event.time, queuedMs: StreamTime.elapsed(from: event.time, to: now),
        computeClock: mainThread.model.name)
      rules.paginated(
        work.pagination, for: layout, ms: work.ms, cache: work.cache, answer: answer, cause: event, at: work.done,
        into: &events)
      mainThread.workFinished(events, at: work.done, now: now, into: &output)
      mainThread.prepaginate(textSize: layout.key.textSize, after: work.done)
    case .turn(let direction): rules.turned(direction, cause: event, at: now, into: &output)
    case .goto(let target): rules.wentTo(target, cause: event, at: now, into: &output)
    case .notes(let action): rules.notesToggled(action, at: now, into: &output)
    case .note(let text): rules.noteEdited(text, at: now, into: &output)
    case .select(let offset, let length): rules.selected(offset: offset, length: length, at: now, into: &output)
    case .addToNotes: rules.addedToNotes(at: now, into: &output)
    case .navigation(let navigation): rules.navigated(navigation, cause: event, at: now, into: &output)
    default:
      preconditionFailure("the reader handles settled, turn, goto, notes, selection and navigation, not \(event.kind)")
    }
  }

  /// Answers the settle at `settleTime`, which asked for `key`, without paginating it.
  private func skip(
    _ key: PageKey, settledAt settleTime: Double, reason: SkipReason, now: Double, into output: inout [Event]
  ) {
    output.append(
      Event(
        time: now,
        .skipped(
          Skipped(
            settled: settleTime, reason: reason, pageWidth: key.width, pageHeight: key.height,
            textSize: key.textSize))))
  }
}
