import EventStream

/// Replays a window `from ≤ t < to` of another source, with the state at `from` reconstructed
/// first and times shifted so that `from` becomes 0.
///
/// Events before `from` are not replayed; they are folded into the state they leave: the last
/// orientation, Split View mode, text size, whether the notes are open, `goto` offset, selection
/// and hinge angle. At t = 0 the window
/// starts with those (in that order — orientation first, so the hinge model derives the pose
/// once instead of passing through a wrong one), then every event of the window, unchanged
/// except for the shift. Nothing at or after `from` is dropped and nothing is made up: a state
/// the source never set before `from` is not reconstructed. Turns and marks before `from` are
/// history, not state, and are dropped; so are `note`, `addToNotes` and `dragToNotes` — the notes
/// text an Add to Notes or a drag leaves depends on the reader's pages, which a source does not
/// know. The source is
/// not read past `to`.
///
/// ```swift
/// var window = WindowedSource(base: trace, fromMs: 5_000, toMs: 8_000)
/// ```
public struct WindowedSource<Base: EventSource>: EventSource {
  private var base: Base
  /// Start of the window, ms in the base source's time.
  public let fromMs: Double
  /// End of the window (exclusive), ms in the base source's time; nil for the end of the source.
  public let toMs: Double?
  private var pending: [Event] = []
  private var pendingIndex = 0
  private var started = false
  private var finished = false

  /// Wraps a source; `toMs` must be greater than `fromMs` when given.
  public init(base: Base, fromMs: Double = 0, toMs: Double? = nil) {
    self.base = base
    self.fromMs = fromMs
    self.toMs = toMs
  }

  /// The reconstructed state first, then the window's events shifted by `fromMs`.
  public mutating func next() throws(InputError) -> Event? {
    if !started {
      started = true
      try reconstruct()
    }
    if pendingIndex < pending.count {
      defer { pendingIndex += 1 }
      return pending[pendingIndex]
    }
    guard !finished, let event = try base.next() else {
      finished = true
      return nil
    }
    return shifted(event)
  }

  private mutating func shifted(_ event: Event) -> Event? {
    if let toMs, event.time >= toMs {
      finished = true
      return nil
    }
    return Event(time: event.time - fromMs, event.kind)
  }

  /// Reads up to the first event at or after `from`, keeping the state the earlier ones leave.
  private mutating func reconstruct() throws(InputError) {
    var orientation: Orientation?
    var split: SplitMode?
    var textSize: TextSize?
    var offset: Int?
    var notes: NotesAction?
    var selection: (offset: Int, length: Int)?
    var angle: Double?
    var first: Event?
    while let event = try base.next() {
      if event.time >= fromMs {
        first = event
        break
      }
      switch event.kind {
      case .orientation(let o): orientation = o
      case .split(let s): split = s
      case .textSize(let s): textSize = s
      case .goto(let o): offset = o
      case .notes(let action): notes = action
      case .select(let o, let length): selection = (o, length)
      case .sample(let a): angle = a
      default: break
      }
    }
    if let orientation { pending.append(Event(time: 0, .orientation(orientation))) }
    if let split { pending.append(Event(time: 0, .split(split))) }
    if let textSize { pending.append(Event(time: 0, .textSize(textSize))) }
    if let notes { pending.append(Event(time: 0, .notes(notes))) }
    if let offset { pending.append(Event(time: 0, .goto(offset: offset))) }
    if let selection { pending.append(Event(time: 0, .select(offset: selection.offset, length: selection.length))) }
    if let angle { pending.append(Event(time: 0, .sample(angle: angle))) }
    if let first {
      if let event = shifted(first) { pending.append(event) }
    } else {
      finished = true
    }
  }
}
