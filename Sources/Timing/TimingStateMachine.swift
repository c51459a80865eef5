import EventStream

/// The timing stage: exactly one `timing` record per settle, from the cycle the settle stage
/// decided to the reader's answer.
///
/// Placed last (after the reader), it sees every event of the stream in order. Each `settled`
/// opens a record from its cycle (cause, cause time, first and last scene size — the settle
/// stage owns those). The reader answers every settle, in the order they came:
///
/// - `paginated` for that settle (its queued wait, compute time, cache outcome, page count),
///   then the `shown` that puts it on screen: the record closes at the `shown`, and
///   `shown = settled + queuedMs + lateStartMs + paginationMs + paginatedToShownMs` (the
///   `paginated` event stands at `settled + queuedMs + lateStartMs + paginationMs`; the gap to
///   its `shown` is 0 for the model, a web page's DOM work for a browser);
/// - `skipped` `unchanged` (or `fixedLayout`: a PDF's text size changed): nothing to repaginate;
///   the record (cache `skip`) closes then;
/// - `skipped` `superseded`: a later settle replaced the layout before the reader was free;
///   the record (cache `superseded`, no `shown`) closes then — never given another layout's
///   pagination.
///
/// A run cut short (`end`) closes every record still waiting as `interrupted` (no `shown`), so
/// every settle still has its one record, and reports count those cycles apart.
///
/// With no reader in the pipeline (`expectsReader: false`) every record closes at its settle,
/// cache `skip`, shown at the settle time.
///
/// ```swift
/// var stages = Pipeline.simulator(profile: duo)
/// stages.append(TimingStateMachine(expectsReader: false))
/// // … open the phone → timing {"cause":"status closed→partiallyOpen", "sizes":7, …}
/// ```
public struct TimingStateMachine: Stage {
  /// The records waiting for the reader's answer.
  enum State {
    /// Every settle so far is answered.
    case idle
    /// Settles wait for their answers, oldest first. With `paginatedAt` (the `paginated`
    /// event's time), the oldest has its pagination and waits for the `shown` that puts it on
    /// screen.
    case waiting([TimingRecord], paginatedAt: Double?)
  }

  /// Whether a reader stage answers each settle with `paginated` and `shown`, or `skipped`.
  public let expectsReader: Bool
  private(set) var state = State.idle
  /// Pages of the layout on screen (what a `skip` record reports).
  private var pagesShown = 0

  /// Makes the stage.
  /// - Parameters:
  ///   - expectsReader: true when a reader stage runs upstream; false emits every record at its
  ///     settle (the simulator alone).
  ///   - textSize: the text size the run starts with (kept for callers; the settle stage owns it).
  public init(expectsReader: Bool = true, textSize: TextSize = .large) {
    self.expectsReader = expectsReader
  }

  public var deadline: Double? { nil }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .settled(let settled): didSettle(settled, at: event.time, into: &output)
    case .paginated(let p): didPaginate(p, at: event.time)
    case .skipped(let s): didSkip(s, at: event.time, into: &output)
    case .shown(let shown): didShow(shown, at: event.time, into: &output)
    case .end: closeUnanswered(as: .interrupted, at: event.time, into: &output)
    default: break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {}

  /// Closes the records of the settles still waiting for an answer at `now`, each never shown:
  /// `interrupted` when the run ended before the reader got to them (the `end` event; the
  /// record says how long it had waited), `superseded` when a stream that reached its end left
  /// them unanswered (an app's log that never answered a settle, `AppRun`).
  public mutating func closeUnanswered(as outcome: CacheOutcome, at now: Double, into output: inout [Event]) {
    precondition(outcome == .interrupted || outcome == .superseded, "a record never shown is not \(outcome)")
    guard case .waiting(let records, let paginatedAt) = state else { return }
    state = .idle
    for (index, var record) in records.enumerated() {
      record.cache = outcome
      record.shown = nil
      if outcome == .interrupted, index > 0 || paginatedAt == nil {
        record.queuedMs = StreamTime.elapsed(from: record.settled, to: now)
      }
      output.append(Event(time: now, .timing(record)))
    }
  }

  // MARK: - Events

  private mutating func didSettle(_ settled: Settled, at time: Double, into output: inout [Event]) {
    let record = TimingRecord(
      cycle: settled.cycle, sizes: settled.sizes, settled: time, paginationMs: 0, cache: .skip, pageCount: 0,
      characters: 0, shown: expectsReader ? nil : time)
    guard expectsReader else {
      output.append(Event(time: time, .timing(record)))
      return
    }
    switch state {
    case .idle: state = .waiting([record], paginatedAt: nil)
    case .waiting(var records, let paginatedAt):
      state = .idle
      records.append(record)
      state = .waiting(records, paginatedAt: paginatedAt)
    }
  }

  /// The oldest waiting record answers this settle time (the reader answers in order).
  private func answers(_ settled: Double) -> Bool {
    guard case .waiting(let records, nil) = state else { return false }
    return records[0].settled == settled
  }

  private mutating func didPaginate(_ p: Paginated, at time: Double) {
    guard answers(p.settled), case .waiting(var records, _) = state else { return }
    state = .idle
    records[0].queuedMs = p.queuedMs
    records[0].lateStartMs = p.lateStartMs
    records[0].paginationMs = p.ms
    records[0].computeClock = p.computeClock
    records[0].cache = p.cache
    records[0].pageCount = p.pageCount
    records[0].characters = p.characters
    state = .waiting(records, paginatedAt: time)
  }

  private mutating func didSkip(_ s: Skipped, at time: Double, into output: inout [Event]) {
    guard answers(s.settled), case .waiting(var records, _) = state else { return }
    var record = records.removeFirst()
    state = records.isEmpty ? .idle : .waiting(records, paginatedAt: nil)
    record.queuedMs = StreamTime.elapsed(from: s.settled, to: time)
    switch s.reason {
    case .unchanged, .fixedLayout:
      record.cache = .skip
      record.pageCount = pagesShown
      record.shown = time
    case .superseded:
      record.cache = .superseded
      record.shown = nil
    }
    output.append(Event(time: time, .timing(record)))
  }

  private mutating func didShow(_ shown: Shown, at time: Double, into output: inout [Event]) {
    pagesShown = shown.pageCount
    guard case .waiting(var records, let paginatedAt?) = state else {
      return  // page turns show pages outside cycles
    }
    var record = records.removeFirst()
    state = records.isEmpty ? .idle : .waiting(records, paginatedAt: nil)
    record.shown = time
    record.paginatedToShownMs = StreamTime.elapsed(from: paginatedAt, to: time)
    record.paintedMs = shown.paintedMs
    output.append(Event(time: time, .timing(record)))
  }
}
