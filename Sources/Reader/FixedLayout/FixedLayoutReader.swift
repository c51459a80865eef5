import EventStream
import Simulator

/// The reader for a fixed-layout document (`--pdf`): the stage the CLI uses instead of
/// `ReaderStateMachine` when it shows a PDF. Pages do not reflow; the place is a page index.
///
/// It answers settles as the text reader does — `paginated` then `shown` for new page frames,
/// `skipped` for a settle that shows nothing new (`unchanged`, or `fixedLayout` when only the
/// text size changed) or that a later one replaced while it was busy (`superseded`) — so the
/// timing stage times it the same way. Laying out the frames of every page for a settled size
/// is its "pagination", charged to the clock as the `ComputeModel` says (host: its thread CPU
/// time; `fixed:MS`: MS; device: nothing, the device model has no figure for page frames);
/// layouts are cached by their key and a hit costs nothing. It runs on the same main-thread
/// model as the text reader (`MainThread`): events that arrive while it works wait and are
/// handled after it, in arrival order, and a settle with a later one queued is superseded. A `regions` change in which only the fold
/// on screen turned active or flat (no settle follows it: the size is the same) moves a
/// spread's frames one display frame later (`redrawMs`, the profile's `displays.frameMs`): they
/// step back from an active fold and meet at a flat one's centre.
///
/// ```swift
/// var reader = FixedLayoutReader(document: pdf, profile: duo, model: .fixed(5))
/// // settled 867×611 (fold flat) → paginated (10 pages) → shown pages [0, 1], spread
/// ```
public struct FixedLayoutReader: Stage {
  private var thread: MainThread<FixedLayoutReading>
  /// How long after a fold-only `regions` change the moved frames are shown, ms: one display
  /// frame, the profile's `displays.frameMs` (16.667 ms, 60 Hz, on the iPhone Duo: assumed,
  /// not measured). Being later than the change, it is shown after every simulator event
  /// stamped with the change's time, so `simulate | read --pdf` equals `run --pdf --json`.
  public var redrawMs: Double { thread.work.redrawMs }
  /// What laying out page frames is charged.
  public var model: ComputeModel { thread.work.model }

  /// The place: a page index, 0-based.
  public var place: Int { thread.work.rules.place }

  /// Makes the reader over a document, with the place at page `place` (0-based).
  public init(
    document: FixedLayoutDocument, profile: Profile, place: Int = 0, model: ComputeModel = .host,
    direction: ReadingDirection = .ltr
  ) {
    let rules = FixedLayoutStateMachine(document: document, insets: profile.pages, place: place, direction: direction)
    thread = MainThread(work: FixedLayoutReading(rules: rules, model: model, redrawMs: profile.displayFrameMs))
  }

  public var deadline: Double? { thread.deadline }

  public mutating func receive(_ event: Event, into output: inout [Event]) { thread.receive(event, into: &output) }

  public mutating func fire(at now: Double, into output: inout [Event]) { thread.fire(at: now, into: &output) }
}
