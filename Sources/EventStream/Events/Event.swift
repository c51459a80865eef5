/// One event of the stream: a time in milliseconds since the stream start and what happened.
///
/// Inputs (from traces, scripts, a knob) and every stage's outputs are events of this one type,
/// so stages meet only through the stream. In JSON Lines each is one object with `t` and `type`
/// first (see `EventWriter`).
public struct Event: Sendable, Equatable {
  /// Milliseconds since the stream start.
  public var time: Double
  /// What happened.
  public var kind: EventKind

  /// The latest time an input may carry (a trace, a script, a knob recording), ms: 1e12 ms,
  /// about 31.7 years. Every source refuses a later one, naming this range: far beyond it,
  /// adding a burst or the settle window to a time loses the addition (at 1.8e305 ms it even
  /// overflows to infinity) and an opening's burst and settle silently vanish; up to it a
  /// `Double` time still resolves a tenth of a microsecond.
  public static let maxInputTime = 1e12
  /// `maxInputTime` as messages write it.
  public static let maxInputTimeText = "1e12 ms (about 31 years)"
  /// The latest time a simulator stream may carry, ms: twice `maxInputTime`, room for what the
  /// stages add after the last input.
  public static let maxStreamTime = 2e12
  /// `maxStreamTime` as messages write it.
  public static let maxStreamTimeText = "2e12 ms (about 63 years)"

  /// Makes an event.
  public init(time: Double, _ kind: EventKind) {
    self.time = time
    self.kind = kind
  }
}

/// Everything the stream can carry.
///
/// The frequent kinds (raw samples, delivered hinge updates, inputs) are stored inline; the
/// larger, rarer payloads are `indirect`, so every event — copied many times on its way through
/// the pipeline — stays small.
public enum EventKind: Sendable, Equatable {
  // MARK: Inputs
  /// A raw hinge sensor sample (`"type":"hinge"` in an input trace).
  case sample(angle: Double)
  /// The device turned.
  case orientation(Orientation)
  /// The Dynamic Type size changed.
  case textSize(TextSize)
  /// The user turned a page: with a touch, or VoiceOver's three-finger swipe.
  case turn(TurnDirection, input: TurnInput = .touch)
  /// The reader jumps to a UTF-16 offset.
  case goto(offset: Int)
  /// Split View in or out.
  case split(SplitMode)
  /// A label for reports.
  case mark(String)
  /// The library opens a chapter (its 1-based id, as `hingesim paginate --chapters` lists).
  case openChapter(id: Int)
  /// Back: the collapsed stack pops from the reader to the library.
  case back
  /// The library's sidebar shown or hidden beside the reader.
  case sidebar(SidebarMode)
  /// The notes are opened or closed.
  case notes(NotesAction)
  /// The notes text is replaced (the user typed it).
  indirect case note(String)
  /// The user selects `length` UTF-16 units from `offset`.
  case select(offset: Int, length: Int)
  /// Add to Notes: the selected text is appended to the notes.
  case addToNotes
  /// The run ended here, before its source did: the stream's last event. It is an input too,
  /// so a `--record`ed run replays to its own end (`EventLoop` stops at it).
  case end(EndReason)
  /// A drag into the notes on screen: the selection (or the first line on screen) is dropped
  /// at the notes' end, with Add to Notes' one-page rule.
  case dragToNotes(DragPassage)

  // MARK: Simulator output
  /// A delivered hinge update (what `UIHingeInteraction` hands the app).
  case hinge(HingeUpdate)
  /// The hinge status changed.
  indirect case status(StatusChange)
  /// The pose changed.
  indirect case pose(PoseChange)
  /// The scene (reader frame) took a size; bursts send transient sizes first.
  indirect case scene(SceneChange)
  /// The division regions changed (frame or `isActive`).
  indirect case regions(RegionsChange)
  /// The layout key has been quiet for the settle window.
  indirect case settled(Settled)

  // MARK: Reader output
  /// The reader paginated (or found its pages in the cache) for a settle.
  indirect case paginated(Paginated)
  /// The reader answered a settle without paginating (nothing changed, or a later settle
  /// replaced it while the reader was busy).
  indirect case skipped(Skipped)
  /// The reader shows these pages.
  indirect case shown(Shown)
  /// One settle cycle's timing record.
  indirect case timing(TimingRecord)
  /// A reader rule was broken.
  indirect case violation(Violation)
  /// The navigation stage's state: the selected chapter, the sidebar and the columns.
  indirect case navigation(NavigationState)
  /// The notes changed (opened, closed, edited, added to, moved by a layout change).
  indirect case notesState(NotesState)
  /// The selection, clipped to one page (after a `select` or a layout change).
  indirect case selection(SelectionState)

  /// True for the kinds that traces and scripts may contain.
  public var isInput: Bool {
    switch self {
    case .sample, .orientation, .textSize, .turn, .goto, .split, .mark, .notes, .note, .select, .addToNotes,
      .dragToNotes, .openChapter, .back, .sidebar, .end:
      true
    default: false
    }
  }
}

/// The `type` of an event in JSON Lines: raw samples and delivered updates share `hinge`.
public enum EventType: String, CaseIterable, Sendable {
  case hinge, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes,
    openChapter, back, sidebar, end
  case status, pose, scene, regions, settled
  case paginated, skipped, shown, timing, violation, selection, navigation

  /// The types an input trace may hold (`notes` is also the reader's output, as `hinge` is
  /// the simulator's).
  public static let inputs: [EventType] = [
    .hinge, .orientation, .textSize, .turn, .goto, .split, .mark, .notes, .note, .select, .addToNotes, .dragToNotes,
    .openChapter, .back, .sidebar, .end,
  ]
  /// The types only the simulator and the reader emit.
  public static let outputs: [EventType] = [
    .status, .pose, .scene, .regions, .settled, .paginated, .skipped, .shown, .timing, .violation, .selection,
    .navigation,
  ]
}

extension EventKind {
  /// The event's `type`.
  public var type: EventType {
    switch self {
    case .sample, .hinge: .hinge
    case .orientation: .orientation
    case .textSize: .textSize
    case .turn: .turn
    case .goto: .goto
    case .split: .split
    case .mark: .mark
    case .openChapter: .openChapter
    case .back: .back
    case .sidebar: .sidebar
    case .end: .end
    case .notes, .notesState: .notes
    case .note: .note
    case .select: .select
    case .addToNotes: .addToNotes
    case .dragToNotes: .dragToNotes
    case .selection: .selection
    case .status: .status
    case .pose: .pose
    case .scene: .scene
    case .regions: .regions
    case .settled: .settled
    case .paginated: .paginated
    case .skipped: .skipped
    case .shown: .shown
    case .timing: .timing
    case .violation: .violation
    case .navigation: .navigation
    }
  }
}
