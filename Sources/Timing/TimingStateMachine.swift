import EventStream
/// The timing stage: watches the whole stream and emits one `timing` record per settle cycle.
///
/// Placed last (after the reader), it sees every event of the stream in order. A cycle runs
/// from the first layout change after the previous settle (a scene size, a new text size, a
/// new fold frame) to the `shown` that answers its `settled`; the record is emitted at that
/// `shown`, or at the `settled` itself when nothing is shown (an unchanged key, or no reader
/// in the pipeline — then the cache outcome is `skip` and `shown` is the settle time).
///
/// The **cause** is a small closed vocabulary so reports can group by it:
/// - `initial`: the stream's first cycle;
/// - `status A→B`: a hinge status change (A is the first change's `from`, B the last
///   change's `to` within the cycle, so a fast open reads `status closed→fullyOpen`);
/// - `rotation`, `text size`, `split`: an orientation, Dynamic Type or Split View input;
/// - `other`: a layout change with none of the above before it (e.g. a lagging region).
///
/// The first trigger (status, orientation, text size or split) at or before the cycle's first
/// layout change decides the cause; a trigger that led to no layout change (folding flat to
/// book changes no size) is dropped when a later trigger arrives. `causeTime` is that
/// trigger's time (the status event's time for a hinge cause, which is the delivered update
/// that crossed the boundary).
///
/// ```swift
/// var stages = Pipeline.simulator(profile: duo)
/// stages.append(TimingStateMachine(expectsReader: false))
/// // … open the phone → timing {"cause":"status closed→partiallyOpen", "sizes":7, …}
/// ```
public struct TimingStateMachine: Stage {
  /// Whether a reader stage answers each changed settle with `paginated` and `shown`.
  public let expectsReader: Bool

  private enum Trigger: Equatable {
    case status(from: HingeStatus, to: HingeStatus)
    case rotation, textSize, split
  }

  private var cycles = 0
  private var trigger: Trigger?
  private var triggerTime: Double?
  private var opened: Double?
  private var firstSize: Double?
  private var lastSize: Double?
  private var textSize: TextSize
  private var divisionFrame: Rect?
  private var awaiting: TimingRecord?
  private var paginations = 0
  private var due: Double?

  /// Makes the stage.
  /// - Parameters:
  ///   - expectsReader: true when a reader stage runs upstream; false emits every record at its
  ///     settle (the simulator alone).
  ///   - textSize: the text size the run starts with (as given to the settle stage).
  public init(expectsReader: Bool = true, textSize: TextSize = .large) {
    self.expectsReader = expectsReader
    self.textSize = textSize
  }

  public var deadline: Double? { due }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    let time = event.time
    switch event.kind {
    case .status(let change): note(.status(from: change.from, to: change.status), at: time)
    case .orientation: note(.rotation, at: time)
    case .split: note(.split, at: time)
    case .textSize(let size):
      note(.textSize, at: time)
      if size != textSize { open(at: time) }
      textSize = size
    case .scene:
      open(at: time)
      if firstSize == nil { firstSize = time }
      lastSize = time
    case .regions(let change):
      if change.division?.frame != divisionFrame { open(at: time) }
      divisionFrame = change.division?.frame
    case .settled(let settled):
      if awaiting != nil { emit(at: time, into: &output) }
      startRecord(settled, at: time)
    case .paginated(let p):
      guard var record = awaiting else { return }
      record.paginationMs += p.ms
      record.cache = paginations == 0 || p.cache == .miss ? p.cache : record.cache
      record.pageCount = p.pageCount
      record.characters += p.characters
      paginations += 1
      awaiting = record
    case .shown(let shown):
      guard var record = awaiting else { return }  // page turns show pages outside cycles
      if paginations == 0 { record.pageCount = shown.pageCount }
      record.shown = time
      awaiting = record
      emit(at: time, into: &output)
    default:
      break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard let due, now >= due else { return }
    emit(at: now, into: &output)
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    if awaiting != nil { emit(at: now, into: &output) }
  }

  // MARK: - Cycle bookkeeping

  private mutating func note(_ new: Trigger, at time: Double) {
    if opened != nil {
      // Inside a cycle only a further status change matters: it moves the status's "to".
      if case .status(let from, _)? = trigger, case .status(_, let to) = new {
        trigger = .status(from: from, to: to)
      }
      return
    }
    if let previous = triggerTime, time > previous {
      trigger = nil  // the earlier trigger changed no layout
      triggerTime = nil
    }
    guard let current = trigger else {
      trigger = new
      triggerTime = time
      return
    }
    if case .status(let from, _) = current, case .status(_, let to) = new {
      trigger = .status(from: from, to: to)
    }
  }

  private mutating func open(at time: Double) {
    if opened == nil { opened = time }
  }

  private mutating func startRecord(_ settled: Settled, at time: Double) {
    let causeTime = triggerTime ?? opened ?? time
    let cause: String
    switch (cycles == 0, trigger) {
    case (true, _): cause = "initial"
    case (false, .status(let from, let to)?): cause = "status \(from.rawValue)→\(to.rawValue)"
    case (false, .rotation?): cause = "rotation"
    case (false, .textSize?): cause = "text size"
    case (false, .split?): cause = "split"
    case (false, nil): cause = "other"
    }
    cycles += 1
    awaiting = TimingRecord(
      cause: cause, causeTime: min(causeTime, time), firstSize: firstSize, lastSize: lastSize,
      sizes: settled.sizes, settled: time, paginationMs: 0, cache: .skip, pageCount: 0,
      characters: 0,
      shown: time)
    paginations = 0
    trigger = nil
    triggerTime = nil
    opened = nil
    firstSize = nil
    lastSize = nil
    // Without a reader, or for an unchanged key, nothing may be shown: close at the settle
    // unless a `shown` arrives in the same wave first.
    due = !expectsReader || !settled.changed ? time : nil
  }

  private mutating func emit(at time: Double, into output: inout [Event]) {
    guard let record = awaiting else { return }
    awaiting = nil
    due = nil
    output.append(Event(time: time, .timing(record)))
  }
}
