import EventStream

/// The timing stage: one `timing` record per settle cycle, from the cycle the settle stage
/// decided to the `shown` that answers it.
///
/// Placed last (after the reader), it sees every event of the stream in order. Each
/// `settled` opens a record from its cycle (cause, cause time, first and last scene size —
/// the settle stage owns those); the record is emitted at the `shown` that answers it, or
/// at the `settled` itself when nothing will be shown (an unchanged key, or no reader in the
/// pipeline — then the cache outcome is `skip` and `shown` is the settle time). A cycle
/// superseded by the next `settled` before anything was shown is emitted then, as it stands.
///
/// ```swift
/// var stages = Pipeline.simulator(profile: duo)
/// stages.append(TimingStateMachine(expectsReader: false))
/// // … open the phone → timing {"cause":"status closed→partiallyOpen", "sizes":7, …}
/// ```
public struct TimingStateMachine: Stage {
  /// Where the current cycle's record is.
  enum State {
    /// No record open (before the first settle, or after a record was emitted).
    case idle
    /// A record waits for the reader's `shown`; `closesAt` is set when nothing will be shown,
    /// so it closes at that time unless a `shown` arrives first in the same wave.
    case awaiting(TimingRecord, paginations: Int, closesAt: Double?)
  }

  /// Whether a reader stage answers each changed settle with `paginated` and `shown`.
  public let expectsReader: Bool
  private(set) var state = State.idle

  /// Makes the stage.
  /// - Parameters:
  ///   - expectsReader: true when a reader stage runs upstream; false emits every record at its
  ///     settle (the simulator alone).
  ///   - textSize: the text size the run starts with (kept for callers; the settle stage owns it).
  public init(expectsReader: Bool = true, textSize: TextSize = .large) {
    self.expectsReader = expectsReader
  }

  public var deadline: Double? {
    if case .awaiting(_, _, let closesAt) = state { closesAt } else { nil }
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .settled(let settled): didSettle(settled, at: event.time, into: &output)
    case .paginated(let p): didPaginate(p)
    case .shown(let shown): didShow(shown, at: event.time, into: &output)
    default: break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard case .awaiting(_, _, let closesAt?) = state, now >= closesAt else { return }
    emit(at: now, into: &output)
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    emit(at: now, into: &output)
  }

  // MARK: - Events

  private mutating func didSettle(_ settled: Settled, at time: Double, into output: inout [Event]) {
    emit(at: time, into: &output)  // a cycle superseded before it was shown
    let cycle = settled.cycle
    let record = TimingRecord(
      cause: cycle.cause, causeTime: cycle.causeTime, firstSize: cycle.firstSize, lastSize: cycle.lastSize,
      sizes: settled.sizes, settled: time, paginationMs: 0, cache: .skip, pageCount: 0, characters: 0,
      shown: time)
    state = .awaiting(record, paginations: 0, closesAt: !expectsReader || !settled.changed ? time : nil)
  }

  private mutating func didPaginate(_ p: Paginated) {
    guard case .awaiting(var record, let paginations, let closesAt) = state else { return }
    record.paginationMs += p.ms
    record.cache = paginations == 0 || p.cache == .miss ? p.cache : record.cache
    record.pageCount = p.pageCount
    record.characters += p.characters
    state = .awaiting(record, paginations: paginations + 1, closesAt: closesAt)
  }

  private mutating func didShow(_ shown: Shown, at time: Double, into output: inout [Event]) {
    guard case .awaiting(var record, let paginations, let closesAt) = state else {
      return  // page turns show pages outside cycles
    }
    if paginations == 0 { record.pageCount = shown.pageCount }
    record.shown = time
    state = .awaiting(record, paginations: paginations, closesAt: closesAt)
    emit(at: time, into: &output)
  }

  private mutating func emit(at time: Double, into output: inout [Event]) {
    guard case .awaiting(let record, _, _) = state else { return }
    state = .idle
    output.append(Event(time: time, .timing(record)))
  }
}
