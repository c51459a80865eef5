import EventStream

/// The settle stage: a trailing debounce over the layout key, and the one place that decides
/// whether the key changed and what a settle cycle was.
///
/// Each scene size, and each change of the text size, the fold's frame or the notes' open
/// state, moves the deadline
/// to `now + window`; at the deadline one `settled` is emitted with the last key, the number
/// of scene sizes since the previous settle and the cycle (cause, first and last change).
/// Same semantics as `task(id:)` cancelling its wait and as swift-async-algorithms'
/// `debounce`: trailing edge only. A run cut short (`end`) settles nothing: a key still in its
/// window never settled.
/// A settle whose key equals the previously settled one is reported with `changed: false`.
///
/// ```swift
/// var settle = SettleStateMachine(windowMs: 200)
/// // scene at 0, 33, 67 … 200 → settled at 400 with sizes 7, cause initial, firstChange 0
/// ```
public struct SettleStateMachine: Stage {
  /// Where the debounce is.
  enum State: Equatable {
    /// No scene size yet: there is no key to settle.
    case noScene
    /// The key has been settled (or waits for its first change); nothing is pending.
    case quiet
    /// A change is waiting out the window until `due`.
    case debouncing(due: Double)
  }

  /// The quiet time that settles a key, ms.
  public let windowMs: Double
  private(set) var state = State.noScene
  private var size: (width: Double, height: Double)?
  private var horizontalSizeClass: SizeClass?
  private var textSize: TextSize
  private var division: Division?
  private var notesOpen = false
  private var lastSettled: LayoutKey?
  private var cycle = SettleCycleTracker()

  /// Makes the stage with a window and the starting text size.
  public init(windowMs: Double, textSize: TextSize = .large) {
    self.windowMs = windowMs
    self.textSize = textSize
  }

  public var deadline: Double? {
    if case .debouncing(let due) = state { due } else { nil }
  }

  /// The current key, nil before the first scene size.
  public var key: LayoutKey? {
    size.map {
      var key = LayoutKey(
        width: $0.width, height: $0.height, textSize: textSize, divisionFrame: division?.frame,
        horizontalSizeClass: horizontalSizeClass, notesOpen: notesOpen)
      key.foldAcrossActive = Self.activeAcross(division)
      return key
    }
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    let time = event.time
    switch event.kind {
    case .scene(let s): sceneSized(s, at: time)
    case .textSize(let size): textSizeRequested(size, at: time)
    case .regions(let r): regionsChanged(r, at: time)
    case .status(let s): cycle.statusChanged(from: s.from, to: s.status, at: time)
    case .orientation: cycle.rotated(at: time)
    case .split: cycle.splitChanged(at: time)
    case .notes(let action): notesToggled(action == .open, at: time)
    default: break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard case .debouncing(let due) = state, now >= due else { return }
    settle(at: now, into: &output)
  }

  // MARK: - Events

  private mutating func sceneSized(_ s: SceneChange, at time: Double) {
    size = (s.width, s.height)
    horizontalSizeClass = s.horizontalSizeClass
    cycle.sized(at: time)
    state = .debouncing(due: StreamTime.adding(windowMs, to: time))  // every size restarts the wait, even a repeated one
  }

  /// A text size equal to the current one is no trigger and no change: it changes nothing.
  private mutating func textSizeRequested(_ size: TextSize, at time: Double) {
    guard size != textSize else { return }
    cycle.textSizeRequested(at: time)
    textSize = size
    cycle.layoutChanged(at: time)
    if state != .noScene { state = .debouncing(due: StreamTime.adding(windowMs, to: time)) }
  }

  /// Opening or closing the notes changes the key (the reader's frame beside them, in a spread
  /// pose); doing it again changes nothing.
  private mutating func notesToggled(_ open: Bool, at time: Double) {
    guard open != notesOpen else { return }
    cycle.notesToggled(at: time)
    notesOpen = open
    cycle.layoutChanged(at: time)
    if state != .noScene { state = .debouncing(due: StreamTime.adding(windowMs, to: time)) }
  }

  /// A fold across the reader turning active or flat changes the layout (tabletop or held
  /// tall); a fold down it does not (book or held wide show the same spread).
  private mutating func regionsChanged(_ r: RegionsChange, at time: Double) {
    let changed = r.division?.frame != division?.frame || Self.activeAcross(r.division) != Self.activeAcross(division)
    division = r.division
    guard changed else { return }
    cycle.layoutChanged(at: time)
    if state != .noScene { state = .debouncing(due: StreamTime.adding(windowMs, to: time)) }
  }

  private static func activeAcross(_ d: Division?) -> Bool {
    guard let d else { return false }
    return d.isActive && d.frame.width > d.frame.height
  }

  private mutating func settle(at now: Double, into output: inout [Event]) {
    guard let key else { preconditionFailure("a settle is due before any scene size") }
    let sizes = cycle.sizes
    let settled = Settled(
      width: key.width, height: key.height, textSize: key.textSize, division: division, sizes: sizes,
      changed: key != lastSettled, cycle: cycle.close(at: now), horizontalSizeClass: key.horizontalSizeClass,
      notesOpen: key.notesOpen)
    output.append(Event(time: now, .settled(settled)))
    lastSettled = key
    state = .quiet
  }
}
