import EventStream

/// What a reader does on its main thread (`MainThread`): which events are its to handle, what
/// handling one produces, and how it answers a settle that a later queued one replaced. The
/// text reader (`TextReading`), the chapter reader (`ChapterReading`) and the PDF reader
/// (`FixedLayoutReading`) are each one of these over the one thread model.
protocol MainThreadWork {
  /// True for the events the reader handles on its thread; the others pass it by.
  func handles(_ kind: EventKind) -> Bool
  /// The reader saw `event`, whatever its kind (the first opens the document).
  mutating func saw(_ event: Event)
  /// Handles `event` at `now` (its arrival, or later when it waited for the thread): what
  /// comes out at once goes to `output`; what takes time comes back as a job.
  mutating func handle(_ event: Event, now: Double, into output: inout [Event]) -> MainThreadJob?
  /// Answers the settle `event` at `now` without paginating it: a later settle is queued
  /// behind it, and only the latest layout is paginated (`skipped`, `superseded`).
  mutating func supersede(_ event: Event, now: Double, into output: inout [Event])
}

extension MainThreadWork {
  mutating func saw(_ event: Event) {}
}

/// Work a reader's thread does: the events it produces, due when it is `done`.
struct MainThreadJob {
  /// What the work produces, stamped `done`.
  var events: [Event]
  /// When the thread is done with it (its start plus what it was charged).
  var done: Double
}

/// A reader's answer to a settle it does not paginate, for the layout the settle asked for.
func skippedEvent(
  settledAt settled: Double, reason: SkipReason, pageWidth: Double, pageHeight: Double, textSize: TextSize,
  now: Double
) -> Event {
  Event(
    time: now,
    .skipped(
      Skipped(settled: settled, reason: reason, pageWidth: pageWidth, pageHeight: pageHeight, textSize: textSize)))
}
