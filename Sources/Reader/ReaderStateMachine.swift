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
/// `PaginationCharges`, which knows no rules; the queue in `MainThread`, the one main-thread
/// model the chapter reader and the PDF reader share. The thread decides when an input is
/// handled, the charges what its pagination costs, the rules what it shows.
///
/// ```swift
/// var reader = ReaderStateMachine(document: doc, profile: duo, offset: 20_000)
/// // settled 867×611 → paginated (pages, ms) → shown pages [22, 23], layout spread
/// ```
public struct ReaderStateMachine: Stage {
  private var thread: MainThread<TextReading>

  /// This reader's paginations.
  public var cache: PaginationCache { thread.work.charges.cache }
  /// The place: a UTF-16 offset.
  public var offset: Int { thread.work.rules.offset }

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
    let settings = ReaderSettings(profile: profile, model: model, prepaginate: prepaginate, direction: direction)
    thread = MainThread(
      work: TextReading(cache: PaginationCache(document: document), settings: settings, offset: offset))
  }

  public var deadline: Double? { thread.deadline }

  public mutating func receive(_ event: Event, into output: inout [Event]) { thread.receive(event, into: &output) }

  public mutating func fire(at now: Double, into output: inout [Event]) { thread.fire(at: now, into: &output) }
}
