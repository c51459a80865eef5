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
/// layouts are cached by their key and a hit costs nothing. Events that arrive while it works
/// wait and are handled after it, in arrival order. A `regions` change in which only the fold
/// on screen turned active or flat (no settle follows it: the size is the same) moves a
/// spread's frames one display frame later (`redrawMs`, the profile's `displays.frameMs`): they step back from an active fold and
/// meet at a flat one's centre.
///
/// ```swift
/// var reader = FixedLayoutReader(document: pdf, profile: duo, model: .fixed(5))
/// // settled 867×611 (fold flat) → paginated (10 pages) → shown pages [0, 1], spread
/// ```
public struct FixedLayoutReader: Stage {
  /// Whether the main thread is working.
  enum Thread {
    case idle
    /// Working until `until`; `pending` goes out then, `queued` inputs are handled after it.
    case busy(until: Double, pending: [Event], queued: [Event])
  }

  private var rules: FixedLayoutStateMachine
  private var thread: Thread = .idle
  private var layouts: [FixedPageLayout.Key: FixedPageLayout] = [:]
  /// How long after a fold-only `regions` change the moved frames are shown, ms: one display
  /// frame, the profile's `displays.frameMs` (16.667 ms, 60 Hz, on the iPhone Duo: assumed,
  /// not measured). Being later than the change, it is shown after every simulator event
  /// stamped with the change's time, so `simulate | read --pdf` equals `run --pdf --json`.
  public let redrawMs: Double
  /// What laying out page frames is charged.
  public let model: ComputeModel

  /// The place: a page index, 0-based.
  public var place: Int { rules.place }

  /// Makes the reader over a document, with the place at page `place` (0-based).
  public init(
    document: FixedLayoutDocument, profile: Profile, place: Int = 0, model: ComputeModel = .host,
    direction: ReadingDirection = .ltr
  ) {
    rules = FixedLayoutStateMachine(document: document, insets: profile.pages, place: place, direction: direction)
    self.model = model
    redrawMs = profile.displayFrameMs
  }

  public var deadline: Double? {
    if case .busy(let until, _, _) = thread { until } else { nil }
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .settled, .turn, .goto, .regions: break
    default: return
    }
    if case .busy(let until, let pending, var queued) = thread {
      queued.append(event)
      thread = .busy(until: until, pending: pending, queued: queued)
      return
    }
    handle(event, now: event.time, into: &output)
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard case .busy(let until, let pending, var queued) = thread, until <= now else { return }
    output.append(contentsOf: pending.map { Event(time: max($0.time, now), $0.kind) })
    thread = .idle
    while !queued.isEmpty, case .idle = thread {
      let event = queued.removeFirst()
      let laterSettle = queued.contains { if case .settled = $0.kind { true } else { false } }
      if laterSettle, case .settled(let settled) = event.kind {
        let request = rules.request(for: settled)
        skip(request, settledAt: event.time, reason: .superseded, now: now, into: &output)
      } else {
        handle(event, now: now, into: &output)
      }
    }
    if case .busy(let until, let pending, _) = thread {
      thread = .busy(until: until, pending: pending, queued: queued)
    }
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    guard let deadline else { return }
    fire(at: max(now, deadline), into: &output)
  }

  private mutating func handle(_ event: Event, now: Double, into output: inout [Event]) {
    switch event.kind {
    case .settled(let settled):
      let request = rules.request(for: settled)
      if let reason = rules.keepsScreen(for: request) {
        skip(request, settledAt: event.time, reason: reason, now: now, into: &output)
        return
      }
      let (layout, ms, cache) = layOut(request.key)
      let done = StreamTime.adding(ms, to: now)
      let paginated = Paginated(
        pageWidth: request.geometry.pageWidth, pageHeight: request.geometry.pageHeight, textSize: request.textSize,
        pageCount: rules.document.pageCount, ms: ms, cache: cache, characters: 0, settled: event.time,
        queuedMs: StreamTime.elapsed(from: event.time, to: now), computeClock: model.name)
      var events: [Event] = []
      rules.laidOut(layout, for: request, paginated: paginated, cause: event, at: done, into: &events)
      finish(events, done: done, now: now, into: &output)
    case .regions(let change):
      // Not a settle: the fold on screen turned active or flat, and a spread's frames move with
      // it on the next display frame (the layout is not charged: the timing stage times settles).
      guard let request = rules.request(forFold: change.division) else { return }
      let (layout, _, _) = layOut(request.key)
      var events: [Event] = []
      let done = StreamTime.adding(redrawMs, to: now)
      rules.refolded(layout, for: request, cause: event, at: done, into: &events)
      if !events.isEmpty { finish(events, done: done, now: now, into: &output) }
    case .turn(let direction): rules.turned(direction, cause: event, at: now, into: &output)
    case .goto(let page): rules.wentTo(page, cause: event, at: now, into: &output)
    default: preconditionFailure("the fixed-layout reader handles settled, regions, turn and goto, not \(event.kind)")
    }
  }

  /// Work started at `now` produced `events`, due at `done`: out now when it took no time,
  /// otherwise the thread is busy until `done`.
  private mutating func finish(_ events: [Event], done: Double, now: Double, into output: inout [Event]) {
    if done > now {
      thread = .busy(until: done, pending: events, queued: [])
    } else {
      output.append(contentsOf: events)
    }
  }

  /// The frames for `key`, what they were charged, and whether they were laid out now.
  private mutating func layOut(_ key: FixedPageLayout.Key) -> (FixedPageLayout, Double, CacheOutcome) {
    if let found = layouts[key] { return (found, 0, .hit) }
    let document = rules.document
    let (layout, ms) = model.charge { FixedPageLayout(key: key, document: document) }
    layouts[key] = layout
    return (layout, ms, .miss)
  }

  private func skip(
    _ request: FixedLayoutStateMachine.Request, settledAt time: Double, reason: SkipReason, now: Double,
    into output: inout [Event]
  ) {
    output.append(
      Event(
        time: now,
        .skipped(
          Skipped(
            settled: time, reason: reason, pageWidth: request.geometry.pageWidth,
            pageHeight: request.geometry.pageHeight, textSize: request.textSize))))
  }
}
